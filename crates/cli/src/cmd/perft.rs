//! `kifu perft`: legal-move counts.

use xiangqi_board::{Position, perft, perft_divide};

use crate::Variant;
use crate::report::{EXIT_DATA, EXIT_OK};

pub(crate) fn run(variant: Variant, fen: Option<&str>, depth: u32, divide: bool) -> u8 {
    match variant {
        Variant::Xiangqi => {
            let pos = match fen.map(Position::from_fen).transpose() {
                Ok(p) => p.unwrap_or_default(),
                Err(e) => {
                    eprintln!("error: --fen: {e}");
                    return EXIT_DATA;
                }
            };
            let total = if divide && depth > 0 {
                let lines = perft_divide(&pos, depth);
                for (mv, n) in &lines {
                    println!("{mv}: {n}");
                }
                lines.iter().map(|(_, n)| n).sum()
            } else {
                perft(&pos, depth)
            };
            println!("{total}");
            EXIT_OK
        }
    }
}
