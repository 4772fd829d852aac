//! A CCBridge library (`.cbl`): a header, an index, then the records, read game by game so a
//! library of any size streams in memory bounded by its largest game.
//!
//! Layout (offsets in bytes): 0 the magic `CCBridgeLibrary\0`; 60 the number of index slots
//! (32 bits); 64 the library's name, 576 its source, 832 its author, 896 the author's e-mail,
//! 960 created, 1024 modified (UTF-16LE texts of 512, 256, 64, 64, 64, 64 bytes); 1088 remarks
//! (65536 bytes); 66624 the index, 276 bytes per slot; then the records, each starting on a
//! 4096-byte boundary from 66624 + slots · 276, a long game running on into the next slots.
//! The reader takes every slot that starts with the record magic as a game, its bytes up to
//! the next such slot; the others continue the game before them (or, before the first game,
//! are skipped). When no record stands where the slot count puts the first, the first record
//! magic after that place is taken, with a warning on the first game.
//!
//! Sources: as the record's ([`super::record`]): xusheng6/pikaboard `docs/ccbridge-format.md`
//! and the public readers' behaviour.

use std::io::{self, BufRead, Read};

use notation_traits::{Diagnostic, FormatGame, Severity, Span, Tag};
use xiangqi_board::Position;

use super::record::{RECORD_MAGIC, read_record};
use crate::limits::{MAX_FILE, too_large};
use crate::text::decode_utf16le;

/// The library's magic.
pub(crate) const LIBRARY_MAGIC: &[u8; 16] = b"CCBridgeLibrary\0";

/// Where the index starts (the header's size).
const INDEX: usize = 66624;
/// The size of an index entry.
const ENTRY: usize = 276;
/// The size of a record slot.
const SLOT: usize = 4096;

/// The library's texts, and the tags they become on each game.
const TEXTS: [(usize, usize, &str); 7] = [
    (64, 512, "Library"),
    (576, 256, "LibrarySource"),
    (832, 64, "LibraryAuthor"),
    (896, 64, "LibraryAuthorEmail"),
    (960, 64, "LibraryCreated"),
    (1024, 64, "LibraryModified"),
    (1088, 65536, "LibraryRemarks"),
];

/// The games of a library, one by one.
pub(crate) struct Library<'a> {
    input: Box<dyn BufRead + Send + 'a>,
    /// The file offset of the next byte of `input`.
    offset: usize,
    state: State,
    tags: Vec<Tag>,
    /// Diagnostics about the library, for the first game.
    notes: Vec<Diagnostic>,
    /// The record being gathered: its file offset and bytes.
    pending: Option<(usize, Vec<u8>)>,
    /// Bytes read ahead, given back: they come before the rest of `input`.
    carry: Vec<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Header,
    Records,
    Done,
}

