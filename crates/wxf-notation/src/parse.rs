//! Reading the syntax of one descriptive move, without a position.
//!
//! A move is four symbols: piece, file, direction, number. What the reader accepts:
//!
//! - the letters of the chosen [`Language`], in either case (lowercase is a warning), and the
//!   language's aliases (a warning);
//! - full-width characters (`Ｃ２＝５`, a warning);
//! - `.` or `=` for sideways, or no sign at all (`C25`);
//! - tandem markers after the letter (`R+.3`, `V++2`) or before it (`+R.3`);
//! - `++` / `--` for the outer pawns of four or five on a file;
//! - the file digit in place of the letter when two files hold doubled pawns (`7+`, `77`, `7-`);
//! - the 2018-rules ordinal form (`15=6`);
//! - a check sign or mate sign after a complete move (`R1+1+`, `R1+1#`).
//!
//! The grammar is four fixed symbols, so the reader is a small hand-written scanner: each
//! position has one character class, and an error names that class.

use notation_traits::{Span, SyntaxError};
use xiangqi_board::Language;

use crate::syntax::{Direction, Marker, PieceSpec, Spelling, WxfMove};

/// One symbol of the token after normalisation, with the byte offset and length of the
/// character it came from.
#[derive(Clone, Copy, Default)]
struct Symbol {
    c: char,
    at: usize,
    len: u8,
    lower: bool,
}

/// The symbols a scanner keeps: the longest move (`+R.3+`, `R1+1++`) has six; the symbols of a
/// longer text past these are only counted, since the move has ended before them.
const KEPT: usize = 8;

struct Scanner<'a> {
    text: &'a str,
    symbols: [Symbol; KEPT],
    /// The symbols of the text, up to one past `KEPT` (more only make it as long).
    count: usize,
    language: Language,
    spelling: Spelling,
    /// Errors without words or place: the caller only asks whether the text parses.
    quiet: bool,
}

impl Scanner<'_> {
    fn symbol(&self, i: usize) -> Option<&Symbol> {
        self.symbols[..self.count.min(KEPT)].get(i)
    }

    fn get(&self, i: usize) -> Option<char> {
        self.symbol(i).map(|s| s.c)
    }

    /// The span of symbol `i` (the end of the text when `i` is past the last symbol).
    fn span(&self, i: usize) -> Span {
        let (start, end) = self
            .symbol(i)
            .map_or((self.text.len(), self.text.len()), |s| {
                (s.at, s.at + usize::from(s.len))
            });
        Span::locate(self.text, start, end)
    }

    fn error(&self, i: usize, expected: &str) -> SyntaxError {
        self.error_by(i, || expected.to_owned())
    }

    /// An error at symbol `i` whose words `expected` gives, built only when they are wanted.
    fn error_by(&self, i: usize, expected: impl FnOnce() -> String) -> SyntaxError {
        if self.quiet {
            return SyntaxError::new(Span::default(), String::new(), String::new());
        }
        let span = self.span(i);
        let found = &self.text[span.start.offset..span.end.offset];
        SyntaxError::new(span, expected(), found)
    }

    fn letter_expected(&self) -> String {
        format!("a piece letter ({})", self.language.letter_list())
    }

    fn kind(&mut self, i: usize) -> Result<xiangqi_board::PieceKind, SyntaxError> {
        let c = self.get(i).unwrap_or('\0');
        match self.language.kind(c) {
            Some((kind, alias)) => {
                self.spelling.alias |= alias;
                self.spelling.letter = c;
                self.spelling.lowercase |= self.symbol(i).is_some_and(|s| s.lower);
                Ok(kind)
            }
            None => Err(self.error_by(i, || {
                format!(
                    "{}, a tandem marker (+ front, - rear) or a file digit 1-9",
                    self.letter_expected()
                )
            })),
        }
    }
}

fn marker(c: char) -> Option<Marker> {
    match c {
        '+' => Some(Marker::Front),
        '-' => Some(Marker::Rear),
        _ => None,
    }
}

fn digit(c: Option<char>) -> Option<u8> {
    match c {
        Some(c @ '1'..='9') => Some(c as u8 - b'0'),
        _ => None,
    }
}

/// Reads one move (the whole of `text`).
pub(crate) fn parse(text: &str, language: Language) -> Result<WxfMove, SyntaxError> {
    scan(text, language, false)
}

/// Whether `text` is one move: [`parse`] without the words and place of an error, for the
/// detection that tries every text in every letter set.
pub(crate) fn parse_quietly(text: &str, language: Language) -> Result<WxfMove, SyntaxError> {
    scan(text, language, true)
}

