//! JKF moves: the `move` object of a JKF entry, `{"color":0,"from":{"x":7,"y":7},"to":{"x":7,
//! "y":6},"piece":"FU"}`, as a notation whose text is that object written compactly (every
//! member kept, in its order).
//!
//! Reading takes a normalized object (`from` given; what Kifu for JS's normalizer and JKF
//! converters write) and the minimal ones of the KIF, KI2 and CSA parsers: no `from` (the
//! piece found from `to`, `piece` and `relative`, or a drop), `same: true` in place of `to`,
//! and `piece` written after the move as CSA does (`UM` for a bishop that promotes). The
//! members that repeat what the position says (`color`, `same`, `capture`, `relative`) are
//! checked: a wrong `color` is an error, the others warnings (`field-mismatch`).
//!
//! Writing gives the normalized object as json-kifu-format's converters write it: `color`,
//! `from` (not for a drop), `to`, `piece` (before the move), `same: true` for a move to the
//! square of the move before, `promote` (`true` or `false`) where the move could promote,
//! `capture` with the kind taken, and `relative` where two pieces of the kind could reach the
//! square (`H` for a drop a board piece could match).
//!
//! Rule: json-kifu-format.schema.json (`move`: color, from, to, piece, same, promote, capture,
//! relative) and its README (the meaning of each member).

use std::fmt;

use notation_traits::{MoveError, MoveNotation, Resolved, Rule, Span, SyntaxError, Warning};
use shogi_board::{Color, Move, PieceKind, Position, Relative, Square};

use crate::json::{self, Node, Out, Value};
use crate::piece::{CODE_LIST, code, color_number, color_of, kind};

/// A JKF `move` object as written, not yet checked against a position.
///
/// ```
/// use jkf::JkfMove;
/// use shogi_board::{Color, PieceKind};
///
/// let m: JkfMove = r#"{"color":0,"from":{"x":8,"y":8},"to":{"x":2,"y":2},"piece":"KA","promote":true,"capture":"KA"}"#.parse()?;
/// assert_eq!(m.color, Some(Color::Black));
/// assert_eq!(m.piece, PieceKind::Bishop);
/// assert_eq!(m.promote, Some(true));
/// assert_eq!(m.capture, Some(PieceKind::Bishop));
/// assert_eq!(m.to_string(), r#"{"color":0,"from":{"x":8,"y":8},"to":{"x":2,"y":2},"piece":"KA","promote":true,"capture":"KA"}"#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct JkfMove {
    /// `color`: 0 Black (sente), 1 White (gote).
    pub color: Option<Color>,
    /// `from`; `None` for a drop or a move that leaves it to `relative`.
    pub from: Option<Square>,
    /// `to`; `None` where `same` stands for it.
    pub to: Option<Square>,
    /// `piece`: the kind before the move (a CSA parser's object may give it after).
    pub piece: PieceKind,
    /// `same`: the move goes to the square of the move before it (同).
    pub same: Option<bool>,
    /// `promote`: `true` promotes, `false` declines, absent where neither applies.
    pub promote: Option<bool>,
    /// `capture`: the kind taken.
    pub capture: Option<PieceKind>,
    /// `relative`: `L C R U M D`, two of them (`LU`) or `H`.
    pub relative: Option<String>,
    /// Members JKF does not define, by name.
    pub unknown: Vec<String>,
    /// The object as written.
    object: Out,
}

impl JkfMove {
    /// The object as it is to be written.
    pub(crate) fn object(&self) -> &Out {
        &self.object
    }
}

impl fmt::Display for JkfMove {
    /// The object, compactly.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.object.compact(&mut out);
        f.write_str(&out)
    }
}

impl std::str::FromStr for JkfMove {
    type Err = SyntaxError;

    /// Reads a move object as [`JkfNotation::parse`] does.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_move(s)
    }
}

/// The error for the member `name` of the move object `text`.
fn member_error(text: &str, name: &str, expected: &str, found: &Node) -> SyntaxError {
    SyntaxError::new(
        Span::locate(text, 0, text.len()),
        format!("`{name}`: {expected}"),
        found.compact(),
    )
}

