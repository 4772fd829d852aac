//! Algebraic notation for xiangqi: `[letter][disambiguation][x]square[+|#]`, as in the seed
//! (`The3`, `Vh10`, `V10h7`), Wikipedia's "system 3", Fairy-Stockfish's SAN (`Che3`) and
//! WinBoard/XBoard's SAN (`Che2`, `Rb0`).
//!
//! Files `a`-`i` run from Red's left, ranks from Red's side in one of two numberings
//! ([`AlgebraicRanks`]): `1`-`10` by default (`a1` is Red's left corner; algebraic rank = ICCS
//! rank + 1), or `0`-`9` as WinBoard writes them, the same as ICCS (`Rb0` is a chariot move to
//! ICCS b0, `Che2` is h2e2). Squares are absolute, the same for both sides. The piece letters
//! are the language's ([`Language`]): English `K A E H R C P`, Finnish `K N E H V T S`, German
//! `F L E P W K S`.
//!
//! The writer ([`describe`](MoveNotation::describe)) writes the piece letter; with ranks 1-10
//! the pawn's too (the seed writes `S`, Fairy-Stockfish `P`), with ranks 0-9 pawn moves as
//! WinBoard writes them: no letter, the square alone for a straight move that captures nothing
//! (`c4`), otherwise the file of departure first (`ed5` sideways, `exd5`, and `exe5` for a
//! straight capture). It disambiguates only as the legal moves require, counting only legal
//! moves of the same kind to the same square: by file if that suffices, else by rank (`V10h7`,
//! WinBoard `R9h6`), else by the full square; writes `x` for a capture, `+` for check and `#`
//! for mate.
//!
//! What the reader accepts:
//!
//! - the pawn letter, or none (`e5`, `xe6`, `cxd6`); a lower-case file `a`-`i` followed by a
//!   digit always starts a pawn move without its letter, and with ranks 0-9 every lower-case
//!   file does (WinBoard writes piece letters in upper case: `ed5` and `cxd5` are pawn moves
//!   there, not an elephant's or a cannon's), see the parse rules below;
//! - with ranks 0-9, a pawn move written without its file of departure that two pawns can make
//!   (`c5` with pawns on c4 and b5) is the straight one, as WinBoard writes the file for every
//!   other pawn move;
//! - an alias of the language (English `N`, `B`, `M`, `G`, `S`; German `G`, `T`, `M`), with a
//!   `letter-alias` warning;
//! - a lower-case piece letter, with a `lowercase-letter` warning (`hg3`, `exd5` read as a horse
//!   and an elephant move with ranks 1-10: a lower-case letter that is both a file and a piece
//!   letter is the piece unless a digit follows it; `cxd6` is a pawn move in Finnish, where `c`
//!   is no letter; with ranks 0-9 only letters outside `a`-`i` can be pieces, `ra1`);
//! - more disambiguation than needed (`Rii2` where `Ri2` suffices), silently;
//! - a missing `x` on a capture or an `x` on a move that captures nothing, with a
//!   `capture-mark` warning; a missing, extra or wrong `+` or `#`, with a `check-mark` warning
//!   (`++` and `+++`, written for double and triple check in some texts, read as `+`): the move
//!   is found from the piece and the destination alone;
//! - a trailing annotation glyph `!`, `?`, `!!`, `??`, `!?`, `?!` (not kept: the game reader
//!   stores glyphs with the move).
//!
//! Not accepted: upper-case files, the other numbering's ranks (`Rb0` with ranks 1-10, `Rh10`
//! with ranks 0-9: the error says which profile reads them), a hyphen between the squares,
//! full-width characters.
//!
//! Rule: the Finnish xiangqi notation guide the project started from (its game is
//! testdata/xiangqi/seed-algebraic-fi.pgn);
//! Fairy-Stockfish `NOTATION_SAN` for the disambiguation order and the check signs;
//! XBoard `moves.c` (`CoordsToAlgebraic`) for WinBoard's ranks 0-9 and pawn moves.

use std::fmt;

use notation_traits::{MoveError, MoveNotation, Resolved, Rule, SyntaxError, Warning};
use xiangqi_board::{Color, File, Language, Move, Piece, PieceKind, Position, Rank, Square};

use crate::parse::{self, label};
use crate::words::{self, SquareText};

