//! Writing games: a target (a notation in its file, or a format with its own notation), the
//! output style, the encoding; each game written as bytes, with what the target cannot hold.

use std::fmt;

use encoding_rs::Encoding;
use iccs_algebraic::IccsStyle;
use notation_traits::{
    CheckedGame, Diagnostic, Position, Severity, TextNotation, WriteSettings, Written,
    write_unreadable_game,
};
use psn::{Psn, PsnStyle, Squares};
use wxf_notation::{ChineseStyle, Sideways, WxfStyle};
use xiangqi_board::Language;
use xiangqi_pgn::Output;

use crate::{FormatRef, Game, GameBody, Notation, Omit, Variant, encode, format, formats, json};

/// What to write: a notation in its file (`wxf`: a xiangqi PGN file of WXF moves, `psn`: a PSN
/// file, `usi`: a PSN2 file of USI moves) or a format with its own notation (`json`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    /// The name (`wxf`, `psn`, `json`): a notation's or a format's.
    pub name: &'static str,
    /// The file format.
    pub format: FormatRef,
    /// The notation of the moves, for the PGN-style formats.
    pub notation: Option<Notation>,
}

impl Target {
    /// The target named `name` (any case).
    pub fn named(name: &str) -> Option<Target> {
        targets()
            .into_iter()
            .find(|t| t.name.eq_ignore_ascii_case(name))
    }

    /// The game it writes; `None` for both.
    pub fn variant(self) -> Option<Variant> {
        self.notation
            .map(Notation::variant)
            .or_else(|| self.format.variant())
    }

    /// One line on what it writes.
    pub fn description(self) -> String {
        match self.notation {
            Some(n) => format!(
                "{}, in a {} file",
                n.description(),
                self.format.info().title
            ),
            None => self.format.info().title.to_owned(),
        }
    }

    /// The extension of its files (`pgn`, `psn`, `jsonl`).
    pub fn extension(self) -> &'static str {
        self.format
            .info()
            .extensions
            .first()
            .copied()
            .unwrap_or("txt")
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// Every target: each notation in its file, then each format that writes and fixes its own
/// notation.
///
/// ```
/// let names: Vec<&str> = kifu_records::targets().iter().map(|t| t.name).collect();
/// assert_eq!(names[..8], ["wxf", "chinese", "iccs", "uci", "algebraic", "winboard", "psn", "usi"]);
/// assert!(names.contains(&"json"));
/// // `pgn` is the xiangqi PGN of WXF moves, as `wxf`:
/// let pgn = kifu_records::Target::named("pgn").unwrap();
/// assert_eq!(pgn.notation, kifu_records::Target::named("wxf").unwrap().notation);
/// ```
pub fn targets() -> Vec<Target> {
    let pgn = format("pgn").expect("pgn is registered");
    let psn = format("psn").expect("psn is registered");
    let psn2 = format("psn2").expect("psn2 is registered");
    let mut out: Vec<Target> = Notation::ALL
        .into_iter()
        .map(|n| Target {
            name: n.name(),
            format: match n {
                Notation::Psn => psn,
                Notation::Usi => psn2,
                _ => pgn,
            },
            notation: Some(n),
        })
        .collect();
    // `pgn`: the xiangqi PGN file as most programs write it, WXF moves (the same as `wxf`), so
    // that archives convert with the name users know: `kifu convert --to pgn game.xqf`.
    out.push(Target {
        name: "pgn",
        format: pgn,
        notation: Some(Notation::Wxf),
    });
    out.extend(
        formats()
            .iter()
            .filter(|f| f.info().writes && !f.is_pgn_style())
            .map(|&f| Target {
                name: f.name(),
                format: f,
                notation: None,
            }),
    );
    out
}

/// An output style of a notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Style {
    /// WXF: the WXF page's tandem rules.
    Wxf,
    /// WXF: the 2018 World Xiangqi Rules as Fairy-Stockfish writes them (`15=6`).
    Wxr2018,
    /// Chinese: simplified characters.
    Simplified,
    /// Chinese: traditional characters.
    Traditional,
    /// ICCS as xqbase PGN writes it: `H2-E2`.
    Pgn,
    /// ICCS as engines write it: `h2e2`.
    Engine,
    /// ICCS or USI as one engine command per game, to paste into an engine:
    /// `position startpos moves 7g7f 3c3d`, `position fen <FEN> moves h2e2`.
    Position,
    /// PSN: the origin only where two pieces can reach the square (`P-7f`, `G6i-5h`).
    Short,
    /// PSN: the origin always (`P7g-7f`), as Shogidokoro and strict readers expect.
    Long,
}

