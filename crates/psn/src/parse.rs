//! Reading the syntax of one PSN move, without a position.
//!
//! The grammar is the seed's, `[+][b|w]Letter[origin][-|x|*]square[+|=]`. What the reader
//! accepts:
//!
//! - squares as file digit and rank letter (`7f`) or two digits (`76`), mixed freely;
//! - the action sign `-`, `x`, `*`, or none (`P76`, `S3c`, `G6a5b`); drops also with `'`
//!   (Hosking, Majewski), the typographic `’` (U+2019) and `@` (XBoard);
//! - an origin square with or without a sign after it (`G4i-5h`, `G6a5b`);
//! - the player letter `b` or `w` after the `+` of a promoted piece and before the letter
//!   (`bP`, `+bR`);
//! - the promotion sign `+` or `=` after the destination;
//! - annotation glyphs `!` and `?` after the move (dropped; the game reader keeps them), and a
//!   mate sign `#` (dropped, with a warning when the move is resolved).
//!
//! Refused, each with a syntax error naming what was expected: `+K` and `+G`, a drop with an
//! origin square (`P7g*7f`), a drop with a promotion sign (`P*5e+`, `P*5e=`), a promoted piece
//! dropped (`+P*5e`), lower-case piece letters, squares off the board (`0e`, `5j`, `50`, `10a`).
//!
//! The grammar is a fixed sequence of short parts, so the reader is a small hand-written
//! scanner (as in `wxf-notation`): each place has one class of characters, and an error names
//! that class and points at the character found there.

use notation_traits::{Span, SyntaxError};
use shogi_board::{Color, PieceKind, Square};

use crate::syntax::{Action, Promotion, PsnMove, Spelling};

/// The piece letters, for messages.
const LETTERS: &str = "P, L, N, S, G, B, R, K";

struct Scanner<'a> {
    text: &'a str,
    /// The characters of the move (glyphs at the end removed), with their byte offsets.
    chars: Vec<(usize, char)>,
    /// The byte length of the move without its glyphs.
    end: usize,
    i: usize,
}

impl Scanner<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).map(|&(_, c)| c)
    }

    fn peek_at(&self, i: usize) -> Option<char> {
        self.chars.get(i).map(|&(_, c)| c)
    }

    /// A syntax error at character `i` (the end of the move when `i` is past its last
    /// character).
    fn error_at(&self, i: usize, expected: impl Into<String>) -> SyntaxError {
        let (start, end) = match self.chars.get(i) {
            Some(&(at, c)) => (at, at + c.len_utf8()),
            None => (self.end, self.end),
        };
        SyntaxError::new(
            Span::locate(self.text, start, end),
            expected,
            &self.text[start..end],
        )
    }

    fn error(&self, expected: impl Into<String>) -> SyntaxError {
        self.error_at(self.i, expected)
    }

    /// Reads a square; returns it and whether its rank was a digit.
    fn square(&mut self, what: &str) -> Result<(Square, bool), SyntaxError> {
        let file = match self.peek() {
            Some(c @ '1'..='9') => c as u8 - b'0',
            _ => {
                return Err(
                    self.error(format!("{what} (a file digit 1-9, then a rank a-i or 1-9)"))
                );
            }
        };
        self.i += 1;
        let (rank, digits) = match self.peek() {
            Some(c @ 'a'..='i') => (c as u8 - b'a' + 1, false),
            Some(c @ '1'..='9') => (c as u8 - b'0', true),
            _ => return Err(self.error("a rank a-i or 1-9")),
        };
        self.i += 1;
        match Square::from_numbers(file, rank) {
            Some(sq) => Ok((sq, digits)),
            None => Err(self.error_at(self.i - 1, "a rank a-i or 1-9")),
        }
    }
}

/// The action of a sign character, and the drop sign to keep.
fn action_of(c: char) -> Option<(Action, char)> {
    match c {
        '-' => Some((Action::Move, '\0')),
        'x' => Some((Action::Capture, '\0')),
        '*' => Some((Action::Drop, '*')),
        '\'' | '\u{2019}' => Some((Action::Drop, '\'')),
        '@' => Some((Action::Drop, '@')),
        _ => None,
    }
}

