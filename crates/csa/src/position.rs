//! The start position of a CSA record: `PI` (the even start, with removed pieces for a
//! handicap: `PI82HI22KA`), the rows `P1`..`P9`, the piece lists `P+` / `P-` (board squares,
//! `00` for the hand, `00AL` for every piece not placed yet), and the side to move.
//!
//! Lax input (each still a legal position at the end, checked as an SFEN is):
//!
//! - rows with any spacing between their nine squares: ` * ` as the standard writes an empty
//!   square, ` *` or `*` where spaces were collapsed or left out (`P4*********`), and trailing
//!   spaces;
//! - `P+` and `P-` lines with no pieces.
//!
//! Rule: CSA standard file format V3.0, 2.5 (開始局面): 平手初期配置と駒落ち (`PI`), 一括表現
//! (`P1`-`P9`), 駒別単独表現 (`P+`, `P-`, `00AL`), 手番 (`+`, `-`).

use shogi_board::{Color, Piece, PieceKind, Position, Square};

use crate::piece::{CODE_LIST, piece_code, piece_kind};

/// What is wrong with a position statement: the bytes at fault (within the statement) and
/// what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Fault {
    /// The first byte at fault.
    pub(crate) start: usize,
    /// The byte after the last one at fault.
    pub(crate) end: usize,
    /// What is wrong, in words.
    pub(crate) message: String,
}

impl Fault {
    fn new(start: usize, end: usize, message: impl Into<String>) -> Fault {
        Fault {
            start,
            end,
            message: message.into(),
        }
    }
}

/// The start position as its statements build it.
#[derive(Clone, Debug)]
pub(crate) struct Setup {
    board: [Option<Piece>; 81],
    /// Pieces in hand by colour and hand-kind index.
    hands: [[u8; 7]; 2],
    /// Which rows `P1`..`P9` were given.
    rows: [bool; 9],
    /// Whether `PI` was given.
    pi: bool,
    /// Whether any position statement was given.
    pub(crate) seen: bool,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            board: [None; 81],
            hands: [[0; 7]; 2],
            rows: [false; 9],
            pi: false,
            seen: false,
        }
    }
}

/// The byte text `text[from..to]`, or what is left of it, for messages.
fn part(text: &str, from: usize, to: usize) -> &str {
    let to = to.min(text.len());
    let from = from.min(to);
    text.get(from..to).unwrap_or("")
}

/// A square of two digits 1-9 at `at` (`77`), if it is one.
fn square_at(b: &[u8], at: usize) -> Option<Square> {
    let d = |i: usize| b.get(i).filter(|c| c.is_ascii_digit()).map(|c| c - b'0');
    Square::from_numbers(d(at)?, d(at + 1)?)
}

impl Setup {
    /// `PI` with its removed pieces (`PI82HI22KA`): the even start without them.
    pub(crate) fn pi(&mut self, text: &str) -> Result<(), Fault> {
        self.seen = true;
        if self.rows.iter().any(|&r| r) || self.pi {
            return Err(Fault::new(
                0,
                text.len(),
                "a second start position: `PI` after `PI` or the rows P1-P9",
            ));
        }
        self.pi = true;
        let even = Position::new();
        for sq in Square::all() {
            self.board[sq.index()] = even.piece_at(sq);
        }
        let b = text.as_bytes();
        let mut i = 2;
        while i < b.len() {
            let group = part(text, i, i + 4);
            let Some(sq) = square_at(b, i) else {
                return Err(Fault::new(
                    i,
                    i + 2,
                    format!(
                        "expected a square of two digits 1-9 (`82`), found `{}`",
                        part(text, i, i + 2)
                    ),
                ));
            };
            let code = part(text, i + 2, i + 4);
            let Some(kind) = piece_kind(code) else {
                return Err(Fault::new(
                    i + 2,
                    i + 4,
                    format!("expected a piece code ({CODE_LIST}), found `{code}`"),
                ));
            };
            match self.board[sq.index()] {
                Some(p) if p.kind == kind => self.board[sq.index()] = None,
                Some(p) => {
                    return Err(Fault::new(
                        i,
                        i + 4,
                        format!(
                            "`{group}`: {}{} holds a {} ({}) in the even start, not a {} ({code})",
                            sq.file().number(),
                            sq.rank().number(),
                            p.kind.name(),
                            piece_code(p.kind),
                            kind.name()
                        ),
                    ));
                }
                None => {
                    return Err(Fault::new(
                        i,
                        i + 4,
                        format!(
                            "`{group}`: {}{} is empty in the even start (or removed already)",
                            sq.file().number(),
                            sq.rank().number()
                        ),
                    ));
                }
            }
            i += 4;
        }
        Ok(())
    }

