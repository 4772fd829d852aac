//! SFEN: read and write positions.
//!
//! Written: four fields, `lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1`: the
//! ranks from `a` (top, White's back rank) to `i`, each from file 9 to file 1, letters
//! `K R B G S N L P` (Black upper case, White lower case) with `+` before a promoted piece;
//! the side to move `b` (Black, sente) or `w` (White, gote); the hands, Black's first, each in
//! the order R B G S N L P with a count before a letter held more than once (`S2P2b2p`), `-`
//! when both are empty; the move count (the ply number of the next move).
//!
//! Read, leniently:
//!
//! - one to four fields: a board alone means Black to move, empty hands and move count 1;
//! - hand letters in any order, repeated letters (`PPp`) and counts of any size (`17p`, `2P3P`
//!   adds up to 5);
//! - a move count of 0 is read as 1.
//!
//! Checked: nine ranks of nine squares; at most one king a side (none is allowed, as the
//! attacker of a mating problem, 詰将棋, has none: see
//! [Positions without a king](Position#positions-without-a-king)); no more pieces of a kind, on
//! the board (promoted or not) and in both hands together, than the set holds (18 pawns, 4
//! lances, knights, silvers and golds, 2 bishops and rooks); no unpromoted pawn or lance on its
//! last rank nor knight on its last two; no two unpromoted pawns of one side on a file (nifu);
//! the side not to move not in check.
//!
//! Rule: the USI protocol, "SFEN" (<http://hgm.nubati.net/usi.html>); hand order as in the
//! protocol's example and the writers it names (Shogidokoro, YaneuraOu).

use std::str::FromStr;

use crate::bitboard::bit;
use crate::position::PAWN;
use crate::{Color, File, Hand, Piece, PieceKind, Position, Rank, Square};

/// Why a text is not an SFEN of a legal shogi position.
///
/// ```
/// use shogi_board::Position;
///
/// let err = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 x").unwrap_err();
/// assert_eq!(err.to_string(), "expected the side to move `b` (black, sente) or `w` (white, gote), found `x`");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SfenError {
    /// No board field.
    #[error("expected an SFEN, found an empty text")]
    Empty,
    /// More than four fields.
    #[error("expected at most 4 fields separated by spaces, found {0}")]
    TooManyFields(usize),
    /// The board field does not hold nine ranks (`9/9/9`).
    #[error("expected 9 ranks separated by `/`, found {0}")]
    RankCount(usize),
    /// A rank does not describe nine squares (`lnsgkgsn`).
    #[error("rank {rank}: expected 9 squares, found {found} in `{text}`")]
    RankLength {
        /// The rank.
        rank: Rank,
        /// The number of squares it describes.
        found: usize,
        /// Its text.
        text: String,
    },
    /// A character that is not a piece letter or a digit, or a `+` before a letter that does
    /// not promote (`X`, `+G`, `+`).
    #[error(
        "rank {rank}: expected a piece letter (K R B G S N L P, `+` before R B S N L P) or a digit 1-9, found `{found}`"
    )]
    PieceLetter {
        /// The rank.
        rank: Rank,
        /// The text.
        found: String,
    },
    /// The side field is not `b` or `w` (`x`).
    #[error("expected the side to move `b` (black, sente) or `w` (white, gote), found `{0}`")]
    Side(String),
    /// A hand character that is not a hand piece letter or a digit (`K`, `+P`).
    #[error(
        "hand: expected a piece letter (R B G S N L P, upper case for black, lower case for white), a count or `-`, found `{0}`"
    )]
    HandLetter(String),
    /// A hand count of 0, a count with no letter after it, or a count that is too large
    /// (`0p`, `2`).
    #[error("hand: expected a count from 1 to 18 followed by a piece letter, found `{0}`")]
    HandCount(String),
    /// The move count is not a number of at most eight digits (`one`); kifu's readers take
    /// move numbers of up to nine digits, so a game from it can be written and read back.
    #[error("expected the move count as a number of at most 8 digits, found `{0}`")]
    MoveCount(String),
    /// A side has more than one king (`black has 2 kings`); a side without a king is allowed
    /// (mating problems).
    #[error("{color} has {count} kings: expected at most 1")]
    KingCount {
        /// The side.
        color: Color,
        /// How many kings it has.
        count: u32,
    },
    /// More pieces of a kind than the set holds (`19 pawns`).
    #[error(
        "{count} {}s on the board and in the hands (promoted or not): expected at most {max}",
        .kind.name()
    )]
    PieceCount {
        /// The unpromoted kind.
        kind: PieceKind,
        /// How many there are.
        count: u32,
        /// The set's number.
        max: u8,
    },
    /// A piece where it could never move again (`a black pawn on 5a`).
    #[error("a {piece} cannot stand on {square}: it could never move (dead piece)")]
    DeadPiece {
        /// The piece.
        piece: Piece,
        /// Its square.
        square: Square,
    },
    /// Two unpromoted pawns of one side on a file.
    #[error("two unpromoted {color} pawns on file {file} (nifu)")]
    Nifu {
        /// The side.
        color: Color,
        /// The file.
        file: File,
    },
    /// The side not to move is in check.
    #[error("the side not to move ({0}) is in check")]
    OppositeCheck(Color),
}

