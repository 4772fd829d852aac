#![doc = include_str!("../README.md")]

mod format;
mod initial;
mod json;
mod notation;
mod piece;
mod reader;
mod time;
mod writer;

pub use format::{INFO, Jkf};
pub use notation::{JkfMove, JkfNotation};
pub use reader::JkfReader;
pub use writer::write_game;
