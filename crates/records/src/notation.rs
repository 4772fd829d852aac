//! The move notations of PGN-style files, by name: what `--from` names for text files.

use std::fmt;
use std::str::FromStr;

use xiangqi_pgn::XiangqiNotation;

use crate::Variant;

/// A notation the moves of a PGN or PSN file are written in.
///
/// ```
/// use kifu_records::{Notation, Variant};
///
/// let n: Notation = "usi".parse()?;
/// assert_eq!(n.variant(), Variant::Shogi);
/// assert_eq!(Notation::Chinese.name(), "chinese");
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Xiangqi descriptive notation (`C2.5`, `H8+7`, `R+.3`).
    Wxf,
    /// Xiangqi descriptive notation in Chinese characters (炮二平五, 马８进７).
    Chinese,
    /// Xiangqi ICCS coordinates (`h2e2`, `H2-E2`), ranks 0-9.
    Iccs,
    /// Xiangqi coordinates as Fairy-Stockfish's UCI mode writes them (`h3e3`), ranks 1-10.
    Uci,
    /// Xiangqi algebraic notation (`Che3`, `The3`, `V10h7`), ranks 1-10.
    Algebraic,
    /// Xiangqi algebraic notation as WinBoard/XBoard write it (`Che2`, `Rb0`, `c5`), ranks 0-9.
    Winboard,
    /// Shogi: Portable Shogi Notation (`P-7f`, `G6i-5h`, `P7g-7f`, `P*5e`).
    Psn,
    /// Shogi: USI moves (`7g7f`, `8h2b+`, `P*5e`).
    Usi,
}

impl Notation {
    /// Every notation: the xiangqi ones, then the shogi ones.
    pub const ALL: [Notation; 8] = [
        Notation::Wxf,
        Notation::Chinese,
        Notation::Iccs,
        Notation::Uci,
        Notation::Algebraic,
        Notation::Winboard,
        Notation::Psn,
        Notation::Usi,
    ];

    /// The lowercase name: `wxf`, `chinese`, `iccs`, `uci`, `algebraic`, `winboard`, `psn`,
    /// `usi`.
    pub const fn name(self) -> &'static str {
        match self {
            Notation::Wxf => "wxf",
            Notation::Chinese => "chinese",
            Notation::Iccs => "iccs",
            Notation::Uci => "uci",
            Notation::Algebraic => "algebraic",
            Notation::Winboard => "winboard",
            Notation::Psn => "psn",
            Notation::Usi => "usi",
        }
    }

    /// The game the notation belongs to.
    pub const fn variant(self) -> Variant {
        match self {
            Notation::Psn | Notation::Usi => Variant::Shogi,
            _ => Variant::Xiangqi,
        }
    }

    /// The xiangqi notation, for the xiangqi ones.
    pub const fn xiangqi(self) -> Option<XiangqiNotation> {
        Some(match self {
            Notation::Wxf => XiangqiNotation::Wxf,
            Notation::Chinese => XiangqiNotation::Chinese,
            Notation::Iccs => XiangqiNotation::Iccs,
            Notation::Uci => XiangqiNotation::Uci,
            Notation::Algebraic => XiangqiNotation::Algebraic,
            Notation::Winboard => XiangqiNotation::Winboard,
            Notation::Psn | Notation::Usi => return None,
        })
    }

    /// One line on what it is.
    pub const fn description(self) -> &'static str {
        match self {
            Notation::Wxf => "Xiangqi descriptive notation (C2.5, H8+7, R+.3)",
            Notation::Chinese => {
                "Xiangqi descriptive notation in Chinese characters (炮二平五, 马８进７)"
            }
            Notation::Iccs => "Xiangqi ICCS coordinates (h2e2, H2-E2), ranks 0-9",
            Notation::Uci => {
                "Xiangqi coordinates as Fairy-Stockfish's UCI mode writes them (h3e3), ranks 1-10"
            }
            Notation::Algebraic => "Xiangqi algebraic notation (Che3, The3, V10h7), ranks 1-10",
            Notation::Winboard => {
                "Xiangqi algebraic notation as WinBoard/XBoard write it (Che2, Rb0, c5), ranks 0-9"
            }
            Notation::Psn => "Shogi: Portable Shogi Notation (P-7f, G6i-5h, P7g-7f, P*5e)",
            Notation::Usi => "Shogi: USI moves (7g7f, 8h2b+, P*5e)",
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Notation {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Notation::ALL
            .into_iter()
            .find(|n| n.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                format!(
                    "expected a notation ({}), found `{s}`",
                    Notation::ALL.map(Notation::name).join(", ")
                )
            })
    }
}
