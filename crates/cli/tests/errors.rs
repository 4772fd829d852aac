//! `kifu check` on every file of testdata/errors prints exactly the diagnostics of its `.out`
//! file (first line `exit: N`, then standard error as a terminal-less run writes it).
//!
//! Each expected value was checked against the rules: the horse's leg on g0 (WXF rules), both
//! cannons reaching e3, both golds reaching 5h, the flying general of the fixtures README, nifu
//! and the uchifuzume position of the published perft tables, a forced promotion read with a
//! warning (NOTATIONS.md), columns counted in characters.

use std::path::Path;
use std::process::Command;

#[test]
fn every_bad_input_gets_exactly_its_diagnostics() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = root.join("testdata/errors");
    let mut inputs: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".pgn") || n.ends_with(".psn"))
        .collect();
    inputs.sort();
    assert!(inputs.len() >= 10, "{inputs:?}");
    for name in &inputs {
        let rel = format!("testdata/errors/{name}");
        let expected = std::fs::read_to_string(dir.join(format!("{name}.out")))
            .unwrap_or_else(|e| panic!("{rel}.out: {e}"));
        let (code_line, text) = expected.split_once('\n').expect("an exit line");
        let code: i32 = code_line
            .strip_prefix("exit: ")
            .and_then(|c| c.parse().ok())
            .expect("`exit: N`");
        let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
            .current_dir(&root)
            .args(["check", &rel])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(code), "{rel}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), text, "{rel}");
    }
}
