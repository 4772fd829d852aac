//! Reading an XQF file: the header's tags and start position, then the move tree.
//!
//! What is read, and what is reported (../shared/research/xqf-format.md §2-§11, XQStudio 1.63
//! `XQFileRW.pas` where the description leaves a question):
//!
//! - Not `XQ` at byte 0, or fewer than 1024 bytes: no game (`bad-header`, `truncated-file`).
//! - A version above 0x12 is read as 0x12 (`bad-header` error); a key checksum that is not 0
//!   (XQStudio refuses the file) is read on, since decoding does not depend on it (`bad-header`
//!   error); key bytes set in a plain file (version 0x0A and below) are used for the stream
//!   key as XQStudio does (`bad-header` warning).
//! - Versions up to 0x0A: 8-byte records, continuation = any bit of 0xF0, alternative = any bit
//!   of 0x0F, a comment length in every record. Versions 0x0B-0x12: 4-byte records, 0x80
//!   continuation, 0x40 alternative, 0x20 "a length word and a comment follow"; the length is
//!   stored plus KeyRMKSize (a stored 0 is no comment, as in XQStudio). From 0x0C the piece
//!   table is rotated. The noise bits 0x1F, the reserved byte and the root's points are
//!   ignored without a word.
//! - The side to move is WhoPlay (0 Red, 1 Black); when the first main-line move is a piece
//!   of the other side, that side is to move (`bad-header` warning). The move number is
//!   PlayStepNo / 2 + 1.
//! - Each record becomes an ICCS text whatever the position (the replay judges it); a point
//!   above 89 names no move (`bad-move-record`: the record and those below it are not used).
//!   A record or comment cut by the end of the file, or a negative comment length, ends the
//!   tree there (`truncated-file`); bytes after the last record are reported
//!   (`trailing-bytes`).
//! - Text is GBK/GB18030; bytes that are neither read as U+FFFD (`undecodable-text`); a
//!   length byte above its field's capacity is cut to it (`bad-header` warning).

use notation_traits::{Diagnostic, FormatGame, GameRecord, RawGame, Severity, Span, Tag};
use xiangqi_board::{Color, Position};

use super::header::{
    CODE_A, HEADER_LEN, NEWEST, PIECES, PLAY_RESULT, PLAY_STEP_NO, RECORD_TYPE_TAG, STRINGS,
    StringField, VERSION, WHO_PLAY, record_type_name,
};
use super::keys::{DerivedKeys, XqfKeys, decrypt};
use crate::iccs_text::{move_text, notation, square};
use crate::setup::{Setup, slot_piece};
use crate::text::{decode_gb, normalize_comment};
use crate::tree::{ReadMove, Tree, Walk, main_line};

/// Reads the game of an XQF file.
pub(crate) fn read_xqf(bytes: &[u8]) -> FormatGame<Position> {
    let mut reader = Reader {
        bytes,
        diagnostics: Vec::new(),
    };
    let mut record = GameRecord {
        span: Span::bytes(0, bytes.len()),
        ..GameRecord::default()
    };
    let start = match reader.read(&mut record) {
        Ok(start) => start,
        Err(d) => Err(d),
    };
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
    diagnostics: Vec<Diagnostic>,
}

type Start = Result<Position, Box<Diagnostic>>;

