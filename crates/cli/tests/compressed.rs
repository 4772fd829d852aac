//! `kifu check` and `kifu convert` on compressed collections (issue 17, part 5): each member of
//! a ZIP archive read and named in the diagnostics, gzip, bzip2 and xz told by their bytes, on
//! a path, in a folder (`--recursive`) and on standard input.
//!
//! The inputs are testdata/compressed (its generate.py makes them from plain files of
//! testdata); the games expected are those of the plain files.

mod common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

use common::{TempDir, testdata};
use serde_json::Value;

fn kifu(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .current_dir(testdata(".."))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        let mut input = child.stdin.take().unwrap();
        if let Some(bytes) = stdin {
            input.write_all(bytes).unwrap();
        }
    }
    child.wait_with_output().unwrap()
}

/// The moves (coordinates) of each game of kifu's JSON output.
fn moves(json: &[u8]) -> Vec<Vec<String>> {
    String::from_utf8_lossy(json)
        .lines()
        .map(|l| {
            let g: Value = serde_json::from_str(l).unwrap();
            g["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["coord"].as_str().unwrap().to_owned())
                .collect()
        })
        .collect()
}

fn converted(path: &str) -> Vec<Vec<String>> {
    let out = kifu(&["convert", "--to", "json", path], None);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{path}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    moves(&out.stdout)
}

#[test]
fn check_names_each_member_of_a_zip_archive() {
    let out = kifu(
        &[
            "check",
            "--format",
            "json",
            "testdata/compressed/with-a-note.zip",
        ],
        None,
    );
    // The member that is no game file is an input error (exit 3); the others are read.
    assert_eq!(out.status.code(), Some(3));
    let lines: Vec<Value> = String::from_utf8_lossy(&out.stderr)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let found: Vec<(&str, &str, Option<u64>)> = lines[..2]
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap(),
                d["file"].as_str().unwrap(),
                d["line"].as_u64(),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            ("io", "testdata/compressed/with-a-note.zip:readme.pdf", None),
            (
                "duplicate-tag",
                "testdata/compressed/with-a-note.zip:errors/duplicate-tag.pgn",
                Some(2)
            ),
        ]
    );
    // Three games of games.pgn and one of duplicate-tag.pgn.
    assert_eq!(lines[2]["summary"]["games"], 4);
    assert_eq!(lines[2]["summary"]["skipped_files"], 1);
}

#[test]
fn convert_reads_every_compressed_kind_as_the_plain_file() {
    let multigame = converted("testdata/xiangqi/xiangqi-multigame.pgn");
    let real = converted("testdata/shogi/shogi-real-game.psn");
    assert_eq!(multigame.len(), 3);
    assert_eq!(real[0].len(), 181);
    assert_eq!(converted("testdata/compressed/multigame.pgn.gz"), multigame);
    assert_eq!(converted("testdata/compressed/multigame-xz.pgn"), multigame);
    assert_eq!(converted("testdata/compressed/real-game.psn.bz2"), real);
    let mut both = converted("testdata/xiangqi/xiangqi-iccs-lower.pgn");
    both.extend(real.clone());
    assert_eq!(converted("testdata/compressed/two-members.zip"), both);
    // On standard input: the bytes tell the kind.
    for (file, want) in [
        ("compressed/two-members.zip", &both),
        ("compressed/real-game.psn.bz2", &real),
    ] {
        let bytes = std::fs::read(testdata(file)).unwrap();
        let out = kifu(&["convert", "--to", "json"], Some(&bytes));
        assert_eq!(out.status.code(), Some(0), "{file}");
        assert_eq!(&moves(&out.stdout), want, "{file}");
    }
}

#[test]
fn a_folder_read_recursively_takes_archives_and_compressed_game_files() {
    let dir = TempDir::new("compressed-folder");
    dir.copy("compressed/two-members.zip", "a/two-members.zip");
    dir.copy("compressed/multigame.pgn.gz", "b/multigame.pgn.gz");
    // A compressed file that is no game file by its name is left out, as a plain one is.
    dir.copy("compressed/multigame.pgn.gz", "b/picture.png.gz");
    let folder = dir.0.to_string_lossy().into_owned();
    let out = kifu(&["check", "--recursive", &folder], None);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.ends_with("kifu check: 5 games read, 0 with errors, 0 warnings\n"),
        "{stderr}"
    );
}
