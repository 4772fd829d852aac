//! Reads lines of moves in the algebraic notations from the xiangqi start (see kifu_fuzz).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    thread_local! {
        static NOTATIONS: Vec<kifu_fuzz::XiangqiNotation> = kifu_fuzz::algebraic_notations();
    }
    NOTATIONS.with(|n| kifu_fuzz::xiangqi_lines(data, n));
});
