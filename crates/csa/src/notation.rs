//! CSA moves: `+7776FU`, the side's sign, the square moved from (`00` for a drop), the square
//! moved to and the code of the piece as it stands after the move, so `+8822UM` is a bishop
//! promoting on 22.
//!
//! Squares are a file digit and a rank digit, each 1-9 (`76` is 7六, USI `7f`). Reading is
//! strict: exactly seven characters, upper-case codes, no spaces (the CSA grammar has no other
//! spelling). The position decides legality: [`CsaNotation`] resolves the text to the one legal
//! move it names, or says precisely why none fits.
//!
//! Rule: CSA standard file format V3.0, 2.6 (指し手): `+` 先手 or `-` 後手, 移動元, 移動先,
//! 駒名 after the move; `00` as 移動元 for a piece from the hand.

use std::fmt;

use notation_traits::{MoveError, MoveNotation, Resolved, Rule, Span, SyntaxError};
use shogi_board::{Color, Move, Piece, PieceKind, Position, Square};

use crate::piece::{CODE_LIST, piece_code, piece_kind};

/// A CSA move as written, not yet checked against a position.
///
/// ```
/// use csa::CsaMove;
/// use shogi_board::{Color, PieceKind};
///
/// let m: CsaMove = "+8822UM".parse()?;
/// assert_eq!(m.color, Color::Black);
/// assert_eq!(m.from.map(|s| s.to_string()).as_deref(), Some("8h"));
/// assert_eq!(m.to.to_string(), "2b");
/// assert_eq!(m.piece, PieceKind::Horse);
/// assert_eq!(m.to_string(), "+8822UM");
/// assert_eq!("-0055FU".parse::<CsaMove>()?.from, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CsaMove {
    /// The side that moves: `+` Black (sente), `-` White (gote).
    pub color: Color,
    /// The square moved from; `None` for a drop (`00`).
    pub from: Option<Square>,
    /// The square moved to.
    pub to: Square,
    /// The piece as it stands after the move (the promoted kind when the move promotes).
    pub piece: PieceKind,
}

impl fmt::Display for CsaMove {
    /// `+7776FU`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = match self.color {
            Color::Black => '+',
            Color::White => '-',
        };
        write!(f, "{sign}")?;
        match self.from {
            Some(from) => write_square(f, from)?,
            None => f.write_str("00")?,
        }
        write_square(f, self.to)?;
        f.write_str(piece_code(self.piece))
    }
}

fn write_square(f: &mut fmt::Formatter<'_>, sq: Square) -> fmt::Result {
    write!(f, "{}{}", sq.file().number(), sq.rank().number())
}

/// A square as CSA writes it: `76`.
pub(crate) fn square_digits(sq: Square) -> String {
    format!("{}{}", sq.file().number(), sq.rank().number())
}

impl std::str::FromStr for CsaMove {
    type Err = SyntaxError;

    /// Reads a move as [`CsaNotation::parse`] does.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_move(s)
    }
}

/// The span of the characters `from..to` (counted in characters) of a one-line text.
fn char_span(text: &str, from: usize, to: usize) -> Span {
    let byte = |n: usize| text.char_indices().nth(n).map_or(text.len(), |(i, _)| i);
    Span::locate(text, byte(from), byte(to))
}

/// The characters `from..to` of `text`.
fn chars_of(text: &str, from: usize, to: usize) -> String {
    text.chars().skip(from).take(to - from).collect()
}

/// The digit of an ASCII byte.
fn digit(b: u8) -> Option<u8> {
    b.is_ascii_digit().then(|| b - b'0')
}

/// `+7776FU` read from its seven bytes, when it is well formed (the common case, without
/// allocating).
fn parse_quickly(text: &str) -> Option<CsaMove> {
    let &[sign, f1, r1, f2, r2, c1, c2] = text.as_bytes() else {
        return None;
    };
    let color = match sign {
        b'+' => Color::Black,
        b'-' => Color::White,
        _ => return None,
    };
    let from = match (digit(f1)?, digit(r1)?) {
        (0, 0) => None,
        (f, r) => Some(Square::from_numbers(f, r)?),
    };
    let to = Square::from_numbers(digit(f2)?, digit(r2)?)?;
    let piece = piece_kind(std::str::from_utf8(&[c1, c2]).ok()?)?;
    Some(CsaMove {
        color,
        from,
        to,
        piece,
    })
}

