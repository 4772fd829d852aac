//! Text in the encodings users' files come in, each known by its bytes: a KIF file in EUC-JP
//! (detected, or given with `--encoding`), UTF-16 without a byte-order mark holding only CJK
//! characters (few zero bytes), and text with a stray NUL byte (read as text, the NUL reported
//! where it stands, not the whole file refused as binary). Each was misread before: found by
//! a fresh-clone trial of the command line.
//!
//! Then issue 18's joined and damaged PGN files (item 5), each read line by line: a UTF-8 game
//! and a GBK game in one file (`cat a.pgn b.pgn`: the UTF-8 game was mojibake, exit 0), one
//! byte valid in no encoding (in a file under 64 KiB every game was lost; in a larger one the
//! game vanished from the output), and files joined with a byte-order mark each (the second
//! file's first tag landed in the first game).

mod common;

use std::path::Path;

use common::{TempDir, kifu, s};

/// The coordinate moves of the one game of `file` read with `args` more, and stderr.
fn moves(file: &Path, args: &[&str]) -> (Vec<String>, String) {
    let mut all = vec!["convert", "--to", "json"];
    all.extend(args);
    all.push(s(file));
    let out = kifu(&all);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let coords = json["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["coord"].as_str().unwrap().to_owned())
        .collect();
    (coords, stderr)
}

/// EUC-JP bytes of `text` (JIS X 0208 rows: two bytes of 0xA1-0xFE each).
fn euc_jp(text: &str) -> Vec<u8> {
    let (bytes, _, unmappable) = encoding_rs::EUC_JP.encode(text);
    assert!(!unmappable);
    bytes.into_owned()
}

fn utf16(text: &str, big_endian: bool) -> Vec<u8> {
    text.encode_utf16()
        .flat_map(|u| {
            if big_endian {
                u.to_be_bytes()
            } else {
                u.to_le_bytes()
            }
        })
        .collect()
}

const KIF: &str = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n";

#[test]
fn a_kif_file_in_euc_jp_is_known_as_kif_detected_or_given() {
    let dir = TempDir::new("enc-eucjp");
    let file = dir.path("game.kif");
    std::fs::write(&file, euc_jp(KIF)).unwrap();
    let (coords, stderr) = moves(&file, &[]);
    assert_eq!(coords, ["7g7f", "3c3d", "8h2b+"]);
    assert!(stderr.contains("read as EUC-JP (detected)"), "{stderr}");
    let (given, _) = moves(&file, &["--encoding", "euc-jp"]);
    assert_eq!(given, coords);
}

#[test]
fn utf16_without_a_byte_order_mark_of_cjk_text_is_read() {
    let dir = TempDir::new("enc-utf16");
    let ki2 = dir.path("game.ki2");
    std::fs::write(&ki2, utf16("▲７六歩 △３四歩\n", false)).unwrap();
    let (coords, stderr) = moves(&ki2, &[]);
    assert_eq!(coords, ["7g7f", "3c3d"]);
    assert!(stderr.contains("read as UTF-16LE (detected)"), "{stderr}");
    let pgn = dir.path("game.pgn");
    std::fs::write(&pgn, utf16("1. 炮二平五 马８进７\n", true)).unwrap();
    let (coords, stderr) = moves(&pgn, &[]);
    assert_eq!(coords, ["h2e2", "h9g7"]);
    assert!(stderr.contains("read as UTF-16BE (detected)"), "{stderr}");
}

#[test]
fn a_stray_nul_byte_is_reported_where_it_stands() {
    let dir = TempDir::new("enc-nul");
    let file = dir.path("nul.pgn");
    std::fs::write(&file, b"1. C2.5 H8+7\n2. H2+3 *\n\0").unwrap();
    let out = kifu(&["check", s(&file)]);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.starts_with(
            "warning[text-after-result]: text after the result is not read (kept as a comment), starting at `\u{2400}`\n"
        ),
        "{stderr}"
    );
    assert!(stderr.contains("nul.pgn:3:1"), "{stderr}");
    // Inside a move: a syntax error at its column, the NUL shown as ␀.
    std::fs::write(&file, b"1. C2.5\0 H8+7\n").unwrap();
    let out = kifu(&["check", s(&file)]);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("error[syntax]: ply 1 (`C2.5\u{2400}`)") && stderr.contains("nul.pgn:1:8"),
        "{stderr}"
    );
    // Many NULs are a binary file (here the start of an ELF program), refused as before.
    std::fs::write(
        &file,
        [b"\x7fELF\x02\x01\x01".as_slice(), &[0; 64]].concat(),
    )
    .unwrap();
    let out = kifu(&["check", s(&file)]);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(stderr.contains("this looks like a binary file"), "{stderr}");
}

