//! Moves, pieces and squares in words, for the descriptions inside error messages
//! (`the red cannon on h2 to h7`, `two red horses can reach g3`).

use std::fmt;

use xiangqi_board::{Piece, PieceKind, Square};

/// A square written with ranks 0-9 (ICCS) or 1-10 (algebraic, Fairy-Stockfish UCI).
#[derive(Clone, Copy, Debug)]
pub(crate) struct SquareText {
    /// The square.
    pub(crate) square: Square,
    /// Whether ranks count from 1.
    pub(crate) one_based: bool,
}

impl fmt::Display for SquareText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rank = self.square.rank().index() + u8::from(self.one_based);
        write!(f, "{}{rank}", self.square.file())
    }
}

/// `the red cannon on h2 to h7`.
pub(crate) fn piece_move(piece: Piece, from: SquareText, to: SquareText) -> String {
    format!("the {piece} on {from} to {to}")
}

/// `two`, `three`, ... for a count of pieces (digits above ten).
pub(crate) fn count(n: usize) -> String {
    const WORDS: [&str; 11] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    WORDS
        .get(n)
        .map_or_else(|| n.to_string(), |w| (*w).to_owned())
}

/// The kind's English name, plural when `n` is not 1 (`horses`).
pub(crate) fn kind_name(kind: PieceKind, n: usize) -> String {
    if n == 1 {
        kind.name().to_owned()
    } else {
        format!("{}s", kind.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi_board::Color;

    #[test]
    fn squares_in_both_numberings() {
        let sq: Square = "h9".parse().unwrap();
        let text = |one_based| {
            SquareText {
                square: sq,
                one_based,
            }
            .to_string()
        };
        assert_eq!(
            (text(false), text(true)),
            ("h9".to_owned(), "h10".to_owned())
        );
    }

    #[test]
    fn move_and_counts_in_words() {
        let sq = |s: &str| SquareText {
            square: s.parse().unwrap(),
            one_based: false,
        };
        let cannon = Piece::new(Color::Red, PieceKind::Cannon);
        assert_eq!(
            piece_move(cannon, sq("h2"), sq("h7")),
            "the red cannon on h2 to h7"
        );
        assert_eq!(
            format!("{} red {}", count(2), kind_name(PieceKind::Horse, 2)),
            "two red horses"
        );
    }
}
