//! The registry of record formats: every format kifu reads or writes, each one implementation of
//! [`notation_traits::RecordFormat`] for its game's positions. Detection asks every format how
//! sure it is of a file's first bytes; the command line's and the server's lists of formats are
//! this list.

use notation_traits::{Confidence, FormatInfo, RecordFormat};

use crate::Variant;
use crate::json::KifuJson;

/// A registered record format and the game (or games) it is for.
#[derive(Clone, Copy)]
pub enum FormatRef {
    /// A xiangqi format.
    Xiangqi(&'static dyn RecordFormat<xiangqi_board::Position>),
    /// A shogi format.
    Shogi(&'static dyn RecordFormat<shogi_board::Position>),
    /// A format of both games (kifu's JSON), one implementation for each.
    Both(
        &'static dyn RecordFormat<xiangqi_board::Position>,
        &'static dyn RecordFormat<shogi_board::Position>,
    ),
}

impl std::fmt::Debug for FormatRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.info().name)
    }
}

impl PartialEq for FormatRef {
    fn eq(&self, other: &Self) -> bool {
        self.info().name == other.info().name
    }
}

impl Eq for FormatRef {}

impl FormatRef {
    /// What the format is.
    pub fn info(self) -> &'static FormatInfo {
        match self {
            FormatRef::Xiangqi(f) | FormatRef::Both(f, _) => f.info(),
            FormatRef::Shogi(f) => f.info(),
        }
    }

    /// Its name (`pgn`, `psn`, `kif`, `json`).
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The game it is for; `None` for a format of both games.
    pub fn variant(self) -> Option<Variant> {
        match self {
            FormatRef::Xiangqi(_) => Some(Variant::Xiangqi),
            FormatRef::Shogi(_) => Some(Variant::Shogi),
            FormatRef::Both(..) => None,
        }
    }

    /// How sure it is that `prefix` is one of its files.
    ///
    /// ```
    /// // Detection asks every format: the surest names the file's format (the first in
    /// // [`formats`] order among equals), whatever its name says.
    /// let surest = |path: &str| {
    ///     let bytes = std::fs::read(path).unwrap();
    ///     let formats = kifu_records::formats().iter().rev();
    ///     formats.max_by_key(|f| f.sniff(&bytes)).unwrap().name()
    /// };
    /// assert_eq!(surest("../../testdata/kif/handicap-lance.kif"), "kif");
    /// assert_eq!(surest("../../testdata/kif/relative.ki2u"), "ki2");
    /// assert_eq!(surest("../../testdata/csa/commas.csa"), "csa");
    /// assert_eq!(surest("../../testdata/xiangqi/xiangqi-chinese-1.pgn"), "pgn");
    /// assert_eq!(surest("../../testdata/shogi/shogi-everything.psn"), "psn");
    /// ```
    pub fn sniff(self, prefix: &[u8]) -> Confidence {
        match self {
            FormatRef::Xiangqi(f) | FormatRef::Both(f, _) => f.sniff(prefix),
            FormatRef::Shogi(f) => f.sniff(prefix),
        }
    }

    /// The encoding its file declares, if any (a WHATWG label).
    pub fn declared_encoding(self, prefix: &[u8]) -> Option<&'static str> {
        match self {
            FormatRef::Xiangqi(f) | FormatRef::Both(f, _) => f.declared_encoding(prefix),
            FormatRef::Shogi(f) => f.declared_encoding(prefix),
        }
    }

    /// Whether it is one of the PGN-style text formats (xiangqi PGN, PSN, PSN2), which share
    /// one text reader and whose games are told apart game by game.
    pub fn is_pgn_style(self) -> bool {
        matches!(self.name(), "pgn" | "psn" | "psn2")
    }

    /// Whether it reads records: every format but the game page (`html`), which is written only,
    /// so that `--from html` is refused as a usage error rather than reading nothing.
    ///
    /// ```
    /// assert!(kifu_records::format("kif").unwrap().reads());
    /// assert!(!kifu_records::format("html").unwrap().reads());
    /// ```
    pub fn reads(self) -> bool {
        self.name() != "html"
    }
}

/// The game page (write only).
static HTML: kifu_diagram::HtmlPage = kifu_diagram::HtmlPage::new();

/// Every format, in the order detection prefers them when they are equally sure.
static FORMATS: [FormatRef; 13] = [
    FormatRef::Xiangqi(&xiangqi_pgn::Pgn),
    FormatRef::Shogi(&psn::PsnFormat),
    FormatRef::Shogi(&psn::Psn2Format),
    FormatRef::Both(&KifuJson, &KifuJson),
    FormatRef::Shogi(&kif::Kif),
    FormatRef::Shogi(&kif::Ki2),
    FormatRef::Shogi(&csa::Csa),
    FormatRef::Shogi(&jkf::Jkf),
    FormatRef::Xiangqi(&xiangqi_archive::Xqf),
    FormatRef::Xiangqi(&xiangqi_archive::Cbr),
    FormatRef::Xiangqi(&xiangqi_archive::Cbl),
    FormatRef::Xiangqi(&xiangqi_archive::DhtmlXq),
    FormatRef::Both(&HTML, &HTML),
];

/// Every record format kifu knows.
///
/// ```
/// let names: Vec<&str> = kifu_records::formats().iter().map(|f| f.name()).collect();
/// assert!(names.contains(&"pgn") && names.contains(&"psn") && names.contains(&"json"));
/// ```
pub fn formats() -> &'static [FormatRef] {
    &FORMATS
}

/// The format named `name` (any case).
pub fn format(name: &str) -> Option<FormatRef> {
    FORMATS
        .iter()
        .copied()
        .find(|f| f.name().eq_ignore_ascii_case(name))
}

/// Files kifu recognises but does not read, by their first bytes: what they look like (asked
/// when no registered format is sure of the file).
pub(crate) fn unread_kind(prefix: &[u8]) -> Option<&'static str> {
    let starts = |m: &[u8]| prefix.starts_with(m);
    let has = |needle: &[u8]| notation_traits::find_bytes(prefix, needle).is_some();
    if starts(b"PK\x03\x04") {
        return Some("a ZIP archive (unpack it first)");
    }
    if starts(b"\x1f\x8b") {
        return Some("a gzip-compressed file (unpack it first)");
    }
    if starts(b"BZh") && prefix.get(3).is_some_and(u8::is_ascii_digit) {
        return Some("a bzip2-compressed file (unpack it first)");
    }
    if starts(b"\xFD7zXZ\x00") {
        return Some("an xz-compressed file (unpack it first)");
    }
    if starts(b"%PDF") {
        return Some("a PDF document");
    }
    if starts(b"\x89PNG") || starts(b"\xFF\xD8\xFF") || starts(b"GIF8") {
        return Some("an image");
    }
    if has(b"[White \"") && has(b"[Black \"") && !has(b"[Variant ") && chess_moves(prefix) {
        return Some("a chess PGN file (kifu reads xiangqi and shogi records)");
    }
    if notation_traits::looks_binary(prefix) {
        return Some("a binary file");
    }
    None
}

/// Whether the movetext of a PGN file opens with a chess move (`1. e4`, `1.d4`, `1. Nf3`).
fn chess_moves(prefix: &[u8]) -> bool {
    let text = String::from_utf8_lossy(prefix);
    let Some(at) = text.find("1.") else {
        return false;
    };
    let first = text[at + 2..].split_whitespace().next().unwrap_or("");
    let b = first.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    match b {
        [f, r] => square(*f, *r),
        [p, f, r] => b"NBRQK".contains(p) && square(*f, *r),
        _ => first.starts_with("O-O"),
    }
}