/// A JKF place `{"x": 7, "y": 6}` (files and ranks 1-9).
fn place(node: &Node) -> Option<Square> {
    let n = |k: &str| node.get(k)?.as_int().filter(|v| (1..=9).contains(v));
    if node.members().len() != 2 {
        return None;
    }
    Square::from_numbers(n("x")? as u8, n("y")? as u8)
}

/// The JKF place of a square.
pub(crate) fn place_out(sq: Square) -> Out {
    Out::Obj(vec![
        ("x".to_owned(), Out::Int(i64::from(sq.file().number()))),
        ("y".to_owned(), Out::Int(i64::from(sq.rank().number()))),
    ])
}

fn parse_move(text: &str) -> Result<JkfMove, SyntaxError> {
    let node = json::parse(text).map_err(|e| {
        SyntaxError::new(
            Span::locate(text, e.span.start.offset, e.span.end.offset),
            format!(
                "a JKF move object: {}",
                e.message.trim_start_matches("expected ")
            ),
            "",
        )
    })?;
    move_of(text, &node)
}

/// The move of the object `node`, whose text is `text`.
pub(crate) fn move_of(text: &str, node: &Node) -> Result<JkfMove, SyntaxError> {
    if !matches!(node.value, Value::Object(_)) {
        return Err(SyntaxError::new(
            Span::locate(text, 0, text.len()),
            "a JKF move object (`{\"color\":0,\"from\":...,\"to\":...,\"piece\":\"FU\"}`)",
            node.compact(),
        ));
    }
    let mut m = JkfMove {
        color: None,
        from: None,
        to: None,
        piece: PieceKind::Pawn,
        same: None,
        promote: None,
        capture: None,
        relative: None,
        unknown: Vec::new(),
        object: Out::of(node),
    };
    let mut piece = None;
    for (name, _, value) in node.members() {
        if value.is_null() && name != "piece" {
            continue;
        }
        let boolean = || match value.value {
            Value::Bool(b) => Ok(b),
            _ => Err(member_error(text, name, "true or false", value)),
        };
        match name.as_str() {
            "color" => {
                m.color = Some(
                    value
                        .as_int()
                        .and_then(color_of)
                        .ok_or_else(|| member_error(text, name, "0 (sente) or 1 (gote)", value))?,
                );
            }
            "from" => {
                m.from = Some(place(value).ok_or_else(|| {
                    member_error(
                        text,
                        name,
                        "a square `{\"x\":7,\"y\":7}` (x and y 1-9)",
                        value,
                    )
                })?);
            }
            "to" => {
                m.to = Some(place(value).ok_or_else(|| {
                    member_error(
                        text,
                        name,
                        "a square `{\"x\":7,\"y\":6}` (x and y 1-9)",
                        value,
                    )
                })?);
            }
            "piece" => {
                piece = Some(value.as_str().and_then(kind).ok_or_else(|| {
                    member_error(text, name, &format!("a piece code ({CODE_LIST})"), value)
                })?);
            }
            "same" => m.same = Some(boolean()?),
            "promote" => m.promote = Some(boolean()?),
            "capture" => {
                m.capture = Some(
                    value
                        .as_str()
                        .and_then(kind)
                        .filter(|&k| k != PieceKind::King)
                        .ok_or_else(|| {
                            member_error(text, name, "the code of a piece that can be taken (FU KY KE GI KI KA HI TO NY NK NG UM RY)", value)
                        })?,
                );
            }
            "relative" => {
                let r = value.as_str().filter(|r| is_relative(r)).ok_or_else(|| {
                    member_error(
                        text,
                        name,
                        "L, C, R, U, M, D, two of them (LU, RD, LM, CU, ...) or H",
                        value,
                    )
                })?;
                m.relative = Some(r.to_owned());
            }
            other => m.unknown.push(other.to_owned()),
        }
    }
    let Some(piece) = piece else {
        return Err(SyntaxError::new(
            Span::locate(text, text.len().saturating_sub(1), text.len()),
            format!("a member `piece` with a piece code ({CODE_LIST})"),
            "",
        ));
    };
    m.piece = piece;
    if m.to.is_none() && m.same != Some(true) {
        return Err(SyntaxError::new(
            Span::locate(text, text.len().saturating_sub(1), text.len()),
            "a member `to` (or `same: true`)",
            "",
        ));
    }
    Ok(m)
}

