//! [`Kif`] and [`Ki2`]: the two formats as [`RecordFormat`]s of [`shogi_board::Position`].

use std::io::BufRead;

use notation_traits::{
    CheckedGame, Confidence, Diagnostic, FormatGames, FormatInfo, RecordFormat, WriteSettings,
    WrittenGame,
};
use shogi_board::Position;

use crate::reader::{Games, Kind};
use crate::{sniff, writer};

/// KIF, the record format of Kakinoki's shogi programs (Kifu for Windows) that Shogidokoro,
/// Piyo Shogi, 81Dojo and Shogi Club 24 write: a header of `key：value` lines, a numbered move
/// per line with its time, comments, variations.
///
/// Reading and writing are described in the crate docs; the moves are [`crate::KifNotation`]'s.
///
/// # Examples
///
/// ```
/// use notation_traits::RecordFormat;
/// use kif::Kif;
///
/// let text = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:16/00:00:16)\n   2 投了\n";
/// assert_eq!(Kif.sniff(text.as_bytes()).get(), 90);
/// let game = Kif.read(Box::new(text.as_bytes())).next().unwrap()?;
/// assert_eq!(game.raw.record.tag("手合割"), Some("平手"));
/// assert_eq!(game.raw.record.main.moves[0].text, "７六歩(77)");
/// assert_eq!(game.raw.record.main.moves[0].clock.as_deref(), Some(" 0:16/00:00:16"));
/// assert_eq!(game.terminal.unwrap().text, "投了");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Kif;

/// KI2, the printed form of a KIF record: the moves without numbers or times, several to a
/// line, told apart by the JSA relative words (`▲５二金右`), and an ending line
/// (`まで64手で後手の勝ち`).
///
/// The moves are [`crate::Ki2Notation`]'s.
///
/// # Examples
///
/// ```
/// use notation_traits::{RecordFormat, TerminalKind};
/// use kif::Ki2;
///
/// let text = "手合割：平手\n▲７六歩    △３四歩    ▲２二角成  △同　銀\nまで4手で先手の勝ち\n";
/// let game = Ki2.read(Box::new(text.as_bytes())).next().unwrap()?;
/// let texts: Vec<&str> = game.raw.record.main.moves.iter().map(|m| m.text.as_str()).collect();
/// assert_eq!(texts, ["▲７六歩", "△３四歩", "▲２二角成", "△同　銀"]);
/// assert_eq!(game.terminal.unwrap().kind, TerminalKind::Resignation);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Ki2;

static KIF_INFO: FormatInfo = FormatInfo {
    name: "kif",
    title: "KIF (Kakinoki)",
    extensions: &["kif", "kifu"],
    binary: false,
    writes: true,
    default_encoding: Some("Shift_JIS"),
    source: "Kakinoki, 棋譜ファイル KIF 形式 (http://kakinoki.o.oo7.jp/kif_format.html)",
};

static KI2_INFO: FormatInfo = FormatInfo {
    name: "ki2",
    title: "KI2 (Kakinoki)",
    extensions: &["ki2", "ki2u"],
    binary: false,
    writes: true,
    default_encoding: Some("Shift_JIS"),
    source: "Kakinoki, 棋譜ファイル KIF 形式 (http://kakinoki.o.oo7.jp/kif_format.html); 日本将棋連盟「棋譜の表記方法」 (https://www.shogi.or.jp/faq/kihuhyouki.html)",
};

impl RecordFormat<Position> for Kif {
    fn info(&self) -> &'static FormatInfo {
        &KIF_INFO
    }

    /// 100 for a `#KIF` line; 90 for the moves header or KIF move lines; 50 for a header alone
    /// (`手合割：`, `先手：`, ...); 20 for a KI2 file; 0 otherwise. Shift_JIS and UTF-8 alike.
    fn sniff(&self, prefix: &[u8]) -> Confidence {
        sniff::sniff_kif(prefix)
    }

    /// The `#KIF version=2.0 encoding=...` line's encoding, unless the bytes contradict it.
    fn declared_encoding(&self, prefix: &[u8]) -> Option<&'static str> {
        sniff::declared_encoding(prefix)
    }

    /// Reads the games of a file (one, as Kifu for Windows writes it; a header or diagram line
    /// after the moves starts another).
    ///
    /// # Errors
    ///
    /// The iterator yields an [`std::io::Error`] when reading fails, or
    /// ([`std::io::ErrorKind::InvalidData`]) when the text is not UTF-8 (Shift_JIS is decoded by
    /// the caller), and ends there.
    fn read<'a>(&'a self, input: Box<dyn BufRead + Send + 'a>) -> FormatGames<'a, Position> {
        Box::new(Games::new(input, Kind::Kif))
    }

    /// Writes one game, in Kifu for Windows' layout with `\n` line ends (the caller encodes);
    /// a game of [`WriteSettings::index`] above 0 goes after the one before it in the same
    /// file, which this crate reads back and Kifu for Windows does not.
    ///
    /// # Errors
    ///
    /// None so far: what the format cannot hold is named in [`WrittenGame::lost`].
    fn write(
        &self,
        game: &CheckedGame<Position>,
        settings: &WriteSettings<'_, Position>,
    ) -> Result<WrittenGame, Box<Diagnostic>> {
        writer::write(Kind::Kif, game, settings)
    }
}

impl RecordFormat<Position> for Ki2 {
    fn info(&self) -> &'static FormatInfo {
        &KI2_INFO
    }

    /// 100 for a `#KI2` line; 90 for KI2 move lines (`▲７六歩`) and no KIF ones; 40 for a
    /// header alone; 20 for a KIF file; 0 otherwise.
    fn sniff(&self, prefix: &[u8]) -> Confidence {
        sniff::sniff_ki2(prefix)
    }

    /// The `#KI2 version=2.0 encoding=...` line's encoding, unless the bytes contradict it.
    fn declared_encoding(&self, prefix: &[u8]) -> Option<&'static str> {
        sniff::declared_encoding(prefix)
    }

    /// Reads the games of a file (one, as Kifu for Windows writes it; a header or diagram line
    /// after the moves starts another).
    ///
    /// # Errors
    ///
    /// The iterator yields an [`std::io::Error`] when reading fails, or
    /// ([`std::io::ErrorKind::InvalidData`]) when the text is not UTF-8 (Shift_JIS is decoded by
    /// the caller), and ends there.
    fn read<'a>(&'a self, input: Box<dyn BufRead + Send + 'a>) -> FormatGames<'a, Position> {
        Box::new(Games::new(input, Kind::Ki2))
    }

    /// Writes one game, in Kifu for Windows' layout with `\n` line ends (the caller encodes);
    /// a game of [`WriteSettings::index`] above 0 goes after the one before it in the same
    /// file, which this crate reads back and Kifu for Windows does not.
    ///
    /// # Errors
    ///
    /// None so far: what the format cannot hold is named in [`WrittenGame::lost`].
    fn write(
        &self,
        game: &CheckedGame<Position>,
        settings: &WriteSettings<'_, Position>,
    ) -> Result<WrittenGame, Box<Diagnostic>> {
        writer::write(Kind::Ki2, game, settings)
    }
}
