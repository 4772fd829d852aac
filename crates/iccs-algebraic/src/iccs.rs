//! ICCS coordinate moves: the point of departure and the point of arrival, `h2e2` or `H2-E2`.
//!
//! Files `a`-`i` run from Red's left, ranks `0`-`9` from Red's side (`a0` is Red's left corner).
//! The engine form (UCCI, Pikafish, kifu's JSON) is lower case without a hyphen (`h2e2`); the
//! xqbase PGN form is upper case with a hyphen (`H2-E2`). Fairy-Stockfish in plain UCI mode and
//! pyffish count ranks `1`-`10` instead (`h3e3`, `b10c8`): [`IccsRanks::OneBased`].
//!
//! What the reader accepts:
//!
//! - `h2e2`, `h2-e2`, `H2-E2`, `H2E2`, and mixed case; both forms are standard, so neither gives
//!   a warning;
//! - ranks of the configured numbering only: `0`-`9` by default, `1`-`10` with
//!   [`IccsRanks::OneBased`] (`10` is then one rank); the other numbering is a syntax error that
//!   says which profile reads it.
//!
//! Rule: the xqbase ICCS and UCCI specifications (`H2-E2` = 炮二平五, `h2e2` in engine lines);
//! Fairy-Stockfish `src/uci.cpp` for the one-based ranks.

use std::fmt;
use std::str::FromStr;

use notation_traits::{MoveError, MoveNotation, Resolved, SyntaxError};
use xiangqi_board::{Move, Position, Square};

use crate::parse::{self, label};
use crate::words::{self, SquareText};

/// How an ICCS move is written: the engine form or the PGN form.
///
/// # Examples
///
/// ```
/// use iccs_algebraic::IccsStyle;
///
/// assert_eq!("pgn".parse::<IccsStyle>()?, IccsStyle::Pgn);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum IccsStyle {
    /// Lower case, no hyphen: `h2e2` (UCCI, Pikafish, kifu's JSON `coord`).
    #[default]
    Engine,
    /// Upper case with a hyphen: `H2-E2` (the xqbase PGN form, `[Format "ICCS"]`).
    Pgn,
}

impl IccsStyle {
    /// The style's name: `engine` or `pgn` (the command line's `--style` values).
    pub const fn name(self) -> &'static str {
        match self {
            IccsStyle::Engine => "engine",
            IccsStyle::Pgn => "pgn",
        }
    }
}

impl fmt::Display for IccsStyle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text is not an ICCS style name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected an ICCS style (engine, pgn), found `{0}`")]
pub struct ParseIccsStyleError(pub String);

impl FromStr for IccsStyle {
    type Err = ParseIccsStyleError;

    /// Reads `engine` or `pgn`, any case.
    fn from_str(s: &str) -> Result<IccsStyle, ParseIccsStyleError> {
        match s.to_ascii_lowercase().as_str() {
            "engine" => Ok(IccsStyle::Engine),
            "pgn" => Ok(IccsStyle::Pgn),
            _ => Err(ParseIccsStyleError(s.to_owned())),
        }
    }
}

/// How ranks are numbered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum IccsRanks {
    /// `0`-`9` from Red's side: ICCS, UCCI, Pikafish, XBoard, cchess (`h2e2`).
    #[default]
    ZeroBased,
    /// `1`-`10` from Red's side: Fairy-Stockfish in plain UCI mode, pyffish, ffish.js (`h3e3`,
    /// `b10c8`).
    OneBased,
}

impl IccsRanks {
    /// Whether ranks count from 1.
    const fn one_based(self) -> bool {
        matches!(self, IccsRanks::OneBased)
    }

    /// The words for the ranks, for messages: `a rank 0-9` or `a rank 1-10`.
    const fn expected_rank(self) -> &'static str {
        match self {
            IccsRanks::ZeroBased => "a rank 0-9",
            IccsRanks::OneBased => "a rank 1-10",
        }
    }
}