fn gbk(text: &str) -> Vec<u8> {
    let (bytes, _, unmappable) = encoding_rs::GBK.encode(text);
    assert!(!unmappable);
    bytes.into_owned()
}

/// A game in the PGN kifu writes, Red named.
fn written(event: &str, red: &str) -> String {
    format!(
        "[Game \"Chinese Chess\"]\n[Event \"{event}\"]\n[Red \"{red}\"]\n[Result \"*\"]\n[Format \"WXF\"]\n\n1. C2.5 H8+7\n*\n"
    )
}

#[test]
fn a_utf8_game_and_a_gbk_game_joined_each_read_in_its_own_encoding() {
    let dir = TempDir::new("enc-joined");
    let utf8 = "[Event \"utf8\"]\n[Red \"王天一\"]\n\n1. 炮二平五 马８进７ *\n\n";
    let gbk_game =
        gbk("[Event \"gbk\"]\n[Red \"许银川\"]\n[Black \"士\"]\n\n1. 炮二平五 马８进７ *\n\n");
    for (name, bytes, order) in [
        (
            "ab.pgn",
            [utf8.as_bytes(), &gbk_game].concat(),
            ["utf8", "gbk"],
        ),
        (
            "ba.pgn",
            [&gbk_game, utf8.as_bytes()].concat(),
            ["gbk", "utf8"],
        ),
    ] {
        let file = dir.path(name);
        std::fs::write(&file, bytes).unwrap();
        let out = kifu(&["convert", "--to", "pgn", s(&file)]);
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(0), "{stderr}");
        let want: Vec<String> = order
            .iter()
            .map(|&e| {
                if e == "utf8" {
                    written("utf8", "王天一")
                } else {
                    written("gbk", "许银川").replace("[Result", "[Black \"士\"]\n[Result")
                }
            })
            .collect();
        assert_eq!(String::from_utf8(out.stdout).unwrap(), want.join("\n"));
        assert!(
            stderr
                .ends_with("kifu convert: 2 games read, 2 converted, 0 with errors, 0 warnings\n"),
            "{stderr}"
        );
    }
    // Past the first 64 KiB (ASCII games first), both still read in their own encodings.
    let ascii: String = (1..=3000)
        .map(|i| format!("[Event \"{i}\"]\n\n1. C2.5 H8+7 *\n\n"))
        .collect();
    let file = dir.path("big.pgn");
    std::fs::write(
        &file,
        [ascii.as_bytes(), &gbk_game, utf8.as_bytes()].concat(),
    )
    .unwrap();
    let out = kifu(&["convert", "--to", "pgn", s(&file)]);
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.contains("[Red \"许银川\"]\n[Black \"士\"]\n"),
        "{stdout}"
    );
    assert!(stdout.ends_with(&written("utf8", "王天一")), "{stdout}");
}

/// Three games, the second with `bad` in its Event tag.
fn three_games(bad: &[u8]) -> Vec<u8> {
    [
        b"[Event \"1\"]\n\n1. C2.5 H8+7 *\n\n[Event \"2 caf".as_slice(),
        bad,
        b"\"]\n\n1. C2.5 H8+7 *\n\n[Event \"3\"]\n\n1. C2.5 H8+7 *\n",
    ]
    .concat()
}

