#![doc = include_str!("../README.md")]

mod algebraic;
mod iccs;
mod parse;
mod words;

pub use algebraic::{Algebraic, AlgebraicMove, AlgebraicRanks, CheckMark};
pub use iccs::{Iccs, IccsMove, IccsRanks, IccsStyle, ParseIccsStyleError};
/// The board types a program reading ICCS or algebraic notation needs, so that one
/// dependency serves it.
pub use xiangqi_board::{Color, Language, Move, Position};