/// The ICCS notation: a writer style and a rank numbering.
///
/// The default is the engine style with ranks 0-9 (`h2e2`).
///
/// # Examples
///
/// ```
/// use iccs_algebraic::{Iccs, IccsRanks, IccsStyle};
/// use notation_traits::MoveNotation;
/// use xiangqi_board::Position;
///
/// let pos = Position::new();
/// let mv = Iccs::default().read_move(&pos, "H2-E2")?.mv;
/// assert_eq!(Iccs::PGN.write_move(&pos, mv), "H2-E2");
/// assert_eq!(Iccs::ENGINE.write_move(&pos, mv), "h2e2");
/// assert_eq!(Iccs::FAIRY_UCI.read_move(&pos, "h3e3")?.mv, mv);
/// assert_eq!(Iccs::new(IccsStyle::Pgn).with_ranks(IccsRanks::OneBased).write_move(&pos, mv), "H3-E3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct Iccs {
    /// How the writer writes moves (the reader takes both forms).
    pub style: IccsStyle,
    /// How ranks are numbered, for reading and writing.
    pub ranks: IccsRanks,
}

impl Iccs {
    /// `h2e2`, ranks 0-9.
    pub const ENGINE: Iccs = Iccs::new(IccsStyle::Engine);
    /// `H2-E2`, ranks 0-9.
    pub const PGN: Iccs = Iccs::new(IccsStyle::Pgn);
    /// `h3e3`, ranks 1-10: Fairy-Stockfish's plain UCI and pyffish.
    pub const FAIRY_UCI: Iccs = Iccs::new(IccsStyle::Engine).with_ranks(IccsRanks::OneBased);

    /// The notation writing `style`, with ranks 0-9.
    pub const fn new(style: IccsStyle) -> Iccs {
        Iccs {
            style,
            ranks: IccsRanks::ZeroBased,
        }
    }

    /// The same notation with another rank numbering.
    #[must_use]
    pub const fn with_ranks(self, ranks: IccsRanks) -> Iccs {
        Iccs { ranks, ..self }
    }

    /// A square in this notation's numbering.
    fn square(self, square: Square) -> SquareText {
        SquareText {
            square,
            one_based: self.ranks.one_based(),
        }
    }

    /// The words for a context label of the parser.
    fn expected(self, label: &'static str) -> String {
        match label {
            label::FILE => "a file a-i".to_owned(),
            label::FILE_OR_HYPHEN => "`-` or a file a-i".to_owned(),
            label::RANK => self.ranks.expected_rank().to_owned(),
            label::RANK_TEN => {
                "a rank 0-9 (ranks 1-10, as Fairy-Stockfish writes them, need the one-based profile)"
                    .to_owned()
            }
            label::RANK_ZERO => {
                "a rank 1-10 (rank 0 belongs to the zero-based ICCS numbering)".to_owned()
            }
            _ => "the end of the move".to_owned(),
        }
    }

    /// Legal moves written nearly like `syntax`: the same squares read with the other rank
    /// numbering, then the moves to the same square; at most six, none when there are more.
    fn near_moves(self, pos: &Position, syntax: &IccsMove) -> Vec<String> {
        const MAX: usize = 6;
        let shift = match self.ranks {
            IccsRanks::ZeroBased => -1,
            IccsRanks::OneBased => 1,
        };
        let shifted = |sq: Square| sq.offset(0, shift);
        let mut moves = Vec::new();
        if let (Some(from), Some(to)) = (shifted(syntax.from), shifted(syntax.to)) {
            let mv = Move::new(from, to);
            if pos.is_legal(mv) {
                moves.push(mv);
            }
        }
        let to_same: Vec<Move> = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| m.to() == syntax.to)
            .collect();
        if to_same.len() <= MAX {
            let mut to_same = to_same;
            to_same.sort_by_key(|m| m.from());
            for mv in to_same {
                if !moves.contains(&mv) {
                    moves.push(mv);
                }
            }
        }
        moves.truncate(MAX);
        moves.into_iter().map(|m| self.write_move(pos, m)).collect()
    }
}