impl Style {
    /// Every style.
    pub const ALL: [Style; 9] = [
        Style::Wxf,
        Style::Wxr2018,
        Style::Simplified,
        Style::Traditional,
        Style::Pgn,
        Style::Engine,
        Style::Position,
        Style::Short,
        Style::Long,
    ];

    /// The lowercase name.
    pub const fn name(self) -> &'static str {
        match self {
            Style::Wxf => "wxf",
            Style::Wxr2018 => "wxr2018",
            Style::Simplified => "simplified",
            Style::Traditional => "traditional",
            Style::Pgn => "pgn",
            Style::Engine => "engine",
            Style::Position => "position",
            Style::Short => "short",
            Style::Long => "long",
        }
    }

    /// Whether it is a style of the notation `notation`.
    pub fn fits(self, notation: Notation) -> bool {
        matches!(
            (notation, self),
            (Notation::Wxf, Style::Wxf | Style::Wxr2018)
                | (Notation::Chinese, Style::Simplified | Style::Traditional)
                | (Notation::Iccs, Style::Pgn | Style::Engine | Style::Position)
                | (Notation::Usi, Style::Position)
                | (Notation::Psn, Style::Short | Style::Long)
        )
    }
}

impl fmt::Display for Style {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Style {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Style::ALL
            .into_iter()
            .find(|st| st.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                format!(
                    "expected a style ({}), found `{s}`",
                    Style::ALL.map(Style::name).join(", ")
                )
            })
    }
}

/// How to write games.
#[derive(Clone, Debug)]
pub struct WriteOptions {
    /// What to write.
    pub target: Target,
    /// The piece letters of WXF and algebraic output (English when `None`).
    pub language: Option<Language>,
    /// The style (each notation's default when `None`).
    pub style: Option<Style>,
    /// How PSN output writes squares (letters when `None`).
    pub squares: Option<Squares>,
    /// The sideways sign of WXF output (`.` for English letters, `=` for Finnish and German
    /// and for the 2018 style, when `None`).
    pub sideways: Option<Sideways>,
    /// The output encoding.
    pub encoding: &'static Encoding,
    /// A version of the target format where it has several (XQF `10` or `18`, CSA `2.2` or
    /// `3.0`); `None` is the format's default.
    pub version: Option<String>,
    /// What to leave out of every game (comments, variations, glyphs, clock times); nothing
    /// by default.
    pub omit: Omit,
}

impl WriteOptions {
    /// Writing `target` with every default, in UTF-8.
    pub fn new(target: Target) -> WriteOptions {
        WriteOptions {
            target,
            language: None,
            style: None,
            squares: None,
            sideways: None,
            encoding: encoding_rs::UTF_8,
            version: None,
            omit: Omit::default(),
        }
    }
}

/// Why a game could not be written.
#[derive(Debug)]
pub enum WriteError {
    /// The game is of the other game than the target's (`wrong-variant`).
    WrongVariant(Box<Diagnostic>),
    /// The format cannot write it (a second game in a one-game format, an unreadable game in
    /// a format that cannot keep its text).
    Refused(Box<Diagnostic>),
    /// The output encoding cannot hold a character of it.
    Encoding(String),
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::WrongVariant(d) | WriteError::Refused(d) => f.write_str(&d.message),
            WriteError::Encoding(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for WriteError {}

/// A game as written: its bytes in the output encoding, and what the target could not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Encoded {
    /// The bytes.
    pub bytes: Vec<u8>,
    /// What the game held that the target cannot (one phrase each).
    pub lost: Vec<String>,
}

/// Writes games to one target.
pub struct Writer {
    options: WriteOptions,
    xiangqi: Option<Output>,
    shogi: Option<Box<dyn TextNotation<shogi_board::Position> + Send + Sync>>,
}

impl fmt::Debug for Writer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Writer")
            .field("options", &self.options)
            .finish()
    }
}

