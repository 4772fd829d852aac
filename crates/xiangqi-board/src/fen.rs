//! FEN: read and write positions.
//!
//! Written: six fields, `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`:
//! the ranks from rank 9 (Black's back rank) down to rank 0, letters `K A B N R C P` (Red upper
//! case), the side to move `w` (Red) or `b` (Black), two `-` fields, the half-move clock (plies
//! since the last capture) and the move number.
//!
//! Read, leniently:
//!
//! - one to six fields: a board alone means Red to move; the counters default to `0 1`;
//! - `r` for Red as well as `w`;
//! - `E` for the elephant and `H` for the horse as well as `B` and `N`;
//! - any text in fields 3 and 4.
//!
//! Checked: ten ranks of nine points; at most one king, two advisors, two elephants, two
//! horses, two chariots, two cannons and five pawns a side, and exactly one king; kings and
//! advisors on their palace points, elephants on their seven points, pawns on points a pawn can
//! reach; the side not to move not in check (which includes the kings facing each other).
//!
//! Rule: xqbase "中国象棋电脑应用规范(三)：FEN文件格式", as implemented by Fairy-Stockfish and
//! Pikafish.

use std::str::FromStr;

use crate::movegen::{self, color_bit};
use crate::{Color, Piece, PieceKind, Position, Square};

/// The largest counter a FEN may give (99,999,999): move numbers grow from it, and kifu's
/// readers take move numbers of up to nine digits.
pub(crate) const MAX_COUNTER: u32 = 99_999_999;

/// Why a text is not a FEN of a legal xiangqi position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FenError {
    /// No board field.
    #[error("expected a FEN, found an empty text")]
    Empty,
    /// More than six fields.
    #[error("expected at most 6 fields separated by spaces, found {0}")]
    TooManyFields(usize),
    /// The board field does not hold ten ranks.
    #[error("expected 10 ranks separated by `/`, found {0}")]
    RankCount(usize),
    /// A rank does not describe nine points.
    #[error("rank {rank}: expected 9 points, found {found} in `{text}`")]
    RankLength {
        /// The rank (9 is the first in the FEN, 0 the last).
        rank: u8,
        /// The number of points it describes.
        found: usize,
        /// Its text.
        text: String,
    },
    /// A character that is neither a piece letter nor a digit 1-9.
    #[error(
        "rank {rank}: expected a piece letter (K A B N R C P, E, H) or a digit 1-9, found `{found}`"
    )]
    PieceLetter {
        /// The rank.
        rank: u8,
        /// The character.
        found: char,
    },
    /// The side field is not `w`, `r` or `b`.
    #[error("expected the side to move `w` (or `r`) for Red or `b` for Black, found `{0}`")]
    Side(String),
    /// A counter is not a number of at most eight digits (kifu's readers take move numbers of
    /// up to nine digits, so that a game from it can be written and read back).
    #[error("expected the {field} as a number of at most 8 digits, found `{found}`")]
    Counter {
        /// `half-move clock` or `move number`.
        field: &'static str,
        /// The text.
        found: String,
    },
    /// A side has no king, or more pieces of a kind than it starts with.
    #[error("{color} has {count} {kind}s: expected {expected}")]
    PieceCount {
        /// The side.
        color: Color,
        /// The kind.
        kind: PieceKind,
        /// How many there are.
        count: u8,
        /// What is allowed, in words.
        expected: &'static str,
    },
    /// A king, advisor, elephant or pawn on a point it can never reach.
    #[error("a {piece} cannot stand on {square}")]
    Placement {
        /// The piece.
        piece: Piece,
        /// Its point.
        square: Square,
    },
    /// The side not to move is in check (or the kings face each other).
    #[error("the side not to move ({0}) is in check")]
    OppositeCheck(Color),
}

impl FromStr for Position {
    type Err = FenError;

    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}