/// Reads one move (the whole of `text`).
pub(crate) fn parse(text: &str) -> Result<PsnMove, SyntaxError> {
    let body = text.trim_end_matches(['!', '?', '#']);
    let mate_sign = text[body.len()..].contains('#');
    let mut s = Scanner {
        text,
        chars: body.char_indices().collect(),
        end: body.len(),
        i: 0,
    };
    let mut spelling = Spelling {
        mate_sign,
        ..Spelling::default()
    };

    // `+`, the player letter, the piece letter.
    let promoted = s.peek() == Some('+');
    if promoted {
        s.i += 1;
    }
    let mut color = None;
    if let Some(c @ ('b' | 'w')) = s.peek()
        && s.peek_at(s.i + 1).is_some_and(|n| n.is_ascii_uppercase())
    {
        color = Color::from_sfen_char(c);
        s.i += 1;
    }
    let letter = s.peek();
    let Some(kind) = letter
        .filter(char::is_ascii_uppercase)
        .and_then(PieceKind::from_letter)
    else {
        let expected = match (promoted, color) {
            (_, Some(_)) => format!("a piece letter ({LETTERS}) after the player letter"),
            (true, None) => {
                "a piece letter (P, L, N, S, B, R) or a player letter (b, w) after `+`".to_owned()
            }
            (false, None) => format!(
                "a piece letter ({LETTERS}), `+` before a promoted piece, or a player letter (b, w)"
            ),
        };
        return Err(s.error(expected));
    };
    let kind = if promoted {
        match kind.promote() {
            Some(k) => k,
            None => {
                return Err(s.error(
                    "a letter of a piece that promotes (P, L, N, S, B, R) after `+`: `+K` and `+G` do not exist",
                ));
            }
        }
    } else {
        kind
    };
    s.i += 1;

    // The origin, the action and the destination.
    let mut from = None;
    let mut action = Action::Unmarked;
    let to;
    let sign_expected = if promoted {
        "a square or an action sign (`-`, `x`; a promoted piece is never dropped)"
    } else {
        "a square or an action sign (`-`, `x`, `*`)"
    };
    match s.peek() {
        Some(c) if c.is_ascii_digit() => {
            let (first, first_digits) = s.square("a square")?;
            match s.peek() {
                Some(c) if action_of(c).is_some() => {
                    let (a, _) = action_of(c).unwrap_or((Action::Move, '\0'));
                    if a == Action::Drop {
                        return Err(s.error(
                            "`-` or `x` after the origin square (a drop has no origin square)",
                        ));
                    }
                    s.i += 1;
                    from = Some(first);
                    spelling.from_digits = first_digits;
                    action = a;
                    let (sq, digits) = s.square("the destination square")?;
                    to = sq;
                    spelling.to_digits = digits;
                }
                Some(c) if c.is_ascii_digit() => {
                    from = Some(first);
                    spelling.from_digits = first_digits;
                    let (sq, digits) = s.square("the destination square")?;
                    to = sq;
                    spelling.to_digits = digits;
                }
                _ => {
                    to = first;
                    spelling.to_digits = first_digits;
                }
            }
        }
        Some(c) if action_of(c).is_some() => {
            let (a, sign) = action_of(c).unwrap_or((Action::Move, '\0'));
            if a == Action::Drop && promoted {
                return Err(s.error(sign_expected));
            }
            s.i += 1;
            action = a;
            spelling.drop_sign = sign;
            let (sq, digits) = s.square("the destination square")?;
            to = sq;
            spelling.to_digits = digits;
        }
        _ => return Err(s.error(sign_expected)),
    }

    // The promotion sign, then the end.
    let mut promotion = Promotion::Unmarked;
    if let Some(c @ ('+' | '=')) = s.peek() {
        if action == Action::Drop {
            return Err(s.error("the end of the move (a drop takes no promotion sign)"));
        }
        promotion = if c == '+' {
            Promotion::Promote
        } else {
            Promotion::Decline
        };
        s.i += 1;
    }
    if s.peek().is_some() {
        let expected = match (action, promotion) {
            (Action::Drop, _) | (_, Promotion::Promote | Promotion::Decline) => {
                "the end of the move"
            }
            _ => "a promotion sign (`+` promotes, `=` declines) or the end of the move",
        };
        return Err(s.error(expected));
    }
    Ok(PsnMove {
        kind,
        color,
        from,
        action,
        to,
        promotion,
        spelling,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(text: &str) -> PsnMove {
        parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn every_form_displays_as_written() {
        for text in [
            "P-7f", "P7g-7f", "B8hx3c+", "+B4d-3c", "P*5e", "P'7f", "P@5e", "P-76", "G69-58",
            "P76", "S3c", "G6a5b", "Bx22+", "S'55", "N-4c=", "bP-7f", "wN-3c", "+bR-2b", "P7g7f",
            "G69-5h",
        ] {
            assert_eq!(ok(text).to_string(), text);
        }
        assert_eq!(ok("P\u{2019}7f").to_string(), "P'7f");
        assert_eq!(ok("R7dx7h+?").to_string(), "R7dx7h+");
        assert!(ok("R-7b+#").spelling.mate_sign);
    }

    #[test]
    fn parts_are_read() {
        let m = ok("+wS8cx7b=");
        assert_eq!(m.kind, PieceKind::ProSilver);
        assert_eq!(m.color, Some(Color::White));
        assert_eq!(m.from, Some("8c".parse().unwrap()));
        assert_eq!(m.action, Action::Capture);
        assert_eq!(m.to, "7b".parse().unwrap());
        assert_eq!(m.promotion, Promotion::Decline);
        let m = ok("G6958");
        assert_eq!(m.from, Some("6i".parse().unwrap()));
        assert_eq!(m.to, "5h".parse().unwrap());
        assert_eq!(m.action, Action::Unmarked);
    }

    #[test]
    fn errors_point_at_the_character() {
        let cases = [
            (
                "",
                1,
                "",
                "a piece letter (P, L, N, S, G, B, R, K), `+` before a promoted piece, or a player letter (b, w)",
            ),
            (
                "+K-5h",
                2,
                "K",
                "a letter of a piece that promotes (P, L, N, S, B, R) after `+`: `+K` and `+G` do not exist",
            ),
            (
                "+G-5h",
                2,
                "G",
                "a letter of a piece that promotes (P, L, N, S, B, R) after `+`: `+K` and `+G` do not exist",
            ),
            (
                "p-7f",
                1,
                "p",
                "a piece letter (P, L, N, S, G, B, R, K), `+` before a promoted piece, or a player letter (b, w)",
            ),
            (
                "P7g*7f",
                4,
                "*",
                "`-` or `x` after the origin square (a drop has no origin square)",
            ),
            (
                "P*5e+",
                5,
                "+",
                "the end of the move (a drop takes no promotion sign)",
            ),
            (
                "P*5e=",
                5,
                "=",
                "the end of the move (a drop takes no promotion sign)",
            ),
            (
                "+P*5e",
                3,
                "*",
                "a square or an action sign (`-`, `x`; a promoted piece is never dropped)",
            ),
            (
                "P-0e",
                3,
                "0",
                "the destination square (a file digit 1-9, then a rank a-i or 1-9)",
            ),
            ("P-5j", 4, "j", "a rank a-i or 1-9"),
            ("P-50", 4, "0", "a rank a-i or 1-9"),
            ("P-10a", 4, "0", "a rank a-i or 1-9"),
            ("P-7f+x", 6, "x", "the end of the move"),
            (
                "P-7fx",
                5,
                "x",
                "a promotion sign (`+` promotes, `=` declines) or the end of the move",
            ),
            ("P-7", 4, "", "a rank a-i or 1-9"),
            (
                "bX-7f",
                2,
                "X",
                "a piece letter (P, L, N, S, G, B, R, K) after the player letter",
            ),
            (
                "R7f--4b",
                5,
                "-",
                "the destination square (a file digit 1-9, then a rank a-i or 1-9)",
            ),
            (
                "炮二平五",
                1,
                "炮",
                "a piece letter (P, L, N, S, G, B, R, K), `+` before a promoted piece, or a player letter (b, w)",
            ),
        ];
        for (text, column, found, expected) in cases {
            let e = parse(text).unwrap_err();
            assert_eq!(
                (e.span.start.column, e.found.as_str(), e.expected.as_str()),
                (column, found, expected),
                "{text}"
            );
        }
    }
}
