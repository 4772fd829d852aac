//! The two sides: Black (sente, 先手), who moves first in an even game, and White (gote, 後手).

use std::fmt;
use std::ops::Not;

/// A side of the game.
///
/// Black is sente (先手): it moves first in an even game, sits on ranks g-i at the start and
/// writes its SFEN letters in upper case. White is gote (後手): it sits on ranks a-c and writes
/// lower case. In a handicap game the giver (上手, uwate) plays White and moves first.
///
/// Rule: the USI protocol (SFEN `b` = Black to move, `w` = White to move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Color {
    /// Black, sente (先手): moves first in an even game, upper-case SFEN letters.
    Black,
    /// White, gote (後手): moves second in an even game and first in a handicap game,
    /// lower-case SFEN letters.
    White,
}

impl Color {
    /// Both colours, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// 0 for Black, 1 for White.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `black` or `white`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }

    /// `sente` or `gote`.
    pub const fn romaji(self) -> &'static str {
        match self {
            Color::Black => "sente",
            Color::White => "gote",
        }
    }

    /// 先手 or 後手.
    pub const fn japanese(self) -> &'static str {
        match self {
            Color::Black => "先手",
            Color::White => "後手",
        }
    }

    /// The SFEN side letter: `b` or `w`.
    pub const fn sfen_char(self) -> char {
        match self {
            Color::Black => 'b',
            Color::White => 'w',
        }
    }

    /// The colour of an SFEN side letter, `b` or `w`.
    pub const fn from_sfen_char(c: char) -> Option<Color> {
        match c {
            'b' => Some(Color::Black),
            'w' => Some(Color::White),
            _ => None,
        }
    }
}

impl Not for Color {
    type Output = Color;

    fn not(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
}

impl fmt::Display for Color {
    /// `black` or `white`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