/// How ranks are numbered in algebraic notation, and the WinBoard conventions that come with
/// the numbering from 0.
///
/// # Examples
///
/// ```
/// use iccs_algebraic::{Algebraic, AlgebraicRanks};
/// use notation_traits::MoveNotation;
/// use xiangqi_board::Position;
///
/// let pos = Position::new();
/// let mv = "h2e2".parse()?;
/// assert_eq!(Algebraic::ENGLISH.write_move(&pos, mv), "Che3");
/// let winboard = Algebraic::ENGLISH.with_ranks(AlgebraicRanks::ZeroBased);
/// assert_eq!(winboard, Algebraic::WINBOARD);
/// assert_eq!(winboard.write_move(&pos, mv), "Che2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum AlgebraicRanks {
    /// `1`-`10` from Red's side (`a1` is Red's left corner): the seed, Wikipedia's "system 3",
    /// Fairy-Stockfish's SAN (`Che3`, `Rh10`, `Pe5`). The writer writes the pawn letter.
    #[default]
    OneBased,
    /// `0`-`9` from Red's side, the ICCS numbering (`a0` is Red's left corner): WinBoard and
    /// XBoard's SAN in PGN files (`Cbe2`, `Rb0`, `c5`). The writer writes pawn moves without a
    /// letter, the file of departure first unless the pawn goes straight ahead without capturing
    /// (`c4`, `ed5`, `exd5`, `exe5`); the reader takes a lower-case `a`-`i` always as a file.
    ZeroBased,
}

impl AlgebraicRanks {
    /// Whether ranks count from 1.
    const fn one_based(self) -> bool {
        matches!(self, AlgebraicRanks::OneBased)
    }
}

/// Algebraic notation in one language's piece letters and one rank numbering.
///
/// The default is English with ranks 1-10 (`Che3`, `Hg3`, `Pe5`); [`Algebraic::WINBOARD`] is
/// English with ranks 0-9 (`Che2`, `Hg2`, `e4`).
///
/// # Examples
///
/// ```
/// use iccs_algebraic::Algebraic;
/// use notation_traits::MoveNotation;
/// use xiangqi_board::{Language, Position};
///
/// let pos = Position::new();
/// let mv = Algebraic::new(Language::Finnish).read_move(&pos, "The3")?.mv;
/// assert_eq!(mv.to_string(), "h2e2");
/// assert_eq!(Algebraic::ENGLISH.write_move(&pos, mv), "Che3");
/// assert_eq!(Algebraic::GERMAN.write_move(&pos, mv), "Khe3");
/// assert_eq!(Algebraic::WINBOARD.write_move(&pos, mv), "Che2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct Algebraic {
    /// The piece letters read and written.
    pub language: Language,
    /// How ranks are numbered, for reading and writing (and, with ranks 0-9, WinBoard's pawn
    /// moves).
    pub ranks: AlgebraicRanks,
}

impl Algebraic {
    /// English letters `K A E H R C P` (Fairy-Stockfish's SAN), ranks 1-10.
    pub const ENGLISH: Algebraic = Algebraic::new(Language::English);
    /// Finnish letters `K N E H V T S` (the seed), ranks 1-10.
    pub const FINNISH: Algebraic = Algebraic::new(Language::Finnish);
    /// German letters `F L E P W K S` (Deutscher Xiangqi Bund), ranks 1-10.
    pub const GERMAN: Algebraic = Algebraic::new(Language::German);
    /// WinBoard/XBoard's SAN: English letters, ranks 0-9, pawns without a letter (`Cbe2`,
    /// `Rb0`, `c5`).
    pub const WINBOARD: Algebraic =
        Algebraic::new(Language::English).with_ranks(AlgebraicRanks::ZeroBased);

    /// Algebraic notation with `language`'s letters, ranks 1-10.
    pub const fn new(language: Language) -> Algebraic {
        Algebraic {
            language,
            ranks: AlgebraicRanks::OneBased,
        }
    }

