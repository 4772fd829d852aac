//! Places in a text: byte offsets, lines and columns.
//!
//! Lines and columns count from 1; columns count Unicode scalar values (characters), not bytes,
//! because a xiangqi line such as `炮二平五 马８进７` holds three bytes per character. Offsets count
//! bytes from 0, so a caller can slice the original text with them.

use std::fmt;

/// One place in a text.
///
/// # Examples
///
/// ```
/// use notation_traits::Pos;
///
/// let pos = Pos::locate("炮二平五 马８进７", "炮二平五 ".len());
/// assert_eq!((pos.offset, pos.line, pos.column), (13, 1, 6));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Pos {
    /// Byte offset from the start of the text, starting at 0.
    pub offset: usize,
    /// Line number, starting at 1.
    pub line: u32,
    /// Column, starting at 1, counted in characters.
    pub column: u32,
}

impl Pos {
    /// The start of a text: offset 0, line 1, column 1.
    pub const START: Pos = Pos {
        offset: 0,
        line: 1,
        column: 1,
    };

    /// A place in a binary file (XQF, CBR): byte `offset`, with line and column 0, which no
    /// text place has. [`Pos::is_byte`] tells the two apart; `Display` writes `byte N`.
    ///
    /// ```
    /// use notation_traits::Pos;
    ///
    /// assert_eq!(Pos::byte(1024).to_string(), "byte 1024");
    /// assert!(Pos::byte(0).is_byte() && !Pos::START.is_byte());
    /// ```
    pub const fn byte(offset: usize) -> Pos {
        Pos {
            offset,
            line: 0,
            column: 0,
        }
    }

    /// Whether this is a place in a binary file ([`Pos::byte`]): line 0.
    pub const fn is_byte(&self) -> bool {
        self.line == 0
    }

    /// The place of byte `offset` in `text`. An offset past the end, or inside a character, is
    /// moved back to the nearest character boundary.
    ///
    /// Lines end at `\n`; a `\r` before it counts as a character of the line.
    pub fn locate(text: &str, offset: usize) -> Pos {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        // One pass over the bytes: the line ends, and the characters after the last (every
        // byte but a UTF-8 continuation byte begins one).
        let (mut line, mut column) = (1usize, 1usize);
        for &b in &text.as_bytes()[..offset] {
            if b == b'\n' {
                line += 1;
                column = 1;
            } else if b & 0xC0 != 0x80 {
                column += 1;
            }
        }
        Pos {
            offset,
            line: line as u32,
            column: column as u32,
        }
    }

    /// The place `rest` bytes of `within` further on, where `within` is the text starting at
    /// `self` (it must not hold a line break before that point for the column to stay right; a
    /// line break is followed correctly).
    pub fn advance(self, within: &str, rest: usize) -> Pos {
        let inner = Pos::locate(within, rest);
        if inner.line == 1 {
            Pos {
                offset: self.offset + inner.offset,
                line: self.line,
                column: self.column + inner.column - 1,
            }
        } else {
            Pos {
                offset: self.offset + inner.offset,
                line: self.line + inner.line - 1,
                column: inner.column,
            }
        }
    }
}

impl Default for Pos {
    fn default() -> Self {
        Pos::START
    }
}

impl fmt::Display for Pos {
    /// `line L, column C`, or `byte N` for a place in a binary file.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_byte() {
            return write!(f, "byte {}", self.offset);
        }
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// A stretch of text from `start` (included) to `end` (excluded).
///
/// # Examples
///
/// ```
/// use notation_traits::Span;
///
/// let text = "1. T2=5 H8+7\n2. H2+3 V9=8";
/// let span = Span::locate(text, 16, 20);
/// assert_eq!(&text[span.start.offset..span.end.offset], "H2+3");
/// assert_eq!((span.start.line, span.start.column), (2, 4));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Span {
    /// The first character of the stretch.
    pub start: Pos,
    /// The place just after the last character.
    pub end: Pos,
}

impl Span {
    /// The span of the bytes `start..end` of `text`.
    pub fn locate(text: &str, start: usize, end: usize) -> Span {
        let start = Pos::locate(text, start);
        Span {
            start,
            end: start.advance(&text[start.offset..], end.saturating_sub(start.offset)),
        }
    }

    /// The bytes `start..end` of a binary file ([`Pos::byte`]).
    pub const fn bytes(start: usize, end: usize) -> Span {
        Span {
            start: Pos::byte(start),
            end: Pos::byte(end),
        }
    }

    /// This span, given relative to a token, moved to where the token starts in a larger text.
    ///
    /// `base` is the place of the token's first character; the token must lie on one line.
    pub fn relative_to(self, base: Pos) -> Span {
        let shift = |p: Pos| Pos {
            offset: base.offset + p.offset,
            line: base.line + p.line - 1,
            column: if p.line == 1 {
                base.column + p.column - 1
            } else {
                p.column
            },
        };
        Span {
            start: shift(self.start),
            end: shift(self.end),
        }
    }

    /// Whether the span holds no characters.
    pub fn is_empty(&self) -> bool {
        self.start.offset >= self.end.offset
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.start.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_characters_and_lines_count_from_one() {
        let text = "[Event \"x\"]\n1. 炮二平五 马８进７";
        let at = text.find('马').unwrap();
        let pos = Pos::locate(text, at);
        assert_eq!((pos.line, pos.column), (2, 9));
    }

    #[test]
    fn relative_span_moves_onto_the_line_of_the_token() {
        let token = Span::locate("V++2", 1, 3);
        let base = Pos {
            offset: 100,
            line: 24,
            column: 5,
        };
        let moved = token.relative_to(base);
        assert_eq!(moved.start.offset, 101);
        assert_eq!((moved.start.line, moved.start.column), (24, 6));
        assert_eq!(moved.end.column, 8);
    }

    #[test]
    fn offsets_inside_a_character_move_back() {
        let pos = Pos::locate("炮", 2);
        assert_eq!((pos.offset, pos.column), (0, 1));
    }
}