impl Position {
    /// Reads a FEN (see the module docs for the lax forms).
    ///
    /// # Errors
    ///
    /// [`FenError`] naming the field, rank or piece at fault.
    ///
    /// ```
    /// use xiangqi_board::{Color, Position};
    ///
    /// let pos = Position::from_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r")?;
    /// assert_eq!(pos, Position::new());
    /// assert!(Position::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w").is_err()); // kings face each other
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let Some(board) = fields.first() else {
            return Err(FenError::Empty);
        };
        if fields.len() > 6 {
            return Err(FenError::TooManyFields(fields.len()));
        }
        let mut pos = Position::empty();
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 10 {
            return Err(FenError::RankCount(ranks.len()));
        }
        for (row, text) in ranks.iter().enumerate() {
            let rank = 9 - row as u8;
            let mut file = 0usize;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10).filter(|&d| d >= 1) {
                    file += d as usize;
                } else if let Some(piece) = Piece::from_fen_char(c) {
                    if file < 9 {
                        let sq = Square::from_raw(rank as usize * 9 + file);
                        pos.put(sq, piece);
                    }
                    file += 1;
                } else {
                    return Err(FenError::PieceLetter { rank, found: c });
                }
            }
            if file != 9 {
                return Err(FenError::RankLength {
                    rank,
                    found: file,
                    text: (*text).to_owned(),
                });
            }
        }
        pos.side = match fields.get(1).copied() {
            None | Some("w" | "W" | "r" | "R") => Color::Red,
            Some("b" | "B") => Color::Black,
            Some(other) => return Err(FenError::Side(other.to_owned())),
        };
        let counter = |i: usize, field: &'static str, default: u32| match fields.get(i) {
            None => Ok(default),
            Some(t) => t
                .parse::<u32>()
                .ok()
                .filter(|&n| n <= MAX_COUNTER)
                .ok_or_else(|| FenError::Counter {
                    field,
                    found: (*t).to_owned(),
                }),
        };
        pos.halfmove_clock = counter(4, "half-move clock", 0)?;
        pos.fullmove_number = counter(5, "move number", 1)?.max(1);
        pos.validate()?;
        Ok(pos)
    }

    fn validate(&self) -> Result<(), FenError> {
        for color in Color::ALL {
            let mut counts = [0u8; 7];
            for (sq, piece) in self.pieces(color) {
                counts[piece.kind as usize] += 1;
                if !piece.can_stand_on(sq) {
                    return Err(FenError::Placement { piece, square: sq });
                }
            }
            for kind in PieceKind::ALL {
                let count = counts[kind as usize];
                let bad = if kind == PieceKind::King {
                    count != 1
                } else {
                    count > kind.max_count()
                };
                if bad {
                    return Err(FenError::PieceCount {
                        color,
                        kind,
                        count,
                        expected: match kind {
                            PieceKind::King => "exactly 1",
                            PieceKind::Pawn => "at most 5",
                            _ => "at most 2",
                        },
                    });
                }
            }
        }
        let other = !self.side;
        if movegen::attacked(
            &self.board,
            self.kings[other.index()] as usize,
            color_bit(self.side),
        ) {
            return Err(FenError::OppositeCheck(other));
        }
        Ok(())
    }

    /// Writes the six-field FEN, letters `K A B N R C P`.
    pub fn to_fen(&self) -> String {
        let mut out = String::with_capacity(80);
        for rank in (0..10).rev() {
            let mut empty = 0;
            for file in 0..9 {
                match Piece::from_code(self.board[rank * 9 + file]) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(p.fen_char());
                    }
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        let side = match self.side {
            Color::Red => 'w',
            Color::Black => 'b',
        };
        out.push_str(&format!(
            " {side} - - {} {}",
            self.halfmove_clock, self.fullmove_number
        ));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_round_trips() {
        assert_eq!(Position::new().to_fen(), Position::START_FEN);
    }

    /// Counters near 2^32 used to wrap in release and panic in debug builds; a move number
    /// beyond 8 digits gave output kifu could not read back.
    #[test]
    fn counters_are_bounded() {
        let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b";
        for counters in ["- - 0 4294967295", "- - 4294967295 1", "- - 0 100000000"] {
            let found = counters.rsplit(' ').find(|t| t.len() > 8).unwrap();
            let field = if counters.ends_with(" 1") {
                "half-move clock"
            } else {
                "move number"
            };
            assert_eq!(
                Position::from_fen(&format!("{start} {counters}"))
                    .unwrap_err()
                    .to_string(),
                format!("expected the {field} as a number of at most 8 digits, found `{found}`")
            );
        }
        let pos = Position::from_fen(&format!("{start} - - 99999999 99999999")).unwrap();
        let mut next = pos;
        let m = next.legal_moves()[0];
        next.play_unchecked(m);
        assert_eq!(next.fullmove_number(), 100_000_000);
        assert_eq!(next.halfmove_clock(), 100_000_000);
    }

    #[test]
    fn errors_name_the_fault() {
        let e = |fen: &str| Position::from_fen(fen).unwrap_err().to_string();
        assert_eq!(
            e("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w"),
            "expected 10 ranks separated by `/`, found 9"
        );
        assert_eq!(
            e("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w"),
            "rank 0: expected 9 points, found 8 in `RNBAKABN`"
        );
        assert_eq!(
            e("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5X1/9/RNBAKABNR w"),
            "rank 2: expected a piece letter (K A B N R C P, E, H) or a digit 1-9, found `X`"
        );
        assert_eq!(
            e("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x"),
            "expected the side to move `w` (or `r`) for Red or `b` for Black, found `x`"
        );
        assert_eq!(
            e("4k4/9/9/9/9/9/9/9/9/2K6 w"),
            "a red king cannot stand on c0"
        );
        assert_eq!(
            e("3k5/9/9/9/9/9/9/9/9/9 w"),
            "red has 0 kings: expected exactly 1"
        );
        assert_eq!(
            e("4k4/9/9/9/9/9/9/9/9/4K4 w"),
            "the side not to move (black) is in check"
        );
        assert_eq!(
            e("4k4/9/9/9/9/9/9/P8/9/3K5 w"),
            "a red pawn cannot stand on a2"
        );
    }

    #[test]
    fn two_field_and_letters_h_e() {
        let pos =
            Position::from_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR b")
                .unwrap();
        assert_eq!(
            pos.to_fen(),
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1"
        );
    }
}
