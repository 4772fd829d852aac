//! Reading a record sent to the server into checked games, as `kifu check` reads a file: its
//! format and encoding detected (or given), every game read and checked. The decoded text is
//! kept, so that the page can show the lines the diagnostics point at.
//!
//! A request is a web page's work, not a collection's: at most [`MAX_PLIES`] plies are read
//! in all (a `413` past them), and the games are counted as [`GameCap`] says, so that one
//! request cannot keep a worker busy for minutes (the `kifu` command line reads any size).

use std::io::Read;

use encoding_rs::Encoding;
use kifu_records::{FormatRef, Game, Games, Input, ReadOptions};

use crate::params::Record;
use crate::reply::ApiError;

/// The most plies one request reads, over all its games and their variations: far above
/// any real game (the longest tournament games have a few hundred).
pub(crate) const MAX_PLIES: usize = 10_000;

/// The most games `/api/convert` and `/api/compare` read from one record.
pub(crate) const MAX_GAMES: usize = 1_000;

/// How many games a call reads.
#[derive(Clone, Copy, Debug)]
pub(crate) enum GameCap {
    /// Read this many and stop: the answer shows no more (`/api/read` lists 100 and says
    /// whether there were more).
    StopAfter(usize),
    /// Refuse a record with more than this many games (413).
    RefuseOver(usize),
}

/// The 413 of a record over a cap: the cap and where to read a larger record.
fn over_cap(what: String) -> ApiError {
    ApiError {
        status: 413,
        message: format!(
            "{what}: kifu serve works on one record of a web page's size; read larger collections with the `kifu` command line (`kifu check`, `kifu convert`)"
        ),
    }
}

/// The plies of `line` and of its variations.
fn plies<M>(line: &notation_traits::Line<M>) -> usize {
    line.moves
        .iter()
        .map(|m| 1 + m.variations.iter().map(plies).sum::<usize>())
        .sum()
}

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
    /// Whether the record holds more games than were read ([`GameCap::StopAfter`]).
    pub(crate) truncated: bool,
}

/// Reads `record` with `options`, as many games as `cap` says.
///
/// # Errors
///
/// 422 when the bytes are in no format or encoding kifu reads, or a game's bytes cannot be
/// decoded; 413 when the games read hold more than [`MAX_PLIES`] plies, or there are more
/// games than [`GameCap::RefuseOver`] allows.
pub(crate) fn load(
    record: &Record,
    options: &ReadOptions,
    cap: GameCap,
) -> Result<Loaded, ApiError> {
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
    let mut truncated = false;
    let mut read_plies = 0;
    for game in Games::new(input, options) {
        match cap {
            GameCap::StopAfter(n) if games.len() == n => {
                truncated = true;
                break;
            }
            GameCap::RefuseOver(n) if games.len() == n => {
                return Err(over_cap(format!(
                    "{name} holds more than {n} games, the most one request reads"
                )));
            }
            _ => {}
        }
        let game = game.map_err(|e| ApiError::unreadable(format!("{name}: {e}")))?;
        read_plies += plies(&game.raw.record.main);
        if read_plies > MAX_PLIES {
            return Err(over_cap(format!(
                "{name} holds more than {MAX_PLIES} plies (game {} ends past them), the most one request reads",
                game.index
            )));
        }
        games.push(game);
    }
    Ok(Loaded {
        name,
        format,
        encoding,
        encoding_detected,
        text,
        games,
        truncated,
    })
}
