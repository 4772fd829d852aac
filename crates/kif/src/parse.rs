//! Reading the syntax of one KIF or KI2 move.
//!
//! The grammar, in order: a side mark (`▲` `☗` Black, `△` `☖` White), optional; the square
//! (`７六`) or `同` (both may stand: `７六同歩`, the print form), spaces after `同` (U+3000 or
//! ASCII) optional; the piece name; the relative words, at most one side word (右 左 直) and one
//! movement word (上 寄 引, 行 read as 上), in either order; one of 成, 不成, 生, 打; the origin
//! `(77)` (two ASCII or full-width digits), not after 打.
//!
//! Lenient forms read (the resolver warns about the numerals): ASCII digits for the file,
//! ASCII or full-width digits for the rank (`76歩`, `7六歩`, `７６歩`).
//!
//! Rule: the Kakinoki KIF page (指し手: `７六歩(77)`, `同　歩(76)`, `５五角打`, `成`), the JSA
//! notation rules (棋譜の表記方法: the order square, piece, 右/左, 上/寄/引, 成/不成/打; 生 for
//! 不成 in print, as the Wikipedia article 棋譜 notes).

use std::str::FromStr;

use notation_traits::{Span, SyntaxError};
use shogi_board::{Color, Motion, Relative, Side, Square};

use crate::names::{digits, file_digit, piece_prefix, rank_digit};
use crate::syntax::{KifMove, Promotion};

/// A cursor over the text of one move.
struct Cursor<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Cursor<'a> {
    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn rest(&self) -> &'a str {
        &self.text[self.at..]
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        Some(c)
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.at += c.len_utf8();
            true
        } else {
            false
        }
    }

    /// The error at the current character.
    fn error(&self, expected: &str) -> SyntaxError {
        let found = self.peek().map_or_else(String::new, |c| c.to_string());
        SyntaxError::new(
            Span::locate(self.text, self.at, self.at + found.len()),
            expected,
            found,
        )
    }
}

/// Whether `c` is a side mark, and whose.
pub(crate) fn mark(c: char) -> Option<Color> {
    match c {
        '▲' | '☗' => Some(Color::Black),
        '△' | '☖' => Some(Color::White),
        _ => None,
    }
}

/// Whether `c` is a space inside a move (after `同`): ASCII space or U+3000.
fn is_space(c: char) -> bool {
    c == ' ' || c == '\u{3000}'
}

/// Reads one move: the whole of `text`.
pub(crate) fn parse(text: &str) -> Result<KifMove, SyntaxError> {
    let (mv, used) = parse_prefix(text)?;
    if used < text.len() {
        let cur = Cursor { text, at: used };
        return Err(cur.error("the end of the move"));
    }
    Ok(mv)
}

/// Reads the move at the start of `text`; returns it and the bytes it takes.
pub(crate) fn parse_prefix(text: &str) -> Result<(KifMove, usize), SyntaxError> {
    match canonical(text) {
        Some(read) => Ok(read),
        None => parse_any(text),
    }
}

/// The move at the start of `text` in the form Kifu for Windows and kifu write, read without
/// the character cursor (most moves of a KIF file): a full-width file digit and a kanji rank
/// (`７六`) or `同` with or without U+3000, a piece name, then no word but 成, 不成 or 打 and
/// an origin in ASCII digits. `None` for anything else (a side mark, relative words, 生, other
/// numerals, a fault), which [`parse_any`] reads; where both read, they agree (tested).
fn canonical(text: &str) -> Option<(KifMove, usize)> {
    let (to, same, same_space, mut rest) = match text.strip_prefix('同') {
        Some(after) => match after.strip_prefix('\u{3000}') {
            Some(r) => (None, true, true, r),
            None => (None, true, false, after),
        },
        None => {
            let mut chars = text.chars();
            let file = chars.next().filter(|c| ('１'..='９').contains(c))?;
            let rank = chars.next()?;
            let rank = crate::names::RANK_NUMERALS
                .iter()
                .position(|&k| k == rank)?;
            let file = (file as u32 - '１' as u32) as u8 + 1;
            let to = Square::from_numbers(file, rank as u8 + 1)?;
            (Some(to), false, false, chars.as_str())
        }
    };
    let (piece, piece_name) = piece_prefix(rest)?;
    rest = &rest[piece_name.len()..];
    let mut relative = Relative::NONE;
    let mut promotion = Promotion::Unmarked;
    if let Some(r) = rest.strip_prefix("不成") {
        (promotion, rest) = (Promotion::Decline, r);
    } else if let Some(r) = rest.strip_prefix('成') {
        (promotion, rest) = (Promotion::Promote, r);
    } else if let Some(r) = rest.strip_prefix('打') {
        (relative.drop, rest) = (true, r);
    } else if rest.starts_with(|c: char| {
        matches!(c, '生' | '不')
            || Side::from_japanese(c).is_some()
            || Motion::from_japanese(c).is_some()
    }) {
        return None;
    }
    let mut from = None;
    if let Some(r) = rest.strip_prefix('(') {
        let digit = |b: u8| (b'1'..=b'9').contains(&b).then(|| b - b'0');
        let origin = match r.as_bytes() {
            [f, k, b')', ..] if !relative.drop => Square::from_numbers(digit(*f)?, digit(*k)?),
            _ => None,
        };
        from = Some(origin?);
        rest = &r[3..];
    }
    let read = KifMove {
        color: None,
        to,
        same,
        same_space,
        piece,
        piece_name,
        relative,
        promotion,
        from,
        other_numerals: false,
    };
    Some((read, text.len() - rest.len()))
}

