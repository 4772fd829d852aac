//! Every legal move of random shogi positions (even and handicap starts), written in every
//! notation and read back (see kifu_fuzz::shogi_roundtrip).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kifu_fuzz::shogi_roundtrip(data));
