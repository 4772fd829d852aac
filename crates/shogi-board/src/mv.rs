//! Moves: a piece moved on the board (possibly promoting) or a piece dropped from the hand.

use crate::{PieceKind, Square};

/// A shogi move. What moves, and whether it captures, come from the position.
///
/// `Display` and `FromStr` use USI: `7g7f`, `8h2b+` (promotes), `P*5e` (drop; the letter is
/// upper case for both sides).
///
/// ```
/// use shogi_board::{Move, PieceKind, Square};
///
/// let mv: Move = "8h2b+".parse()?;
/// assert_eq!(mv, Move::Normal { from: "8h".parse()?, to: "2b".parse()?, promote: true });
/// let drop: Move = "P*5e".parse()?;
/// assert_eq!(drop, Move::Drop { kind: PieceKind::Pawn, to: "5e".parse()? });
/// assert_eq!((mv.to_string(), drop.to_string()), ("8h2b+".to_owned(), "P*5e".to_owned()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece moves from one square to another, capturing whatever stands there; `promote`
    /// turns it over on arrival.
    Normal {
        /// The square of departure.
        from: Square,
        /// The square of arrival.
        to: Square,
        /// Whether the piece promotes.
        promote: bool,
    },
    /// A piece of `kind` (pawn .. gold, never promoted) from the mover's hand is put on the empty
    /// square `to`.
    Drop {
        /// The kind dropped.
        kind: PieceKind,
        /// The square it is dropped on.
        to: Square,
    },
}

impl Move {
    /// The square of arrival.
    pub const fn to(self) -> Square {
        match self {
            Move::Normal { to, .. } | Move::Drop { to, .. } => to,
        }
    }

    /// The square of departure; `None` for a drop.
    pub const fn from(self) -> Option<Square> {
        match self {
            Move::Normal { from, .. } => Some(from),
            Move::Drop { .. } => None,
        }
    }

    /// Whether the move is a drop.
    pub const fn is_drop(self) -> bool {
        matches!(self, Move::Drop { .. })
    }

    /// Whether the move promotes.
    pub const fn is_promotion(self) -> bool {
        matches!(self, Move::Normal { promote: true, .. })
    }

    /// The kind dropped; `None` for a board move.
    pub const fn drop_kind(self) -> Option<PieceKind> {
        match self {
            Move::Drop { kind, .. } => Some(kind),
            Move::Normal { .. } => None,
        }
    }

    /// A board move between the squares with indexes `from` and `to` (both below 81).
    #[inline]
    pub(crate) const fn raw(from: usize, to: usize, promote: bool) -> Move {
        Move::Normal {
            from: Square::from_raw(from),
            to: Square::from_raw(to),
            promote,
        }
    }

    /// A placeholder that fills unused slots of a move list.
    pub(crate) const fn raw_null() -> Move {
        Move::raw(0, 0, false)
    }
}
