//! `kifu perft`: legal-move counts ([`kifu_records::perft`]).

use crate::report::{EXIT_DATA, EXIT_OK};
use kifu_records::Variant;

pub(crate) fn run(variant: Variant, fen: Option<&str>, depth: u32, divide: bool) -> u8 {
    match kifu_records::perft(variant, fen, depth, divide) {
        Ok(count) => {
            for (mv, n) in &count.divide {
                outln!("{mv}: {n}");
            }
            outln!("{}", count.total);
            EXIT_OK
        }
        Err(e) => {
            errln!("error: --fen: {e}");
            EXIT_DATA
        }
    }
}
