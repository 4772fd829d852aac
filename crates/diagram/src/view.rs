//! What both games' diagrams share: which way up the board is, the marks drawn on it (last
//! move, check, marked squares, arrows, circles), its size, its caption and the prefix of its
//! element ids.
//!
//! The model is python-chess's `chess.svg.board` (orientation, `lastmove`, `check`, `fill`,
//! `arrows`, `size`), with the two things board games of the East add: a drop marks only its
//! target square, and a caption says who is to move, at which ply, after which move.

use std::fmt;
use std::str::FromStr;

/// Which way up the board is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Orientation {
    /// The first player (shogi: Black, sente, ☗; xiangqi: Red) at the bottom, as books print
    /// a position.
    #[default]
    Standard,
    /// The second player (shogi: White, gote, ☖; xiangqi: Black) at the bottom: the board
    /// turned half a turn, coordinates turned with it, shogi pieces and hands swapped.
    Flipped,
}

impl FromStr for Orientation {
    type Err = ParseOptionError;

    /// Reads `standard` or `flipped` (any case).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_name(
            s,
            &[
                ("standard", Orientation::Standard),
                ("flipped", Orientation::Flipped),
            ],
            "an orientation (standard, flipped)",
        )
    }
}

/// The colour of an arrow, a circle or a marked square: lichess's four brushes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Brush {
    /// Green, `#15781b`: a good move, the main idea.
    #[default]
    Green,
    /// Red, `#882020`: a threat, a mistake.
    Red,
    /// Blue, `#003088`: an alternative.
    Blue,
    /// Yellow, `#e68f00`: an interesting square.
    Yellow,
}

impl Brush {
    /// The CSS colour, `#rrggbb`.
    pub const fn color(self) -> &'static str {
        match self {
            Brush::Green => "#15781b",
            Brush::Red => "#882020",
            Brush::Blue => "#003088",
            Brush::Yellow => "#e68f00",
        }
    }

    /// The name, used as a CSS class: `green`, `red`, `blue`, `yellow`.
    pub const fn name(self) -> &'static str {
        match self {
            Brush::Green => "green",
            Brush::Red => "red",
            Brush::Blue => "blue",
            Brush::Yellow => "yellow",
        }
    }
}

impl fmt::Display for Brush {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A text that names no option value: what was expected (`a brush (green, red, blue,
/// yellow)`) and what was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseOptionError {
    /// What the text should have named, with the names it may be.
    pub expected: &'static str,
    /// The text.
    pub found: String,
}

impl fmt::Display for ParseOptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected {}, found `{}`", self.expected, self.found)
    }
}

impl std::error::Error for ParseOptionError {}

/// The value named `text` (any case) among `names`, else the error saying what was expected.
pub(crate) fn parse_name<T: Copy>(
    text: &str,
    names: &[(&str, T)],
    expected: &'static str,
) -> Result<T, ParseOptionError> {
    let lower = text.trim().to_ascii_lowercase();
    names
        .iter()
        .find(|(name, _)| *name == lower)
        .map(|&(_, value)| value)
        .ok_or_else(|| ParseOptionError {
            expected,
            found: text.to_owned(),
        })
}

impl FromStr for Brush {
    type Err = ParseOptionError;

    /// Reads `green`, `red`, `blue` or `yellow` (any case).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_name(
            s,
            &[
                ("green", Brush::Green),
                ("red", Brush::Red),
                ("blue", Brush::Blue),
                ("yellow", Brush::Yellow),
            ],
            "a brush (green, red, blue, yellow)",
        )
    }
}

/// The squares of the move just played: both squares of a board move, only the target of a
/// shogi drop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LastMove<S> {
    /// Where the piece came from; `None` for a drop.
    pub from: Option<S>,
    /// Where it went.
    pub to: S,
}

/// Which king, if any, is marked as in check (a red glow under it, as python-chess draws it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Check<S> {
    /// The king of the side to move, when the position says it is in check.
    #[default]
    Auto,
    /// No check marker.
    Off,
    /// The piece on this square (whatever the position says).
    At(S),
}

/// An arrow from the centre of one square (point) to the centre of another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Arrow<S> {
    /// The tail.
    pub from: S,
    /// The head.
    pub to: S,
    /// Its colour.
    pub brush: Brush,
}

/// A ring around a square (point), or a filled mark on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mark<S> {
    /// The square.
    pub at: S,
    /// Its colour.
    pub brush: Brush,
}

/// The line under the board: who is to move (always, taken from the position), the ply, the
/// move just played, a title.
///
/// The words follow the piece style: Japanese for kanji shogi pieces (`12手目 △３四歩まで
/// 先手番`), Chinese for xiangqi characters (`第12步 炮二平五 · 黑方走`), English for letters
/// (`ply 12 · P-3d · Black to move`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Caption {
    /// The number of plies played to reach the position (0 at the start).
    pub ply: Option<u32>,
    /// The move just played, as the caller wrote it in the notation it chose (`C2.5`,
    /// `炮二平五`, `P-7f`, `７六歩(77)`); shown as given.
    pub last_move: Option<String>,
    /// A title before the rest (a bookmark name, `Diagram 3`).
    pub title: Option<String>,
}

/// Everything drawn on and around a board besides the pieces, for either game (`S` is the
/// game's square type).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct View<S> {
    /// Which way up.
    pub orientation: Orientation,
    /// The move just played (its squares are filled).
    pub last_move: Option<LastMove<S>>,
    /// The check marker.
    pub check: Check<S>,
    /// Squares (points) filled with a brush's colour.
    pub marked: Vec<Mark<S>>,
    /// Arrows, drawn above the pieces in the order given.
    pub arrows: Vec<Arrow<S>>,
    /// Rings around squares (points), drawn above the pieces.
    pub circles: Vec<Mark<S>>,
    /// The width of the picture in CSS pixels (its `width` attribute; the height follows the
    /// board's proportions); `None` is the natural size, one unit of the `viewBox` a pixel.
    pub size: Option<u32>,
    /// The caption under the board; `None` draws none.
    pub caption: Option<Caption>,
    /// What every `id` in the picture starts with, so that several pictures can stand in one
    /// HTML page (`p12-` gives `p12-sq-7g`); empty by default.
    pub id_prefix: String,
}

impl<S> Default for View<S> {
    fn default() -> Self {
        View::new()
    }
}

impl<S> View<S> {
    /// The plain view: standard orientation, no marks but the automatic check marker, natural
    /// size, no caption, no id prefix.
    pub const fn new() -> View<S> {
        View {
            orientation: Orientation::Standard,
            last_move: None,
            check: Check::Auto,
            marked: Vec::new(),
            arrows: Vec::new(),
            circles: Vec::new(),
            size: None,
            caption: None,
            id_prefix: String::new(),
        }
    }
}