    /// The same notation with another rank numbering.
    #[must_use]
    pub const fn with_ranks(self, ranks: AlgebraicRanks) -> Algebraic {
        Algebraic { ranks, ..self }
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
        let one_based = self.ranks.one_based();
        match label {
            label::LETTER_OR_FILE => format!(
                "a piece letter ({}) or a file a-i",
                self.language.letter_list()
            ),
            label::SQUARE if one_based => "a square (a file a-i, then a rank 1-10)".to_owned(),
            label::SQUARE => "a square (a file a-i, then a rank 0-9)".to_owned(),
            label::FILE => "a file a-i".to_owned(),
            label::RANK if one_based => "a rank 1-10".to_owned(),
            label::RANK => "a rank 0-9".to_owned(),
            label::RANK_ZERO => {
                "a rank 1-10 (algebraic ranks count from 1; rank 0 belongs to ICCS)".to_owned()
            }
            label::RANK_TEN => {
                "a rank 0-9 (WinBoard's ranks count from 0; ranks 1-10 need the one-based profile)"
                    .to_owned()
            }
            label::MARK_OR_END => "`+`, `#` or the end of the move".to_owned(),
            _ => "the end of the move".to_owned(),
        }
    }

    /// The warnings for reading `syntax` as the legal move `mv`.
    fn warnings(self, pos: &Position, syntax: &AlgebraicMove, mv: Move) -> Vec<Warning> {
        let mut warnings = Vec::new();
        if let Some((c, (kind, alias))) = syntax
            .letter
            .and_then(|c| self.language.kind(c).map(|k| (c, k)))
        {
            let upper = c.to_ascii_uppercase();
            if c.is_ascii_lowercase() {
                warnings.push(Warning::new(
                    "lowercase-letter",
                    format!("piece letter `{c}` read as `{upper}`"),
                ));
            }
            if alias {
                let own = self.language.letter(kind);
                warnings.push(Warning::new(
                    "letter-alias",
                    format!("letter `{upper}` read as `{own}` ({kind})"),
                ));
            }
        }
        match (syntax.capture, pos.is_capture(mv)) {
            (false, true) => warnings.push(Warning::new(
                "capture-mark",
                "capture sign `x` missing: the move captures",
            )),
            (true, false) => warnings.push(Warning::new(
                "capture-mark",
                "capture sign `x` written, but the move captures nothing",
            )),
            _ => {}
        }
        let actual = CheckMark::of(pos, mv);
        let message = match (syntax.check, actual) {
            (CheckMark::None, CheckMark::Check) => "check sign `+` missing: the move gives check",
            (CheckMark::None, CheckMark::Mate) => "mate sign `#` missing: the move mates",
            (CheckMark::Check, CheckMark::None) => {
                "check sign `+` written, but the move gives no check"
            }
            // XBoard writes `#` on a move that leaves the other side no legal move without
            // check: a stalemate, which loses in xiangqi (the side that cannot move loses), so
            // the game ends as by a mate.
            (CheckMark::Mate, CheckMark::None) if stalemates(pos, mv) => "",
            (CheckMark::Mate, CheckMark::None) => {
                "mate sign `#` written, but the move gives no check"
            }
            (CheckMark::Mate, CheckMark::Check) => {
                "mate sign `#` written, but the move only gives check"
            }
            (CheckMark::Check, CheckMark::Mate) => "check sign `+` written for a mate: write `#`",
            _ => "",
        };
        if !message.is_empty() {
            warnings.push(Warning::new("check-mark", message));
        }
        warnings
    }

    /// The error when no legal move fits `syntax`. `pieces` are the side's pieces of the kind
    /// that fit the written disambiguation.
    fn no_move(self, pos: &Position, syntax: &AlgebraicMove, pieces: &[Square]) -> MoveError {
        let side = pos.side_to_move();
        let piece = Piece::new(side, syntax.kind);
        let to = syntax.to;
        // `check_move` tests the destination before the movement, so the pattern is tested
        // here on its own: a chariot far off the line is no candidate even if the destination
        // holds one of its own pieces.
        let blocked: Vec<(Square, Rule)> = pieces
            .iter()
            .filter(|&&from| pattern_fits(syntax.kind, side, from, to))
            .filter_map(|&from| match pos.check_move(Move::new(from, to)) {
                Ok(()) => None,
                Err(rule) => Some((from, rule)),
            })
            .collect();
        if let [(from, rule)] = blocked[..] {
            return MoveError::Illegal {
                rule,
                description: words::piece_move(piece, self.square(from), self.square(to)),
                candidates: Vec::new(),
            };
        }
        MoveError::NoPiece {
            description: format!(
                "no {side} {}{} can reach {}",
                syntax.kind,
                origin_words(syntax),
                self.square(to)
            ),
            candidates: self.near_moves(pos, piece, to),
        }
    }

