//! Moves: a point of departure and a point of arrival.

use std::fmt;
use std::str::FromStr;

use crate::Square;

/// A move from one point to another. Whether it captures, and what moves, come from the position.
///
/// `Display` writes ICCS coordinates in the engine form, ranks 0-9, lower case: `h2e2`.
///
/// ```
/// use xiangqi_board::Move;
///
/// let mv: Move = "h2e2".parse()?;
/// assert_eq!(mv.to_string(), "h2e2");
/// assert_eq!("H2-E2".parse::<Move>()?, mv);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    from: Square,
    to: Square,
}

impl Move {
    /// The move from `from` to `to`.
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// The point of departure.
    pub const fn from(self) -> Square {
        self.from
    }

    /// The point of arrival.
    pub const fn to(self) -> Square {
        self.to
    }

    /// The move between the points with indexes `from` and `to`, both below 90.
    #[inline]
    pub(crate) const fn raw(from: usize, to: usize) -> Move {
        Move {
            from: Square::from_raw(from),
            to: Square::from_raw(to),
        }
    }

    /// A placeholder that fills unused slots of a move list.
    pub(crate) const fn raw_null() -> Move {
        Move::raw(0, 0)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())
    }
}

/// The text is not an ICCS move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected an ICCS move such as `h2e2` or `H2-E2`, found `{0}`")]
pub struct ParseMoveError(pub String);

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Reads `h2e2`, `h2-e2` or `H2-E2` (ranks 0-9).
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let err = || ParseMoveError(s.to_owned());
        let compact: String = s.chars().filter(|&c| c != '-').collect();
        if compact.len() != 4 || s.matches('-').count() > 1 {
            return Err(err());
        }
        let from: Square = compact
            .get(..2)
            .ok_or_else(err)?
            .parse()
            .map_err(|_| err())?;
        let to: Square = compact
            .get(2..)
            .ok_or_else(err)?
            .parse()
            .map_err(|_| err())?;
        Ok(Move::new(from, to))
    }
}
