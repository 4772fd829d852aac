//! Every legal move of random xiangqi positions, written in every notation and read back (see
//! kifu_fuzz::xiangqi_roundtrip).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kifu_fuzz::xiangqi_roundtrip(data));