impl FromStr for Position {
    type Err = SfenError;

    fn from_str(s: &str) -> Result<Position, SfenError> {
        Position::from_sfen(s)
    }
}

/// Reads the board field into `pos`.
fn read_board(pos: &mut Position, board: &str) -> Result<(), SfenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 9 {
        return Err(SfenError::RankCount(ranks.len()));
    }
    for (r, text) in ranks.iter().enumerate() {
        let rank = Rank::from_index(r as u8).unwrap_or_else(|| unreachable!("nine ranks"));
        let mut column = 0usize;
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10).filter(|&d| d >= 1) {
                column += d as usize;
                continue;
            }
            let piece = if c == '+' {
                let next = chars.next();
                let text: String = ['+'].into_iter().chain(next).collect();
                Piece::from_sfen(&text).ok_or(SfenError::PieceLetter { rank, found: text })?
            } else {
                Piece::from_sfen(c.encode_utf8(&mut [0; 4])).ok_or_else(|| {
                    SfenError::PieceLetter {
                        rank,
                        found: c.to_string(),
                    }
                })?
            };
            if column < 9 {
                // Column 0 is file 9.
                pos.put((8 - column) * 9 + r, piece);
            }
            column += 1;
        }
        if column != 9 {
            return Err(SfenError::RankLength {
                rank,
                found: column,
                text: (*text).to_owned(),
            });
        }
    }
    Ok(())
}

/// Reads the hands field into `pos`.
fn read_hands(pos: &mut Position, text: &str) -> Result<(), SfenError> {
    if text == "-" {
        return Ok(());
    }
    let mut counts = [[0u32; 7]; 2];
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let start = i;
        while chars.get(i).is_some_and(char::is_ascii_digit) {
            i += 1;
        }
        let digits: String = chars[start..i].iter().collect();
        let count = if digits.is_empty() {
            1
        } else {
            match digits.parse::<u32>() {
                Ok(n) if (1..=18).contains(&n) => n,
                _ => return Err(SfenError::HandCount(digits)),
            }
        };
        let Some(&c) = chars.get(i) else {
            return Err(SfenError::HandCount(digits));
        };
        let Some(kind) = PieceKind::from_letter(c).filter(|k| k.is_hand_kind()) else {
            let found = if c == '+' {
                chars[i..].iter().take(2).collect()
            } else {
                c.to_string()
            };
            return Err(SfenError::HandLetter(found));
        };
        let color = if c.is_ascii_uppercase() {
            Color::Black
        } else {
            Color::White
        };
        counts[color.index()][kind.index()] += count;
        i += 1;
    }
    for color in Color::ALL {
        let mut hand = Hand::EMPTY;
        for kind in PieceKind::HAND {
            let n = counts[color.index()][kind.index()];
            if n > u32::from(kind.set_count()) {
                return Err(SfenError::PieceCount {
                    kind,
                    count: n,
                    max: kind.set_count(),
                });
            }
            hand.set(kind, n as u8);
        }
        pos.set_hand(color, hand);
    }
    Ok(())
}