    /// Legal moves of `piece`'s kind written nearly the same way: those to `to` (which the
    /// written disambiguation excluded), else all of the kind; at most six, none when there are
    /// more. Ordered by origin, then destination.
    fn near_moves(self, pos: &Position, piece: Piece, to: Square) -> Vec<String> {
        const MAX: usize = 6;
        let mut moves: Vec<Move> = pos
            .squares_of(piece)
            .flat_map(|from| pos.legal_moves_from(from).to_vec())
            .collect();
        if moves.iter().any(|m| m.to() == to) {
            moves.retain(|m| m.to() == to);
        }
        if moves.len() > MAX {
            return Vec::new();
        }
        moves.sort_by_key(|m| (m.from(), m.to()));
        moves.iter().map(|&m| self.write_move(pos, m)).collect()
    }
}

/// Whether `mv` leaves the other side without a legal move and not in check (a stalemate).
fn stalemates(pos: &Position, mv: Move) -> bool {
    let mut after = *pos;
    after.play_unchecked(mv);
    after.is_stalemate()
}

/// The check sign of an algebraic move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum CheckMark {
    /// No sign: the move gives no check.
    #[default]
    None,
    /// `+`: the move gives check.
    Check,
    /// `#`: the move gives checkmate.
    Mate,
}

impl CheckMark {
    /// The sign as written: empty, `+` or `#`.
    pub const fn as_str(self) -> &'static str {
        match self {
            CheckMark::None => "",
            CheckMark::Check => "+",
            CheckMark::Mate => "#",
        }
    }

    /// The sign the legal move `mv` of `pos` deserves.
    ///
    /// ```
    /// use iccs_algebraic::CheckMark;
    /// use xiangqi_board::Position;
    ///
    /// // Research edge case 13: `Rxe9+` takes the advisor with check, `Ri10#` mates.
    /// let pos = Position::from_fen("4k4/4a3R/9/9/9/9/9/9/4K4/9 w - - 0 1")?;
    /// assert_eq!(CheckMark::of(&pos, "i8e8".parse()?), CheckMark::Check);
    /// assert_eq!(CheckMark::of(&pos, "i8i9".parse()?), CheckMark::Mate);
    /// assert_eq!(CheckMark::of(&pos, "i8i7".parse()?), CheckMark::None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of(pos: &Position, mv: Move) -> CheckMark {
        let mut after = *pos;
        after.play_unchecked(mv);
        if !after.is_check() {
            CheckMark::None
        } else if after.legal_moves().is_empty() {
            CheckMark::Mate
        } else {
            CheckMark::Check
        }
    }
}

impl fmt::Display for CheckMark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An algebraic move as written: the letter, the disambiguation, the capture and check signs,
/// the destination and the rank numbering.
///
/// The squares and ranks are the board's ([`Square`], [`Rank`]: ICCS indices 0-9) whatever the
/// text's numbering: `Vh10` with ranks 1-10 and `Rh9` with ranks 0-9 both have `to` = ICCS
/// h9. `Display` writes the move back: the letter as written (none for a pawn move written
/// without one), the ranks in [`ranks`](Self::ranks). `++` and `+++` come back as `+`, and
/// annotation glyphs are not kept.
///
/// # Examples
///
/// ```
/// use iccs_algebraic::{Algebraic, AlgebraicMove, AlgebraicRanks};
/// use notation_traits::MoveNotation;
/// use xiangqi_board::{PieceKind, Position};
///
/// let syntax: AlgebraicMove = MoveNotation::<Position>::parse(&Algebraic::FINNISH, "V10h7")?;
/// assert_eq!(syntax.kind, PieceKind::Chariot);
/// assert_eq!(syntax.from_rank.map(|r| r.index()), Some(9)); // rank 10 is ICCS rank 9
/// assert_eq!(syntax.to.to_string(), "h6"); // ICCS
/// assert_eq!(syntax.to_string(), "V10h7");
///
/// // The same move as WinBoard writes it, and the same syntax written in both numberings.
/// let winboard: AlgebraicMove = MoveNotation::<Position>::parse(&Algebraic::WINBOARD, "R9h6")?;
/// assert_eq!((winboard.from_rank, winboard.to), (syntax.from_rank, syntax.to));
/// assert_eq!(winboard.to_string(), "R9h6");
/// let one_based = AlgebraicMove { ranks: AlgebraicRanks::OneBased, ..winboard };
/// assert_eq!(one_based.to_string(), "R10h7");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AlgebraicMove {
    /// The piece letter as written (either case, maybe an alias); `None` for a pawn move
    /// written without its letter.
    pub letter: Option<char>,
    /// The piece kind the letter names (the pawn when no letter was written).
    pub kind: PieceKind,
    /// The file of departure, when written.
    pub from_file: Option<File>,
    /// The rank of departure, when written.
    pub from_rank: Option<Rank>,
    /// Whether `x` was written.
    pub capture: bool,
    /// The point of arrival.
    pub to: Square,
    /// The check sign written.
    pub check: CheckMark,
    /// The rank numbering of the text: how `Display` writes [`from_rank`](Self::from_rank) and
    /// [`to`](Self::to).
    pub ranks: AlgebraicRanks,
}

