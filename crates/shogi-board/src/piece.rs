//! Piece kinds (unpromoted and promoted) and pieces.

use std::fmt;

use crate::{Color, Square};

/// The fourteen kinds of shogi piece: eight unpromoted kinds and six promoted ones.
///
/// | kind | Japanese | USI | moves |
/// |---|---|---|---|
/// | Pawn | 歩 (fu) | `P` | one square forward |
/// | Lance | 香 (kyō) | `L` | any distance forward |
/// | Knight | 桂 (kei) | `N` | two forward and one sideways, jumping |
/// | Silver | 銀 (gin) | `S` | one square diagonally or straight forward |
/// | Bishop | 角 (kaku) | `B` | any distance diagonally |
/// | Rook | 飛 (hisha) | `R` | any distance orthogonally |
/// | Gold | 金 (kin) | `G` | one square orthogonally or diagonally forward |
/// | King | 玉 / 王 (gyoku / ō) | `K` | one square in any direction |
/// | ProPawn | と (tokin) | `+P` | as a gold |
/// | ProLance | 成香 (narikyō) | `+L` | as a gold |
/// | ProKnight | 成桂 (narikei) | `+N` | as a gold |
/// | ProSilver | 成銀 (narigin) | `+S` | as a gold |
/// | Horse | 馬 (uma, ryūma) | `+B` | as a bishop, or one square orthogonally |
/// | Dragon | 龍 / 竜 (ryū, ryūō) | `+R` | as a rook, or one square diagonally |
///
/// Gold and king never promote. The order (and [`index`](PieceKind::index)) is YaneuraOu's:
/// the promoted form of a kind has its index plus 8.
///
/// Rule: Japan Shogi Association, 将棋のルール (駒の動き); USI protocol (letters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PieceKind {
    /// Pawn (歩, fu), `P`: one square forward.
    Pawn,
    /// Lance (香, kyō), `L`: any number of empty squares forward.
    Lance,
    /// Knight (桂, kei), `N`: two squares forward and one sideways, jumping over pieces.
    Knight,
    /// Silver general (銀, gin), `S`: one square diagonally or straight forward.
    Silver,
    /// Bishop (角, kaku), `B`: any number of empty squares diagonally.
    Bishop,
    /// Rook (飛, hisha), `R`: any number of empty squares orthogonally.
    Rook,
    /// Gold general (金, kin), `G`: one square orthogonally or diagonally forward.
    Gold,
    /// King (玉 gyoku, or 王 ō for the stronger player's king), `K`: one square any way.
    King,
    /// Tokin (と), promoted pawn, `+P`: moves as a gold.
    ProPawn,
    /// Promoted lance (成香, narikyō), `+L`: moves as a gold.
    ProLance,
    /// Promoted knight (成桂, narikei), `+N`: moves as a gold.
    ProKnight,
    /// Promoted silver (成銀, narigin), `+S`: moves as a gold.
    ProSilver,
    /// Horse (馬, uma; 竜馬 ryūma), promoted bishop, `+B`: as a bishop or one square
    /// orthogonally.
    Horse,
    /// Dragon (龍 / 竜, ryū; 竜王 ryūō), promoted rook, `+R`: as a rook or one square
    /// diagonally.
    Dragon,
}

impl PieceKind {
    /// All fourteen kinds, in index order.
    pub const ALL: [PieceKind; 14] = [
        PieceKind::Pawn,
        PieceKind::Lance,
        PieceKind::Knight,
        PieceKind::Silver,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Gold,
        PieceKind::King,
        PieceKind::ProPawn,
        PieceKind::ProLance,
        PieceKind::ProKnight,
        PieceKind::ProSilver,
        PieceKind::Horse,
        PieceKind::Dragon,
    ];

