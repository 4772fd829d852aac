//! The syntax of a PSN move: which piece (and whose), from where, how, to where, and whether it
//! promotes, as written and before any position is consulted.

use std::fmt;

use shogi_board::{Color, PieceKind, Square};

/// How the squares of a move are written: `7f` (file digit, rank letter) or `76` (two digits).
///
/// Both name the same square: the rank letters `a`-`i` are the rank numbers `1`-`9`
/// ([`shogi_board::Rank::number`]), so `5e` is `55`, the centre.
///
/// # Examples
///
/// ```
/// use psn::Squares;
///
/// assert_eq!("digits".parse::<Squares>()?, Squares::Digits);
/// assert_eq!(Squares::Letters.to_string(), "letters");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Squares {
    /// File digit then rank letter: `7f`, `5e` (Hodges, Shogidokoro, USI).
    #[default]
    Letters,
    /// File digit then rank digit: `76`, `55` (Hodges with numbers, Hosking, Japanese books).
    Digits,
}

impl Squares {
    /// The name: `letters` or `digits` (the command line's `--squares` values).
    pub const fn name(self) -> &'static str {
        match self {
            Squares::Letters => "letters",
            Squares::Digits => "digits",
        }
    }

    /// `sq` written this way: `7f` or `76`.
    pub fn write(self, sq: Square) -> SquareText {
        SquareText {
            square: sq,
            squares: self,
        }
    }
}

impl fmt::Display for Squares {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text names no way of writing squares.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a square style (letters, digits), found `{0}`")]
pub struct ParseSquaresError(pub String);

impl std::str::FromStr for Squares {
    type Err = ParseSquaresError;

    /// Reads `letters` or `digits`, any case.
    fn from_str(s: &str) -> Result<Squares, ParseSquaresError> {
        match s.to_ascii_lowercase().as_str() {
            "letters" => Ok(Squares::Letters),
            "digits" => Ok(Squares::Digits),
            _ => Err(ParseSquaresError(s.to_owned())),
        }
    }
}

/// A square in a [`Squares`] style; its `Display` writes `7f` or `76`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SquareText {
    square: Square,
    squares: Squares,
}

impl fmt::Display for SquareText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sq = self.square;
        match self.squares {
            Squares::Letters => write!(f, "{}{}", sq.file().char(), sq.rank().char()),
            Squares::Digits => write!(f, "{}{}", sq.file().char(), sq.rank().number()),
        }
    }
}

/// The action sign between the piece (or origin square) and the destination.
///
/// Rule: the seed (`-` moves, `x` captures, `*` drops; the sign may be left out of a board
/// move); Hosking and Majewski write drops with `'`, XBoard with `@`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// No sign: `P76`, `S3c`, `G6a5b`. A board move; a drop only when no board move fits (with
    /// the warning `drop-without-mark`).
    Unmarked,
    /// `-`: the piece moves on the board.
    Move,
    /// `x`: the piece captures on the destination.
    Capture,
    /// `*` (also `'`, `’` and `@`): a piece from the hand is dropped.
    Drop,
}

/// The promotion sign after the destination.
///
/// Rule: the seed: `+` when the piece promotes (always written), `=` to stress that it did not
/// (optional). A trailing `+` is never a check sign.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Promotion {
    /// No sign: the piece does not promote (or could not).
    Unmarked,
    /// `+`: the piece promotes.
    Promote,
    /// `=`: the piece could promote and does not.
    Decline,
}

/// How a move was written beyond what it means: kept so that `Display` writes the move back in
/// the squares and drop sign it was read with, and for the warnings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Spelling {
    /// The origin square was written with a rank digit (`69`).
    pub(crate) from_digits: bool,
    /// The destination was written with a rank digit (`58`).
    pub(crate) to_digits: bool,
    /// The drop sign as written (`*`, `'` or `@`; a typographic `’` is kept as `'`), `\0` when
    /// the move is no drop.
    pub(crate) drop_sign: char,
    /// A mate sign `#` stood after the move (ignored, with a warning).
    pub(crate) mate_sign: bool,
    /// The piece letter was written in lower case (`p-7f`; read with a warning).
    pub(crate) lower_letter: bool,
    /// A rank was written as an upper-case letter (`P-7F`; read with a warning).
    pub(crate) upper_rank: bool,
    /// A promoted piece was written with 81Dojo's letter: `D` (dragon), `H` (horse) or `T`
    /// (tokin) instead of `+R`, `+B`, `+P`.
    pub(crate) alias: bool,
    /// The piece letter was left out of a move written with both squares, as a USI move inside
    /// PSN (`4i5h` for `G4i-5h`): the kind is the piece standing on the origin, read with a
    /// warning.
    pub(crate) piece_left_out: bool,
}

