//! `kifu check` on every file of testdata/errors prints exactly the diagnostics of its expected
//! files: `NAME.out` for the text form and `NAME.json` for `--format json`. Each expected file
//! holds an optional first line `args: ...` (extra arguments, the same in both files), then
//! `exit: N`, then standard error exactly as a terminal-less run from the repository root writes
//! it.
//!
//! Every code a user's file can trigger has one small input named after it (`CODE.pgn`,
//! `CODE.psn`, `CODE.jsonl`, or a KIF, KI2, CSA or JKF file; see [`CODES`] and [`EXTENSIONS`]). Each expected value was checked by hand against the rules and the
//! notation documents, not only taken from kifu:
//!
//! - xiangqi (WXF rules, chapter 1): the horse's leg on g0 (`H2+4`, `马二进四`), the
//!   elephant's eye on h1 (`E3+1` after `C2-1`), a cannon that captures on h7 without a screen
//!   (`C2+5`), an elephant crossing from c4 to e6, an advisor leaving the palace for c1, a pawn
//!   moving sideways on c3 before the river, a chariot blocked by / landing on its own pawn on
//!   i3, a horse moving sideways, a king stepping along the rank a chariot holds, the flying
//!   general (the advisor leaving e1, the king stepping onto the open e-file), and a checkmate by
//!   two chariots whose stated result says the loser won; the tandem forms of the WXF page,
//!   the 2018 rules and xqbase on positions with two or three pawns on a file (`33.4` is g6f6
//!   by the WXF page and g5f5 by the 2018 rules);
//! - shogi: nifu (a pawn on the file already, 5g or 7g), uchifuzume (the king on 9a with 9b
//!   guarded by the gold on 8c and 8a by the silver on 7b; the published 1b position), a knight
//!   dropped on 5b and a knight moved to 3b (forced promotion), a pawn promoting on 7f, drops
//!   without the piece in hand or onto the king, `wP-3d` with Black to move, a `[FEN]` naming
//!   the lance handicap (9a empty, White to move) beside an even `[SFEN]`;
//! - a move left out (`1.P-7f 2.P-2f P-3d`: `P-2f` is black's with white to move, and with a
//!   white move added the rest reads; ICCS `h2e2 b0c2`: a red move with black to move), the
//!   lance handicap's first move given to black (white, 上手, moves first), and two pairs of
//!   lines swapped (`5.` and `6.` before `3.` and `4.`: in the order of the numbers every move
//!   is legal); each says that, not a respelling;
//! - places: lines and columns from 1, columns in characters (`马二进四`, `Ｃ２．５`, `车９走８`
//!   start at the characters counted, not at byte offsets), the ply counted from the record's
//!   first move, the position the FEN/SFEN before the move; candidates are the legal moves at
//!   the smallest edit distance (1, else 2), checked against each position.
//!
//! Codes that no input triggers, or whose output is wrong today, are listed with the reason in
//! [`NO_INPUT`] and [`WRONG_TODAY`].

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

// Every code of the sources (how the list is made: the docs of `notation_traits::CODES`).
use notation_traits::CODES;

/// Codes that no input file can trigger through `kifu check`, and why.
const NO_INPUT: &[(&str, &str)] = &[
    (
        "too-many-diagnostics",
        "a game of over 10,000 diagnostics: crates/cli/tests/big_inputs.rs builds one (2 MB)",
    ),
    (
        "bad-header",
        "binary archive inputs (XQF, CBR, CBL): crates/xiangqi-archive/tests builds each",
    ),
    (
        "bad-move-record",
        "binary archive inputs (XQF, CBR, CBL): crates/xiangqi-archive/tests builds each",
    ),
    (
        "bad-piece-table",
        "binary archive inputs (XQF): crates/xiangqi-archive/tests builds each",
    ),
    (
        "not-writable",
        "only `kifu convert --to` a read-only format emits it",
    ),
    (
        "one-game-per-file",
        "only `kifu convert --to xqf` of several games into one file emits it",
    ),
    (
        "trailing-bytes",
        "binary archive inputs (XQF, CBR): crates/xiangqi-archive/tests builds each",
    ),
    (
        "truncated-file",
        "binary archive inputs (XQF, CBR, CBL): crates/xiangqi-archive/tests builds each",
    ),
    (
        "undecodable-text",
        "binary archive inputs (XQF, CBR): crates/xiangqi-archive/tests builds each",
    ),
    (
        "form-not-allowed",
        "MoveError::NotAllowed is declared in notation-traits but no notation constructs it",
    ),
    (
        "wrong-variant",
        "only `kifu convert` emits it, for a game of the other variant than `--to` writes",
    ),
];

