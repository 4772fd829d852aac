//! The `kifu` binary against hostile file systems and inputs (issue 18): outputs never written
//! over an input, a link or an existing file (`--force` replaces the last, never the others),
//! a closed standard output, special files in a folder read with `--recursive`.

use std::path::Path;
use std::process::{Command, Output, Stdio};

mod common;
use common::{TempDir, testdata};

fn kifu(args: &[&str]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .output()
        .expect("kifu runs");
    common::schema::check_output(args, &out);
    out
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

const GAME: &str = "shogi/shogi-real-game.psn";

/// A symbolic or hard link in the output folder to the input: refused before anything is
/// written, with or without `--force`, and the input is unchanged (it used to be truncated,
/// then read back and appended to without end).
#[cfg(unix)]
#[test]
fn a_link_to_the_input_in_the_output_folder_is_refused() {
    let original = std::fs::read(testdata(GAME)).unwrap();
    for hard in [false, true] {
        let t = TempDir::new(if hard { "hard-link" } else { "soft-link" });
        let input = t.copy(GAME, "in.psn");
        std::fs::create_dir_all(t.path("out")).unwrap();
        if hard {
            std::fs::hard_link(&input, t.path("out/in.psn")).unwrap();
        } else {
            std::os::unix::fs::symlink(&input, t.path("out/in.psn")).unwrap();
        }
        for force in [false, true] {
            let out_dir = t.path("out");
            let mut args = vec!["convert", "--to", "psn", "--output-dir", s(&out_dir)];
            if force {
                args.push("--force");
            }
            args.push(s(&input));
            let out = kifu(&args);
            assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
            assert_eq!(
                stderr(&out),
                format!(
                    "error: {} is the input {} (a link to it, or the file itself): kifu never writes over an input; choose another output\n",
                    t.path("out/in.psn").display(),
                    input.display()
                )
            );
            assert_eq!(std::fs::read(&input).unwrap(), original);
            assert_eq!(t.names("out"), ["in.psn"]);
        }
    }
}

/// An existing output is kept without `--force` (a usage error naming it, nothing written)
/// and replaced with it; a link elsewhere is replaced, its target untouched.
#[test]
fn existing_outputs_need_force() {
    let t = TempDir::new("fs-existing");
    let input = t.copy(GAME, "in.psn");
    std::fs::create_dir_all(t.path("out")).unwrap();
    std::fs::write(t.path("out/in.psn"), "keep me").unwrap();
    let out_dir = t.path("out");
    let out = kifu(&[
        "convert",
        "--to",
        "psn",
        "--output-dir",
        s(&out_dir),
        s(&input),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(
        stderr(&out),
        format!(
            "error: {} exists: give --force to replace it, or choose another output\n",
            t.path("out/in.psn").display()
        )
    );
    assert_eq!(
        std::fs::read_to_string(t.path("out/in.psn")).unwrap(),
        "keep me"
    );
    let out = kifu(&[
        "convert",
        "--to",
        "psn",
        "--output-dir",
        s(&out_dir),
        "--force",
        s(&input),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let written = std::fs::read_to_string(t.path("out/in.psn")).unwrap();
    assert!(written.starts_with("[Sente \"Player A\"]"), "{written}");
    assert_eq!(t.names("out"), ["in.psn"], "no temporary file left");
    #[cfg(unix)]
    {
        std::fs::write(t.path("elsewhere.txt"), "outside").unwrap();
        std::fs::remove_file(t.path("out/in.psn")).unwrap();
        std::os::unix::fs::symlink(t.path("elsewhere.txt"), t.path("out/in.psn")).unwrap();
        let out = kifu(&[
            "convert",
            "--to",
            "psn",
            "--output-dir",
            s(&out_dir),
            "--force",
            s(&input),
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert_eq!(
            std::fs::read_to_string(t.path("elsewhere.txt")).unwrap(),
            "outside"
        );
        assert_eq!(
            std::fs::read_to_string(t.path("out/in.psn")).unwrap(),
            written
        );
    }
}

/// A closed standard output (`>&-`) is an output failure, exit 3 (it used to be exit 0:
/// Rust's standard library takes a closed descriptor for a successful write).
#[cfg(unix)]
#[test]
fn a_closed_standard_output_fails() {
    let game = testdata(GAME);
    for args in ["convert --to psn", "convert --to json --format json"] {
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!("exec \"$0\" {args} \"$1\" >&-"))
            .arg(env!("CARGO_BIN_EXE_kifu"))
            .arg(&game)
            .stdin(Stdio::null())
            .output()
            .expect("sh runs");
        assert_eq!(out.status.code(), Some(3), "{args}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("standard output is closed"),
            "{args}: {}",
            stderr(&out)
        );
    }
}

/// A named pipe and a link to /dev/zero named like game files in a folder read with
/// `--recursive` are skipped with a note (they used to hang the walk, or fill the memory).
#[cfg(unix)]
#[test]
fn special_files_in_a_folder_are_skipped() {
    let t = TempDir::new("fs-special");
    t.copy(GAME, "in/a.psn");
    let fifo = t.path("in/f.pgn");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    std::os::unix::fs::symlink("/dev/zero", t.path("in/z.pgn")).unwrap();
    let dir = t.path("in");
    let out = kifu(&["check", "--recursive", s(&dir)]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        err.contains(&format!(
            "note: {}: not read: a named pipe (FIFO) (only regular files are read in a folder)",
            fifo.display()
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "note: {}: not read: a device (only regular files are read in a folder)",
            t.path("in/z.pgn").display()
        )),
        "{err}"
    );
    assert!(
        err.ends_with("kifu check: 1 game read, 0 with errors, 0 warnings\n"),
        "{err}"
    );
    let out_dir = t.path("out");
    let out = kifu(&[
        "convert",
        "--to",
        "psn",
        "--recursive",
        "--output-dir",
        s(&out_dir),
        s(&dir),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(t.names("out"), ["a.psn"]);
}

/// An output no game reaches (a shogi game cannot be written as XQF or DhtmlXQ) is not made:
/// under `--output-dir` no empty file stands for the input, and with `--output` and `--force`
/// an existing file is not replaced by nothing (both were left as 0-byte files).
#[test]
fn an_output_no_game_reaches_is_not_made() {
    let t = TempDir::new("no-game-out");
    let input = t.copy(GAME, "in.psn");
    for to in ["xqf", "dhtmlxq"] {
        let dir = t.path(&format!("out-{to}"));
        let out = kifu(&["convert", "--to", to, "--output-dir", s(&dir), s(&input)]);
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        assert!(
            stderr(&out).contains(&format!(
                "error[wrong-variant]: a shogi game cannot be written as {to}: choose --to json or a shogi notation\n"
            )),
            "{}",
            stderr(&out)
        );
        assert!(stderr(&out).ends_with("1 game read, 0 converted, 1 with errors, 0 warnings\n"));
        let made: Vec<_> = std::fs::read_dir(&dir)
            .map(|d| d.map(|e| e.unwrap().file_name()).collect())
            .unwrap_or_default();
        assert!(made.is_empty(), "{to}: {made:?}");
        let file = t.path(&format!("kept.{to}"));
        std::fs::write(&file, b"an earlier output").unwrap();
        let out = kifu(&["convert", "--to", to, "--force", "-o", s(&file), s(&input)]);
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        assert_eq!(std::fs::read(&file).unwrap(), b"an earlier output");
    }
}
