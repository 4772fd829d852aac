//! The `kifu` binary on inputs built to exhaust it (issue 18, items 2 and 3), each at the size
//! that once broke it: no stack overflow (exit 134), the right exit status and output. Time is
//! never asserted; speed is measured by `cargo xtask bench`.

mod common;

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::{Command, Output};

/// Writes `text` to a file named `name` in a fresh temporary folder; returns its path.
fn file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kifu-big-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn kifu(args: &[&str], path: &PathBuf) -> (Option<i32>, String) {
    let out: Output = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .arg(path)
        .output()
        .expect("kifu runs");
    common::schema::check_output(args, &out);
    let _ = std::fs::remove_file(path);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A xiangqi game of `plies` plies in ICCS, both horses going out and back (legal, and no
/// repetition rule of the reader ends it), one move pair per numbered line; `fault` replaces
/// the move of that ply (from 0) with a move no piece can make.
fn horses(plies: usize, fault: Option<usize>) -> String {
    let cycle = ["H0-G2", "H9-G7", "G2-H0", "G7-H9"];
    let mut text = String::from("[Game \"Chinese Chess\"]\n[Format \"ICCS\"]\n\n");
    for ply in 0..plies {
        if ply % 2 == 0 {
            let _ = write!(text, "{}. ", ply / 2 + 1);
        }
        text.push_str(if Some(ply) == fault {
            "H0-G3"
        } else {
            cycle[ply % 4]
        });
        text.push(if ply % 2 == 1 { '\n' } else { ' ' });
    }
    text.push_str("\n*\n");
    text
}

/// 2,000,000 plies: move numbers of 7 digits were read as faulty moves (the reader took 6).
#[test]
fn a_game_of_two_million_plies_is_read() {
    let path = file("long.pgn", &horses(2_000_000, None));
    let (code, err) = kifu(&["check"], &path);
    assert_eq!(code, Some(0), "{}", &err[..err.len().min(2000)]);
    assert!(
        err.ends_with("kifu check: 1 game read, 0 with errors, 0 warnings\n"),
        "{err}"
    );
}

/// 800,000 `(` after the result: each used to be scanned to the end of the game.
#[test]
fn parentheses_after_the_result_are_read_once() {
    let mut text = horses(40, None);
    text.push_str(&"(".repeat(800_000));
    text.push('\n');
    let path = file("parens.pgn", &text);
    let (code, err) = kifu(&["check"], &path);
    assert_eq!(code, Some(0), "{}", &err[..err.len().min(2000)]);
    assert!(
        err.contains(
            "warning[text-after-result]: text after the result is not read (kept as a comment), starting at `(`"
        ),
        "{err}"
    );
    assert!(
        err.ends_with("kifu check: 1 game read, 0 with errors, 1 warning\n"),
        "{err}"
    );
}

/// 15,000 plies with one fault, repaired: the repair search used to recurse once per ply.
#[test]
fn a_long_game_with_one_fault_is_repaired() {
    let path = file("fault.pgn", &horses(15_000, Some(7_000)));
    let (code, err) = kifu(&["check", "--repair"], &path);
    assert_eq!(code, Some(0), "{}", &err[..err.len().min(2000)]);
    assert!(err.contains("`H0-G3`"), "{err}");
    assert!(
        err.ends_with("kifu check: 1 game read, 0 with errors, 1 warning\n"),
        "{err}"
    );
}

/// 3,600 nested `Variation:N` blocks (PSN): they got around the 32-level cap of `(...)`,
/// used memory quadratic in their number, then overflowed the stack.
#[test]
fn nested_variation_blocks_are_capped() {
    let cycle = ["R-4h", "R-4b", "R-2h", "R-8b"];
    let mut text = String::from(
        "[SFEN \"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\"]\n\n",
    );
    let blocks = 3_600;
    for ply in 1..=blocks + 2 {
        let _ = writeln!(text, "{ply}.{}", cycle[(ply - 1) % 4]);
    }
    for ply in 2..=blocks + 1 {
        let _ = writeln!(
            text,
            "Variation:{ply}\n{ply}.{}\n{}.{}",
            cycle[(ply - 1) % 4],
            ply + 1,
            cycle[ply % 4]
        );
    }
    let path = file("blocks.psn", &text);
    let (code, err) = kifu(&["check"], &path);
    assert_eq!(code, Some(1), "{}", &err[..err.len().min(2000)]);
    assert!(
        err.contains(
            "error[variation-too-deep]: `Variation:34` would nest variations more than 32 levels deep: its moves are kept as a comment"
        ),
        "{}",
        &err[..err.len().min(4000)]
    );
}

/// 2 MB of stray `}` in one game: each was a diagnostic kept to the end of the game (667 MB
/// of memory; 24 MB now). Past 10,000 they are counted in one error, the kept ones in order.
#[test]
fn a_million_stray_brackets_keep_ten_thousand_diagnostics() {
    let text = format!(
        "[Event \"x\"]\n\n1. C2.5 H8+7 {}*\n",
        "} ".repeat(1_000_000)
    );
    let path = file("braces.pgn", &text);
    let (code, err) = kifu(&["check", "--format", "json"], &path);
    assert_eq!(code, Some(1));
    let lines: Vec<serde_json::Value> = err
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 10_002);
    assert!(lines[..10_000].iter().all(|d| d["code"] == "stray-bracket"));
    // The first dropped `}` is the 10,001st: column 14 + 2 * 10,000.
    let last = &lines[10_000];
    assert_eq!(
        (&last["code"], &last["line"], &last["column"]),
        (
            &serde_json::json!("too-many-diagnostics"),
            &serde_json::json!(3),
            &serde_json::json!(20_014)
        )
    );
    assert_eq!(
        last["message"],
        "990000 more diagnostics of this game are not kept (at most 10000 are, in order): fix the first ones and check again"
    );
    assert_eq!(
        lines[10_001],
        serde_json::json!({"summary": {"games": 1, "ok": 0, "with_errors": 1, "warnings": 0}})
    );
}

/// A one-megabyte token is quoted by its first 120 characters (a JKF move object is about 100) and its length, in the text
/// diagnostic and in the comment that keeps the unread rest; the rest as written keeps it
/// whole (before, both messages copied the megabyte).
#[test]
fn a_megabyte_token_is_quoted_short() {
    let token = "A".repeat(1_000_000);
    let text = format!("1. P-7f {token} *\n");
    let shown = format!("`{}… (1000000 characters)`", "A".repeat(120));
    let path = file("token.psn", &text);
    let (code, err) = kifu(&["check"], &path);
    assert_eq!(code, Some(1));
    assert!(err.contains(&format!(
        "error[syntax]: ply 2 ({shown}): expected a piece letter"
    )));
    assert!(err.len() < 2_000, "{} bytes of diagnostics", err.len());
    let path = file("token2.psn", &text);
    let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["convert", "--to", "usi"])
        .arg(&path)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&path);
    let written = String::from_utf8(out.stdout).unwrap();
    assert!(written.contains(&format!("; kifu: not read from ply 2 ({shown}): ")));
    assert!(written.contains(&format!("; the rest as written:\n; {token}\n")));
    assert_eq!(written.matches(&token).count(), 1);
}