/// An ICCS move as written: two squares, and how it was written.
///
/// `Display` writes it back in its own case, hyphen and rank numbering.
///
/// # Examples
///
/// ```
/// use iccs_algebraic::Iccs;
/// use notation_traits::MoveNotation;
/// use xiangqi_board::Position;
///
/// let syntax = MoveNotation::<Position>::parse(&Iccs::default(), "H2E2")?;
/// assert!(syntax.uppercase && !syntax.hyphen);
/// assert_eq!(syntax.to_string(), "H2E2");
/// assert_eq!(syntax.mv().to_string(), "h2e2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IccsMove {
    /// The point of departure.
    pub from: Square,
    /// The point of arrival.
    pub to: Square,
    /// Whether the files were written in upper case (`H2-E2`).
    pub uppercase: bool,
    /// Whether a hyphen stood between the squares.
    pub hyphen: bool,
    /// The rank numbering the text used.
    pub ranks: IccsRanks,
}

impl IccsMove {
    /// `mv` written in `style` with `ranks`.
    pub const fn new(mv: Move, style: IccsStyle, ranks: IccsRanks) -> IccsMove {
        let pgn = matches!(style, IccsStyle::Pgn);
        IccsMove {
            from: mv.from(),
            to: mv.to(),
            uppercase: pgn,
            hyphen: pgn,
            ranks,
        }
    }

    /// The move from [`from`](Self::from) to [`to`](Self::to).
    pub const fn mv(&self) -> Move {
        Move::new(self.from, self.to)
    }
}

impl fmt::Display for IccsMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Written into a buffer of its own and handed over as one string: a converter writes
        // every move of every game this way, and formatting each piece costs several times more.
        let mut text = [0u8; 7];
        let mut n = 0;
        let one_based = self.ranks.one_based();
        for (i, square) in [self.from, self.to].into_iter().enumerate() {
            if i == 1 && self.hyphen {
                text[n] = b'-';
                n += 1;
            }
            let file = b'a' + square.file().index();
            text[n] = if self.uppercase {
                file.to_ascii_uppercase()
            } else {
                file
            };
            let rank = square.rank().index() + u8::from(one_based);
            if rank >= 10 {
                text[n + 1] = b'1';
                n += 1;
            }
            text[n + 1] = b'0' + rank % 10;
            n += 2;
        }
        f.write_str(std::str::from_utf8(&text[..n]).map_err(|_| fmt::Error)?)
    }
}

impl MoveNotation<Position> for Iccs {
    type Syntax = IccsMove;

    /// Reads `h2e2`, `h2-e2`, `H2-E2` or `H2E2` with this notation's rank numbering.
    ///
    /// # Errors
    ///
    /// [`SyntaxError`] at the first character that is not a file, a rank of the numbering, the
    /// hyphen or the end of the move.
    ///
    /// ```
    /// use iccs_algebraic::Iccs;
    /// use notation_traits::MoveNotation;
    /// use xiangqi_board::Position;
    ///
    /// let err = MoveNotation::<Position>::parse(&Iccs::default(), "h2j2").unwrap_err();
    /// assert_eq!(err.to_string(), "expected `-` or a file a-i, found `j`");
    /// assert_eq!(err.span.start.column, 3);
    /// ```
    fn parse(&self, text: &str) -> Result<IccsMove, SyntaxError> {
        parse::finish(parse::iccs::iccs_move(text, self.ranks), text)
            .map_err(|failure| failure.into_syntax_error(text, |l| self.expected(l)))
    }

