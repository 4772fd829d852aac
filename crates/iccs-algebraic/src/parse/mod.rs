//! The nom parsers of both notations and their error type.
//!
//! Everything here is `pub(crate)`: the nom error ([`Failure`]) names the place where parsing
//! stopped and a context label; [`Failure::into_syntax_error`] turns it into the public
//! [`SyntaxError`] once, at the notation's `parse` fn, with a span inside the token and an
//! "expected" phrase chosen by the notation. No nom type leaves this module tree.

pub(crate) mod algebraic;
pub(crate) mod iccs;

use nom::IResult;
use nom::error::{ContextError, ErrorKind, ParseError};
use notation_traits::{Span, SyntaxError};
use xiangqi_board::{File, Rank};

/// Context labels: what the parser expected where it stopped. The notations map them to words.
pub(crate) mod label {
    /// A piece letter, or a file letter that starts a pawn move written without its letter.
    pub(crate) const LETTER_OR_FILE: &str = "letter-or-file";
    /// A whole square (nothing of it was found).
    pub(crate) const SQUARE: &str = "square";
    /// A file letter `a`-`i`.
    pub(crate) const FILE: &str = "file";
    /// A file letter or the ICCS hyphen.
    pub(crate) const FILE_OR_HYPHEN: &str = "file-or-hyphen";
    /// A rank in the notation's numbering.
    pub(crate) const RANK: &str = "rank";
    /// `10` where the zero-based numbering (ICCS, WinBoard's algebraic) allows only one digit.
    pub(crate) const RANK_TEN: &str = "rank-ten";
    /// `0` where the one-based numbering starts at 1.
    pub(crate) const RANK_ZERO: &str = "rank-zero";
    /// A check or mate sign, or the end of the move.
    pub(crate) const MARK_OR_END: &str = "mark-or-end";
    /// The end of the move.
    pub(crate) const END: &str = "end";
}

/// Where a parser stopped, and what it expected there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Failure<'a> {
    /// The input from the failing place on.
    pub(crate) input: &'a str,
    /// The innermost context label, if any parser gave one.
    pub(crate) label: Option<&'static str>,
    /// How many bytes of `input` the message shows as found; `None` shows one character (or,
    /// for the end labels, everything left).
    pub(crate) width: Option<usize>,
}

/// The result type of every parser here.
pub(crate) type PResult<'a, T> = IResult<&'a str, T, Failure<'a>>;

impl<'a> Failure<'a> {
    /// A failure at `input` expecting `label`.
    pub(crate) fn at(input: &'a str, label: &'static str) -> Self {
        Failure {
            input,
            label: Some(label),
            width: None,
        }
    }

    /// The same failure showing `width` bytes as found.
    pub(crate) fn showing(mut self, width: usize) -> Self {
        self.width = Some(width);
        self
    }

    /// A recoverable nom error (`alt` and `opt` may try something else).
    pub(crate) fn error<T>(self) -> Result<T, nom::Err<Self>> {
        Err(nom::Err::Error(self))
    }

    /// An unrecoverable nom error: the move form is decided and this part is wrong.
    pub(crate) fn failure<T>(self) -> Result<T, nom::Err<Self>> {
        Err(nom::Err::Failure(self))
    }

    /// The public error for the whole `text`, with `expected` giving the words for a label.
    pub(crate) fn into_syntax_error(
        self,
        text: &str,
        expected: impl Fn(&'static str) -> String,
    ) -> SyntaxError {
        let label = self.label.unwrap_or(label::END);
        // The failing input is a suffix of `text`; its start is the error's offset.
        let start = text.len().saturating_sub(self.input.len());
        let rest = text.get(start..).unwrap_or("");
        let width = match self.width {
            Some(w) => w.min(rest.len()),
            None if label == label::END || label == label::MARK_OR_END => rest.len(),
            None => rest.chars().next().map_or(0, char::len_utf8),
        };
        let found = rest.get(..width).unwrap_or(rest);
        SyntaxError::new(
            Span::locate(text, start, start + found.len()),
            expected(label),
            found,
        )
    }
}

impl<'a> ParseError<&'a str> for Failure<'a> {
    fn from_error_kind(input: &'a str, _kind: ErrorKind) -> Self {
        Failure {
            input,
            label: None,
            width: None,
        }
    }

