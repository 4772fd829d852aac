//! [`Psn`]: the PSN move notation with a writer style, a [`MoveNotation`] over
//! [`shogi_board::Position`].

use std::fmt;
use std::str::FromStr;

use notation_traits::{MoveError, MoveNotation, Resolved, SyntaxError};
use shogi_board::{Move, Position};

use crate::syntax::{PsnMove, Squares};
use crate::{parse, write};

/// Which form the writer gives a move.
///
/// # Examples
///
/// ```
/// use psn::PsnStyle;
///
/// assert_eq!("long".parse::<PsnStyle>()?, PsnStyle::Long);
/// assert_eq!(PsnStyle::default(), PsnStyle::Short);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PsnStyle {
    /// Hodges' form, the seed's: the origin square only when another piece of the same kind and
    /// promotion state can legally make the same move (`P-7f`, `G6i-5h`, `Bx2b+`, `N-4c=`,
    /// `S*5e`, `+R-4b`). What Fairy-Stockfish writes as `NOTATION_SHOGI_HODGES`.
    #[default]
    Short,
    /// The origin square always (`P7g-7f`, `B8hx3c+`, `+B4d-3c`, drops `P*5e`): what
    /// Shogidokoro writes and what the strict readers (MyShogi, PlayShogi) expect; kifu adds
    /// `=` on declined promotions, which those readers skip.
    Long,
}

impl PsnStyle {
    /// The style's name: `short` or `long` (the command line's `--style` values).
    pub const fn name(self) -> &'static str {
        match self {
            PsnStyle::Short => "short",
            PsnStyle::Long => "long",
        }
    }
}

impl fmt::Display for PsnStyle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text is not a PSN style name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a PSN style (short, long), found `{0}`")]
pub struct ParsePsnStyleError(pub String);

impl FromStr for PsnStyle {
    type Err = ParsePsnStyleError;

    /// Reads `short` or `long`, any case.
    fn from_str(s: &str) -> Result<PsnStyle, ParsePsnStyleError> {
        match s.to_ascii_lowercase().as_str() {
            "short" => Ok(PsnStyle::Short),
            "long" => Ok(PsnStyle::Long),
            _ => Err(ParsePsnStyleError(s.to_owned())),
        }
    }
}

/// Portable Shogi Notation: a [`MoveNotation`] for [`shogi_board::Position`].
///
/// The reader takes every spelling the crate docs list, whatever the style; the style and the
/// squares choose only what the writer writes. The default is [`PsnStyle::Short`] with
/// [`Squares::Letters`] (Hodges: `P-7f`).
///
/// Writing: `x` exactly on captures, `-` on other board moves, `*` for drops, `+` on
/// promotions, `=` exactly where the piece could promote and does not, `+X` for a promoted
/// piece; the origin as [`PsnStyle`] says. For every legal move `m`,
/// `read_move(pos, &write_move(pos, m))` gives `m` back without a warning.
///
/// # Examples
///
/// ```
/// use notation_traits::MoveNotation;
/// use psn::{Psn, PsnStyle, Squares};
/// use shogi_board::Position;
///
/// let pos = Position::new();
/// let mv = Psn::default().read_move(&pos, "G4i-5h")?.mv;
/// assert_eq!(mv.to_string(), "4i5h");
/// assert_eq!(Psn::default().write_move(&pos, mv), "G4i-5h");
/// let mv = Psn::default().read_move(&pos, "P-76")?.mv;
/// assert_eq!(Psn::new(PsnStyle::Long, Squares::Letters).write_move(&pos, mv), "P7g-7f");
/// assert_eq!(Psn::new(PsnStyle::Short, Squares::Digits).write_move(&pos, mv), "P-76");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Psn {
    style: PsnStyle,
    squares: Squares,
    /// The record never writes `=` but writes `+` on promotions (Shogidokoro's convention): a
    /// move without a sign that could promote is plainly a declined promotion.
    declines_unmarked: bool,
    /// The record writes no `+` at all: an unpromoted letter where a promoted piece of the
    /// kind could make the move may have lost its `+`.
    no_plus: bool,
}

