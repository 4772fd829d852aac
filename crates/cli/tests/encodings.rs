//! Text in the encodings users' files come in, each known by its bytes: a KIF file in EUC-JP
//! (detected, or given with `--encoding`), UTF-16 without a byte-order mark holding only CJK
//! characters (few zero bytes), and text with a stray NUL byte (read as text, the NUL reported
//! where it stands, not the whole file refused as binary). Each was misread before: found by
//! a fresh-clone trial of the command line.

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
