//! Writing a legal move in PSN.
//!
//! - The piece: its letter, with `+` before it for a promoted piece (`+R`, `+P`).
//! - The origin square: always in [`PsnStyle::Long`]; in [`PsnStyle::Short`] only when another
//!   piece of the same kind and promotion state can legally make the same move to the same
//!   square with the same promotion choice (a pinned rival does not count, nor a tokin for a
//!   pawn or a gold), written as a full square: `G6i-5h`.
//! - The sign: `x` for a capture, `-` for any other board move, `*` for a drop.
//! - The promotion sign: `+` when the piece promotes, `=` when it could and does not, nothing
//!   otherwise (a drop never has one).
//!
//! Rule: Hodges' notation as Fairy-Stockfish writes it (`NOTATION_SHOGI_HODGES` and
//! `NOTATION_SHOGI_HODGES_NUMBER`; the fixtures' `hodges` and `hodges_number` columns, which
//! this writer reproduces move for move); docs/notations.md, "Shogi PSN".

use shogi_board::{Move, Piece, PieceKind, Position, Square};

use crate::notation::PsnStyle;
use crate::syntax::{Action, Promotion, PsnMove, Spelling, Squares};

/// Whether another piece of `piece`'s kind can legally move from another square to `to` with
/// the promotion choice `promote`.
pub(crate) fn has_rival(
    pos: &Position,
    piece: Piece,
    from: Square,
    to: Square,
    promote: bool,
) -> bool {
    pos.legal_moves_to(to).iter().any(|&m| match m {
        Move::Normal {
            from: f,
            promote: p,
            ..
        } => f != from && p == promote && pos.piece_at(f) == Some(piece),
        Move::Drop { .. } => false,
    })
}

/// The syntax of the legal move `mv` in `style`, squares written as `squares`; `origin` forces
/// the origin square of a board move.
pub(crate) fn describe_with(
    pos: &Position,
    mv: Move,
    style: PsnStyle,
    squares: Squares,
    origin: bool,
) -> PsnMove {
    let digits = squares == Squares::Digits;
    match mv {
        Move::Drop { kind, to } => PsnMove {
            kind,
            color: None,
            from: None,
            partial: None,
            action: Action::Drop,
            to,
            promotion: Promotion::Unmarked,
            spelling: Spelling {
                to_digits: digits,
                drop_sign: '*',
                ..Spelling::default()
            },
        },
        Move::Normal { from, to, promote } => {
            let piece = pos
                .piece_at(from)
                .unwrap_or(Piece::new(pos.side_to_move(), PieceKind::King));
            let origin =
                origin || style == PsnStyle::Long || has_rival(pos, piece, from, to, promote);
            let promotion = if promote {
                Promotion::Promote
            } else if piece.can_promote(from, to) {
                Promotion::Decline
            } else {
                Promotion::Unmarked
            };
            PsnMove {
                kind: piece.kind,
                color: None,
                from: origin.then_some(from),
                partial: None,
                action: if pos.is_capture(mv) {
                    Action::Capture
                } else {
                    Action::Move
                },
                to,
                promotion,
                spelling: Spelling {
                    from_digits: digits,
                    to_digits: digits,
                    ..Spelling::default()
                },
            }
        }
    }
}

/// The syntax of the legal move `mv` in `style`, squares written as `squares`.
pub(crate) fn describe(pos: &Position, mv: Move, style: PsnStyle, squares: Squares) -> PsnMove {
    describe_with(pos, mv, style, squares, false)
}
