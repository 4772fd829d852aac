//! Errors in three layers, as shakmaty has them: a [`SyntaxError`] (the text is not a move of
//! the notation; no position needed), a [`MoveError`] (the move is well formed but names no legal
//! move of the position, or several), and a [`PlayError`] (a move handed to
//! [`Position::play`](crate::Position::play) is illegal). [`Warning`]s name the normalisations a
//! lenient reader made.
//!
//! Messages are lowercase, without a final period, with the user's text in backticks, and say
//! what was expected.

use std::fmt;

use crate::Span;

/// A rule of the game that a move breaks.
///
/// Each rule has a stable kebab-case [`code`](Rule::code) used in diagnostics and JSON, and a
/// short description of the rule ([`Display`](fmt::Display)).
///
/// Rule: xiangqi — WXF rules, chapter 1 (piece movement); shogi — the rules as given in the
/// Japan Shogi Association's rules and the English "Shogi" article (nifu, uchifuzume, dead pieces).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Rule {
    /// The piece does not move that way at all (a horse moving straight, a pawn moving back).
    Movement,
    /// The destination holds a piece of the mover's own side.
    OwnPiece,
    /// A chariot, cannon, lance, rook or bishop would pass over a piece.
    PathBlocked,
    /// A cannon captures only by jumping over exactly one piece (the screen), and moves without
    /// capturing only over empty points.
    CannonScreen,
    /// Xiangqi: the horse's leg (the point next to it in the direction of its longer step) is
    /// occupied (蹩马腿).
    HorseLeg,
    /// Xiangqi: the elephant's eye (the point between start and end) is occupied (塞象眼).
    ElephantEye,
    /// Xiangqi: the king and the advisors stay inside their palace.
    Palace,
    /// Xiangqi: the elephants do not cross the river.
    River,
    /// Xiangqi: a pawn moves sideways only after crossing the river.
    PawnBeforeRiver,
    /// Xiangqi: the two kings may not face each other on an open file.
    FlyingGeneral,
    /// The move leaves the mover's own king in check (or does not answer a check).
    KingLeftInCheck,
    /// Shogi: a second unpromoted pawn of one side on a file (二歩).
    Nifu,
    /// Shogi: a pawn dropped to give checkmate (打ち歩詰め).
    Uchifuzume,
    /// Shogi: a piece dropped or moved, unpromoted, where it could never move again.
    DeadPiece,
    /// Shogi: the piece must promote on this move (it could not move again otherwise).
    ForcedPromotion,
    /// Shogi: promotion is possible only on a move into, out of or inside the promotion zone, and
    /// only for a piece that has a promoted form.
    PromotionNotAllowed,
    /// Shogi: a drop needs a piece of that kind in the mover's hand.
    NotInHand,
    /// Shogi: a piece is dropped only on an empty square.
    DropOnOccupied,
    /// It is the other side's turn.
    WrongSide,
}

impl Rule {
    /// The stable code of the rule, used as the diagnostic code (`flying-general`, `nifu`).
    pub fn code(self) -> &'static str {
        match self {
            Rule::Movement => "piece-movement",
            Rule::OwnPiece => "own-piece",
            Rule::PathBlocked => "path-blocked",
            Rule::CannonScreen => "cannon-screen",
            Rule::HorseLeg => "horse-leg",
            Rule::ElephantEye => "elephant-eye",
            Rule::Palace => "palace",
            Rule::River => "river",
            Rule::PawnBeforeRiver => "pawn-before-river",
            Rule::FlyingGeneral => "flying-general",
            Rule::KingLeftInCheck => "king-left-in-check",
            Rule::Nifu => "nifu",
            Rule::Uchifuzume => "uchifuzume",
            Rule::DeadPiece => "dead-piece",
            Rule::ForcedPromotion => "forced-promotion",
            Rule::PromotionNotAllowed => "promotion-not-allowed",
            Rule::NotInHand => "not-in-hand",
            Rule::DropOnOccupied => "drop-on-occupied",
            Rule::WrongSide => "wrong-side",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Rule::Movement => "the piece does not move that way",
            Rule::OwnPiece => "the destination holds one of the mover's own pieces",
            Rule::PathBlocked => "a piece stands in the way",
            Rule::CannonScreen => {
                "a cannon captures by jumping exactly one piece and moves only over empty points"
            }
            Rule::HorseLeg => "the horse's leg is blocked",
            Rule::ElephantEye => "the elephant's eye is blocked",
            Rule::Palace => "the king and advisors stay in the palace",
            Rule::River => "elephants do not cross the river",
            Rule::PawnBeforeRiver => "a pawn moves sideways only after crossing the river",
            Rule::FlyingGeneral => {
                "the kings would face each other on an open file (flying general)"
            }
            Rule::KingLeftInCheck => "the move leaves the mover's king in check",
            Rule::Nifu => "two unpromoted pawns of one side on a file (nifu)",
            Rule::Uchifuzume => "a pawn drop may not give checkmate (uchifuzume)",
            Rule::DeadPiece => "the piece could never move again from there",
            Rule::ForcedPromotion => "the piece must promote there",
            Rule::PromotionNotAllowed => "this move cannot promote",
            Rule::NotInHand => "no such piece in hand",
            Rule::DropOnOccupied => "drops go to empty squares only",
            Rule::WrongSide => "it is the other side's turn",
        })
    }
}

