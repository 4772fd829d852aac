//! Perft: the number of move sequences of a given length, the standard test of a move
//! generator.

use crate::movegen::{self, Filter};
use crate::{Move, MoveList, Position};

/// The number of legal move sequences of `depth` plies from `pos` (leaf nodes of the legal
/// move tree). The last ply is counted in bulk from the sizes of the target sets, without
/// listing its moves.
///
/// Reference numbers: testdata/perft/shogi.perft (start position: 30, 900, 25,470, 719,731,
/// 19,861,490; checked in testdata/perft/shogi.perft and the `perft` bench).
///
/// ```
/// use shogi_board::{Position, perft};
///
/// assert_eq!(perft(&Position::new(), 3), 25_470);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    walk::<false>(pos, depth, &mut lists(depth))
}

/// Perft with every move of the last ply built into a move list and counted by the list's
/// length, as Pikafish's and YaneuraOu's perft count it: the like-with-like figure against
/// them. The same numbers as [`perft`], which counts the last ply from the target sets.
///
/// ```
/// use shogi_board::{Position, perft_built};
///
/// assert_eq!(perft_built(&Position::new(), 3), 25_470);
/// ```
pub fn perft_built(pos: &Position, depth: u32) -> u64 {
    walk::<true>(pos, depth, &mut lists(depth))
}

/// One move list for each ply, reused from node to node.
fn lists(depth: u32) -> Vec<MoveList> {
    (0..depth).map(|_| MoveList::new()).collect()
}

/// Perft below `pos` with `lists[0]` for its moves and the rest for the plies below; `BUILT`
/// builds the last ply's moves.
fn walk<const BUILT: bool>(pos: &Position, depth: u32, lists: &mut [MoveList]) -> u64 {
    let Some((list, below)) = lists.split_first_mut() else {
        return 1;
    };
    match depth {
        0 => 1,
        1 if !BUILT => pos.count_legal_moves() as u64,
        _ => {
            list.clear();
            movegen::generate(pos, list, Filter::ALL);
            if depth == 1 {
                return list.len() as u64;
            }
            let mut nodes = 0;
            for &mv in list.iter() {
                let mut child = *pos;
                child.play_unchecked(mv);
                nodes += walk::<BUILT>(&child, depth - 1, below);
            }
            nodes
        }
    }
}

/// Perft split by the first move: each legal move with the number of sequences of `depth`
/// plies that start with it, sorted by the moves' USI text.
///
/// ```
/// use shogi_board::{Position, perft_divide};
///
/// let split = perft_divide(&Position::new(), 2);
/// assert_eq!(split.len(), 30);
/// assert!(split.iter().all(|&(_, n)| n == 30));
/// ```
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut out: Vec<(Move, u64)> = pos
        .legal_moves()
        .iter()
        .map(|&mv| {
            let mut child = *pos;
            child.play_unchecked(mv);
            (mv, perft(&child, depth.saturating_sub(1)))
        })
        .collect();
    out.sort_by_key(|(mv, _)| mv.to_string());
    out
}
