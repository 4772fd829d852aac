//! The algebraic move parser: `[letter][file][rank][x]square[+|#][glyph]`.
//!
//! The parse is deterministic, left to right: an optional piece letter, an optional file, an
//! optional rank, an optional `x`, an optional file, an optional rank. When the second square
//! (or `x`) is present it is the destination and the first part is the disambiguation;
//! otherwise the first part is the destination.
//!
//! Ranks are `1`-`10` ([`AlgebraicRanks::OneBased`]), and `1` followed by `0` is always the
//! rank 10 (no rank starts with `0`), so `V10h7`, `Vh10` and `Kxf10` need no backtracking; or
//! `0`-`9` ([`AlgebraicRanks::ZeroBased`], WinBoard), one digit each, where `10` is an error
//! that names the other numbering.
//!
//! The first character decides whether a letter was written:
//!
//! 1. a lower-case file `a`-`i` followed by a digit starts a pawn move without its letter
//!    (`e5`, `e6d6`); with ranks `0`-`9` (WinBoard, which writes every piece letter in upper
//!    case and no pawn letter) any lower-case file does (`ed5`, `exd5`, `cxc6`);
//! 2. otherwise a letter of the language, or one of its aliases, in either case, is the piece
//!    letter (`hg3` is a horse move written in lower case);
//! 3. otherwise a lower-case file, or `x`, starts a pawn move without its letter (`cxd6` in
//!    Finnish, where `c` is no piece letter; `xe6`).

use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::take_while_m_n;
use nom::character::complete::char;
use nom::combinator::{opt, value};
use xiangqi_board::{Language, PieceKind, Rank, Square};

use super::{Failure, PResult, file_lower, label, rank_one_based, rank_zero_based};
use crate::{AlgebraicMove, AlgebraicRanks, CheckMark};

/// One whole algebraic move in `language`, with ranks numbered as `ranks` says.
pub(crate) fn algebraic_move(
    input: &str,
    language: Language,
    ranks: AlgebraicRanks,
) -> PResult<'_, AlgebraicMove> {
    let rank: fn(&str) -> PResult<'_, Rank> = match ranks {
        AlgebraicRanks::OneBased => rank_one_based,
        AlgebraicRanks::ZeroBased => rank_zero_based,
    };
    let (after_letter, letter) = piece_letter(input, language, ranks)?;
    let (i, f1) = opt(file_lower).parse(after_letter)?;
    let after_f1 = i;
    let (i, r1) = opt(rank).parse(i)?;
    let (i, capture) = opt(char('x')).parse(i)?;
    let at_f2 = i;
    let (i, f2) = opt(file_lower).parse(i)?;
    let at_r2 = i;
    let (i, r2) = opt(rank).parse(i)?;
    let (from_file, from_rank, to) = if capture.is_some() || f2.is_some() || r2.is_some() {
        let Some(f2) = f2 else {
            return Failure::at(at_f2, label::FILE).failure();
        };
        let Some(r2) = r2 else {
            return rank_failure(at_r2, ranks);
        };
        (f1, r1, Square::new(f2, r2))
    } else {
        match (f1, r1) {
            (Some(f), Some(r)) => (None, None, Square::new(f, r)),
            (Some(_), None) => return rank_failure(after_f1, ranks),
            (None, Some(_)) => return Failure::at(i, label::FILE).failure(),
            // `R10h6` with ranks 0-9: the `10` is the fault, not a missing square.
            (None, None)
                if ranks == AlgebraicRanks::ZeroBased && after_letter.starts_with("10") =>
            {
                return rank_failure(after_letter, ranks);
            }
            (None, None) => return Failure::at(after_letter, label::SQUARE).failure(),
        }
    };
    let (i, check) = opt(alt((
        value(CheckMark::Mate, char('#')),
        value(CheckMark::Check, take_while_m_n(1, 3, |c| c == '+')),
    )))
    .parse(i)?;
    let (i, _glyph) = opt(take_while_m_n(1, 2, |c| c == '!' || c == '?')).parse(i)?;
    if !i.is_empty() {
        let what = if check.is_some() {
            label::END
        } else {
            label::MARK_OR_END
        };
        return Failure::at(i, what).failure();
    }
    let (letter, kind) = match letter {
        Some((c, kind)) => (Some(c), kind),
        None => (None, PieceKind::Pawn),
    };
    let mv = AlgebraicMove {
        letter,
        kind,
        from_file,
        from_rank,
        capture: capture.is_some(),
        to,
        check: check.unwrap_or(CheckMark::None),
        ranks,
    };
    Ok((i, mv))
}

/// A missing rank at `input`; a `0` (ranks 1-10) or a `10` (ranks 0-9), which belong to the
/// other numbering, get their own labels.
fn rank_failure<T>(input: &str, ranks: AlgebraicRanks) -> PResult<'_, T> {
    match ranks {
        AlgebraicRanks::OneBased if input.starts_with('0') => {
            Failure::at(input, label::RANK_ZERO).failure()
        }
        AlgebraicRanks::ZeroBased if input.starts_with("10") => {
            Failure::at(input, label::RANK_TEN).showing(2).failure()
        }
        _ => Failure::at(input, label::RANK).failure(),
    }
}

/// The piece letter with its kind, or `None` when the move starts with a file or `x` (a pawn
/// move written without its letter); see the module docs for the order of the tests.
fn piece_letter(
    input: &str,
    language: Language,
    ranks: AlgebraicRanks,
) -> PResult<'_, Option<(char, PieceKind)>> {
    let mut chars = input.chars();
    let (first, second) = (chars.next(), chars.next());
    let is_file = |c: char| ('a'..='i').contains(&c);
    let winboard = matches!(ranks, AlgebraicRanks::ZeroBased);
    match first {
        Some(c) if is_file(c) && (winboard || second.is_some_and(|d| d.is_ascii_digit())) => {
            Ok((input, None))
        }
        Some(c) if c.is_ascii_alphabetic() => match language.kind(c) {
            Some((kind, _alias)) => Ok((&input[1..], Some((c, kind)))),
            None if is_file(c) || c == 'x' => Ok((input, None)),
            None => Failure::at(input, label::LETTER_OR_FILE).failure(),
        },
        _ => Failure::at(input, label::LETTER_OR_FILE).failure(),
    }
}
