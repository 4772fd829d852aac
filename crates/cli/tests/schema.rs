//! docs/kifu.schema.json against what `kifu` writes (issue 11, part 3): every record and
//! diagnostic of every file in testdata/, a comparison, and the `.jsonl` files of a batch. The
//! other test files check their own runs through `common::schema::check_output`.

mod common;

use std::process::Output;

use common::schema::{check_lines, check_output, violations};
use common::{TempDir, testdata, walk};

fn kifu(args: &[&str]) -> Output {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
        .current_dir(testdata(""))
        .args(args)
        .output()
        .expect("kifu runs");
    check_output(args, &out);
    out
}

/// Counts the lines of `text` that hold the JSON key `key` at their top level.
fn count(text: &str, key: &str) -> usize {
    text.lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v.get(key).is_some())
        .count()
}

#[test]
fn every_record_and_diagnostic_of_testdata_is_valid() {
    let o = kifu(&[
        "convert",
        "--to",
        "json",
        "--message-format",
        "json",
        "--recursive",
        ".",
    ]);
    let (out, err) = (
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr),
    );
    // The run covers the shapes: records of both games, games kifu could not read,
    // diagnostics of both severities and the summary.
    assert!(
        count(&out, "final") > 300,
        "{} records",
        count(&out, "final")
    );
    assert!(count(&out, "error") > 0, "no unreadable game");
    assert!(err.contains(r#""severity":"error""#));
    assert!(err.contains(r#""severity":"warning""#));
    assert!(out.contains(r#""variant":"shogi""#) && out.contains(r#""variant":"xiangqi""#));
    assert_eq!(count(&err, "summary"), 1);
    let check = kifu(&["check", "--message-format", "json", "--recursive", "."]);
    assert_eq!(
        count(&String::from_utf8_lossy(&check.stderr), "severity"),
        count(&err, "severity"),
        "check and convert report the same findings"
    );
}

#[test]
fn a_comparison_is_valid() {
    for (a, b) in [
        (
            "xiangqi/seed-descriptive-fi.pgn",
            "xiangqi/seed-algebraic-fi.pgn",
        ),
        (
            "xiangqi/seed-descriptive-fi.pgn",
            "xiangqi/xiangqi-chinese-1.pgn",
        ),
        ("shogi/shogi-real-game.psn", "xiangqi/xiangqi-chinese-1.pgn"),
        ("errors/ambiguous-move.pgn", "errors/ambiguous-move.pgn"),
    ] {
        let o = kifu(&["compare", "--message-format", "json", a, b]);
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(out.lines().count() >= 1, "{a} {b}: nothing on stdout");
        assert_eq!(count(&out, "summary"), 1, "{a} {b}:\n{out}");
    }
}

#[test]
fn the_jsonl_files_of_a_batch_are_valid() {
    let dir = TempDir::new("schema-batch");
    let o = kifu(&[
        "convert",
        "-q",
        "--to",
        "json",
        "--recursive",
        "--output-dir",
        dir.0.to_str().unwrap(),
        "shogi",
        "xiangqi",
    ]);
    assert!(o.status.code().is_some());
    let mut files = 0;
    for entry in walk(&dir.0) {
        let text = std::fs::read_to_string(&entry).unwrap();
        check_lines(&entry.display().to_string(), &text);
        files += 1;
    }
    assert!(files > 20, "{files} files written");
}

#[test]
fn a_record_without_its_version_is_refused() {
    // The check can fail: the schema requires `version` in a record.
    let o = kifu(&["convert", "--to", "json", "xiangqi/xiangqi-chinese-1.pgn"]);
    let mut v: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&o.stdout).lines().next().unwrap()).unwrap();
    assert_eq!(violations(&v), Vec::<String>::new());
    v.as_object_mut().unwrap().remove("version");
    let errors = violations(&v);
    // The top level is one of a record or a diagnostic line: neither fits without `version`.
    assert!(
        errors.len() == 1 && errors[0].contains("is not valid under any of the schemas"),
        "{errors:?}"
    );
}
