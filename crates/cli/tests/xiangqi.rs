//! The `kifu` binary on xiangqi records: the seed game in both transcriptions
//! (testdata/xiangqi/seed-*.pgn, copied from the seed document), bad input, exit codes.

mod common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn testdata(name: &str) -> String {
    format!(
        "{}/../../testdata/xiangqi/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn kifu(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kifu runs");
    {
        let mut input = child.stdin.take().expect("stdin");
        if let Some(text) = stdin {
            input.write_all(text.as_bytes()).expect("write stdin");
        }
    }
    let out = child.wait_with_output().expect("kifu finishes");
    common::schema::check_output(args, &out);
    out
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8 output")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("UTF-8 diagnostics")
}

/// The move tokens of PGN movetext: tags, move numbers, comments and the result left out.
fn tokens(pgn: &str) -> Vec<String> {
    let body: String = pgn
        .lines()
        .filter(|l| !l.starts_with('['))
        .collect::<Vec<_>>()
        .join("\n");
    let mut out = Vec::new();
    let mut depth = 0;
    for word in body.split_whitespace() {
        if word.starts_with('{') {
            depth += 1;
        }
        if depth > 0 {
            if word.ends_with('}') {
                depth -= 1;
            }
            continue;
        }
        let word = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if !word.is_empty() && !matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*" | "-1" | "-0") {
            out.push(word.to_owned());
        }
    }
    out
}

/// JSON diagnostics written with `--format json`, without the summary line.
fn diagnostics(o: &Output) -> Vec<Value> {
    stderr(o)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("a JSON line"))
        .filter(|v| v.get("summary").is_none())
        .collect()
}

const SEED_ALGEBRAIC: &str = "seed-algebraic-fi.pgn";
const SEED_DESCRIPTIVE: &str = "seed-descriptive-fi.pgn";

