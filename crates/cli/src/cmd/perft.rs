//! `kifu perft`: legal-move counts.

use crate::Variant;
use crate::report::{EXIT_DATA, EXIT_OK};

pub(crate) fn run(variant: Variant, fen: Option<&str>, depth: u32, divide: bool) -> u8 {
    let lines: Vec<(String, u64)>;
    let total = match variant {
        Variant::Xiangqi => {
            let pos = match fen.map(xiangqi_board::Position::from_fen).transpose() {
                Ok(p) => p.unwrap_or_default(),
                Err(e) => {
                    eprintln!("error: --fen: {e}");
                    return EXIT_DATA;
                }
            };
            if divide && depth > 0 {
                lines = xiangqi_board::perft_divide(&pos, depth)
                    .into_iter()
                    .map(|(m, n)| (m.to_string(), n))
                    .collect();
                lines.iter().map(|(_, n)| n).sum()
            } else {
                lines = Vec::new();
                xiangqi_board::perft(&pos, depth)
            }
        }
        Variant::Shogi => {
            let pos = match fen.map(shogi_board::Position::from_sfen).transpose() {
                Ok(p) => p.unwrap_or_default(),
                Err(e) => {
                    eprintln!("error: --fen: {e}");
                    return EXIT_DATA;
                }
            };
            if divide && depth > 0 {
                lines = shogi_board::perft_divide(&pos, depth)
                    .into_iter()
                    .map(|(m, n)| (m.to_string(), n))
                    .collect();
                lines.iter().map(|(_, n)| n).sum()
            } else {
                lines = Vec::new();
                shogi_board::perft(&pos, depth)
            }
        }
    };
    for (mv, n) in &lines {
        println!("{mv}: {n}");
    }
    println!("{total}");
    EXIT_OK
}
