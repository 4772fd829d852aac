//! Reading a record sent to the server into checked games, as `kifu check` reads a file: its
//! format and encoding detected (or given), every game read and checked. The decoded text is
//! kept, so that the page can show the lines the diagnostics point at.

use std::io::Read;

use encoding_rs::Encoding;
use kifu_records::{FormatRef, Game, Games, Input, ReadOptions};

use crate::params::Record;
use crate::reply::ApiError;

/// A record, read.
pub(crate) struct Loaded {
    /// Its name for messages.
    pub(crate) name: String,
    /// Its format.
    pub(crate) format: FormatRef,
    /// Its text encoding (`None` for a binary format).
    pub(crate) encoding: Option<&'static Encoding>,
    /// Whether the encoding was guessed.
    pub(crate) encoding_detected: bool,
    /// Its text, decoded (`None` for a binary format).
    pub(crate) text: Option<String>,
    /// Its games, read and checked.
    pub(crate) games: Vec<Game>,
}

/// Reads `record` with `options`.
///
/// # Errors
///
/// 422 when the bytes are in no format or encoding kifu reads, or a game's bytes cannot be
/// decoded.
pub(crate) fn load(record: &Record, options: &ReadOptions) -> Result<Loaded, ApiError> {
    let mut options = *options;
    if record.text {
        options.encoding = Some(encoding_rs::UTF_8);
    }
    let input = Input::from_bytes(&record.name, record.bytes.clone(), &options)
        .map_err(|e| ApiError::unreadable(e.to_string()))?;
    let name = input.name.clone();
    let format = input.format;
    let encoding = input.encoding;
    let encoding_detected = input.encoding_detected;
    let (text, input) = if format.info().binary {
        (None, input)
    } else {
        // Decode once, then read the games from the decoded text, so that the text the
        // diagnostics point into is the one handed back.
        let mut text = String::new();
        let mut input = input;
        input
            .reader
            .read_to_string(&mut text)
            .map_err(|e| ApiError::unreadable(format!("{name}: {e}")))?;
        let again = ReadOptions {
            format: Some(format),
            encoding: Some(encoding_rs::UTF_8),
            ..options
        };
        let decoded = Input::from_bytes(&name, text.clone().into_bytes(), &again)
            .map_err(|e| ApiError::unreadable(e.to_string()))?;
        (Some(text), decoded)
    };
    let mut games = Vec::new();
    for game in Games::new(input, options) {
        games.push(game.map_err(|e| ApiError::unreadable(format!("{name}: {e}")))?);
    }
    Ok(Loaded {
        name,
        format,
        encoding,
        encoding_detected,
        text,
        games,
    })
}
