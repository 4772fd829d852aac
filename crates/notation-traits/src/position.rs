//! The [`Position`] trait: what every game's position offers to the notation crates.

use std::fmt;

use crate::{GameResult, PlayError, Termination};

/// A ply: the index of a half-move in a game, counting from 1.
///
/// In xiangqi Red's first move is ply 1; in shogi Black's (sente's) first move is ply 1 of an
/// even game. A record that starts from a set-up position counts from 1 at its own first move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ply(pub u32);

impl Ply {
    /// The first ply.
    pub const FIRST: Ply = Ply(1);

    /// The ply after this one.
    #[must_use]
    pub fn next(self) -> Ply {
        Ply(self.0 + 1)
    }
}

impl fmt::Display for Ply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A game position: whose turn it is, which moves are legal, and how to play one.
///
/// Implemented by `xiangqi_board::Position` and `shogi_board::Position`; the notation crates are
/// generic over it only at their edges.
///
/// The move type's [`Display`](fmt::Display) is the game's coordinate form: ICCS with ranks 0-9
/// for xiangqi (`h2e2`), USI for shogi (`7g7f`, `8h2b+`, `P*5e`).
pub trait Position: Clone + fmt::Debug {
    /// A move of the game.
    type Move: Copy + Eq + fmt::Debug + fmt::Display;
    /// A side of the game.
    type Color: Copy + Eq + fmt::Debug + fmt::Display;

    /// The side to move.
    fn side_to_move(&self) -> Self::Color;

    /// Whether `color` moves first in the game's standard start (Red, or Black/sente).
    fn is_first_player(color: Self::Color) -> bool;

    /// The full-move number: the number a record writes before a move pair (`12.` before the
    /// first player's move, `12...` before the second's), 1 at the standard start. Xiangqi FEN
    /// holds it in its sixth field; it grows after each move of the second player.
    fn move_number(&self) -> u32;

    /// The ply number of the next move when a record numbers every ply (`1.P7g-7f 2.P3c-3d`).
    ///
    /// The default counts from the full-move number and the side to move; shogi overrides it
    /// with the SFEN move count, which counts plies.
    fn ply_number(&self) -> u32 {
        let second = !Self::is_first_player(self.side_to_move());
        2 * self.move_number().saturating_sub(1) + 1 + u32::from(second)
    }

    /// Every legal move, in no particular order.
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// Whether `mv` is legal here.
    fn is_legal(&self, mv: Self::Move) -> bool;

    /// Plays `mv`, which must be legal; an illegal move leaves the position in an unspecified
    /// (but memory-safe) state.
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Plays `mv` if it is legal.
    ///
    /// # Errors
    ///
    /// [`PlayError`] with the unchanged position when `mv` is not legal.
    fn play(mut self, mv: Self::Move) -> Result<Self, PlayError<Self>> {
        if self.is_legal(mv) {
            self.play_unchecked(mv);
            Ok(self)
        } else {
            Err(PlayError { mv, position: self })
        }
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool;

    /// How the game stands when the side to move has no legal move: in both games checkmate and
    /// stalemate lose for the side to move. `None` while a legal move exists.
    fn outcome(&self) -> Option<(GameResult, Termination)>;

    /// The position in the game's text form: six-field FEN for xiangqi, four-field SFEN for
    /// shogi.
    fn to_text(&self) -> String;

    /// The same position with the other side to move (as if a move were passed), for telling a
    /// record that leaves a move out or starts with the wrong side. `None` where that is no
    /// legal position (the side that would then not be to move is in check), and by default.
    fn passed(&self) -> Option<Self> {
        None
    }
}
