//! Piece kinds and pieces.

use std::fmt;

use crate::Color;

/// The seven kinds of xiangqi piece.
///
/// Letters per the WXF page ("Official Xiangqi Piece Names and Notation") and the seed's table:
///
/// | kind | Chinese (Red · Black) | FEN | WXF English | Finnish | German (DXB) |
/// |---|---|---|---|---|---|
/// | King | 帅/帥 · 将/將 | K | K | K (Kenraali) | F (Feldherr) |
/// | Advisor | 仕 · 士 | A | A | N (Neuvonantaja) | L (Leibwächter) |
/// | Elephant | 相 · 象 | B (E read) | E | E (Elefantti) | E (Elefant) |
/// | Horse | 马/傌 · 马/馬 | N (H read) | H | H (Hevonen) | P (Pferd) |
/// | Chariot | 车/俥 · 车/車 | R | R | V (Vaunu) | W (Wagen) |
/// | Cannon | 炮 · 炮/砲 | C | C | T (Tykki) | K (Kanone) |
/// | Pawn | 兵 · 卒 | P | P | S (Sotilas) | S (Soldat) |
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PieceKind {
    /// King or general (帅 · 将): one point orthogonally inside the palace.
    King,
    /// Advisor or guard (仕 · 士): one point diagonally inside the palace.
    Advisor,
    /// Elephant or minister (相 · 象): two points diagonally, not across the river, not over an
    /// occupied eye.
    Elephant,
    /// Horse (马): one point orthogonally then one diagonally outward, not over an occupied leg.
    Horse,
    /// Chariot or rook (车): any distance orthogonally.
    Chariot,
    /// Cannon (炮): moves as a chariot, captures by jumping exactly one piece.
    Cannon,
    /// Pawn or soldier (兵 · 卒): one point forward; also sideways after crossing the river.
    Pawn,
}

impl PieceKind {
    /// All kinds, in the order of the table above.
    pub const ALL: [PieceKind; 7] = [
        PieceKind::King,
        PieceKind::Advisor,
        PieceKind::Elephant,
        PieceKind::Horse,
        PieceKind::Chariot,
        PieceKind::Cannon,
        PieceKind::Pawn,
    ];

    /// The English name: `king`, `advisor`, `elephant`, `horse`, `chariot`, `cannon`, `pawn`.
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::King => "king",
            PieceKind::Advisor => "advisor",
            PieceKind::Elephant => "elephant",
            PieceKind::Horse => "horse",
            PieceKind::Chariot => "chariot",
            PieceKind::Cannon => "cannon",
            PieceKind::Pawn => "pawn",
        }
    }

    /// The upper-case FEN letter: `K A B N R C P`.
    pub const fn fen_char(self) -> char {
        match self {
            PieceKind::King => 'K',
            PieceKind::Advisor => 'A',
            PieceKind::Elephant => 'B',
            PieceKind::Horse => 'N',
            PieceKind::Chariot => 'R',
            PieceKind::Cannon => 'C',
            PieceKind::Pawn => 'P',
        }
    }

    /// The kind of a FEN letter, either case; also `E` (elephant) and `H` (horse).
    pub fn from_fen_char(c: char) -> Option<PieceKind> {
        Some(match c.to_ascii_uppercase() {
            'K' => PieceKind::King,
            'A' => PieceKind::Advisor,
            'B' | 'E' => PieceKind::Elephant,
            'N' | 'H' => PieceKind::Horse,
            'R' => PieceKind::Chariot,
            'C' => PieceKind::Cannon,
            'P' => PieceKind::Pawn,
            _ => return None,
        })
    }

    /// Whether the piece moves along files and ranks (king, chariot, cannon, pawn): descriptive
    /// notation then gives a number of steps for a forward or backward move.
    pub const fn moves_straight(self) -> bool {
        matches!(
            self,
            PieceKind::King | PieceKind::Chariot | PieceKind::Cannon | PieceKind::Pawn
        )
    }

    /// The most pieces of this kind one side can have: 1 king, 5 pawns, 2 of each other kind.
    pub const fn max_count(self) -> u8 {
        match self {
            PieceKind::King => 1,
            PieceKind::Pawn => 5,
            _ => 2,
        }
    }

    pub(crate) const fn code(self) -> u8 {
        self as u8 + 1
    }

    pub(crate) const fn from_code(code: u8) -> PieceKind {
        match code & 7 {
            1 => PieceKind::King,
            2 => PieceKind::Advisor,
            3 => PieceKind::Elephant,
            4 => PieceKind::Horse,
            5 => PieceKind::Chariot,
            6 => PieceKind::Cannon,
            _ => PieceKind::Pawn,
        }
    }
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a colour and a kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// What piece.
    pub kind: PieceKind,
}

impl Piece {
    /// A piece of `color` and `kind`.
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// The FEN letter: upper case for Red, lower case for Black.
    pub fn fen_char(self) -> char {
        let c = self.kind.fen_char();
        match self.color {
            Color::Red => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// The piece of a FEN letter: upper case Red, lower case Black (`E`/`H` read too).
    pub fn from_fen_char(c: char) -> Option<Piece> {
        let kind = PieceKind::from_fen_char(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        Some(Piece { color, kind })
    }

    /// Whether the piece can ever stand on `sq`: kings and advisors on their palace points,
    /// elephants on their seven points, pawns nowhere behind their start rank and, before the
    /// river, only on the five start files; chariots, horses and cannons anywhere.
    ///
    /// ```
    /// use xiangqi_board::{Color, Piece, PieceKind};
    ///
    /// let elephant = Piece::new(Color::Red, PieceKind::Elephant);
    /// assert!(elephant.can_stand_on("e2".parse()?));
    /// assert!(!elephant.can_stand_on("e6".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn can_stand_on(self, sq: crate::Square) -> bool {
        let color = self.color;
        let file = sq.file().index();
        let rel = sq.rank().relative_to(color);
        match self.kind {
            PieceKind::King => sq.is_in_palace_of(color),
            PieceKind::Advisor => sq.is_in_palace_of(color) && (file + rel) % 2 == 1,
            PieceKind::Elephant => matches!((file, rel), (0 | 4 | 8, 2) | (2 | 6, 0 | 4)),
            PieceKind::Pawn => match rel {
                0..=2 => false,
                3 | 4 => file.is_multiple_of(2),
                _ => true,
            },
            _ => true,
        }
    }

    /// The board code: 0 is empty, Red 1-7, Black 9-15.
    pub(crate) const fn code(self) -> u8 {
        self.kind.code()
            | match self.color {
                Color::Red => 0,
                Color::Black => 8,
            }
    }

    pub(crate) const fn from_code(code: u8) -> Option<Piece> {
        if code == 0 {
            return None;
        }
        let color = if code & 8 == 0 {
            Color::Red
        } else {
            Color::Black
        };
        Some(Piece {
            color,
            kind: PieceKind::from_code(code),
        })
    }
}

impl fmt::Display for Piece {
    /// `red horse`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.kind)
    }
}
