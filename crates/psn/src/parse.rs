//! Reading the syntax of one PSN move, without a position.
//!
//! The grammar is the seed's, `[+][b|w]Letter[origin][-|x|*]square[+|=]`. What the reader
//! accepts:
//!
//! - squares as file digit and rank letter (`7f`) or two digits (`76`), mixed freely;
//! - the action sign `-`, `x`, `*`, or none (`P76`, `S3c`, `G6a5b`); drops also with `'`
//!   (Hosking, Majewski), the typographic `’` (U+2019) and `@` (XBoard);
//! - an origin square with or without a sign after it (`G4i-5h`, `G6a5b`); MacShogi's
//!   partial origins, the file alone (`G45b`, `G4-5b`, `G455`) or the rank letter alone
//!   (`Sc4d`, `Sc-4d`);
//! - 81Dojo's letters for promoted pieces: `D` (`+R`), `H` (`+B`), `T` (`+P`);
//! - lower-case piece letters (`p-7f`) and upper-case rank letters (`P-7F`), flagged for a
//!   `letter-case` warning;
//! - the player letter `b` or `w` after the `+` of a promoted piece and before the letter
//!   (`bP`, `+bR`);
//! - the promotion sign `+` or `=` after the destination;
//! - annotation glyphs `!` and `?` after the move (dropped; the game reader keeps them), and a
//!   mate sign `#` (dropped, with a warning when the move is resolved).
//!
//! Refused, each with a syntax error naming what was expected: `+K` and `+G`, a drop with an
//! origin square (`P7g*7f`), a drop with a promotion sign (`P*5e+`, `P*5e=`), a promoted piece
//! dropped (`+P*5e`, `D*5e`), `+D`, `+H`, `+T`, squares off the board (`0e`, `5j`, `50`,
//! `10a`), and the capture shorthand (`xL`, `Sx`; only a game knows its square, see the
//! `dialects` module).
//!
//! The grammar is a fixed sequence of short parts, so the reader is a small hand-written
//! scanner (as in `wxf-notation`): each place has one class of characters, and an error names
//! that class and points at the character found there.

use notation_traits::{Span, SyntaxError};
use shogi_board::{Color, PieceKind, Square};

use crate::syntax::{Action, PartialOrigin, Promotion, PsnMove, Spelling};

/// The piece letters, for messages.
const LETTERS: &str = "P, L, N, S, G, B, R, K";

struct Scanner<'a> {
    text: &'a str,
    /// The characters of the move (glyphs at the end removed), with their byte offsets.
    chars: &'a [(usize, char)],
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

    /// Reads a square; returns it, whether its rank was a digit, and whether it was an
    /// upper-case letter.
    fn square(&mut self, what: &str) -> Result<(Square, bool, bool), SyntaxError> {
        let file = match self.peek() {
            Some(c @ '1'..='9') => c as u8 - b'0',
            _ => {
                return Err(
                    self.error(format!("{what} (a file digit 1-9, then a rank a-i or 1-9)"))
                );
            }
        };
        self.i += 1;
        let (rank, digits, upper) = match self.peek().and_then(rank_of) {
            Some(r) => r,
            None => return Err(self.error("a rank a-i or 1-9")),
        };
        self.i += 1;
        match Square::from_numbers(file, rank) {
            Some(sq) => Ok((sq, digits, upper)),
            None => Err(self.error_at(self.i - 1, "a rank a-i or 1-9")),
        }
    }
}

/// The rank of a rank character: its number, whether it is a digit, whether it is an
/// upper-case letter (`A`-`I`, read with a warning).
fn rank_of(c: char) -> Option<(u8, bool, bool)> {
    match c {
        'a'..='i' => Some((c as u8 - b'a' + 1, false, false)),
        'A'..='I' => Some((c as u8 - b'A' + 1, false, true)),
        '1'..='9' => Some((c as u8 - b'0', true, false)),
        _ => None,
    }
}