fn parse_move(text: &str) -> Result<CsaMove, SyntaxError> {
    if let Some(m) = parse_quickly(text) {
        return Ok(m);
    }
    let chars: Vec<char> = text.chars().collect();
    let err = |from: usize, to: usize, expected: &str| {
        let to = to.min(chars.len());
        let from = from.min(to);
        SyntaxError::new(
            char_span(text, from, to),
            expected,
            chars_of(text, from, to),
        )
    };
    let color = match chars.first() {
        Some('+') => Color::Black,
        Some('-') => Color::White,
        _ => return Err(err(0, 1, "a sign: `+` (sente) or `-` (gote)")),
    };
    let digit = |i: usize| chars.get(i).and_then(|c| c.to_digit(10)).map(|d| d as u8);
    let from = match (digit(1), digit(2)) {
        (Some(0), Some(0)) => None,
        (Some(f), Some(r)) if f > 0 && r > 0 => Square::from_numbers(f, r),
        _ => {
            return Err(err(
                1,
                3,
                "the square moved from: a file digit and a rank digit 1-9 (`77`), or `00` for a drop",
            ));
        }
    };
    let to = match (digit(3), digit(4)) {
        (Some(f), Some(r)) if f > 0 && r > 0 => Square::from_numbers(f, r),
        _ => None,
    };
    let Some(to) = to else {
        return Err(err(
            3,
            5,
            "the square moved to: a file digit and a rank digit 1-9 (`76`)",
        ));
    };
    let code = chars_of(text, 5, 7);
    let Some(piece) = piece_kind(&code).filter(|_| chars.len() >= 7) else {
        return Err(err(5, 7, &format!("a piece code ({CODE_LIST})")));
    };
    if chars.len() > 7 {
        return Err(err(7, chars.len(), "the end of the move"));
    }
    Ok(CsaMove {
        color,
        from,
        to,
        piece,
    })
}

/// The CSA move notation over [`shogi_board::Position`].
///
/// ```
/// use csa::CsaNotation;
/// use notation_traits::{MoveNotation, NotationError, MoveError, Rule};
/// use shogi_board::Position;
///
/// let pos = Position::new();
/// let mv = CsaNotation.read_move(&pos, "+7776FU")?.mv;
/// assert_eq!(mv.to_string(), "7g7f");
/// assert_eq!(CsaNotation.write_move(&pos, mv), "+7776FU");
///
/// // Gote's move while sente is to move.
/// match CsaNotation.read_move(&pos, "-3334FU") {
///     Err(NotationError::Move(MoveError::Illegal { rule, .. })) => assert_eq!(rule, Rule::WrongSide),
///     other => panic!("{other:?}"),
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CsaNotation;

impl MoveNotation<Position> for CsaNotation {
    type Syntax = CsaMove;

    /// Reads `+7776FU`: a sign, two squares and a piece code, nothing else.
    ///
    /// # Errors
    ///
    /// [`SyntaxError`] naming the part at fault (the sign, the square moved from or to, the
    /// piece code, text after the move).
    fn parse(&self, text: &str) -> Result<CsaMove, SyntaxError> {
        parse_move(text)
    }

    /// The legal move `syntax` names: the side must be the side to move, a drop's piece must be
    /// in hand, a board move's piece must stand on the square moved from and be written as it
    /// is after the move (its own code, or its promoted code for a promotion).
    ///
    /// # Errors
    ///
    /// [`MoveError::Illegal`] with [`Rule::WrongSide`] for the other side's move, the rule
    /// broken for an illegal move ([`Position::check_move`]); [`MoveError::NoPiece`] when the
    /// square moved from holds no piece of the side or another piece. Candidates are the legal
    /// moves of the same piece kind to the same square, else from the same square.
    fn resolve(&self, pos: &Position, syntax: &CsaMove) -> Result<Resolved<Move>, MoveError> {
        resolve_move(pos, syntax).map_err(|e| with_candidates(e, pos, syntax))
    }

