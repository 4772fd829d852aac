//! The command line as a new user expects it (issue 11, part 4): `-q/--quiet`, `--color` and
//! `NO_COLOR`, one detection note per file, `-o/--output`, the short options `-t` and `-f`,
//! `--message-format json` (and its old name `--format`), `--to` and `--from` first in the
//! help, `--allow` refusing error codes, `perft --fen startpos`, and a closed standard output
//! ending the program quietly. Each test asserts the exact output and exit code.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

mod common;
use common::{TempDir, testdata};

fn root() -> PathBuf {
    PathBuf::from(format!("{}/../..", env!("CARGO_MANIFEST_DIR")))
}

/// Runs kifu from the repository root (so that file names print as in testdata/errors).
fn kifu(args: &[&str]) -> Output {
    kifu_env(args, &[])
}

fn kifu_env(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_kifu"));
    cmd.current_dir(root()).args(args).env_remove("NO_COLOR");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("kifu runs");
    common::schema::check_output(args, &out);
    out
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The games of testdata files one after another, in one file.
fn concatenated(dir: &TempDir, name: &str, files: &[&str]) -> PathBuf {
    let mut text = String::new();
    for f in files {
        text.push_str(&std::fs::read_to_string(root().join("testdata").join(f)).unwrap());
        text.push('\n');
    }
    let path = dir.path(name);
    std::fs::write(&path, text).unwrap();
    path
}

const AMBIGUOUS: &str = "testdata/errors/ambiguous-move.pgn";

/// The diagnostic of testdata/errors/ambiguous-move.pgn, without notes.
const AMBIGUOUS_PLAIN: &str = "error[ambiguous-move]: ply 1 (`R5.3`): ambiguous move: two red chariots can make the move `R5.3`: write R+.3 or R-.3
 --> testdata/errors/ambiguous-move.pgn:4:4
  |
4 | 1. R5.3
  |    ^^^^
  |
help: nothing after it in the game decides between them
note: position before the move: 5k3/9/9/9/9/9/4R4/9/4R4/3K5 w - - 0 1
kifu check: 1 game read, 1 with errors, 0 warnings
";

#[test]
fn quiet_leaves_out_the_notes_only() {
    let loud = kifu(&["check", AMBIGUOUS]);
    assert_eq!(
        stderr(&loud),
        format!(
            "note: testdata/errors/ambiguous-move.pgn: game 1: read as WXF descriptive notation, English letters: 1 of 1 move is well formed in it, but none reads in turn from the start\n{AMBIGUOUS_PLAIN}"
        )
    );
    for flag in ["-q", "--quiet"] {
        let quiet = kifu(&["check", flag, AMBIGUOUS]);
        assert_eq!(stderr(&quiet), AMBIGUOUS_PLAIN);
        assert_eq!(quiet.status.code(), Some(1));
    }
    // Also before the subcommand.
    assert_eq!(stderr(&kifu(&["-q", "check", AMBIGUOUS])), AMBIGUOUS_PLAIN);
}

#[test]
fn color_always_never_and_no_color() {
    // Not a terminal: auto is plain, as never is.
    assert_eq!(stderr(&kifu(&["check", "-q", AMBIGUOUS])), AMBIGUOUS_PLAIN);
    let never = kifu(&["check", "-q", "--color", "never", AMBIGUOUS]);
    assert_eq!(stderr(&never), AMBIGUOUS_PLAIN);
    let always = kifu(&["check", "-q", "--color", "always", AMBIGUOUS]);
    let colored = stderr(&always);
    assert!(
        colored.starts_with(
            "\x1b[1m\x1b[91merror[ambiguous-move]\x1b[0m\x1b[1m: ply 1 (`R5.3`): ambiguous move"
        ),
        "{colored:?}"
    );
    assert!(
        colored.contains(" \x1b[1m\x1b[94m--> \x1b[0mtestdata/errors/ambiguous-move.pgn:4:4\n")
    );
    // The summary line is never colored.
    assert!(colored.ends_with("\nkifu check: 1 game read, 1 with errors, 0 warnings\n"));
    assert_eq!(always.status.code(), Some(1));
    // NO_COLOR turns auto off; an explicit --color always wins over it.
    let env = [("NO_COLOR", "1")];
    assert_eq!(
        stderr(&kifu_env(&["check", "-q", AMBIGUOUS], &env)),
        AMBIGUOUS_PLAIN
    );
    assert_eq!(
        stderr(&kifu_env(
            &["check", "-q", "--color", "always", AMBIGUOUS],
            &env
        )),
        colored
    );
    let bad = kifu(&["check", "--color", "sometimes", AMBIGUOUS]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr(&bad)
            .starts_with("error: invalid value 'sometimes' for '--color <WHEN>'\n  [possible values: auto, always, never]\n"),
        "{}",
        stderr(&bad)
    );
}

#[test]
fn one_detection_note_per_file_when_its_games_read_the_same_way() {
    let dir = TempDir::new("cl-notes");
    let same = concatenated(
        &dir,
        "same.pgn",
        &["xiangqi/xiangqi-wxf.pgn", "xiangqi/xiangqi-wxf.pgn"],
    );
    let o = kifu(&["check", s(&same)]);
    assert_eq!(
        stderr(&o),
        format!(
            "note: {}: game 1: detected WXF descriptive notation, English letters (76 of 76 plies read)\nkifu check: 2 games read, 0 with errors, 0 warnings\n",
            s(&same)
        )
    );
    // A game read another way has its own note; the one after it, read as the one before, none.
    let mixed = concatenated(
        &dir,
        "mixed.pgn",
        &[
            "xiangqi/xiangqi-wxf.pgn",
            "xiangqi/xiangqi-wxf.pgn",
            "xiangqi/xiangqi-winboard.pgn",
            "xiangqi/xiangqi-winboard.pgn",
        ],
    );
    let o = kifu(&["check", s(&mixed)]);
    assert_eq!(
        stderr(&o),
        format!(
            "note: {0}: game 1: detected WXF descriptive notation, English letters (76 of 76 plies read)\nnote: {0}: game 3: detected WinBoard algebraic notation, ranks 0-9, English letters (54 of 54 plies read)\nkifu check: 4 games read, 0 with errors, 0 warnings\n",
            s(&mixed)
        )
    );
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn output_file_and_short_options() {
    let dir = TempDir::new("cl-output");
    let out = dir.path("out.pgn");
    let wxf = "testdata/xiangqi/xiangqi-wxf.pgn";
    let long = kifu(&["convert", "--to", "iccs", "--from", "wxf", wxf]);
    assert_eq!(long.status.code(), Some(0));
    for flag in ["-o", "--output"] {
        let short = kifu(&["convert", "-t", "iccs", "-f", "wxf", wxf, flag, s(&out)]);
        assert_eq!(short.status.code(), Some(0));
        assert_eq!(stdout(&short), "");
        assert_eq!(
            stderr(&short),
            "note: testdata/xiangqi/xiangqi-wxf.pgn: game 1: detected WXF descriptive notation, English letters (76 of 76 plies read)\nkifu convert: 1 game read, 1 converted, 0 with errors, 0 warnings\n"
        );
        assert_eq!(std::fs::read(&out).unwrap(), long.stdout);
        assert!(
            stdout(&long).contains("\n1. H2-H6 C9-A7\n"),
            "{}",
            stdout(&long)
        );
        std::fs::remove_file(&out).unwrap();
    }
    // Never over an input, never beside --output-dir.
    let input = dir.path("in.pgn");
    std::fs::copy(root().join(wxf), &input).unwrap();
    let over = kifu(&["convert", "-t", "iccs", s(&input), "-o", s(&input)]);
    assert_eq!(over.status.code(), Some(2));
    assert_eq!(
        stderr(&over),
        format!(
            "error: --output {0}: {0} is the input {0} (a link to it, or the file itself): kifu never writes over an input; choose another output\n",
            s(&input)
        )
    );
    assert_eq!(
        std::fs::read(&input).unwrap(),
        std::fs::read(root().join(wxf)).unwrap()
    );
    let both = kifu(&[
        "convert",
        "-t",
        "iccs",
        wxf,
        "-o",
        s(&out),
        "--output-dir",
        s(&dir.0),
    ]);
    assert_eq!(both.status.code(), Some(2));
    assert!(stderr(&both).starts_with(
        "error: the argument '--output <FILE>' cannot be used with '--output-dir <DIR>'"
    ));
}

#[test]
fn message_format_json_and_its_old_name() {
    let new = kifu(&["check", "--message-format", "json", AMBIGUOUS]);
    let old = kifu(&["check", "--format", "json", AMBIGUOUS]);
    assert_eq!(new.status.code(), Some(1));
    assert_eq!(stderr(&new), stderr(&old));
    assert_eq!(
        stderr(&new),
        "{\"severity\":\"error\",\"code\":\"ambiguous-move\",\"file\":\"testdata/errors/ambiguous-move.pgn\",\"game\":1,\"line\":4,\"column\":4,\"ply\":1,\"text\":\"R5.3\",\"message\":\"ambiguous move: two red chariots can make the move `R5.3`\",\"help\":\"nothing after it in the game decides between them\",\"candidates\":[\"R+.3\",\"R-.3\"],\"position\":\"5k3/9/9/9/9/9/4R4/9/4R4/3K5 w - - 0 1\"}\n{\"summary\":{\"games\":1,\"ok\":0,\"with_errors\":1,\"warnings\":0}}\n"
    );
}

#[test]
fn to_and_from_come_first_in_the_help() {
    let help = stdout(&kifu(&["convert", "--help"]));
    let options: Vec<&str> = help
        .lines()
        .filter(|l| l.starts_with("  -") || l.starts_with("      --"))
        .collect();
    assert_eq!(options[0], "  -t, --to <TO>");
    assert_eq!(options[1], "  -f, --from <FROM>");
    assert!(options.contains(&"  -o, --output <FILE>"));
    assert!(options.contains(&"  -q, --quiet"));
    assert!(options.contains(&"      --message-format <FORMAT>"));
    let check = stdout(&kifu(&["check", "--help"]));
    let first = check
        .lines()
        .find(|l| l.starts_with("  -") || l.starts_with("      --"));
    assert_eq!(first, Some("  -f, --from <FROM>"));
}

#[test]
fn allow_refuses_an_error_code() {
    let o = kifu(&["check", "--allow", "ambiguous-move", AMBIGUOUS]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "error: invalid value 'ambiguous-move' for '--allow <CODE>': `ambiguous-move` is an error, and errors cannot be allowed (--allow takes a warning code; docs/codes.md gives each code's severity)\n\nFor more information, try '--help'.\n"
    );
    // --deny takes it (it is an error already), and --allow a warning code.
    assert_eq!(
        kifu(&["check", "--deny", "ambiguous-move", AMBIGUOUS])
            .status
            .code(),
        Some(1)
    );
    assert_eq!(
        kifu(&["check", "--allow", "move-number-mismatch", AMBIGUOUS])
            .status
            .code(),
        Some(1)
    );
}

#[test]
fn perft_takes_startpos() {
    // testdata/perft: 1920 at depth 2 for xiangqi, 900 for shogi.
    for (variant, count) in [("xiangqi", "1920\n"), ("shogi", "900\n")] {
        let o = kifu(&["perft", "--variant", variant, "--fen", "startpos", "2"]);
        assert_eq!(o.status.code(), Some(0));
        assert_eq!(stdout(&o), count);
    }
    let o = kifu(&["perft", "--variant", "xiangqi", "--fen", "start", "1"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "error: --fen: expected 10 ranks separated by `/`, found 1\n"
    );
}

#[test]
fn a_closed_standard_output_ends_quietly() {
    // Enough games that the output fills the pipe long before the end.
    let dir = TempDir::new("cl-pipe");
    let many: Vec<&str> = std::iter::repeat_n("xiangqi/xiangqi-wxf.pgn", 400).collect();
    let file = concatenated(&dir, "many.pgn", &many);
    let mut child = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["convert", "-q", "--to", "chinese", s(&file)])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    assert_eq!(first, "[Game \"Chinese Chess\"]\n");
    drop(out);
    let o = child.wait_with_output().unwrap();
    assert_eq!(stderr(&o), "");
    assert_eq!(o.status.code(), Some(0));
    // A pipe closed before kifu writes anything: the same.
    let mut child = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["perft", "--variant", "xiangqi", "--divide", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .stdin(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    child.stdin.take().unwrap().flush().unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(stderr(&o), "");
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn the_other_game_is_refused_up_front_and_to_psn_reads_shogi() {
    for (args, message) in [
        (
            &["convert", "--to", "psn", "--from", "wxf", "missing.pgn"][..],
            "error: --from wxf is a xiangqi notation, but --to psn writes shogi (a xiangqi game can be written as json or in a xiangqi notation)\n",
        ),
        (
            &["convert", "-t", "wxf", "-f", "usi", "missing.pgn"][..],
            "error: --from usi is a shogi notation, but --to wxf writes xiangqi (a shogi game can be written as json or in a shogi notation)\n",
        ),
        (
            &[
                "convert",
                "--to",
                "psn",
                "--variant",
                "xiangqi",
                "missing.pgn",
            ][..],
            "error: --variant is xiangqi, but --to psn writes shogi (a xiangqi game can be written as json or in a xiangqi notation)\n",
        ),
    ] {
        let o = kifu(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&o), message);
        assert_eq!(stdout(&o), "");
    }
    let dir = TempDir::new("cl-tried");
    let junk = dir.path("junk.pgn");
    std::fs::write(&junk, "1. foo bar 2. baz qux\n").unwrap();
    // Detection tried both games' notations, and the list names them all.
    let o = kifu(&["check", s(&junk)]);
    assert_eq!(o.status.code(), Some(1));
    let first = stderr(&o).lines().next().unwrap().to_owned();
    assert_eq!(
        first,
        "error[notation-not-detected]: `foo`: no move of the game reads as a move in any notation tried (WXF descriptive notation, English letters; WXF descriptive notation, Finnish letters; WXF descriptive notation, German letters; Chinese characters; algebraic notation, English letters; algebraic notation, Finnish letters; algebraic notation, German letters; ICCS coordinates, ranks 0-9; Fairy-Stockfish UCI coordinates, ranks 1-10; WinBoard algebraic notation, ranks 0-9, English letters; shogi: PSN; shogi: USI moves)"
    );
    // --to wxf tries xiangqi's only; --to psn shogi's only.
    let o = kifu(&["convert", "--to", "wxf", s(&junk)]);
    assert!(
        stderr(&o)
            .lines()
            .next()
            .unwrap()
            .ends_with("; WinBoard algebraic notation, ranks 0-9, English letters)")
    );
    let o = kifu(&["convert", "--to", "psn", s(&junk)]);
    assert_eq!(
        stderr(&o).lines().next().unwrap(),
        format!(
            "note: {}: game 1: detected shogi, PSN (0 of 4 plies read)",
            s(&junk)
        )
    );
    // A game whose tags say xiangqi stays xiangqi, and cannot be written as PSN.
    let o = kifu(&[
        "convert",
        "-q",
        "--to",
        "psn",
        "testdata/xiangqi/xiangqi-wxf.pgn",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).starts_with(
        "error[wrong-variant]: a xiangqi game cannot be written as psn: choose --to json or a xiangqi notation\n"
    ));
}

#[test]
fn files_kifu_does_not_read_are_named_and_a_batch_counts_them() {
    let dir = TempDir::new("cl-unread");
    let folder = dir.path("games");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(
        folder.join("chess.pgn"),
        "[Event \"x\"]\n[White \"a\"]\n[Black \"b\"]\n\n1. e4 e5 2. Nf3 *\n",
    )
    .unwrap();
    let mut binary = vec![0u8, 1, 2, 3, 0xff, 0xfe];
    binary.extend(std::iter::repeat_n(0u8, 64));
    std::fs::write(folder.join("binary.pgn"), &binary).unwrap();
    std::fs::write(folder.join("empty.pgn"), "").unwrap();
    std::fs::copy(
        root().join("testdata/xiangqi/xiangqi-wxf.pgn"),
        folder.join("wxf.pgn"),
    )
    .unwrap();
    let one = |name: &str| {
        let path = folder.join(name);
        let o = kifu(&["check", "-q", s(&path)]);
        (o.status.code(), stderr(&o), s(&path).to_owned())
    };
    let (code, err, path) = one("chess.pgn");
    assert_eq!(code, Some(3));
    assert_eq!(
        err,
        format!(
            "error[io]: {path}: this looks like a chess PGN file (kifu reads xiangqi and shogi records); kifu does not read it\nkifu check: 0 games read, 0 with errors, 0 warnings; 1 file skipped (1 of a kind kifu does not read)\n"
        )
    );
    let (code, err, path) = one("binary.pgn");
    assert_eq!(code, Some(3));
    assert_eq!(
        err,
        format!(
            "error[io]: {path}: this looks like a binary file; kifu does not read it\nkifu check: 0 games read, 0 with errors, 0 warnings; 1 file skipped (1 of a kind kifu does not read)\n"
        )
    );
    let (code, err, path) = one("empty.pgn");
    assert_eq!(code, Some(3));
    assert_eq!(
        err,
        format!(
            "error[io]: {path}: no game in it (the file is empty or blank)\nkifu check: 0 games read, 0 with errors, 0 warnings; 1 file skipped (1 empty)\n"
        )
    );
    let o = kifu(&["check", "-q", "--recursive", s(&folder)]);
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(
        stderr(&o).lines().last().unwrap(),
        "kifu check: 1 game read, 0 with errors, 0 warnings; 3 files skipped (1 empty, 2 of a kind kifu does not read)"
    );
    let o = kifu(&[
        "convert",
        "--to",
        "iccs",
        "--message-format",
        "json",
        "--recursive",
        s(&folder),
    ]);
    assert_eq!(
        stderr(&o).lines().last().unwrap(),
        "{\"summary\":{\"games\":1,\"ok\":1,\"with_errors\":0,\"warnings\":0,\"converted\":1,\"skipped_files\":3}}"
    );
}

const SEED_WXF: &str = "testdata/xiangqi/seed-descriptive-fi.pgn";
const SEED_ALGEBRAIC: &str = "testdata/xiangqi/seed-algebraic-fi.pgn";

#[test]
fn compare_json_gives_fields_and_write_keeps_what_the_other_resolved() {
    let dir = TempDir::new("cl-compare");
    let written = dir.path("resolved.pgn");
    let o = kifu(&[
        "compare",
        "--message-format",
        "json",
        SEED_WXF,
        SEED_ALGEBRAIC,
        "--write",
        s(&written),
    ]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stderr(&o), "");
    // Ply 32 `S7+2` and ply 52 `T4=2` of the Finnish WXF transcription, resolved by the
    // algebraic one's `Tgg7` (g8g6) and `Tb8` (d7b7).
    assert_eq!(
        stdout(&o),
        concat!(
            r#"{"version":1,"game":1,"same":true,"plies":106,"final":"3a1k3/4a1RP1/4b3b/9/9/4P1B2/1r7/4B4/3p2p2/3AKA3 w - - 0 54","readings":["WXF descriptive notation, Finnish letters","algebraic notation, Finnish letters"],"resolved":["#,
            r#"{"ply":32,"file":"testdata/xiangqi/seed-descriptive-fi.pgn","line":21,"column":23,"text":"S7+2","problem":"is illegal: the black pawn on file 7 (g2) to g0: the piece does not move that way","other_file":"testdata/xiangqi/seed-algebraic-fi.pgn","other_line":21,"other_column":27,"other_text":"Tgg7","move":"T7+2","coord":"g8g6"},"#,
            r#"{"ply":52,"file":"testdata/xiangqi/seed-descriptive-fi.pgn","line":26,"column":24,"text":"T4=2","problem":"is ambiguous: two black cannons can make the move `T4=2`","other_file":"testdata/xiangqi/seed-algebraic-fi.pgn","other_line":26,"other_column":26,"other_text":"Tb8","move":"T-=2","coord":"d7b7"}"#,
            r#"],"difference":null,"undecided":null}"#,
            "\n",
            r#"{"version":1,"summary":{"same":true}}"#,
            "\n"
        )
    );
    // The written record is the first with those two moves replaced, nothing else.
    let before = std::fs::read_to_string(root().join(SEED_WXF)).unwrap();
    let after = std::fs::read_to_string(&written).unwrap();
    let changed: Vec<(usize, &str, &str)> = before
        .lines()
        .zip(after.lines())
        .enumerate()
        .filter(|(_, (a, b))| a != b)
        .map(|(i, (a, b))| (i + 1, a, b))
        .collect();
    assert_eq!(
        changed,
        [
            (
                21,
                "8. V8+4 H4+5 16. E7+5 S7+2",
                "8. V8+4 H4+5 16. E7+5 T7+2"
            ),
            (
                26,
                "13. H9+7 T5=4 26. V6=7 T4=2",
                "13. H9+7 T5=4 26. V6=7 T-=2"
            ),
        ]
    );
    assert_eq!(before.lines().count(), after.lines().count());
    // It reads without an error now, to the same final position.
    let o = kifu(&["convert", "-q", "--to", "json", s(&written)]);
    assert_eq!(o.status.code(), Some(0));
    let game: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(
        game["final"],
        "3a1k3/4a1RP1/4b3b/9/9/4P1B2/1r7/4B4/3p2p2/3AKA3 w - - 0 54"
    );
    // `--write` onto a compared file (here through a symbolic link) is refused, and the file
    // is left as it was: it was truncated by a plain write before.
    let first = dir.path("first.pgn");
    std::fs::copy(root().join(SEED_WXF), &first).unwrap();
    let link = dir.path("link.pgn");
    std::os::unix::fs::symlink(&first, &link).unwrap();
    let o = kifu(&["compare", s(&first), SEED_ALGEBRAIC, "--write", s(&link)]);
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(
        stderr(&o),
        format!(
            "error[io]: --write: {} is the input {} (a link to it, or the file itself): kifu never writes over an input; choose another output\n",
            s(&link),
            s(&first)
        )
    );
    assert_eq!(std::fs::read_to_string(&first).unwrap(), before);
}

/// The game page is written only: `--from html` is a usage error naming what can be read, not
/// a file read as empty.
#[test]
fn from_html_is_a_usage_error() {
    let o = kifu(&[
        "check",
        "--from",
        "html",
        testdata("xiangqi/seed-algebraic-fi.pgn").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.starts_with("error: invalid value 'html' for '--from <FROM>'"),
        "{err}"
    );
    assert!(err.contains("kif") && err.contains("xqf"), "{err}");
}

#[test]
fn style_position_writes_one_engine_command_per_game() {
    let dir = TempDir::new("cl-position");
    let file = dir.path("two.pgn");
    std::fs::write(
        &file,
        concat!(
            "[Event \"a\"]\n1. h2e2 h9g7 {c} 2. h0g2 *\n\n",
            "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1\"]\n",
            "1... h7e7 2. h2e2 *\n",
        ),
    )
    .unwrap();
    let o = kifu(&["convert", "--to", "iccs", "--style", "position", s(&file)]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        concat!(
            "position startpos moves h2e2 h9g7 h0g2\n",
            "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1 moves h7e7 h2e2\n",
        )
    );
    let f = s(&file);
    assert_eq!(
        stderr(&o),
        format!(
            "note: {f}: game 1: detected ICCS coordinates, ranks 0-9 (3 of 3 plies read)\n\
             note: {f}: game 1: not kept: tags: an engine command holds only the start and the moves\n\
             note: {f}: game 1: not kept: comments: an engine command holds only the start and the moves\n\
             note: {f}: game 2: not kept: tags: an engine command holds only the start and the moves\n\
             kifu convert: 2 games read, 2 converted, 0 with errors, 0 warnings\n"
        )
    );
    // With --no-comments the note on comments goes: nothing the user dropped is "not kept".
    let o = kifu(&[
        "convert",
        "--to",
        "iccs",
        "--style",
        "position",
        "--no-comments",
        s(&file),
    ]);
    assert_eq!(
        stderr(&o),
        format!(
            "note: {f}: game 1: detected ICCS coordinates, ranks 0-9 (3 of 3 plies read)\n\
             note: {f}: game 1: not kept: tags: an engine command holds only the start and the moves\n\
             note: {f}: game 2: not kept: tags: an engine command holds only the start and the moves\n\
             kifu convert: 2 games read, 2 converted, 0 with errors, 0 warnings\n"
        )
    );
}