/// Reads the move at the start of `text`, in any form the reader takes; returns it and the
/// bytes it takes.
fn parse_any(text: &str) -> Result<(KifMove, usize), SyntaxError> {
    let mut cur = Cursor { text, at: 0 };
    let mut other_numerals = false;
    let color = cur.peek().and_then(mark);
    if color.is_some() {
        cur.bump();
    }
    let mut to = None;
    let mut same = false;
    if cur.peek() != Some('同') {
        let Some((file, canonical_file)) = cur.peek().and_then(file_digit) else {
            return Err(cur.error("a file digit (１-９) or `同`"));
        };
        cur.bump();
        let Some((rank, canonical_rank)) = cur.peek().and_then(rank_digit) else {
            return Err(cur.error("a rank numeral (一-九)"));
        };
        cur.bump();
        other_numerals |= !canonical_file || !canonical_rank;
        to = Square::from_numbers(file, rank);
    }
    let mut same_space = false;
    if cur.eat('同') {
        same = true;
        while cur.peek().is_some_and(is_space) {
            cur.bump();
            same_space = true;
        }
    }
    let Some((piece, piece_name)) = piece_prefix(cur.rest()) else {
        return Err(cur.error("a piece (歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍)"));
    };
    cur.at += piece_name.len();
    let mut relative = Relative::NONE;
    loop {
        match cur.peek() {
            Some(c) if relative.side.is_none() && Side::from_japanese(c).is_some() => {
                relative.side = Side::from_japanese(c);
                cur.bump();
            }
            Some(c) if relative.motion.is_none() && Motion::from_japanese(c).is_some() => {
                relative.motion = Motion::from_japanese(c);
                cur.bump();
            }
            _ => break,
        }
    }
    let mut promotion = Promotion::Unmarked;
    match cur.peek() {
        Some('成') => {
            cur.bump();
            promotion = Promotion::Promote;
        }
        Some('生') => {
            cur.bump();
            promotion = Promotion::DeclineShort;
        }
        Some('不') => {
            cur.bump();
            if !cur.eat('成') {
                return Err(cur.error("`成` after `不` (不成: not promoting)"));
            }
            promotion = Promotion::Decline;
        }
        Some('打') => {
            cur.bump();
            relative.drop = true;
        }
        _ => {}
    }
    let mut from = None;
    if cur.peek() == Some('(') {
        if relative.drop {
            return Err(cur.error("the end of the move (a drop has no origin square)"));
        }
        let open = cur.at;
        cur.bump();
        let origin = |c: Option<char>| c.and_then(|c| digits(c.encode_utf8(&mut [0; 4])));
        let Some(file) = origin(cur.peek()).filter(|d| (1..=9).contains(d)) else {
            return Err(cur.error("the origin's file digit (1-9)"));
        };
        other_numerals |= !cur.peek().is_some_and(|c| c.is_ascii_digit());
        cur.bump();
        let Some(rank) = origin(cur.peek()).filter(|d| (1..=9).contains(d)) else {
            return Err(cur.error("the origin's rank digit (1-9)"));
        };
        other_numerals |= !cur.peek().is_some_and(|c| c.is_ascii_digit());
        cur.bump();
        if !cur.eat(')') {
            return Err(cur.error("`)` closing the origin square"));
        }
        from = Square::from_numbers(file as u8, rank as u8);
        debug_assert!(from.is_some(), "digits 1-9 at {open}");
    }
    Ok((
        KifMove {
            color,
            to,
            same,
            same_space,
            piece,
            piece_name,
            relative,
            promotion,
            from,
            other_numerals,
        },
        cur.at,
    ))
}

impl FromStr for KifMove {
    type Err = SyntaxError;

