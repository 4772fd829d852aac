//! The xiangqi specimen files (testdata/xiangqi, copied from the shared specimens, see testdata/README.md with their
//! expected values in specimens-expected.json) read through `kifu convert --to json`: moves,
//! start and final positions, results, comments and variations, in UTF-8 (with or without a
//! byte-order mark), GBK and Big5 (detected), with LF or CRLF line ends, full-width moves run
//! together.

use std::process::Command;

use serde_json::Value;

fn testdata(name: &str) -> String {
    format!(
        "{}/../../testdata/xiangqi/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn board_and_side(fen: &str) -> String {
    fen.split_whitespace().take(2).collect::<Vec<_>>().join(" ")
}

fn coords(moves: &Value) -> Vec<String> {
    moves
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["coord"].as_str().unwrap().to_owned())
        .collect()
}

/// Checks one game record of kifu's JSON against its expected values.
fn check_game(file: &str, got: &Value, want: &Value) {
    let want_coords: Vec<String> = want["coords"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_owned())
        .collect();
    assert_eq!(coords(&got["moves"]), want_coords, "{file}");
    assert_eq!(
        board_and_side(got["start"].as_str().unwrap()),
        board_and_side(want["start_fen"].as_str().unwrap()),
        "{file}"
    );
    assert_eq!(
        board_and_side(got["final"].as_str().unwrap()),
        board_and_side(want["final_fen"].as_str().unwrap()),
        "{file}"
    );
    assert_eq!(got["result"], want["result"], "{file}");
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
        let want: Vec<&str> = v["coords"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap())
            .collect();
        assert_eq!(coords(line), want, "{file}");
    }
}

#[test]
fn every_supported_specimen_reads_to_its_expected_moves() {
    let expected: Value = serde_json::from_str(
        &std::fs::read_to_string(testdata("specimens-expected.json")).unwrap(),
    )
    .unwrap();
    let mut checked = Vec::new();
    let mut same_game = Vec::new();
    for spec in expected["specimens"].as_array().unwrap() {
        let file = spec["file"].as_str().unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
            .args(["convert", "--to", "json", &testdata(file)])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{file}: {stderr}");
        let games: Vec<Value> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
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
                if spec["source"] == "xq-public-0296" {
                    let g = &games[0];
                    same_game.push((
                        file.to_owned(),
                        (
                            g["start"].clone(),
                            coords(&g["moves"]),
                            g["result"].clone(),
                            g["final"].clone(),
                        ),
                    ));
                }
            }
        }
        checked.push(file.to_owned());
    }
    assert_eq!(checked.len(), 12, "{checked:?}");
    // One game in nine files (Chinese, GBK, Big5, BOM, WXF, full-width WXF, ICCS both cases,
    // Fairy-Stockfish UCI): the same JSON start, coordinates, result and final position.
    assert_eq!(
        same_game.len(),
        9,
        "{:?}",
        same_game.iter().map(|g| &g.0).collect::<Vec<_>>()
    );
    for (file, g) in &same_game {
        assert_eq!(g, &same_game[0].1, "{file} and {}", same_game[0].0);
    }
}