impl Writer {
    /// A writer of `options`.
    ///
    /// # Examples
    ///
    /// ```
    /// use kifu_records::{Games, Input, ReadOptions, Target, WriteOptions, Writer};
    ///
    /// let read = ReadOptions::default();
    /// let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/shogi/shogi-real-game.psn");
    /// let input = Input::open(path.as_ref(), &read)?;
    /// let game = Games::new(input, read).next().unwrap()?;
    /// let writer = Writer::new(WriteOptions::new(Target::named("usi").unwrap()));
    /// let written = writer.write(&game, 0)?;
    /// let text = String::from_utf8(written.bytes)?;
    /// assert!(text.starts_with("[Black "));
    /// assert!(text.contains("\n1.7g7f"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(options: WriteOptions) -> Writer {
        let language = options.language.unwrap_or_default();
        let style = options.style;
        let xiangqi = match options.target.notation {
            Some(Notation::Wxf) if style == Some(Style::Wxr2018) => Some(Output::wxf(
                language,
                options.sideways.or(Some(Sideways::Equals)),
                WxfStyle::Wxr2018,
            )),
            Some(Notation::Wxf) => Some(Output::wxf(language, options.sideways, WxfStyle::Wxf)),
            Some(Notation::Algebraic) => Some(Output::algebraic(language)),
            Some(Notation::Winboard) => Some(Output::winboard(language)),
            Some(Notation::Chinese) => Some(Output::chinese(match style {
                // Plain Big5 has no 俥: the red chariot is written 車, as the black one.
                Some(Style::Traditional) if options.encoding == encoding_rs::BIG5 => {
                    ChineseStyle::TraditionalBig5
                }
                Some(Style::Traditional) => ChineseStyle::Traditional,
                _ => ChineseStyle::Simplified,
            })),
            Some(Notation::Uci) => Some(Output::uci()),
            Some(Notation::Iccs) => Some(Output::iccs(match style {
                Some(Style::Engine | Style::Position) => IccsStyle::Engine,
                _ => IccsStyle::Pgn,
            })),
            _ => None,
        };
        let shogi: Option<Box<dyn TextNotation<shogi_board::Position> + Send + Sync>> =
            match options.target.notation {
                Some(Notation::Psn) => Some(Box::new(Psn::new(
                    if style == Some(Style::Long) {
                        PsnStyle::Long
                    } else {
                        PsnStyle::Short
                    },
                    options.squares.unwrap_or(Squares::Letters),
                ))),
                Some(Notation::Usi) => Some(Box::new(psn::Usi)),
                _ => None,
            };
        Writer {
            options,
            xiangqi,
            shogi,
        }
    }

    /// The options.
    pub fn options(&self) -> &WriteOptions {
        &self.options
    }

    /// The notation it writes xiangqi moves in: `None` unless the target is a xiangqi
    /// notation (for showing a game's moves one by one, as the server's move list does).
    pub fn xiangqi_notation(
        &self,
    ) -> Option<&(dyn TextNotation<xiangqi_board::Position> + Send + Sync)> {
        self.xiangqi.as_ref().map(|o| o.notation.as_ref())
    }

    /// The notation it writes shogi moves in: `None` unless the target is a shogi notation.
    pub fn shogi_notation(
        &self,
    ) -> Option<&(dyn TextNotation<shogi_board::Position> + Send + Sync)> {
        self.shogi.as_deref()
    }

    /// The extension of the files it writes: the target's, but for KIF and KI2 in UTF-8 their
    /// UTF-8 extension (`kifu`, `ki2u`: the Kakinoki convention, by which `.kif` and `.ki2` are
    /// Shift_JIS, as readers that decode by the name take them), and `txt` for engine lines.
    pub fn extension(&self) -> &'static str {
        if self.options.style == Some(Style::Position) {
            return "txt";
        }
        let first = self.options.target.extension();
        let extensions = self.options.target.format.info().extensions;
        match extensions.get(1) {
            Some(utf8)
                if self.options.encoding == encoding_rs::UTF_8
                    && utf8.strip_suffix('u') == Some(first) =>
            {
                utf8
            }
            _ => first,
        }
    }

    /// Writes `game` as the `index`-th game (from 0) of its output file, in the output
    /// encoding.
    ///
    /// # Errors
    ///
    /// [`WriteError`]: the game is of the other game, the format refuses it, or the encoding
    /// cannot hold a character of it.
    pub fn write(&self, game: &Game, index: usize) -> Result<Encoded, WriteError> {
        let (written, mut lost) = self.write_text(game, index)?;
        let bytes = match written {
            Written::Bytes(b) => b,
            Written::Text(mut text) => {
                // A NUL (a stray byte of a binary file kept in a comment) makes the text look
                // binary to every reader, kifu's too: written as U+FFFD, and said.
                if text.contains('\0') {
                    text = text.replace('\0', "\u{FFFD}");
                    lost.push(
                        "NUL characters (U+0000): a text file cannot hold them, written as U+FFFD"
                            .to_owned(),
                    );
                }
                encode(&text, self.options.encoding).map_err(WriteError::Encoding)?
            }
        };
        Ok(Encoded { bytes, lost })
    }

    fn write_text(&self, game: &Game, index: usize) -> Result<(Written, Vec<String>), WriteError> {
        let target = self.options.target;
        let separated = |text: String| {
            if index > 0 && target.format.is_pgn_style() {
                format!("\n{text}")
            } else {
                text
            }
        };
        if let Some(variant) = target.variant()
            && variant != game.variant()
        {
            let kind = game.variant().name();
            return Err(WriteError::WrongVariant(Box::new(Diagnostic::new(
                Severity::Error,
                "wrong-variant",
                format!(
                    "a {kind} game cannot be written as {}: choose --to json or a {kind} notation",
                    target.name
                ),
            ))));
        }
        if self.options.style == Some(Style::Position) {
            return self.engine_line(game);
        }
        let text = |t: String| Ok((Written::Text(separated(t)), Vec::new()));
        match (&game.body, target.format) {
            (GameBody::Unreadable { error, .. }, _) => match (target.notation, target.format) {
                (_, FormatRef::Both(..)) => Ok((
                    Written::Text(format!(
                        "{}\n",
                        json::write_unreadable(&game.raw, error, game.variant().name())
                    )),
                    Vec::new(),
                )),
                (Some(n), _) if n.variant() == Variant::Xiangqi => text(
                    xiangqi_pgn::write_unreadable(&game.raw, &error.message_with_candidates()),
                ),
                (Some(_), _) => text(write_unreadable_game(
                    &game.raw,
                    &error.message_with_candidates(),
                    None,
                )),
                (None, f) => Err(WriteError::Refused(Box::new(Diagnostic::new(
                    Severity::Error,
                    "wrong-variant",
                    format!(
                        "a game kifu could not read cannot be written as {}: its text is kept only by PGN, PSN and JSON output",
                        f.name()
                    ),
                )))),
            },
            (GameBody::Xiangqi(c), _) if target.notation.is_some() => {
                let out = self
                    .xiangqi
                    .as_ref()
                    .expect("a xiangqi notation has its output");
                text(xiangqi_pgn::write_game(
                    &self.options.omit.apply(&c.game),
                    out,
                ))
            }
            (GameBody::Shogi(c), _) if target.notation.is_some() => {
                let notation = self
                    .shogi
                    .as_deref()
                    .expect("a shogi notation has its output");
                let settings = WriteSettings {
                    notation: Some(notation),
                    index,
                    encoding: self.options.encoding.name(),
                    ..WriteSettings::default()
                };
                through(target.format, &self.options.omit.apply(&c.game), &settings)
            }
            // A format with its own notation; the game page shows the moves as the game was
            // read.
            (GameBody::Xiangqi(c), f) => {
                let settings = WriteSettings {
                    notation: (f.name() == "html").then_some(c.notation.as_ref() as _),
                    index,
                    encoding: self.options.encoding.name(),
                    version: self.options.version.as_deref(),
                    ..WriteSettings::default()
                };
                through_xiangqi(f, &self.options.omit.apply(&c.game), &settings)
            }
            (GameBody::Shogi(c), f) => {
                let settings = WriteSettings {
                    notation: (f.name() == "html").then_some(c.notation.as_ref() as _),
                    index,
                    encoding: self.options.encoding.name(),
                    version: self.options.version.as_deref(),
                    ..WriteSettings::default()
                };
                through(f, &self.options.omit.apply(&c.game), &settings)
            }
        }
    }

    /// The game as one engine command: `position startpos moves ...` or `position fen|sfen
    /// ... moves ...`.
    fn engine_line(&self, game: &Game) -> Result<(Written, Vec<String>), WriteError> {
        fn line<P: Position>(
            c: &CheckedGame<P>,
            word: &str,
            standard: bool,
        ) -> (String, Vec<String>) {
            let r = &c.replayed;
            let mut text = if standard {
                "position startpos".to_owned()
            } else {
                format!("position {word} {}", r.start.to_text())
            };
            if !r.record.main.moves.is_empty() {
                text.push_str(" moves");
                for m in &r.record.main.moves {
                    text.push(' ');
                    text.push_str(&m.mv.to_string());
                }
            }
            text.push('\n');
            let mut lost = Vec::new();
            let has = |f: &dyn Fn(&notation_traits::MoveEntry<P::Move>) -> bool| {
                r.record.main.moves.iter().any(f)
            };
            if !r.record.tags.is_empty() {
                lost.push("tags".to_owned());
            }
            if !r.record.main.comments.is_empty() || has(&|m| !m.comments.is_empty()) {
                lost.push("comments".to_owned());
            }
            if has(&|m| !m.variations.is_empty()) {
                lost.push("variations".to_owned());
            }
            if has(&|m| m.clock.is_some()) {
                lost.push("clock times".to_owned());
            }
            if c.rest.is_some() {
                lost.push("the moves that could not be read".to_owned());
            }
            (text, lost)
        }
        let (text, lost) = match &game.body {
            GameBody::Xiangqi(c) => line(
                &self.options.omit.apply(&c.game),
                "fen",
                c.game.replayed.start == xiangqi_board::Position::new(),
            ),
            GameBody::Shogi(c) => line(
                &self.options.omit.apply(&c.game),
                "sfen",
                c.game
                    .replayed
                    .start
                    .same_position(&shogi_board::Position::new()),
            ),
            GameBody::Unreadable { error, .. } => {
                return Err(WriteError::Refused(error.clone()));
            }
        };
        let lost = lost
            .into_iter()
            .map(|what| format!("{what}: an engine command holds only the start and the moves"))
            .collect();
        Ok((Written::Text(text), lost))
    }
}

