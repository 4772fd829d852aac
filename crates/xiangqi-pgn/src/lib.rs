#![doc = include_str!("../README.md")]

mod format;
mod game;
mod notation;
mod reading;
mod start;
mod writer;

pub use format::Pgn;
pub use game::PgnGame;
pub use notation::XiangqiNotation;
pub use reading::{Hints, Reading, best_fit, choose_reading, language_hint, readings};
pub use start::start_position;
pub use writer::{Output, write_game, write_unreadable};
/// The board types a program reading PGN needs, so that one dependency serves it.
pub use xiangqi_board::{Language, Move, Position};