/// The JKF move notation over [`shogi_board::Position`]; its texts are move objects.
///
/// ```
/// use jkf::JkfNotation;
/// use notation_traits::MoveNotation;
/// use shogi_board::Position;
///
/// let pos = Position::new();
/// let text = r#"{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}"#;
/// let mv = JkfNotation.read_move(&pos, text)?.mv;
/// assert_eq!(mv.to_string(), "7g7f");
/// assert_eq!(JkfNotation.write_move(&pos, mv), text);
/// // Without `from`: the only pawn that reaches 76.
/// let mv = JkfNotation.read_move(&pos, r#"{"to":{"x":7,"y":6},"piece":"FU"}"#)?.mv;
/// assert_eq!(mv.to_string(), "7g7f");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct JkfNotation;

impl MoveNotation<Position> for JkfNotation {
    type Syntax = JkfMove;

    /// Reads a move object: `piece` and `to` (or `same: true`) are needed; each member has
    /// the form the JKF schema gives it.
    ///
    /// # Errors
    ///
    /// [`SyntaxError`] naming the member at fault (its span is the whole text).
    fn parse(&self, text: &str) -> Result<JkfMove, SyntaxError> {
        parse_move(text)
    }

    fn resolve(&self, pos: &Position, syntax: &JkfMove) -> Result<Resolved<Move>, MoveError> {
        self.resolve_after(pos, None, syntax)
    }

    /// The legal move the object names after the move `previous` (for `same`).
    ///
    /// # Errors
    ///
    /// [`MoveError::Illegal`] with [`Rule::WrongSide`] for a `color` that is not the side to
    /// move, or with the rule the move breaks; [`MoveError::NoPiece`] when `from` holds no
    /// such piece or no piece of the kind can make the move; [`MoveError::Ambiguous`] when
    /// `from` is missing and `relative` leaves several pieces.
    fn resolve_after(
        &self,
        pos: &Position,
        previous: Option<Move>,
        m: &JkfMove,
    ) -> Result<Resolved<Move>, MoveError> {
        resolve(pos, previous, m)
    }

    /// As [`resolve_after`](Self::resolve_after): JKF's errors are as quick to build.
    fn resolve_quickly_after(
        &self,
        pos: &Position,
        previous: Option<Move>,
        m: &JkfMove,
    ) -> Result<Resolved<Move>, MoveError> {
        self.resolve_after(pos, previous, m)
    }

    fn describe(&self, pos: &Position, mv: Move) -> JkfMove {
        describe(pos, None, mv)
    }

    fn describe_after(&self, pos: &Position, previous: Option<Move>, mv: Move) -> JkfMove {
        describe(pos, previous, mv)
    }
}

/// Whether a text is a `relative` the JKF schema allows: `L C R`, `U M D`, `L`/`C`/`R` then
/// `U`/`D`, `L`/`R` then `M`, or `H`.
fn is_relative(text: &str) -> bool {
    matches!(
        text,
        "L" | "C"
            | "R"
            | "U"
            | "M"
            | "D"
            | "LU"
            | "CU"
            | "RU"
            | "LD"
            | "CD"
            | "RD"
            | "LM"
            | "RM"
            | "H"
    )
}

/// A square for messages: `76`.
fn digits(sq: Square) -> String {
    format!("{}{}", sq.file().number(), sq.rank().number())
}