impl fmt::Display for AlgebraicMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let one_based = self.ranks.one_based();
        if let Some(letter) = self.letter {
            write!(f, "{letter}")?;
        }
        if let Some(file) = self.from_file {
            write!(f, "{file}")?;
        }
        if let Some(rank) = self.from_rank {
            write!(f, "{}", rank.index() + u8::from(one_based))?;
        }
        let x = if self.capture { "x" } else { "" };
        let to = SquareText {
            square: self.to,
            one_based,
        };
        write!(f, "{x}{to}{}", self.check)
    }
}

impl MoveNotation<Position> for Algebraic {
    type Syntax = AlgebraicMove;

    /// Reads one algebraic move; see the module docs for what is accepted.
    ///
    /// # Errors
    ///
    /// [`SyntaxError`] at the first character that does not fit, saying what was expected
    /// there.
    ///
    /// ```
    /// use iccs_algebraic::Algebraic;
    /// use notation_traits::MoveNotation;
    /// use xiangqi_board::Position;
    ///
    /// let err = MoveNotation::<Position>::parse(&Algebraic::FINNISH, "Xe5").unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "expected a piece letter (K, N, E, H, V, T, S) or a file a-i, found `X`"
    /// );
    /// let err = MoveNotation::<Position>::parse(&Algebraic::WINBOARD, "Rh10").unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "expected a rank 0-9 (WinBoard's ranks count from 0; ranks 1-10 need the one-based profile), found `10`"
    /// );
    /// ```
    fn parse(&self, text: &str) -> Result<AlgebraicMove, SyntaxError> {
        let parsed = parse::algebraic::algebraic_move(text, self.language, self.ranks);
        parse::finish(parsed, text)
            .map_err(|failure| failure.into_syntax_error(text, |l| self.expected(l)))
    }

