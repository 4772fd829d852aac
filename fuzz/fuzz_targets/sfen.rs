//! See kifu_fuzz::sfen.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kifu_fuzz::sfen(data));