    fn resolve_quickly(
        &self,
        pos: &Position,
        syntax: &CsaMove,
    ) -> Result<Resolved<Move>, MoveError> {
        resolve_move(pos, syntax)
    }

    /// The CSA spelling of a legal move.
    fn describe(&self, pos: &Position, mv: Move) -> CsaMove {
        let color = pos.side_to_move();
        match mv {
            Move::Normal { from, to, promote } => {
                let kind = pos.piece_at(from).map_or(PieceKind::Pawn, |p| p.kind);
                let piece = if promote {
                    kind.promote().unwrap_or(kind)
                } else {
                    kind
                };
                CsaMove {
                    color,
                    from: Some(from),
                    to,
                    piece,
                }
            }
            Move::Drop { kind, to } => CsaMove {
                color,
                from: None,
                to,
                piece: kind,
            },
        }
    }
}

/// A piece in words for messages: `black pawn (FU)`.
fn piece_words(piece: Piece) -> String {
    format!(
        "{} {} ({})",
        piece.color,
        piece.kind.name(),
        piece_code(piece.kind)
    )
}

fn resolve_move(pos: &Position, m: &CsaMove) -> Result<Resolved<Move>, MoveError> {
    let side = pos.side_to_move();
    if m.color != side {
        return Err(MoveError::Illegal {
            rule: Rule::WrongSide,
            description: format!(
                "`{m}` is a move of {} ({}), but {side} ({}) is to move",
                m.color,
                m.color.romaji(),
                side.romaji()
            ),
            candidates: Vec::new(),
        });
    }
    let Some(from) = m.from else {
        let mv = Move::Drop {
            kind: m.piece,
            to: m.to,
        };
        let words = || {
            format!(
                "a {} dropped on {}",
                piece_words(Piece::new(side, m.piece)),
                square_digits(m.to)
            )
        };
        if !m.piece.is_hand_kind() {
            return Err(MoveError::Illegal {
                rule: Rule::NotInHand,
                description: format!(
                    "{}: only unpromoted pieces other than the king are dropped (FU KY KE GI KI KA HI)",
                    words()
                ),
                candidates: Vec::new(),
            });
        }
        return match pos.check_move(mv) {
            Ok(()) => Ok(Resolved::clean(mv)),
            Err(rule) => Err(MoveError::Illegal {
                rule,
                description: words(),
                candidates: Vec::new(),
            }),
        };
    };
    let Some(piece) = pos.piece_at(from).filter(|p| p.color == side) else {
        let description = match pos.piece_at(from) {
            Some(other) => format!(
                "no {side} piece on {}: it holds a {}",
                square_digits(from),
                piece_words(other)
            ),
            None => format!("no {side} piece on {}: it is empty", square_digits(from)),
        };
        return Err(MoveError::NoPiece {
            description,
            candidates: Vec::new(),
        });
    };
    let promote = if piece.kind == m.piece {
        false
    } else if piece.kind.promote() == Some(m.piece) {
        true
    } else {
        return Err(MoveError::NoPiece {
            description: format!(
                "the piece on {} is a {}, which cannot become a {} ({}) by this move",
                square_digits(from),
                piece_words(piece),
                m.piece.name(),
                piece_code(m.piece)
            ),
            candidates: Vec::new(),
        });
    };
    let mv = Move::Normal {
        from,
        to: m.to,
        promote,
    };
    match pos.check_move(mv) {
        Ok(()) => Ok(Resolved::clean(mv)),
        Err(rule) => Err(MoveError::Illegal {
            rule,
            description: format!(
                "the {} on {} to {}{}",
                piece_words(piece),
                square_digits(from),
                square_digits(m.to),
                if promote { ", promoting" } else { "" }
            ),
            candidates: Vec::new(),
        }),
    }
}

