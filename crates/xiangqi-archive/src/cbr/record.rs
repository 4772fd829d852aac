//! One CCBridge record (象棋桥 `.cbr`, and each game of a `.cbl` library): its fixed-offset
//! header with UTF-16LE texts, its 90-byte board and its move stream.
//!
//! Layout (version byte 19 = 2, what CCBridge writes; offsets in bytes from the record's
//! magic `CCBridge Record\0`): texts (UTF-16LE, ended by a NUL unit inside their field) from
//! 52 (script file, title, category path, source, event category, event, round, group, table,
//! date, site, time rule, Red player, team, time, rating, Black player, team, time, rating,
//! referee, recorder, commentator, commentator e-mail, author, author e-mail, created,
//! modified); 2040 the game kind; 2044 its nature (text); 2076 the result (0 unknown, 1 Red
//! won, 2 Black won, 3 draw, 4 several); 2080 how it ended (text); 2112 who moves first (1
//! Red, 2 Black); 2116 the move number (16 bits); 2120 the board, 90 bytes top row first
//! (Black's back rank), each 0 or colour·16 + piece (colour 1 Red, 2 Black; piece 1 chariot,
//! 2 horse, 3 elephant, 4 advisor, 5 king, 6 cannon, 7 pawn); 2214 the moves. Version 1 lacks
//! the script file (128 bytes) and the referee and recorder (128 bytes), so its fields stand
//! 128 or 256 bytes earlier and its moves start at 1958, and it writes a point as one byte of
//! two hex digits (file, row from the top) instead of a board index.
//!
//! The moves: four bytes each (flags, unused, from, to; the points as board indexes), flags
//! 0x01 "the line ends here", 0x02 "an alternative to this move follows its line", 0x04 "a
//! 32-bit byte length and a UTF-16LE comment follow". The first record, with equal points, is
//! the start position's (its comment is the game's); a record with equal points after it ends
//! the moves. The tree is rebuilt as XQF's ([`crate::tree::Walk`]) with "continued" = no 0x01.
//!
//! Sources: xusheng6/pikaboard `docs/ccbridge-format.md` (a description checked against 14
//! libraries, 248 games, read for the layout, nothing copied), the behaviour of the public
//! readers (vschess `function.cbr.js`, cchess `read_cbr.py`; LGPL/GPL, read for behaviour,
//! never copied), and the files those describe. Version 1 rests on vschess's reading alone.

use notation_traits::{Diagnostic, FormatGame, GameRecord, RawGame, Severity, Span, Tag};
use xiangqi_board::{Color, Piece, PieceKind, Position, Square};

use crate::iccs_text::{move_text, notation, square};
use crate::setup::Setup;
use crate::text::{decode_utf16le, normalize_comment};
use crate::tree::{ReadMove, Tree, Walk, main_line};

/// The record's magic.
pub(crate) const RECORD_MAGIC: &[u8; 16] = b"CCBridge Record\0";

/// Where a version's fields stand.
struct Layout {
    strings: &'static [(usize, usize, &'static str)],
    kind: usize,
    result: usize,
    side: usize,
    number: usize,
    board: usize,
    moves: usize,
    /// Whether points are two hex digits (version 1) rather than board indexes.
    hex_points: bool,
}

const V2: Layout = Layout {
    strings: &[
        (52, 128, "ScriptFile"),
        (180, 128, "Title"),
        (308, 256, "Category"),
        (564, 64, "Source"),
        (628, 64, "EventCategory"),
        (692, 64, "Event"),
        (756, 64, "Round"),
        (820, 32, "Group"),
        (852, 32, "Table"),
        (884, 64, "Date"),
        (948, 64, "Site"),
        (1012, 64, "TimeControl"),
        (1076, 64, "Red"),
        (1140, 64, "RedTeam"),
        (1204, 64, "RedTime"),
        (1268, 32, "RedRating"),
        (1300, 64, "Black"),
        (1364, 64, "BlackTeam"),
        (1428, 64, "BlackTime"),
        (1492, 32, "BlackRating"),
        (1524, 64, "Referee"),
        (1588, 64, "Recorder"),
        (1652, 64, "Annotator"),
        (1716, 64, "AnnotatorEmail"),
        (1780, 64, "Author"),
        (1844, 64, "AuthorEmail"),
        (1908, 40, "Created"),
        (1972, 40, "Modified"),
        (2044, 32, "Nature"),
        (2080, 32, "Termination"),
    ],
    kind: 2040,
    result: 2076,
    side: 2112,
    number: 2116,
    board: 2120,
    moves: 2214,
    hex_points: false,
};