    /// The one legal move of a piece of the written kind (and disambiguation) to the written
    /// square. Capture and check signs never choose the move; a wrong one gives a warning. With
    /// ranks 0-9, a pawn move without a file or rank of departure that several pawns can make is
    /// the straight one, if one of them goes straight (WinBoard writes `c5` for c4c5 and `bc5`
    /// for b5c5).
    ///
    /// # Errors
    ///
    /// [`MoveError::Ambiguous`] when several pieces can legally make the move (candidates in
    /// their shortest form, by origin square from `a1`); [`MoveError::Illegal`] with the rule
    /// from [`Position::check_move`] when none can but exactly one piece of the kind could
    /// reach the square by its movement pattern; [`MoveError::NoPiece`] otherwise, with the
    /// legal moves of the kind as candidates when there are at most six.
    ///
    /// ```
    /// use iccs_algebraic::Algebraic;
    /// use notation_traits::{MoveError, MoveNotation};
    /// use xiangqi_board::Position;
    ///
    /// let err = Algebraic::FINNISH.read_move(&Position::new(), "Te3").unwrap_err();
    /// assert_eq!(err.to_string(), "ambiguous move: two red cannons can reach e3: write Tbe3 or The3");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn resolve(&self, pos: &Position, syntax: &AlgebraicMove) -> Result<Resolved<Move>, MoveError> {
        let side = pos.side_to_move();
        let piece = Piece::new(side, syntax.kind);
        let fits = |sq: &Square| {
            syntax.from_file.is_none_or(|f| sq.file() == f)
                && syntax.from_rank.is_none_or(|r| sq.rank() == r)
        };
        let pieces: Vec<Square> = pos.squares_of(piece).filter(fits).collect();
        let mut legal: Vec<Move> = pieces
            .iter()
            .map(|&from| Move::new(from, syntax.to))
            .filter(|&mv| pos.is_legal(mv))
            .collect();
        if legal.len() > 1
            && syntax.ranks == AlgebraicRanks::ZeroBased
            && syntax.kind == PieceKind::Pawn
            && syntax.from_file.is_none()
            && syntax.from_rank.is_none()
            && let Some(&straight) = legal.iter().find(|m| m.from().file() == m.to().file())
        {
            legal = vec![straight];
        }
        match legal[..] {
            [mv] => Ok(Resolved::new(mv, self.warnings(pos, syntax, mv))),
            [] => Err(self.no_move(pos, syntax, &pieces)),
            _ => Err(MoveError::Ambiguous {
                description: format!(
                    "{} {side} {}{} can reach {}",
                    words::count(legal.len()),
                    words::kind_name(syntax.kind, legal.len()),
                    origin_words(syntax),
                    self.square(syntax.to)
                ),
                candidates: legal.iter().map(|&m| self.write_move(pos, m)).collect(),
            }),
        }
    }

    /// The shortest correct form of the legal move `mv`; with ranks 0-9, a pawn move in
    /// WinBoard's form (no letter; the file of departure unless the pawn goes straight ahead
    /// without capturing).
    fn describe(&self, pos: &Position, mv: Move) -> AlgebraicMove {
        let (from, to) = (mv.from(), mv.to());
        let kind = pos.piece_at(from).map_or(PieceKind::Pawn, |p| p.kind);
        let capture = pos.is_capture(mv);
        if kind == PieceKind::Pawn && self.ranks == AlgebraicRanks::ZeroBased {
            let straight = from.file() == to.file() && !capture;
            return AlgebraicMove {
                letter: None,
                kind,
                from_file: (!straight).then_some(from.file()),
                from_rank: None,
                capture,
                to,
                check: CheckMark::of(pos, mv),
                ranks: self.ranks,
            };
        }
        let piece = Piece::new(pos.side_to_move(), kind);
        let rivals: Vec<Square> = pos
            .squares_of(piece)
            .filter(|&sq| sq != from && pos.is_legal(Move::new(sq, to)))
            .collect();
        let (from_file, from_rank) = if rivals.is_empty() {
            (None, None)
        } else if rivals.iter().all(|sq| sq.file() != from.file()) {
            (Some(from.file()), None)
        } else if rivals.iter().all(|sq| sq.rank() != from.rank()) {
            (None, Some(from.rank()))
        } else {
            (Some(from.file()), Some(from.rank()))
        };
        AlgebraicMove {
            letter: Some(self.language.letter(kind)),
            kind,
            from_file,
            from_rank,
            capture,
            to,
            check: CheckMark::of(pos, mv),
            ranks: self.ranks,
        }
    }
}

/// Whether a piece of `kind` and `color` moves from `from` to `to` by its pattern alone, on an
/// empty board and without the palace, river and pawn-sideways rules (which name their own
/// [`Rule`] when broken).
fn pattern_fits(kind: PieceKind, color: Color, from: Square, to: Square) -> bool {
    let df = i32::from(to.file().index()) - i32::from(from.file().index());
    let dr = i32::from(to.rank().index()) - i32::from(from.rank().index());
    let forward = match color {
        Color::Red => 1,
        Color::Black => -1,
    };
    match kind {
        PieceKind::King => df.abs() + dr.abs() == 1,
        PieceKind::Advisor => df.abs() == 1 && dr.abs() == 1,
        PieceKind::Elephant => df.abs() == 2 && dr.abs() == 2,
        PieceKind::Horse => (df.abs(), dr.abs()) == (1, 2) || (df.abs(), dr.abs()) == (2, 1),
        PieceKind::Chariot | PieceKind::Cannon => (df == 0) != (dr == 0),
        PieceKind::Pawn => (df == 0 && dr == forward) || (dr == 0 && df.abs() == 1),
    }
}

