#![doc = include_str!("../README.md")]

mod algebraic;
mod iccs;
mod parse;
mod words;

pub use algebraic::{Algebraic, AlgebraicMove, CheckMark};
pub use iccs::{Iccs, IccsMove, IccsRanks, IccsStyle, ParseIccsStyleError};
