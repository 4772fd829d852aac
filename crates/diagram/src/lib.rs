#![doc = include_str!("../README.md")]

mod csp;
mod diagram;
mod escape;
mod numerals;
mod page;
mod shogi_options;
mod shogi_svg;
mod shogi_text;
mod svg;
mod view;
mod xiangqi_options;
mod xiangqi_svg;
mod xiangqi_text;

pub use diagram::Diagram;
pub use escape::Escaped;
pub use page::HtmlPage;
pub use shogi_options::{Kings, Players, Promoted, ShogiCoordinates, ShogiOptions, ShogiPieces};
pub use shogi_svg::shogi_svg;
pub use shogi_text::shogi_text;
pub use view::{Arrow, Brush, Caption, Check, LastMove, Mark, Orientation, ParseOptionError, View};
pub use xiangqi_options::{XiangqiCoordinates, XiangqiOptions, XiangqiPieces};
pub use xiangqi_svg::xiangqi_svg;
pub use xiangqi_text::xiangqi_text;
