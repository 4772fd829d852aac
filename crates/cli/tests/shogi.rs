//! The `kifu` binary on shogi records: the specimen files (testdata/shogi, copied from
//! the shared specimens, see testdata/README.md, with their expected values), USI lines, errors, perft.

mod common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn testdata(name: &str) -> String {
    format!("{}/../../testdata/shogi/{name}", env!("CARGO_MANIFEST_DIR"))
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

fn json_games(o: &Output) -> Vec<Value> {
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

fn coords(moves: &Value) -> Vec<String> {
    moves
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["coord"].as_str().unwrap().to_owned())
        .collect()
}

/// Board, side and hands of an SFEN (the move count is informative).
fn sfen_key(sfen: &str) -> String {
    sfen.split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

fn check_game(file: &str, got: &Value, want: &Value) {
    let usi: Vec<String> = want["usi"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_owned())
        .collect();
    assert_eq!(coords(&got["moves"]), usi, "{file}");
    assert_eq!(
        sfen_key(got["start"].as_str().unwrap()),
        sfen_key(want["start_sfen"].as_str().unwrap()),
        "{file}"
    );
    assert_eq!(
        sfen_key(got["final"].as_str().unwrap()),
        sfen_key(want["final_sfen"].as_str().unwrap()),
        "{file}"
    );
    assert_eq!(got["result"], want["result"], "{file}");
    if let Some(terminal) = want.get("terminal") {
        assert_eq!(&got["terminal"], terminal, "{file}");
    }
    for c in want["comments"].as_array().into_iter().flatten() {
        let ply = c["after_ply"].as_u64().unwrap() as usize;
        let comments = if ply == 0 {
            &got["comments"]
        } else {
            &got["moves"][ply - 1]["comments"]
        };
        assert!(
            comments.as_array().unwrap().contains(&c["text"]),
            "{file}: comment after ply {ply}: {comments}"
        );
    }
    for v in want["variations"].as_array().into_iter().flatten() {
        let ply = v["ply"].as_u64().unwrap() as usize;
        let line = &got["moves"][ply - 1]["variations"][0];
        let want: Vec<&str> = v["usi"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        assert_eq!(coords(line), want, "{file}");
    }
    // Clock times `(mm:ss / hh:mm:ss)`: the seconds of the move, as expected.json counts them.
    for (i, t) in want["times"].as_array().into_iter().flatten().enumerate() {
        let clock = got["moves"][i]["clock"].as_str().unwrap();
        let (move_time, _) = clock.split_once('/').unwrap();
        let seconds: u64 = move_time
            .trim()
            .split(':')
            .fold(0, |acc, part| acc * 60 + part.parse::<u64>().unwrap());
        assert_eq!(seconds, t[0].as_u64().unwrap(), "{file} ply {}", i + 1);
    }
}

#[test]
fn every_shogi_specimen_reads_to_its_expected_moves() {
    let expected: Value = serde_json::from_str(
        &std::fs::read_to_string(testdata("specimens-expected.json")).unwrap(),
    )
    .unwrap();
    let mut checked = 0;
    for spec in expected["specimens"].as_array().unwrap() {
        let file = spec["file"].as_str().unwrap();
        let o = kifu(&["convert", "--to", "json", &testdata(file)], None);
        assert_eq!(
            o.status.code(),
            Some(0),
            "{file}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let games = json_games(&o);
        match spec.get("games") {
            Some(list) => {
                let list = list.as_array().unwrap();
                assert_eq!(games.len(), list.len(), "{file}");
                for (got, want) in games.iter().zip(list) {
                    check_game(file, got, want);
                }
            }
            None => {
                assert_eq!(games.len(), 1, "{file}");
                check_game(file, &games[0], spec);
            }
        }
        checked += 1;
    }
    // Eight files, the Shift_JIS one among them.
    assert_eq!(checked, 8);
}

#[test]
fn the_real_game_converts_in_every_style_and_back() {
    let real = testdata("shogi-real-game.psn");
    let original = json_games(&kifu(&["convert", "--to", "json", &real], None));
    for args in [
        &["--to", "psn"][..],
        &["--to", "psn", "--style", "long"][..],
        &["--to", "psn", "--squares", "digits"][..],
        &["--to", "psn", "--style", "long", "--squares", "digits"][..],
        &["--to", "usi"][..],
    ] {
        let mut all = vec!["convert"];
        all.extend_from_slice(args);
        all.push(&real);
        let o = kifu(&all, None);
        assert_eq!(o.status.code(), Some(0), "{args:?}");
        let text = stdout(&o);
        // USI output is PSN2: MyShogi reads it by its first tag, `[Black]`.
        let first = if args.contains(&"usi") {
            "[Black \"Player A\"]\n[White \"Player B\"]\n[SFEN "
        } else {
            "[Sente \"Player A\"]\n[Gote \"Player B\"]\n[SFEN "
        };
        assert!(text.starts_with(first), "{text}");
        let back = json_games(&kifu(&["convert", "--to", "json", "-"], Some(&text)));
        assert_eq!(
            coords(&back[0]["moves"]),
            coords(&original[0]["moves"]),
            "{args:?}"
        );
        assert_eq!(back[0]["result"], "1-0");
    }
    // The short form is the one the file is written in: token for token.
    let o = kifu(&["convert", "--to", "psn", &real], None);
    let written: Vec<String> = stdout(&o)
        .lines()
        .filter(|l| !l.starts_with('[') && !l.is_empty())
        .map(str::to_owned)
        .collect();
    let source = std::fs::read_to_string(&real).unwrap();
    let moves: Vec<String> = source
        .lines()
        .filter(|l| !l.starts_with('[') && !l.is_empty())
        .map(str::to_owned)
        .collect();
    assert_eq!(written, moves);
}

#[test]
fn a_usi_position_line_is_a_game() {
    let o = kifu(
        &["convert", "--to", "psn"],
        Some("position startpos moves 7g7f 3c3d 8h2b+\n"),
    );
    assert_eq!(o.status.code(), Some(0));
    assert!(
        stdout(&o).ends_with("\n1.P-7f\n2.P-3d\n3.Bx2b+\n"),
        "{}",
        stdout(&o)
    );
    let o = kifu(
        &["convert", "--to", "json"],
        Some("position sfen 7lk/9/8S/9/9/9/9/7L1/8K b P 1 moves L2h2c\n"),
    );
    let v = &json_games(&o)[0];
    assert_eq!(v["start"], "7lk/9/8S/9/9/9/9/7L1/8K b P 1");
    assert_eq!(v["moves"][0]["coord"], "2h2c");
    // `position sfen` is shogi even when the SFEN is bad: the error is about the SFEN.
    let o = kifu(
        &["check"],
        Some("position sfen 4k4/9/9/9/9/9/9/9/3KK4 b - 1 moves 5e5d\n"),
    );
    assert_eq!(o.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("error[bad-sfen]"), "{stderr}");
    assert!(stderr.contains("black has 2 kings"), "{stderr}");
}

#[test]
fn illegal_shogi_moves_name_the_rule() {
    // Uchifuzume: testdata/README.md, `P*1b` is illegal here.
    let o = kifu(
        &["check", "--format", "json"],
        Some("[SFEN \"7lk/9/8S/9/9/9/9/7L1/8K b P 1\"]\n\n1.P*1b\n"),
    );
    assert_eq!(o.status.code(), Some(1));
    let d: Value =
        serde_json::from_str(String::from_utf8_lossy(&o.stderr).lines().next().unwrap()).unwrap();
    assert_eq!(d["code"], "uchifuzume");
    assert_eq!(d["ply"], 1);
    assert_eq!(d["position"], "7lk/9/8S/9/9/9/9/7L1/8K b P 1");
    // Nifu: a second unpromoted pawn on file 7.
    let o = kifu(
        &["check", "--format", "json"],
        Some(
            "[SFEN \"lnsgkgsnl/1r5b1/pppppppp1/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b P 1\"]\n\n1.P*7e\n",
        ),
    );
    let d: Value =
        serde_json::from_str(String::from_utf8_lossy(&o.stderr).lines().next().unwrap()).unwrap();
    assert_eq!(d["code"], "nifu");
}

#[test]
fn perft_counts_shogi() {
    let o = kifu(&["perft", "--variant", "shogi", "3"], None);
    assert_eq!(stdout(&o).lines().last(), Some("25470"));
    let o = kifu(
        &[
            "perft",
            "--variant",
            "shogi",
            "--fen",
            "7lk/9/8S/9/9/9/9/7L1/8K b P 1",
            "2",
        ],
        None,
    );
    assert_eq!(stdout(&o).lines().last(), Some("639"));
    // With the `sfen ` of testdata/perft/shogi.perft and USI's position command.
    let o = kifu(
        &[
            "perft",
            "--variant",
            "shogi",
            "--fen",
            "sfen 7lk/9/8S/9/9/9/9/7L1/8K b P 1",
            "2",
        ],
        None,
    );
    assert_eq!(stdout(&o).lines().last(), Some("639"));
}

#[test]
fn a_shogi_game_is_not_written_as_xiangqi() {
    // Said up front when --variant says shogi (a usage error), else for each game.
    let o = kifu(
        &[
            "convert",
            "--to",
            "wxf",
            "--variant",
            "shogi",
            "missing.psn",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr)
            .contains("--variant is shogi, but --to wxf writes xiangqi")
    );
    let o = kifu(
        &["convert", "--to", "wxf"],
        Some("[Sente \"a\"]\n\n1.P-7f 2.P-3d\n"),
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("a shogi game cannot be written as wxf"));
    // The error names the file and game, and the game counts as one with errors.
    let o = kifu(
        &[
            "convert",
            "--to",
            "wxf",
            "--format",
            "json",
            &testdata("shogi-real-game.psn"),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    let lines: Vec<Value> = String::from_utf8_lossy(&o.stderr)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["code"], "wrong-variant");
    assert_eq!(lines[0]["file"], testdata("shogi-real-game.psn"));
    assert_eq!(lines[0]["game"], 1);
    assert_eq!(
        lines[1]["summary"],
        serde_json::json!({"games": 1, "ok": 0, "with_errors": 1, "warnings": 0, "converted": 0})
    );
}

#[test]
fn compare_reads_shogi_in_any_notation() {
    let majewski = testdata("shogi-majewski.psn");
    let usi = kifu(&["convert", "--to", "usi", &majewski], None);
    let dir = std::env::temp_dir().join(format!("kifu-shogi-compare-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("usi.psn");
    std::fs::write(&path, usi.stdout).unwrap();
    let o = kifu(&["compare", &majewski, path.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("the same game: 86 plies"),
        "{}",
        stdout(&o)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn repair_needs_the_rest_of_the_game() {
    // The last move is a pawn drop with no pawn in hand: its nearest spelling is a pawn move,
    // but nothing after it confirms that: no repair.
    let game = "[Sente \"a\"]\n[Gote \"b\"]\n1.P-7f\n2.P-3d\n3.P-2f\n4.P-4d\n5.P*7e\n";
    let o = kifu(
        &["convert", "--repair", "--to", "psn", "--format", "json"],
        Some(game),
    );
    assert_eq!(o.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(
        stderr.contains("too little of the game follows"),
        "{stderr}"
    );
    // `G-5h` fits both golds; the later `G-4h` is ambiguous after one of them only. That makes
    // no reading better: both stay, and nothing is repaired.
    let game = "P-7f P-3d G-5h G4a-5b G-4h\n";
    let o = kifu(&["convert", "--repair", "--to", "psn"], Some(game));
    assert_eq!(o.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(
        stderr.contains("ply 3 (`G-5h`): ambiguous move"),
        "{stderr}"
    );
    assert!(!stderr.contains("repaired-move"), "{stderr}");
}

#[test]
fn engine_lines_are_games_each() {
    let o = kifu(
        &["convert", "--to", "json"],
        Some("position startpos moves 7g7f\nposition startpos moves 2g2f\n"),
    );
    let games = json_games(&o);
    assert_eq!(games.len(), 2);
    assert_eq!(games[1]["moves"][0]["coord"], "2g2f");
}

#[test]
fn moves_after_a_terminal_word_are_kept() {
    let o = kifu(
        &["convert", "--to", "json"],
        Some("[Sente \"a\"]\n[Gote \"b\"]\n1.P-7f\n2.P-3d\n3.Resigns\n4.P-2f {lost?}\n"),
    );
    let v = &json_games(&o)[0];
    assert_eq!(v["result_comments"], serde_json::json!(["4.P-2f {lost?}"]));
}

#[test]
fn contradicting_options_are_usage_errors() {
    let o = kifu(
        &["check", "--from", "psn", "--variant", "xiangqi"],
        Some(""),
    );
    assert_eq!(o.status.code(), Some(2));
    let o = kifu(&["perft", "--variant", "shogi", "3000"], None);
    assert_eq!(o.status.code(), Some(2));
    let o = kifu(&["convert", "--to", "wxf", "--squares", "digits"], Some(""));
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn shift_jis_output_holds_japanese_names_and_refuses_what_it_cannot() {
    // The Shogidokoro specimen is CP932 with 先手 / 後手 as player names.
    let file = testdata("shogi-shogidokoro-cp932-crlf.psn");
    let utf8 = kifu(&["convert", "--to", "psn", "--style", "long", &file], None);
    assert_eq!(utf8.status.code(), Some(0));
    let sjis = kifu(
        &[
            "convert",
            "--to",
            "psn",
            "--style",
            "long",
            "--output-encoding",
            "shift_jis",
            &file,
        ],
        None,
    );
    assert_eq!(sjis.status.code(), Some(0));
    assert!(
        std::str::from_utf8(&sjis.stdout).is_err(),
        "Shift_JIS bytes"
    );
    // 先手 in Shift_JIS is 90 E6 8E E8.
    assert!(
        sjis.stdout
            .windows(4)
            .any(|w| w == [0x90, 0xE6, 0x8E, 0xE8]),
        "先手 encoded as Shift_JIS"
    );
    let (decoded, _, had_errors) = encoding_rs::SHIFT_JIS.decode(&sjis.stdout);
    assert!(!had_errors);
    assert_eq!(decoded, stdout(&utf8));

    // Read back: the same tags, moves and times as the original.
    let dir = std::env::temp_dir().join(format!("kifu-sjis-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let back = dir.join("back.psn");
    std::fs::write(&back, &sjis.stdout).unwrap();
    let json = |path: &str| {
        let games = json_games(&kifu(&["convert", "--to", "json", path], None));
        assert_eq!(games.len(), 1);
        games.into_iter().next().unwrap()
    };
    let (a, b) = (json(&file), json(back.to_str().unwrap()));
    assert_eq!(a["tags"]["Sente"], "先手");
    // The writer adds the [Result] the terminal word `Resigns` implies; nothing else changes.
    let mut tags = b["tags"].as_object().unwrap().clone();
    assert_eq!(tags.remove("Result"), Some(Value::from("0-1")));
    assert_eq!(&Value::from(tags), &a["tags"]);
    assert_eq!(a["result"], b["result"]);
    // The same moves and times; the text gains `=` on declined promotions (S7i-8h=).
    let moves = |g: &Value| -> Vec<(Value, Value)> {
        g["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| (m["coord"].clone(), m["clock"].clone()))
            .collect()
    };
    assert_eq!(moves(&a).len(), 78);
    assert_eq!(moves(&a), moves(&b));
    assert_eq!(b["moves"][31]["text"], "S7i-8h=");
    std::fs::remove_dir_all(&dir).unwrap();

    // 🐉 has no Shift_JIS code: an error (exit 3) naming the character, not a `?`.
    let out = kifu(
        &[
            "convert",
            "--to",
            "psn",
            "--output-encoding",
            "shift_jis",
            "-",
        ],
        Some("[Sente \"羽生 🐉\"]\n1.P7g-7f 2.P3c-3d\n"),
    );
    assert_eq!(out.status.code(), Some(3));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("the output encoding Shift_JIS cannot hold `🐉` (U+1F409"),
        "{stderr}"
    );
}

#[test]
fn from_psn_reads_a_psn2_file_as_its_usi_moves() {
    // PSN2 is PSN with USI moves (`[Black]` first): `--from psn` takes the file's own moves.
    let file = testdata("shogi-psn2-bom-crlf.psn");
    let given = kifu(&["convert", "--from", "psn", "--to", "json", &file], None);
    assert_eq!(
        given.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&given.stderr)
    );
    let detected = kifu(&["convert", "--to", "json", &file], None);
    assert_eq!(
        json_games(&given)[0]["moves"],
        json_games(&detected)[0]["moves"]
    );
    assert!(
        !json_games(&given)[0]["moves"]
            .as_array()
            .unwrap()
            .is_empty()
    );
}

#[test]
fn a_psn_file_of_comments_only_is_shogi() {
    // From the bad-input trial: nothing reads in either game, so the file's extension decides.
    let dir = std::env::temp_dir().join(format!("kifu-comments-only-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("a.psn");
    std::fs::write(&file, "; only a comment\n").unwrap();
    let o = kifu(&["convert", "--to", "psn", file.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(0));
    assert!(
        stdout(&o).ends_with("\n{only a comment}\n"),
        "{}",
        stdout(&o)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn repeated_tags_keep_every_value_through_psn_and_psn2() {
    let input =
        "[Sente \"a\"]\n[Sente \"b\"]\n[Event \"one\"]\n[Event \"two\"]\n[Black \"B\"]\n\n1.P-7f\n";
    let tags = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.starts_with('['))
            .map(str::to_owned)
            .collect()
    };
    let psn = stdout(&kifu(&["convert", "--to", "psn", "-"], Some(input)));
    assert_eq!(
        tags(&psn)[..2],
        ["[Sente \"a\"]".to_owned(), "[Gote \"\"]".to_owned()]
    );
    for kept in [
        "[Event \"one\"]",
        "[Event \"two\"]",
        "[Sente \"b\"]",
        "[Black \"B\"]",
    ] {
        assert!(tags(&psn).contains(&kept.to_owned()), "{kept}:\n{psn}");
    }
    // Through PSN2 (`[Black]` first) and back: the same tags, the player first.
    let psn2 = stdout(&kifu(&["convert", "--to", "usi", "-"], Some(input)));
    assert!(psn2.starts_with("[Black \"a\"]"), "{psn2}");
    let back = stdout(&kifu(&["convert", "--to", "psn", "-"], Some(&psn2)));
    assert_eq!(tags(&back)[0], "[Sente \"a\"]");
    for kept in ["[Event \"one\"]", "[Event \"two\"]", "b\"]", "B\"]"] {
        assert!(back.contains(kept), "{kept}:\n{back}");
    }
}