    fn append(_input: &'a str, _kind: ErrorKind, other: Self) -> Self {
        other
    }

    /// Of two failed alternatives, the one that got further explains more.
    fn or(self, other: Self) -> Self {
        if other.input.len() <= self.input.len() {
            other
        } else {
            self
        }
    }
}

impl<'a> ContextError<&'a str> for Failure<'a> {
    /// The innermost label wins: it names the smallest part that was missing.
    fn add_context(_input: &'a str, ctx: &'static str, mut other: Self) -> Self {
        if other.label.is_none() {
            other.label = Some(ctx);
        }
        other
    }
}

/// Turns a nom result into the parsed value or the failure (incomplete input cannot happen with
/// the `complete` parsers used here, and is reported at the end of the text).
pub(crate) fn finish<'a, T>(result: PResult<'a, T>, text: &'a str) -> Result<T, Failure<'a>> {
    match result {
        Ok((_, value)) => Ok(value),
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => Err(e),
        Err(nom::Err::Incomplete(_)) => Err(Failure::at(&text[text.len()..], label::END)),
    }
}

/// A file letter `a`-`i`, either case (ICCS).
pub(crate) fn file(input: &str) -> PResult<'_, File> {
    match input.chars().next().and_then(File::from_char) {
        Some(f) => Ok((&input[1..], f)),
        None => Failure::at(input, label::FILE).error(),
    }
}

/// A file letter `a`-`i`, lower case only (algebraic, where an upper-case letter is a piece).
pub(crate) fn file_lower(input: &str) -> PResult<'_, File> {
    match input.chars().next() {
        Some(c) if c.is_ascii_lowercase() => file(input),
        _ => Failure::at(input, label::FILE).error(),
    }
}

/// A rank of the one-based numbering, `1`-`10` (`10` read as one rank, so `V10h7` and `Vh10`
/// tokenise right).
pub(crate) fn rank_one_based(input: &str) -> PResult<'_, Rank> {
    let bytes = input.as_bytes();
    match bytes {
        [b'1', b'0', ..] => Ok((&input[2..], rank(9))),
        [d @ b'1'..=b'9', ..] => Ok((&input[1..], rank(d - b'1'))),
        [b'0', ..] => Failure::at(input, label::RANK_ZERO).error(),
        _ => Failure::at(input, label::RANK).error(),
    }
}

/// A rank of the zero-based numbering of ICCS and WinBoard's algebraic, `0`-`9`.
pub(crate) fn rank_zero_based(input: &str) -> PResult<'_, Rank> {
    match input.as_bytes() {
        [b'1', b'0', ..] => Failure::at(input, label::RANK_TEN).showing(2).error(),
        [d @ b'0'..=b'9', ..] => Ok((&input[1..], rank(d - b'0'))),
        _ => Failure::at(input, label::RANK).error(),
    }
}

/// The rank with index `i`, below 10.
fn rank(i: u8) -> Rank {
    Rank::new(i).unwrap_or_else(|| unreachable!("rank index {i} is below 10"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_ten_and_one_are_told_apart() {
        assert_eq!(
            rank_one_based("10h7").map(|(r, k)| (r, k.index())),
            Ok(("h7", 9))
        );
        assert_eq!(
            rank_one_based("1h7").map(|(r, k)| (r, k.index())),
            Ok(("h7", 0))
        );
        assert!(rank_one_based("0").is_err());
        assert!(rank_zero_based("10").is_err());
        assert_eq!(
            rank_zero_based("0e2").map(|(r, k)| (r, k.index())),
            Ok(("e2", 0))
        );
    }

    #[test]
    fn the_failure_that_got_further_wins() {
        let text = "abc";
        let near = Failure::at(&text[1..], label::FILE);
        let far = Failure::at(&text[2..], label::RANK);
        assert_eq!(near.clone().or(far.clone()), far);
        assert_eq!(far.clone().or(near), far);
    }

    #[test]
    fn end_failures_show_the_rest_of_the_text() {
        let text = "h2e2xy";
        let err = Failure::at(&text[4..], label::END).into_syntax_error(text, |l| l.to_owned());
        assert_eq!((err.found.as_str(), err.span.start.column), ("xy", 5));
    }
}
