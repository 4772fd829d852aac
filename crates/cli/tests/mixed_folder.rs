//! One `kifu convert --recursive` command converts a folder of mixed shogi files (KIF in
//! Shift_JIS and UTF-8, KI2, CSA, PSN), each read by its content, into one format (issue "Shogi
//! records as Japan keeps them", Done when; docs/cli.md shows the command). The outputs keep
//! the folder layout, take the Kakinoki extension of their encoding (`.kifu` for UTF-8, `.kif`
//! for Shift_JIS) and read back to the same moves.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn kifu(args: &[&str]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .output()
        .expect("kifu runs");
    common::schema::check_output(args, &out);
    out
}

/// The files of the folder, each with its place in it.
const FILES: [(&str, &str); 5] = [
    ("kif/handicap-lance.kif", "kif/handicap-lance"),
    ("kif/comments.kifu", "kif/comments"),
    ("kif/relative.ki2u", "kif/relative"),
    ("csa/every-key.csa", "csa/every-key"),
    ("shogi/shogi-real-game.psn", "shogi-real-game"),
];

fn testdata(name: &str) -> PathBuf {
    PathBuf::from(format!(
        "{}/../../testdata/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
}

/// The coordinate moves of the one game of `file`.
fn moves(file: &Path) -> Vec<String> {
    let out = kifu(&["convert", "--to", "json", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", file.display());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    json["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["coord"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn a_mixed_folder_converts_with_one_command() {
    let root = std::env::temp_dir().join(format!("kifu-mixed-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let (input, output) = (root.join("in"), root.join("out"));
    for (from, to) in FILES {
        let ext = from.rsplit('.').next().unwrap();
        let to = input.join(format!("{to}.{ext}"));
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(testdata(from), to).unwrap();
    }
    for (encoding, ext) in [(None, "kifu"), (Some("shift_jis"), "kif")] {
        let out_dir = output.join(ext);
        let mut args = vec!["convert", "--recursive", "--to", "kif"];
        if let Some(e) = encoding {
            args.extend(["--output-encoding", e]);
        }
        args.extend([
            "--output-dir",
            out_dir.to_str().unwrap(),
            input.to_str().unwrap(),
        ]);
        let out = kifu(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{stderr}");
        assert!(
            stderr
                .ends_with("kifu convert: 5 games read, 5 converted, 0 with errors, 0 warnings\n"),
            "{stderr}"
        );
        for (from, to) in FILES {
            let written = out_dir.join(format!("{to}.{ext}"));
            let bytes = std::fs::read(&written).unwrap();
            let first_line = bytes.split(|&b| b == b'\n').next().unwrap();
            let declared = match encoding {
                None => "#KIF version=2.0 encoding=UTF-8",
                Some(_) => "#KIF version=2.0 encoding=Shift_JIS",
            };
            assert_eq!(first_line, declared.as_bytes(), "{}", written.display());
            assert_eq!(moves(&written), moves(&testdata(from)), "{from}");
        }
    }
    let _ = std::fs::remove_dir_all(&root);
}