#[test]
fn the_algebraic_seed_converts_back_token_for_token() {
    let input = std::fs::read_to_string(testdata(SEED_ALGEBRAIC)).unwrap();
    let o = kifu(
        &[
            "convert",
            "--to",
            "algebraic",
            "--lang",
            "fi",
            &testdata(SEED_ALGEBRAIC),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let written = tokens(&stdout(&o));
    assert_eq!(written.len(), 106);
    assert_eq!(written, tokens(&input));
    let out = stdout(&o);
    assert!(out.starts_with("[Game \"Chinese Chess\"]\n[Event \"MSO Singapore"));
    assert!(out.contains("[Format \"Algebraic\"]\n[Language \"fi\"]\n"));
    assert!(out.ends_with("0-1 {Red resigned}\n"));
}

/// The seed's descriptive tokens with its transcription faults put right by the WXF rules:
/// ply 32 is a cannon move (`Tgg7` in the algebraic transcription), so `S7+2` is `T7+2`; at plies
/// 42, 52, 56, 58 and 60 two like black pieces stand on the file, so the WXF page writes the
/// tandem marker (`V++3`, `T-=2`, `V++2`, `T-+2`, `V+=1`) instead of the file digit.
fn canonical_descriptive() -> Vec<String> {
    let seed = std::fs::read_to_string(testdata(SEED_DESCRIPTIVE)).unwrap();
    let mut t = tokens(&seed);
    for (ply, right) in [
        (32, "T7+2"),
        (42, "V++3"),
        (52, "T-=2"),
        (56, "V++2"),
        (58, "T-+2"),
        (60, "V+=1"),
    ] {
        t[ply - 1] = right.to_owned();
    }
    t
}

#[test]
fn the_algebraic_seed_converts_to_canonical_descriptive_notation() {
    let o = kifu(
        &[
            "convert",
            "--to",
            "wxf",
            "--lang",
            "fi",
            &testdata(SEED_ALGEBRAIC),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(tokens(&stdout(&o)), canonical_descriptive());
    assert!(stdout(&o).contains("[Format \"WXF\"]\n[Language \"fi\"]\n"));
}

#[test]
fn check_finds_every_fault_of_the_descriptive_seed() {
    let o = kifu(
        &["check", "--format", "json", &testdata(SEED_DESCRIPTIVE)],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).is_empty());
    let ds = diagnostics(&o);
    let errors: Vec<&Value> = ds.iter().filter(|d| d["severity"] == "error").collect();
    assert_eq!(errors.len(), 2, "{ds:#?}");
    // The wrong piece letter: a pawn cannot move two points.
    let e = errors[0];
    assert_eq!(e["ply"], 32);
    assert_eq!(e["text"], "S7+2");
    assert_eq!(
        (e["line"].as_u64(), e["column"].as_u64()),
        (Some(21), Some(23))
    );
    assert_eq!(e["code"], "piece-movement");
    assert_eq!(e["candidates"], serde_json::json!(["T7+2"]));
    assert_eq!(e["file"], testdata(SEED_DESCRIPTIVE));
    assert_eq!(e["game"], 1);
    assert!(e["position"].as_str().unwrap().ends_with(" b - - 0 16"));
    // The ambiguous cannon move, both readings fitting the rest of the game.
    let e = errors[1];
    assert_eq!(e["ply"], 52);
    assert_eq!(e["code"], "ambiguous-move");
    assert_eq!(
        (e["line"].as_u64(), e["column"].as_u64()),
        (Some(26), Some(24))
    );
    assert_eq!(e["candidates"], serde_json::json!(["T+=2", "T-=2"]));
    assert!(e["help"].as_str().unwrap().contains("transpose"), "{e}");
    // Tandem pieces written with the plain file digit.
    let tandem: Vec<u64> = ds
        .iter()
        .filter(|d| d["code"] == "tandem-file-digit")
        .map(|d| d["ply"].as_u64().unwrap())
        .collect();
    assert_eq!(tandem, [42, 56, 58, 60]);
    // Each line holds two full moves, but its first number counts lines: 26 of 27 are wrong,
    // said once for the game, at the first, without a position (the numbers are no move).
    let numbers: Vec<&Value> = ds
        .iter()
        .filter(|d| d["code"] == "move-number-mismatch")
        .collect();
    assert_eq!(numbers.len(), 1);
    assert_eq!(numbers[0]["line"], 15);
    assert_eq!(numbers[0]["ply"], 5);
    assert!(
        numbers[0]["message"]
            .as_str()
            .unwrap()
            .starts_with("26 move numbers do not fit their plies; the first: move number `2.` does not fit ply 5: expected `3.`"),
        "{}",
        numbers[0]
    );
    assert!(
        numbers[0]["help"]
            .as_str()
            .unwrap()
            .starts_with("they count the lines of the movetext, not the moves")
    );
    assert_eq!(numbers[0]["position"], Value::Null);
    let summary: Value = serde_json::from_str(stderr(&o).lines().last().unwrap()).unwrap();
    assert_eq!(summary["summary"]["with_errors"], 1);
}

#[test]
fn text_diagnostics_show_the_line_and_a_caret() {
    let o = kifu(&["check", &testdata(SEED_DESCRIPTIVE)], None);
    let text = stderr(&o);
    assert!(
        text.contains("error[piece-movement]: ply 32 (`S7+2`): illegal move: the black pawn on file 7 (g2) to g0: the piece does not move that way: write T7+2"),
        "{text}"
    );
    assert!(
        text.contains("21 | 8. V8+4 H4+5 16. E7+5 S7+2\n   |                       ^^^^"),
        "{text}"
    );
}

#[test]
fn repair_decides_the_wrong_letter_and_leaves_the_ambiguous_move() {
    let o = kifu(
        &[
            "convert",
            "--repair",
            "--to",
            "wxf",
            "--lang",
            "fi",
            "--format",
            "json",
            &testdata(SEED_DESCRIPTIVE),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    let ds = diagnostics(&o);
    let repaired: Vec<&Value> = ds.iter().filter(|d| d["code"] == "repaired-move").collect();
    assert_eq!(repaired.len(), 1);
    assert_eq!(repaired[0]["ply"], 32);
    assert_eq!(repaired[0]["severity"], "warning");
    let errors: Vec<&Value> = ds.iter().filter(|d| d["severity"] == "error").collect();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0]["ply"], 52);
    let out = stdout(&o);
    let written = tokens(&out);
    assert_eq!(written[..51], canonical_descriptive()[..51]);
    assert!(
        out.contains("; kifu: not read from ply 52 (`T4=2`): ambiguous move"),
        "{out}"
    );
    // The unread rest is kept exactly as written, numbers and all, as `;` comment lines.
    assert!(
        out.contains("\n; T4=2\n; 14. V7=8 T4=2 28. V8=6 V8+2\n"),
        "{out}"
    );
    assert!(out.ends_with("0-1 {Red resigned}\n"));
}

#[test]
fn compare_reports_the_same_game_and_each_resolved_ply() {
    let o = kifu(
        &[
            "compare",
            &testdata(SEED_DESCRIPTIVE),
            &testdata(SEED_ALGEBRAIC),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("the same game: 106 plies"), "{out}");
    let resolved: Vec<&str> = out.lines().filter(|l| l.starts_with("ply ")).collect();
    assert_eq!(resolved.len(), 2, "{out}");
    assert!(resolved[0].starts_with("ply 32: `S7+2`"));
    assert!(resolved[0].contains("`Tgg7`"));
    assert!(resolved[0].ends_with("resolves it to `T7+2` (g8g6)"));
    assert!(resolved[1].starts_with("ply 52: `T4=2`"));
    assert!(resolved[1].contains("`Tb8`"));
    assert!(resolved[1].ends_with("resolves it to `T-=2` (d7b7)"));
}

#[test]
fn compare_finds_different_games() {
    let o = kifu(
        &["compare", &testdata(SEED_ALGEBRAIC), "-"],
        Some("1. h2e2 h7e7\n"),
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("different games: at ply 2"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn compare_cannot_decide_where_neither_transcription_reads() {
    // The descriptive seed against itself: ply 32 (`S7+2`) reads in neither, so the games are
    // neither known to differ nor known to be the same.
    let seed = testdata("seed-descriptive-fi.pgn");
    let o = kifu(&["compare", &seed, &seed], None);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains(
            "undecided: cannot compare past ply 31: neither transcription reads ply 32: `S7+2`"
        ),
        "{out}"
    );
    assert!(!out.contains("different games"), "{out}");
    let o = kifu(&["compare", "--format", "json", &seed, &seed], None);
    let first: Value = serde_json::from_str(stdout(&o).lines().next().unwrap()).unwrap();
    assert_eq!(first["same"], false);
    assert_eq!(first["difference"], Value::Null);
    assert_eq!(first["plies"], 31);
    assert!(first["undecided"].as_str().unwrap().contains("ply 32"));
}

#[test]
fn json_record_of_the_seed() {
    let o = kifu(
        &["convert", "--to", "json", &testdata(SEED_ALGEBRAIC)],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 1);
    let v: Value = serde_json::from_str(&out).unwrap();
    // The example record of CLI.md is this game.
    assert_eq!(v["variant"], "xiangqi");
    assert_eq!(v["tags"]["Red"], "Kwang Boon TANG");
    assert_eq!(v["tags"]["Result"], "0-1");
    assert_eq!(
        v["start"],
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    );
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 106);
    assert_eq!(moves[0]["ply"], 1);
    assert_eq!(moves[0]["text"], "The3");
    assert_eq!(moves[0]["coord"], "h2e2");
    assert_eq!(moves[1]["coord"], "h9g7");
    assert_eq!(v["result"], "0-1");
    assert_eq!(v["termination"], "resignation");
    assert_eq!(
        v["final"],
        "3a1k3/4a1RP1/4b3b/9/9/4P1B2/1r7/4B4/3p2p2/3AKA3 w - - 0 54"
    );
    let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
    assert_eq!(
        keys[..6],
        ["version", "variant", "tags", "start", "comments", "moves"]
    );
    assert_eq!(v["version"], 1);
}

#[test]
fn iccs_output_in_both_styles() {
    let o = kifu(
        &["convert", "--to", "iccs", &testdata(SEED_ALGEBRAIC)],
        None,
    );
    assert!(stdout(&o).contains("\n1. H2-E2 H9-G7\n"), "{}", stdout(&o));
    let o = kifu(
        &[
            "convert",
            "--to",
            "iccs",
            "--style",
            "engine",
            &testdata(SEED_ALGEBRAIC),
        ],
        None,
    );
    assert!(stdout(&o).contains("\n1. h2e2 h9g7\n"));
}

#[test]
fn detection_picks_the_notation_and_says_so() {
    let o = kifu(
        &["convert", "--to", "wxf"],
        Some("1. Che3 Hg8 2. Hg3 Rh10 *\n"),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("detected algebraic notation, English letters (4 of 4 plies read)")
    );
    assert!(
        stdout(&o).contains("1. C2.5 H8+7\n2. H2+3 R9.8\n*\n"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn a_wrong_piece_letter_gets_its_place_and_candidates() {
    // The horse is written with the chariot's letter: R2+3 names no move of the chariot on
    // file 2 ... there is none: the chariots stand on files 1 and 9.
    let o = kifu(
        &["check", "--format", "json", "--from", "wxf"],
        Some("1. C2.5 H8+7\n2. R2+3\n"),
    );
    assert_eq!(o.status.code(), Some(1));
    let d = &diagnostics(&o)[0];
    assert_eq!(d["code"], "no-such-piece");
    assert_eq!(d["message"], "no red chariot on file 2");
    assert_eq!(
        (d["line"].as_u64(), d["column"].as_u64(), d["ply"].as_u64()),
        (Some(2), Some(4), Some(3))
    );
    assert_eq!(d["candidates"], serde_json::json!(["H2+3"]));
}

#[test]
fn an_illegal_move_names_the_rule() {
    // From the start, the horse on h0 going to f1 jumps over its leg on g0 (the elephant).
    let o = kifu(
        &["check", "--format", "json", "--from", "wxf"],
        Some("1. H2+4\n"),
    );
    assert_eq!(o.status.code(), Some(1));
    let d = &diagnostics(&o)[0];
    assert_eq!(d["code"], "horse-leg");
    assert_eq!(
        d["message"],
        "illegal move: the red horse on file 2 (h0) to f1: the horse's leg is blocked"
    );
}

#[test]
fn an_ambiguous_algebraic_move_lists_both_cannons() {
    let o = kifu(
        &["check", "--format", "json", "--from", "algebraic"],
        Some("1. Ce3\n"),
    );
    assert_eq!(o.status.code(), Some(1));
    let d = &diagnostics(&o)[0];
    assert_eq!(d["code"], "ambiguous-move");
    assert_eq!(d["candidates"], serde_json::json!(["Cbe3", "Che3"]));
}

#[test]
fn a_syntax_error_points_at_the_character() {
    let o = kifu(
        &["check", "--format", "json", "--from", "wxf"],
        Some("1. C2.5 H8+7 2. Cx.5\n"),
    );
    assert_eq!(o.status.code(), Some(1));
    let d = &diagnostics(&o)[0];
    assert_eq!(d["code"], "syntax");
    assert_eq!(
        (d["line"].as_u64(), d["column"].as_u64()),
        (Some(1), Some(18))
    );
}

#[test]
fn exit_codes_for_missing_files_and_bad_usage() {
    let o = kifu(&["check", "/nonexistent/game.pgn"], None);
    assert_eq!(o.status.code(), Some(3));
    let o = kifu(&["convert", "--to", "klingon"], None);
    assert_eq!(o.status.code(), Some(2));
    let o = kifu(&["check"], Some("\u{0}\u{ff}"));
    assert_ne!(o.status.code(), Some(101));
}

#[test]
fn perft_prints_the_bare_count_last() {
    let o = kifu(&["perft", "--variant", "xiangqi", "3"], None);
    assert_eq!(stdout(&o).lines().last(), Some("79666"));
    let o = kifu(
        &[
            "perft",
            "--variant",
            "xiangqi",
            "--divide",
            "--fen",
            "4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1",
            "1",
        ],
        None,
    );
    assert_eq!(stdout(&o), "e0d0: 1\ne0f0: 1\n2\n");
}

#[test]
fn no_input_makes_kifu_panic() {
    let inputs = [
        "",
        "[",
        "[Event",
        "[Event \"x",
        "{",
        "(",
        ")",
        "1.",
        "1...",
        "$",
        "$99999999",
        "}",
        "]",
        "1. C2.5 (",
        "1. C2.5 ((",
        "[FEN \"x\"]\n1. h2e2",
        "[FEN \"9/9/9/9/9/9/9/9/9/9 w\"]",
        "1. 99.9",
        "1. ++++",
        "1. Ｃ２＝５",
        "1. 炮二平五",
        "\u{feff}",
        "1. h2e2 1-0 1-0 *",
        "1. C2.5 {unterminated",
        "1. h10h9",
        "1. e0e1 e9e8 e1e0 e8e9",
        "1. x",
        "1. K",
        "1. K5",
        "1. K5+",
        "1. K5+0",
        "1. R1+9",
        "[Format \"Chinese\"]\n1. x",
        "[Language \"xx\"]\n1. x",
    ];
    for input in inputs {
        for cmd in [
            &["check"][..],
            &["convert", "--to", "json"][..],
            &["convert", "--repair", "--to", "wxf"][..],
        ] {
            let o = kifu(cmd, Some(input));
            // Exit 3 only for an input with no game at all (a blank one).
            let blank = stderr(&o).contains("no game in it (the file is empty or blank)");
            assert!(
                matches!(o.status.code(), Some(0 | 1)) || (blank && o.status.code() == Some(3)),
                "{cmd:?} on {input:?}: {:?}\n{}",
                o.status,
                stderr(&o)
            );
        }
    }
}

#[test]
fn deeply_nested_variations_become_a_comment_with_an_error() {
    let moves = ["C8.5", "H2+3", "H8+7", "P7+1", "P3+1", "C2.4"];
    let n = 5000;
    let mut text = String::from("1. C2.5 ");
    for i in 0..n {
        text.push_str(&format!("(1. {} ", moves[i % moves.len()]));
    }
    text.push_str(&")".repeat(n));
    text.push_str(" H8+7\n");
    let o = kifu(
        &["check", "--format", "json", "--from", "wxf", "--lang", "en"],
        Some(&text),
    );
    assert_eq!(o.status.code(), Some(1));
    let ds = diagnostics(&o);
    assert!(
        ds.iter().any(|d| d["code"] == "variation-too-deep"),
        "{ds:?}"
    );
    let o = kifu(
        &["convert", "--to", "json", "--from", "wxf", "--lang", "en"],
        Some(&text),
    );
    let v: Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["moves"].as_array().unwrap().len(), 2);
}

#[test]
fn a_line_of_many_faults_is_checked_in_bounded_work() {
    // Found by fuzzing a mutated seed game: every token from the 11th on is faulty.
    let text =
        "S7+1 V2+6 T8=7 E3+5 H8+9 H7+6 S7+1 S7+1 S7+1 S7+1 7=7 E3+1 T8+. T4=2 V7=8 V1=2 X1+1\n";
    let o = kifu(&["check", "--format", "json", "--lang", "fi"], Some(text));
    assert_eq!(o.status.code(), Some(1));
    assert!(diagnostics(&o).iter().any(|d| d["severity"] == "error"));
}

#[test]
fn a_second_player_move_number_where_the_first_player_moves_is_an_error() {
    // Without a [FEN] tag the start position has Red to move: `1... H8+7` cannot be read as
    // Red's horse move.
    let o = kifu(
        &["check", "--format", "json", "--from", "wxf"],
        Some("1... H8+7\n"),
    );
    assert_eq!(o.status.code(), Some(1));
    let d = &diagnostics(&o)[0];
    assert_eq!(d["code"], "wrong-side-to-move");
    let o = kifu(
        &["convert", "--to", "json", "--from", "wxf"],
        Some("1... H8+7\n"),
    );
    let v: Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["moves"].as_array().unwrap().len(), 0);
}

#[test]
fn a_typo_in_the_first_move_does_not_hide_the_notation() {
    let o = kifu(
        &["convert", "--repair", "--to", "wxf"],
        Some("1. X2.5 H8+7 2. H2+3 R9.8\n"),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("1. C2.5 H8+7\n2. H2+3 R9.8\n"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn iccs_means_ranks_0_to_9_and_uci_ranks_1_to_10() {
    // a3c3 reads in both rank bases here (chariots on a3 and a2): the Format tag decides.
    let game = "[Format \"ICCS\"]\n[FEN \"3k5/9/9/9/9/9/R8/R8/9/4K4 w - - 0 1\"]\n\n1. a3c3\n";
    let o = kifu(
        &["convert", "--to", "iccs", "--style", "engine"],
        Some(game),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("1. a3c3\n"), "{}", stdout(&o));
    let o = kifu(
        &[
            "convert", "--from", "uci", "--to", "iccs", "--style", "engine",
        ],
        Some("[FEN \"3k5/9/9/9/9/9/R8/R8/9/4K4 w - - 0 1\"]\n\n1. a3c3\n"),
    );
    assert!(stdout(&o).contains("1. a2c2\n"), "{}", stdout(&o));
}

#[test]
fn compare_goes_game_by_game_and_checks_results() {
    let a = "1. C2.5 H8+7 1-0\n\n1. H2+3 H8+7 *\n";
    let dir = std::env::temp_dir().join(format!("kifu-compare-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("a.pgn");
    std::fs::write(&path, a).unwrap();
    let path = path.to_str().unwrap();
    // The same moves, another result in the first game.
    let o = kifu(
        &["compare", "--format", "json", path, "-"],
        Some("1. h2e2 h9g7 0-1\n\n1. h0g2 h9g7 *\n"),
    );
    assert_eq!(o.status.code(), Some(1));
    let lines: Vec<Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["game"], 1);
    assert_eq!(lines[0]["same"], false);
    assert!(
        lines[0]["difference"]
            .as_str()
            .unwrap()
            .contains("results differ")
    );
    assert_eq!(lines[1]["same"], true);
    assert_eq!(lines[2]["summary"]["same"], false);
    // A file with fewer games is a difference.
    let o = kifu(&["compare", path, "-"], Some("1. h2e2 h9g7 1-0\n"));
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("holds 2 games"), "{}", stdout(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_game_that_cannot_be_read_is_kept_as_written() {
    let game = "[Event \"x\"]\n[FEN \"9/9/9/9/9/9/9/9/9/9 w\"]\n\n1. C2.5 {c} 1-0\n";
    let o = kifu(&["convert", "--to", "wxf"], Some(game));
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains("[Event \"x\"]\n[FEN \"9/9/9/9/9/9/9/9/9/9 w\"]\n"),
        "{out}"
    );
    assert!(out.contains("\n; 1. C2.5 {c} 1-0\n1-0\n"), "{out}");
}

#[test]
fn repeated_tags_and_unknown_glyphs_are_kept() {
    let o = kifu(
        &["convert", "--to", "json"],
        Some("[Event \"x\"]\n[Event \"y\"]\n\n1. C2.5!!!! H8+7\n"),
    );
    let v: Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["tags"]["Event"], "x");
    assert_eq!(v["tags"]["Event (2)"], "y");
    assert_eq!(v["moves"][0]["comments"], serde_json::json!(["!!!!"]));
    let o = kifu(
        &["convert", "--to", "wxf"],
        Some("[Event \"x\"]\n[Event \"y\"]\n\n1. C2.5\n"),
    );
    assert!(stdout(&o).contains("[Event \"x\"]\n[Event \"y\"]\n"));
}

#[test]
fn an_ellipsis_on_the_first_move_is_an_error_with_more_moves_after_it() {
    let o = kifu(
        &["check", "--format", "json", "--from", "wxf"],
        Some("1... H8+7 2. C2.5\n"),
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(diagnostics(&o)[0]["code"], "wrong-side-to-move");
}

#[test]
fn a_wrong_language_gets_a_hint() {
    // Detected among the German-letter readings, none of which reads a move.
    let o = kifu(
        &["convert", "--to", "wxf", "--lang", "de", "--format", "json"],
        Some("1. C2.5 H8+7\n"),
    );
    let ds = diagnostics(&o);
    assert!(
        ds[0]["help"]
            .as_str()
            .unwrap()
            .starts_with("the moves read in English letters")
    );
    // Given the notation, the game is read up to the first move, and the hint is a warning.
    let o = kifu(
        &[
            "convert", "--to", "wxf", "--from", "wxf", "--lang", "de", "--format", "json",
        ],
        Some("1. C2.5 H8+7\n"),
    );
    let ds = diagnostics(&o);
    let hint = ds
        .iter()
        .find(|d| d["code"] == "language-hint")
        .expect("a hint");
    assert!(
        hint["message"]
            .as_str()
            .unwrap()
            .contains("English letters (2 of 2 plies)")
    );
}

#[test]
fn kifu_json_reads_back_to_the_same_record() {
    let pgn = "[Red \"A\"]\n{before} 1. C2.5 {centre} H8+7 (1... H2+3 {other}) 2. H2+3 $1 *\n";
    let json = stdout(&kifu(&["convert", "--to", "json"], Some(pgn)));
    let o = kifu(&["check", "--format", "json"], Some(&json));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // JSON to JSON gives the record back: the moves' coordinates, comments, glyphs and
    // variations; `text` becomes the coordinates, which is what JSON input reads.
    let again = stdout(&kifu(&["convert", "--to", "json"], Some(&json)));
    let a: serde_json::Value = serde_json::from_str(&json).unwrap();
    let b: serde_json::Value = serde_json::from_str(&again).unwrap();
    for key in ["tags", "start", "comments", "result", "final"] {
        assert_eq!(a[key], b[key], "{key}");
    }
    let coords = |v: &serde_json::Value| -> Vec<String> {
        v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["coord"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(coords(&a), ["h2e2", "h9g7", "h0g2"]);
    assert_eq!(coords(&a), coords(&b));
    assert_eq!(b["moves"][0]["comments"], serde_json::json!(["centre"]));
    assert_eq!(b["moves"][1]["variations"][0][0]["coord"], "b9c7");
    assert_eq!(b["moves"][2]["nags"], serde_json::json!([1]));
    // And back to PGN in WXF, as the PGN itself converts.
    let from_json = stdout(&kifu(&["convert", "--to", "wxf"], Some(&json)));
    let from_pgn = stdout(&kifu(&["convert", "--to", "wxf"], Some(pgn)));
    assert_eq!(from_json, from_pgn);
}

#[test]
fn text_after_the_result_is_kept_as_a_comment() {
    let o = kifu(
        &["convert", "--to", "json"],
        Some("1. C2.5 H8+7 1-0 ============ 欢迎访问\n"),
    );
    let v: Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(
        v["result_comments"],
        serde_json::json!(["============ 欢迎访问"])
    );
}

/// The fixture game (testdata/xiangqi/xiangqi-games.jsonl, made with Fairy-Stockfish) with the
/// id `id`.
fn fixture_game(id: &str) -> Value {
    std::fs::read_to_string(testdata("xiangqi-games.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|g| g["id"] == id)
        .unwrap_or_else(|| panic!("no fixture game {id}"))
}

#[test]
fn a_winboard_game_is_detected_and_read_as_the_fixture() {
    // testdata/xiangqi/xiangqi-winboard.pgn is fixture game xq-public-0271 written by WinBoard's
    // rules (ranks 0-9, pawns without a letter: `g5`, `exe4`, `fxg4`, `gf4`; `Ri0`, `C9h6`,
    // `Cae2#`), with the tags WinBoard writes (`[White]`, `[Variant "xiangqi"]`, no
    // `[Format]`).
    let o = kifu(
        &["convert", "--to", "json", &testdata("xiangqi-winboard.pgn")],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(
            "detected WinBoard algebraic notation, ranks 0-9, English letters (54 of 54 plies read)"
        ),
        "{}",
        stderr(&o)
    );
    let v: Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    let fixture = fixture_game("xq-public-0271");
    let coords: Vec<&Value> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| &m["coord"])
        .collect();
    let expected: Vec<&Value> = fixture["moves_iccs"].as_array().unwrap().iter().collect();
    assert_eq!(coords, expected);
    let board = |fen: &Value| {
        fen.as_str()
            .unwrap()
            .split(' ')
            .take(2)
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(board(&v["final"]), board(&fixture["final_fen"]));
    assert_eq!(v["result"], "0-1");
    assert_eq!(v["termination"], "checkmate");
    assert_eq!(v["tags"]["Variant"], "xiangqi");
    assert_eq!(v["moves"][53]["text"], "Cae2#");
    assert_eq!(
        v["moves"][53]["comments"],
        serde_json::json!(["Black mates"])
    );
}

#[test]
fn winboard_ranks_count_from_0() {
    // Research section 5: WinBoard's PGN `1. Cbe2 Hc7 ... 3. Rb0 c5`; here with the moves
    // between that make `Rb0` legal. ICCS by the rules: the b-cannon to e2, the horse b9c7,
    // b0c2, a9b9, the chariot a0b0, the pawn c6c5.
    let game = "1. Cbe2 Hc7 2. Hc2 Rb9 3. Rb0 c5\n";
    let want = "1. b2e2 b9c7\n2. b0c2 a9b9\n3. a0b0 c6c5\n";
    let o = kifu(
        &[
            "convert", "--from", "winboard", "--to", "iccs", "--style", "engine",
        ],
        Some(game),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains(want), "{}", stdout(&o));
    // Detected too; and the same moves read with ranks 1-10 are an error (`Cbe2` would be a
    // cannon move to ICCS e1).
    let o = kifu(
        &["convert", "--to", "iccs", "--style", "engine"],
        Some(game),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains(want), "{}", stdout(&o));
    assert!(stderr(&o).contains("detected WinBoard algebraic notation"));
    let o = kifu(&["check", "--from", "algebraic"], Some(game));
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    // `[Format "winboard"]` names the reading as `--from winboard` does.
    let tagged = format!("[Format \"winboard\"]\n\n{game}");
    let o = kifu(&["check", "--format", "json"], Some(&tagged));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn winboard_output_reads_back_to_the_same_game() {
    let o = kifu(
        &["convert", "--to", "winboard", &testdata(SEED_ALGEBRAIC)],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    // Research note, edge case 20: the central cannon is `Che2` in WinBoard's ranks 0-9.
    assert!(
        out.contains("[Format \"WinBoard\"]\n[Variant \"xiangqi\"]\n"),
        "{out}"
    );
    assert!(out.contains("\n1. Che2 Hg7\n"), "{out}");
    // `[Variant "xiangqi"]` is WinBoard's own tag: once, however often the game goes through
    // WinBoard, and gone in a WXF file made from it (issue 18 item 9).
    let again = stdout(&kifu(&["convert", "--to", "winboard", "-"], Some(&out)));
    assert_eq!(again.matches("[Variant ").count(), 1, "{again}");
    let wxf = stdout(&kifu(&["convert", "--to", "wxf", "-"], Some(&out)));
    assert!(wxf.contains("\n1. C2.5 H8+7\n"), "{wxf}");
    assert!(!wxf.contains("[Variant "), "{wxf}");
    let back = kifu(&["convert", "--to", "json", "-"], Some(&out));
    let v: Value = serde_json::from_str(stdout(&back).trim()).unwrap();
    assert_eq!(v["moves"].as_array().unwrap().len(), 106);
    assert_eq!(
        v["final"],
        "3a1k3/4a1RP1/4b3b/9/9/4P1B2/1r7/4B4/3p2p2/3AKA3 w - - 0 54"
    );
}

#[test]
fn winboard_output_takes_the_letters_given() {
    // WinBoard's ranks 0-9 with the seed's Finnish letters (T = tykki, the cannon; V = vaunu,
    // the chariot), named in a [Language] tag; read back to the same game.
    let o = kifu(
        &[
            "convert",
            "--to",
            "winboard",
            "--out-lang",
            "fi",
            &testdata(SEED_ALGEBRAIC),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("[Language \"fi\"]\n"), "{out}");
    assert!(out.contains("\n1. The2 Hg7\n2. Hg2 Vh9\n"), "{out}");
    let back = kifu(&["convert", "--to", "json", "-"], Some(&out));
    let v: Value = serde_json::from_str(stdout(&back).trim()).unwrap();
    assert_eq!(v["moves"].as_array().unwrap().len(), 106);
    assert_eq!(
        v["final"],
        "3a1k3/4a1RP1/4b3b/9/9/4P1B2/1r7/4B4/3p2p2/3AKA3 w - - 0 54"
    );
}

#[test]
fn kifus_own_wxf_reads_back_without_a_warning_in_every_style() {
    // Issue 6: `sideways-sign` (and the tandem-form warnings) never for kifu's own output. The
    // reader takes each game's own sideways sign and, without --dialect, its own dialect.
    let files = [
        "xiangqi-multigame.pgn",
        "xiangqi-chinese-2.pgn",
        "xiangqi-wxf.pgn",
        SEED_ALGEBRAIC,
    ];
    let styles: [&[&str]; 5] = [
        &["--style", "wxr2018"],
        &["--sideways", "none"],
        &["--sideways", "="],
        &["--out-lang", "fi", "--sideways", "."],
        &[
            "--out-lang",
            "de",
            "--style",
            "wxr2018",
            "--sideways",
            "none",
        ],
    ];
    for file in files {
        for style in styles {
            let mut args = vec!["convert", "--to", "wxf"];
            args.extend_from_slice(style);
            let path = testdata(file);
            args.push(&path);
            let out = kifu(&args, None);
            assert_eq!(out.status.code(), Some(0), "{file} {style:?}");
            let back = kifu(&["check", "--strict"], Some(&stdout(&out)));
            assert_eq!(
                back.status.code(),
                Some(0),
                "{file} {style:?}: {}",
                stderr(&back)
            );
            assert!(
                stderr(&back).ends_with(" 0 with errors, 0 warnings\n"),
                "{file} {style:?}: {}",
                stderr(&back)
            );
        }
    }
}

#[test]
fn kifu_own_wxf_output_passes_strict_check_in_both_styles() {
    // Research note, edge case 8: pawns g8, g7, g6 (file 3) and c7, c6 (file 7). g7f7 is the
    // WXF page's `33.4` and the 2018 rules' `23=4`; `33.4` is g6f6 by the 2018 rules, so the
    // WXF-style file says which rules it follows.
    let game = "[FEN \"3k5/6P2/2P3P2/2P3P2/9/9/9/9/9/5K3 w - - 0 1\"]\n\n1. g7f7 *\n";
    for (style, dialect, text) in [("wxf", "wxf", "1. 33.4"), ("wxr2018", "wxr2018", "1. 23=4")] {
        let out = kifu(
            &["convert", "--from", "iccs", "--to", "wxf", "--style", style],
            Some(game),
        );
        assert_eq!(out.status.code(), Some(0), "{style}: {}", stderr(&out));
        let written = stdout(&out);
        assert!(
            written.contains(&format!("[Dialect \"{dialect}\"]")),
            "{style}:\n{written}"
        );
        assert!(written.contains(text), "{style}:\n{written}");
        let check = kifu(&["check", "--strict", "-"], Some(&written));
        assert_eq!(check.status.code(), Some(0), "{style}: {}", stderr(&check));
        assert!(
            stderr(&check).contains("0 with errors, 0 warnings"),
            "{style}: {}",
            stderr(&check)
        );
        let back = kifu(
            &["convert", "--to", "iccs", "--style", "engine", "-"],
            Some(&written),
        );
        assert!(stdout(&back).contains("1. g7f7"), "{}", stdout(&back));
    }
    // A game without such a spelling gets no tag (move numbers `11.`, `22.` are no pawns).
    let plain_game = kifu(
        &["convert", "--to", "wxf", &testdata("xiangqi-wxf.pgn")],
        None,
    );
    assert!(
        !stdout(&plain_game).contains("[Dialect"),
        "{}",
        stdout(&plain_game)
    );
    // Without the tag the WXF page's reading is taken, with the collision named.
    let plain = "[FEN \"3k5/6P2/2P3P2/2P3P2/9/9/9/9/9/5K3 w - - 0 1\"]\n\n1. 33.4 *\n";
    let check = kifu(&["check", "--format", "json", "-"], Some(plain));
    let codes: Vec<Value> = diagnostics(&check)
        .iter()
        .map(|d| d["code"].clone())
        .collect();
    assert_eq!(codes, ["dialect-collision"]);
    // --dialect decides and nothing is left to warn about.
    let check = kifu(&["check", "--dialect", "wxf", "--strict", "-"], Some(plain));
    assert_eq!(check.status.code(), Some(0), "{}", stderr(&check));
}

#[test]
fn perft_names_a_position_of_the_other_game() {
    let out = kifu(
        &[
            "perft",
            "--variant",
            "shogi",
            "--fen",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "2",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).ends_with("(it is a xiangqi FEN: give --variant xiangqi)\n"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn utf16_output_is_utf16() {
    let input = testdata("xiangqi-wxf.pgn");
    for (label, first) in [("utf-16le", [b'[', 0]), ("utf-16be", [0, b'['])] {
        let out = kifu(
            &[
                "convert",
                "--to",
                "chinese",
                "--output-encoding",
                label,
                &input,
            ],
            None,
        );
        assert_eq!(out.status.code(), Some(0), "{label}");
        assert_eq!(out.stdout[..2], first, "{label}");
        let units: Vec<u16> = out
            .stdout
            .chunks(2)
            .map(|c| match label {
                "utf-16le" => u16::from_le_bytes([c[0], c[1]]),
                _ => u16::from_be_bytes([c[0], c[1]]),
            })
            .collect();
        let text = String::from_utf16(&units).expect("UTF-16");
        let utf8 = kifu(&["convert", "--to", "chinese", &input], None);
        assert_eq!(text, stdout(&utf8), "{label}");
    }
}

#[test]
fn a_comment_that_starts_like_json_is_a_comment() {
    let out = kifu(
        &["check", "-"],
        Some("{\"variant\" is what we play}\n1. C2.5 H8+7 *\n"),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn plain_coordinates_whose_first_move_is_illegal_are_still_iccs() {
    // h2h8 jumps the cannon over two pieces: the error names the cannon's rule, not a pawn.
    let out = kifu(
        &["check", "-"],
        Some("1. h2h8 h9g7 2. h0g2 i9h9 3. i0h0 b9c7\n"),
    );
    assert_eq!(out.status.code(), Some(1));
    let text = stderr(&out);
    assert!(
        text.contains("read as ICCS coordinates, ranks 0-9"),
        "{text}"
    );
    assert!(
        text.contains("error[cannon-screen]: ply 1 (`h2h8`)"),
        "{text}"
    );
}

#[test]
fn repair_mends_more_faults_than_one_search_allows() {
    // Every 8th move of a 76-ply game gets the piece letter `X`: 9 faults, more than the 8
    // changes one search of the whole game allows, so each is read with the plies after it.
    let original = std::fs::read_to_string(testdata("xiangqi-wxf.pgn")).unwrap();
    let (tags, movetext) = original.split_once("\n\n").unwrap();
    let mut n = 0;
    let typed: Vec<String> = movetext
        .split_whitespace()
        .map(|t| {
            let is_move =
                !t.ends_with('.') && t.chars().any(|c| c.is_ascii_digit()) && t.len() == 4;
            if is_move {
                n += 1;
                if n % 8 == 0 {
                    return format!("X{}", &t[1..]);
                }
            }
            t.to_owned()
        })
        .collect();
    assert_eq!(n, 76);
    let typed = format!("{tags}\n\n{}\n", typed.join(" "));
    let out = kifu(&["check", "--repair", "-"], Some(&typed));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).ends_with("0 with errors, 9 warnings\n"),
        "{}",
        stderr(&out)
    );
    let moves = |text: &str, repair: bool| {
        let mut args = vec!["convert", "--to", "iccs", "--style", "engine", "-"];
        if repair {
            args.push("--repair");
        }
        stdout(&kifu(&args, Some(text)))
    };
    assert_eq!(moves(&typed, true), moves(&original, false));
}

#[test]
fn readings_cut_short_by_the_search_repair_nothing() {
    // Five faults: the readings of `C8..` alone (2 x 3 x 5 x 2 later ones) fill the 32 the
    // search keeps, so their agreeing on `C8.7` proves nothing (the game is C8.4 ... H8+7).
    let game = "1. C8.. P9+1 2. AK+5 H5+1 3. P1+1 PH+1 4. 78+7 P9+1 *\n";
    let out = kifu(&["check", "--repair", "--format", "json", "-"], Some(game));
    let first = &diagnostics(&out)[0];
    assert_eq!(first["severity"], "error", "{first}");
    assert_eq!(first["ply"], 1);
    assert!(
        first["candidates"]
            .as_array()
            .is_some_and(|c| c.iter().any(|m| m == "C8.4")),
        "{first}"
    );
    assert!(
        !stderr(&out).contains("repaired to `C8.7`"),
        "{}",
        stderr(&out)
    );
}
