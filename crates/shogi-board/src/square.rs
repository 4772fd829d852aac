//! Files, ranks and squares of the 9 × 9 board, in USI coordinates.
//!
//! Files are numbered `1`-`9` from Black's (sente's) right to Black's left; ranks are lettered
//! `a`-`i` from the top (White's back rank) to the bottom (Black's back rank). A square is file
//! then rank: `7g` is Black's third pawn from the left, `5i` Black's king, `5a` White's king.
//! Notations with digit ranks (`76` for `7f`) use [`Rank::number`] (a = 1 .. i = 9).
//!
//! Rule: the USI protocol (square names) and Japanese practice (筋 files counted from the right,
//! 段 ranks counted from the top, 一 .. 九).

use std::fmt;
use std::str::FromStr;

use crate::Color;

/// A file (筋, column), 1 to 9 counted from Black's right.
///
/// ```
/// use shogi_board::File;
///
/// let seven = File::new(7).unwrap();
/// assert_eq!((seven.number(), seven.index(), seven.char()), (7, 6, '7'));
/// assert_eq!(File::new(0), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct File(u8);

impl File {
    /// The file numbered `number` (1-9), if it exists.
    pub const fn new(number: u8) -> Option<File> {
        if number >= 1 && number <= 9 {
            Some(File(number - 1))
        } else {
            None
        }
    }

    /// The file with index `i` (0 = file 1 .. 8 = file 9), if it exists.
    pub const fn from_index(i: u8) -> Option<File> {
        if i < 9 { Some(File(i)) } else { None }
    }

    /// The file number, 1 (Black's right) to 9 (Black's left).
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// The index, 0 (file 1) to 8 (file 9).
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The USI digit, `1` to `9`.
    pub const fn char(self) -> char {
        (b'1' + self.0) as char
    }

    /// The file of a USI digit `1`-`9`.
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            '1'..='9' => Some(File(c as u8 - b'1')),
            _ => None,
        }
    }

    /// Every file, 1 to 9.
    pub fn all() -> impl Iterator<Item = File> {
        (0..9).map(File)
    }
}

impl fmt::Display for File {
    /// The digit: `7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// A rank (段, row), `a` (White's back rank, 一) to `i` (Black's back rank, 九).
///
/// ```
/// use shogi_board::{Color, Rank};
///
/// let g = Rank::from_char('g').unwrap();
/// assert_eq!((g.number(), g.index(), g.char()), (7, 6, 'g'));
/// assert_eq!(g.relative_to(Color::Black), 2);
/// assert!(Rank::from_char('c').unwrap().is_promotion_zone(Color::Black));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

impl Rank {
    /// The rank numbered `number` (1 = `a` .. 9 = `i`), if it exists.
    pub const fn new(number: u8) -> Option<Rank> {
        if number >= 1 && number <= 9 {
            Some(Rank(number - 1))
        } else {
            None
        }
    }

    /// The rank with index `i` (0 = `a` .. 8 = `i`), if it exists.
    pub const fn from_index(i: u8) -> Option<Rank> {
        if i < 9 { Some(Rank(i)) } else { None }
    }

    /// The rank number of digit notations, 1 (`a`) to 9 (`i`).
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// The index, 0 (`a`) to 8 (`i`).
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The USI letter, `a` to `i`.
    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }

    /// The rank of a USI letter `a`-`i` (either case).
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            'a'..='i' => Some(Rank(c as u8 - b'a')),
            'A'..='I' => Some(Rank(c as u8 - b'A')),
            _ => None,
        }
    }

    /// How far the rank is from `color`'s own back rank: 0 on it (Black: `i`, White: `a`), 8 on
    /// the opponent's back rank.
    pub const fn relative_to(self, color: Color) -> u8 {
        match color {
            Color::Black => 8 - self.0,
            Color::White => self.0,
        }
    }

    /// Whether the rank is in `color`'s promotion zone (敵陣), the opponent's three back ranks:
    /// `a`-`c` for Black, `g`-`i` for White.
    ///
    /// Rule: Japan Shogi Association, 将棋のルール (成り: entering, leaving or moving inside the
    /// three farthest ranks).
    pub const fn is_promotion_zone(self, color: Color) -> bool {
        self.relative_to(color) >= 6
    }

    /// Every rank, `a` to `i`.
    pub fn all() -> impl Iterator<Item = Rank> {
        (0..9).map(Rank)
    }
}

