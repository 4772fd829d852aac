//! The two sides: Red (moves first, upper-case letters in FEN) and Black.

use std::fmt;
use std::ops::Not;

/// A side of the game. Red moves first and sits on ranks 0-4 (ICCS); Black sits on ranks 5-9.
///
/// Chinese: 红 (Red), 黑 (Black).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Color {
    /// Red (红), moves first, upper-case FEN letters.
    Red,
    /// Black (黑), lower-case FEN letters.
    Black,
}

impl Color {
    /// Both colours, Red first.
    pub const ALL: [Color; 2] = [Color::Red, Color::Black];

    /// 0 for Red, 1 for Black.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `red` or `black`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Black => "black",
        }
    }
}

impl Not for Color {
    type Output = Color;

    fn not(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