    /// The seven kinds a hand holds, in the order SFEN writes them: rook, bishop, gold, silver,
    /// knight, lance, pawn.
    pub const HAND: [PieceKind; 7] = [
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Gold,
        PieceKind::Silver,
        PieceKind::Knight,
        PieceKind::Lance,
        PieceKind::Pawn,
    ];

    /// The index: 0-7 for pawn .. king, 8-13 for tokin .. dragon (promoted = unpromoted + 8).
    pub const fn index(self) -> usize {
        match self {
            PieceKind::Pawn => 0,
            PieceKind::Lance => 1,
            PieceKind::Knight => 2,
            PieceKind::Silver => 3,
            PieceKind::Bishop => 4,
            PieceKind::Rook => 5,
            PieceKind::Gold => 6,
            PieceKind::King => 7,
            PieceKind::ProPawn => 8,
            PieceKind::ProLance => 9,
            PieceKind::ProKnight => 10,
            PieceKind::ProSilver => 11,
            PieceKind::Horse => 12,
            PieceKind::Dragon => 13,
        }
    }

    /// The kind with index `i` (see [`index`](PieceKind::index)), if it exists.
    pub const fn from_index(i: usize) -> Option<PieceKind> {
        if i < 14 { Some(Self::ALL[i]) } else { None }
    }

