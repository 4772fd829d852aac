//! [`Usi`]: USI moves (`7g7f`, `8h2b+`, `P*5e`) as a [`MoveNotation`], so that a plain line of
//! USI moves and PSN2 files (`1.7g7f`, `22.S*8f`) go through the same replay machinery as PSN.
//!
//! The syntax is [`shogi_board::Move`] itself: the square of departure and the square of
//! arrival (file digit, rank letter), then `+` when the move promotes; a drop is the piece
//! letter, `*` and the square. The reader also takes a lower-case drop letter (`p*5e`), as
//! `shogi_board::Move`'s `FromStr` does; the writer writes `Move`'s `Display`. USI is exact:
//! a move that must promote and has no `+` is illegal
//! ([`Rule::ForcedPromotion`](notation_traits::Rule::ForcedPromotion)).
//!
//! Rule: the USI protocol, "move format" (<http://hgm.nubati.net/usi.html>); MyShogi's PSN2
//! (`docs/PSN2format.md`) for USI moves in game files.

use notation_traits::{MoveError, MoveNotation, Resolved, Span, SyntaxError, edit_distance};
use shogi_board::{Move, PieceKind, Position, Square};

/// USI move notation: a [`MoveNotation`] for [`shogi_board::Position`] whose syntax is
/// [`shogi_board::Move`].
///
/// # Examples
///
/// ```
/// use notation_traits::{MoveNotation, Rule, MoveError, NotationError};
/// use psn::Usi;
/// use shogi_board::Position;
///
/// let pos = Position::new();
/// let mv = Usi.read_move(&pos, "7g7f")?.mv;
/// assert_eq!(Usi.write_move(&pos, mv), "7g7f");
/// let err = Usi.read_move(&pos, "3c3d").unwrap_err();
/// assert!(matches!(err, NotationError::Move(MoveError::Illegal { rule: Rule::WrongSide, .. })));
/// assert_eq!(Usi.parse("7g7").unwrap_err().to_string(), "expected a rank letter a-i, found the end of the move");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Usi;

/// Reads a USI move with errors that point at the character at fault.
fn parse(text: &str) -> Result<Move, SyntaxError> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let error = |i: usize, expected: &str| {
        let (start, end) = chars
            .get(i)
            .map_or((text.len(), text.len()), |&(at, c)| (at, at + c.len_utf8()));
        SyntaxError::new(Span::locate(text, start, end), expected, &text[start..end])
    };
    let get = |i: usize| chars.get(i).map(|&(_, c)| c);
    let square = |i: usize| -> Result<Square, SyntaxError> {
        let file = match get(i) {
            Some(c @ '1'..='9') => c as u8 - b'0',
            _ => return Err(error(i, "a file digit 1-9")),
        };
        let rank = match get(i + 1) {
            Some(c @ 'a'..='i') => c as u8 - b'a' + 1,
            _ => return Err(error(i + 1, "a rank letter a-i")),
        };
        Square::from_numbers(file, rank).ok_or_else(|| error(i, "a square"))
    };
    let (mv, next) = match get(0) {
        Some(c) if c.is_ascii_digit() => {
            let from = square(0)?;
            let to = square(2)?;
            let promote = get(4) == Some('+');
            (Move::Normal { from, to, promote }, 4 + usize::from(promote))
        }
        Some(c) if c.is_ascii_alphabetic() => {
            let Some(kind) = PieceKind::from_letter(c).filter(|k| k.is_hand_kind()) else {
                return Err(error(
                    0,
                    "a piece letter of a drop (R, B, G, S, N, L, P) or a file digit 1-9",
                ));
            };
            if get(1) != Some('*') {
                return Err(error(1, "`*` after the piece letter of a drop"));
            }
            (
                Move::Drop {
                    kind,
                    to: square(2)?,
                },
                4,
            )
        }
        _ => {
            return Err(error(
                0,
                "a USI move: a file digit 1-9 (`7g7f`) or a piece letter of a drop (`P*5e`)",
            ));
        }
    };
    if get(next).is_some() {
        let expected = match mv {
            Move::Normal { promote: false, .. } => "`+` (promotion) or the end of the move",
            _ => "the end of the move",
        };
        return Err(error(next, expected));
    }
    Ok(mv)
}

impl MoveNotation<Position> for Usi {
    type Syntax = Move;

    fn parse(&self, text: &str) -> Result<Move, SyntaxError> {
        parse(text)
    }

    fn resolve(&self, pos: &Position, mv: &Move) -> Result<Resolved<Move>, MoveError> {
        resolve(pos, mv, false)
    }

