//! Reads lines of PSN moves from the shogi start (see kifu_fuzz), and parses each alone.
#![no_main]

use libfuzzer_sys::fuzz_target;
use notation_traits::MoveNotation;

fuzz_target!(|data: &[u8]| {
    thread_local! {
        static NOTATIONS: Vec<kifu_fuzz::ShogiNotation> = kifu_fuzz::psn_notations();
    }
    for line in String::from_utf8_lossy(data).lines().take(400) {
        let _ = psn::Psn::default().parse(line);
    }
    NOTATIONS.with(|n| kifu_fuzz::shogi_lines(data, n));
});