    /// A row `P1`..`P9` of nine squares.
    pub(crate) fn row(&mut self, text: &str) -> Result<(), Fault> {
        self.seen = true;
        let b = text.as_bytes();
        let rank = b[1] - b'0';
        if self.pi {
            return Err(Fault::new(
                0,
                2,
                "a second start position: a row after `PI`",
            ));
        }
        if self.rows[usize::from(rank - 1)] {
            return Err(Fault::new(0, 2, format!("row P{rank} given twice")));
        }
        self.rows[usize::from(rank - 1)] = true;
        let mut i = 2;
        for n in 0..9u8 {
            while b.get(i) == Some(&b' ') {
                i += 1;
            }
            let file = 9 - n;
            let Some(sq) = Square::from_numbers(file, rank) else {
                return Err(Fault::new(0, 2, "expected a row number 1-9"));
            };
            match b.get(i) {
                None => {
                    return Err(Fault::new(
                        i,
                        i,
                        format!(
                            "row P{rank}: expected 9 squares, found {n}: ` * ` for an empty square, `+` or `-` and a piece code for a piece"
                        ),
                    ));
                }
                Some(b'*') => {
                    self.board[sq.index()] = None;
                    i += 1;
                }
                Some(&c @ (b'+' | b'-')) => {
                    let code = part(text, i + 1, i + 3);
                    let Some(kind) = piece_kind(code) else {
                        return Err(Fault::new(
                            i + 1,
                            i + 3,
                            format!(
                                "row P{rank}, square {file}{rank}: expected a piece code ({CODE_LIST}), found `{code}`"
                            ),
                        ));
                    };
                    let color = if c == b'+' {
                        Color::Black
                    } else {
                        Color::White
                    };
                    self.board[sq.index()] = Some(Piece::new(color, kind));
                    i += 3;
                }
                Some(_) => {
                    let end = text[i..].chars().next().map_or(i + 1, |c| i + c.len_utf8());
                    return Err(Fault::new(
                        i,
                        end,
                        format!(
                            "row P{rank}, square {file}{rank}: expected ` * ` for an empty square, or `+` or `-` and a piece code, found `{}`",
                            part(text, i, end)
                        ),
                    ));
                }
            }
        }
        while b.get(i) == Some(&b' ') {
            i += 1;
        }
        if i < b.len() {
            return Err(Fault::new(
                i,
                b.len(),
                format!(
                    "row P{rank}: expected the end of the row after its 9 squares, found `{}`",
                    part(text, i, b.len())
                ),
            ));
        }
        Ok(())
    }

    /// A piece list `P+` / `P-`: squares and pieces (`P+56FU`), pieces in hand (`00KA`), and
    /// `00AL` for every piece not placed yet.
    pub(crate) fn pieces(&mut self, text: &str) -> Result<(), Fault> {
        self.seen = true;
        let b = text.as_bytes();
        let color = if b[1] == b'+' {
            Color::Black
        } else {
            Color::White
        };
        let mut i = 2;
        while i < b.len() {
            let group = part(text, i, i + 4);
            if group == "00AL" {
                if i + 4 < b.len() {
                    return Err(Fault::new(
                        i + 4,
                        b.len(),
                        format!(
                            "expected the end of the line after `00AL`, found `{}`",
                            part(text, i + 4, b.len())
                        ),
                    ));
                }
                self.all_to_hand(color);
                return Ok(());
            }
            let hand = part(text, i, i + 2) == "00";
            let sq = square_at(b, i);
            if !hand && sq.is_none() {
                return Err(Fault::new(
                    i,
                    i + 2,
                    format!(
                        "expected a square of two digits 1-9 (`56`) or `00` for the hand, found `{}`",
                        part(text, i, i + 2)
                    ),
                ));
            }
            let code = part(text, i + 2, i + 4);
            let Some(kind) = piece_kind(code) else {
                return Err(Fault::new(
                    i + 2,
                    i + 4,
                    format!(
                        "expected a piece code ({CODE_LIST}) or `AL` after `00`, found `{code}`"
                    ),
                ));
            };
            match sq {
                Some(sq) => {
                    if self.board[sq.index()].is_some() {
                        return Err(Fault::new(
                            i,
                            i + 4,
                            format!(
                                "`{group}`: {}{} holds a piece already",
                                sq.file().number(),
                                sq.rank().number()
                            ),
                        ));
                    }
                    self.board[sq.index()] = Some(Piece::new(color, kind));
                }
                None if kind.is_hand_kind() => {
                    self.hands[color.index()][kind.index()] += 1;
                }
                None => {
                    return Err(Fault::new(
                        i + 2,
                        i + 4,
                        format!(
                            "`{group}`: a hand holds unpromoted pieces other than the king only (FU KY KE GI KI KA HI), not {code}"
                        ),
                    ));
                }
            }
            i += 4;
        }
        Ok(())
    }

