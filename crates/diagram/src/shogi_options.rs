//! How a shogi diagram is drawn: piece style, kings, promoted pieces, the players' names,
//! coordinates, and the shared [`View`] (orientation, marks, size, caption).

use std::str::FromStr;

use shogi_board::{Color, PieceKind, Square};

use crate::View;
use crate::view::{ParseOptionError, parse_name};

/// How shogi pieces are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ShogiPieces {
    /// Kanji, as Japanese boards and books print them: 歩 香 桂 銀 金 角 飛 玉, promoted と 杏 圭
    /// 全 馬 龍 in red; White's (gote's) pieces upside down.
    #[default]
    Kanji,
    /// Western letters (USI, PSN): `P L N S G B R K`, promoted `+P +L +N +S +B +R` in red;
    /// White's pieces upside down as well, so the owner shows as on a real board.
    Letters,
}

impl FromStr for ShogiPieces {
    type Err = ParseOptionError;

    /// Reads `kanji` or `letters` (also `western`), any case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_name(
            s,
            &[
                ("kanji", ShogiPieces::Kanji),
                ("letters", ShogiPieces::Letters),
                ("western", ShogiPieces::Letters),
            ],
            "a shogi piece style (kanji, letters)",
        )
    }
}

/// Which character each king gets in kanji: 玉 (gyoku) or 王 (ō). Both are in use; by custom
/// the stronger (or higher-ranked) player takes 王.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Kings {
    /// Black (sente) 玉, White (gote) 王: most boards on screen.
    #[default]
    GyokuForBlack,
    /// Black (sente) 王, White (gote) 玉.
    OuForBlack,
    /// Both 玉, as KIF files write the king.
    Gyoku,
    /// Both 王.
    Ou,
}

impl Kings {
    /// The character of `color`'s king.
    pub const fn kanji(self, color: Color) -> &'static str {
        match (self, color) {
            (Kings::Gyoku, _)
            | (Kings::GyokuForBlack, Color::Black)
            | (Kings::OuForBlack, Color::White) => "玉",
            _ => "王",
        }
    }
}

impl FromStr for Kings {
    type Err = ParseOptionError;

    /// Reads `gyoku-for-black`, `ou-for-black`, `gyoku` or `ou` (any case).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_name(
            s,
            &[
                ("gyoku-for-black", Kings::GyokuForBlack),
                ("ou-for-black", Kings::OuForBlack),
                ("gyoku", Kings::Gyoku),
                ("ou", Kings::Ou),
            ],
            "a choice of kings (gyoku-for-black, ou-for-black, gyoku, ou)",
        )
    }
}

/// How the promoted lance, knight and silver are written in kanji.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Promoted {
    /// One character each: 杏 圭 全 (as KIF's board diagram writes them).
    #[default]
    OneGlyph,
    /// Two characters stacked in the piece: 成香 成桂 成銀 (as cshogi draws them).
    TwoGlyphs,
}

/// The names of the players: Black and White in an even game, 下手 and 上手 in a handicap game
/// (the handicap giver, 上手, is White and moves first).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Players {
    /// 先手 / 後手 (Black / White).
    #[default]
    SenteGote,
    /// 下手 / 上手 (Shitate / Uwate), for handicap games.
    ShitateUwate,
}

impl Players {
    /// The Japanese name of `color`: 先手, 後手, 下手 or 上手.
    pub const fn japanese(self, color: Color) -> &'static str {
        match (self, color) {
            (Players::SenteGote, Color::Black) => "先手",
            (Players::SenteGote, Color::White) => "後手",
            (Players::ShitateUwate, Color::Black) => "下手",
            (Players::ShitateUwate, Color::White) => "上手",
        }
    }

    /// The English name of `color`: Black, White, Shitate or Uwate.
    pub const fn english(self, color: Color) -> &'static str {
        match (self, color) {
            (Players::SenteGote, Color::Black) => "Black",
            (Players::SenteGote, Color::White) => "White",
            (Players::ShitateUwate, Color::Black) => "Shitate",
            (Players::ShitateUwate, Color::White) => "Uwate",
        }
    }
}

/// The coordinates around a shogi board: files along the top, ranks down the right side (files
/// 9 .. 1 from the left, ranks from the top, in Black's view).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ShogiCoordinates {
    /// Full-width digits １ .. ９ and kanji 一 .. 九, as Japanese books and KIF print them.
    #[default]
    Japanese,
    /// Digits 1 .. 9 for both (the JSA's all-Arabic squares, `76`).
    Digits,
    /// Digits 1 .. 9 and letters a .. i (USI and PSN squares, `7f`).
    Letters,
    /// None.
    None,
}

impl FromStr for ShogiCoordinates {
    type Err = ParseOptionError;

    /// Reads `japanese`, `digits`, `letters` or `none` (any case).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_name(
            s,
            &[
                ("japanese", ShogiCoordinates::Japanese),
                ("digits", ShogiCoordinates::Digits),
                ("letters", ShogiCoordinates::Letters),
                ("none", ShogiCoordinates::None),
            ],
            "shogi coordinates (japanese, digits, letters, none)",
        )
    }
}

/// Everything that decides how a shogi position is drawn.
///
/// ```
/// use kifu_diagram::{Orientation, ShogiOptions, ShogiPieces};
///
/// let mut options = ShogiOptions::new();
/// options.pieces = ShogiPieces::Letters;
/// options.view.orientation = Orientation::Flipped;
/// assert_eq!(options.view.size, None);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ShogiOptions {
    /// The piece style.
    pub pieces: ShogiPieces,
    /// Which king is 玉 and which 王 (kanji only; the text diagram always writes 玉).
    pub kings: Kings,
    /// How the promoted minor pieces are written (kanji pictures only).
    pub promoted: Promoted,
    /// The players' names (hands, caption, text diagram).
    pub players: Players,
    /// The coordinates (pictures only; the text diagram has KIF's own).
    pub coordinates: ShogiCoordinates,
    /// Orientation, marks, size, caption, id prefix.
    pub view: View<Square>,
}

impl ShogiOptions {
    /// The defaults: kanji, 玉 for Black and 王 for White, one-glyph promoted pieces, 先手/後手,
    /// Japanese coordinates, the plain [`View`].
    pub const fn new() -> ShogiOptions {
        ShogiOptions {
            pieces: ShogiPieces::Kanji,
            kings: Kings::GyokuForBlack,
            promoted: Promoted::OneGlyph,
            players: Players::SenteGote,
            coordinates: ShogiCoordinates::Japanese,
            view: View::new(),
        }
    }

    /// The characters of a piece of `kind` and `color` in the kanji style: one (`歩`, `と`,
    /// `王`) or, for the promoted minor pieces with [`Promoted::TwoGlyphs`], two (`成香`).
    pub fn kanji(&self, color: Color, kind: PieceKind) -> &'static str {
        match kind {
            PieceKind::King => self.kings.kanji(color),
            PieceKind::ProLance | PieceKind::ProKnight | PieceKind::ProSilver
                if self.promoted == Promoted::TwoGlyphs =>
            {
                kind.japanese()
            }
            _ => board_kanji(kind),
        }
    }
}

/// The one character a board square shows for `kind`, as KIF's board diagram writes it: 歩 香
/// 桂 銀 角 飛 金 玉 と 杏 圭 全 馬 龍.
pub(crate) const fn board_kanji(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::ProLance => "杏",
        PieceKind::ProKnight => "圭",
        PieceKind::ProSilver => "全",
        _ => kind.japanese(),
    }
}
