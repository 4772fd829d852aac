#![doc = include_str!("../README.md")]

mod bod;
mod check;
mod ending;
mod format;
mod names;
mod notation;
mod parse;
mod reader;
mod resolve;
mod sniff;
mod syntax;
mod write;
mod writer;

pub use check::{check, terminal_mismatch};
pub use format::{Ki2, Kif};
pub use notation::{Ki2Notation, KifNotation};
pub use sniff::detect_encoding;
pub use syntax::{KifMove, Promotion};
