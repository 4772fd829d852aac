//! What a caller fixes about reading: the game, the format, the notation, the letters, the
//! dialect, the encoding, and whether faulty moves are repaired. What is left `None` is
//! detected.

use encoding_rs::Encoding;
use xiangqi_board::Language;

use crate::{FormatRef, Notation, Variant};

/// How to read records; every field `None` (or `false`) is the default: detect everything,
/// repair nothing.
///
/// # Examples
///
/// The Finnish descriptive seed game has two faulty plies: with `repair` the rest of the game
/// decides ply 32 (`S7+2`, written `T7+2`, reported as a `repaired-move` warning); ply 52
/// stays an error (two cannons can make `T4=2`, and the game reads on either way). The game
/// written as JSON holds the repaired move:
///
/// ```
/// use kifu_records::{Games, Input, ReadOptions, Target, WriteOptions, Writer};
///
/// let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/xiangqi/seed-descriptive-fi.pgn");
/// let read = ReadOptions { repair: true, ..ReadOptions::default() };
/// let game = Games::new(Input::open(path.as_ref(), &read)?, read).next().unwrap()?;
/// let plies = |code: &str| -> Vec<Option<u32>> {
///     game.diagnostics.iter().filter(|d| d.code == code).map(|d| d.ply).collect()
/// };
/// assert_eq!(plies("repaired-move"), [Some(32)]);
/// assert_eq!(plies("ambiguous-move"), [Some(52)]);
/// assert_eq!(game.coordinates()[31], "g8g6");
/// let json = Writer::new(WriteOptions::new(Target::named("json").unwrap()));
/// let line = String::from_utf8(json.write(&game, 0)?.bytes)?;
/// assert!(line.contains(r#""coord":"g8g6""#), "{line}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct ReadOptions {
    /// The game (detected per game from the notation and tags when `None`).
    pub variant: Option<Variant>,
    /// The file format (detected from the file's first bytes when `None`).
    pub format: Option<FormatRef>,
    /// The notation of a PGN-style file's moves (detected per game when `None`).
    pub notation: Option<Notation>,
    /// The piece letters of WXF and algebraic input (detected per game when `None`).
    pub language: Option<Language>,
    /// The WXF tandem-pawn dialect of the input (each game's own forms decide when `None`).
    pub dialect: Option<wxf_notation::Dialect>,
    /// The text encoding (declared by the file, else detected, when `None`).
    pub encoding: Option<&'static Encoding>,
    /// Repair faulty or ambiguous moves that the rest of the game decides.
    pub repair: bool,
    /// The game taken when only the moves could tell (no `variant`, no `notation`, no tag
    /// says): only its notations are tried (the command line's `--to psn` reads shogi). `None`:
    /// both games' notations are tried.
    pub detect_variant: Option<Variant>,
    /// The most bytes a compressed input (a gzip, bzip2 or xz stream, the members of a ZIP
    /// archive together) may expand to; past it reading stops with an error, so that a
    /// compression bomb cannot fill the memory or the disk. `None`:
    /// [`MAX_EXPANDED`](crate::MAX_EXPANDED) (1 GiB).
    pub max_expanded: Option<u64>,
}

impl ReadOptions {
    /// The notation hints for xiangqi PGN games.
    pub(crate) fn xiangqi_hints(&self) -> xiangqi_pgn::Hints {
        xiangqi_pgn::Hints {
            notation: self.notation.and_then(Notation::xiangqi),
            language: self.language,
            dialect: self.dialect,
        }
    }
}