/// Writes a shogi game through its format's [`notation_traits::RecordFormat::write`].
fn through(
    format: FormatRef,
    game: &CheckedGame<shogi_board::Position>,
    settings: &WriteSettings<'_, shogi_board::Position>,
) -> Result<(Written, Vec<String>), WriteError> {
    let written = match format {
        FormatRef::Shogi(f) | FormatRef::Both(_, f) => f.write(game, settings),
        FormatRef::Xiangqi(_) => return Err(wrong_format(format)),
    }
    .map_err(WriteError::Refused)?;
    Ok((written.output, written.lost))
}

/// Writes a xiangqi game through its format's [`notation_traits::RecordFormat::write`].
fn through_xiangqi(
    format: FormatRef,
    game: &CheckedGame<xiangqi_board::Position>,
    settings: &WriteSettings<'_, xiangqi_board::Position>,
) -> Result<(Written, Vec<String>), WriteError> {
    let written = match format {
        FormatRef::Xiangqi(f) | FormatRef::Both(f, _) => f.write(game, settings),
        FormatRef::Shogi(_) => return Err(wrong_format(format)),
    }
    .map_err(WriteError::Refused)?;
    Ok((written.output, written.lost))
}

/// A format of the other game than the game's.
fn wrong_format(format: FormatRef) -> WriteError {
    WriteError::WrongVariant(Box::new(Diagnostic::new(
        Severity::Error,
        "wrong-variant",
        format!("{} holds games of the other game", format.info().title),
    )))
}