const V1: Layout = Layout {
    strings: &[
        (52, 128, "Title"),
        (180, 256, "Category"),
        (436, 64, "Source"),
        (500, 64, "EventCategory"),
        (564, 64, "Event"),
        (628, 64, "Round"),
        (692, 32, "Group"),
        (724, 32, "Table"),
        (756, 64, "Date"),
        (820, 64, "Site"),
        (884, 64, "TimeControl"),
        (948, 64, "Red"),
        (1012, 64, "RedTeam"),
        (1076, 64, "RedTime"),
        (1140, 32, "RedRating"),
        (1172, 64, "Black"),
        (1236, 64, "BlackTeam"),
        (1300, 64, "BlackTime"),
        (1364, 32, "BlackRating"),
        (1396, 64, "Annotator"),
        (1460, 64, "AnnotatorEmail"),
        (1524, 64, "Author"),
        (1588, 64, "AuthorEmail"),
        (1652, 40, "Created"),
        (1716, 40, "Modified"),
        (1788, 32, "Nature"),
        (1824, 32, "Termination"),
    ],
    kind: 1784,
    result: 1820,
    side: 1856,
    number: 1860,
    board: 1864,
    moves: 1958,
    hex_points: true,
};

/// The byte of the record's version (1, 2).
const VERSION: usize = 19;