impl fmt::Display for Rank {
    /// The letter: `g`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// A square of the board, index `(file - 1) * 9 + rank index` (0 = `1a` .. 80 = `9i`).
///
/// # Examples
///
/// ```
/// use shogi_board::{File, Rank, Square};
///
/// let sq: Square = "7g".parse()?;
/// assert_eq!((sq.file().number(), sq.rank().char()), (7, 'g'));
/// assert_eq!(sq, Square::new(File::new(7).unwrap(), Rank::new(7).unwrap()));
/// assert_eq!(Square::from_numbers(7, 7), Some(sq));
/// assert_eq!(sq.to_string(), "7g");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The number of squares, 81.
    pub const COUNT: usize = 81;

    /// The square on `file` and `rank`.
    pub const fn new(file: File, rank: Rank) -> Square {
        Square(file.0 * 9 + rank.0)
    }

    /// The square of file number `file` (1-9) and rank number `rank` (1 = `a` .. 9 = `i`), as
    /// digit notations write it (`76` = `7f`), if both exist.
    pub const fn from_numbers(file: u8, rank: u8) -> Option<Square> {
        match (File::new(file), Rank::new(rank)) {
            (Some(f), Some(r)) => Some(Square::new(f, r)),
            _ => None,
        }
    }

    /// The square with index `i` (0-80), if it exists.
    pub const fn from_index(i: u8) -> Option<Square> {
        if (i as usize) < Self::COUNT {
            Some(Square(i))
        } else {
            None
        }
    }

    /// The square with index `i`, which the caller knows is below 81.
    pub(crate) const fn from_raw(i: usize) -> Square {
        Square(i as u8)
    }

    /// The index, 0 (`1a`) to 80 (`9i`).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file.
    pub const fn file(self) -> File {
        File(self.0 / 9)
    }

    /// The rank.
    pub const fn rank(self) -> Rank {
        Rank(self.0 % 9)
    }

    /// Whether the square is in `color`'s promotion zone (the opponent's three back ranks).
    pub const fn is_promotion_zone(self, color: Color) -> bool {
        self.rank().is_promotion_zone(color)
    }

    /// The square seen from the other side (rotated 180°): `7g` ↔ `3c`.
    #[must_use]
    pub const fn flip(self) -> Square {
        Square(80 - self.0)
    }

    /// Every square, `1a` first, then down file 1, then file 2, up to `9i`.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..Self::COUNT as u8).map(Square)
    }
}

impl fmt::Display for Square {
    /// USI: file digit, rank letter (`7g`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = [b'1' + self.file().index(), b'a' + self.rank().index()];
        f.write_str(std::str::from_utf8(&text).map_err(|_| fmt::Error)?)
    }
}

/// The text is not a USI square (`1a`-`9i`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a square (file digit 1-9, rank letter a-i), found `{0}`")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Reads a USI square: `7g` (the rank letter in either case).
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(f), Some(r), None) => match (File::from_char(f), Rank::from_char(r)) {
                (Some(file), Some(rank)) => Ok(Square::new(file, rank)),
                _ => Err(ParseSquareError(s.to_owned())),
            },
            _ => Err(ParseSquareError(s.to_owned())),
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_square_round_trips() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
            assert_eq!(Square::new(sq.file(), sq.rank()), sq);
        }
        assert_eq!(Square::all().next().unwrap().to_string(), "1a");
        assert_eq!(Square::all().last().unwrap().to_string(), "9i");
    }

    #[test]
    fn bad_squares_are_refused() {
        for text in ["0e", "5j", "10a", "", "5", "5e5"] {
            assert!(text.parse::<Square>().is_err(), "{text}");
        }
        assert_eq!(
            "0e".parse::<Square>().unwrap_err().to_string(),
            "expected a square (file digit 1-9, rank letter a-i), found `0e`"
        );
    }

    #[test]
    fn flip_rotates_the_board() {
        assert_eq!("7g".parse::<Square>().unwrap().flip().to_string(), "3c");
        assert_eq!("5e".parse::<Square>().unwrap().flip().to_string(), "5e");
    }
}