impl Position {
    /// Reads an SFEN (see the module notes for the lax forms).
    ///
    /// # Errors
    ///
    /// [`SfenError`] naming the field, rank, piece or rule at fault.
    ///
    /// ```
    /// use shogi_board::{Color, PieceKind, Position};
    ///
    /// let board_only = Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL")?;
    /// assert_eq!(board_only, Position::new());
    /// let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 w 17pP 1")?;
    /// assert_eq!(pos.hand(Color::White).count(PieceKind::Pawn), 17);
    /// assert_eq!(pos.to_sfen(), "4k4/9/9/9/9/9/9/9/4K4 w P17p 1");
    /// assert!(Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 19p").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_sfen(sfen: &str) -> Result<Position, SfenError> {
        let pos = Position::from_sfen_relaxed(sfen)?;
        let other = !pos.side;
        if pos.is_king_attacked(other) {
            return Err(SfenError::OppositeCheck(other));
        }
        Ok(pos)
    }

    /// Reads an SFEN as [`Position::from_sfen`] does, but accepts a position where the side not
    /// to move is in check, as hand-made test positions sometimes have (the fixture case
    /// `4k4/9/9/2P1L4/6N2/9/9/9/4K4 b - 1`: the lance on `5d` attacks the king on `5a`).
    ///
    /// Every other check still applies. The king in check cannot be captured: no generated
    /// move takes a king, and [`Position::check_move`] refuses one.
    ///
    /// # Errors
    ///
    /// [`SfenError`] as for [`Position::from_sfen`], never [`SfenError::OppositeCheck`].
    ///
    /// ```
    /// use shogi_board::Position;
    ///
    /// let sfen = "4k4/9/9/2P1L4/6N2/9/9/9/4K4 b - 1";
    /// assert!(Position::from_sfen(sfen).is_err());
    /// let pos = Position::from_sfen_relaxed(sfen)?;
    /// assert!(pos.is_legal("5d5c+".parse()?));
    /// assert!(!pos.is_legal("5d5a+".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_sfen_relaxed(sfen: &str) -> Result<Position, SfenError> {
        let fields: Vec<&str> = sfen.split_whitespace().collect();
        let Some(board) = fields.first() else {
            return Err(SfenError::Empty);
        };
        if fields.len() > 4 {
            return Err(SfenError::TooManyFields(fields.len()));
        }
        let mut pos = Position::empty();
        read_board(&mut pos, board)?;
        pos.side = match fields.get(1) {
            None => Color::Black,
            Some(&"b") => Color::Black,
            Some(&"w") => Color::White,
            Some(other) => return Err(SfenError::Side((*other).to_owned())),
        };
        if let Some(hands) = fields.get(2) {
            read_hands(&mut pos, hands)?;
        }
        pos.ply = match fields.get(3) {
            None => 1,
            Some(t) => t
                .parse::<u32>()
                .ok()
                .filter(|&n| n <= 99_999_999)
                .ok_or_else(|| SfenError::MoveCount((*t).to_owned()))?
                .max(1),
        };
        pos.validate()?;
        Ok(pos)
    }

    fn validate(&self) -> Result<(), SfenError> {
        for color in Color::ALL {
            let count = self.squares_of(Piece::new(color, PieceKind::King)).count() as u32;
            if count > 1 {
                return Err(SfenError::KingCount { color, count });
            }
        }
        for kind in PieceKind::ALL {
            if !kind.is_hand_kind() {
                continue;
            }
            let mut count = 0;
            for color in Color::ALL {
                count += u32::from(self.hand(color).count(kind));
                count += self.squares_of(Piece::new(color, kind)).count() as u32;
                if let Some(promoted) = kind.promote() {
                    count += self.squares_of(Piece::new(color, promoted)).count() as u32;
                }
            }
            if count > u32::from(kind.set_count()) {
                return Err(SfenError::PieceCount {
                    kind,
                    count,
                    max: kind.set_count(),
                });
            }
        }
        for color in Color::ALL {
            for (square, piece) in self.pieces(color) {
                if !piece.can_stand_on(square) {
                    return Err(SfenError::DeadPiece { piece, square });
                }
            }
            let pawns = self.by_kind[PAWN] & self.by_color[color.index()];
            for file in File::all() {
                let mask = 0x1FFu128 << (9 * file.index());
                if (pawns & mask).count_ones() > 1 {
                    return Err(SfenError::Nifu { color, file });
                }
            }
        }
        Ok(())
    }

    /// Writes the four-field SFEN: board, side, hands (Black's first, each in the order
    /// R B G S N L P, counts before letters, `-` when both are empty), move count.
    ///
    /// ```
    /// use shogi_board::Position;
    ///
    /// let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b ppbPbS 1")?;
    /// assert_eq!(pos.to_sfen(), "4k4/9/9/9/9/9/9/9/4K4 b SP2b2p 1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_sfen(&self) -> String {
        let mut out = String::with_capacity(96);
        for r in 0..9 {
            let mut empty = 0u8;
            for f in (0..9).rev() {
                let sq = f * 9 + r;
                if self.occupied() & bit(sq) == 0 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push(char::from(b'0' + empty));
                    empty = 0;
                }
                if let Some(p) = self.piece_at(Square::from_raw(sq)) {
                    out.push_str(p.sfen());
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if r < 8 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(self.side.sfen_char());
        out.push(' ');
        let hands_start = out.len();
        for color in Color::ALL {
            for (kind, n) in self.hand(color).iter() {
                if n > 1 {
                    out.push_str(&n.to_string());
                }
                let letter = kind.letter();
                out.push(match color {
                    Color::Black => letter,
                    Color::White => letter.to_ascii_lowercase(),
                });
            }
        }
        if out.len() == hands_start {
            out.push('-');
        }
        out.push(' ');
        out.push_str(&self.ply.to_string());
        out
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Position {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_sfen())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Position {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Position::from_sfen(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[test]
    fn start_round_trips() {
        assert_eq!(Position::new().to_sfen(), Position::START_SFEN);
    }

    #[rstest]
    #[case::canonical_order("4k4/9/9/9/9/9/9/9/4K4 b S2P2b2p 1", "S2P2b2p")]
    #[case::any_order("4k4/9/9/9/9/9/9/9/4K4 b 2p2bP2PS 1", "S3P2b2p")]
    #[case::repeated_letters("4k4/9/9/9/9/9/9/9/4K4 b PPpS 1", "S2Pp")]
    #[case::two_digit_count("4k4/9/9/9/9/9/9/9/4K4 b 17p 1", "17p")]
    #[case::counts_add_up("4k4/9/9/9/9/9/9/9/4K4 b 2P3P 1", "5P")]
    #[case::every_kind("4k4/9/9/9/9/9/9/9/4K4 b plnsgbrPLNSGBR 1", "RBGSNLPrbgsnlp")]
    #[case::matsuri_order(
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
        "RGgsn5p"
    )]
    fn hands_are_written_in_canonical_order(#[case] sfen: &str, #[case] hands: &str) {
        let pos = Position::from_sfen(sfen).unwrap();
        let out = pos.to_sfen();
        assert_eq!(out.split(' ').nth(2), Some(hands), "{out}");
        assert_eq!(Position::from_sfen(&out), Ok(pos));
    }

    #[rstest]
    #[case::empty("", "expected an SFEN, found an empty text")]
    #[case::five_fields(
        "4k4/9/9/9/9/9/9/9/4K4 b - 1 x",
        "expected at most 4 fields separated by spaces, found 5"
    )]
    #[case::eight_ranks(
        "4k4/9/9/9/9/9/9/4K4 b - 1",
        "expected 9 ranks separated by `/`, found 8"
    )]
    #[case::short_rank(
        "lnsgkgsn/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "rank a: expected 9 squares, found 8 in `lnsgkgsn`"
    )]
    #[case::long_rank(
        "4k4/9/9/9/9/9/9/9/4K5 b - 1",
        "rank i: expected 9 squares, found 10 in `4K5`"
    )]
    #[case::bad_letter(
        "4k4/9/9/9/4X4/9/9/9/4K4 b - 1",
        "rank e: expected a piece letter (K R B G S N L P, `+` before R B S N L P) or a digit 1-9, found `X`"
    )]
    #[case::promoted_gold(
        "4k4/9/9/9/4+G4/9/9/9/4K4 b - 1",
        "rank e: expected a piece letter (K R B G S N L P, `+` before R B S N L P) or a digit 1-9, found `+G`"
    )]
    #[case::side(
        "4k4/9/9/9/9/9/9/9/4K4 s - 1",
        "expected the side to move `b` (black, sente) or `w` (white, gote), found `s`"
    )]
    #[case::king_in_hand(
        "4k4/9/9/9/9/9/9/9/4K4 b K 1",
        "hand: expected a piece letter (R B G S N L P, upper case for black, lower case for white), a count or `-`, found `K`"
    )]
    #[case::promoted_in_hand(
        "4k4/9/9/9/9/9/9/9/4K4 b +P 1",
        "hand: expected a piece letter (R B G S N L P, upper case for black, lower case for white), a count or `-`, found `+P`"
    )]
    #[case::zero_count(
        "4k4/9/9/9/9/9/9/9/4K4 b 0p 1",
        "hand: expected a count from 1 to 18 followed by a piece letter, found `0`"
    )]
    #[case::count_without_letter(
        "4k4/9/9/9/9/9/9/9/4K4 b P2 1",
        "hand: expected a count from 1 to 18 followed by a piece letter, found `2`"
    )]
    #[case::huge_count(
        "4k4/9/9/9/9/9/9/9/4K4 b 123p 1",
        "hand: expected a count from 1 to 18 followed by a piece letter, found `123`"
    )]
    #[case::move_count(
        "4k4/9/9/9/9/9/9/9/4K4 b - one",
        "expected the move count as a number of at most 8 digits, found `one`"
    )]
    #[case::move_count_near_2_pow_32(
        "4k4/9/9/9/9/9/9/9/4K4 b - 4294967295",
        "expected the move count as a number of at most 8 digits, found `4294967295`"
    )]
    #[case::two_black_kings(
        "4k4/9/9/9/9/9/9/9/3KK4 b - 1",
        "black has 2 kings: expected at most 1"
    )]
    #[case::two_white_kings(
        "3kk4/9/9/9/9/9/9/9/4K4 b - 1",
        "white has 2 kings: expected at most 1"
    )]
    #[case::two_white_kings_no_black_one(
        "3kk4/9/9/9/9/9/9/9/9 b - 1",
        "white has 2 kings: expected at most 1"
    )]
    #[case::nineteen_pawns(
        "4k4/9/9/9/9/9/9/9/4K4 b P18p 1",
        "19 pawns on the board and in the hands (promoted or not): expected at most 18"
    )]
    #[case::five_golds(
        "4k4/9/9/9/9/9/9/9/4K4 b 2G3g 1",
        "5 golds on the board and in the hands (promoted or not): expected at most 4"
    )]
    #[case::three_rooks(
        "4k4/9/9/9/+r8/9/9/9/4K4 b R1r 1",
        "3 rooks on the board and in the hands (promoted or not): expected at most 2"
    )]
    #[case::pawn_on_last_rank(
        "4kP3/9/9/9/9/9/9/9/4K4 b - 1",
        "a black pawn cannot stand on 4a: it could never move (dead piece)"
    )]
    #[case::white_lance_on_last_rank(
        "4k4/9/9/9/9/9/9/9/4K3l b - 1",
        "a white lance cannot stand on 1i: it could never move (dead piece)"
    )]
    #[case::knight_on_second_rank(
        "4k4/1N7/9/9/9/9/9/9/4K4 b - 1",
        "a black knight cannot stand on 8b: it could never move (dead piece)"
    )]
    #[case::nifu(
        "4k4/9/9/4P4/9/9/4P4/9/4K4 b - 1",
        "two unpromoted black pawns on file 5 (nifu)"
    )]
    #[case::opposite_check(
        "4k4/4R4/9/9/9/9/9/9/4K4 b - 1",
        "the side not to move (white) is in check"
    )]
    fn errors_name_the_fault(#[case] sfen: &str, #[case] message: &str) {
        assert_eq!(Position::from_sfen(sfen).unwrap_err().to_string(), message);
    }

    #[test]
    fn a_side_may_have_no_king() {
        for sfen in [
            "4k4/9/9/9/9/9/9/9/9 b - 1",
            "9/9/9/9/9/9/9/9/4K4 w - 1",
            "9/9/9/9/9/9/9/9/9 b - 1",
            // The tsume of tsumeshogi.csa (看寿賞 平成元年): the rest of the set in gote's hand.
            "9/9/3pp4/+r2k1p3/2L1+p4/2+R6/B8/B8/9 b 4g4s4n3l14p 1",
        ] {
            let pos = Position::from_sfen(sfen).unwrap();
            assert_eq!(pos.to_sfen(), sfen);
        }
        let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/9 b - 1").unwrap();
        assert_eq!(pos.king_square(Color::Black), None);
        assert_eq!(pos.king_square(Color::White), Some("5a".parse().unwrap()));
    }

    #[test]
    fn a_kingless_set_still_counts_its_pieces() {
        // The tsume hand with one pawn too many: 19.
        assert_eq!(
            Position::from_sfen("9/9/3pp4/+r2k1p3/2L1+p4/2+R6/B8/B8/9 b 4g4s4n3l15p 1")
                .unwrap_err()
                .to_string(),
            "19 pawns on the board and in the hands (promoted or not): expected at most 18"
        );
    }

    #[test]
    fn promoted_pawns_do_not_count_for_nifu() {
        assert!(Position::from_sfen("4k4/9/9/4+P4/9/9/4P4/9/4K4 b - 1").is_ok());
    }

    #[test]
    fn board_only_and_defaults() {
        let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 w").unwrap();
        assert_eq!(pos.to_sfen(), "4k4/9/9/9/9/9/9/9/4K4 w - 1");
        let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b - 0").unwrap();
        assert_eq!(pos.ply(), 1);
    }
}
