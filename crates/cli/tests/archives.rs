//! One `kifu convert --recursive --to pgn` over a folder of xiangqi archives (XQF plain and
//! encrypted, CBR, a CBL library) beside a PGN file and three records it cannot use whole
//! writes every game, and names each fault with its file, byte offset and ply (issue "Xiangqi
//! archives as China keeps them", Done when). The samples are testdata/xiangqi-archive's; the
//! faulty ones are made from them here: a truncated XQF, a CBR cut inside its header, an XQF
//! whose fourth move record points the black chariot through its own pawn.

mod common;

use std::path::Path;

use common::{TempDir, kifu, s, testdata, walk};

/// The main line's coordinate moves and the variations' of the record in `file`, read back.
fn moves(file: &Path) -> (Vec<String>, Vec<String>) {
    let out = kifu(&["convert", "--to", "json", s(file)]);
    assert_eq!(out.status.code(), Some(0), "{}", file.display());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut main = Vec::new();
    let mut variations = Vec::new();
    for m in json["moves"].as_array().unwrap() {
        main.push(m["coord"].as_str().unwrap().to_owned());
        for v in m["variations"].as_array().into_iter().flatten() {
            for m in v.as_array().unwrap() {
                variations.push(m["coord"].as_str().unwrap().to_owned());
            }
        }
    }
    (main, variations)
}

/// The sample game of testdata/xiangqi-archive/README.md: 1. h2e2 h9g7 2. h0g2 (2. b0c2)
/// i9h9 3. i0h0.
const MAIN: [&str; 5] = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0"];

#[test]
fn a_folder_of_archives_converts_to_pgn_with_every_fault_named() {
    let dir = TempDir::new("archives");
    dir.copy("xiangqi-archive/sample.xqf", "in/sample.xqf");
    dir.copy("xiangqi-archive/sample-plain.xqf", "in/plain.xqf");
    dir.copy("xiangqi-archive/sample.cbr", "in/record.cbr");
    dir.copy("xiangqi-archive/sample.cbl", "in/sub/library.cbl");
    dir.copy("xiangqi/xiangqi-wxf.pgn", "in/sub/wxf.pgn");
    let plain = std::fs::read(testdata("xiangqi-archive/sample-plain.xqf")).unwrap();
    std::fs::write(dir.path("in/sub/truncated.xqf"), &plain[..700]).unwrap();
    // The plain XQF's fourth move record (at 0x434: from, to, flags, reserved) is i9h9; its
    // target byte (x * 10 + y + 0x20) made i5: the black pawn on i6 stands in the way.
    let mut bad = plain.clone();
    assert_eq!(bad[0x435], 7 * 10 + 9 + 0x20, "the sample's record of i9h9");
    bad[0x435] = 8 * 10 + 5 + 0x20;
    std::fs::write(dir.path("in/sub/bad-move.xqf"), &bad).unwrap();
    let cbr = std::fs::read(testdata("xiangqi-archive/sample.cbr")).unwrap();
    let mut cut = cbr[..40].to_vec();
    cut.extend([0; 50]);
    std::fs::write(dir.path("in/cut.cbr"), &cut).unwrap();

    let out_dir = dir.path("out");
    let out = kifu(&[
        "convert",
        "--recursive",
        "--to",
        "pgn",
        "--message-format",
        "json",
        "--output-dir",
        s(&out_dir),
        s(&dir.path("in")),
    ]);
    assert_eq!(out.status.code(), Some(1), "errors in three records");
    let stderr = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<serde_json::Value> = stderr
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let summary = lines.last().unwrap();
    // Every game written: one each, two in the library, the three faulty ones as far as read.
    assert_eq!(
        summary["summary"],
        serde_json::json!({"games": 9, "ok": 6, "with_errors": 3, "warnings": 0, "converted": 9}),
        "{stderr}"
    );
    let errors: Vec<(String, String, Option<u64>, Option<u64>)> = lines
        .iter()
        .filter(|d| d["severity"] == "error")
        .map(|d| {
            let file = d["file"].as_str().unwrap();
            let name = Path::new(file).file_name().unwrap().to_string_lossy();
            (
                name.into_owned(),
                d["code"].as_str().unwrap().to_owned(),
                d["byte"].as_u64(),
                d["ply"].as_u64(),
            )
        })
        .collect();
    let mut errors = errors;
    errors.sort();
    assert_eq!(
        errors,
        [
            (
                "bad-move.xqf".into(),
                "path-blocked".into(),
                Some(0x434),
                Some(4)
            ),
            ("cut.cbr".into(), "truncated-file".into(), Some(90), None),
            (
                "truncated.xqf".into(),
                "truncated-file".into(),
                Some(0),
                None
            ),
        ],
        "{stderr}"
    );
    let blocked = lines.iter().find(|d| d["code"] == "path-blocked").unwrap();
    assert_eq!(blocked["text"], "i9i5");
    assert_eq!(
        blocked["candidates"],
        serde_json::json!(["i6i5", "i9i7", "i9i8"])
    );

    let mut written = Vec::new();
    for e in walk(&out_dir) {
        written.push(e.strip_prefix(&out_dir).unwrap().display().to_string());
    }
    written.sort();
    assert_eq!(
        written,
        [
            "cut.pgn",
            "plain.pgn",
            "record.pgn",
            "sample.pgn",
            "sub/bad-move.pgn",
            "sub/library.pgn",
            "sub/truncated.pgn",
            "sub/wxf.pgn"
        ]
    );
    for name in ["sample.pgn", "plain.pgn", "record.pgn"] {
        let (main, variations) = moves(&out_dir.join(name));
        assert_eq!(main, MAIN, "{name}");
        assert_eq!(variations, ["b0c2"], "{name}");
    }
    // The library's two games, one after the other in one PGN file.
    let library = std::fs::read_to_string(out_dir.join("sub/library.pgn")).unwrap();
    assert_eq!(library.matches("[Library \"示例棋谱库\"]").count(), 2);
    assert!(library.contains("[Title \"第二局\"]"), "{library}");
    // The faulty move kept up to it, the rest as written; nothing lost.
    let bad = std::fs::read_to_string(out_dir.join("sub/bad-move.pgn")).unwrap();
    assert!(
        bad.contains("2. H2+3 (2. H8+7 {另一着})\n; kifu: not read from ply 4 (`i9i5`)"),
        "{bad}"
    );
    assert!(bad.contains("\n; i9i5 i0h0\n1-0\n"), "{bad}");
    let wxf = moves(&out_dir.join("sub/wxf.pgn")).0;
    assert_eq!(wxf, moves(&testdata("xiangqi/xiangqi-wxf.pgn")).0);
}