impl<'a> Library<'a> {
    /// A library read from `input`.
    pub(crate) fn new(input: Box<dyn BufRead + Send + 'a>) -> Library<'a> {
        Library {
            input,
            offset: 0,
            state: State::Header,
            tags: Vec::new(),
            notes: Vec::new(),
            pending: None,
            carry: Vec::new(),
        }
    }

    /// Up to `n` bytes (fewer at the end of the input).
    fn take(&mut self, n: usize) -> io::Result<Vec<u8>> {
        let from_carry = n.min(self.carry.len());
        let mut bytes: Vec<u8> = self.carry.drain(..from_carry).collect();
        if bytes.len() < n {
            (&mut self.input)
                .take((n - bytes.len()) as u64)
                .read_to_end(&mut bytes)?;
        }
        self.offset += bytes.len();
        Ok(bytes)
    }

    /// Gives `bytes`, just taken, back: the next [`Library::take`] starts with them.
    fn give_back(&mut self, bytes: &[u8]) {
        self.carry.splice(0..0, bytes.iter().copied());
        self.offset -= bytes.len();
    }

    /// Skips `n` bytes; returns how many there were.
    fn skip(&mut self, n: usize) -> io::Result<usize> {
        let skipped = io::copy(&mut (&mut self.input).take(n as u64), &mut io::sink())?;
        self.offset += skipped as usize;
        Ok(skipped as usize)
    }

    /// A game for a library that holds none to read, with its error.
    fn broken(&mut self, d: Diagnostic) -> FormatGame<Position> {
        self.state = State::Done;
        let mut game = read_record(
            &[],
            self.offset,
            &self.tags,
            std::mem::take(&mut self.notes),
        );
        game.start = Err(Box::new(d));
        game
    }

    /// Reads the header and finds the first record; `Some` game when the library is broken.
    fn header(&mut self) -> io::Result<Option<FormatGame<Position>>> {
        let header = self.take(INDEX)?;
        if !header.starts_with(LIBRARY_MAGIC) {
            let d = Diagnostic::new(
                Severity::Error,
                "bad-header",
                "not a CCBridge library: it does not start with `CCBridgeLibrary`".to_owned(),
            )
            .at(Span::bytes(0, header.len().min(16)));
            return Ok(Some(self.broken(d)));
        }
        if header.len() < INDEX {
            let d = Diagnostic::new(
                Severity::Error,
                "truncated-file",
                format!(
                    "the library ends at byte {} inside its {INDEX}-byte header",
                    header.len()
                ),
            )
            .at(Span::bytes(0, header.len()));
            return Ok(Some(self.broken(d)));
        }
        for (offset, size, tag) in TEXTS {
            let decoded = decode_utf16le(&header[offset..offset + size]);
            let span = Span::bytes(offset, offset + size);
            if decoded.damaged {
                self.notes.push(
                    Diagnostic::new(
                        Severity::Warning,
                        "undecodable-text",
                        format!(
                            "the library's {tag} field (byte {offset}) holds code units that are no UTF-16 text: they read as U+FFFD"
                        ),
                    )
                    .at(span),
                );
            }
            let value = decoded.text.trim().to_owned();
            if !value.is_empty() {
                self.tags.push(Tag {
                    name: tag.to_owned(),
                    value,
                    span,
                });
            }
        }
        let slots = u32::from_le_bytes([header[60], header[61], header[62], header[63]]) as usize;
        let first = slots.checked_mul(ENTRY).and_then(|n| n.checked_add(INDEX));
        if let Some(first) = first {
            self.skip(first - INDEX)?;
            if self.offset == first {
                let slot = self.take(SLOT)?;
                if slot.starts_with(RECORD_MAGIC) {
                    self.pending = Some((first, slot));
                    return Ok(None);
                }
                return self.search(slot, first, slots);
            }
        }
        // The index runs past the end of the file (or beyond counting).
        let d = Diagnostic::new(
            Severity::Error,
            "truncated-file",
            format!(
                "the library's index of {slots} slots (byte 60) runs past its end at byte {}: it holds no record",
                self.offset
            ),
        )
        .at(Span::bytes(60, 64));
        Ok(Some(self.broken(d)))
    }

    /// Looks for the first record magic from `bytes` (read from `from`) on.
    fn search(
        &mut self,
        mut bytes: Vec<u8>,
        from: usize,
        slots: usize,
    ) -> io::Result<Option<FormatGame<Position>>> {
        // `bytes` starts at file offset `base`.
        let mut base = from;
        loop {
            if let Some(i) = bytes.windows(16).position(|w| w == RECORD_MAGIC) {
                let at = base + i;
                self.notes.push(
                    Diagnostic::new(
                        Severity::Warning,
                        "bad-header",
                        format!(
                            "the index of {slots} slots puts the first record at byte {from}, but it stands at byte {at}: read from there"
                        ),
                    )
                    .at(Span::bytes(60, 64)),
                );
                let mut slot = bytes.split_off(i);
                if slot.len() > SLOT {
                    // The bytes past the slot are the next slot's.
                    let rest = slot.split_off(SLOT);
                    self.give_back(&rest);
                } else if slot.len() < SLOT {
                    let more = self.take(SLOT - slot.len())?;
                    slot.extend_from_slice(&more);
                }
                self.pending = Some((at, slot));
                return Ok(None);
            }
            let more = self.take(SLOT)?;
            if more.is_empty() {
                if base + bytes.len() == from {
                    // Nothing after the index: a library without games.
                    self.state = State::Done;
                    return Ok(None);
                }
                let d = Diagnostic::new(
                    Severity::Error,
                    "bad-header",
                    format!("the library holds no CCBridge record after byte {from}"),
                )
                .at(Span::bytes(from, base + bytes.len()));
                return Ok(Some(self.broken(d)));
            }
            // Keep the last 15 bytes, where a magic may begin.
            let keep = bytes.len().saturating_sub(15);
            base += keep;
            bytes.drain(..keep);
            bytes.extend_from_slice(&more);
        }
    }

    fn game(&mut self, at: usize, bytes: &[u8]) -> FormatGame<Position> {
        read_record(bytes, at, &self.tags, std::mem::take(&mut self.notes))
    }
}

impl Iterator for Library<'_> {
    type Item = io::Result<FormatGame<Position>>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.state == State::Header {
            self.state = State::Records;
            match self.header() {
                Err(e) => {
                    self.state = State::Done;
                    return Some(Err(e));
                }
                Ok(Some(game)) => return Some(Ok(game)),
                Ok(None) => {}
            }
        }
        if self.state == State::Done {
            return None;
        }
        loop {
            let slot = match self.take(SLOT) {
                Ok(slot) => slot,
                Err(e) => {
                    self.state = State::Done;
                    return Some(Err(e));
                }
            };
            let at = self.offset - slot.len();
            if slot.is_empty() {
                self.state = State::Done;
                let (start, bytes) = self.pending.take()?;
                return Some(Ok(self.game(start, &bytes)));
            }
            if slot.starts_with(RECORD_MAGIC) {
                let done = self.pending.replace((at, slot));
                if let Some((start, bytes)) = done {
                    return Some(Ok(self.game(start, &bytes)));
                }
                continue;
            }
            if let Some((_, bytes)) = &mut self.pending {
                if bytes.len() + slot.len() > MAX_FILE {
                    self.state = State::Done;
                    return Some(Err(too_large("CCBridge record")));
                }
                bytes.extend_from_slice(&slot);
            }
        }
    }
}
