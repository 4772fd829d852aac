//! XQF, the record format of XQStudio (象棋演播室): one game per file, with its start
//! position, header texts, result, move tree and comments.
//!
//! Read: every version (0x0A and below plain; 0x0B; 0x0C-0x12 with the piece table, move
//! records and comment lengths obfuscated by keys from the header). Written: any version
//! 0x0A-0x12, by default 0x12 with all keys 0. See the crate docs for what is kept.
//!
//! Sources: ../shared/research/xqf-format.md (a description checked against 20 real files);
//! XQStudio 1.63's own source (liangqi/XQStudio, BSD licence, `Src/XQFileRW.pas`) where the
//! description leaves a question.

mod header;
mod keys;
mod read;
mod write;

use std::io::BufRead;

use notation_traits::{
    CheckedGame, Confidence, Diagnostic, FormatGame, FormatGames, FormatInfo, RecordFormat,
    Severity, WriteSettings, WrittenGame,
};
use xiangqi_board::Position;

pub use keys::XqfKeys;
pub use write::XqfOptions;

use crate::limits::read_limited;

/// The XQF format (XQStudio, 象棋演播室): [`RecordFormat`] name `xqf`.
///
/// # Examples
///
/// ```
/// use iccs_algebraic::Iccs;
/// use notation_traits::{CheckedGame, RecordFormat, Written, replay};
/// use xiangqi_archive::{Xqf, XqfOptions};
/// use xiangqi_board::Position;
///
/// // A game in, as any reader gives it: here two moves of ICCS text.
/// let raw = notation_traits::parse_game_text("[Red \"Hu Ronghua\"]\nh2e2 h9g7 1-0");
/// let replayed = replay(&raw.record, Position::new(), &Iccs::ENGINE);
/// let game = CheckedGame::new(replayed, &raw, None);
///
/// // Written as XQF 1.0 and read back.
/// let written = Xqf.write_with(&game, &XqfOptions::plain())?;
/// let Written::Bytes(bytes) = written.output else { unreachable!() };
/// assert_eq!(&bytes[..3], b"XQ\x0A");
/// let back = Xqf.read_bytes(&bytes);
/// let moves: Vec<&str> = back.raw.record.main.moves.iter().map(|m| m.text.as_str()).collect();
/// assert_eq!(moves, ["h2e2", "h9g7"]);
/// assert_eq!(back.raw.record.tag("Red"), Some("Hu Ronghua"));
/// assert_eq!(back.raw.record.tag("Result"), Some("1-0"));
/// assert_eq!(back.start?, Position::new());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Xqf;

static INFO: FormatInfo = FormatInfo {
    name: "xqf",
    title: "XQF (XQStudio, 象棋演播室)",
    extensions: &["xqf"],
    binary: true,
    writes: true,
    default_encoding: None,
    source: "XQStudio 1.63 (liangqi/XQStudio, Src/XQFileRW.pas) and ../shared/research/xqf-format.md",
};

impl Xqf {
    /// Reads the game of an XQF file's bytes.
    ///
    /// Problems become diagnostics of the game ([`notation_traits::RawGame::diagnostics`]),
    /// each with its byte place (and ply, for a move record); a file that is no XQF file, or
    /// whose piece table is no legal position, gives an `Err` start with the reason.
    pub fn read_bytes(&self, bytes: &[u8]) -> FormatGame<Position> {
        read::read_xqf(bytes)
    }

    /// Writes `game` as an XQF file of the given version and keys.
    ///
    /// # Errors
    ///
    /// A `bad-header` diagnostic when `options.keys` do not add up to 0 (XQStudio would refuse
    /// the file); everything else a game holds can be written, and what XQF cannot keep is in
    /// [`WrittenGame::lost`].
    pub fn write_with(
        &self,
        game: &CheckedGame<Position>,
        options: &XqfOptions,
    ) -> Result<WrittenGame, Box<Diagnostic>> {
        write::write_xqf(game, options)
    }
}

impl RecordFormat<Position> for Xqf {
    fn info(&self) -> &'static FormatInfo {
        &INFO
    }

    /// `XQ` and a known version with its keys adding up: certain; `XQ` alone: likely.
    fn sniff(&self, prefix: &[u8]) -> Confidence {
        if !prefix.starts_with(b"XQ") {
            return Confidence::NONE;
        }
        let Some(header) = prefix.get(..16) else {
            return Confidence::LIKELY;
        };
        let version = header[2];
        let keys = XqfKeys::from_header(header);
        let sound = if version <= 0x0A {
            true
        } else {
            version <= 0x12 && keys.checksum() == 0
        };
        if sound {
            Confidence::CERTAIN
        } else {
            Confidence::LIKELY
        }
    }

    /// One game (XQF holds one per file), read when the iterator is first asked.
    fn read<'a>(&'a self, input: Box<dyn BufRead + Send + 'a>) -> FormatGames<'a, Position> {
        let mut input = Some(input);
        Box::new(std::iter::from_fn(move || {
            let input = input.take()?;
            Some(read_limited(input, "XQF").map(|bytes| self.read_bytes(&bytes)))
        }))
    }

    /// Writes the game as XQF: `settings.version` names the version (`10`-`18`, `0x0A`-`0x12`,
    /// `1.0`, `1.63`; default 0x12, keys 0). XQF holds one game per file: a game with
    /// `settings.index` above 0 is a `one-game-per-file` error.
    fn write(
        &self,
        game: &CheckedGame<Position>,
        settings: &WriteSettings<'_, Position>,
    ) -> Result<WrittenGame, Box<Diagnostic>> {
        if settings.index > 0 {
            return Err(Box::new(Diagnostic::new(
                Severity::Error,
                "one-game-per-file",
                format!(
                    "an XQF file holds one game: game {} is not written to it (write each game to its own file)",
                    settings.index + 1
                ),
            )));
        }
        let options = match settings.version {
            None => XqfOptions::default(),
            Some(v) => XqfOptions::for_version(v).ok_or_else(|| {
                Box::new(Diagnostic::new(
                    Severity::Error,
                    "bad-header",
                    format!(
                        "XQF version `{v}` is not one kifu writes: give 10-18 (0x0A-0x12), 1.0 or 1.63"
                    ),
                ))
            })?,
        };
        self.write_with(game, &options)
    }
}