/// ` on file h`, ` on rank 10`, ` on h10` or nothing, for the written disambiguation, in the
/// numbering it was written in.
fn origin_words(syntax: &AlgebraicMove) -> String {
    let one_based = syntax.ranks.one_based();
    match (syntax.from_file, syntax.from_rank) {
        (Some(f), Some(r)) => format!(
            " on {}",
            SquareText {
                square: Square::new(f, r),
                one_based
            }
        ),
        (Some(f), None) => format!(" on file {f}"),
        (None, Some(r)) => format!(" on rank {}", r.index() + u8::from(one_based)),
        (None, None) => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    fn parse(language: Language, text: &str) -> Result<AlgebraicMove, SyntaxError> {
        MoveNotation::<Position>::parse(&Algebraic::new(language), text)
    }

    #[rstest]
    #[case::plain("Vh10", Some('V'), None, None, false, "h9")]
    #[case::rank_ten_disambiguation("V10h7", Some('V'), None, Some(9), false, "h6")]
    #[case::capture_on_rank_ten("Kxf10", Some('K'), None, None, true, "f9")]
    #[case::file_disambiguation("Tbc3", Some('T'), Some('b'), None, false, "c2")]
    #[case::full_square("Vh1h7", Some('V'), Some('h'), Some(0), false, "h6")]
    #[case::full_square_rank_ten("Vh10xh7", Some('V'), Some('h'), Some(9), true, "h6")]
    #[case::pawn_without_letter("e5", None, None, None, false, "e4")]
    #[case::pawn_full_square_without_letter("e6d6", None, Some('e'), Some(5), false, "d5")]
    #[case::pawn_capture_without_letter("xe6", None, None, None, true, "e5")]
    #[case::pawn_file_capture_without_letter("cxd6", None, Some('c'), None, true, "d5")]
    fn tokens(
        #[case] text: &str,
        #[case] letter: Option<char>,
        #[case] from_file: Option<char>,
        #[case] from_rank: Option<u8>,
        #[case] capture: bool,
        #[case] to_iccs: &str,
    ) {
        // Ranks 1-10 (research section 5; edge case 21 for the two-digit rank).
        let m = parse(Language::Finnish, text).unwrap();
        assert_eq!(m.letter, letter);
        assert_eq!(m.from_file.map(File::char), from_file);
        assert_eq!(m.from_rank.map(Rank::index), from_rank);
        assert_eq!(m.capture, capture);
        assert_eq!(m.to.to_string(), to_iccs);
        assert_eq!(m.to_string(), text);
    }

    #[rstest]
    #[case::lowercase_horse(Language::English, "hg3", PieceKind::Horse)]
    #[case::lowercase_elephant_capture(Language::English, "exd5", PieceKind::Elephant)]
    #[case::lowercase_cannon_in_english(Language::English, "cxd6", PieceKind::Cannon)]
    #[case::c_is_a_file_in_finnish(Language::Finnish, "cxd6", PieceKind::Pawn)]
    #[case::german_lowercase_king(Language::German, "fe2", PieceKind::King)]
    #[case::f_is_a_file_in_english(Language::English, "fe2", PieceKind::Pawn)]
    fn lowercase_letter_or_file(
        #[case] language: Language,
        #[case] text: &str,
        #[case] kind: PieceKind,
    ) {
        assert_eq!(parse(language, text).unwrap().kind, kind);
    }

    #[rstest]
    #[case::check("Txe7+", CheckMark::Check)]
    #[case::mate("Vd1#", CheckMark::Mate)]
    #[case::double_check("Vd1++", CheckMark::Check)]
    #[case::glyph("Vd1!?", CheckMark::None)]
    #[case::check_and_glyph("Vd1+?", CheckMark::Check)]
    fn check_signs_and_glyphs(#[case] text: &str, #[case] check: CheckMark) {
        assert_eq!(parse(Language::Finnish, text).unwrap().check, check);
    }

    #[test]
    fn the_start_position_needs_the_cannon_file() {
        // Research edge case 20: `The3` (Finnish) = `Che3` (Fairy SAN) = `Che2` (WinBoard 0-9)
        // = h2e2.
        let pos = Position::new();
        let mv: Move = "h2e2".parse().unwrap();
        assert_eq!(Algebraic::FINNISH.write_move(&pos, mv), "The3");
        assert_eq!(Algebraic::ENGLISH.write_move(&pos, mv), "Che3");
        assert_eq!(Algebraic::WINBOARD.write_move(&pos, mv), "Che2");
    }

    fn parse_winboard(text: &str) -> Result<AlgebraicMove, SyntaxError> {
        MoveNotation::<Position>::parse(&Algebraic::WINBOARD, text)
    }

    #[rstest]
    #[case::rank_zero("Rb0", Some('R'), None, None, false, "b0")]
    #[case::rank_nine("Rh9", Some('R'), None, None, false, "h9")]
    #[case::central_cannon("Che2", Some('C'), Some('h'), None, false, "e2")]
    #[case::rank_disambiguation("R9h6", Some('R'), None, Some(9), false, "h6")]
    #[case::rank_zero_disambiguation("R0h6", Some('R'), None, Some(0), false, "h6")]
    #[case::full_square("Rh0xh6", Some('R'), Some('h'), Some(0), true, "h6")]
    #[case::pawn("c5", None, None, None, false, "c5")]
    #[case::pawn_sideways("ed5", None, Some('e'), None, false, "d5")]
    #[case::pawn_capture("exd5", None, Some('e'), None, true, "d5")]
    #[case::pawn_straight_capture("exe5", None, Some('e'), None, true, "e5")]
    #[case::cannon_file_is_a_pawn("cxd6", None, Some('c'), None, true, "d6")]
    #[case::pawn_letter("Pe4", Some('P'), None, None, false, "e4")]
    fn winboard_tokens(
        #[case] text: &str,
        #[case] letter: Option<char>,
        #[case] from_file: Option<char>,
        #[case] from_rank: Option<u8>,
        #[case] capture: bool,
        #[case] to_iccs: &str,
    ) {
        // Ranks 0-9, the same as ICCS (research section 3, XBoard/WinBoard row, and section 5:
        // `Cbe2 ... Rb0`); lower-case a-i always a file.
        let m = parse_winboard(text).unwrap();
        assert_eq!(m.letter, letter);
        assert_eq!(m.from_file.map(File::char), from_file);
        assert_eq!(m.from_rank.map(Rank::index), from_rank);
        assert_eq!(m.capture, capture);
        assert_eq!(m.to.to_string(), to_iccs);
        assert_eq!(m.ranks, AlgebraicRanks::ZeroBased);
        assert_eq!(m.to_string(), text);
    }

    #[rstest]
    #[case::central_cannon("h2e2", "Che2")]
    #[case::left_cannon("b2e2", "Cbe2")]
    #[case::pawn("c3c4", "c4")]
    #[case::horse("h0g2", "Hg2")]
    #[case::elephant("g0e2", "Ege2")]
    #[case::advisor("f0e1", "Afe1")]
    #[case::chariot("a0a1", "Ra1")]
    #[case::cannon_takes_the_horse("h2h9", "Cxh9")]
    fn winboard_from_the_start(#[case] iccs: &str, #[case] san: &str) {
        // Research edge case 20 and section 5 (`Che3`, `Hg3`, `Ege3`, `Afe2`, `Cxh10` in
        // Fairy-Stockfish's ranks 1-10, one rank lower in WinBoard's).
        let pos = Position::new();
        let mv: Move = iccs.parse().unwrap();
        assert_eq!(Algebraic::WINBOARD.write_move(&pos, mv), san);
        let read = Algebraic::WINBOARD.read_move(&pos, san).unwrap();
        assert_eq!(read.mv, mv);
        assert!(read.warnings.is_empty(), "{:?}", read.warnings);
    }

    #[test]
    fn the_one_based_profile_still_writes_the_pawn_letter() {
        let pos = Position::new();
        let mv: Move = "c3c4".parse().unwrap();
        assert_eq!(Algebraic::ENGLISH.write_move(&pos, mv), "Pc5");
        assert_eq!(Algebraic::FINNISH.write_move(&pos, mv), "Sc5");
        assert_eq!(Algebraic::WINBOARD.write_move(&pos, mv), "c4");
    }
}