    /// The English name: `pawn`, `lance`, `knight`, `silver`, `bishop`, `rook`, `gold`, `king`,
    /// `tokin`, `promoted lance`, `promoted knight`, `promoted silver`, `horse`, `dragon`.
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::Pawn => "pawn",
            PieceKind::Lance => "lance",
            PieceKind::Knight => "knight",
            PieceKind::Silver => "silver",
            PieceKind::Bishop => "bishop",
            PieceKind::Rook => "rook",
            PieceKind::Gold => "gold",
            PieceKind::King => "king",
            PieceKind::ProPawn => "tokin",
            PieceKind::ProLance => "promoted lance",
            PieceKind::ProKnight => "promoted knight",
            PieceKind::ProSilver => "promoted silver",
            PieceKind::Horse => "horse",
            PieceKind::Dragon => "dragon",
        }
    }

    /// The Japanese name as kifu (KIF) writes it: 歩 香 桂 銀 角 飛 金 玉 と 成香 成桂 成銀 馬 龍.
    pub const fn japanese(self) -> &'static str {
        match self {
            PieceKind::Pawn => "歩",
            PieceKind::Lance => "香",
            PieceKind::Knight => "桂",
            PieceKind::Silver => "銀",
            PieceKind::Bishop => "角",
            PieceKind::Rook => "飛",
            PieceKind::Gold => "金",
            PieceKind::King => "玉",
            PieceKind::ProPawn => "と",
            PieceKind::ProLance => "成香",
            PieceKind::ProKnight => "成桂",
            PieceKind::ProSilver => "成銀",
            PieceKind::Horse => "馬",
            PieceKind::Dragon => "龍",
        }
    }

    /// The USI text in upper case: `P` .. `K`, `+P` .. `+R`.
    pub const fn usi(self) -> &'static str {
        match self {
            PieceKind::Pawn => "P",
            PieceKind::Lance => "L",
            PieceKind::Knight => "N",
            PieceKind::Silver => "S",
            PieceKind::Bishop => "B",
            PieceKind::Rook => "R",
            PieceKind::Gold => "G",
            PieceKind::King => "K",
            PieceKind::ProPawn => "+P",
            PieceKind::ProLance => "+L",
            PieceKind::ProKnight => "+N",
            PieceKind::ProSilver => "+S",
            PieceKind::Horse => "+B",
            PieceKind::Dragon => "+R",
        }
    }

    /// The kind of a USI text, either case: `P`, `k`, `+R`; `+G` and `+K` are not kinds.
    pub fn from_usi(text: &str) -> Option<PieceKind> {
        let mut chars = text.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some('+'), Some(c), None) => PieceKind::from_letter(c)?.promote(),
            (Some(c), None, None) => PieceKind::from_letter(c),
            _ => None,
        }
    }

    /// The upper-case letter of the unpromoted kind: `P` for both the pawn and the tokin.
    /// Promoted kinds are written with a `+` before it ([`usi`](PieceKind::usi)).
    pub const fn letter(self) -> char {
        match self.unpromote() {
            PieceKind::Pawn => 'P',
            PieceKind::Lance => 'L',
            PieceKind::Knight => 'N',
            PieceKind::Silver => 'S',
            PieceKind::Bishop => 'B',
            PieceKind::Rook => 'R',
            PieceKind::Gold => 'G',
            _ => 'K',
        }
    }

    /// The unpromoted kind of a letter `P L N S G B R K`, either case.
    pub const fn from_letter(c: char) -> Option<PieceKind> {
        Some(match c.to_ascii_uppercase() {
            'P' => PieceKind::Pawn,
            'L' => PieceKind::Lance,
            'N' => PieceKind::Knight,
            'S' => PieceKind::Silver,
            'G' => PieceKind::Gold,
            'B' => PieceKind::Bishop,
            'R' => PieceKind::Rook,
            'K' => PieceKind::King,
            _ => return None,
        })
    }

    /// Whether this is a promoted kind (tokin .. dragon).
    pub const fn is_promoted(self) -> bool {
        self.index() >= 8
    }

    /// Whether the kind has a promoted form: pawn, lance, knight, silver, bishop, rook.
    pub const fn is_promotable(self) -> bool {
        self.index() < 6
    }

    /// The promoted form (pawn → tokin, bishop → horse, ...); `None` for gold, king and the
    /// promoted kinds.
    pub const fn promote(self) -> Option<PieceKind> {
        if self.is_promotable() {
            PieceKind::from_index(self.index() + 8)
        } else {
            None
        }
    }

    /// The unpromoted form (tokin → pawn, horse → bishop); an unpromoted kind is returned as it
    /// is. A captured piece goes to the captor's hand in this form.
    pub const fn unpromote(self) -> PieceKind {
        if self.is_promoted() {
            PieceKind::ALL[self.index() - 8]
        } else {
            self
        }
    }

    /// Whether a hand can hold the kind (every unpromoted kind but the king).
    pub const fn is_hand_kind(self) -> bool {
        self.index() < 7
    }

    /// How many pieces of this kind (counting promoted and unpromoted together) the set holds:
    /// 18 pawns, 4 lances, knights, silvers and golds, 2 bishops and rooks, 2 kings.
    pub const fn set_count(self) -> u8 {
        match self.unpromote() {
            PieceKind::Pawn => 18,
            PieceKind::Bishop | PieceKind::Rook | PieceKind::King => 2,
            _ => 4,
        }
    }
}

impl fmt::Display for PieceKind {
    /// The English name (`horse`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a colour and a kind.
///
/// ```
/// use shogi_board::{Color, Piece, PieceKind};
///
/// let p = Piece::from_sfen("+p").unwrap();
/// assert_eq!(p, Piece::new(Color::White, PieceKind::ProPawn));
/// assert_eq!((p.sfen(), p.to_string()), ("+p", "white tokin".to_owned()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// What piece.
    pub kind: PieceKind,
}

const SFEN_TEXT: [[&str; 14]; 2] = [
    [
        "P", "L", "N", "S", "B", "R", "G", "K", "+P", "+L", "+N", "+S", "+B", "+R",
    ],
    [
        "p", "l", "n", "s", "b", "r", "g", "k", "+p", "+l", "+n", "+s", "+b", "+r",
    ],
];