#[test]
fn output_encodings_hold_what_they_can_and_refuse_what_they_cannot() {
    // 俥 (the traditional Red chariot) is not in plain Big5 (testdata/README.md):
    // traditional Chinese for Big5 writes 車 for both chariots, and reads back to the game.
    let big5 = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args([
            "convert",
            "--to",
            "chinese",
            "--style",
            "traditional",
            "--output-encoding",
            "big5",
        ])
        .arg(testdata("xiangqi-chinese-1.pgn"))
        .output()
        .unwrap();
    assert_eq!(big5.status.code(), Some(0));
    let (text, _, had_errors) = encoding_rs::BIG5.decode(&big5.stdout);
    assert!(!had_errors);
    assert!(text.contains("車") && !text.contains("俥"), "{text}");
    let back = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["convert", "--to", "json", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(&big5.stdout)?;
            child.wait_with_output()
        })
        .unwrap();
    let original = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["convert", "--to", "json"])
        .arg(testdata("xiangqi-chinese-1.pgn"))
        .output()
        .unwrap();
    let moves = |out: &[u8]| {
        let v: Value = serde_json::from_slice(out).unwrap();
        coords(&v["moves"])
    };
    assert_eq!(moves(&back.stdout), moves(&original.stdout));
    // Simplified characters are not Big5: an error naming the first one (exit 3).
    let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["convert", "--to", "chinese", "--output-encoding", "big5"])
        .arg(testdata("xiangqi-chinese-1.pgn"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("the output encoding Big5 cannot hold `"),
        "{stderr}"
    );
    // GBK holds every simplified character: the output reads back as the same game.
    let gbk = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["convert", "--to", "chinese", "--output-encoding", "gbk"])
        .arg(testdata("xiangqi-chinese-big5-traditional.pgn"))
        .output()
        .unwrap();
    assert_eq!(gbk.status.code(), Some(0));
    assert!(
        std::str::from_utf8(&gbk.stdout).is_err(),
        "GBK bytes, not UTF-8"
    );
    let dir = std::env::temp_dir().join(format!("kifu-gbk-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.pgn");
    std::fs::write(&path, &gbk.stdout).unwrap();
    let json = |file: &std::path::Path| {
        let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
            .args(["convert", "--to", "json"])
            .arg(file)
            .output()
            .unwrap();
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        coords(&v["moves"])
    };
    assert_eq!(
        json(&path),
        json(std::path::Path::new(&testdata("xiangqi-chinese-1.pgn")))
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bytes_in_no_known_encoding_are_an_input_error() {
    let dir = std::env::temp_dir().join(format!("kifu-undecodable-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Not UTF-8, and like no Chinese or Japanese encoding: an error of its game at the first
    // bad byte, never a guess at a Western code page.
    let bad = dir.join("bad.pgn");
    std::fs::write(&bad, b"1. C2.5 \xff\xfe\x80 H8+7\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .arg("check")
        .arg(&bad)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("error[invalid-bytes]: byte FF is not valid UTF-8 or GBK (shown as \u{fffd}) (and 2 more places in the game)") && stderr.contains(&format!("--> {}:1:9\n", bad.display())),
        "{stderr}"
    );
    // The same bytes read as the code page the user names.
    let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["check", "--encoding", "windows-1252"])
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "a syntax error, not an input error"
    );
    // A GBK file read as the Shift_JIS the user gave: one error at the first byte that is not
    // Shift_JIS, its game kept as text, and no move read from the garbage.
    let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["check", "--encoding", "shift_jis", "--format", "json"])
        .arg(testdata("xiangqi-chinese-gbk-crlf.pgn"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<Value> = String::from_utf8(out.stderr)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!(lines[0]["code"], "invalid-bytes");
    assert_eq!(
        (&lines[0]["line"], &lines[0]["column"]),
        (&Value::from(8), &Value::from(7))
    );
    assert_eq!(
        lines[0]["message"],
        "byte FE is not valid Shift_JIS (shown as \u{fffd}) (and 25 more places in the game): the game is kept as text, unchecked; check the encoding given"
    );
    assert_eq!(lines[1]["summary"]["games"], 1);
    assert_eq!(lines[1]["summary"]["with_errors"], 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn short_chinese_and_japanese_names_are_detected_by_the_games_language() {
    // A few CJK characters are too little for chardetng alone (GBK 胡荣华 looked like EUC-KR,
    // Shift_JIS あ like IBM866): kifu asks it again as from China, Taiwan or Japan, Japan first
    // for .psn files; UTF-16 without a byte-order mark is told by its zero bytes.
    let dir = std::env::temp_dir().join(format!("kifu-short-cjk-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let utf16 = |text: &str, big_endian: bool| -> Vec<u8> {
        text.encode_utf16()
            .flat_map(|u| {
                if big_endian {
                    u.to_be_bytes()
                } else {
                    u.to_le_bytes()
                }
            })
            .collect()
    };
    let xiangqi = "[Red \"胡荣华\"]\n[Black \"柳大华\"]\n1. C2.5 H8+7\n";
    let cases: Vec<(&str, Vec<u8>, &str, &str, &str)> = vec![
        (
            "gbk.pgn",
            encoding_rs::GBK.encode(xiangqi).0.into_owned(),
            "GBK",
            "Red",
            "胡荣华",
        ),
        (
            "big5.pgn",
            encoding_rs::BIG5
                .encode("[Red \"胡榮華\"]\n1. C2.5 H8+7\n")
                .0
                .into_owned(),
            "Big5",
            "Red",
            "胡榮華",
        ),
        (
            "sjis.psn",
            encoding_rs::SHIFT_JIS
                .encode("[Sente \"あ\"]\n1.P-7f\n")
                .0
                .into_owned(),
            "Shift_JIS",
            "Sente",
            "あ",
        ),
        ("le.pgn", utf16(xiangqi, false), "UTF-16LE", "Red", "胡荣华"),
        ("be.pgn", utf16(xiangqi, true), "UTF-16BE", "Red", "胡荣华"),
    ];
    for (name, bytes, encoding, tag, value) in cases {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
            .args(["convert", "--to", "json"])
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{name}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains(&format!("read as {encoding} (detected)")),
            "{name}: {stderr}"
        );
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["tags"][tag], value, "{name}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