fn resolve(
    pos: &Position,
    previous: Option<Move>,
    m: &JkfMove,
) -> Result<Resolved<Move>, MoveError> {
    let side = pos.side_to_move();
    let mut warnings = Vec::new();
    if let Some(color) = m.color
        && color != side
    {
        return Err(MoveError::Illegal {
            rule: Rule::WrongSide,
            description: format!(
                "`color` {} is {color} ({}), but {side} ({}) is to move",
                color_number(color),
                color.romaji(),
                side.romaji()
            ),
            candidates: Vec::new(),
        });
    }
    for name in &m.unknown {
        warnings.push(Warning::new(
            "jkf-field",
            format!("the member `{name}` is not one of a JKF move's (color from to piece same promote capture relative): ignored"),
        ));
    }
    let previous_to = previous.map(Move::to);
    let to = match (m.to, m.same, previous_to) {
        (Some(to), Some(true), Some(p)) if p != to => {
            warnings.push(Warning::new(
                "field-mismatch",
                format!(
                    "`same` is true, but the move before went to {}, not {}: `to` is read",
                    digits(p),
                    digits(to)
                ),
            ));
            to
        }
        (Some(to), _, _) => to,
        (None, _, Some(p)) => p,
        (None, _, None) => {
            return Err(MoveError::NoPiece {
                description: "`same` is true, but there is no move before this one: `to` is needed"
                    .to_owned(),
                candidates: Vec::new(),
            });
        }
    };
    if m.to.is_some() && m.same == Some(true) && previous_to.is_none() {
        warnings.push(Warning::new(
            "field-mismatch",
            "`same` is true, but there is no move before this one: `to` is read",
        ));
    }
    let mv = match m.from {
        Some(from) => board_move(pos, m, from, to, &mut warnings)?,
        None => move_without_from(pos, m, to)?,
    };
    if let Err(rule) = pos.check_move(mv) {
        return Err(MoveError::Illegal {
            rule,
            description: in_words(pos, mv),
            candidates: Vec::new(),
        });
    }
    check_redundant(pos, previous, m, mv, &mut warnings);
    Ok(Resolved::new(mv, warnings))
}

/// The move in words: `the black pawn on 77 to 76`, `a black gold dropped on 52`.
fn in_words(pos: &Position, mv: Move) -> String {
    let side = pos.side_to_move();
    match mv {
        Move::Drop { kind, to } => format!("a {side} {} dropped on {}", kind.name(), digits(to)),
        Move::Normal { from, to, promote } => format!(
            "the {side} {} on {} to {}{}",
            pos.piece_at(from).map_or("piece", |p| p.kind.name()),
            digits(from),
            digits(to),
            if promote { ", promoting" } else { "" }
        ),
    }
}

fn board_move(
    pos: &Position,
    m: &JkfMove,
    from: Square,
    to: Square,
    warnings: &mut Vec<Warning>,
) -> Result<Move, MoveError> {
    let side = pos.side_to_move();
    let Some(piece) = pos.piece_at(from).filter(|p| p.color == side) else {
        return Err(MoveError::NoPiece {
            description: format!("no {side} {} on {}", m.piece.name(), digits(from)),
            candidates: Vec::new(),
        });
    };
    let promote = if piece.kind == m.piece {
        m.promote == Some(true)
    } else if piece.kind.promote() == Some(m.piece) && m.promote != Some(false) {
        // A CSA parser's object: the piece as it stands after the move.
        warnings.push(Warning::new(
            "field-mismatch",
            format!(
                "`piece` {} is the {} after the move: JKF gives the piece before it ({}) and `promote: true`",
                code(m.piece),
                m.piece.name(),
                code(piece.kind)
            ),
        ));
        true
    } else {
        return Err(MoveError::NoPiece {
            description: format!(
                "the piece on {} is a {side} {} ({}), not a {} ({})",
                digits(from),
                piece.kind.name(),
                code(piece.kind),
                m.piece.name(),
                code(m.piece)
            ),
            candidates: Vec::new(),
        });
    };
    Ok(Move::Normal { from, to, promote })
}