/// The error with its candidates: the legal moves of a piece of the written kind (either
/// promotion state) to the written square, else the legal moves from the written square; at
/// most six, none when there are more.
fn with_candidates(err: MoveError, pos: &Position, m: &CsaMove) -> MoveError {
    let base = m.piece.unpromote();
    let legal = pos.legal_moves();
    let mut near: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&mv| {
            mv.to() == m.to
                && pos
                    .moving_piece(mv)
                    .is_some_and(|p| p.kind.unpromote() == base)
        })
        .collect();
    if near.is_empty()
        && let Some(from) = m.from
    {
        near = legal
            .iter()
            .copied()
            .filter(|&mv| mv.from() == Some(from))
            .collect();
    }
    if near.len() > 6 {
        near.clear();
    }
    let found: Vec<String> = near
        .into_iter()
        .map(|mv| CsaNotation.write_move(pos, mv))
        .collect();
    match err {
        MoveError::NoPiece { description, .. } => MoveError::NoPiece {
            description,
            candidates: found,
        },
        MoveError::Illegal {
            rule, description, ..
        } => MoveError::Illegal {
            rule,
            description,
            candidates: found,
        },
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use notation_traits::NotationError;
    use rstest::rstest;

    use super::*;

    #[rstest]
    #[case::empty("", 0, "a sign")]
    #[case::no_sign("7776FU", 0, "a sign")]
    #[case::from_zero_file("+0776FU", 1, "the square moved from")]
    #[case::to_zero("+7706FU", 3, "the square moved to")]
    #[case::truncated("+77", 3, "the square moved to")]
    #[case::lower_code("+7776fu", 5, "a piece code")]
    #[case::unknown_code("+7776XX", 5, "a piece code")]
    #[case::short_code("+7776F", 5, "a piece code")]
    #[case::trailing("+7776FU ", 7, "the end of the move")]
    fn syntax_errors_name_the_part(#[case] text: &str, #[case] at: usize, #[case] what: &str) {
        let err = parse_move(text).unwrap_err();
        assert_eq!(err.span.start.offset, at, "{err}");
        assert!(err.expected.starts_with(what), "{err}");
    }

    #[rstest]
    // CSA V3.0 example game: +2726FU -3334FU.
    #[case::pawn(Position::START_SFEN, "+2726FU", "2g2f")]
    // Bishop exchange after 7g7f 3c3d: +8822UM promotes.
    #[case::promotion(
        "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3",
        "+8822UM",
        "8h2b+"
    )]
    #[case::unpromoted(
        "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3",
        "+8822KA",
        "8h2b"
    )]
    #[case::drop(
        "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4",
        "-3122GI",
        "3a2b"
    )]
    fn moves_read_and_write_back(#[case] sfen: &str, #[case] text: &str, #[case] usi: &str) {
        let pos = Position::from_sfen(sfen).unwrap();
        let mv = CsaNotation.read_move(&pos, text).unwrap().mv;
        assert_eq!(mv.to_string(), usi);
        assert_eq!(CsaNotation.write_move(&pos, mv), text);
    }

    #[rstest]
    #[case::wrong_side("-3334FU", "wrong-side")]
    #[case::empty_square("+5556FU", "no-such-piece")]
    #[case::wrong_piece("+7776GI", "no-such-piece")]
    #[case::not_in_hand("+0055KA", "not-in-hand")]
    #[case::promoted_drop("+0055TO", "not-in-hand")]
    #[case::blocked("+2822HI", "path-blocked")]
    #[case::gold_to_tokin("+6978TO", "no-such-piece")]
    fn errors_name_the_rule(#[case] text: &str, #[case] code: &str) {
        let err = CsaNotation.read_move(&Position::new(), text).unwrap_err();
        assert_eq!(err.code(), code, "{err}");
    }

    #[test]
    fn candidates_are_the_moves_from_the_same_square() {
        // No rook can reach 26 (the pawn on 27 blocks it): the candidates are the rook's
        // legal moves along rank 8, to 18 and to 38-78 (88 holds the bishop).
        let err = CsaNotation
            .read_move(&Position::new(), "+2826HI")
            .unwrap_err();
        assert_eq!(err.code(), "path-blocked");
        let NotationError::Move(MoveError::Illegal { mut candidates, .. }) = err else {
            panic!("{err:?}");
        };
        candidates.sort();
        assert_eq!(
            candidates,
            [
                "+2818HI", "+2838HI", "+2848HI", "+2858HI", "+2868HI", "+2878HI"
            ]
        );
    }
}