/// Reads the record in `bytes` (its magic first), which stands at file offset `base`; `extra`
/// tags (a library's) are added after its own, `notes` to its diagnostics.
pub(crate) fn read_record(
    bytes: &[u8],
    base: usize,
    extra: &[Tag],
    notes: Vec<Diagnostic>,
) -> FormatGame<Position> {
    let mut reader = Reader {
        bytes,
        base,
        diagnostics: notes,
    };
    let mut record = GameRecord {
        span: Span::bytes(base, base + bytes.len()),
        ..GameRecord::default()
    };
    let start = reader.read(&mut record);
    record.tags.extend_from_slice(extra);
    FormatGame {
        raw: RawGame {
            record,
            diagnostics: reader.diagnostics,
            source: String::new(),
        },
        start,
        notation: Some(notation()),
        terminal: None,
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    base: usize,
    diagnostics: Vec<Diagnostic>,
}

impl Reader<'_> {
    fn span(&self, from: usize, to: usize) -> Span {
        Span::bytes(self.base + from, self.base + to)
    }

    fn warn(&mut self, code: &'static str, message: String, span: Span) {
        self.diagnostics
            .push(Diagnostic::new(Severity::Warning, code, message).at(span));
    }

    fn read(&mut self, record: &mut GameRecord<()>) -> Result<Position, Box<Diagnostic>> {
        let bytes = self.bytes;
        if !bytes.starts_with(RECORD_MAGIC) {
            return Err(Box::new(
                Diagnostic::new(
                    Severity::Error,
                    "bad-header",
                    "not a CCBridge record: it does not start with `CCBridge Record`".to_owned(),
                )
                .at(self.span(0, bytes.len().min(16))),
            ));
        }
        let layout = match bytes.get(VERSION) {
            Some(1) => &V1,
            Some(2) => &V2,
            Some(&v) => {
                return Err(Box::new(
                    Diagnostic::new(
                        Severity::Error,
                        "bad-header",
                        format!(
                            "CCBridge record version {v} (byte 19) is not one kifu reads: it knows versions 1 and 2"
                        ),
                    )
                    .at(self.span(VERSION, VERSION + 1)),
                ));
            }
            None => return Err(self.cut(0, "the record's header")),
        };
        if bytes.len() < layout.moves {
            return Err(self.cut(bytes.len(), "the record's header"));
        }
        self.tags(record, layout);
        let setup = self.board(layout);
        let mut setup = match setup {
            Ok(s) => s,
            Err(d) => {
                let tree = self.tree(layout);
                record.main = main_line(&tree, &mut self.diagnostics);
                return Err(d);
            }
        };
        let tree = self.tree(layout);
        self.side_to_move(layout, &mut setup, &tree);
        let number = u16::from_le_bytes([bytes[layout.number], bytes[layout.number + 1]]);
        setup.move_number = u32::from(number).max(1);
        record.main = main_line(&tree, &mut self.diagnostics);
        setup.position().map_err(|e| {
            Box::new(
                Diagnostic::new(
                    Severity::Error,
                    "bad-piece-table",
                    format!("the board is no legal start position: {e}"),
                )
                .at(self.span(layout.board, layout.board + 90))
                .with_position(setup.to_fen()),
            )
        })
    }

    fn cut(&self, at: usize, what: &str) -> Box<Diagnostic> {
        Box::new(
            Diagnostic::new(
                Severity::Error,
                "truncated-file",
                format!("the record ends at byte {} inside {what}", self.base + at),
            )
            .at(self.span(at, at)),
        )
    }

    fn tags(&mut self, record: &mut GameRecord<()>, layout: &Layout) {
        for &(offset, size, tag) in layout.strings {
            let span = self.span(offset, offset + size);
            let decoded = decode_utf16le(&self.bytes[offset..offset + size]);
            if decoded.damaged {
                self.warn(
                    "undecodable-text",
                    format!(
                        "the {tag} field (byte {}) holds code units that are no UTF-16 text: they read as U+FFFD",
                        self.base + offset
                    ),
                    span,
                );
            }
            let value = decoded.text.trim().to_owned();
            if !value.is_empty() {
                record.tags.push(Tag {
                    name: tag.to_owned(),
                    value,
                    span,
                });
            }
        }
        let kind = self.bytes[layout.kind];
        if kind != 0 {
            record.tags.push(Tag {
                name: "GameKind".to_owned(),
                value: kind.to_string(),
                span: self.span(layout.kind, layout.kind + 1),
            });
        }
        let code = self.bytes[layout.result];
        let span = self.span(layout.result, layout.result + 1);
        let result = match code {
            0 => "*",
            1 => "1-0",
            2 => "0-1",
            3 => "1/2-1/2",
            4 => {
                self.warn(
                    "bad-header",
                    "the result byte is 4 (several results), no single result: read as unknown"
                        .to_owned(),
                    span,
                );
                "*"
            }
            _ => {
                self.warn(
                    "bad-header",
                    format!(
                        "the result byte is {code}, none of 0 (unknown), 1 (Red won), 2 (Black won), 3 (draw), 4 (several): read as unknown"
                    ),
                    span,
                );
                "*"
            }
        };
        record.tags.push(Tag {
            name: "Result".to_owned(),
            value: result.to_owned(),
            span,
        });
    }

    fn board(&mut self, layout: &Layout) -> Result<Setup, Box<Diagnostic>> {
        let mut setup = Setup::new();
        for index in 0..90 {
            let at = layout.board + index;
            let value = self.bytes[at];
            if value == 0 {
                continue;
            }
            let color = match value >> 4 {
                1 => Some(Color::Red),
                2 => Some(Color::Black),
                _ => None,
            };
            let kind = match value & 0x0F {
                1 => Some(PieceKind::Chariot),
                2 => Some(PieceKind::Horse),
                3 => Some(PieceKind::Elephant),
                4 => Some(PieceKind::Advisor),
                5 => Some(PieceKind::King),
                6 => Some(PieceKind::Cannon),
                7 => Some(PieceKind::Pawn),
                _ => None,
            };
            let (Some(color), Some(kind)) = (color, kind) else {
                return Err(Box::new(
                    Diagnostic::new(
                        Severity::Error,
                        "bad-piece-table",
                        format!(
                            "board byte {} is 0x{value:02X}, no piece (0x11-0x17 Red, 0x21-0x27 Black)",
                            self.base + at
                        ),
                    )
                    .at(self.span(at, at + 1)),
                ));
            };
            let sq = index_square(index as u8).unwrap_or_else(|| unreachable!("index below 90"));
            // Each index is one point: no two pieces can share it.
            let _ = setup.put(sq, Piece::new(color, kind));
        }
        Ok(setup)
    }

    /// The move tree.
    fn tree(&mut self, layout: &Layout) -> Tree<ReadMove> {
        let mut stream = Stream {
            bytes: self.bytes,
            at: layout.moves,
            base: self.base,
            hex_points: layout.hex_points,
        };
        let first = match stream.next() {
            Ok(first) => first,
            Err(e) => {
                self.diagnostics.push(*e);
                return Tree::new(ReadMove::root(self.span(layout.moves, layout.moves), None));
            }
        };
        let mut tree;
        let mut walk;
        let mut pending = None;
        if first.from == first.to {
            let comment = self.comment(&first, 0);
            if first.flags & 0x02 != 0 {
                self.warn(
                    "bad-move-record",
                    "the start position's record has its alternative flag set, which means nothing there: ignored".to_owned(),
                    self.span(first.start, first.end),
                );
            }
            tree = Tree::new(ReadMove::root(self.span(first.start, first.end), comment));
            walk = Walk::new(first.flags & 0x01 == 0);
        } else {
            // No record for the start position: the first record is the first move.
            tree = Tree::new(ReadMove::root(self.span(first.start, first.start), None));
            walk = Walk::new(true);
            pending = Some(first);
        }
        while let Some(parent) = walk.parent() {
            let ply = tree.node(parent).data.ply + 1;
            let rec = match pending.take() {
                Some(rec) => rec,
                None => match stream.next() {
                    Ok(rec) => rec,
                    Err(e) => {
                        self.diagnostics.push((*e).with_ply(ply));
                        break;
                    }
                },
            };
            if rec.from == rec.to {
                if tree.len() > 1 {
                    self.diagnostics.push(
                        Diagnostic::new(
                            Severity::Error,
                            "bad-move-record",
                            format!(
                                "the record at byte {} gives the same point twice, a blank record: the moves end here",
                                self.base + rec.start
                            ),
                        )
                        .at(self.span(rec.start, rec.end))
                        .with_ply(ply),
                    );
                }
                break;
            }
            let comment = self.comment(&rec, ply);
            let text = self.text(&rec);
            let node = tree.add(
                parent,
                ReadMove {
                    text,
                    span: self.span(rec.start, rec.end),
                    comment,
                    ply,
                },
            );
            walk.step(node, rec.flags & 0x01 == 0, rec.flags & 0x02 != 0);
        }
        tree
    }

    fn text(&self, rec: &Move) -> Result<String, String> {
        let point = |value: u8, which: &str| {
            let sq = if rec.hex_points {
                hex_square(value)
            } else {
                index_square(value)
            };
            sq.ok_or_else(|| {
                format!(
                    "the record at byte {} gives {value} (0x{value:02X}) as its {which}-point, which is off the board",
                    self.base + rec.start
                )
            })
        };
        Ok(move_text(point(rec.from, "from")?, point(rec.to, "to")?))
    }

    fn comment(&mut self, rec: &Move, ply: u32) -> Option<String> {
        let (from, to) = rec.comment?;
        let decoded = decode_utf16le(&self.bytes[from..to]);
        if decoded.damaged {
            let d = Diagnostic::new(
                Severity::Warning,
                "undecodable-text",
                format!(
                    "the comment of the record at byte {} holds code units that are no UTF-16 text: they read as U+FFFD",
                    self.base + rec.start
                ),
            )
            .at(self.span(from, to));
            self.diagnostics
                .push(if ply == 0 { d } else { d.with_ply(ply) });
        }
        let text = normalize_comment(&decoded.text);
        (!text.is_empty()).then_some(text)
    }

    fn side_to_move(&mut self, layout: &Layout, setup: &mut Setup, tree: &Tree<ReadMove>) {
        let value = self.bytes[layout.side];
        let span = self.span(layout.side, layout.side + 1);
        let stated = match value {
            1 => Some(Color::Red),
            2 => Some(Color::Black),
            _ => None,
        };
        let mover = tree
            .node(Tree::<ReadMove>::ROOT)
            .children
            .iter()
            .find_map(|&c| tree.node(c).data.text.as_ref().ok())
            .and_then(|t| t.get(..2))
            .and_then(|from| from.parse::<Square>().ok())
            .and_then(|sq| setup.piece_at(sq))
            .map(|p| p.color);
        setup.side = match (stated, mover) {
            (Some(s), Some(m)) if s != m => {
                self.warn(
                    "bad-header",
                    format!(
                        "the side byte says {} moves first, but the first move is {}'s: {} is to move",
                        s.name(),
                        m.name(),
                        m.name()
                    ),
                    span,
                );
                m
            }
            (Some(s), _) => s,
            (None, found) => {
                let side = found.unwrap_or(Color::Red);
                self.warn(
                    "bad-header",
                    format!(
                        "the side byte is {value}, neither 1 (Red) nor 2 (Black): {} is to move",
                        side.name()
                    ),
                    span,
                );
                side
            }
        };
    }
}

