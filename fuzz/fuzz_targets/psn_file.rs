//! See kifu_fuzz::psn_file.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kifu_fuzz::psn_file(data));
