//! The game record: everything a game file holds, so that a conversion loses nothing.
//!
//! A [`GameRecord<M>`] holds the tags in their order and spelling, the start position, the
//! comments before the first move, the moves (each with its original text, its place in the
//! file, its comments, annotation glyphs, clock time and variations), the result token and the
//! comments after it. The move type `M` is `()` for a record as read (nothing checked yet) and
//! the game's move type once every move has been resolved.

use std::fmt;
use std::str::FromStr;

use crate::Span;

/// The result of a game, from the first player's point of view (Red in xiangqi, Black/sente in
/// shogi). An unknown or unfinished result is `None` where a result is optional.
///
/// # Examples
///
/// ```
/// use notation_traits::GameResult;
///
/// let result: GameResult = "0-1".parse()?;
/// assert_eq!(result, GameResult::SecondPlayerWins);
/// assert_eq!(GameResult::Draw.to_string(), "1/2-1/2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`: Red (xiangqi) or Black/sente (shogi) won.
    FirstPlayerWins,
    /// `0-1`: Black (xiangqi) or White/gote (shogi) won.
    SecondPlayerWins,
    /// `1/2-1/2`.
    Draw,
}

impl GameResult {
    /// The PGN token: `1-0`, `0-1` or `1/2-1/2`.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::FirstPlayerWins => "1-0",
            GameResult::SecondPlayerWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// The result where the first player wins when `first_wins` holds, else the second.
    pub fn win_for(first_wins: bool) -> GameResult {
        if first_wins {
            GameResult::FirstPlayerWins
        } else {
            GameResult::SecondPlayerWins
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The text is not a result token.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a result (1-0, 0-1, 1/2-1/2), found `{0}`")]
pub struct ParseResultError(pub String);

impl FromStr for GameResult {
    type Err = ParseResultError;

    /// Reads `1-0`, `0-1`, `1/2-1/2` (also `½-½`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "1-0" => Ok(GameResult::FirstPlayerWins),
            "0-1" => Ok(GameResult::SecondPlayerWins),
            "1/2-1/2" | "½-½" => Ok(GameResult::Draw),
            _ => Err(ParseResultError(s.to_owned())),
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Termination {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move (a loss in xiangqi and shogi).
    Stalemate,
    /// A player resigned.
    Resignation,
    /// A repetition ruling (draw, or a loss for perpetual check or chase).
    Repetition,
    /// A player ran out of time.
    Time,
    /// The game was interrupted; no result.
    Interrupted,
    /// Shogi: an entering-king declaration.
    Declaration,
    /// A move-count rule (xiangqi 60 moves without capture, shogi maximum moves).
    MoveRule,
    /// A player made an illegal move.
    IllegalMove,
}

impl Termination {
    /// The JSON name: `checkmate`, `stalemate`, `resignation`, `repetition`, `time`,
    /// `interrupted`, `declaration`, `move-rule`, `illegal-move`.
    pub fn as_str(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::Resignation => "resignation",
            Termination::Repetition => "repetition",
            Termination::Time => "time",
            Termination::Interrupted => "interrupted",
            Termination::Declaration => "declaration",
            Termination::MoveRule => "move-rule",
            Termination::IllegalMove => "illegal-move",
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One tag pair `[Name "value"]`, with the name as written (its case kept).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    /// The tag name as written (`Red`, `ECCO`, `sente`).
    pub name: String,
    /// The value, with `\"` and `\\` unescaped.
    pub value: String,
    /// Where the tag pair stands in the file.
    pub span: Span,
}

/// A move number as written before a move: `12.` or `12...` / `12. ...` (the second player's
/// move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveNumber {
    /// The number as written.
    pub value: u32,
    /// Whether an ellipsis (`...`, `…`) followed: the next move is the second player's.
    pub ellipsis: bool,
    /// Where the number stands.
    pub span: Span,
}

/// One move of a record with everything written around it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveEntry<M> {
    /// The move; `()` before the record is checked.
    pub mv: M,
    /// The move exactly as the input wrote it (annotation glyphs split off into `nags`).
    pub text: String,
    /// Where the move stands in the file.
    pub span: Span,
    /// The move number written just before this move, if any.
    pub number: Option<MoveNumber>,
    /// Comments after this move, in order.
    pub comments: Vec<String>,
    /// Numeric annotation glyphs: `$n`, and `!` = 1, `?` = 2, `!!` = 3, `??` = 4, `!?` = 5,
    /// `?!` = 6 written after the move.
    pub nags: Vec<u16>,
    /// A clock time written after the move (`00:03 / 00:00:03`), as written.
    pub clock: Option<String>,
    /// Alternatives to this move: each line starts with a move played instead of this one.
    pub variations: Vec<Line<M>>,
}

impl<M> MoveEntry<M> {
    /// A move with its text and place, and nothing around it.
    pub fn new(mv: M, text: impl Into<String>, span: Span) -> Self {
        MoveEntry {
            mv,
            text: text.into(),
            span,
            number: None,
            comments: Vec::new(),
            nags: Vec::new(),
            clock: None,
            variations: Vec::new(),
        }
    }
}

/// A line of moves (a variation), with the comments written before its first move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line<M> {
    /// Comments before the first move of the line.
    pub comments: Vec<String>,
    /// The moves.
    pub moves: Vec<MoveEntry<M>>,
}

/// A whole game as a file holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord<M> {
    /// Tag pairs in file order.
    pub tags: Vec<Tag>,
    /// The main line: comments before the first move, then the moves.
    pub main: Line<M>,
    /// The result token as written in the movetext (`1-0`, `*`, a terminal word), if any.
    pub result_token: Option<String>,
    /// Where the result token stands.
    pub result_span: Option<Span>,
    /// Comments after the result token.
    pub trailing_comments: Vec<String>,
    /// Where the game starts in its file (its first tag or first movetext character).
    pub span: Span,
}

impl<M> Default for GameRecord<M> {
    fn default() -> Self {
        GameRecord {
            tags: Vec::new(),
            main: Line {
                comments: Vec::new(),
                moves: Vec::new(),
            },
            result_token: None,
            result_span: None,
            trailing_comments: Vec::new(),
            span: Span::default(),
        }
    }
}

impl<M> GameRecord<M> {
    /// The value of the first tag named `name`, compared without case.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|t| t.name.eq_ignore_ascii_case(name))
            .map(|t| t.value.as_str())
    }

    /// Sets the first tag named `name` (compared without case) to `value`, or appends it.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self
            .tags
            .iter_mut()
            .find(|t| t.name.eq_ignore_ascii_case(name))
        {
            Some(tag) => tag.value = value,
            None => self.tags.push(Tag {
                name: name.to_owned(),
                value,
                span: Span::default(),
            }),
        }
    }

    /// The result: the movetext token when it is a result, else the `Result` tag; `None` when
    /// neither gives one (`*`, no token, no tag).
    pub fn result(&self) -> Option<GameResult> {
        self.result_token
            .as_deref()
            .and_then(|t| t.parse().ok())
            .or_else(|| self.tag("Result").and_then(|t| t.parse().ok()))
    }
}
