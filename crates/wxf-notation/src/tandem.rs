//! Like pieces stacked on files: which pieces of a kind stand on each file, front first.

use xiangqi_board::{Color, Piece, PieceKind, Position, Square};

/// The pieces of one kind and colour, per file (ICCS index 0-8), ordered front first (nearest
/// the opponent). At most five (pawns).
pub(crate) struct Stacks {
    squares: [[Square; 5]; 9],
    len: [u8; 9],
}

impl Stacks {
    pub(crate) fn new(pos: &Position, color: Color, kind: PieceKind) -> Stacks {
        let filler = pos.king_square(color);
        let mut st = Stacks {
            squares: [[filler; 5]; 9],
            len: [0; 9],
        };
        // `pieces` runs from a0 upward: Red's rear pieces come first, Black's front ones.
        for sq in pos.squares_of(Piece::new(color, kind)) {
            let f = sq.file().index() as usize;
            let n = st.len[f] as usize;
            if n < 5 {
                st.squares[f][n] = sq;
                st.len[f] += 1;
            }
        }
        if color == Color::Red {
            for f in 0..9 {
                st.squares[f][..st.len[f] as usize].reverse();
            }
        }
        st
    }

    /// The pieces on file index `f`, front first.
    pub(crate) fn on(&self, f: usize) -> &[Square] {
        &self.squares[f][..self.len[f] as usize]
    }

    /// The file indexes holding at least `n` pieces.
    pub(crate) fn files_with(&self, n: usize) -> impl Iterator<Item = usize> + '_ {
        (0..9).filter(move |&f| self.len[f] as usize >= n)
    }

    /// The place of `sq` on its file, 0 at the front, and the number of pieces there.
    pub(crate) fn place(&self, sq: Square) -> (usize, usize) {
        let on = self.on(sq.file().index() as usize);
        (on.iter().position(|&s| s == sq).unwrap_or(0), on.len())
    }
}
