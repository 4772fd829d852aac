#![doc = include_str!("../README.md")]

mod clock;
mod format;
mod header;
mod notation;
mod piece;
mod position;
mod reader;
mod writer;

pub use format::{Csa, INFO};
pub use header::{tag_line, tag_name};
pub use notation::{CsaMove, CsaNotation};
pub use piece::{piece_code, piece_kind};
pub use reader::CsaReader;
pub use writer::{CsaVersion, ParseVersionError, write_game};