/// The text is not a well-formed move of the notation. No position was needed to find this.
///
/// The span is relative to the text handed to the parser (line 1 is its first line); a game
/// reader moves it onto the file with [`Span::relative_to`].
///
/// # Examples
///
/// ```
/// use notation_traits::{Span, SyntaxError};
///
/// let err = SyntaxError::new(Span::locate("X2.5", 0, 1), "a piece letter (K, A, E, H, R, C, P)", "X");
/// assert_eq!(err.to_string(), "expected a piece letter (K, A, E, H, R, C, P), found `X`");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected {expected}, found {}", found_text(.found))]
pub struct SyntaxError {
    /// Where in the text the problem is.
    pub span: Span,
    /// What the notation allows at that place, as words ("a file digit 1-9").
    pub expected: String,
    /// The text found there; empty at the end of the text.
    pub found: String,
}

fn found_text(found: &str) -> String {
    if found.is_empty() {
        "the end of the move".to_owned()
    } else {
        format!("`{found}`")
    }
}

impl SyntaxError {
    /// A syntax error at `span`.
    pub fn new(span: Span, expected: impl Into<String>, found: impl Into<String>) -> Self {
        SyntaxError {
            span,
            expected: expected.into(),
            found: found.into(),
        }
    }
}

/// A well-formed move that names no legal move of the position, or more than one.
///
/// Candidates are always written in the notation the move was read in, so the user can copy one.
///
/// # Examples
///
/// ```
/// use notation_traits::MoveError;
///
/// let err = MoveError::Ambiguous {
///     description: "two red horses can reach g3".into(),
///     candidates: vec!["Hhg3".into(), "Hbg3".into()],
/// };
/// assert_eq!(err.to_string(), "ambiguous move: two red horses can reach g3: write Hhg3 or Hbg3");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    /// No piece of the side to move matches the move (`no red horse on file 3`).
    ///
    /// `candidates` lists legal moves written nearly the same way, if any.
    #[error("{description}{}", candidates_help(.candidates))]
    NoPiece {
        /// What was looked for and not found.
        description: String,
        /// Legal moves with a near spelling.
        candidates: Vec<String>,
    },
    /// The move is well formed and a piece matches, but the rules forbid it.
    #[error("illegal move: {description}: {rule}{}", candidates_help(.candidates))]
    Illegal {
        /// The rule the move breaks.
        rule: Rule,
        /// The move in words (`the horse on h0 to g2`).
        description: String,
        /// Legal moves with a near spelling.
        candidates: Vec<String>,
    },
    /// More than one legal move fits the text.
    #[error("ambiguous move: {description}{}", candidates_help(.candidates))]
    Ambiguous {
        /// Which pieces can make the move (`two red horses can reach g3`).
        description: String,
        /// Every fitting legal move, written unambiguously.
        candidates: Vec<String>,
    },
    /// The move reads, but in a form the selected profile does not allow.
    #[error("{description}{}", candidates_help(.candidates))]
    NotAllowed {
        /// Why the form is refused.
        description: String,
        /// The accepted spelling(s) of the same move.
        candidates: Vec<String>,
    },
}

fn candidates_help(candidates: &[String]) -> String {
    match candidates {
        [] => String::new(),
        [one] => format!(": write {one}"),
        [init @ .., last] => format!(": write {} or {last}", init.join(", ")),
    }
}

