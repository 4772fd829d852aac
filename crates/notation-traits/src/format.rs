//! Record formats, the plug-in point: a file format (xiangqi PGN, PSN, KIF, KI2, CSA, JKF, XQF,
//! ...) is one implementation of [`RecordFormat`] for its game's position type.
//!
//! A format does three things: it says how sure it is that some bytes are one of its files
//! ([`RecordFormat::sniff`], from the content, never from a file name), it reads the games of
//! a file ([`RecordFormat::read`]: each a [`FormatGame`], the record with its moves still as
//! text plus its start position and the notation its moves are written in), and it writes a
//! checked game ([`RecordFormat::write`]). Checking every move is not the format's job: the
//! caller replays each [`FormatGame`] ([`replay_with`](crate::replay_with)) into a
//! [`CheckedGame`], so every format gets the same diagnostics, repairs and comparisons.
//!
//! Text formats read UTF-8 text (the caller decodes: the encoding a file declares, such as
//! KIF's `#KIF encoding=Shift_JIS` line, comes from [`RecordFormat::declared_encoding`]);
//! binary formats ([`FormatInfo::binary`]) read the bytes as they are, and place their
//! diagnostics with [`Span::bytes`](crate::Span::bytes).

use std::fmt;
use std::io::{self, BufRead};

use crate::{CheckedGame, Diagnostic, Position, RawGame, Terminal, TextNotation};

/// How sure a format is that some bytes are one of its files: 0 (not one) to 100 (its
/// signature, such as XQF's `XQ` magic or KIF's `#KIF` line).
///
/// ```
/// use notation_traits::Confidence;
///
/// assert!(Confidence::CERTAIN > Confidence::LIKELY);
/// assert_eq!(Confidence::new(250), Confidence::CERTAIN);
/// assert_eq!(Confidence::NONE.get(), 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Confidence(u8);

impl Confidence {
    /// Not one of the format's files.
    pub const NONE: Confidence = Confidence(0);
    /// Text the format could read, with nothing that is its own (bare movetext).
    pub const WEAK: Confidence = Confidence(10);
    /// The format's typical lines (KIF's `手合割：`, CSA's `P1` rows, PGN tag pairs).
    pub const LIKELY: Confidence = Confidence(50);
    /// The format's signature.
    pub const CERTAIN: Confidence = Confidence(100);

    /// A confidence of `n` out of 100 (more is 100).
    pub const fn new(n: u8) -> Confidence {
        Confidence(if n > 100 { 100 } else { n })
    }

    /// The value, 0 to 100.
    pub const fn get(self) -> u8 {
        self.0
    }
}

/// What a format is and can do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormatInfo {
    /// The name the command line and the API use (`kif`, `csa`, `xqf`): lowercase ASCII.
    pub name: &'static str,
    /// What users call it (`KIF (Kakinoki)`, `CSA standard file format`).
    pub title: &'static str,
    /// The file name extensions its files carry, lowercase, without the dot (`kif`, `kifu`);
    /// a hint for writing and for walking folders, never for reading.
    pub extensions: &'static [&'static str],
    /// Whether its files are binary (read as bytes, not decoded text).
    pub binary: bool,
    /// Whether [`RecordFormat::write`] writes it.
    pub writes: bool,
    /// The encoding of its text files when they declare none and detection has nothing to
    /// go by (`Shift_JIS` for CSA), as a WHATWG label.
    pub default_encoding: Option<&'static str>,
    /// Where its definition comes from (`CSA standard file format V3.0`).
    pub source: &'static str,
}