/// Codes an input can trigger but whose output is wrong today, so no expected output blesses
/// it; each gets its file once kifu is fixed (and leaves this list).
const WRONG_TODAY: &[(&str, &str)] = &[];

/// The extensions of the input files of testdata/errors.
const EXTENSIONS: &[&str] = &[
    "pgn", "psn", "jsonl", "kif", "kifu", "ki2", "ki2u", "csa", "jkf",
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn errors_dir() -> PathBuf {
    root().join("testdata/errors")
}

/// The input files of testdata/errors (see [`EXTENSIONS`]), sorted.
fn inputs() -> Vec<String> {
    let mut inputs: Vec<String> = std::fs::read_dir(errors_dir())
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| {
            n.rsplit_once('.')
                .is_some_and(|(_, ext)| EXTENSIONS.contains(&ext))
        })
        .collect();
    inputs.sort();
    inputs
}

/// An expected file: the extra arguments, the exit code and standard error.
struct Expected {
    args: Vec<String>,
    exit: i32,
    stderr: String,
}

fn expected(path: &Path) -> Expected {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (mut first, mut rest) = text
        .split_once('\n')
        .unwrap_or_else(|| panic!("{}: no `exit:` line", path.display()));
    let mut args = Vec::new();
    if let Some(a) = first.strip_prefix("args: ") {
        args = a.split_whitespace().map(str::to_owned).collect();
        (first, rest) = rest
            .split_once('\n')
            .unwrap_or_else(|| panic!("{}: no `exit:` line", path.display()));
    }
    let exit = first
        .strip_prefix("exit: ")
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("{}: expected `exit: N`, found `{first}`", path.display()));
    Expected {
        args,
        exit,
        stderr: rest.to_owned(),
    }
}

