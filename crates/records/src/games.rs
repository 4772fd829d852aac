//! Reading the games of an input one by one, each checked as it is read, so that a file of any
//! size streams in memory bounded by its largest game.

use std::io::{self, BufRead};

use notation_traits::{
    Diagnostic, FormatGames, GameReader, GameText, Pos, RawGame, Severity, Span,
};

use crate::line_decoded::{BadBytes, BadBytesLog};
use crate::{FormatRef, Game, Input, ReadOptions, check, json};

/// The games of one input, each read and checked; an iterator of `io::Result<Game>`.
///
/// # Errors
///
/// The iterator yields an [`io::Error`] for a game whose bytes cannot be read (reading failed,
/// or, outside the PGN-style formats, bytes not valid in the input's encoding); it goes on
/// with the next game where the format allows. Problems in a game's text become its
/// diagnostics; in a PGN-style file that includes bytes valid in no encoding tried (an
/// `invalid-bytes` error at their line and column: the game is kept as text, unchecked).
///
/// # Examples
///
/// The game and notation detected and every move checked, then the game written as kifu's
/// JSON:
///
/// ```
/// use kifu_records::{Games, Input, ReadOptions, Target, WriteOptions, Writer};
///
/// let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/xiangqi/seed-algebraic-fi.pgn");
/// let options = ReadOptions::default();
/// let input = Input::open(path.as_ref(), &options)?;
/// let games: Vec<_> = Games::new(input, options).collect::<Result<_, _>>()?;
/// assert_eq!(games.len(), 1);
/// assert!(!games[0].has_errors());
/// assert_eq!(games[0].variant(), kifu_records::Variant::Xiangqi);
/// assert_eq!(games[0].coordinates()[..2], ["h2e2", "h9g7"]);
/// let json = Writer::new(WriteOptions::new(Target::named("json").unwrap()));
/// let line = String::from_utf8(json.write(&games[0], 0)?.bytes)?;
/// assert!(line.starts_with(r#"{"version":1,"variant":"xiangqi","#), "{line}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Games {
    name: String,
    format: FormatRef,
    options: ReadOptions,
    shogi_hint: bool,
    inner: Inner,
    index: usize,
    bad_bytes: Option<BadBytesLog>,
}

impl std::fmt::Debug for Games {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Games")
            .field("name", &self.name)
            .field("format", &self.format)
            .field("index", &self.index)
            .finish()
    }
}

enum Inner {
    PgnStyle(GameReader<Box<dyn BufRead + Send>>),
    Json(json::JsonLines<'static>),
    Xiangqi(FormatGames<'static, xiangqi_board::Position>),
    Shogi(FormatGames<'static, shogi_board::Position>),
}

impl Games {
    /// The games of `input`, read with `options`.
    pub fn new(input: Input, options: ReadOptions) -> Games {
        let shogi_hint = std::path::Path::new(&input.name)
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("psn"));
        let format = input.format;
        let bad_bytes = input.bad_bytes;
        let inner = if format.is_pgn_style() {
            Inner::PgnStyle(GameReader::new(input.reader))
        } else {
            match format {
                FormatRef::Both(x, _) if format.name() != "json" => {
                    Inner::Xiangqi(x.read(input.reader))
                }
                FormatRef::Both(..) => Inner::Json(json::JsonLines::new(input.reader)),
                FormatRef::Xiangqi(f) => Inner::Xiangqi(f.read(input.reader)),
                FormatRef::Shogi(f) => Inner::Shogi(f.read(input.reader)),
            }
        };
        Games {
            name: input.name,
            format,
            options,
            shogi_hint,
            inner,
            index: 0,
            bad_bytes,
        }
    }

    /// The input's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The format the games are read in.
    pub fn format(&self) -> FormatRef {
        self.format
    }
}

impl Games {
    /// The next game read but not yet checked: [`Unchecked::check`] checks it (on any
    /// thread: reading is in order, checking need not be).
    ///
    /// # Errors
    ///
    /// As the iterator's: the game's bytes could not be read.
    pub fn next_unchecked(&mut self) -> Option<io::Result<Unchecked>> {
        let index = self.index + 1;
        let body = match &mut self.inner {
            // Only cut from the file here; read where it is checked (on any thread).
            Inner::PgnStyle(r) => r.next_text()?.map(|text| {
                match self
                    .bad_bytes
                    .as_ref()
                    .and_then(|log| bad_bytes_of(log, text.start(), text.text()))
                {
                    Some(error) => Body::Unreadable(Box::new(text.parse()), Box::new(error)),
                    None => Body::PgnStyle(text),
                }
            }),
            Inner::Json(r) => r.next()?.map(Body::Json),
            Inner::Xiangqi(r) => r.next()?.map(|g| Body::Xiangqi(Box::new(g))),
            Inner::Shogi(r) => r.next()?.map(|g| Body::Shogi(Box::new(g))),
        };
        self.index = index;
        Some(body.map(|body| Unchecked {
            index,
            format: self.format,
            options: self.options,
            shogi_hint: self.shogi_hint,
            body,
        }))
    }
}

impl Iterator for Games {
    type Item = io::Result<Game>;

    fn next(&mut self) -> Option<io::Result<Game>> {
        Some(self.next_unchecked()?.map(Unchecked::check))
    }
}

/// A game read from its input, not yet checked ([`Games::next_unchecked`]).
pub struct Unchecked {
    index: usize,
    format: FormatRef,
    options: ReadOptions,
    shogi_hint: bool,
    body: Body,
}

impl std::fmt::Debug for Unchecked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Unchecked")
            .field("index", &self.index)
            .field("format", &self.format)
            .finish_non_exhaustive()
    }
}

