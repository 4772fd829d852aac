//! CCBridge (象棋桥): a game record (`.cbr`, magic `CCBridge Record`) and a library of them
//! (`.cbl`, magic `CCBridgeLibrary`), read.
//!
//! Neither is encrypted: fixed-offset fields with UTF-16LE texts, a 90-byte board and a move
//! stream shaped like XQF's. See [`record`] and [`library`] for the layouts and their sources.

mod library;
mod record;

use std::io::BufRead;

use notation_traits::{
    CheckedGame, Confidence, Diagnostic, FormatGame, FormatGames, FormatInfo, RecordFormat,
    Severity, WriteSettings, WrittenGame,
};
use xiangqi_board::Position;

use crate::limits::read_limited;
use library::{LIBRARY_MAGIC, Library};
use record::{RECORD_MAGIC, read_record};

/// A CCBridge record (`.cbr`): [`RecordFormat`] name `cbr`, read only.
///
/// # Examples
///
/// ```
/// use xiangqi_archive::Cbr;
///
/// let game = Cbr.read_bytes(b"CCBridge Record\0");
/// assert_eq!(game.start.unwrap_err().code, "truncated-file");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cbr;

/// A CCBridge library (`.cbl`): [`RecordFormat`] name `cbl`, read only, game by game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cbl;

static CBR_INFO: FormatInfo = FormatInfo {
    name: "cbr",
    title: "CCBridge record (象棋桥 CBR)",
    extensions: &["cbr"],
    binary: true,
    writes: false,
    default_encoding: None,
    source: "xusheng6/pikaboard docs/ccbridge-format.md and the behaviour of the public CBR readers",
};

static CBL_INFO: FormatInfo = FormatInfo {
    name: "cbl",
    title: "CCBridge library (象棋桥 CBL)",
    extensions: &["cbl"],
    binary: true,
    writes: false,
    default_encoding: None,
    source: "xusheng6/pikaboard docs/ccbridge-format.md and the behaviour of the public CBL readers",
};

impl Cbr {
    /// Reads the game of a CBR file's bytes: its texts as tags, its board, its move tree and
    /// comments. Problems become diagnostics with their byte places; a record whose board is
    /// no legal position gives an `Err` start.
    pub fn read_bytes(&self, bytes: &[u8]) -> FormatGame<Position> {
        read_record(bytes, 0, &[], Vec::new())
    }
}

fn not_written(format: &str) -> Box<Diagnostic> {
    Box::new(Diagnostic::new(
        Severity::Error,
        "not-writable",
        format!("kifu reads {format} files but does not write them: choose another output format"),
    ))
}

impl RecordFormat<Position> for Cbr {
    fn info(&self) -> &'static FormatInfo {
        &CBR_INFO
    }

    /// The record magic `CCBridge Record\0`: certain.
    fn sniff(&self, prefix: &[u8]) -> Confidence {
        if prefix.starts_with(RECORD_MAGIC) {
            Confidence::CERTAIN
        } else {
            Confidence::NONE
        }
    }

    fn read<'a>(&'a self, input: Box<dyn BufRead + Send + 'a>) -> FormatGames<'a, Position> {
        let mut input = Some(input);
        Box::new(std::iter::from_fn(move || {
            let input = input.take()?;
            Some(read_limited(input, "CBR").map(|bytes| self.read_bytes(&bytes)))
        }))
    }

    /// CBR is not written: always an error.
    fn write(
        &self,
        _game: &CheckedGame<Position>,
        _settings: &WriteSettings<'_, Position>,
    ) -> Result<WrittenGame, Box<Diagnostic>> {
        Err(not_written("CBR"))
    }
}

impl RecordFormat<Position> for Cbl {
    fn info(&self) -> &'static FormatInfo {
        &CBL_INFO
    }

    /// The library magic `CCBridgeLibrary\0`: certain.
    fn sniff(&self, prefix: &[u8]) -> Confidence {
        if prefix.starts_with(LIBRARY_MAGIC) {
            Confidence::CERTAIN
        } else {
            Confidence::NONE
        }
    }

    /// The games one by one, each with the library's texts as `Library...` tags.
    fn read<'a>(&'a self, input: Box<dyn BufRead + Send + 'a>) -> FormatGames<'a, Position> {
        Box::new(Library::new(input))
    }

    /// CBL is not written: always an error.
    fn write(
        &self,
        _game: &CheckedGame<Position>,
        _settings: &WriteSettings<'_, Position>,
    ) -> Result<WrittenGame, Box<Diagnostic>> {
        Err(not_written("CBL"))
    }
}
