//! Legal-move counts (perft) of either game from a position given as text: the standard
//! start, `startpos`, a FEN (xiangqi) or an SFEN (shogi), with the engine prefixes `fen ` and
//! `sfen ` as perft files and engine commands write them.

use std::fmt;

use crate::Variant;

/// A perft count: the lines of `--divide` (each root move in the game's coordinates and the
/// count below it; empty unless asked) and the total.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftCount {
    /// One line per root move (ICCS for xiangqi, USI for shogi) with its count, in the move
    /// generator's order; empty unless `divide` was asked.
    pub divide: Vec<(String, u64)>,
    /// The number of legal move sequences of the depth.
    pub total: u64,
}

/// Why a position given for perft cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftError {
    /// What is wrong with the FEN or SFEN, and a hint when it is the other game's.
    pub message: String,
}

impl fmt::Display for PerftError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for PerftError {}

/// Counts the legal move sequences of `depth` plies of `variant` from `position` (`None` or
/// `startpos`: the standard start; else a FEN for xiangqi, an SFEN for shogi, optionally
/// after `fen ` or `sfen `), with one line per root move when `divide`.
///
/// Rule: the legal moves of each game's board crate ([`xiangqi_board::perft`],
/// [`shogi_board::perft`]); testdata/perft/ holds the reference counts.
///
/// # Errors
///
/// [`PerftError`] when the position cannot be read; the message says when it is a position of
/// the other game (`it is a shogi SFEN: give --variant shogi`).
///
/// # Examples
///
/// The depth-2 count of testdata/perft/xiangqi.perft, and of the start written in a file:
///
/// ```
/// use kifu_records::{Variant, perft};
///
/// assert_eq!(perft(Variant::Xiangqi, Some("startpos"), 2, false)?.total, 1920);
/// let file = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/perft/xiangqi.perft"))?;
/// let fen = file.lines().find(|l| l.starts_with("fen ")).unwrap();
/// let out = std::env::temp_dir().join("kifu-records-perft-doctest.txt");
/// std::fs::write(&out, perft(Variant::Xiangqi, Some(fen), 1, true)?.divide.len().to_string())?;
/// assert_eq!(std::fs::read_to_string(&out)?, "44");
/// assert_eq!(perft(Variant::Shogi, None, 2, false)?.total, 900);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn perft(
    variant: Variant,
    position: Option<&str>,
    depth: u32,
    divide: bool,
) -> Result<PerftCount, PerftError> {
    let position = position.map(|f| {
        let f = f.trim();
        ["sfen ", "fen "]
            .iter()
            .find_map(|p| f.strip_prefix(p))
            .unwrap_or(f)
    });
    let position = position.filter(|p| *p != "startpos");
    let counted = match variant {
        Variant::Xiangqi => count(
            position.map(xiangqi_board::Position::from_fen),
            depth,
            divide,
            xiangqi_board::perft,
            xiangqi_board::perft_divide,
        ),
        Variant::Shogi => count(
            position.map(shogi_board::Position::from_sfen),
            depth,
            divide,
            shogi_board::perft,
            shogi_board::perft_divide,
        ),
    };
    counted.map_err(|e| {
        // A position of the other game is the likeliest slip.
        let other = position.and_then(|f| match variant {
            Variant::Xiangqi => shogi_board::Position::from_sfen(f)
                .ok()
                .map(|_| "it is a shogi SFEN: give --variant shogi"),
            Variant::Shogi => xiangqi_board::Position::from_fen(f)
                .ok()
                .map(|_| "it is a xiangqi FEN: give --variant xiangqi"),
        });
        PerftError {
            message: match other {
                Some(hint) => format!("{e} ({hint})"),
                None => e,
            },
        }
    })
}

/// The divide lines (when asked) and the total, from the given position or the start.
fn count<P: Default, M: fmt::Display, E: fmt::Display>(
    given: Option<Result<P, E>>,
    depth: u32,
    divide: bool,
    perft: fn(&P, u32) -> u64,
    perft_divide: fn(&P, u32) -> Vec<(M, u64)>,
) -> Result<PerftCount, String> {
    let pos = given
        .transpose()
        .map_err(|e| e.to_string())?
        .unwrap_or_default();
    if divide && depth > 0 {
        let lines: Vec<(String, u64)> = perft_divide(&pos, depth)
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect();
        let total = lines.iter().map(|(_, n)| n).sum();
        Ok(PerftCount {
            divide: lines,
            total,
        })
    } else {
        Ok(PerftCount {
            divide: Vec::new(),
            total: perft(&pos, depth),
        })
    }
}