fn check(format: &[&str], args: &[String], rel: &str) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .current_dir(root())
        .arg("check")
        .args(format)
        .args(args)
        .arg(rel)
        .output()
        .unwrap();
    let mut all: Vec<&str> = vec!["check"];
    all.extend(format);
    all.extend(args.iter().map(String::as_str));
    common::schema::check_output(&all, &out);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn every_bad_input_gets_exactly_its_diagnostics() {
    let dir = errors_dir();
    let inputs = inputs();
    assert!(inputs.len() >= 80, "{inputs:?}");
    let mut failures = Vec::new();
    for name in &inputs {
        let rel = format!("testdata/errors/{name}");
        let text = expected(&dir.join(format!("{name}.out")));
        let json = expected(&dir.join(format!("{name}.json")));
        assert_eq!(
            text.args, json.args,
            "{rel}: the two expected files give other args"
        );
        assert_eq!(
            text.exit, json.exit,
            "{rel}: the two expected files give other exits"
        );
        for (form, format, want) in [
            ("text", &[][..], &text),
            ("json", &["--format", "json"][..], &json),
        ] {
            let (code, stdout, stderr) = check(format, &want.args, &rel);
            if code != Some(want.exit) || stderr != want.stderr || !stdout.is_empty() {
                failures.push(format!(
                    "{rel} ({form}): exit {code:?}, expected {}\n--- got\n{stderr}--- expected\n{}--- stdout\n{stdout}",
                    want.exit, want.stderr
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The JSON lines have the fields of docs/cli.md, in its order, and the summary counts them.
#[test]
fn json_diagnostics_have_the_fields_of_the_contract() {
    let fields = [
        "severity",
        "code",
        "file",
        "game",
        "line",
        "column",
        "ply",
        "text",
        "message",
        "help",
        "candidates",
        "position",
    ];
    for name in inputs() {
        let json = expected(&errors_dir().join(format!("{name}.json")));
        let lines: Vec<Value> = json
            .stderr
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{name}: {e}: {l}")))
            .collect();
        let (summary, diagnostics) = lines.split_last().expect("a summary line");
        let summary = &summary["summary"];
        let mut warnings = 0;
        for d in diagnostics {
            let keys: Vec<&str> = d
                .as_object()
                .unwrap_or_else(|| panic!("{name}: {d}"))
                .keys()
                .map(String::as_str)
                .collect();
            assert_eq!(keys, fields, "{name}: {d}");
            assert_eq!(d["file"], format!("testdata/errors/{name}"), "{name}: {d}");
            assert!(
                CODES.contains(&d["code"].as_str().unwrap()),
                "{name}: unknown code in {d}"
            );
            match d["severity"].as_str() {
                Some("warning") => warnings += 1,
                Some("error") => {}
                _ => panic!("{name}: severity of {d}"),
            }
        }
        assert_eq!(summary["warnings"], warnings, "{name}");
        // Input that cannot be decoded is no game: exit 3, nothing read.
        if diagnostics.iter().any(|d| d["code"] == "io") {
            assert_eq!(json.exit, 3, "{name}: an input error is exit 3");
            assert_eq!(summary["games"], 0, "{name}");
            continue;
        }
        let errors = diagnostics.iter().any(|d| d["severity"] == "error");
        assert_eq!(
            json.exit,
            i32::from(errors),
            "{name}: exit code and errors disagree"
        );
        assert_eq!(summary["with_errors"], u64::from(errors), "{name}");
        assert_eq!(summary["games"], 1, "{name}");
    }
}

#[test]
fn every_code_has_its_bad_input() {
    let dir = errors_dir();
    let mut sorted = CODES.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted, CODES, "CODES is sorted and without repeats");
    for (code, why) in NO_INPUT.iter().chain(WRONG_TODAY) {
        assert!(
            CODES.contains(code),
            "{code} ({why}) is no code of the sources"
        );
        for ext in ["pgn", "psn", "jsonl"] {
            assert!(
                !dir.join(format!("{code}.{ext}")).exists(),
                "{code} has {code}.{ext}: take it off NO_INPUT / WRONG_TODAY"
            );
        }
    }
    let mut missing = Vec::new();
    for code in CODES {
        if NO_INPUT.iter().chain(WRONG_TODAY).any(|(c, _)| c == code) {
            continue;
        }
        let Some(input) = EXTENSIONS
            .iter()
            .map(|ext| format!("{code}.{ext}"))
            .find(|n| dir.join(n).exists())
        else {
            missing.push(format!(
                "{code}: no testdata/errors/{code}.EXT (EXT one of {EXTENSIONS:?})"
            ));
            continue;
        };
        // The input triggers the code it is named after.
        let json = expected(&dir.join(format!("{input}.json")));
        if !json.stderr.contains(&format!("\"code\":\"{code}\"")) {
            missing.push(format!("{code}: {input}.json has no diagnostic `{code}`"));
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

#[test]
fn docs_name_every_code() {
    let docs = std::fs::read_to_string(root().join("docs/codes.md")).expect("docs/codes.md");
    let named: Vec<&str> = docs
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split('`').next())
        .collect();
    assert_eq!(named, CODES, "docs/codes.md has one row per code, sorted");
}

#[test]
fn an_unknown_code_is_a_usage_error() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_kifu"))
            .current_dir(root())
            .args(args)
            .output()
            .expect("kifu runs")
    };
    let out = run(&[
        "check",
        "--allow",
        "move-number-mismach",
        "testdata/errors/nifu.psn",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "no diagnostic code `move-number-mismach`: did you mean `move-number-mismatch`?"
        ),
        "{stderr}"
    );
    let out = run(&["check", "--deny", "form", "testdata/errors/nifu.psn"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "did you mean one of `form-not-allowed`, `wxf-form`, `wxr2018-form`, `xqbase-form`?"
        ),
        "{stderr}"
    );
    // A known code is accepted by --deny: the nifu error stays an error (exit 1); --allow
    // refuses it, as errors cannot be allowed (exit 2).
    let out = run(&["check", "--deny", "nifu", "testdata/errors/nifu.psn"]);
    assert_eq!(out.status.code(), Some(1));
    let out = run(&["check", "--allow", "nifu", "testdata/errors/nifu.psn"]);
    assert_eq!(out.status.code(), Some(2));
}