/// A move object without `from`: the legal move of a piece of `piece` to `to` that its
/// `relative` allows (`H` a drop; none, or no such board move, a drop when the piece is in
/// hand), promoting as `promote` says.
fn move_without_from(pos: &Position, m: &JkfMove, to: Square) -> Result<Move, MoveError> {
    let side = pos.side_to_move();
    let words = m
        .relative
        .as_deref()
        .and_then(Relative::from_jkf)
        .unwrap_or(Relative::NONE);
    let promote = m.promote == Some(true);
    let fitting: Vec<Move> = words
        .candidates(pos, to, m.piece)
        .into_iter()
        .filter(|mv| match mv {
            Move::Normal { promote: p, .. } => *p == promote,
            Move::Drop { .. } => true,
        })
        .collect();
    match fitting.as_slice() {
        [mv] => Ok(*mv),
        [] => {
            // The move the object names, to say which rule it breaks.
            let named = match words.candidates(pos, to, m.piece).first() {
                Some(&Move::Normal { from, .. }) => Some(Move::Normal { from, to, promote }),
                _ if m.piece.is_hand_kind() && words.side.is_none() && words.motion.is_none() => {
                    Some(Move::Drop { kind: m.piece, to })
                }
                _ => None,
            };
            if let Some(mv) = named
                && let Err(rule) = pos.check_move(mv)
            {
                return Err(MoveError::Illegal {
                    rule,
                    description: in_words(pos, mv),
                    candidates: Vec::new(),
                });
            }
            Err(MoveError::NoPiece {
                description: match &m.relative {
                    Some(r) => format!(
                        "no {side} {} that `relative` {r} allows can move to {}",
                        m.piece.name(),
                        digits(to)
                    ),
                    None => format!(
                        "no {side} {} can move to {}, nor be dropped there",
                        m.piece.name(),
                        digits(to)
                    ),
                },
                candidates: Vec::new(),
            })
        }
        several => Err(MoveError::Ambiguous {
            description: format!(
                "{} {side} {}s can move to {}: `from` or `relative` is needed",
                several.len(),
                m.piece.name(),
                digits(to)
            ),
            candidates: several
                .iter()
                .map(|&mv| describe(pos, None, mv).to_string())
                .collect(),
        }),
    }
}

/// Warnings for the members that repeat what the position says and say otherwise.
fn check_redundant(
    pos: &Position,
    previous: Option<Move>,
    m: &JkfMove,
    mv: Move,
    warnings: &mut Vec<Warning>,
) {
    let taken = pos.captured_piece(mv).map(|p| p.kind);
    if let Some(c) = m.capture
        && taken != Some(c)
    {
        warnings.push(Warning::new(
            "field-mismatch",
            match taken {
                Some(t) => format!(
                    "`capture` is {}, but the move takes a {} ({})",
                    code(c),
                    t.name(),
                    code(t)
                ),
                None => format!("`capture` is {}, but the move takes nothing", code(c)),
            },
        ));
    }
    if m.same == Some(false) && previous.is_some_and(|p| p.to() == mv.to()) {
        warnings.push(Warning::new(
            "field-mismatch",
            "`same` is false, but the move goes to the square of the move before",
        ));
    }
    if let (Some(r), Move::Normal { from, to, .. }) = (&m.relative, mv) {
        let kind = pos.piece_at(from).map_or(m.piece, |p| p.kind);
        let fits = Relative::from_jkf(r)
            .is_some_and(|words| words.candidates(pos, to, kind).contains(&mv));
        if !fits {
            warnings.push(Warning::new(
                "field-mismatch",
                format!(
                    "`relative` {r} does not pick the piece on {} among those that reach {}",
                    digits(from),
                    digits(to)
                ),
            ));
        }
    }
}