/// A game as a format read it: the record (moves as text), its start position, the notation
/// its moves are written in, its terminal word.
pub struct FormatGame<P: Position> {
    /// The record as read, what the reader noticed about its structure, and its text for
    /// showing diagnostics (empty for a binary file).
    pub raw: RawGame,
    /// The start position, or why it cannot be read (a bad SFEN, a board diagram with two
    /// kings of a side, an XQF piece table off the board).
    pub start: Result<P, Box<Diagnostic>>,
    /// The notation of the move texts (KIF's `７六歩(77)`, CSA's `+7776FU`); `None` where the
    /// file does not fix it and the caller detects it (PGN's WXF, Chinese, ICCS, ...).
    pub notation: Option<Box<dyn TextNotation<P> + Send + Sync>>,
    /// The terminal word that ends the moves, if any (taken off the moves).
    pub terminal: Option<Terminal>,
}

impl<P: Position> fmt::Debug for FormatGame<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FormatGame")
            .field("raw", &self.raw)
            .field("start", &self.start)
            .field("notation", &self.notation.as_ref().map(|_| ".."))
            .field("terminal", &self.terminal)
            .finish()
    }
}

/// What a writer gives: text (the caller encodes it) or bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Written {
    /// Text, to be encoded in the output encoding.
    Text(String),
    /// Bytes, written as they are.
    Bytes(Vec<u8>),
}

/// A game as a format wrote it, and what the format could not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenGame {
    /// The output.
    pub output: Written,
    /// What the record held that the format cannot (`clock times: KI2 has no times`), one
    /// phrase each, for a note to the user.
    pub lost: Vec<String>,
}

/// How to write: the choices a caller makes that are not in the record.
pub struct WriteSettings<'a, P: Position> {
    /// The notation of the moves, for formats whose moves can be written in several (PGN:
    /// WXF, Chinese, ICCS, ...; PSN: PSN or USI); `None` is the format's own.
    pub notation: Option<&'a dyn TextNotation<P>>,
    /// Tags that name that notation, for formats that record it in tags (`Format` = `WXF`,
    /// `Language` = `fi`).
    pub notation_tags: &'a [(&'a str, &'a str)],
    /// The output encoding (a WHATWG label such as `UTF-8` or `Shift_JIS`), for formats that
    /// declare theirs (KIF's `#KIF encoding=`, CSA's `'CSA encoding=`).
    pub encoding: &'a str,
    /// A version of the format where it has several (CSA `2.2` or `3.0`, XQF `10`); `None`
    /// is the format's default.
    pub version: Option<&'a str>,
    /// The game's index in its output file, from 0 (formats that separate games, such as
    /// CSA's `/` line, or hold one game per file, such as XQF).
    pub index: usize,
}

impl<P: Position> fmt::Debug for WriteSettings<'_, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("WriteSettings")
            .field("notation", &self.notation.map(|_| ".."))
            .field("notation_tags", &self.notation_tags)
            .field("encoding", &self.encoding)
            .field("version", &self.version)
            .field("index", &self.index)
            .finish()
    }
}

impl<P: Position> Default for WriteSettings<'_, P> {
    fn default() -> Self {
        WriteSettings {
            notation: None,
            notation_tags: &[],
            encoding: "UTF-8",
            version: None,
            index: 0,
        }
    }
}

/// The games of one file, one by one.
pub type FormatGames<'a, P> = Box<dyn Iterator<Item = io::Result<FormatGame<P>>> + Send + 'a>;

/// A record format of the game whose positions are `P`.
///
/// Implementations are stateless values (`Send + Sync`), so a registry can hold them as
/// `&'static dyn RecordFormat<P>`; readers and the games they yield are `Send`, so games can be
/// checked on other threads.
pub trait RecordFormat<P: Position>: Send + Sync {
    /// What the format is.
    fn info(&self) -> &'static FormatInfo;

    /// How sure the format is that `prefix` (the first bytes of a file, up to 64 KiB, raw:
    /// not decoded) is one of its files. It looks at the content only.
    fn sniff(&self, prefix: &[u8]) -> Confidence;

