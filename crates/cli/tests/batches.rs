//! The `kifu` binary on batches (docs/cli.md, issue 6): `--recursive` and `--output-dir`
//! (one output per input, never over an input, never two inputs into one output, a symbolic
//! link loop read once), `--on-error keep|skip|stop`, and `--strict`, `--allow`, `--deny` with
//! their exit codes.

use std::path::Path;
use std::process::{Command, Output};

mod common;
use common::{TempDir, testdata};

use serde_json::Value;

fn kifu(args: &[&str]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .output()
        .expect("kifu runs");
    common::schema::check_output(args, &out);
    out
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The coordinate moves of every game of `file`, read by kifu.
fn moves(file: &Path) -> Vec<Vec<String>> {
    let out = kifu(&["convert", "--to", "json", s(file)]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            v["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["coord"].as_str().unwrap().to_owned())
                .collect()
        })
        .collect()
}

fn summary(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .last()
        .unwrap_or_default()
        .to_owned()
}

#[test]
fn recursive_output_dir_mirrors_the_tree_and_each_output_reads_back() {
    let t = TempDir::new("recursive");
    let inputs = [
        ("xiangqi/xiangqi-multigame.pgn", "in/xiangqi/multi.pgn"),
        ("xiangqi/xiangqi-wxf.pgn", "in/xiangqi/deep/wxf.pgn"),
        ("xiangqi/xiangqi-uci-fairy.txt", "in/xiangqi/deep/wxf.txt"),
        ("shogi/shogi-real-game.psn", "in/shogi/real.psn"),
    ];
    for (from, to) in inputs {
        t.copy(from, to);
    }
    std::fs::write(t.path("in/notes.md"), "not a game file").unwrap();
    let out = kifu(&[
        "convert",
        "--to",
        "iccs",
        "--recursive",
        "--output-dir",
        s(&t.path("out")),
        s(&t.path("in/xiangqi")),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.is_empty());
    // `wxf.pgn` and `wxf.txt` in one folder: the second keeps its extension.
    for (input, output) in [
        ("in/xiangqi/multi.pgn", "out/multi.pgn"),
        ("in/xiangqi/deep/wxf.pgn", "out/deep/wxf.pgn"),
        ("in/xiangqi/deep/wxf.txt", "out/deep/wxf.txt.pgn"),
    ] {
        let (input, output) = (t.path(input), t.path(output));
        assert!(output.exists(), "{}", output.display());
        assert_eq!(moves(&output), moves(&input), "{}", output.display());
    }
    assert_eq!(std::fs::read_dir(t.path("out")).unwrap().count(), 2);
    assert_eq!(
        summary(&out),
        "kifu convert: 5 games read, 5 converted, 0 with errors, 0 warnings"
    );
}

#[test]
fn output_dir_never_overwrites_an_input_nor_merges_two() {
    let t = TempDir::new("collide");
    let a = t.copy("shogi/shogi-real-game.psn", "a/g.psn");
    let b = t.copy("shogi/shogi-majewski.psn", "b/g.psn");
    let before = std::fs::read(&a).unwrap();

    // Into the input's own folder, also spelt another way: a usage error, nothing written.
    for dir in [t.path("a"), t.path("b/../a/.")] {
        let out = kifu(&["convert", "--to", "psn", "--output-dir", s(&dir), s(&a)]);
        assert_eq!(out.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("would overwrite the input"), "{stderr}");
        assert_eq!(std::fs::read(&a).unwrap(), before);
    }

    // Two inputs of one name from two folders: a usage error naming both, nothing written.
    let out = kifu(&[
        "convert",
        "--to",
        "usi",
        "--output-dir",
        s(&t.path("out")),
        s(&a),
        s(&b),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    // Files given one by one: the advice is to give their folders.
    assert_eq!(
        stderr,
        format!(
            "error: {} and {} would both be written to {}: convert them in separate runs, or give their folder with --recursive\n",
            s(&a),
            s(&b),
            s(&t.path("out/g.psn"))
        )
    );
    assert!(!t.path("out").exists());

    // Their folders with --recursive: one output each, below the folder given.
    let out = kifu(&[
        "convert",
        "--to",
        "usi",
        "--recursive",
        "--output-dir",
        s(&t.path("out")),
        s(&t.path("a")),
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(moves(&t.path("out/g.psn")), moves(&a));
}

#[cfg(unix)]
#[test]
fn a_symbolic_link_loop_is_read_once() {
    let t = TempDir::new("loop");
    t.copy("shogi/shogi-real-game.psn", "top/g.psn");
    t.copy("shogi/shogi-majewski.psn", "top/sub/m.psn");
    std::os::unix::fs::symlink("..", t.path("top/sub/up")).unwrap();
    let out = kifu(&["check", "--recursive", s(&t.path("top"))]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        summary(&out),
        "kifu check: 2 games read, 0 with errors, 0 warnings"
    );
}

#[test]
fn on_error_keeps_skips_or_stops() {
    // Game 2 of three breaks at its third move.
    let t = TempDir::new("on-error");
    let file = t.path("three.pgn");
    std::fs::write(
        &file,
        "[Game \"Chinese Chess\"]\n\n1. C2.5 H8+7 2. H2+3 R9.8 1-0\n\n\
         [Game \"Chinese Chess\"]\n\n1. C2.5 H8+7 2. Q2+3 R9.8 1-0\n\n\
         [Game \"Chinese Chess\"]\n\n1. P7+1 P7+1 0-1\n",
    )
    .unwrap();
    let games = |out: &Output| -> Vec<Value> {
        String::from_utf8(out.stdout.clone())
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    };
    let keep = kifu(&["convert", "--to", "json", s(&file)]);
    assert_eq!(keep.status.code(), Some(1));
    let kept = games(&keep);
    assert_eq!(kept.len(), 3);
    assert_eq!(kept[1]["moves"].as_array().unwrap().len(), 2);
    assert!(kept[1]["unread"].as_str().unwrap().contains("Q2+3 R9.8"));

    let skip = kifu(&["convert", "--to", "json", "--on-error", "skip", s(&file)]);
    assert_eq!(skip.status.code(), Some(1));
    let skipped = games(&skip);
    assert_eq!(skipped.len(), 2);
    assert_eq!(skipped[1]["moves"][0]["coord"], "c3c4");

    let stop = kifu(&["convert", "--to", "json", "--on-error", "stop", s(&file)]);
    assert_eq!(stop.status.code(), Some(1));
    assert_eq!(games(&stop).len(), 1);
    assert_eq!(
        summary(&stop),
        "kifu convert: 2 games read, 1 converted, 1 with errors, 0 warnings"
    );
}

#[test]
fn strict_allow_and_deny_set_what_is_an_error() {
    // Lower-case letters and drops without `*`: 30 warnings, no error.
    let file = testdata("shogi/dialects/hand-typed.psn");
    let plain = kifu(&["check", s(&file)]);
    assert_eq!(plain.status.code(), Some(0));
    assert_eq!(
        summary(&plain),
        "kifu check: 1 game read, 0 with errors, 30 warnings"
    );

    let strict = kifu(&["check", "--strict", s(&file)]);
    assert_eq!(strict.status.code(), Some(1));

    // --strict, but both codes allowed: clean again.
    let allowed = kifu(&[
        "check",
        "--strict",
        "--allow",
        "letter-case",
        "--allow",
        "drop-without-mark",
        s(&file),
    ]);
    assert_eq!(allowed.status.code(), Some(0), "{}", summary(&allowed));

    // One code denied: an error; the other stays a warning.
    let denied = kifu(&[
        "check",
        "--format",
        "json",
        "--deny",
        "letter-case",
        s(&file),
    ]);
    assert_eq!(denied.status.code(), Some(1));
    let lines: Vec<Value> = String::from_utf8(denied.stderr)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let severity = |code: &str| -> Vec<&str> {
        let mut v: Vec<&str> = lines
            .iter()
            .filter(|d| d["code"] == code)
            .map(|d| d["severity"].as_str().unwrap())
            .collect();
        v.dedup();
        v
    };
    assert_eq!(severity("letter-case"), ["error"]);
    assert_eq!(severity("drop-without-mark"), ["warning"]);
}

#[test]
fn compare_refuses_the_batch_options() {
    let a = testdata("shogi/dialects/hand-typed.psn");
    for option in [
        &["--repair"][..],
        &["--recursive"],
        &["--allow", "letter-case"],
        &["--deny", "letter-case"],
    ] {
        let mut args = vec!["compare"];
        args.extend_from_slice(option);
        args.extend([s(&a), s(&a)]);
        let out = kifu(&args);
        assert_eq!(out.status.code(), Some(2), "{option:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.starts_with(&format!("error: {} does not apply to compare", option[0])),
            "{option:?}: {stderr}"
        );
    }
    let help = kifu(&["compare", "--help"]);
    let help = String::from_utf8_lossy(&help.stdout);
    for hidden in ["--repair", "--recursive", "--allow", "--deny"] {
        assert!(!help.contains(hidden), "compare --help shows {hidden}");
    }
    assert!(help.contains("--strict"));
}

#[test]
fn a_folder_needs_recursive_and_an_empty_file_is_named() {
    let dir = TempDir::new("folder-usage");
    dir.copy("xiangqi/seed-algebraic-fi.pgn", "a.pgn");
    for command in ["check", "convert"] {
        let mut args = vec![command];
        if command == "convert" {
            args.extend(["--to", "iccs"]);
        }
        args.push(s(&dir.0));
        let out = kifu(&args);
        assert_eq!(out.status.code(), Some(2), "{command}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("is a folder: give --recursive"),
            "{command}: {stderr}"
        );
        assert!(out.stdout.is_empty(), "{command}: nothing written");
    }
    let empty = dir.path("empty.pgn");
    std::fs::write(&empty, "\n  \n").unwrap();
    let out = kifu(&["check", s(&empty)]);
    // Never "0 games read" with exit 0: the file is skipped, and said so.
    assert_eq!(out.status.code(), Some(3));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("empty.pgn: no game in it (the file is empty or blank)"),
        "{stderr}"
    );
    assert_eq!(
        summary(&out),
        "kifu check: 0 games read, 0 with errors, 0 warnings; 1 file skipped (1 empty)"
    );
}

/// Writing to a full disk (`/dev/full`) is an I/O error, exit 3, never a panic.
#[cfg(target_os = "linux")]
#[test]
fn a_failing_output_is_exit_3_not_a_panic() {
    let full = || std::fs::File::create("/dev/full").expect("/dev/full");
    let run = |args: &[&str], stdout: bool| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_kifu"));
        cmd.args(args);
        if stdout {
            cmd.stdout(full());
        } else {
            cmd.stderr(full()).stdout(std::process::Stdio::null());
        }
        cmd.output().expect("kifu runs")
    };
    let seed = testdata("xiangqi/seed-descriptive-fi.pgn");
    let algebraic = testdata("xiangqi/seed-algebraic-fi.pgn");
    for (args, stdout) in [
        (vec!["perft", "--variant", "shogi", "1"], true),
        (vec!["compare", s(&seed), s(&algebraic)], true),
        (vec!["convert", "--to", "json", s(&seed)], true),
        (vec!["check", s(&seed)], false),
        (vec!["convert", "--to", "json", s(&seed)], false),
    ] {
        let out = run(&args, stdout);
        assert_eq!(out.status.code(), Some(3), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        // Issue 18 item 9: the game that never reached the disk was counted converted.
        if args[0] == "convert" && stdout {
            assert!(
                stderr.contains("error[io]: <stdout>: No space left on device"),
                "{stderr}"
            );
            assert!(stderr.contains("1 game read, 0 converted"), "{stderr}");
        }
    }
}

#[test]
fn gbk_after_64_kib_of_ascii_is_still_detected() {
    let dir = TempDir::new("late-gbk");
    let ascii = b"[Event \"g\"]\n\n1. C2.5 H8+7 *\n\n".repeat(2300);
    assert!(ascii.len() > 64 * 1024);
    // 炮二平五 马８进７ in GBK.
    let gbk: &[u8] = b"[Event \"x\"]\n\n1. \xc5\xda\xb6\xfe\xc6\xbd\xce\xe5 \xc2\xed\xa3\xb8\xbd\xf8\xa3\xb7 *\n";
    let file = dir.path("late.pgn");
    std::fs::write(&file, [ascii.as_slice(), gbk].concat()).unwrap();
    let out = kifu(&["convert", "--to", "iccs", "--style", "engine", s(&file)]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.trim_end().ends_with("1. h2e2 h9g7\n*"),
        "{}",
        &text[text.len() - 80..]
    );
    // Bytes that fit no encoding there are an error of their game, at its line and column.
    let bad = dir.path("bad.pgn");
    std::fs::write(
        &bad,
        [ascii.as_slice(), b"[Event \"\xff\xfe\x80\"]\n1. C2.5 *\n"].concat(),
    )
    .unwrap();
    let out = kifu(&["check", s(&bad)]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("error[invalid-bytes]: game 2301: byte FF is not valid UTF-8 or GBK (shown as \u{fffd}) (and 2 more places in the game)") && stderr.contains(&format!("--> {}:9201:9\n", s(&bad))),
        "{stderr}"
    );
    assert!(
        stderr.ends_with("kifu check: 2301 games read, 1 with errors, 0 warnings\n"),
        "{stderr}"
    );
}

#[test]
fn utf32_is_an_input_error() {
    let dir = TempDir::new("utf32");
    let file = dir.path("u32.pgn");
    let mut bytes = vec![0xFF, 0xFE, 0, 0];
    for c in "1. C2.5 H8+7 *\n".chars() {
        bytes.extend((c as u32).to_le_bytes());
    }
    std::fs::write(&file, bytes).unwrap();
    let out = kifu(&["check", s(&file)]);
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the input is UTF-32"));
}

#[test]
fn several_folders_keep_their_names_under_the_output_folder() {
    let t = TempDir::new("folders");
    let a = t.copy("shogi/shogi-real-game.psn", "a/g.psn");
    let b = t.copy("shogi/shogi-majewski.psn", "b/g.psn");
    let out = kifu(&[
        "convert",
        "-q",
        "--to",
        "usi",
        "--recursive",
        "--output-dir",
        s(&t.path("out")),
        s(&t.path("a")),
        s(&t.path("b")),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(t.names("out"), ["a", "b"]);
    assert_eq!(moves(&t.path("out/a/g.psn")), moves(&a));
    assert_eq!(moves(&t.path("out/b/g.psn")), moves(&b));

    // Two folders of one name: the advice is separate runs (giving the folders is done).
    t.copy("shogi/shogi-real-game.psn", "x/a/g.psn");
    t.copy("shogi/shogi-majewski.psn", "y/a/g.psn");
    let out = kifu(&[
        "convert",
        "--to",
        "usi",
        "--recursive",
        "--output-dir",
        s(&t.path("out2")),
        s(&t.path("x/a")),
        s(&t.path("y/a")),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "error: {} and {} would both be written to {}: convert them in separate runs (their folders have one name)\n",
            s(&t.path("x/a/g.psn")),
            s(&t.path("y/a/g.psn")),
            s(&t.path("out2/a/g.psn")),
        )
    );
    assert!(!t.path("out2").exists());
}

#[test]
fn an_archive_under_output_dir_writes_its_members_to_its_one_output() {
    // The members of a ZIP archive were each looked up as an input of their own
    // (`two-members.zip:xiangqi-iccs.pgn`): "no output file planned for this input", exit 3.
    let t = TempDir::new("zip-output-dir");
    t.copy("compressed/two-members.zip", "in/two-members.zip");
    t.copy("csa/commas.csa", "in/sub/commas.csa");
    let out = kifu(&[
        "convert",
        "--to",
        "json",
        "--recursive",
        "--output-dir",
        s(&t.path("out")),
        s(&t.path("in")),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        summary(&out),
        "kifu convert: 3 games read, 3 converted, 0 with errors, 0 warnings"
    );
    let archive = moves(&t.path("out/two-members.jsonl"));
    let members = moves(&t.path("in/two-members.zip"));
    assert_eq!(archive, members);
    assert_eq!(archive.iter().map(Vec::len).collect::<Vec<_>>(), [76, 181]);
    assert_eq!(
        moves(&t.path("out/sub/commas.jsonl")),
        [["7g7f", "3c3d", "8h2b+", "3a2b"]]
    );
}

/// `--jobs N` checks games on N threads: stdout, stderr and the exit code are the same bytes
/// for every N, on testdata's folders (every format, errors and notes among them) and on one
/// file of 3,000 games with a fault every 7th, converted and checked.
#[test]
fn any_number_of_jobs_gives_the_same_bytes() {
    let t = TempDir::new("jobs");
    let mut big = String::new();
    for i in 0..3000 {
        let second = if i % 7 == 3 { "H8+5" } else { "H8+7" };
        big.push_str(&format!(
            "[Event \"{i}\"]\n\n1. C2.5 {second} 2. H2+3 R9.8 3. R1.2 C8+4 *\n\n"
        ));
    }
    let file = t.path("big.pgn");
    std::fs::write(&file, big).unwrap();
    let root = testdata("");
    let runs: [&[&str]; 4] = [
        &["check", "--recursive", s(&root)],
        &["convert", "--to", "json", "--recursive", s(&root)],
        &["convert", "--to", "iccs", s(&file)],
        &["check", "--message-format", "json", s(&file)],
    ];
    for args in runs {
        let one = kifu(&[args, &["--jobs", "1"]].concat());
        assert!(!one.stdout.is_empty() || !one.stderr.is_empty(), "{args:?}");
        // The most --jobs takes started that many threads and aborted (exit 134) where the
        // system refused them: at most 256 are started now, with the same output.
        for jobs in ["2", "3", "65535"] {
            let many = kifu(&[args, &["--jobs", jobs]].concat());
            assert_eq!(
                many.status.code(),
                one.status.code(),
                "{args:?} --jobs {jobs}"
            );
            assert!(
                many.stdout == one.stdout,
                "{args:?} --jobs {jobs}: stdout differs"
            );
            assert!(
                many.stderr == one.stderr,
                "{args:?} --jobs {jobs}: stderr differs"
            );
        }
    }
    // The faults are found: 3000 games, one in 7 with an error.
    let out = kifu(&["check", "--jobs", "2", s(&file)]);
    assert_eq!(
        summary(&out),
        "kifu check: 3000 games read, 429 with errors, 0 warnings"
    );
    // Out of range is a usage error that gives the range: 0, -1 (clap took it for an option
    // and said to write `-- -1`) and 2^64 (it said "number too large to fit in target type").
    for jobs in ["0", "-1", "18446744073709551616"] {
        let out = kifu(&["check", "--jobs", jobs, s(&file)]);
        assert_eq!(out.status.code(), Some(2), "--jobs {jobs}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with(&format!(
                "error: invalid value '{jobs}' for '--jobs <N>': {jobs} is out of range: \
                 expected a number of threads from 1 to 65535 (at most 256 are started)\n"
            )),
            "{err}"
        );
    }
}
