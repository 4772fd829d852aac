//! [`KifNotation`] and [`Ki2Notation`]: the moves of KIF and KI2 files as
//! [`MoveNotation`]s over [`shogi_board::Position`].
//!
//! Both read the same grammar (the `parse` module: `７六歩(77)`, `同　歩`, `▲５二金右`,
//! `５五角打`, `３三桂不成`, ...) and resolve it the same way (the `resolve` module); they
//! differ in what they write (the `write` module) and in how the candidates of an error are
//! written: KIF with the origin square, KI2 with the JSA relative words.

use notation_traits::{MoveError, MoveNotation, Resolved, SyntaxError};
use shogi_board::{Move, Position};

use crate::parse;
use crate::resolve::{Style, resolve};
use crate::syntax::KifMove;
use crate::write::{describe_ki2, describe_kif};

/// The moves of a KIF file (Kakinoki's format): `７六歩(77)`, `同　歩(76)`, `５五角打`,
/// `２二角成(88)`.
///
/// The writer writes Kifu for Windows' form: the origin square on every board move, `打` on
/// every drop, `成` on a promotion and no word for a declined one, `同　` (with U+3000) for a
/// move to the previous move's square ([`MoveNotation::describe_after`]). The reader takes
/// every spelling of the `parse` grammar: KI2 moves too, `不成` and `生`, `竜`/`龍`, `王`/`玉`,
/// `成銀`/`全`, `同` with or without a space. For every legal move `m`,
/// `read_move(pos, &write_move(pos, m))` gives `m` back without a warning.
///
/// # Examples
///
/// ```
/// use notation_traits::MoveNotation;
/// use kif::KifNotation;
/// use shogi_board::Position;
///
/// let pos = Position::new();
/// let mv = KifNotation.read_move(&pos, "７六歩(77)")?.mv;
/// assert_eq!(mv.to_string(), "7g7f");
/// let pos = pos.play(mv)?.play("3c3d".parse()?)?;
/// assert_eq!(KifNotation.write_move(&pos, "8h2b+".parse()?), "２二角成(88)");
/// // After 8h2b+, the silver takes back on the same square: 同.
/// let after = pos.play("8h2b+".parse()?)?;
/// let back = KifNotation.describe_after(&after, Some("8h2b+".parse()?), "3a2b".parse()?);
/// assert_eq!(back.to_string(), "同　銀(31)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct KifNotation;

/// The moves of a KI2 file, the printed move list: `▲７六歩`, `△同　歩`, `▲５二金右`,
/// `▲３三桂不成`, `▲５五角打`.
///
/// The writer follows the JSA rules (棋譜の表記方法): the side mark, the square or `同`, the
/// piece, the relative words the move needs ([`shogi_board::Relative::of`]), `成`, `不成`
/// exactly where the piece could promote and does not, `打` only where a board piece of the
/// kind could also go; Kifu for Windows' spacing (`同　歩`, `同飛成`). The reader takes the
/// same spellings as [`KifNotation`]'s, the mark optional; a move the words do not single out
/// is [`MoveError::Ambiguous`], listing every candidate in KI2. For every legal move `m`,
/// `read_move(pos, &write_move(pos, m))` gives `m` back without a warning.
///
/// # Examples
///
/// ```
/// use notation_traits::{MoveError, MoveNotation, NotationError};
/// use kif::Ki2Notation;
/// use shogi_board::Position;
///
/// // Golds on 6c and 4c can both go up to 5b.
/// let pos = Position::from_sfen("4k4/9/3G1G3/9/9/9/9/9/4K4 b - 1")?;
/// assert_eq!(Ki2Notation.write_move(&pos, "6c5b".parse()?), "▲５二金左");
/// assert_eq!(Ki2Notation.read_move(&pos, "▲５二金右")?.mv.to_string(), "4c5b");
/// match Ki2Notation.read_move(&pos, "▲５二金") {
///     Err(NotationError::Move(MoveError::Ambiguous { candidates, .. })) => {
///         assert_eq!(candidates, ["▲５二金左", "▲５二金右"]);
///     }
///     other => panic!("{other:?}"),
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Ki2Notation;

impl MoveNotation<Position> for KifNotation {
    type Syntax = KifMove;

    fn parse(&self, text: &str) -> Result<KifMove, SyntaxError> {
        parse::parse(text)
    }

    fn resolve(&self, pos: &Position, syntax: &KifMove) -> Result<Resolved<Move>, MoveError> {
        resolve(pos, None, syntax, Style::Kif, false)
    }

    fn resolve_quickly(
        &self,
        pos: &Position,
        syntax: &KifMove,
    ) -> Result<Resolved<Move>, MoveError> {
        resolve(pos, None, syntax, Style::Kif, true)
    }

    fn resolve_after(
        &self,
        pos: &Position,
        previous: Option<Move>,
        syntax: &KifMove,
    ) -> Result<Resolved<Move>, MoveError> {
        resolve(pos, previous, syntax, Style::Kif, false)
    }

    fn resolve_quickly_after(
        &self,
        pos: &Position,
        previous: Option<Move>,
        syntax: &KifMove,
    ) -> Result<Resolved<Move>, MoveError> {
        resolve(pos, previous, syntax, Style::Kif, true)
    }

    fn describe(&self, pos: &Position, mv: Move) -> KifMove {
        describe_kif(pos, None, mv)
    }

    fn describe_after(&self, pos: &Position, previous: Option<Move>, mv: Move) -> KifMove {
        describe_kif(pos, previous, mv)
    }
}

impl MoveNotation<Position> for Ki2Notation {
    type Syntax = KifMove;

    fn parse(&self, text: &str) -> Result<KifMove, SyntaxError> {
        parse::parse(text)
    }

    fn resolve(&self, pos: &Position, syntax: &KifMove) -> Result<Resolved<Move>, MoveError> {
        resolve(pos, None, syntax, Style::Ki2, false)
    }

    fn resolve_quickly(
        &self,
        pos: &Position,
        syntax: &KifMove,
    ) -> Result<Resolved<Move>, MoveError> {
        resolve(pos, None, syntax, Style::Ki2, true)
    }

    fn resolve_after(
        &self,
        pos: &Position,
        previous: Option<Move>,
        syntax: &KifMove,
    ) -> Result<Resolved<Move>, MoveError> {
        resolve(pos, previous, syntax, Style::Ki2, false)
    }

    fn resolve_quickly_after(
        &self,
        pos: &Position,
        previous: Option<Move>,
        syntax: &KifMove,
    ) -> Result<Resolved<Move>, MoveError> {
        resolve(pos, previous, syntax, Style::Ki2, true)
    }

    fn describe(&self, pos: &Position, mv: Move) -> KifMove {
        describe_ki2(pos, None, mv)
    }

    fn describe_after(&self, pos: &Position, previous: Option<Move>, mv: Move) -> KifMove {
        describe_ki2(pos, previous, mv)
    }
}
