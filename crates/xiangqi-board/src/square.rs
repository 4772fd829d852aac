//! Files, ranks and squares (points) of the 9 × 10 board, in ICCS coordinates.
//!
//! Files `a`-`i` run from Red's left to Red's right; ranks `0`-`9` run from Red's back rank to
//! Black's. `a0` is Red's left corner, `e0` Red's king's point, `e9` Black's. The river lies
//! between ranks 4 and 5. Descriptive notation (WXF, Chinese) numbers files 1-9 from each
//! player's own right instead: see [`File::wxf_number`].

use std::fmt;
use std::str::FromStr;

use crate::Color;

/// A file (column), `a` to `i` from Red's left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct File(u8);

impl File {
    /// The file with index `i` (0 = `a` .. 8 = `i`), if it exists.
    pub const fn new(i: u8) -> Option<File> {
        if i < 9 { Some(File(i)) } else { None }
    }

    /// The index, 0 (`a`) to 8 (`i`).
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The ICCS letter, `a` to `i`.
    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }

    /// The file from its ICCS letter (either case).
    pub fn from_char(c: char) -> Option<File> {
        let c = c.to_ascii_lowercase();
        ('a'..='i').contains(&c).then(|| File(c as u8 - b'a'))
    }

    /// The file number of descriptive notation (WXF, Chinese): 1-9 counted from `color`'s own
    /// right. Red's file 1 is `i`, Black's file 1 is `a`.
    ///
    /// Rule: WXF "Official Xiangqi Piece Names and Notation": files are numbered from right to
    /// left from each player's side.
    ///
    /// ```
    /// use xiangqi_board::{Color, File};
    ///
    /// let h = File::from_char('h').unwrap();
    /// assert_eq!(h.wxf_number(Color::Red), 2);
    /// assert_eq!(h.wxf_number(Color::Black), 8);
    /// ```
    pub const fn wxf_number(self, color: Color) -> u8 {
        match color {
            Color::Red => 9 - self.0,
            Color::Black => self.0 + 1,
        }
    }

    /// The file with descriptive number `n` (1-9) for `color`.
    pub const fn from_wxf_number(n: u8, color: Color) -> Option<File> {
        if n == 0 || n > 9 {
            return None;
        }
        Some(match color {
            Color::Red => File(9 - n),
            Color::Black => File(n - 1),
        })
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// A rank (row), 0 (Red's back rank) to 9 (Black's back rank).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

impl Rank {
    /// The rank with index `i` (0-9), if it exists.
    pub const fn new(i: u8) -> Option<Rank> {
        if i < 10 { Some(Rank(i)) } else { None }
    }

    /// The index, 0 to 9 (ICCS rank digit).
    pub const fn index(self) -> u8 {
        self.0
    }

    /// How far the rank is from `color`'s own back rank: 0 on the back rank, 9 on the
    /// opponent's.
    pub const fn relative_to(self, color: Color) -> u8 {
        match color {
            Color::Red => self.0,
            Color::Black => 9 - self.0,
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A point of the board, index `rank * 9 + file` (0 = `a0` .. 89 = `i9`).
///
/// # Examples
///
/// ```
/// use xiangqi_board::Square;
///
/// let sq: Square = "h2".parse()?;
/// assert_eq!((sq.file().char(), sq.rank().index()), ('h', 2));
/// assert_eq!(sq.to_string(), "h2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The number of points, 90.
    pub const COUNT: usize = 90;

    /// The point on `file` and `rank`.
    pub const fn new(file: File, rank: Rank) -> Square {
        Square(rank.0 * 9 + file.0)
    }

    /// The point with index `i` (0-89), if it exists.
    pub const fn from_index(i: u8) -> Option<Square> {
        if (i as usize) < Self::COUNT {
            Some(Square(i))
        } else {
            None
        }
    }

    /// The point at file index `file` (0-8) and rank index `rank` (0-9), if both exist.
    pub const fn from_coords(file: i32, rank: i32) -> Option<Square> {
        if file >= 0 && file < 9 && rank >= 0 && rank < 10 {
            Some(Square((rank * 9 + file) as u8))
        } else {
            None
        }
    }

    /// The point with index `i`, which the caller knows is below 90.
    pub(crate) const fn from_raw(i: usize) -> Square {
        Square(i as u8)
    }

    /// The index, 0-89.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file.
    pub const fn file(self) -> File {
        File(self.0 % 9)
    }

    /// The rank.
    pub const fn rank(self) -> Rank {
        Rank(self.0 / 9)
    }

    /// Whether the point is on `color`'s side of the river (Red: ranks 0-4).
    pub const fn is_on_side_of(self, color: Color) -> bool {
        let r = self.0 / 9;
        match color {
            Color::Red => r <= 4,
            Color::Black => r >= 5,
        }
    }

    /// Whether the point is inside `color`'s palace (files d-f, Red ranks 0-2, Black 7-9).
    pub const fn is_in_palace_of(self, color: Color) -> bool {
        let f = self.0 % 9;
        let r = self.0 / 9;
        let rank_ok = match color {
            Color::Red => r <= 2,
            Color::Black => r >= 7,
        };
        f >= 3 && f <= 5 && rank_ok
    }

    /// The point `df` files and `dr` ranks away, if on the board.
    pub const fn offset(self, df: i32, dr: i32) -> Option<Square> {
        Square::from_coords((self.0 % 9) as i32 + df, (self.0 / 9) as i32 + dr)
    }

    /// Every point, `a0` first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..Self::COUNT as u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), self.rank())
    }
}

/// The text is not an ICCS square (`a0`-`i9`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a square (file a-i, rank 0-9), found `{0}`")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Reads an ICCS square, either case: `h2`, `E9`.
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(f), Some(r), None) => {
                let file = File::from_char(f);
                let rank = r.to_digit(10).and_then(|r| Rank::new(r as u8));
                match (file, rank) {
                    (Some(file), Some(rank)) => Ok(Square::new(file, rank)),
                    _ => Err(ParseSquareError(s.to_owned())),
                }
            }
            _ => Err(ParseSquareError(s.to_owned())),
        }
    }
}
