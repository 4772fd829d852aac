//! The two games.

use std::fmt;
use std::str::FromStr;

/// The game a record is of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Xiangqi (Chinese chess, 象棋): Red moves first.
    Xiangqi,
    /// Shogi (Japanese chess, 将棋): Black (sente) moves first.
    Shogi,
}

impl Variant {
    /// `xiangqi` or `shogi`, as kifu's JSON and the command line name it.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Xiangqi => "xiangqi",
            Variant::Shogi => "shogi",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = String;

    /// `xiangqi` or `shogi`, in any case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "xiangqi" => Ok(Variant::Xiangqi),
            "shogi" => Ok(Variant::Shogi),
            _ => Err(format!("expected a game (xiangqi, shogi), found `{s}`")),
        }
    }
}
