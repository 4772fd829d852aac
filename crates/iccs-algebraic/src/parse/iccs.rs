//! The ICCS move parser: two squares, an optional hyphen between them, either case.
//!
//! Accepted: `h2e2`, `h2-e2`, `H2-E2`, `H2E2` (and mixed case, read as the first letter's case);
//! ranks `0`-`9`, or `1`-`10` with the one-based profile (`h3e3`, `b10c8`).

use nom::Parser;
use nom::character::complete::char;
use nom::combinator::opt;

use super::{Failure, PResult, file, label, rank_one_based, rank_zero_based};
use crate::{IccsMove, IccsRanks};
use xiangqi_board::{Rank, Square};

/// One whole ICCS move.
pub(crate) fn iccs_move(input: &str, ranks: IccsRanks) -> PResult<'_, IccsMove> {
    let rank: fn(&str) -> PResult<'_, Rank> = match ranks {
        IccsRanks::ZeroBased => rank_zero_based,
        IccsRanks::OneBased => rank_one_based,
    };
    let uppercase = input.starts_with(|c: char| c.is_ascii_uppercase());
    let (i, from_file) = file(input)?;
    let (i, from_rank) = rank(i)?;
    let (i, hyphen) = opt(char('-')).parse(i)?;
    let (i, to_file) = match file(i) {
        Ok(ok) => ok,
        Err(_) if hyphen.is_some() => return Failure::at(i, label::FILE).failure(),
        Err(_) => return Failure::at(i, label::FILE_OR_HYPHEN).failure(),
    };
    let (i, to_rank) = rank(i)?;
    if !i.is_empty() {
        return Failure::at(i, label::END).failure();
    }
    let mv = IccsMove {
        from: Square::new(from_file, from_rank),
        to: Square::new(to_file, to_rank),
        uppercase,
        hyphen: hyphen.is_some(),
        ranks,
    };
    Ok((i, mv))
}
