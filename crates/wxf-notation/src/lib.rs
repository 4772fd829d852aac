#![doc = include_str!("../README.md")]

mod chinese;
mod parse;
mod resolve;
mod syntax;
mod tandem;
mod write;

use notation_traits::{MoveError, MoveNotation, Resolved, SyntaxError};

pub use chinese::{Chinese, ChineseMarker, ChineseMove, ChinesePiece, ChineseStyle};
pub use syntax::{Direction, Marker, PieceSpec, WxfMove};
/// The board types a program reading WXF needs, so that one dependency serves it.
pub use xiangqi_board::{Color, Language, Move, Position};

/// The sign a traverse (sideways move) is written with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sideways {
    /// `.`, as the WXF page writes it (`C2.5`); the English default.
    Dot,
    /// `=`, as the seed, Fairy-Stockfish and many books write it (`T2=5`); the Finnish and German
    /// default.
    Equals,
    /// No sign (`C25`).
    Omitted,
}

impl Sideways {
    /// The sign's character, `None` for [`Sideways::Omitted`].
    pub fn sign(self) -> Option<char> {
        match self {
            Sideways::Dot => Some('.'),
            Sideways::Equals => Some('='),
            Sideways::Omitted => None,
        }
    }

    /// The default for a language: `.` for English, `=` for Finnish and German.
    pub fn default_for(language: Language) -> Sideways {
        match language {
            Language::English => Sideways::Dot,
            Language::Finnish | Language::German => Sideways::Equals,
        }
    }
}

/// How the reader takes the pawn forms that the WXF page and the 2018 World Xiangqi Rules
/// spell differently.
///
/// Only one spelling means different moves in the two: two equal digits (`33.4`) is the middle
/// pawn of file 3 by the WXF page and the third pawn from the front by the 2018 rules. The
/// selected dialect decides, and the reader warns (`dialect-collision`) when the other reading
/// is a different legal move, unless the record declares its dialect
/// ([`Wxf::with_declared_dialect`]). Every other form is read in the dialect it belongs to, with a
/// warning when that is not the selected one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Dialect {
    /// The WXF page: `P+`, `P5`, `P-`, `++`, `--`, `7+`, `77`, `7-`.
    #[default]
    Wxf,
    /// The 2018 World Xiangqi Rules as Fairy-Stockfish writes them: `15`, `25`, `17`.
    Wxr2018,
    /// xqbase / ElephantEye: `P+`, `P.`, `P-`, `Pa`..`Pe`.
    Xqbase,
}

/// How the writer spells tandem pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum WxfStyle {
    /// The WXF page's rules (the fixtures' `wxf_std` column).
    #[default]
    Wxf,
    /// The 2018 World Xiangqi Rules as Fairy-Stockfish writes them (the fixtures' `wxf`
    /// column): ordinal pawn forms, and the file digit for a doubled piece whose partner could
    /// not make the same displacement. Move for move so with [`Dialect::Wxr2018`]; with another
    /// reader dialect, a spelling that dialect would read as another move (`11` for the front
    /// one of three pawns) is written in the WXF page's form, so that it reads back.
    Wxr2018,
}

/// The descriptive notation with a letter set and a sideways sign: a
/// [`MoveNotation`] for [`xiangqi_board::Position`].
///
/// The reader accepts every spelling listed in the crate docs; the writer writes the WXF page's
/// canonical form in the chosen letters and sign.
///
/// ```
/// use notation_traits::MoveNotation;
/// use wxf_notation::Wxf;
/// use xiangqi_board::{Language, Position};
///
/// let wxf = Wxf::new(Language::Finnish);
/// let pos = Position::new();
/// let mv = wxf.read_move(&pos, "T2=5")?.mv;
/// assert_eq!(mv.to_string(), "h2e2");
/// assert_eq!(Wxf::new(Language::English).write_move(&pos, mv), "C2.5");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Wxf {
    language: Language,
    sideways: Sideways,
    dialect: Dialect,
    /// The record declares the dialect: no `dialect-collision` warnings.
    declared: bool,
    /// Errors leave out their near spellings ([`MoveNotation::resolve_quickly`]).
    quick: bool,
    style: WxfStyle,
}