const INVALID: &str = "byte FF is not valid UTF-8 or GBK (shown as \u{fffd}): the game is kept as text, unchecked; give the file's encoding with --encoding if it is another";

#[test]
fn a_byte_in_no_encoding_spoils_only_its_game_named_with_line_and_column() {
    let dir = TempDir::new("enc-invalid");
    let file = dir.path("bad.pgn");
    std::fs::write(&file, three_games(b"\xff")).unwrap();
    let out = kifu(&["convert", "--to", "pgn", s(&file)]);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "error[invalid-bytes]: game 2: {INVALID}\n --> {}:5:14\n",
            s(&file)
        )),
        "{stderr}"
    );
    assert!(
        stderr.ends_with("kifu convert: 3 games read, 3 converted, 1 with errors, 0 warnings\n"),
        "{stderr}"
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    let games: Vec<&str> = stdout.split("\n\n[Game").collect();
    assert_eq!(games.len(), 3, "{stdout}");
    assert_eq!(
        games[1],
        format!(
            " \"Chinese Chess\"]\n[Event \"2 caf\u{fffd}\"]\n\n; kifu: not read: {INVALID}; the movetext as written:\n; 1. C2.5 H8+7 *\n*"
        )
    );
    assert!(games[2].contains("[Event \"3\"]"), "{stdout}");
    // --on-error skip leaves out that game only.
    let out = kifu(&["convert", "--to", "pgn", "--on-error", "skip", s(&file)]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout.matches("[Event").count(), 2, "{stdout}");
    assert!(!stdout.contains("[Event \"2"), "{stdout}");
}

#[test]
fn a_byte_in_no_encoding_past_64_kib_is_reported_not_lost() {
    let dir = TempDir::new("enc-invalid-big");
    let mut text: Vec<u8> = Vec::new();
    for i in 1..=3000 {
        let game = format!("[Event \"g{i}\"]\n\n1. C2.5 H8+7\n2. H2+3 R9.8 *\n\n");
        if i == 2000 {
            let (before, after) = game.split_once("H2+3").unwrap();
            text.extend([before.as_bytes(), b"H2+3 {caf\xff}", after.as_bytes()].concat());
        } else {
            text.extend(game.as_bytes());
        }
    }
    assert!(text.len() > 128 * 1024);
    let file = dir.path("big.pgn");
    std::fs::write(&file, text).unwrap();
    let out = kifu(&["check", s(&file)]);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "error[invalid-bytes]: game 2000: {INVALID}\n    --> {}:9999:13\n",
            s(&file)
        )),
        "{stderr}"
    );
    assert!(
        stderr.ends_with("kifu check: 3000 games read, 1 with errors, 0 warnings\n"),
        "{stderr}"
    );
    let out = kifu(&["convert", "--to", "pgn", s(&file)]);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout.matches("[Event").count(), 3000);
    assert!(
        stdout.contains("; 2. H2+3 {caf\u{fffd}} R9.8 *\n"),
        "the game is kept as text"
    );
}

#[test]
fn files_joined_with_a_byte_order_mark_each_keep_their_games_apart() {
    let dir = TempDir::new("enc-boms");
    let file = dir.path("boms.pgn");
    let one = |n: &str| format!("\u{feff}[Event \"{n}\"]\n\n1. C2.5 H8+7 *\n");
    std::fs::write(&file, one("1") + &one("2")).unwrap();
    let out = kifu(&["convert", "--to", "pgn", s(&file)]);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let game = |n: &str| {
        format!(
            "[Game \"Chinese Chess\"]\n[Event \"{n}\"]\n[Result \"*\"]\n[Format \"WXF\"]\n\n1. C2.5 H8+7\n*\n"
        )
    };
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("{}\n{}", game("1"), game("2"))
    );
    assert!(
        stderr.ends_with("kifu convert: 2 games read, 2 converted, 0 with errors, 0 warnings\n"),
        "{stderr}"
    );
}
