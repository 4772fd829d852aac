//! `kifu perft`: legal-move counts.

use std::fmt::Display;

use crate::report::{EXIT_DATA, EXIT_OK};
use kifu_records::Variant;

pub(crate) fn run(variant: Variant, fen: Option<&str>, depth: u32, divide: bool) -> u8 {
    // `fen ...` / `sfen ...` as perft files and engine commands write them.
    let fen = fen.map(|f| {
        let f = f.trim();
        ["sfen ", "fen "]
            .iter()
            .find_map(|p| f.strip_prefix(p))
            .unwrap_or(f)
    });
    let counted = match variant {
        Variant::Xiangqi => count(
            fen.map(xiangqi_board::Position::from_fen),
            depth,
            divide,
            xiangqi_board::perft,
            xiangqi_board::perft_divide,
        ),
        Variant::Shogi => count(
            fen.map(shogi_board::Position::from_sfen),
            depth,
            divide,
            shogi_board::perft,
            shogi_board::perft_divide,
        ),
    };
    match counted {
        Ok((lines, total)) => {
            for (mv, n) in &lines {
                outln!("{mv}: {n}");
            }
            outln!("{total}");
            EXIT_OK
        }
        Err(e) => {
            // A position of the other game is the likeliest slip.
            let other = fen.and_then(|f| match variant {
                Variant::Xiangqi => shogi_board::Position::from_sfen(f)
                    .ok()
                    .map(|_| "it is a shogi SFEN: give --variant shogi"),
                Variant::Shogi => xiangqi_board::Position::from_fen(f)
                    .ok()
                    .map(|_| "it is a xiangqi FEN: give --variant xiangqi"),
            });
            match other {
                Some(hint) => errln!("error: --fen: {e} ({hint})"),
                None => errln!("error: --fen: {e}"),
            }
            EXIT_DATA
        }
    }
}

/// The divide lines (when asked) and the total, from the given position or the start.
fn count<P: Default, M: Display, E: Display>(
    given: Option<Result<P, E>>,
    depth: u32,
    divide: bool,
    perft: fn(&P, u32) -> u64,
    perft_divide: fn(&P, u32) -> Vec<(M, u64)>,
) -> Result<(Vec<(String, u64)>, u64), String> {
    let pos = given
        .transpose()
        .map_err(|e| e.to_string())?
        .unwrap_or_default();
    if divide && depth > 0 {
        let lines: Vec<(String, u64)> = perft_divide(&pos, depth)
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect();
        let total = lines.iter().map(|(_, n)| n).sum();
        Ok((lines, total))
    } else {
        Ok((Vec::new(), perft(&pos, depth)))
    }
}
