//! Places in a text read whole (DhtmlXQ), found without rescanning the text for each one: the
//! line starts are counted once.

use notation_traits::{Pos, Span};

/// Turns byte offsets of one text into places (line and column from 1, columns in characters).
#[derive(Clone, Debug)]
pub(crate) struct Locator<'a> {
    text: &'a str,
    /// The offset of each line's first byte.
    line_starts: Vec<usize>,
}

impl<'a> Locator<'a> {
    /// A locator over `text`.
    pub(crate) fn new(text: &'a str) -> Locator<'a> {
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Locator { text, line_starts }
    }

    /// The place of byte `offset` (moved back to a character boundary).
    pub(crate) fn pos(&self, offset: usize) -> Pos {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.line_starts.partition_point(|&s| s <= offset);
        let start = self.line_starts[line - 1];
        Pos {
            offset,
            line: line as u32,
            column: 1 + self.text[start..offset].chars().count() as u32,
        }
    }

    /// The span of bytes `start..end`.
    pub(crate) fn span(&self, start: usize, end: usize) -> Span {
        Span {
            start: self.pos(start),
            end: self.pos(end),
        }
    }

    /// The offset where the line holding `offset` starts.
    pub(crate) fn line_start(&self, offset: usize) -> usize {
        let line = self.line_starts.partition_point(|&s| s <= offset);
        self.line_starts[line - 1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_agree_with_pos_locate() {
        let text = "ab\n炮二\r\nxyz\n";
        let loc = Locator::new(text);
        for offset in 0..=text.len() {
            assert_eq!(
                loc.pos(offset),
                Pos::locate(text, offset),
                "offset {offset}"
            );
        }
        assert_eq!(loc.line_start(5), 3);
    }
}