    /// Reads one move ([`crate::KifNotation`]'s and [`crate::Ki2Notation`]'s grammar).
    fn from_str(s: &str) -> Result<KifMove, SyntaxError> {
        parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;
    use shogi_board::PieceKind;

    #[rstest]
    #[case("７六歩(77)", "７六歩(77)")]
    #[case("同　歩(76)", "同　歩(76)")]
    #[case("同歩(76)", "同歩(76)")]
    #[case("同 金(32)", "同　金(32)")]
    #[case("５五角打", "５五角打")]
    #[case("２二角成(88)", "２二角成(88)")]
    #[case("２二角不成(88)", "２二角不成(88)")]
    #[case("３三桂生", "３三桂生")]
    #[case("▲５二金右", "▲５二金右")]
    #[case("△６二金左上", "△６二金左上")]
    #[case("☗５二金上左", "▲５二金左上")]
    #[case("７六同歩", "７六同歩")]
    #[case("76歩", "７六歩")]
    #[case("同　成銀(45)", "同　成銀(45)")]
    #[case("１一竜(12)", "１一竜(12)")]
    #[case("５八金直", "５八金直")]
    #[case("５八金行", "５八金上")]
    fn moves_read_and_write(#[case] text: &str, #[case] written: &str) {
        let mv = parse(text).unwrap();
        assert_eq!(mv.to_string(), written);
    }

    #[test]
    fn the_parts_are_read() {
        let mv = parse("△同　成銀右上不成(45)").unwrap();
        assert_eq!(mv.color, Some(Color::White));
        assert!(mv.same && mv.same_space && mv.to.is_none());
        assert_eq!(mv.piece, PieceKind::ProSilver);
        assert_eq!(mv.relative.side, Some(Side::Right));
        assert_eq!(mv.relative.motion, Some(Motion::Up));
        assert_eq!(mv.promotion, Promotion::Decline);
        assert_eq!(mv.from, Some("4e".parse().unwrap()));
    }

    #[rstest]
    #[case("", 1, "a file digit (１-９) or `同`", "")]
    #[case("X六歩", 1, "a file digit (１-９) or `同`", "X")]
    #[case("７歩", 2, "a rank numeral (一-九)", "歩")]
    #[case(
        "７六",
        3,
        "a piece (歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍)",
        ""
    )]
    #[case("７六歩(7", 6, "the origin's rank digit (1-9)", "")]
    #[case("７六歩(77", 7, "`)` closing the origin square", "")]
    #[case("７六歩(77)x", 8, "the end of the move", "x")]
    #[case(
        "５五角打(77)",
        5,
        "the end of the move (a drop has no origin square)",
        "("
    )]
    #[case("２二角不(88)", 5, "`成` after `不` (不成: not promoting)", "(")]
    #[case("７六歩(07)", 5, "the origin's file digit (1-9)", "0")]
    fn errors_point_at_the_character(
        #[case] text: &str,
        #[case] column: u32,
        #[case] expected: &str,
        #[case] found: &str,
    ) {
        let err = parse(text).unwrap_err();
        assert_eq!(err.span.start.column, column, "{text}");
        assert_eq!(err.expected, expected);
        assert_eq!(err.found, found);
    }

    #[test]
    fn the_canonical_form_reads_as_the_general_reader_reads_it() {
        let texts = [
            "７六歩(77)",
            "同　歩(76)",
            "同歩(76)",
            "同 歩(76)",
            "５五角打",
            "２二角成(88)",
            "２二角不成(88)",
            "２二角生(88)",
            "１一成香(12)",
            "５二金右(63)",
            "５二金右",
            "８八龍(82)",
            "８八竜(82)",
            "５九玉(58)",
            "５九王(58)",
            "▲７六歩",
            "76歩(77)",
            "7六歩(77)",
            "７六歩(７７)",
            "７六歩(07)",
            "７六歩(7",
            "７六歩打(77)",
            "７六歩不(77)",
            "７六歩(77)( 0:16/00:00:16)",
            "７六歩(77)extra",
            "７十歩(77)",
            "同　",
            "７六",
            "成銀(45)",
        ];
        for text in texts {
            if let Some(fast) = canonical(text) {
                assert_eq!(Ok(fast), parse_any(text), "{text}");
            }
        }
        // The forms it exists for are its own.
        for text in [
            "７六歩(77)",
            "同　歩(76)",
            "５五角打",
            "２二角成(88)",
            "２二角不成(88)",
        ] {
            assert!(canonical(text).is_some(), "{text}");
        }
    }

    #[test]
    fn a_prefix_ends_where_the_move_does() {
        let text = "▲７三桂不成△５一玉";
        let (mv, used) = parse_prefix(text).unwrap();
        assert_eq!(&text[used..], "△５一玉");
        assert_eq!(mv.promotion, Promotion::Decline);
    }
}
