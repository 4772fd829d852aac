//! A start position being set up from a file (an XQF or DhtmlXQ piece table, a CBR board),
//! before it is checked; and the 32 piece slots those tables use.
//!
//! XQF's piece table and DhtmlXQ's `[DhtmlXQ_binit]` name the same 32 slots, 0-15 Red and
//! 16-31 Black, each colour in the order chariot, horse, elephant, advisor, king, advisor,
//! elephant, horse, chariot, cannon, cannon, five pawns (车马相仕帅仕相马车炮炮兵兵兵兵兵). The slot fixes
//! the kind; which of two like slots holds which piece does not matter. The writers fill each
//! kind's slots from the owner's right (Red from file `i`, Black from file `a`), as XQStudio's
//! and dpxq's standard tables do.
//!
//! Source: ../shared/research/xqf-format.md §1; the standard `[DhtmlXQ_binit]`
//! `8979695949392919097717866646260600102030405060708012720323436383`.

use xiangqi_board::{Color, FenError, Piece, PieceKind, Position, Square};

/// The kind of each slot of a colour: 车马相仕帅仕相马车炮炮兵兵兵兵兵.
pub(crate) const SLOT_KINDS: [PieceKind; 16] = [
    PieceKind::Chariot,
    PieceKind::Horse,
    PieceKind::Elephant,
    PieceKind::Advisor,
    PieceKind::King,
    PieceKind::Advisor,
    PieceKind::Elephant,
    PieceKind::Horse,
    PieceKind::Chariot,
    PieceKind::Cannon,
    PieceKind::Cannon,
    PieceKind::Pawn,
    PieceKind::Pawn,
    PieceKind::Pawn,
    PieceKind::Pawn,
    PieceKind::Pawn,
];

/// The piece of slot `slot` (0-31).
pub(crate) fn slot_piece(slot: usize) -> Piece {
    let color = if slot < 16 { Color::Red } else { Color::Black };
    Piece::new(color, SLOT_KINDS[slot % 16])
}

/// The point of each slot of `pos` (`None`: the slot is empty).
///
/// Every legal position fits: it has at most the pieces a side starts with.
pub(crate) fn slots_of(pos: &Position) -> [Option<Square>; 32] {
    let mut slots = [None; 32];
    for color in Color::ALL {
        let mut pieces: Vec<(Square, Piece)> = pos.pieces(color).collect();
        // From the owner's right: Red from file i, Black from file a; then from its own side.
        pieces.sort_by_key(|(sq, _)| {
            let file = sq.file().index();
            let rank = sq.rank().relative_to(color);
            match color {
                Color::Red => (8 - file, rank),
                Color::Black => (file, rank),
            }
        });
        let base = color.index() * 16;
        for (sq, piece) in pieces {
            if let Some(free) =
                (0..16).find(|&i| SLOT_KINDS[i] == piece.kind && slots[base + i].is_none())
            {
                slots[base + free] = Some(sq);
            }
        }
    }
    slots
}

/// A board being set up: pieces on points, the side to move, the move number.
#[derive(Clone, Debug)]
pub(crate) struct Setup {
    board: [Option<Piece>; 90],
    /// The side to move.
    pub(crate) side: Color,
    /// The move number of FEN's sixth field (from 1).
    pub(crate) move_number: u32,
}

impl Setup {
    /// An empty board, Red to move, move 1.
    pub(crate) fn new() -> Setup {
        Setup {
            board: [None; 90],
            side: Color::Red,
            move_number: 1,
        }
    }

    /// Puts `piece` on `sq`; the piece already there, if any, stays and is returned.
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) -> Result<(), Piece> {
        match self.board[sq.index()] {
            Some(there) => Err(there),
            None => {
                self.board[sq.index()] = Some(piece);
                Ok(())
            }
        }
    }

    /// The piece on `sq`.
    pub(crate) fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Whether the board holds the standard start array (whatever the side to move).
    pub(crate) fn is_standard_array(&self) -> bool {
        let start = Position::new();
        Square::all().all(|sq| self.piece_at(sq) == start.piece_at(sq))
    }

    /// The six-field FEN (half-move clock 0).
    pub(crate) fn to_fen(&self) -> String {
        let mut out = String::with_capacity(80);
        for rank in (0..10).rev() {
            let mut empty = 0u8;
            for file in 0..9 {
                match self.board[rank * 9 + file] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(p.fen_char());
                    }
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        let side = match self.side {
            Color::Red => 'w',
            Color::Black => 'b',
        };
        format!("{out} {side} - - 0 {}", self.move_number.max(1))
    }

    /// The checked position.
    ///
    /// # Errors
    ///
    /// The [`FenError`] of a board no legal position has (no king, too many pieces of a kind,
    /// a piece where its kind never stands, the side not to move in check).
    pub(crate) fn position(&self) -> Result<Position, FenError> {
        Position::from_fen(&self.to_fen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_array_fills_the_slots_from_the_right() {
        let slots = slots_of(&Position::new());
        let names: Vec<String> = slots
            .iter()
            .map(|s| s.map_or("-".to_owned(), |s| s.to_string()))
            .collect();
        assert_eq!(
            names[..16],
            [
                "i0", "h0", "g0", "f0", "e0", "d0", "c0", "b0", "a0", "h2", "b2", "i3", "g3", "e3",
                "c3", "a3"
            ]
        );
        assert_eq!(names[16], "a9");
        assert_eq!(names[31], "i6");
    }

    #[test]
    fn a_setup_gives_back_its_fen() {
        let mut s = Setup::new();
        for (slot, sq) in slots_of(&Position::new()).iter().enumerate() {
            if let Some(sq) = sq {
                assert_eq!(s.put(*sq, slot_piece(slot)), Ok(()));
            }
        }
        assert!(s.is_standard_array());
        assert_eq!(s.to_fen(), Position::START_FEN);
        assert_eq!(s.position(), Ok(Position::new()));
        let e0 = "e0".parse().unwrap();
        assert_eq!(
            s.put(e0, slot_piece(0)),
            Err(Piece::new(Color::Red, PieceKind::King))
        );
    }
}