    /// The encoding the file declares (`#KIF version=2.0 encoding=Shift_JIS`, `'CSA
    /// encoding=UTF-8`), as a WHATWG label; `None` when it declares none.
    fn declared_encoding(&self, prefix: &[u8]) -> Option<&'static str> {
        let _ = prefix;
        None
    }

    /// Reads the games of `input` one by one: UTF-8 text for a text format (a byte-order mark
    /// already removed), the file's bytes for a binary one.
    ///
    /// # Errors
    ///
    /// The iterator yields an [`io::Error`] when reading fails; problems in the file become
    /// diagnostics of the game they occur in ([`RawGame::diagnostics`]).
    fn read<'a>(&'a self, input: Box<dyn BufRead + Send + 'a>) -> FormatGames<'a, P>;

    /// Writes one checked game.
    ///
    /// # Errors
    ///
    /// A diagnostic when the game cannot be written in this format at all (a second game in
    /// a one-game format, a position it cannot hold); what it merely cannot keep goes to
    /// [`WrittenGame::lost`].
    fn write(
        &self,
        game: &CheckedGame<P>,
        settings: &WriteSettings<'_, P>,
    ) -> Result<WrittenGame, Box<Diagnostic>>;
}

/// Whether bytes look like a binary file rather than text: more than two NUL bytes, and more
/// than one in a hundred. Text holds no NUL, but a stray one or two (a file padded by a program,
/// a slip) are read as text and reported where they stand.
///
/// ```
/// use notation_traits::looks_binary;
/// assert!(looks_binary(b"XQ\0\x0a\0\0\0"));
/// assert!(!looks_binary(b"1. C2.5 H8+7\0\n"));
/// ```
pub fn looks_binary(prefix: &[u8]) -> bool {
    let nuls = prefix.iter().filter(|&&b| b == 0).count();
    nuls > 2 && nuls * 100 > prefix.len()
}

/// How sure a PGN-style text format (xiangqi PGN, PSN) is of `prefix`: a line holding one of
/// its `own` tags (`[Game "Chinese Chess"]`, `[Sente `) is 90, other tag pairs are
/// [`Confidence::LIKELY`], other text is [`Confidence::WEAK`], binary data ([`looks_binary`])
/// is [`Confidence::NONE`].
///
/// ```
/// use notation_traits::{Confidence, sniff_pgn_style};
///
/// let own: [&[u8]; 1] = [b"[Sente "];
/// assert_eq!(sniff_pgn_style(b"[Sente \"A\"]\n1.P-7f\n", &own), Confidence::new(90));
/// assert_eq!(sniff_pgn_style(b"[Event \"x\"]\n", &own), Confidence::LIKELY);
/// assert_eq!(sniff_pgn_style(b"1. e4 e5", &own), Confidence::WEAK);
/// assert_eq!(sniff_pgn_style(b"XQ\0\x0a\0\0\0", &own), Confidence::NONE);
/// ```
pub fn sniff_pgn_style(prefix: &[u8], own: &[&[u8]]) -> Confidence {
    if looks_binary(prefix) {
        return Confidence::NONE;
    }
    // Tags open with `[`: each `[` of the prefix is looked at once, for the format's own tags
    // and for a line that is a tag pair.
    let mut tag_line = false;
    let mut from = 0;
    while let Some(i) = prefix[from..].iter().position(|&b| b == b'[') {
        let at = from + i;
        let rest = &prefix[at..];
        if own.iter().any(|t| rest.starts_with(t)) {
            return Confidence::new(90);
        }
        if !tag_line {
            let line_start = prefix[..at]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |n| n + 1);
            let line_end = rest
                .iter()
                .position(|&b| b == b'\n')
                .map_or(prefix.len(), |n| at + n);
            let line = prefix[line_start..line_end].trim_ascii();
            tag_line = line.starts_with(b"[") && line.ends_with(b"\"]") && line.contains(&b' ');
        }
        from = at + 1;
    }
    // Tags of the format's own that do not open with `[`, if any.
    if own
        .iter()
        .any(|t| !t.starts_with(b"[") && crate::find_bytes(prefix, t).is_some())
    {
        return Confidence::new(90);
    }
    if tag_line {
        Confidence::LIKELY
    } else {
        Confidence::WEAK
    }
}