/// Part of an origin square, as MacShogi writes it when the file or the rank alone tells the
/// pieces apart: `G45b` (the gold on file 4), `Sc4d` (the silver on rank c).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PartialOrigin {
    /// The origin's file, 1-9 (`G45b`: file 4).
    File(u8),
    /// The origin's rank, 1-9 for `a`-`i` (`Sc4d`: rank 3).
    Rank(u8),
}

impl PartialOrigin {
    /// Whether `sq` lies on this file or rank.
    pub fn contains(self, sq: Square) -> bool {
        match self {
            PartialOrigin::File(f) => sq.file().number() == f,
            PartialOrigin::Rank(r) => sq.rank().number() == r,
        }
    }
}

impl fmt::Display for PartialOrigin {
    /// The file digit (`4`) or the rank letter (`c`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PartialOrigin::File(n) => write!(f, "{n}"),
            PartialOrigin::Rank(n) => write!(f, "{}", char::from(b'a' + n.saturating_sub(1))),
        }
    }
}

/// A PSN move as written, not yet checked against a position.
///
/// Grammar (the seed): `[+][b|w]Letter[origin][-|x|*]square[+|=]`. `Display` writes the move
/// back with the squares and drop sign it was read with (a typographic `’` as `'`), without
/// annotation glyphs or a mate sign.
///
/// # Examples
///
/// ```
/// use psn::{Action, Promotion, Psn};
/// use shogi_board::{Color, PieceKind};
///
/// let mv = Psn::default().parse_move("+bR5b-4b=")?;
/// assert_eq!(mv.kind, PieceKind::Dragon);
/// assert_eq!(mv.color, Some(Color::Black));
/// assert_eq!(mv.from, Some("5b".parse()?));
/// assert_eq!((mv.action, mv.promotion), (Action::Move, Promotion::Decline));
/// assert_eq!(mv.to_string(), "+bR5b-4b=");
/// assert_eq!(Psn::default().parse_move("S'55!")?.to_string(), "S'55");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PsnMove {
    /// The kind as written: a promoted kind for `+P` .. `+R`.
    pub kind: PieceKind,
    /// The player letter (`b` Black/sente, `w` White/gote), if written.
    pub color: Option<Color>,
    /// The origin square, if written in full.
    pub from: Option<Square>,
    /// The origin's file or rank alone (MacShogi's `G45b`, `Sc4d`), if written so.
    pub partial: Option<PartialOrigin>,
    /// The action sign.
    pub action: Action,
    /// The destination square.
    pub to: Square,
    /// The promotion sign.
    pub promotion: Promotion,
    pub(crate) spelling: Spelling,
}

impl PsnMove {
    /// Whether the move is written as a drop (`*`, `'`, `’` or `@`).
    pub fn is_drop(&self) -> bool {
        self.action == Action::Drop
    }

    /// The style the destination was written in.
    pub fn squares(&self) -> Squares {
        if self.spelling.to_digits {
            Squares::Digits
        } else {
            Squares::Letters
        }
    }
}

fn style(digits: bool) -> Squares {
    if digits {
        Squares::Digits
    } else {
        Squares::Letters
    }
}

impl fmt::Display for PsnMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let alias = match self.kind {
            PieceKind::Dragon if self.spelling.alias => Some('D'),
            PieceKind::Horse if self.spelling.alias => Some('H'),
            PieceKind::ProPawn if self.spelling.alias => Some('T'),
            _ => None,
        };
        if self.spelling.piece_left_out
            && let Some(from) = self.from
        {
            write!(f, "{}", style(self.spelling.from_digits).write(from))?;
            write!(f, "{}", style(self.spelling.to_digits).write(self.to))?;
            return match self.promotion {
                Promotion::Promote => f.write_str("+"),
                Promotion::Decline => f.write_str("="),
                Promotion::Unmarked => Ok(()),
            };
        }
        if self.kind.is_promoted() && alias.is_none() {
            f.write_str("+")?;
        }
        if let Some(color) = self.color {
            write!(f, "{}", color.sfen_char())?;
        }
        let letter = alias.unwrap_or_else(|| self.kind.letter());
        if self.spelling.lower_letter {
            write!(f, "{}", letter.to_ascii_lowercase())?;
        } else {
            write!(f, "{letter}")?;
        }
        if let Some(from) = self.from {
            write!(f, "{}", style(self.spelling.from_digits).write(from))?;
        }
        if let Some(partial) = self.partial {
            write!(f, "{partial}")?;
        }
        match self.action {
            Action::Unmarked => {}
            Action::Move => f.write_str("-")?,
            Action::Capture => f.write_str("x")?,
            Action::Drop => {
                let sign = match self.spelling.drop_sign {
                    '\0' => '*',
                    c => c,
                };
                write!(f, "{sign}")?;
            }
        }
        write!(f, "{}", style(self.spelling.to_digits).write(self.to))?;
        match self.promotion {
            Promotion::Unmarked => Ok(()),
            Promotion::Promote => f.write_str("+"),
            Promotion::Decline => f.write_str("="),
        }
    }
}