    /// The move from the first square to the second, if the side to move has a piece on the
    /// first and the rules allow the move.
    ///
    /// # Errors
    ///
    /// [`MoveError::NoPiece`] when the first square holds no piece of the side to move (with
    /// legal moves to the same square as candidates, and the move with the other rank numbering
    /// first when that one is legal); [`MoveError::Illegal`] with the rule from
    /// [`Position::check_move`] otherwise.
    ///
    /// ```
    /// use iccs_algebraic::Iccs;
    /// use notation_traits::{MoveError, MoveNotation, Rule};
    /// use xiangqi_board::Position;
    ///
    /// let pos = Position::new();
    /// let err = Iccs::default().resolve(&pos, &MoveNotation::<Position>::parse(&Iccs::default(), "h2h7")?);
    /// assert!(matches!(err, Err(MoveError::Illegal { rule: Rule::CannonScreen, .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn resolve(&self, pos: &Position, syntax: &IccsMove) -> Result<Resolved<Move>, MoveError> {
        let mv = syntax.mv();
        let side = pos.side_to_move();
        let mover = pos.piece_at(mv.from()).filter(|p| p.color == side);
        let Some(piece) = mover else {
            let there = match pos.piece_at(mv.from()) {
                Some(other) => format!(" (the {other} stands there)"),
                None => String::new(),
            };
            return Err(MoveError::NoPiece {
                description: format!("no {side} piece on {}{there}", self.square(mv.from())),
                candidates: self.near_moves(pos, syntax),
            });
        };
        match pos.check_move(mv) {
            Ok(()) => Ok(Resolved::clean(mv)),
            Err(rule) => Err(MoveError::Illegal {
                rule,
                description: words::piece_move(piece, self.square(mv.from()), self.square(mv.to())),
                candidates: Vec::new(),
            }),
        }
    }

    /// The move in this notation's style and rank numbering.
    fn describe(&self, _pos: &Position, mv: Move) -> IccsMove {
        IccsMove::new(mv, self.style, self.ranks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use notation_traits::{NotationError, Rule};
    use rstest::rstest;

    fn parse(notation: Iccs, text: &str) -> Result<IccsMove, SyntaxError> {
        MoveNotation::<Position>::parse(&notation, text)
    }

    #[rstest]
    #[case::engine("h2e2", false, false)]
    #[case::hyphen("h2-e2", false, true)]
    #[case::pgn("H2-E2", true, true)]
    #[case::upper_no_hyphen("H2E2", true, false)]
    fn four_spellings_of_the_central_cannon(
        #[case] text: &str,
        #[case] uppercase: bool,
        #[case] hyphen: bool,
    ) {
        // NOTATIONS.md "Xiangqi ICCS and algebraic" and research edge case 18.
        let syntax = parse(Iccs::default(), text).unwrap();
        assert_eq!(syntax.mv().to_string(), "h2e2");
        assert_eq!((syntax.uppercase, syntax.hyphen), (uppercase, hyphen));
        assert_eq!(syntax.to_string(), text);
    }

    #[rstest]
    #[case::central_cannon("h3e3", "h2e2")]
    #[case::black_horse_on_rank_ten("b10c8", "b9c7")]
    #[case::rank_ten_both_ends("a10a9", "a9a8")]
    fn one_based_ranks(#[case] text: &str, #[case] iccs: &str) {
        // testdata/README.md: ICCS rank = pyffish rank - 1.
        let syntax = parse(Iccs::FAIRY_UCI, text).unwrap();
        assert_eq!(syntax.mv().to_string(), iccs);
        assert_eq!(syntax.to_string(), text);
    }

    #[rstest]
    #[case::engine(Iccs::ENGINE, "h2e2")]
    #[case::pgn(Iccs::PGN, "H2-E2")]
    #[case::fairy(Iccs::FAIRY_UCI, "h3e3")]
    fn writer_styles(#[case] notation: Iccs, #[case] expected: &str) {
        let pos = Position::new();
        assert_eq!(notation.write_move(&pos, "h2e2".parse().unwrap()), expected);
    }

    #[test]
    fn an_empty_point_is_no_piece_and_a_blocked_horse_is_illegal() {
        let pos = Position::new();
        let Err(NotationError::Move(err)) = Iccs::default().read_move(&pos, "h1e1") else {
            panic!("h1 is empty");
        };
        assert_eq!(err.message_without_candidates(), "no red piece on h1");
        // The legal moves to the same point, by origin.
        assert_eq!(err.candidates(), ["d0e1", "e0e1", "f0e1"]);
        let err = Iccs::default().read_move(&pos, "h0f1").unwrap_err();
        assert_eq!(err.code(), Rule::HorseLeg.code());
    }

    #[test]
    fn a_one_based_move_read_as_zero_based_suggests_the_shift() {
        let pos = Position::new();
        let err = Iccs::default().read_move(&pos, "h3e3").unwrap_err();
        assert_eq!(err.to_string(), "no red piece on h3: write h2e2");
    }
}
