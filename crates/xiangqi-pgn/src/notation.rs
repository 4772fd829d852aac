//! The notations of xiangqi movetext, by name.

use std::fmt;
use std::str::FromStr;

/// A notation xiangqi PGN movetext is written in.
///
/// ```
/// use xiangqi_pgn::XiangqiNotation;
///
/// let n: XiangqiNotation = "wxf".parse()?;
/// assert_eq!(n, XiangqiNotation::Wxf);
/// assert_eq!(n.format_tag(), "WXF");
/// assert_eq!(XiangqiNotation::from_format_tag("iccs"), Some(XiangqiNotation::Iccs));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum XiangqiNotation {
    /// WXF descriptive notation (`C2.5`, `H8+7`, `R+.3`) in English, Finnish or German letters.
    Wxf,
    /// Descriptive notation in Chinese characters (炮二平五, 马８进７).
    Chinese,
    /// ICCS coordinates (`h2e2`, `H2-E2`), ranks 0-9.
    Iccs,
    /// Coordinates as Fairy-Stockfish's UCI mode writes them (`h3e3`), ranks 1-10.
    Uci,
    /// Algebraic notation (`Che3`, `The3`, `V10h7`), ranks 1-10.
    Algebraic,
    /// Algebraic notation as WinBoard/XBoard write it (`Che2`, `Rb0`, `c5`), ranks 0-9.
    Winboard,
}

impl XiangqiNotation {
    /// Every notation, in the order detection tries them (where readings give the same moves,
    /// the first wins: plain coordinates are ICCS before they are WinBoard's long algebraic).
    pub const ALL: [XiangqiNotation; 6] = [
        XiangqiNotation::Wxf,
        XiangqiNotation::Chinese,
        XiangqiNotation::Algebraic,
        XiangqiNotation::Iccs,
        XiangqiNotation::Uci,
        XiangqiNotation::Winboard,
    ];

    /// The lowercase name: `wxf`, `chinese`, `iccs`, `uci`, `algebraic`, `winboard`.
    pub const fn name(self) -> &'static str {
        match self {
            XiangqiNotation::Wxf => "wxf",
            XiangqiNotation::Chinese => "chinese",
            XiangqiNotation::Iccs => "iccs",
            XiangqiNotation::Uci => "uci",
            XiangqiNotation::Algebraic => "algebraic",
            XiangqiNotation::Winboard => "winboard",
        }
    }

    /// The `[Format]` tag value that names it (the xqbase PGN tag, with kifu's own `UCI`,
    /// `Algebraic` and `WinBoard`).
    pub const fn format_tag(self) -> &'static str {
        match self {
            XiangqiNotation::Wxf => "WXF",
            XiangqiNotation::Chinese => "Chinese",
            XiangqiNotation::Iccs => "ICCS",
            XiangqiNotation::Uci => "UCI",
            XiangqiNotation::Algebraic => "Algebraic",
            XiangqiNotation::Winboard => "WinBoard",
        }
    }

    /// The notation a `[Format]` tag value names, compared without case; `None` for a value
    /// kifu does not know.
    pub fn from_format_tag(value: &str) -> Option<XiangqiNotation> {
        XiangqiNotation::ALL
            .into_iter()
            .find(|n| n.format_tag().eq_ignore_ascii_case(value.trim()))
    }

    /// Whether piece letters are part of it (WXF and algebraic: the letter set matters).
    pub const fn has_letters(self) -> bool {
        matches!(
            self,
            XiangqiNotation::Wxf | XiangqiNotation::Algebraic | XiangqiNotation::Winboard
        )
    }
}

impl fmt::Display for XiangqiNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text names no xiangqi notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseXiangqiNotationError(pub String);

impl fmt::Display for ParseXiangqiNotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "expected a xiangqi notation (wxf, chinese, iccs, uci, algebraic, winboard), found `{}`",
            self.0
        )
    }
}

impl std::error::Error for ParseXiangqiNotationError {}

impl FromStr for XiangqiNotation {
    type Err = ParseXiangqiNotationError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        XiangqiNotation::ALL
            .into_iter()
            .find(|n| n.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseXiangqiNotationError(s.to_owned()))
    }
}