fn scan(text: &str, language: Language, quiet: bool) -> Result<WxfMove, SyntaxError> {
    let mut spelling = Spelling::default();
    let mut symbols = [Symbol::default(); KEPT];
    let mut count = 0;
    for (at, c) in text.char_indices() {
        if count < KEPT {
            let mut c = c;
            let len = c.len_utf8() as u8;
            if ('\u{FF01}'..='\u{FF5E}').contains(&c) {
                c = char::from_u32(c as u32 - 0xFEE0).unwrap_or(c);
                spelling.fullwidth = true;
            }
            let lower = c.is_ascii_lowercase();
            if lower {
                c = c.to_ascii_uppercase();
            }
            symbols[count] = Symbol { c, at, len, lower };
        }
        count += 1;
        if count > KEPT {
            // Too long for a move: where it fails is among the kept symbols.
            break;
        }
    }
    let mut s = Scanner {
        text,
        symbols,
        count,
        language,
        spelling,
        quiet,
    };
    let c0 = s.get(0);
    let piece = match c0 {
        None => return Err(s.error_by(0, || s.letter_expected())),
        Some(m @ ('+' | '-')) => {
            let m = marker(m).unwrap_or(Marker::Front);
            match s.get(1) {
                Some(c1) if c1 == c0.unwrap_or(' ') => {
                    let marker = if m == Marker::Front {
                        Marker::Foremost
                    } else {
                        Marker::Rearmost
                    };
                    PieceSpec::PawnExtreme { marker }
                }
                Some(c1) if language.kind(c1).is_some() => {
                    let kind = s.kind(1)?;
                    s.spelling.marker_before = true;
                    PieceSpec::Tandem { kind, marker: m }
                }
                _ => {
                    return Err(s.error_by(1, || {
                        format!(
                            "{} after the tandem marker, or a second `{}`",
                            s.letter_expected(),
                            c0.unwrap_or('+')
                        )
                    }));
                }
            }
        }
        Some('1'..='9') => {
            let d0 = digit(c0).unwrap_or(1);
            match (s.get(1), digit(s.get(1))) {
                (Some(m @ ('+' | '-')), _) => PieceSpec::PawnOnFile {
                    file: d0,
                    marker: marker(m).unwrap_or(Marker::Front),
                },
                (_, Some(d1)) if d1 == d0 => PieceSpec::PawnOnFile {
                    file: d0,
                    marker: Marker::Middle,
                },
                (_, Some(d1)) if (1..=5).contains(&d0) => PieceSpec::PawnOrdinal {
                    ordinal: d0,
                    file: d1,
                },
                (_, Some(_)) => {
                    return Err(s.error(
                        0,
                        "a pawn's place on its file (1-5 from the front) before the file digit",
                    ));
                }
                _ => {
                    return Err(s.error(
                        1,
                        "a tandem marker (+ front, - rear) or a file digit after the pawn's file",
                    ));
                }
            }
        }
        Some(_) => {
            let kind = s.kind(0)?;
            let op_follows =
                matches!(s.get(2), Some('+' | '-' | '.' | '=')) && digit(s.get(3)).is_some();
            match s.get(1) {
                Some(m @ ('+' | '-')) => PieceSpec::Tandem {
                    kind,
                    marker: marker(m).unwrap_or(Marker::Front),
                },
                // xqbase: `P.` the middle pawn of three, `Pa`..`Pe` counted over doubled files.
                Some('.') if op_follows => PieceSpec::Tandem {
                    kind,
                    marker: Marker::Middle,
                },
                Some(c @ 'A'..='E') if kind == xiangqi_board::PieceKind::Pawn && op_follows => {
                    PieceSpec::PawnAcross {
                        ordinal: c as u8 - b'A' + 1,
                    }
                }
                c1 => match digit(c1) {
                    Some(file) => PieceSpec::OnFile { kind, file },
                    None => {
                        return Err(
                            s.error(1, "a file digit 1-9 or a tandem marker (+ front, - rear)")
                        );
                    }
                },
            }
        }
    };
    let (direction, number, next) = match (s.get(2), digit(s.get(3))) {
        (Some('+'), Some(n)) => (Direction::Advance, n, 4),
        (Some('-'), Some(n)) => (Direction::Retreat, n, 4),
        (Some(sign @ ('.' | '=')), Some(n)) => {
            s.spelling.sideways = Some(sign);
            (Direction::Traverse, n, 4)
        }
        (Some('+' | '-' | '.' | '='), None) => {
            return Err(s.error(3, "a number 1-9 (steps, or the destination file)"));
        }
        (c2, _) => match digit(c2) {
            Some(n) => (Direction::Traverse, n, 3),
            None => {
                return Err(s.error(
                    2,
                    "a direction (+ forward, - back, . or = sideways) and a number 1-9",
                ));
            }
        },
    };
    let kept = s.count.min(KEPT);
    let trailing: String = s.symbols[next.min(kept)..kept]
        .iter()
        .map(|sym| sym.c)
        .collect();
    if s.count > KEPT || (!trailing.is_empty() && !matches!(trailing.as_str(), "+" | "++" | "#")) {
        // Past a check or mate sign only the end of the move may follow: the error points at
        // the first symbol after it, and says so (`C2.5+++`: a third `+` after `++`).
        let sign = ["++", "+", "#"]
            .into_iter()
            .find(|sign| trailing.starts_with(sign))
            .unwrap_or_default();
        return Err(if sign.is_empty() {
            s.error(
                next,
                "the end of the move (or a check sign `+` or mate sign `#`)",
            )
        } else {
            let what = if sign == "#" { "mate" } else { "check" };
            s.error_by(next + sign.len(), || {
                format!("the end of the move after its {what} sign `{sign}`")
            })
        });
    }
    s.spelling.trailing = trailing;
    Ok(WxfMove {
        piece,
        direction,
        number,
        spelling: s.spelling,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi_board::PieceKind;

    fn ok(text: &str, lang: Language) -> WxfMove {
        parse(text, lang).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn the_forms_of_the_seed_and_the_wxf_page() {
        let fi = Language::Finnish;
        assert_eq!(ok("T2=5", fi).to_string(), "T2=5");
        assert_eq!(
            ok("V++2", fi).piece,
            PieceSpec::Tandem {
                kind: PieceKind::Chariot,
                marker: Marker::Front
            }
        );
        assert_eq!(ok("V-+3", fi).to_string(), "V-+3");
        let en = Language::English;
        let m = ok("+C.5", en);
        assert!(m.spelling.marker_before);
        assert_eq!(m.to_string(), "C+.5");
        assert_eq!(ok("C25", en).direction, Direction::Traverse);
        assert_eq!(
            ok("+++1", en).piece,
            PieceSpec::PawnExtreme {
                marker: Marker::Foremost
            }
        );
        assert_eq!(
            ok("33.4", en).piece,
            PieceSpec::PawnOnFile {
                file: 3,
                marker: Marker::Middle
            }
        );
        assert_eq!(
            ok("15=6", en).piece,
            PieceSpec::PawnOrdinal {
                ordinal: 1,
                file: 5
            }
        );
        let m = ok("Ｃ２＝５", en);
        assert!(m.spelling.fullwidth);
        assert_eq!(m.to_string(), "C2=5");
        assert_eq!(ok("R1+1+", en).spelling.trailing, "+");
    }

    #[test]
    fn errors_point_at_the_symbol() {
        let e = parse("X2.5", Language::English).unwrap_err();
        assert_eq!(
            e.to_string(),
            "expected a piece letter (K, A, E, H, R, C, P), a tandem marker (+ front, - rear) or a file digit 1-9, found `X`"
        );
        let e = parse("C2*5", Language::English).unwrap_err();
        assert_eq!(e.span.start.column, 3);
        assert_eq!(e.found, "*");
        let e = parse("C2.", Language::English).unwrap_err();
        assert_eq!(e.found, "");
        assert_eq!(e.span.start.column, 4);
        let e = parse("C2.5x", Language::English).unwrap_err();
        assert_eq!(e.found, "x");
        let e = parse("炮二平五", Language::English).unwrap_err();
        assert_eq!(e.found, "炮");
        // Past `++` (the double check sign) the third `+` is the fault.
        let e = parse("C2.5+++++", Language::English).unwrap_err();
        assert_eq!((e.found.as_str(), e.span.start.column), ("+", 7));
        assert_eq!(
            e.to_string(),
            "expected the end of the move after its check sign `++`, found `+`"
        );
        let e = parse("C2.5#x", Language::English).unwrap_err();
        assert_eq!((e.found.as_str(), e.span.start.column), ("x", 6));
        assert_eq!(
            e.to_string(),
            "expected the end of the move after its mate sign `#`, found `x`"
        );
        let e = parse("C2.5+++++++++", Language::English).unwrap_err();
        assert_eq!((e.found.as_str(), e.span.start.column), ("+", 7));
    }

    #[test]
    fn a_quiet_parse_gives_the_same_syntax_and_fails_where_parse_fails() {
        let texts = [
            "C2.5",
            "c2=5",
            "C25",
            "+C.5",
            "R++2",
            "+++1",
            "33.4",
            "15=6",
            "Ｃ２＝５",
            "R1+1+",
            "R1+1++",
            "R1+1#",
            "P.+1",
            "Pb+1",
            "7+",
            "X2.5",
            "C2*5",
            "C2.",
            "C2.5x",
            "炮二平五",
            "",
            "+",
            "++",
            "65=4",
            "C2.5+++++",
            "R1+1+#",
            "H2+3",
            "V2+3",
            "W2+3",
            "T2.5",
        ];
        for lang in Language::ALL {
            for text in texts {
                let loud = parse(text, lang).map(|m| format!("{m:?}"));
                let quiet = parse_quietly(text, lang).map(|m| format!("{m:?}"));
                assert_eq!(loud.is_ok(), quiet.is_ok(), "{text} in {lang:?}");
                if let (Ok(a), Ok(b)) = (loud, quiet) {
                    assert_eq!(a, b, "{text} in {lang:?}");
                }
            }
        }
    }
}