/// The normalized object of the legal move `mv` of `pos` after `previous`.
fn describe(pos: &Position, previous: Option<Move>, mv: Move) -> JkfMove {
    let side = pos.side_to_move();
    let mut object = vec![("color".to_owned(), Out::Int(color_number(side)))];
    let mut m = JkfMove {
        color: Some(side),
        from: mv.from(),
        to: Some(mv.to()),
        piece: PieceKind::Pawn,
        same: None,
        promote: None,
        capture: None,
        relative: Some(Relative::of(pos, mv))
            .filter(|r| !r.is_empty())
            .map(|r| r.jkf()),
        unknown: Vec::new(),
        object: Out::Null,
    };
    match mv {
        Move::Normal { from, to, promote } => {
            let piece = pos.piece_at(from).map_or(PieceKind::Pawn, |p| p.kind);
            m.piece = piece;
            if previous.is_some_and(|p| p.to() == to) {
                m.same = Some(true);
            }
            if piece.is_promotable() && (from.is_promotion_zone(side) || to.is_promotion_zone(side))
            {
                m.promote = Some(promote);
            }
            m.capture = pos.captured_piece(mv).map(|p| p.kind);
            object.push(("from".to_owned(), place_out(from)));
        }
        Move::Drop { kind, .. } => m.piece = kind,
    }
    object.push(("to".to_owned(), place_out(mv.to())));
    object.push(("piece".to_owned(), Out::Str(code(m.piece).to_owned())));
    if let Some(s) = m.same {
        object.push(("same".to_owned(), Out::Bool(s)));
    }
    if let Some(p) = m.promote {
        object.push(("promote".to_owned(), Out::Bool(p)));
    }
    if let Some(c) = m.capture {
        object.push(("capture".to_owned(), Out::Str(code(c).to_owned())));
    }
    if let Some(r) = &m.relative {
        object.push(("relative".to_owned(), Out::Str(r.clone())));
    }
    m.object = Out::Obj(object);
    m
}

#[cfg(test)]
mod tests {
    use notation_traits::{NotationError, TextNotation};
    use rstest::rstest;

    use super::*;

    fn read(
        sfen: &str,
        previous: Option<&str>,
        text: &str,
    ) -> Result<Resolved<Move>, NotationError> {
        let pos = Position::from_sfen(sfen).unwrap();
        let m = parse_move(text)?;
        let previous = previous.map(|p| p.parse().unwrap());
        Ok(resolve(&pos, previous, &m)?)
    }

    /// After 7g7f 3c3d: the bishops face each other.
    const OPEN: &str = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3";

