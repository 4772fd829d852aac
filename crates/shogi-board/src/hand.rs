//! Pieces in hand (持ち駒): captured pieces a side may drop.

use std::fmt;

use crate::PieceKind;

/// The pieces one side holds in hand: a count for each of the seven droppable kinds (pawn,
/// lance, knight, silver, gold, bishop, rook). A captured piece enters the hand unpromoted.
///
/// # Examples
///
/// ```
/// use shogi_board::{Color, PieceKind, Position};
///
/// let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b S2P2b16p 1")?;
/// let hand = pos.hand(Color::Black);
/// assert_eq!(hand.count(PieceKind::Pawn), 2);
/// assert_eq!(hand.total(), 3);
/// assert_eq!(pos.hand(Color::White).count(PieceKind::Pawn), 16);
/// let kinds: Vec<_> = hand.iter().collect();
/// assert_eq!(kinds, [(PieceKind::Silver, 1), (PieceKind::Pawn, 2)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Hand {
    /// Counts by kind index (pawn 0 .. gold 6).
    counts: [u8; 7],
}

impl Hand {
    /// An empty hand.
    pub const EMPTY: Hand = Hand { counts: [0; 7] };

    /// How many pieces of `kind` the hand holds (0 for kinds a hand cannot hold: the king and
    /// the promoted kinds).
    pub const fn count(self, kind: PieceKind) -> u8 {
        if kind.is_hand_kind() {
            self.counts[kind.index()]
        } else {
            0
        }
    }

    /// Whether the hand holds at least one piece of `kind`.
    pub const fn contains(self, kind: PieceKind) -> bool {
        self.count(kind) > 0
    }

    /// Whether the hand is empty.
    pub fn is_empty(self) -> bool {
        self.counts == [0; 7]
    }

    /// The number of pieces in the hand.
    pub fn total(self) -> u32 {
        self.counts.iter().map(|&c| u32::from(c)).sum()
    }

    /// The kinds held, with their counts, in SFEN order (rook, bishop, gold, silver, knight,
    /// lance, pawn); kinds with no piece are left out.
    pub fn iter(self) -> impl Iterator<Item = (PieceKind, u8)> {
        PieceKind::HAND
            .into_iter()
            .map(move |k| (k, self.count(k)))
            .filter(|&(_, n)| n > 0)
    }

    /// The hand with `count` pieces of `kind`, a hand kind.
    pub(crate) fn set(&mut self, kind: PieceKind, count: u8) {
        if kind.is_hand_kind() {
            self.counts[kind.index()] = count;
        }
    }

    /// Adds one piece of the unpromoted form of `kind` (a capture); the king is ignored.
    #[inline]
    pub(crate) fn add(&mut self, kind: PieceKind) {
        let kind = kind.unpromote();
        if kind.is_hand_kind() {
            self.counts[kind.index()] = self.counts[kind.index()].saturating_add(1);
        }
    }

    /// Removes one piece of `kind` (a drop), if there is one.
    #[inline]
    pub(crate) fn remove(&mut self, kind: PieceKind) {
        if kind.is_hand_kind() {
            self.counts[kind.index()] = self.counts[kind.index()].saturating_sub(1);
        }
    }

    /// The count of the hand kind with index `i` (0-6), for the move generator.
    #[inline]
    pub(crate) const fn count_index(self, i: usize) -> u8 {
        self.counts[i]
    }
}

impl fmt::Debug for Hand {
    /// `Hand(S2P)`, counts before letters in SFEN order; `Hand(-)` when empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Hand(")?;
        if self.is_empty() {
            f.write_str("-")?;
        }
        for (kind, n) in self.iter() {
            if n > 1 {
                write!(f, "{n}")?;
            }
            write!(f, "{}", kind.letter())?;
        }
        f.write_str(")")
    }
}
