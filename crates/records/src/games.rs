//! Reading the games of an input one by one, each checked as it is read, so that a file of any
//! size streams in memory bounded by its largest game.

use std::io::{self, BufRead};

use notation_traits::{FormatGames, GameReader};

use crate::{FormatRef, Game, Input, ReadOptions, check, json};

/// The games of one input, each read and checked; an iterator of `io::Result<Game>`.
///
/// # Errors
///
/// The iterator yields an [`io::Error`] for a game whose bytes cannot be read (not valid in
/// the input's encoding, or reading failed); it goes on with the next game where the format
/// allows. Problems in a game's text become its diagnostics.
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

impl Iterator for Games {
    type Item = io::Result<Game>;

    fn next(&mut self) -> Option<io::Result<Game>> {
        let index = self.index + 1;
        let format = self.format;
        let options = &self.options;
        let game = match &mut self.inner {
            Inner::PgnStyle(r) => r
                .next()?
                .map(|raw| check::pgn_style(index, format, raw, options, self.shogi_hint)),
            Inner::Json(r) => r.next()?.map(|g| g.check(index, format, options)),
            Inner::Xiangqi(r) => r
                .next()?
                .map(|g| check::xiangqi_format(index, format, g, options)),
            Inner::Shogi(r) => r
                .next()?
                .map(|g| check::shogi_format(index, format, g, options)),
        };
        self.index = index;
        Some(game)
    }
}