/// A rank letter (`a`-`i`, also `A`-`I`): its number and whether it is upper case.
fn rank_letter(c: char) -> Option<(u8, bool)> {
    match rank_of(c) {
        Some((n, false, upper)) => Some((n, upper)),
        _ => None,
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

/// The kind a piece letter names, with whether it is one of 81Dojo's letters for a promoted
/// piece (`D` dragon, `H` horse, `T` tokin); either case.
fn letter_kind(c: char) -> Option<(PieceKind, bool)> {
    match c.to_ascii_uppercase() {
        'D' => Some((PieceKind::Dragon, true)),
        'H' => Some((PieceKind::Horse, true)),
        'T' => Some((PieceKind::ProPawn, true)),
        u => PieceKind::from_letter(u).map(|k| (k, false)),
    }
}

/// Whether `c` is a piece letter (`P L N S G B R K D H T`, either case).
fn is_piece_letter(c: char) -> bool {
    letter_kind(c).is_some()
}

/// The capture shorthand of MacShogi and gshogi: `xL`, `x+R`, `Lx`, `Sx+`, `+Rx`, `Sx=`: the
/// piece captures on the square the previous move went to. Returns the piece as written
/// (`L`, `+R`, `D`) and the promotion sign (`+`, `=` or empty), or `None` when `text` is no
/// shorthand.
pub(crate) fn capture_shorthand(text: &str) -> Option<(&str, &str)> {
    let piece_len = |t: &str| -> Option<usize> {
        let body = t.strip_prefix('+').unwrap_or(t);
        let c = body.chars().next()?;
        (c.is_ascii_uppercase() && is_piece_letter(c)).then_some(t.len() - body.len() + 1)
    };
    if let Some(rest) = text.strip_prefix('x') {
        let n = piece_len(rest)?;
        let (piece, sign) = rest.split_at(n);
        return matches!(sign, "" | "+" | "=").then_some((piece, sign));
    }
    let n = piece_len(text)?;
    let (piece, rest) = text.split_at(n);
    let sign = rest.strip_prefix('x')?;
    matches!(sign, "" | "+" | "=").then_some((piece, sign))
}

/// A board move written with both squares and no piece letter, as USI writes it (`4i5h`,
/// `8h2b+`, `2b3c=`): some programs write such moves inside PSN. The kind is left for the
/// position to give (a placeholder until [`crate::Psn`] resolves it, with a warning).
fn piece_left_out(body: &str, spelling: Spelling) -> Option<PsnMove> {
    let b = body.as_bytes();
    let (squares, sign) = b.split_at_checked(4)?;
    let file = |c: u8| (b'1'..=b'9').contains(&c);
    let rank = |c: u8| (b'a'..=b'i').contains(&c);
    if !(file(squares[0]) && rank(squares[1]) && file(squares[2]) && rank(squares[3])) {
        return None;
    }
    let promotion = match sign {
        b"" => Promotion::Unmarked,
        b"+" => Promotion::Promote,
        b"=" => Promotion::Decline,
        _ => return None,
    };
    Some(PsnMove {
        kind: PieceKind::Pawn,
        color: None,
        from: Some(body[..2].parse().ok()?),
        partial: None,
        action: Action::Unmarked,
        to: body[2..4].parse().ok()?,
        promotion,
        spelling: Spelling {
            piece_left_out: true,
            ..spelling
        },
    })
}

/// Reads one move (the whole of `text`).
pub(crate) fn parse(text: &str) -> Result<PsnMove, SyntaxError> {
    let body = text.trim_end_matches(['!', '?', '#']);
    let mate_sign = text[body.len()..].contains('#');
    // The characters on the stack for a text of a move's length (nearly every text read), in
    // a Vec otherwise.
    let mut kept = [(0usize, '\0'); 16];
    let longer: Vec<(usize, char)>;
    let chars: &[(usize, char)] = if body.len() <= kept.len() {
        let mut n = 0;
        for ic in body.char_indices() {
            kept[n] = ic;
            n += 1;
        }
        &kept[..n]
    } else {
        longer = body.char_indices().collect();
        &longer
    };
    let mut s = Scanner {
        text,
        chars,
        end: body.len(),
        i: 0,
    };
    let mut spelling = Spelling {
        mate_sign,
        ..Spelling::default()
    };
    if capture_shorthand(body).is_some() {
        return Err(s.error_at(
            0,
            "a move with its destination: the capture shorthand (`xL`, `Sx`) takes the previous move's square, so it is read only in a game",
        ));
    }

    if let Some(mv) = piece_left_out(body, spelling) {
        return Ok(mv);
    }

    // `+`, the player letter, the piece letter.
    let promoted = s.peek() == Some('+');
    if promoted {
        s.i += 1;
    }
    let mut color = None;
    if let Some(c @ ('b' | 'w')) = s.peek()
        && s.peek_at(s.i + 1).is_some_and(is_piece_letter)
    {
        color = Color::from_sfen_char(c);
        s.i += 1;
    }
    let letter = s.peek();
    let Some((kind, alias)) = letter
        .filter(char::is_ascii_alphabetic)
        .and_then(letter_kind)
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
    spelling.alias = alias;
    spelling.lower_letter = letter.is_some_and(|c| c.is_ascii_lowercase());
    let kind = if promoted {
        match (alias, kind.promote()) {
            (false, Some(k)) => k,
            (true, _) => {
                return Err(s.error(
                    "a letter of a piece that promotes (P, L, N, S, B, R) after `+`: `D`, `H` and `T` are promoted already",
                ));
            }
            (false, None) => {
                return Err(s.error(
                    "a letter of a piece that promotes (P, L, N, S, B, R) after `+`: `+K` and `+G` do not exist",
                ));
            }
        }
    } else {
        kind
    };
    let promoted = promoted || alias;
    s.i += 1;

    // The origin, the action and the destination.
    let mut from = None;
    let mut partial = None;
    let mut action = Action::Unmarked;
    let to;
    let sign_expected = if promoted {
        "a square or an action sign (`-`, `x`; a promoted piece is never dropped)"
    } else {
        "a square or an action sign (`-`, `x`, `*`)"
    };
    // After a partial origin: an optional `-` or `x`, then the destination.
    let after_partial = |s: &mut Scanner<'_>,
                         action: &mut Action,
                         spelling: &mut Spelling|
     -> Result<Square, SyntaxError> {
        if let Some((a @ (Action::Move | Action::Capture), _)) = s.peek().and_then(action_of) {
            *action = a;
            s.i += 1;
        }
        let (sq, digits, upper) = s.square("the destination square")?;
        spelling.to_digits = digits;
        spelling.upper_rank |= upper;
        Ok(sq)
    };
    match s.peek() {
        // MacShogi's rank origin: `Sc4d`.
        Some(c)
            if rank_letter(c).is_some()
                && s.peek_at(s.i + 1)
                    .is_some_and(|n| n.is_ascii_digit() || n == '-' || n == 'x') =>
        {
            let (rank, upper) = rank_letter(c).unwrap_or((1, false));
            spelling.upper_rank |= upper;
            partial = Some(PartialOrigin::Rank(rank));
            s.i += 1;
            to = after_partial(&mut s, &mut action, &mut spelling)?;
        }
        // MacShogi's file origin: `G4-5b`, `G4x5b`.
        Some(c @ '1'..='9')
            if s.peek_at(s.i + 1)
                .and_then(action_of)
                .is_some_and(|(a, _)| a != Action::Drop) =>
        {
            partial = Some(PartialOrigin::File(c as u8 - b'0'));
            s.i += 1;
            to = after_partial(&mut s, &mut action, &mut spelling)?;
        }
        Some(c) if c.is_ascii_digit() => {
            let start = s.i;
            let (first, first_digits, first_upper) = s.square("a square")?;
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
                    spelling.upper_rank |= first_upper;
                    action = a;
                    let (sq, digits, upper) = s.square("the destination square")?;
                    to = sq;
                    spelling.to_digits = digits;
                    spelling.upper_rank |= upper;
                }
                // `G45b`: a file digit, then a square with a rank letter.
                Some(c) if first_digits && rank_letter(c).is_some() => {
                    partial = Some(PartialOrigin::File(first.file().number()));
                    s.i = start + 1;
                    to = after_partial(&mut s, &mut action, &mut spelling)?;
                }
                // `G455`: a file digit, then a square in digits.
                Some(c)
                    if first_digits
                        && c.is_ascii_digit()
                        && s.peek_at(s.i + 1).is_none_or(|n| rank_of(n).is_none()) =>
                {
                    partial = Some(PartialOrigin::File(first.file().number()));
                    s.i = start + 1;
                    to = after_partial(&mut s, &mut action, &mut spelling)?;
                }
                Some(c) if c.is_ascii_digit() => {
                    from = Some(first);
                    spelling.from_digits = first_digits;
                    spelling.upper_rank |= first_upper;
                    let (sq, digits, upper) = s.square("the destination square")?;
                    to = sq;
                    spelling.to_digits = digits;
                    spelling.upper_rank |= upper;
                }
                _ => {
                    to = first;
                    spelling.to_digits = first_digits;
                    spelling.upper_rank |= first_upper;
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
            let (sq, digits, upper) = s.square("the destination square")?;
            to = sq;
            spelling.to_digits = digits;
            spelling.upper_rank |= upper;
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
        partial,
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
    fn dialect_forms_are_read() {
        // MacShogi's partial origins, 81Dojo's letters, lower-case letters, upper-case ranks.
        for (text, kind, partial, to) in [
            ("G45b", PieceKind::Gold, Some(PartialOrigin::File(4)), "5b"),
            ("G4-5b", PieceKind::Gold, Some(PartialOrigin::File(4)), "5b"),
            ("G4x5b", PieceKind::Gold, Some(PartialOrigin::File(4)), "5b"),
            ("G452", PieceKind::Gold, Some(PartialOrigin::File(4)), "5b"),
            (
                "Sc4d",
                PieceKind::Silver,
                Some(PartialOrigin::Rank(3)),
                "4d",
            ),
            (
                "Sc-4d=",
                PieceKind::Silver,
                Some(PartialOrigin::Rank(3)),
                "4d",
            ),
            ("D-5e", PieceKind::Dragon, None, "5e"),
            ("Hx2b", PieceKind::Horse, None, "2b"),
            ("T5c-4b", PieceKind::ProPawn, None, "4b"),
            ("p-7f", PieceKind::Pawn, None, "7f"),
            ("P-7F", PieceKind::Pawn, None, "7f"),
            ("b-5e", PieceKind::Bishop, None, "5e"),
        ] {
            let m = ok(text);
            assert_eq!(
                (m.kind, m.partial, m.to),
                (kind, partial, to.parse().unwrap()),
                "{text}"
            );
        }
        for text in [
            "G45b", "G4-5b", "Sc4d", "Sc-4d=", "D-5e", "Hx2b", "T5c-4b", "p-7f", "bP-7f", "+bR-2b",
        ] {
            assert_eq!(ok(text).to_string(), text);
        }
        assert_eq!(ok("G6958").from, Some("6i".parse().unwrap()));
        assert!(ok("p-7f").spelling.lower_letter);
        assert!(ok("P7G-7F").spelling.upper_rank);
        assert!(ok("D-5e").spelling.alias);
    }

    #[test]
    fn capture_shorthands_are_recognised() {
        for (text, piece, sign) in [
            ("xL", "L", ""),
            ("Sx", "S", ""),
            ("Sx+", "S", "+"),
            ("Sx=", "S", "="),
            ("x+R", "+R", ""),
            ("+Rx", "+R", ""),
            ("xD", "D", ""),
        ] {
            assert_eq!(capture_shorthand(text), Some((piece, sign)), "{text}");
        }
        for text in ["Px7d", "x", "xl", "Lx1d", "P-7f", "x+", "Sxx"] {
            assert_eq!(capture_shorthand(text), None, "{text}");
        }
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
                "a square or an action sign (`-`, `x`, `*`)",
            ),
            (
                "+D-5e",
                2,
                "D",
                "a letter of a piece that promotes (P, L, N, S, B, R) after `+`: `D`, `H` and `T` are promoted already",
            ),
            (
                "D*5e",
                2,
                "*",
                "a square or an action sign (`-`, `x`; a promoted piece is never dropped)",
            ),
            (
                "xL",
                1,
                "x",
                "a move with its destination: the capture shorthand (`xL`, `Sx`) takes the previous move's square, so it is read only in a game",
            ),
            ("Sc-4", 5, "", "a rank a-i or 1-9"),
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