impl Psn {
    /// Hodges' short form with letter ranks (`P-7f`, `G6i-5h`): the default.
    pub const SHORT: Psn = Psn::new(PsnStyle::Short, Squares::Letters);
    /// The long form with letter ranks (`P7g-7f`).
    pub const LONG: Psn = Psn::new(PsnStyle::Long, Squares::Letters);

    /// The notation writing `style` with `squares`.
    pub const fn new(style: PsnStyle, squares: Squares) -> Psn {
        Psn {
            style,
            squares,
            declines_unmarked: false,
            no_plus: false,
        }
    }

    /// The notation fitted to a record's move texts: where the record writes `+` on
    /// promotions (`Bx2b+`) and never `=`, it follows Shogidokoro's convention (a declined
    /// promotion is written without a sign), and a move without a sign that could promote is
    /// read as not promoting without the `promotion-unmarked` warning. Elsewhere the warning
    /// stands: a `+` may have been left out. Either way the promotion stays the move's other
    /// reading, which the repair search weighs when a later move fails. Where the record writes
    /// no `+` at all, an unpromoted piece's letter where a promoted piece of that kind could
    /// make the move too (`Rx8e` with a dragon on 8f) warns as well: its `+` may be lost.
    ///
    /// ```
    /// use notation_traits::MoveNotation;
    /// use psn::Psn;
    /// use shogi_board::Position;
    ///
    /// let pos: Position = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3".parse()?;
    /// let plain = Psn::default().read_move(&pos, "Bx2b")?;
    /// assert_eq!(plain.warnings[0].code, "promotion-unmarked");
    /// assert_eq!(plain.alternatives[0].to_string(), "8h2b+");
    /// let fitted = Psn::default().fitted_to(["P-7f", "P-3d", "Bx2b", "Sx2b", "B*4e+"]);
    /// assert!(fitted.read_move(&pos, "Bx2b")?.warnings.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn fitted_to<'a>(mut self, texts: impl IntoIterator<Item = &'a str>) -> Psn {
        let (mut plus, mut equals, mut any_plus) = (false, false, false);
        for t in texts {
            plus |= t.ends_with('+');
            equals |= t.ends_with('=');
            any_plus |= t.contains('+');
        }
        self.declines_unmarked = plus && !equals;
        self.no_plus = !any_plus;
        self
    }

    /// Whether unmarked moves that could promote read as declined without a warning
    /// ([`Psn::fitted_to`]).
    pub(crate) const fn declines_unmarked(&self) -> bool {
        self.declines_unmarked
    }

    /// Whether the record writes no `+` at all ([`Psn::fitted_to`]).
    pub(crate) const fn no_plus(&self) -> bool {
        self.no_plus
    }

    /// The same notation writing squares as `squares`.
    #[must_use]
    pub const fn with_squares(mut self, squares: Squares) -> Psn {
        self.squares = squares;
        self
    }

    /// The writer's style.
    pub const fn style(&self) -> PsnStyle {
        self.style
    }

    /// How the writer writes squares.
    pub const fn squares(&self) -> Squares {
        self.squares
    }

    /// Reads the syntax of one move, without a position.
    ///
    /// # Errors
    ///
    /// [`SyntaxError`] pointing at the character at fault, with what the grammar allows there.
    pub fn parse_move(&self, text: &str) -> Result<PsnMove, SyntaxError> {
        parse::parse(text)
    }
}

impl MoveNotation<Position> for Psn {
    type Syntax = PsnMove;

    fn parse(&self, text: &str) -> Result<PsnMove, SyntaxError> {
        parse::parse(text)
    }

    fn resolve(&self, pos: &Position, syntax: &PsnMove) -> Result<Resolved<Move>, MoveError> {
        self.resolve_move(pos, syntax, false)
    }

    fn resolve_quickly(
        &self,
        pos: &Position,
        syntax: &PsnMove,
    ) -> Result<Resolved<Move>, MoveError> {
        self.resolve_move(pos, syntax, true)
    }

    fn describe(&self, pos: &Position, mv: Move) -> PsnMove {
        write::describe(pos, mv, self.style, self.squares)
    }
}
