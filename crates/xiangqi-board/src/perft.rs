//! Perft: the number of move sequences of a given length, the standard test of a move
//! generator.

use crate::legal;
use crate::{Move, MoveList, Position};

/// The number of legal move sequences of `depth` plies from `pos` (leaf nodes of the legal
/// move tree). The last ply is counted in bulk, as Fairy-Stockfish counts it.
///
/// Reference numbers: testdata/perft/xiangqi.perft (start position: 44, 1,920, 79,666,
/// 3,290,240, 133,312,995).
///
/// ```
/// use xiangqi_board::{Position, perft};
///
/// assert_eq!(perft(&Position::new(), 2), 1920);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    walk::<false>(pos, depth, &mut lists(depth))
}

/// Perft with every move of the last ply built into a move list and counted by the list's
/// length, as Pikafish's perft counts it: the like-with-like figure against it. The same
/// numbers as [`perft`], which counts the last ply without building its moves.
///
/// ```
/// use xiangqi_board::{Position, perft_built};
///
/// assert_eq!(perft_built(&Position::new(), 3), 79_666);
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
            legal::generate(pos, u128::MAX, list);
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

/// Perft split by the first move: each legal move with the number of sequences after it.
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