impl Piece {
    /// A piece of `color` and `kind`.
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// The SFEN text: upper case for Black, lower case for White, `+` before a promoted kind
    /// (`P`, `+b`).
    pub const fn sfen(self) -> &'static str {
        SFEN_TEXT[self.color.index()][self.kind.index()]
    }

    /// The piece of an SFEN text: `P`, `+b` (upper case Black, lower case White).
    pub fn from_sfen(text: &str) -> Option<Piece> {
        let kind = PieceKind::from_usi(text)?;
        let letter = text.chars().last()?;
        let color = if letter.is_ascii_uppercase() {
            Color::Black
        } else {
            Color::White
        };
        Some(Piece { color, kind })
    }

    /// Whether the piece could move again from `sq`. An unpromoted pawn or lance on its last
    /// rank, or an unpromoted knight on its last two ranks, could not: such a piece may be
    /// neither dropped nor left there unpromoted (行き所のない駒).
    ///
    /// Rule: Japan Shogi Association, 将棋のルール (禁じ手: 行き所のない駒).
    pub const fn can_stand_on(self, sq: Square) -> bool {
        let rel = sq.rank().relative_to(self.color);
        match self.kind {
            PieceKind::Pawn | PieceKind::Lance => rel < 8,
            PieceKind::Knight => rel < 7,
            _ => true,
        }
    }

    /// Whether a move of this piece from `from` to `to` may promote: the kind has a promoted
    /// form and `from` or `to` is in the mover's promotion zone (the opponent's three ranks).
    ///
    /// Rule: Japan Shogi Association, 将棋のルール (成り).
    ///
    /// ```
    /// use shogi_board::{Color, Piece, PieceKind, Square};
    ///
    /// let silver = Piece::new(Color::Black, PieceKind::Silver);
    /// let sq = |s: &str| s.parse::<Square>().unwrap();
    /// assert!(silver.can_promote(sq("4d"), sq("4c"))); // entering
    /// assert!(silver.can_promote(sq("4c"), sq("5d"))); // leaving
    /// assert!(!silver.can_promote(sq("4e"), sq("4d")));
    /// ```
    pub const fn can_promote(self, from: Square, to: Square) -> bool {
        self.kind.is_promotable()
            && (from.is_promotion_zone(self.color) || to.is_promotion_zone(self.color))
    }

    /// Whether a move of this piece to `to` must promote: it could not move again from there
    /// unpromoted (see [`can_stand_on`](Piece::can_stand_on)).
    pub const fn must_promote(self, to: Square) -> bool {
        !self.can_stand_on(to)
    }
}

impl fmt::Display for Piece {
    /// `black pawn`, `white dragon`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promotion_adds_eight() {
        for kind in PieceKind::ALL {
            if let Some(p) = kind.promote() {
                assert_eq!(p.index(), kind.index() + 8);
                assert_eq!(p.unpromote(), kind);
                assert!(p.is_promoted());
                assert_eq!(p.letter(), kind.letter());
            }
            assert_eq!(PieceKind::from_usi(kind.usi()), Some(kind));
            assert_eq!(PieceKind::from_index(kind.index()), Some(kind));
        }
        assert_eq!(PieceKind::Gold.promote(), None);
        assert_eq!(PieceKind::King.promote(), None);
        assert_eq!(PieceKind::from_usi("+G"), None);
        assert_eq!(PieceKind::from_usi("+K"), None);
    }

    #[test]
    fn sfen_text_round_trips() {
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let p = Piece::new(color, kind);
                assert_eq!(Piece::from_sfen(p.sfen()), Some(p));
            }
        }
    }

    #[test]
    fn dead_squares() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let bp = Piece::new(Color::Black, PieceKind::Pawn);
        let wn = Piece::new(Color::White, PieceKind::Knight);
        assert!(!bp.can_stand_on(sq("5a")));
        assert!(bp.can_stand_on(sq("5b")));
        assert!(bp.can_stand_on(sq("5i")));
        assert!(!wn.can_stand_on(sq("5h")));
        assert!(!wn.can_stand_on(sq("5i")));
        assert!(wn.can_stand_on(sq("5g")));
    }
}
