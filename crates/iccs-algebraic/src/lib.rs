#![doc = include_str!("../README.md")]

mod algebraic;
mod iccs;
mod parse;
mod words;

pub use algebraic::{Algebraic, AlgebraicMove, AlgebraicRanks, CheckMark};
pub use iccs::{Iccs, IccsMove, IccsRanks, IccsStyle, ParseIccsStyleError};
