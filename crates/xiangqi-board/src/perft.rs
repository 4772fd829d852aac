//! Perft: the number of move sequences of a given length, the standard test of a move
//! generator.

use crate::{Move, Position};

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
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => pos
            .legal_moves()
            .iter()
            .map(|&mv| {
                let mut child = *pos;
                child.play_unchecked(mv);
                perft(&child, depth - 1)
            })
            .sum(),
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
