//! See kifu_fuzz::pgn_file.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kifu_fuzz::pgn_file(data));