/// The point of board index `index` (top row first): file index % 9, rank 9 - index / 9.
fn index_square(index: u8) -> Option<Square> {
    if index >= 90 {
        return None;
    }
    square(index % 9, 9 - index / 9)
}

/// The point of a version-1 point byte: file in the high hex digit, row from the top in the
/// low one.
fn hex_square(value: u8) -> Option<Square> {
    let (file, row) = (value >> 4, value & 0x0F);
    if file > 8 || row > 9 {
        return None;
    }
    square(file, 9 - row)
}

/// A move record of the stream.
struct Move {
    flags: u8,
    from: u8,
    to: u8,
    hex_points: bool,
    /// Where its comment text stands, in the record.
    comment: Option<(usize, usize)>,
    start: usize,
    end: usize,
}

struct Stream<'a> {
    bytes: &'a [u8],
    at: usize,
    base: usize,
    hex_points: bool,
}

impl Stream<'_> {
    fn cut(&self, start: usize, what: &str) -> Box<Diagnostic> {
        Box::new(Diagnostic::new(
            Severity::Error,
            "truncated-file",
            format!(
                "the record ends inside {what} of the move record at byte {}: the moves end here",
                self.base + start
            ),
        )
        .at(Span::bytes(self.base + start, self.base + self.bytes.len())))
    }

    fn next(&mut self) -> Result<Move, Box<Diagnostic>> {
        let start = self.at;
        let Some(head) = self.bytes.get(start..start + 4) else {
            return Err(self.cut(start, "the four move bytes"));
        };
        let (flags, from, to) = (head[0], head[2], head[3]);
        self.at += 4;
        let mut comment = None;
        if flags & 0x04 != 0 {
            let Some(word) = self.bytes.get(self.at..self.at + 4) else {
                return Err(self.cut(start, "the comment length"));
            };
            let length = u32::from_le_bytes([word[0], word[1], word[2], word[3]]) as usize;
            self.at += 4;
            let left = self.bytes.len() - self.at;
            if length > left {
                return Err(Box::new(
                    Diagnostic::new(
                        Severity::Error,
                        "truncated-file",
                        format!(
                            "the move record at byte {} gives a comment of {length} bytes, but only {left} follow: the moves end here",
                            self.base + start
                        ),
                    )
                    .at(Span::bytes(self.base + start, self.base + start + 8)),
                ));
            }
            comment = Some((self.at, self.at + length));
            self.at += length;
        }
        Ok(Move {
            flags,
            from,
            to,
            hex_points: self.hex_points,
            comment,
            start,
            end: self.at,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_count_rows_from_the_top() {
        assert_eq!(
            index_square(0).map(|s| s.to_string()).as_deref(),
            Some("a9")
        );
        assert_eq!(
            index_square(89).map(|s| s.to_string()).as_deref(),
            Some("i0")
        );
        assert_eq!(index_square(90), None);
        assert_eq!(
            hex_square(0x47).map(|s| s.to_string()).as_deref(),
            Some("e2")
        );
        assert_eq!(hex_square(0x9A), None);
    }
}