    #[rstest]
    // The README's example: ２二角不成 taking the bishop, then 同銀.
    #[case::exchange(OPEN, None, r#"{"from":{"x":8,"y":8},"to":{"x":2,"y":2},"color":0,"piece":"KA","capture":"KA","promote":false}"#, "8h2b")]
    #[case::promotes(OPEN, None, r#"{"from":{"x":8,"y":8},"to":{"x":2,"y":2},"color":0,"piece":"KA","capture":"KA","promote":true}"#, "8h2b+")]
    #[case::same_square(
        "lnsgkgsnl/1r5B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4",
        Some("8h2b"),
        r#"{"from":{"x":3,"y":1},"color":1,"piece":"GI","capture":"KA","same":true}"#,
        "3a2b"
    )]
    #[case::drop(
        "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5",
        None,
        r#"{"to":{"x":4,"y":5},"color":0,"piece":"KA"}"#,
        "B*4e"
    )]
    #[case::from_relative(
        "4k4/9/9/9/9/9/9/9/3GKG3 b - 1",
        None,
        r#"{"to":{"x":5,"y":8},"color":0,"piece":"KI","relative":"R"}"#,
        "4i5h"
    )]
    fn objects_read(
        #[case] sfen: &str,
        #[case] previous: Option<&str>,
        #[case] text: &str,
        #[case] usi: &str,
    ) {
        let r = read(sfen, previous, text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.mv.to_string(), usi);
        assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    }

    #[rstest]
    #[case::wrong_color(
        Position::START_SFEN,
        r#"{"color":1,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}"#,
        "wrong-side"
    )]
    #[case::no_piece(
        Position::START_SFEN,
        r#"{"color":0,"from":{"x":5,"y":5},"to":{"x":5,"y":4},"piece":"FU"}"#,
        "no-such-piece"
    )]
    #[case::ambiguous(
        "4k4/9/9/9/9/9/9/9/3GKG3 b - 1",
        r#"{"to":{"x":5,"y":8},"color":0,"piece":"KI"}"#,
        "ambiguous-move"
    )]
    #[case::blocked(
        Position::START_SFEN,
        r#"{"color":0,"from":{"x":2,"y":8},"to":{"x":2,"y":2},"piece":"HI"}"#,
        "path-blocked"
    )]
    #[case::bad_piece(
        Position::START_SFEN,
        r#"{"color":0,"to":{"x":7,"y":6},"piece":"XX"}"#,
        "syntax"
    )]
    #[case::no_to(Position::START_SFEN, r#"{"color":0,"piece":"FU"}"#, "syntax")]
    fn errors(#[case] sfen: &str, #[case] text: &str, #[case] code: &str) {
        let e = read(sfen, None, text).unwrap_err();
        assert_eq!(e.code(), code, "{e}");
    }

    #[test]
    fn wrong_redundant_members_are_warnings() {
        let r = read(OPEN, None, r#"{"from":{"x":8,"y":8},"to":{"x":2,"y":2},"color":0,"piece":"KA","capture":"FU","promote":true,"extra":1}"#).unwrap();
        let codes: Vec<&str> = r.warnings.iter().map(|w| w.code).collect();
        assert_eq!(codes, ["jkf-field", "field-mismatch"]);
        // CSA's piece after the move.
        let r = read(
            OPEN,
            None,
            r#"{"from":{"x":8,"y":8},"to":{"x":2,"y":2},"color":0,"piece":"UM"}"#,
        )
        .unwrap();
        assert_eq!(r.mv.to_string(), "8h2b+");
        assert_eq!(r.warnings[0].code, "field-mismatch");
    }

    #[rstest]
    // JSA 棋譜の表記方法: golds on 69 and 49 to 58 are ５八金左 and ５八金右; a gold dropped
    // where the gold on 59 could go is ５八金打.
    #[case::left("4k4/9/9/9/9/9/9/9/3GKG3 b - 1", "6i5h", Some("L"))]
    #[case::right("4k4/9/9/9/9/9/9/9/3GKG3 b - 1", "4i5h", Some("R"))]
    #[case::drop("4k4/9/9/9/9/9/9/9/K3G4 b G 1", "G*5h", Some("H"))]
    #[case::alone(Position::START_SFEN, "7g7f", None)]
    fn written_relative(#[case] sfen: &str, #[case] usi: &str, #[case] relative: Option<&str>) {
        let pos = Position::from_sfen(sfen).unwrap();
        let mv: Move = usi.parse().unwrap();
        let m = JkfNotation.describe(&pos, mv);
        assert_eq!(m.relative.as_deref(), relative);
        // Read back without `from`: the relative alone picks the piece.
        let text = match mv.from() {
            Some(f) => m.to_string().replace(
                &format!(
                    r#""from":{{"x":{},"y":{}}},"#,
                    f.file().number(),
                    f.rank().number()
                ),
                "",
            ),
            None => m.to_string(),
        };
        assert!(!text.contains("from"), "{text}");
        assert_eq!(JkfNotation.read_move(&pos, &text).unwrap().mv, mv, "{text}");
    }

    #[test]
    fn written_objects_are_the_normalized_form() {
        let pos = Position::from_sfen(OPEN).unwrap();
        let text = JkfNotation.write_move(&pos, "8h2b+".parse().unwrap());
        assert_eq!(
            text,
            r#"{"color":0,"from":{"x":8,"y":8},"to":{"x":2,"y":2},"piece":"KA","promote":true,"capture":"KA"}"#
        );
        let pos = Position::from_sfen(
            "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4",
        )
        .unwrap();
        let text = JkfNotation.write_after(
            &pos,
            Some("8h2b+".parse().unwrap()),
            "3a2b".parse().unwrap(),
        );
        assert_eq!(
            text,
            r#"{"color":1,"from":{"x":3,"y":1},"to":{"x":2,"y":2},"piece":"GI","same":true,"capture":"UM"}"#
        );
    }
}
