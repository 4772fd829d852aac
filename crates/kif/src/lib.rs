#![doc = include_str!("../README.md")]

mod names;
mod notation;
mod parse;
mod resolve;
mod syntax;
mod write;

pub use notation::{Ki2Notation, KifNotation};
pub use syntax::{KifMove, Promotion};