impl Reader<'_> {
    fn warn(&mut self, code: &'static str, message: String, span: Span) {
        self.diagnostics
            .push(Diagnostic::new(Severity::Warning, code, message).at(span));
    }

    /// Reads the whole file into `record`; the start position, or the error that leaves no
    /// game (`Err` of the outer result: the file is no XQF file at all).
    fn read(&mut self, record: &mut GameRecord<()>) -> Result<Start, Box<Diagnostic>> {
        let bytes = self.bytes;
        if bytes.get(..2) != Some(b"XQ") {
            let found: String = bytes
                .iter()
                .take(2)
                .map(|&b| if b.is_ascii_graphic() { b as char } else { '.' })
                .collect();
            return Err(Box::new(
                Diagnostic::new(
                    Severity::Error,
                    "bad-header",
                    format!(
                        "not an XQF file: it starts with `{found}` where XQF has its signature `XQ`"
                    ),
                )
                .at(Span::bytes(0, bytes.len().min(2))),
            ));
        }
        if bytes.len() < HEADER_LEN {
            return Err(Box::new(
                Diagnostic::new(
                    Severity::Error,
                    "truncated-file",
                    format!(
                        "the file ends at byte {} inside the XQF header, which takes 1024 bytes",
                        bytes.len()
                    ),
                )
                .at(Span::bytes(0, bytes.len())),
            ));
        }
        let version = self.version();
        let keys = XqfKeys::from_header(bytes);
        self.check_keys(version, &keys);
        let derived = keys.derived(version);
        self.tags(record);
        let (mut setup, table_error) = self.piece_table(version, &derived);

        let mut tail = bytes[HEADER_LEN..].to_vec();
        decrypt(&mut tail, &keys.stream());
        let mut records = Records {
            tail: &tail,
            at: 0,
            plain: version <= 0x0A,
            keys: derived,
            stopped: false,
        };
        let tree = self.tree(&mut records);
        if records.at < tail.len() && !records.stopped {
            let from = HEADER_LEN + records.at;
            self.warn(
                "trailing-bytes",
                format!(
                    "{} bytes after the last record (from byte {from}) belong to no move: they are not read",
                    tail.len() - records.at
                ),
                Span::bytes(from, bytes.len()),
            );
        }
        self.side_to_move(&mut setup, &tree);
        let steps = u16::from_le_bytes([bytes[PLAY_STEP_NO], bytes[PLAY_STEP_NO + 1]]);
        setup.move_number = u32::from(steps) / 2 + 1;
        self.record_type(record, &setup);
        record.main = main_line(&tree, &mut self.diagnostics);
        if let Some(d) = table_error {
            return Ok(Err(d));
        }
        Ok(setup.position().map_err(|e| {
            Box::new(
                Diagnostic::new(
                    Severity::Error,
                    "bad-piece-table",
                    format!("the piece table (bytes 0x10-0x2F) is no legal start position: {e}"),
                )
                .at(Span::bytes(PIECES, PIECES + 32))
                .with_position(setup.to_fen()),
            )
        }))
    }

    /// The version, 0x12 for a newer one (with an error).
    fn version(&mut self) -> u8 {
        let version = self.bytes[VERSION];
        if version > NEWEST {
            self.diagnostics.push(
                Diagnostic::new(
                    Severity::Error,
                    "bad-header",
                    format!(
                        "version 0x{version:02X} is newer than 0x12, the newest XQStudio (1.63) knows: read as 0x12"
                    ),
                )
                .at(Span::bytes(VERSION, VERSION + 1)),
            );
            return NEWEST;
        }
        version
    }

    fn check_keys(&mut self, version: u8, keys: &XqfKeys) {
        let span = Span::bytes(0x03, 0x10);
        if version >= 0x0B {
            let sum = keys.checksum();
            if sum != 0 {
                self.diagnostics.push(
                    Diagnostic::new(
                        Severity::Error,
                        "bad-header",
                        format!(
                            "the key checksum (bytes 0x0C-0x0F) adds up to 0x{sum:02X}, not 0: XQStudio refuses the file; kifu reads it, since decoding does not depend on the checksum"
                        ),
                    )
                    .at(Span::bytes(0x0C, 0x10)),
                );
            }
        } else if !keys.is_zero() {
            self.warn(
                "bad-header",
                format!(
                    "version 0x{version:02X} is not encrypted, but key bytes 0x03 and 0x08-0x0F are set: the moves are decoded with the stream key they give, as XQStudio does"
                ),
                span,
            );
        }
    }

    /// The text fields as tags, and the result.
    fn tags(&mut self, record: &mut GameRecord<()>) {
        for field in STRINGS {
            if let Some(value) = self.short_string(field) {
                record.tags.push(Tag {
                    name: field.tag.to_owned(),
                    value,
                    span: Span::bytes(field.offset, field.offset + field.size),
                });
            }
        }
        let code = self.bytes[PLAY_RESULT];
        let span = Span::bytes(PLAY_RESULT, PLAY_RESULT + 1);
        let result = match code {
            0 => "*",
            1 => "1-0",
            2 => "0-1",
            3 => "1/2-1/2",
            _ => {
                self.warn(
                    "bad-header",
                    format!(
                        "the result byte (0x33) is {code}, none of 0 (unknown), 1 (Red won), 2 (Black won), 3 (draw): read as unknown"
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

    /// A short string of the header; `None` when empty.
    fn short_string(&mut self, field: StringField) -> Option<String> {
        let span = Span::bytes(field.offset, field.offset + field.size);
        let mut len = usize::from(self.bytes[field.offset]);
        if len > field.capacity() {
            self.warn(
                "bad-header",
                format!(
                    "the {} field (byte 0x{:03X}) gives a length of {len}, more than its {} bytes: cut to {}",
                    field.name,
                    field.offset,
                    field.capacity(),
                    field.capacity()
                ),
                span,
            );
            len = field.capacity();
        }
        if len == 0 {
            return None;
        }
        let raw = &self.bytes[field.offset + 1..field.offset + 1 + len];
        let mut decoded = decode_gb(raw);
        if decoded.damaged && len == field.capacity() && raw.last().is_some_and(|&b| b >= 0x81) {
            // Cut at the capacity in the middle of a two-byte character.
            let shorter = decode_gb(&raw[..len - 1]);
            if !shorter.damaged {
                self.warn(
                    "undecodable-text",
                    format!(
                        "the {} field ends in half a character, cut at the field's size: the half is dropped",
                        field.name
                    ),
                    span,
                );
                decoded = shorter;
            }
        }
        if decoded.damaged {
            self.warn(
                "undecodable-text",
                format!(
                    "the {} field holds bytes that are not GBK or GB18030 text: they read as U+FFFD",
                    field.name
                ),
                span,
            );
        }
        let text = decoded.text.trim_end_matches('\0').to_owned();
        (!text.is_empty()).then_some(text)
    }

    /// The start position of the piece table (Red to move, move 1 for now), and the error of
    /// a table that places two pieces on one point.
    fn piece_table(&mut self, version: u8, keys: &DerivedKeys) -> (Setup, Option<Box<Diagnostic>>) {
        let mut setup = Setup::new();
        let mut error = None;
        for j in 0..32 {
            let value = self.bytes[PIECES + j].wrapping_sub(keys.piece);
            let slot = if version >= 0x0C {
                (j + 1 + usize::from(keys.piece)) % 32
            } else {
                j
            };
            if value > 89 {
                continue;
            }
            let Some(sq) = square(value / 10, value % 10) else {
                continue;
            };
            let piece = slot_piece(slot);
            if let Err(there) = setup.put(sq, piece) {
                error.get_or_insert_with(|| {
                    Box::new(
                        Diagnostic::new(
                            Severity::Error,
                            "bad-piece-table",
                            format!(
                                "the piece table puts two pieces on {sq}: the {} {} and the {} {} (byte 0x{:02X})",
                                there.color.name(),
                                there.kind.name(),
                                piece.color.name(),
                                piece.kind.name(),
                                PIECES + j
                            ),
                        )
                        .at(Span::bytes(PIECES + j, PIECES + j + 1)),
                    )
                });
            }
        }
        (setup, error)
    }

    /// The move tree: the root record, then the records as the stack walk asks for them.
    fn tree(&mut self, records: &mut Records<'_>) -> Tree<ReadMove> {
        let root = match records.next() {
            Ok(root) => root,
            Err(e) => {
                records.stopped = true;
                self.diagnostics.push(e.diagnostic(0));
                return Tree::new(ReadMove::root(Span::bytes(HEADER_LEN, HEADER_LEN), None));
            }
        };
        let comment = self.comment(&root, 0);
        if root.alternative {
            self.warn(
                "bad-move-record",
                "the root record (byte 1024) has its alternative flag set, which means nothing for the start position: ignored".to_owned(),
                Span::bytes(root.start, root.end),
            );
        }
        let mut tree = Tree::new(ReadMove::root(Span::bytes(root.start, root.end), comment));
        let mut walk = Walk::new(root.continued);
        while let Some(parent) = walk.parent() {
            let ply = tree.node(parent).data.ply + 1;
            let rec = match records.next() {
                Ok(rec) => rec,
                Err(e) => {
                    records.stopped = true;
                    self.diagnostics.push(e.diagnostic(ply));
                    break;
                }
            };
            let comment = self.comment(&rec, ply);
            let text = rec.text();
            let node = tree.add(
                parent,
                ReadMove {
                    text,
                    span: Span::bytes(rec.start, rec.end),
                    comment,
                    ply,
                },
            );
            walk.step(node, rec.continued, rec.alternative);
        }
        tree
    }

    fn comment(&mut self, rec: &Record, ply: u32) -> Option<String> {
        let (from, to) = rec.comment?;
        let decoded = decode_gb(&rec.comment_bytes);
        if decoded.damaged {
            self.diagnostics.push(
                Diagnostic::new(
                    Severity::Warning,
                    "undecodable-text",
                    format!(
                        "the comment of the record at byte {} holds bytes that are not GBK or GB18030 text: they read as U+FFFD",
                        rec.start
                    ),
                )
                .at(Span::bytes(from, to))
                .with_ply(ply),
            );
        }
        let text = normalize_comment(&decoded.text);
        (!text.is_empty()).then_some(text)
    }

    /// The side to move: WhoPlay, unless the first main-line move is the other side's.
    fn side_to_move(&mut self, setup: &mut Setup, tree: &Tree<ReadMove>) {
        let who = self.bytes[WHO_PLAY];
        let span = Span::bytes(WHO_PLAY, WHO_PLAY + 1);
        let stated = match who {
            0 => Some(Color::Red),
            1 => Some(Color::Black),
            _ => None,
        };
        // The piece on the first main-line move's point of departure.
        let first = tree
            .node(Tree::<ReadMove>::ROOT)
            .children
            .iter()
            .find_map(|&c| tree.node(c).data.text.as_ref().ok());
        let mover = first
            .and_then(|t| t.get(..2))
            .and_then(|from| from.parse().ok())
            .and_then(|sq| setup.piece_at(sq))
            .map(|p| p.color);
        setup.side = match (stated, mover) {
            (Some(s), Some(m)) if s != m => {
                self.warn(
                    "bad-header",
                    format!(
                        "WhoPlay (byte 0x32) says {} is to move, but the first move is {}'s: {} is to move",
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
                        "WhoPlay (byte 0x32) is {who}, neither 0 (Red) nor 1 (Black): {} is to move{}",
                        side.name(),
                        if found.is_some() {
                            ", whose piece makes the first move"
                        } else {
                            ""
                        }
                    ),
                    span,
                );
                side
            }
        };
    }

    /// The `RecordType` tag (CodeA), unless it says "full game" for the standard array.
    fn record_type(&mut self, record: &mut GameRecord<()>, setup: &Setup) {
        let code = u16::from_le_bytes([self.bytes[CODE_A], self.bytes[CODE_A + 1]]);
        let span = Span::bytes(CODE_A, CODE_A + 2);
        let standard = setup.is_standard_array();
        if code <= 1 && !standard {
            self.warn(
                "bad-header",
                format!(
                    "the record type (bytes 0x40-0x41) is {} ({code}), but the piece table is not the standard array: readers that trust the type (ElephantEye's xqf2pgn) assume the standard array",
                    record_type_name(code)
                ),
                span,
            );
        }
        if code != 0 || !standard {
            record.tags.push(Tag {
                name: RECORD_TYPE_TAG.to_owned(),
                value: record_type_name(code),
                span,
            });
        }
    }
}

/// A move record, decrypted.
struct Record {
    /// The decoded from- and to-point bytes (X·10 + Y when at most 89).
    points: [u8; 2],
    continued: bool,
    alternative: bool,
    /// The file offsets of the comment text.
    comment: Option<(usize, usize)>,
    comment_bytes: Vec<u8>,
    /// File offsets of the record, comment included.
    start: usize,
    end: usize,
}

impl Record {
    /// The move's ICCS text, or why the record names no move.
    fn text(&self) -> Result<String, String> {
        let point = |value: u8, which: &str| {
            if value > 89 {
                return Err(format!(
                    "the record at byte {} gives {value} as its {which}-point, which is off the board (0-89)",
                    self.start
                ));
            }
            square(value / 10, value % 10).ok_or_else(|| format!("bad point {value}"))
        };
        let from = point(self.points[0], "from")?;
        let to = point(self.points[1], "to")?;
        Ok(move_text(from, to))
    }
}

/// The records after the header, decrypted.
struct Records<'a> {
    tail: &'a [u8],
    /// The next byte to read, counted from 0x400.
    at: usize,
    plain: bool,
    keys: DerivedKeys,
    /// Whether reading ended at an error (nothing after it is trailing).
    stopped: bool,
}

/// Why a record could not be read.
enum RecordError {
    /// The file ends inside the record (its first byte, the part cut).
    Cut { start: usize, part: &'static str },
    /// The comment length is negative (≥ 0x0B: stored below KeyRMKSize).
    Negative { start: usize, length: i64 },
    /// The comment runs past the end of the file.
    Long {
        start: usize,
        length: u64,
        left: usize,
    },
}

impl RecordError {
    fn diagnostic(&self, ply: u32) -> Diagnostic {
        let (message, span) = match *self {
            RecordError::Cut { start, part } => (
                format!(
                    "the file ends inside {part} of the record at byte {start}: the moves end here"
                ),
                Span::bytes(start, start),
            ),
            RecordError::Negative { start, length } => (
                format!(
                    "the record at byte {start} gives a comment length of {length}: the moves end here"
                ),
                Span::bytes(start, start + 8),
            ),
            RecordError::Long {
                start,
                length,
                left,
            } => (
                format!(
                    "the record at byte {start} gives a comment of {length} bytes, but only {left} follow: the moves end here"
                ),
                Span::bytes(start, start + 8),
            ),
        };
        let what = if ply == 0 {
            format!("{message} (the root record)")
        } else {
            message
        };
        let d = Diagnostic::new(Severity::Error, "truncated-file", what).at(span);
        if ply == 0 { d } else { d.with_ply(ply) }
    }
}

impl Records<'_> {
    fn take(&mut self, n: usize, start: usize, part: &'static str) -> Result<&[u8], RecordError> {
        let end = self.at + n;
        let Some(slice) = self.tail.get(self.at..end) else {
            self.at = self.tail.len();
            return Err(RecordError::Cut { start, part });
        };
        self.at = end;
        Ok(slice)
    }

    fn next(&mut self) -> Result<Record, RecordError> {
        let start = HEADER_LEN + self.at;
        let head = self.take(4, start, "the four move bytes")?;
        let (b0, b1, flags) = (head[0], head[1], head[2]);
        let points = [
            b0.wrapping_sub(0x18).wrapping_sub(self.keys.from),
            b1.wrapping_sub(0x20).wrapping_sub(self.keys.to),
        ];
        let (continued, alternative, has_length) = if self.plain {
            (flags & 0xF0 != 0, flags & 0x0F != 0, true)
        } else {
            (flags & 0x80 != 0, flags & 0x40 != 0, flags & 0x20 != 0)
        };
        let mut comment = None;
        let mut comment_bytes = Vec::new();
        if has_length {
            let word = self.take(4, start, "the comment length")?;
            let stored = u32::from_le_bytes([word[0], word[1], word[2], word[3]]);
            let length: i64 = if self.plain || stored == 0 {
                i64::from(stored)
            } else {
                i64::from(stored) - i64::from(self.keys.comment)
            };
            if length < 0 {
                return Err(RecordError::Negative { start, length });
            }
            let left = self.tail.len() - self.at;
            if length as u64 > left as u64 {
                self.at = self.tail.len();
                return Err(RecordError::Long {
                    start,
                    length: length as u64,
                    left,
                });
            }
            let length = length as usize;
            if length > 0 {
                let from = HEADER_LEN + self.at;
                comment_bytes = self.take(length, start, "the comment")?.to_vec();
                comment = Some((from, from + length));
            }
        }
        Ok(Record {
            points,
            continued,
            alternative,
            comment,
            comment_bytes,
            start,
            end: HEADER_LEN + self.at,
        })
    }
}