    /// `00AL`: every piece of the set not on the board nor in a hand (kings aside) to
    /// `color`'s hand.
    fn all_to_hand(&mut self, color: Color) {
        for kind in PieceKind::HAND {
            let on_board = self
                .board
                .iter()
                .flatten()
                .filter(|p| p.kind.unpromote() == kind)
                .count();
            let in_hands =
                usize::from(self.hands[0][kind.index()]) + usize::from(self.hands[1][kind.index()]);
            let rest = usize::from(kind.set_count()).saturating_sub(on_board + in_hands);
            self.hands[color.index()][kind.index()] += rest as u8;
        }
    }

    /// Which rows were not given, when some were (`P3, P7`).
    pub(crate) fn missing_rows(&self) -> Option<String> {
        if !self.rows.iter().any(|&r| r) {
            return None;
        }
        let missing: Vec<String> = (1..=9)
            .filter(|r| !self.rows[r - 1])
            .map(|r| format!("P{r}"))
            .collect();
        (!missing.is_empty()).then(|| missing.join(", "))
    }

    /// The position with `side` to move, checked as an SFEN is.
    pub(crate) fn build(&self, side: Color) -> Result<Position, String> {
        let mut sfen = String::with_capacity(96);
        for rank in 1..=9u8 {
            let mut empty = 0;
            for file in (1..=9u8).rev() {
                let piece = Square::from_numbers(file, rank).and_then(|sq| self.board[sq.index()]);
                match piece {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            sfen.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        sfen.push_str(p.sfen());
                    }
                }
            }
            if empty > 0 {
                sfen.push(char::from(b'0' + empty));
            }
            if rank < 9 {
                sfen.push('/');
            }
        }
        sfen.push(' ');
        sfen.push(side.sfen_char());
        sfen.push(' ');
        let mut hands = String::new();
        for color in Color::ALL {
            for kind in PieceKind::HAND {
                let n = self.hands[color.index()][kind.index()];
                if n == 0 {
                    continue;
                }
                if n > 1 {
                    hands.push_str(&n.to_string());
                }
                let letter = kind.letter();
                hands.push(match color {
                    Color::Black => letter,
                    Color::White => letter.to_ascii_lowercase(),
                });
            }
        }
        if hands.is_empty() {
            hands.push('-');
        }
        sfen.push_str(&hands);
        sfen.push_str(" 1");
        Position::from_sfen(&sfen).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use super::*;

    fn rows(lines: &[&str]) -> Setup {
        let mut s = Setup::default();
        for l in lines {
            s.row(l).unwrap_or_else(|f| panic!("{l}: {f:?}"));
        }
        s
    }

    const EVEN: [&str; 9] = [
        "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY",
        "P2 * -HI *  *  *  *  * -KA * ",
        "P3-FU-FU-FU-FU-FU-FU-FU-FU-FU",
        "P4 *  *  *  *  *  *  *  *  * ",
        "P5 *  *  *  *  *  *  *  *  * ",
        "P6 *  *  *  *  *  *  *  *  * ",
        "P7+FU+FU+FU+FU+FU+FU+FU+FU+FU",
        "P8 * +KA *  *  *  *  * +HI * ",
        "P9+KY+KE+GI+KI+OU+KI+GI+KE+KY",
    ];

    #[test]
    fn the_even_rows_are_the_even_start() {
        assert_eq!(rows(&EVEN).build(Color::Black), Ok(Position::new()));
    }

