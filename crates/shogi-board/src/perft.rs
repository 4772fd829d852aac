//! Perft: the number of move sequences of a given length, the standard test of a move
//! generator.

use crate::{Move, Position};

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
