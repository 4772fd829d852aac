//! What a caller fixes about reading: the game, the format, the notation, the letters, the
//! dialect, the encoding, and whether faulty moves are repaired. What is left `None` is
//! detected.

use encoding_rs::Encoding;
use xiangqi_board::Language;

use crate::{FormatRef, Notation, Variant};

/// How to read records; every field `None` (or `false`) is the default: detect everything,
/// repair nothing.
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
