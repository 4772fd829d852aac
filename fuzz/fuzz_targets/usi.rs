//! Reads lines of USI moves from the shogi start (see kifu_fuzz), and a `position` command.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    thread_local! {
        static NOTATIONS: Vec<kifu_fuzz::ShogiNotation> = vec![Box::new(psn::Usi)];
    }
    for line in String::from_utf8_lossy(data).lines().take(400) {
        let _ = line.parse::<shogi_board::Move>();
    }
    NOTATIONS.with(|n| kifu_fuzz::shogi_lines(data, n));
});