impl MoveError {
    /// The stable diagnostic code: `no-such-piece`, the rule's code for an illegal move,
    /// `ambiguous-move` or `form-not-allowed`.
    pub fn code(&self) -> &'static str {
        match self {
            MoveError::NoPiece { .. } => "no-such-piece",
            MoveError::Illegal { rule, .. } => rule.code(),
            MoveError::Ambiguous { .. } => "ambiguous-move",
            MoveError::NotAllowed { .. } => "form-not-allowed",
        }
    }

    /// The moves the error suggests, written in the move's notation.
    pub fn candidates(&self) -> &[String] {
        match self {
            MoveError::NoPiece { candidates, .. }
            | MoveError::Illegal { candidates, .. }
            | MoveError::Ambiguous { candidates, .. }
            | MoveError::NotAllowed { candidates, .. } => candidates,
        }
    }

    /// The error without its candidate list, for a message that lists them separately.
    pub fn message_without_candidates(&self) -> String {
        match self {
            MoveError::NoPiece { description, .. } | MoveError::NotAllowed { description, .. } => {
                description.clone()
            }
            MoveError::Illegal {
                rule, description, ..
            } => format!("illegal move: {description}: {rule}"),
            MoveError::Ambiguous { description, .. } => format!("ambiguous move: {description}"),
        }
    }
}

/// Either layer of error from reading one move in a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NotationError {
    /// The text is not a move of the notation.
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
    /// The move fits no legal move, or several.
    #[error(transparent)]
    Move(#[from] MoveError),
}

impl NotationError {
    /// The stable diagnostic code (`syntax` for a syntax error).
    pub fn code(&self) -> &'static str {
        match self {
            NotationError::Syntax(_) => "syntax",
            NotationError::Move(e) => e.code(),
        }
    }
}

/// A normalisation a lenient reader made, or a form it accepted that a strict reader would not.
///
/// # Examples
///
/// ```
/// use notation_traits::Warning;
///
/// let w = Warning::new("lowercase-letter", "piece letter `h` read as `H`");
/// assert_eq!(w.to_string(), "piece letter `h` read as `H`");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Warning {
    /// Stable kebab-case code (`lowercase-letter`, `sideways-sign`, `tandem-file-digit`).
    pub code: &'static str,
    /// What was read and how.
    pub message: String,
}

impl Warning {
    /// A warning with a code and a message.
    pub fn new(code: &'static str, message: impl Into<String>) -> Self {
        Warning {
            code,
            message: message.into(),
        }
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// A move handed to [`Position::play`](crate::Position::play) is not legal; the position comes
/// back unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {mv:?}")]
pub struct PlayError<P: crate::Position> {
    /// The refused move.
    pub mv: P::Move,
    /// The position, unchanged.
    pub position: P,
}

/// The edit distance between two sequences: insertions, deletions, substitutions and swaps of
/// two neighbours each count 1 (optimal string alignment).
///
/// Used to find the legal moves a faulty move was probably meant to be.
///
/// ```
/// use notation_traits::edit_distance;
///
/// let d = |a: &str, b: &str| edit_distance(&a.chars().collect::<Vec<_>>(), &b.chars().collect::<Vec<_>>());
/// assert_eq!(d("N6+5", "A6+5"), 1);
/// assert_eq!(d("C2+5", "C+25"), 1);
/// assert_eq!(d("H2+3", "H8+7"), 2);
/// ```
pub fn edit_distance<T: PartialEq>(a: &[T], b: &[T]) -> usize {
    let (n, m) = (a.len(), b.len());
    let mut d = vec![vec![0usize; m + 1]; n + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=n {
        for j in 1..=m {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[n][m]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn illegal_message_names_the_rule_and_candidates() {
        let err = MoveError::Illegal {
            rule: Rule::FlyingGeneral,
            description: "the advisor on e1 to d2".into(),
            candidates: vec![],
        };
        assert_eq!(
            err.to_string(),
            "illegal move: the advisor on e1 to d2: the kings would face each other on an open file (flying general)"
        );
        assert_eq!(err.code(), "flying-general");
    }

    #[test]
    fn three_candidates_are_joined_with_or() {
        let err = MoveError::Ambiguous {
            description: "three pawns can move".into(),
            candidates: vec!["a".into(), "b".into(), "c".into()],
        };
        assert!(err.to_string().ends_with("write a, b or c"));
    }
}
