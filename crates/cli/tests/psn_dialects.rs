//! The `kifu` binary on the PSN dialect files of testdata/shogi/dialects (expected values in
//! testdata/shogi/dialects/expected.json, derived from the fixture games by
//! testdata/shogi/dialects/generate.py): each converts to its expected USI moves, to PSN in
//! both styles and back to the same moves, result and comments; a file mixing dialects with a
//! broken game converts game by game.

mod common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn testdata(name: &str) -> String {
    format!(
        "{}/../../testdata/shogi/dialects/{name}",
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

fn json_games(o: &Output) -> Vec<Value> {
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

fn coords(moves: &Value) -> Vec<String> {
    moves
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m["coord"].as_str().expect("a coord").to_owned())
        .collect()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .expect("a list")
        .iter()
        .map(|m| m.as_str().expect("a string").to_owned())
        .collect()
}

fn sfen_key(sfen: &str) -> String {
    sfen.split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Each entry of expected.json with its games.
fn dialects() -> Vec<(String, Vec<Value>)> {
    let v: Value = serde_json::from_str(
        &std::fs::read_to_string(testdata("expected.json")).expect("expected.json"),
    )
    .expect("JSON");
    v["dialects"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|d| {
            let games = match d.get("games") {
                Some(g) => g.as_array().expect("games").clone(),
                None => vec![d.clone()],
            };
            (d["file"].as_str().expect("a name").to_owned(), games)
        })
        .collect()
}

fn check_json(place: &str, got: &Value, want: &Value) {
    assert_eq!(coords(&got["moves"]), strings(&want["usi"]), "{place}");
    assert_eq!(
        sfen_key(got["start"].as_str().expect("start")),
        sfen_key(want["start_sfen"].as_str().expect("start_sfen")),
        "{place}"
    );
    assert_eq!(
        sfen_key(got["final"].as_str().expect("final")),
        sfen_key(want["final_sfen"].as_str().expect("final_sfen")),
        "{place}"
    );
    assert_eq!(got["result"], want["result"], "{place}");
    for c in want["comments"].as_array().into_iter().flatten() {
        let ply = c["after_ply"].as_u64().expect("a ply") as usize;
        let comments = if ply == 0 {
            &got["comments"]
        } else {
            &got["moves"][ply - 1]["comments"]
        };
        assert!(
            comments
                .as_array()
                .is_some_and(|list| list.contains(&c["text"])),
            "{place}: comment after ply {ply}: {comments}"
        );
    }
}

#[test]
fn every_dialect_file_converts_to_its_expected_moves() {
    for (file, games) in dialects() {
        let path = testdata(&file);
        let mut args = vec!["convert", "--to", "json"];
        args.push(&path);
        let out = kifu(&args, None);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{file}: {stderr}");
        let got = json_games(&out);
        assert_eq!(got.len(), games.len(), "{file}");
        for (i, (g, want)) in got.iter().zip(&games).enumerate() {
            check_json(&format!("{file} game {}", i + 1), g, want);
            if let Some(t) = want.get("terminal") {
                // The text as written: `Resign` is the word `Resigns`.
                let written = g["terminal"].as_str().unwrap_or_default();
                let word = t.as_str().expect("a word");
                assert!(written == word || written == "Resign", "{file}: {written}");
            }
        }
    }
}

#[test]
fn every_dialect_file_goes_to_psn_in_both_styles_and_back() {
    for (file, games) in dialects() {
        let path = testdata(&file);
        for style in ["short", "long"] {
            let mut args = vec!["convert", "--to", "psn", "--style", style];
            args.push(&path);
            let out = kifu(&args, None);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(0), "{file} {style}: {stderr}");
            let written = stdout(&out);
            assert!(!written.starts_with("[Black"), "{file} {style}");
            let back = kifu(&["convert", "--to", "json", "-"], Some(&written));
            let stderr = String::from_utf8_lossy(&back.stderr);
            assert_eq!(back.status.code(), Some(0), "{file} {style}: {stderr}");
            let got = json_games(&back);
            assert_eq!(got.len(), games.len(), "{file} {style}");
            for (i, (g, want)) in got.iter().zip(&games).enumerate() {
                check_json(&format!("{file} {style} game {}", i + 1), g, want);
            }
        }
    }
}

#[test]
fn usi_output_lists_the_expected_moves() {
    for (file, games) in dialects() {
        let path = testdata(&file);
        let mut args = vec!["convert", "--to", "usi"];
        args.push(&path);
        let out = kifu(&args, None);
        assert_eq!(out.status.code(), Some(0), "{file}");
        let text = stdout(&out);
        // One numbered ply per line: `12.7g7f`; games are separated by their tags.
        let mut read: Vec<Vec<String>> = Vec::new();
        for line in text.lines() {
            if line.starts_with("[Black ") {
                read.push(Vec::new());
            }
            let Some((number, mv)) = line.split_once('.') else {
                continue;
            };
            let mv = mv.split_whitespace().next().unwrap_or_default();
            let is_move = mv.len() >= 4
                && mv.as_bytes()[0].is_ascii_alphanumeric()
                && mv.as_bytes()[2].is_ascii_digit();
            if number.bytes().all(|b| b.is_ascii_digit())
                && is_move
                && let Some(game) = read.last_mut()
            {
                game.push(mv.to_owned());
            }
        }
        let want: Vec<Vec<String>> = games.iter().map(|g| strings(&g["usi"])).collect();
        assert_eq!(read, want, "{file}");
    }
}

#[test]
fn a_file_of_several_dialects_with_a_broken_game_converts_game_by_game() {
    let read = |name: &str| std::fs::read_to_string(testdata(name)).expect("a dialect file");
    let broken = "[Sente \"X\"]\n[Gote \"Y\"]\n\n1.P-7f 2.P-3d 3.P-2e 4.P-8d\n\n";
    let text = format!(
        "{}\n{broken}{}\n{}",
        read("hosking.psn"),
        read("macshogi.psn"),
        read("shogidokoro-variations.psn").replace("\r\n", "\n")
    );
    let out = kifu(&["convert", "--to", "json", "-"], Some(&text));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    // The broken game: its index, line and column, and the ply.
    let line = text
        .lines()
        .position(|l| l.starts_with("1.P-7f 2.P-3d 3.P-2e"))
        .expect("the broken line")
        + 1;
    assert!(stderr.contains("game 2, ply 3 (`P-2e`)"), "{stderr}");
    assert!(stderr.contains(&format!("<stdin>:{line}:17")), "{stderr}");
    let got = json_games(&out);
    assert_eq!(got.len(), 4, "{stderr}");
    let all = dialects();
    let want = |file: &str| {
        all.iter()
            .find(|(f, _)| f == file)
            .map(|(_, g)| g[0].clone())
            .expect("expected")
    };
    check_json("game 1", &got[0], &want("hosking.psn"));
    check_json("game 3", &got[2], &want("macshogi.psn"));
    check_json("game 4", &got[3], &want("shogidokoro-variations.psn"));
    assert_eq!(coords(&got[1]["moves"]), ["7g7f", "3c3d"]);
}

#[test]
fn psn2_output_keeps_the_terminal_words_and_psn_output_uses_shogidokoros() {
    let file = testdata("terminals.psn");
    let read = |args: &[&str], stdin: Option<&str>| -> Vec<(Value, Value, Value)> {
        let mut all = vec!["convert", "--to", "json"];
        all.extend_from_slice(args);
        json_games(&kifu(&all, stdin))
            .iter()
            .map(|g| {
                (
                    g["terminal"].clone(),
                    g["result"].clone(),
                    g["final"].clone(),
                )
            })
            .collect()
    };
    let original = read(&[&file], None);
    let words: Vec<&str> = original.iter().filter_map(|g| g.0.as_str()).collect();
    for psn2_word in [
        "RepetitionDraw",
        "RepetitionWin",
        "MaxMovesDraw",
        "DeclarationWin",
    ] {
        assert!(words.contains(&psn2_word), "{psn2_word} in {words:?}");
    }

    // PSN2 (`--to usi`): every word as read (Asgts's `Resign` spelled `Resigns`), the same
    // results and final positions.
    let usi = kifu(&["convert", "--to", "usi", &file], None);
    assert_eq!(usi.status.code(), Some(0));
    let mut expected = original.clone();
    for g in &mut expected {
        if g.0 == "Resign" {
            g.0 = Value::from("Resigns");
        }
    }
    assert_eq!(read(&["-"], Some(&stdout(&usi))), expected);

    // PSN: Shogidokoro's words (RepetitionWin -> Sennichite), the result kept in [Result].
    let psn = kifu(&["convert", "--to", "psn", &file], None);
    assert_eq!(psn.status.code(), Some(0));
    let back = read(&["-"], Some(&stdout(&psn)));
    assert_eq!(back.len(), original.len());
    for (b, o) in back.iter().zip(&original) {
        let expected = match o.0.as_str() {
            Some("RepetitionDraw" | "RepetitionWin") => Value::from("Sennichite"),
            Some("MaxMovesDraw" | "DeclarationWin") => Value::from("Jishogi"),
            Some("Resign") => Value::from("Resigns"),
            _ => o.0.clone(),
        };
        assert_eq!(b.0, expected);
        assert_eq!((&b.1, &b.2), (&o.1, &o.2));
    }
}

/// A capture shorthand in a variation gets the ply it stands at and the position before it,
/// as one in the main line does (before, it had neither): `Px` is the sixth move of a variation
/// of ply 3, so ply 8.
#[test]
fn a_capture_shorthand_in_a_variation_has_its_ply() {
    let game = "[Sente \"a\"]\n[Gote \"b\"]\n\n1.P-7f P-3d 2.Bx2b+ \
                (2.P-2f P-8d 3.P-2e P-8e 4.P-2d Px) 2... Sx 3.B*4e *\n";
    let out = kifu(&["check", "--message-format", "json"], Some(game));
    assert_eq!(out.status.code(), Some(0));
    let lines: Vec<Value> = String::from_utf8_lossy(&out.stderr)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let shorthand = |text: &str| {
        lines
            .iter()
            .find(|d| d["code"] == "capture-shorthand" && d["text"] == text)
            .unwrap_or_else(|| panic!("no warning for {text}: {lines:?}"))
    };
    let px = shorthand("Px");
    assert_eq!((&px["ply"], &px["column"]), (&8.into(), &53.into()));
    assert_eq!(
        px["position"],
        "lnsgkgsnl/1r5b1/p1pppp1pp/6pP1/1p7/2P6/PP1PPPP1P/1B5R1/LNSGKGSNL w - 8"
    );
    let sx = shorthand("Sx");
    assert_eq!(sx["ply"], 4);
    assert_eq!(
        sx["position"],
        "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4"
    );
}