    fn resolve_quickly(&self, pos: &Position, mv: &Move) -> Result<Resolved<Move>, MoveError> {
        resolve(pos, mv, true)
    }

    fn describe(&self, _pos: &Position, mv: Move) -> Move {
        mv
    }
}

/// The legal move `mv` of `pos`, or why it is not one; with `quick`, the error leaves its near
/// spellings out (the repair search and detection need only the move).
fn resolve(pos: &Position, mv: &Move, quick: bool) -> Result<Resolved<Move>, MoveError> {
    let Err(rule) = pos.check_move(*mv) else {
        return Ok(Resolved::clean(*mv));
    };
    let candidates = if quick {
        Vec::new()
    } else {
        near(pos, &mv.to_string())
    };
    let side = pos.side_to_move();
    Err(match *mv {
        Move::Normal { from, to, promote } => match pos.piece_at(from) {
            None => MoveError::NoPiece {
                description: format!("no piece on {from}"),
                candidates,
            },
            Some(piece) => MoveError::Illegal {
                rule,
                description: format!(
                    "the {piece} on {from} to {to}{}",
                    if promote { " promoting" } else { "" }
                ),
                candidates,
            },
        },
        Move::Drop { kind, to } => MoveError::Illegal {
            rule,
            description: format!("a {side} {} dropped on {to}", kind.name()),
            candidates,
        },
    })
}

/// Legal moves within edit distance 1 of `text`; at most six, none when there are more.
fn near(pos: &Position, text: &str) -> Vec<String> {
    let wanted: Vec<char> = text.chars().collect();
    let near: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(Move::to_string)
        .filter(|w| edit_distance(&w.chars().collect::<Vec<_>>(), &wanted) <= 1)
        .collect();
    if near.len() <= 6 { near } else { Vec::new() }
}

/// Whether `text` is a USI board move or drop (`7g7f`, `8h2b+`, `P*5e`), as PSN2 writes them.
pub(crate) fn is_usi(text: &str) -> bool {
    parse(text).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use notation_traits::Rule;

    #[test]
    fn usi_reads_and_writes() {
        for text in ["7g7f", "8h2b+", "P*5e", "p*5e", "1a9i"] {
            assert!(parse(text).is_ok(), "{text}");
        }
        let cases = [
            (
                "",
                1,
                "",
                "a USI move: a file digit 1-9 (`7g7f`) or a piece letter of a drop (`P*5e`)",
            ),
            ("7g-7f", 3, "-", "a file digit 1-9"),
            ("7g7j", 4, "j", "a rank letter a-i"),
            ("7g7f=", 5, "=", "`+` (promotion) or the end of the move"),
            ("8h2b++", 6, "+", "the end of the move"),
            (
                "K*5e",
                1,
                "K",
                "a piece letter of a drop (R, B, G, S, N, L, P) or a file digit 1-9",
            ),
            ("P5e", 2, "5", "`*` after the piece letter of a drop"),
            ("0a1a", 1, "0", "a file digit 1-9"),
        ];
        for (text, column, found, expected) in cases {
            let e = parse(text).unwrap_err();
            assert_eq!(
                (e.span.start.column, e.found.as_str(), e.expected.as_str()),
                (column, found, expected),
                "{text}"
            );
        }
    }

    #[test]
    fn illegal_usi_names_the_rule() {
        let pos = Position::from_sfen("7lk/9/8S/9/9/9/9/7L1/8K b P 1").unwrap();
        let err = Usi.resolve(&pos, &"P*1b".parse().unwrap()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "illegal move: a black pawn dropped on 1b: a pawn drop may not give checkmate (uchifuzume)"
        );
        let err = Usi.resolve(&pos, &"5e5d".parse().unwrap()).unwrap_err();
        assert_eq!(err.to_string(), "no piece on 5e");
        let pos = Position::from_sfen("4k4/P8/9/9/9/9/9/9/4K4 b - 1").unwrap();
        let err = Usi.resolve(&pos, &"9b9a".parse().unwrap()).unwrap_err();
        assert!(matches!(
            err,
            MoveError::Illegal {
                rule: Rule::ForcedPromotion,
                ..
            }
        ));
        assert_eq!(err.candidates(), ["9b9a+"]);
        // The quick reading gives the same error without looking for near spellings.
        let quick = Usi
            .resolve_quickly(&pos, &"9b9a".parse().unwrap())
            .unwrap_err();
        assert_eq!(
            quick.to_string(),
            "illegal move: the black pawn on 9b to 9a: the piece must promote there"
        );
        assert!(quick.candidates().is_empty());
    }
}
