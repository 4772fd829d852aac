//! How a xiangqi diagram is drawn: piece style, coordinates, and the shared [`View`]
//! (orientation, marks, size, caption).

use std::str::FromStr;

use xiangqi_board::{Color, Language, PieceKind, Square};

use crate::View;
use crate::view::{ParseOptionError, parse_name};

/// How xiangqi pieces are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum XiangqiPieces {
    /// Traditional characters, each side its own: Red 帥 仕 相 傌 俥 炮 兵, Black 將 士 象 馬 車
    /// 砲 卒; the river reads 楚河 漢界.
    #[default]
    Traditional,
    /// Simplified characters: Red 帅 仕 相 马 车 炮 兵, Black 将 士 象 马 车 炮 卒; the river
    /// reads 楚河 汉界.
    Simplified,
    /// Western letters of a language (English WXF `K A E H R C P`, Finnish `K N E H V T S`,
    /// German `F L E P W K S`); the text diagram writes Red's in upper case and Black's in
    /// lower case. Nothing in the picture needs a CJK font.
    Letters(Language),
}

impl XiangqiPieces {
    /// The character (or letter) of a piece of `color` and `kind`.
    ///
    /// ```
    /// use kifu_diagram::XiangqiPieces;
    /// use xiangqi_board::{Color, Language, PieceKind};
    ///
    /// assert_eq!(XiangqiPieces::Traditional.glyph(Color::Red, PieceKind::Chariot), '俥');
    /// assert_eq!(XiangqiPieces::Simplified.glyph(Color::Black, PieceKind::Horse), '马');
    /// assert_eq!(XiangqiPieces::Letters(Language::Finnish).glyph(Color::Black, PieceKind::Cannon), 'T');
    /// ```
    pub const fn glyph(self, color: Color, kind: PieceKind) -> char {
        let i = kind as usize;
        match (self, color) {
            (XiangqiPieces::Traditional, Color::Red) => {
                ['帥', '仕', '相', '傌', '俥', '炮', '兵'][i]
            }
            (XiangqiPieces::Traditional, Color::Black) => {
                ['將', '士', '象', '馬', '車', '砲', '卒'][i]
            }
            (XiangqiPieces::Simplified, Color::Red) => {
                ['帅', '仕', '相', '马', '车', '炮', '兵'][i]
            }
            (XiangqiPieces::Simplified, Color::Black) => {
                ['将', '士', '象', '马', '车', '炮', '卒'][i]
            }
            (XiangqiPieces::Letters(language), _) => language.letter(kind),
        }
    }

    /// The river's two halves: 楚河 and 漢界 (汉界 in simplified characters); none for letters.
    pub const fn river(self) -> Option<(&'static str, &'static str)> {
        match self {
            XiangqiPieces::Traditional => Some(("楚河", "漢界")),
            XiangqiPieces::Simplified => Some(("楚河", "汉界")),
            XiangqiPieces::Letters(_) => None,
        }
    }
}

impl FromStr for XiangqiPieces {
    type Err = ParseOptionError;

    /// Reads `traditional`, `simplified`, `letters` (English), `letters-en`, `letters-fi` or
    /// `letters-de` (any case).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_name(
            s,
            &[
                ("traditional", XiangqiPieces::Traditional),
                ("simplified", XiangqiPieces::Simplified),
                ("letters", XiangqiPieces::Letters(Language::English)),
                ("letters-en", XiangqiPieces::Letters(Language::English)),
                ("letters-fi", XiangqiPieces::Letters(Language::Finnish)),
                ("letters-de", XiangqiPieces::Letters(Language::German)),
            ],
            "a xiangqi piece style (traditional, simplified, letters, letters-en, letters-fi, letters-de)",
        )
    }
}

/// The coordinates around a xiangqi board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum XiangqiCoordinates {
    /// Each side's own file numbers, counted from its right (WXF and Chinese notation): Black's
    /// 1 .. 9 in digits along Black's edge, Red's 九 .. 一 in Chinese numerals along Red's
    /// (digits in the letter styles).
    #[default]
    Wxf,
    /// ICCS: files a .. i along the top and bottom, ranks 0 .. 9 down both sides (Red's back
    /// rank 0).
    Iccs,
    /// None.
    None,
}

impl FromStr for XiangqiCoordinates {
    type Err = ParseOptionError;

    /// Reads `wxf`, `iccs` or `none` (any case).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_name(
            s,
            &[
                ("wxf", XiangqiCoordinates::Wxf),
                ("iccs", XiangqiCoordinates::Iccs),
                ("none", XiangqiCoordinates::None),
            ],
            "xiangqi coordinates (wxf, iccs, none)",
        )
    }
}

/// Everything that decides how a xiangqi position is drawn.
///
/// ```
/// use kifu_diagram::{XiangqiCoordinates, XiangqiOptions, XiangqiPieces};
///
/// let mut options = XiangqiOptions::new();
/// options.pieces = "simplified".parse()?;
/// options.coordinates = XiangqiCoordinates::Iccs;
/// assert_eq!(options.pieces, XiangqiPieces::Simplified);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct XiangqiOptions {
    /// The piece style.
    pub pieces: XiangqiPieces,
    /// The coordinates.
    pub coordinates: XiangqiCoordinates,
    /// Orientation, marks, size, caption, id prefix.
    pub view: View<Square>,
}

impl XiangqiOptions {
    /// The defaults: traditional characters, WXF coordinates, the plain [`View`].
    pub const fn new() -> XiangqiOptions {
        XiangqiOptions {
            pieces: XiangqiPieces::Traditional,
            coordinates: XiangqiCoordinates::Wxf,
            view: View::new(),
        }
    }
}