/// What was read of a game, by the kind of reader.
enum Body {
    /// A PGN-style game as cut from its file, read when checked.
    PgnStyle(GameText),
    /// A PGN-style game holding bytes valid in no encoding: kept as text, unchecked.
    Unreadable(Box<RawGame>, Box<Diagnostic>),
    Json(json::JsonRecord),
    Xiangqi(Box<notation_traits::FormatGame<xiangqi_board::Position>>),
    Shogi(Box<notation_traits::FormatGame<shogi_board::Position>>),
}

impl Unchecked {
    /// The game's number in its input, from 1.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The bytes of the game's text where it is held as text (a PGN-style game), else 0: how
    /// a batch on several threads sizes its chunks.
    pub(crate) fn text_len(&self) -> usize {
        match &self.body {
            Body::PgnStyle(text) => text.text().len(),
            Body::Unreadable(raw, _) => raw.source.len(),
            _ => 0,
        }
    }

    /// Detects the game and notation and checks every move: the [`Game`] that [`Games`]
    /// yields, its diagnostics capped at [`notation_traits::MAX_DIAGNOSTICS`].
    pub fn check(self) -> Game {
        let Unchecked {
            index,
            format,
            options,
            shogi_hint,
            body,
        } = self;
        let mut game = match body {
            Body::PgnStyle(text) => {
                check::pgn_style(index, format, text.parse(), &options, shogi_hint)
            }
            Body::Unreadable(raw, error) => {
                let variant = crate::detect::variant_and_how(&raw, &options, shogi_hint).0;
                check::unreadable(index, format, *raw, variant, error)
            }
            Body::Json(g) => g.check(index, format, &options),
            Body::Xiangqi(g) => check::xiangqi_format(index, format, *g, &options),
            Body::Shogi(g) => check::shogi_format(index, format, *g, &options),
        };
        // At most MAX_DIAGNOSTICS per game (the reader's and the check's together).
        notation_traits::cap_diagnostics(&mut game.diagnostics);
        game.before_detection = game.before_detection.min(game.diagnostics.len());
        game
    }
}

/// The `invalid-bytes` error of the game whose text `source` starts at `start`, when the log
/// holds bytes in its lines (those before it are dropped; those after it stay for the games
/// after it).
fn bad_bytes_of(log: &BadBytesLog, start: Pos, source: &str) -> Option<Diagnostic> {
    let lines = source.matches('\n').count().max(1);
    let end = start
        .line
        .saturating_add(u32::try_from(lines).unwrap_or(u32::MAX));
    let mut log = log
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut found: Vec<BadBytes> = Vec::new();
    while let Some(b) = log.front() {
        if b.line >= end {
            break;
        }
        let b = log.pop_front()?;
        if b.line >= start.line {
            found.push(b);
        }
    }
    drop(log);
    let first = found.first()?;
    let places = found.len() - 1 + found.iter().map(|b| b.more).sum::<usize>();
    let hex: Vec<String> = first.bytes.iter().map(|b| format!("{b:02X}")).collect();
    let more = match places {
        0 => String::new(),
        1 => " (and 1 more place in the game)".to_owned(),
        n => format!(" (and {n} more places in the game)"),
    };
    let fix = if first.given {
        "check the encoding given"
    } else {
        "give the file's encoding with --encoding if it is another"
    };
    // The place in the game's text, for the offset: lines of the source before it, then
    // characters.
    let line_start: usize = source
        .split_inclusive('\n')
        .take((first.line - start.line) as usize)
        .map(str::len)
        .sum();
    let column_bytes: usize = source[line_start..]
        .chars()
        .take(first.column.saturating_sub(1) as usize)
        .map(char::len_utf8)
        .sum();
    let at = Pos {
        offset: start.offset + line_start + column_bytes,
        line: first.line,
        column: first.column,
    };
    let after = Pos {
        offset: at.offset + '\u{fffd}'.len_utf8(),
        column: at.column + 1,
        ..at
    };
    Some(
        Diagnostic::new(
            Severity::Error,
            "invalid-bytes",
            format!(
                "{} {} {} not valid {} (shown as \u{fffd}){more}: the game is kept as text, unchecked; {fix}",
                if hex.len() == 1 { "byte" } else { "bytes" },
                hex.join(" "),
                if hex.len() == 1 { "is" } else { "are" },
                first.tried,
            ),
        )
        .at(Span { start: at, end: after }),
    )
}