impl Default for Wxf {
    fn default() -> Self {
        Wxf::new(Language::English)
    }
}

impl Wxf {
    /// The notation in `language`'s letters with that language's default sideways sign.
    pub fn new(language: Language) -> Wxf {
        Wxf {
            language,
            sideways: Sideways::default_for(language),
            dialect: Dialect::Wxf,
            declared: false,
            quick: false,
            style: WxfStyle::Wxf,
        }
    }

    /// The same notation reading tandem pawns in `dialect`.
    #[must_use]
    pub fn with_dialect(mut self, dialect: Dialect) -> Wxf {
        self.dialect = dialect;
        self.declared = false;
        self
    }

    /// The same notation reading tandem pawns in `dialect`, which the record declares (a
    /// `[Dialect]` tag, a user's choice): a spelling that another dialect reads as another
    /// move (`33.4`) is read in `dialect` without the `dialect-collision` warning, since
    /// nothing is left to guess.
    ///
    /// ```
    /// use notation_traits::MoveNotation;
    /// use wxf_notation::{Dialect, Wxf};
    /// use xiangqi_board::{Language, Position};
    ///
    /// // Pawns g8, g7, g6 on file 3 and c7, c6 on file 7.
    /// let pos = Position::from_fen("3k5/6P2/2P3P2/2P3P2/9/9/9/9/9/4K4 w - - 0 1")?;
    /// let guessed = Wxf::new(Language::English).with_dialect(Dialect::Wxf).read_move(&pos, "33.4")?;
    /// assert_eq!(guessed.mv.to_string(), "g7f7");
    /// assert_eq!(guessed.warnings[0].code, "dialect-collision");
    /// let declared = Wxf::new(Language::English).with_declared_dialect(Dialect::Wxf).read_move(&pos, "33.4")?;
    /// assert_eq!(declared.mv.to_string(), "g7f7");
    /// assert!(declared.warnings.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_declared_dialect(mut self, dialect: Dialect) -> Wxf {
        self.dialect = dialect;
        self.declared = true;
        self
    }

    /// The same notation writing tandem pieces in `style`.
    #[must_use]
    pub fn with_style(mut self, style: WxfStyle) -> Wxf {
        self.style = style;
        self
    }

    /// The same notation with another sideways sign (for writing, and the sign the reader takes
    /// without a warning).
    #[must_use]
    pub fn with_sideways(mut self, sideways: Sideways) -> Wxf {
        self.sideways = sideways;
        self
    }

    /// The same notation fitted to a game's own conventions, seen in its move texts: the
    /// sideways sign most of its sideways moves are written with, and, when `dialect` is true,
    /// the tandem-pawn dialect whose own forms the game uses and no other's (the 2018 rules'
    /// ordinals `15=6`: [`Dialect::Wxr2018`]; xqbase's `P.`, `Pa`..`Pe`: [`Dialect::Xqbase`]).
    /// Read with it, a game warns only where it departs from itself: a file written with `=`
    /// and English letters, as Fairy-Stockfish writes, gives no `sideways-sign` warnings.
    ///
    /// ```
    /// use notation_traits::MoveNotation;
    /// use wxf_notation::{Sideways, Wxf};
    /// use xiangqi_board::{Language, Position};
    ///
    /// let game = ["C2=5", "H8+7", "H2+3", "R9=8"];
    /// let wxf = Wxf::new(Language::English).fitted_to(game, true);
    /// assert_eq!(wxf.sideways(), Sideways::Equals);
    /// assert!(wxf.read_move(&Position::new(), "C2=5")?.warnings.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn fitted_to<'a>(mut self, texts: impl IntoIterator<Item = &'a str>, dialect: bool) -> Wxf {
        // Sideways moves by sign: `.`, `=`, none; pawn forms by dialect: 2018, xqbase.
        let mut signs = [0usize; 3];
        let (mut wxr2018, mut xqbase) = (0usize, 0usize);
        for text in texts {
            let Ok(mv) = parse::parse_quietly(text, self.language) else {
                continue;
            };
            if mv.direction == Direction::Traverse {
                signs[match mv.spelling.sideways {
                    Some('.') => 0,
                    Some(_) => 1,
                    None => 2,
                }] += 1;
            }
            match mv.piece {
                PieceSpec::PawnOrdinal { .. } => wxr2018 += 1,
                PieceSpec::PawnAcross { .. }
                | PieceSpec::Tandem {
                    marker: Marker::Middle,
                    ..
                } => xqbase += 1,
                _ => {}
            }
        }
        let most = signs.iter().copied().max().unwrap_or(0);
        let current = match self.sideways {
            Sideways::Dot => 0,
            Sideways::Equals => 1,
            Sideways::Omitted => 2,
        };
        if most > 0 && signs[current] < most {
            self.sideways = match signs.iter().position(|&n| n == most) {
                Some(0) => Sideways::Dot,
                Some(1) => Sideways::Equals,
                _ => Sideways::Omitted,
            };
        }
        if dialect {
            match (wxr2018 > 0, xqbase > 0) {
                (true, false) => self.dialect = Dialect::Wxr2018,
                (false, true) => self.dialect = Dialect::Xqbase,
                _ => {}
            }
        }
        self
    }

    /// The tandem-pawn dialect the reader takes.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// The letter set.
    pub fn language(&self) -> Language {
        self.language
    }

    /// The sideways sign.
    pub fn sideways(&self) -> Sideways {
        self.sideways
    }

    fn sideways_sign(&self) -> Option<char> {
        self.sideways.sign()
    }

    fn language_name(&self) -> &'static str {
        match self.language {
            Language::English => "English",
            Language::Finnish => "Finnish",
            Language::German => "German",
        }
    }

    /// Reads the syntax of one move.
    ///
    /// # Errors
    ///
    /// [`SyntaxError`] naming the symbol at fault and what the grammar allows there.
    pub fn parse_move(&self, text: &str) -> Result<WxfMove, SyntaxError> {
        parse::parse(text, self.language)
    }

    fn write(&self, pos: &Position, mv: Move) -> String {
        self.spell(pos, mv).to_string()
    }

    /// The move in the writer's style; when that style's spelling would read as another move
    /// in the reader's dialect (the 2018 rules' `11` is the middle pawn by the WXF page and
    /// xqbase), the WXF page's spelling, so that what is written always reads back.
    fn spell(&self, pos: &Position, mv: Move) -> WxfMove {
        let styled = write::describe(pos, mv, self.language, self.sideways_sign(), self.style);
        if self.style == WxfStyle::Wxf || self.dialect == Dialect::Wxr2018 {
            return styled;
        }
        // Read back by the same reader in the WXF page's style: its errors write candidates in
        // that style, so this does not come back here.
        let reader = self.with_style(WxfStyle::Wxf);
        if reader
            .parse_move(&styled.to_string())
            .is_ok_and(|text| reader.resolve_move(pos, &text).is_ok_and(|r| r.mv == mv))
        {
            return styled;
        }
        write::describe(pos, mv, self.language, self.sideways_sign(), WxfStyle::Wxf)
    }
}

impl MoveNotation<Position> for Wxf {
    type Syntax = WxfMove;

    fn parse(&self, text: &str) -> Result<WxfMove, SyntaxError> {
        self.parse_move(text)
    }

    fn parse_quickly(&self, text: &str) -> Result<WxfMove, SyntaxError> {
        parse::parse_quietly(text, self.language)
    }

    fn resolve(&self, pos: &Position, syntax: &WxfMove) -> Result<Resolved<Move>, MoveError> {
        self.resolve_move(pos, syntax)
    }

    fn resolve_quickly(
        &self,
        pos: &Position,
        syntax: &WxfMove,
    ) -> Result<Resolved<Move>, MoveError> {
        Wxf {
            quick: true,
            ..*self
        }
        .resolve_move(pos, syntax)
    }

    fn describe(&self, pos: &Position, mv: Move) -> WxfMove {
        self.spell(pos, mv)
    }
}