    #[test]
    fn collapsed_and_missing_spaces_read_the_same() {
        let mut lines = EVEN;
        lines[1] = "P2 * -HI * * * * * -KA *";
        lines[3] = "P4*********";
        lines[4] = "P5 * * * * * * * * *";
        assert_eq!(rows(&lines).build(Color::Black), Ok(Position::new()));
    }

    #[rstest]
    // The specimens' handicaps: 2-piece removes 82 HI and 22 KA, and so on.
    #[case::two(
        "PI82HI22KA",
        "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
    )]
    #[case::lance(
        "PI11KY",
        "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
    )]
    #[case::six(
        "PI82HI22KA21KE81KE11KY91KY",
        "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
    )]
    fn pi_removes_pieces(#[case] line: &str, #[case] sfen: &str) {
        let mut s = Setup::default();
        s.pi(line).unwrap();
        assert_eq!(s.build(Color::White).unwrap().to_sfen(), sfen);
    }

    #[rstest]
    #[case::wrong_piece("PI82KA", 2, "holds a rook (HI)")]
    #[case::bad_square("PI0AKA", 2, "expected a square")]
    #[case::bad_code("PI82XX", 4, "expected a piece code")]
    fn pi_faults(#[case] line: &str, #[case] at: usize, #[case] says: &str) {
        let f = Setup::default().pi(line).unwrap_err();
        assert_eq!(f.start, at);
        assert!(f.message.contains(says), "{}", f.message);
    }

    #[rstest]
    #[case::unknown_code("P1-KY-KE-GI-KI-OU-KI-GI-KE-XX", 27, "expected a piece code")]
    #[case::short("P1-KY-KE-GI-KI-OU-KI-GI-KE", 26, "expected 9 squares, found 8")]
    #[case::long("P1-KY-KE-GI-KI-OU-KI-GI-KE-KY-FU", 29, "expected the end of the row")]
    #[case::stray(
        "P4 *  *  x  *  *  *  *  *  * ",
        9,
        "expected ` * ` for an empty square"
    )]
    fn row_faults(#[case] line: &str, #[case] at: usize, #[case] says: &str) {
        let f = Setup::default().row(line).unwrap_err();
        assert_eq!(f.start, at, "{}", f.message);
        assert!(f.message.contains(says), "{}", f.message);
    }

    #[test]
    fn piece_lists_and_al_fill_the_hands() {
        // The tsume position of the specimens (看寿賞 平成元年), sente without a king: P-00AL
        // gives gote 14 FU, 3 KY, 4 KE, 4 GI, 4 KI (the specimen's JKF answer) and no king.
        let mut s = rows(&[
            "P1 *  *  *  *  *  *  *  *  * ",
            "P2 *  *  *  *  *  *  *  *  * ",
            "P3 *  *  * -FU-FU *  *  *  * ",
            "P4-RY *  * -OU * -FU *  *  * ",
            "P5 *  * +KY * -TO *  *  *  * ",
            "P6 *  * +RY *  *  *  *  *  * ",
            "P7+KA *  *  *  *  *  *  *  * ",
            "P8+KA *  *  *  *  *  *  *  * ",
            "P9 *  *  *  *  *  *  *  *  * ",
        ]);
        s.pieces("P-00AL").unwrap();
        let pos = s.build(Color::Black).unwrap();
        assert_eq!(
            pos.to_sfen(),
            "9/9/3pp4/+r2k1p3/2L1+p4/2+R6/B8/B8/9 b 4g4s4n3l14p 1"
        );
        let hand = pos.hand(Color::White);
        assert_eq!(
            [
                PieceKind::Pawn,
                PieceKind::Lance,
                PieceKind::Knight,
                PieceKind::Silver,
                PieceKind::Gold,
                PieceKind::Bishop,
                PieceKind::Rook
            ]
            .map(|k| hand.count(k)),
            [14, 3, 4, 4, 4, 0, 0]
        );
        let mut s = Setup::default();
        s.pieces("P+59OU00KA00FU").unwrap();
        s.pieces("P-51OU").unwrap();
        assert_eq!(
            s.build(Color::Black).unwrap().to_sfen(),
            "4k4/9/9/9/9/9/9/9/4K4 b BP 1"
        );
        assert!(Setup::default().pieces("P+00TO").is_err());
        let mut s = Setup::default();
        s.pieces("P+55FU").unwrap();
        assert!(
            s.pieces("P-55FU")
                .unwrap_err()
                .message
                .contains("holds a piece already")
        );
    }
}
