//! `kifu diagram`: the position after a ply, drawn by kifu-diagram, equals the one the board
//! crates reach by playing the game's moves (read independently here, from the ICCS that
//! `kifu convert` writes); bare positions; the errors.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use kifu_diagram::{ShogiOptions, XiangqiOptions, shogi_text, xiangqi_text};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn kifu(args: &[&str]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .current_dir(root())
        .output()
        .unwrap();
    common::schema::check_output(args, &out);
    out
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

/// The seed game's moves in engine coordinates, from `kifu convert --to iccs --style engine`.
fn seed_moves() -> Vec<xiangqi_board::Move> {
    let o = kifu(&[
        "convert",
        "--to",
        "iccs",
        "--style",
        "engine",
        "testdata/xiangqi/seed-algebraic-fi.pgn",
    ]);
    stdout(&o)
        .lines()
        .filter(|l| !l.starts_with('[') && !l.is_empty())
        .flat_map(|l| l.split_whitespace())
        .filter(|t| t.len() == 4 && t.as_bytes()[1].is_ascii_digit())
        .map(|t| t.parse().unwrap())
        .collect()
}

#[test]
fn the_text_diagram_after_ply_32_is_the_position_the_moves_reach() {
    let moves = seed_moves();
    assert_eq!(moves.len(), 106);
    let mut pos = xiangqi_board::Position::new();
    for &m in &moves[..32] {
        pos.play_unchecked(m);
    }
    let o = kifu(&[
        "diagram",
        "--ply",
        "32",
        "--format",
        "text",
        "testdata/xiangqi/seed-algebraic-fi.pgn",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let mut options = XiangqiOptions::new();
    options.view.caption = None;
    // The board rows of the text diagram are the position's (the caption line aside).
    let expected = xiangqi_text(&pos, &options);
    let got = stdout(&o);
    for line in expected
        .lines()
        .filter(|l| l.contains('|') || l.contains('┃'))
    {
        assert!(got.contains(line), "{line}\n{got}");
    }
}

#[test]
fn an_svg_names_its_position_in_its_title_and_marks_the_move() {
    let o = kifu(&[
        "diagram",
        "--ply",
        "1",
        "testdata/xiangqi/seed-algebraic-fi.pgn",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let svg = stdout(&o);
    assert!(svg.starts_with("<svg"));
    let mut pos = xiangqi_board::Position::new();
    pos.play_unchecked("h2e2".parse().unwrap());
    assert!(svg.contains(&pos.to_fen()), "the FEN after h2e2");
    assert_eq!(svg.matches(" lastmove\"").count(), 2, "from and to");
}

#[test]
fn a_bare_sfen_is_drawn_as_kif_writes_its_board() {
    let o = kifu(&["diagram", "--sfen", "startpos", "--format", "text"]);
    assert_eq!(o.status.code(), Some(0));
    let expected = shogi_text(&shogi_board::Position::new(), &ShogiOptions::new());
    assert_eq!(stdout(&o), expected);
    // The Kakinoki layout: gote's hand first, `v` before gote's pieces, sente's hand last.
    assert!(stdout(&o).starts_with("後手の持駒：なし\n"));
    assert!(stdout(&o).contains("|v香v桂v銀v金v玉v金v銀v桂v香|一"));
}

#[test]
fn every_ply_needs_a_folder_for_svg_and_writes_one_file_each() {
    let o = kifu(&[
        "diagram",
        "--every-ply",
        "testdata/shogi/shogi-real-game.psn",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let dir = std::env::temp_dir().join(format!("kifu-diagram-{}", std::process::id()));
    let o = kifu(&[
        "diagram",
        "--every-ply",
        "--output-dir",
        dir.to_str().unwrap(),
        "testdata/shogi/shogi-real-game.psn",
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let files = std::fs::read_dir(&dir).unwrap().count();
    // The start position and one after each of the game's plies (not its terminal word).
    let plies = stdout(&kifu(&[
        "convert",
        "--to",
        "usi",
        "testdata/shogi/shogi-real-game.psn",
    ]))
    .lines()
    .filter_map(|l| l.split_once('.'))
    .filter(|(n, mv)| {
        let b = mv.as_bytes();
        n.parse::<u32>().is_ok()
            && (b.first().is_some_and(u8::is_ascii_digit) || b.get(1) == Some(&b'*'))
    })
    .count();
    assert_eq!(files, plies + 1);
    // Written again: the existing files are kept unless --force; a link among them (here to a
    // file outside the folder) is replaced, never followed (issue 18 item 1).
    let first = dir.join("game-1-ply-000.svg");
    let outside = std::env::temp_dir().join(format!("kifu-diagram-outside-{}", std::process::id()));
    std::fs::write(&outside, "not a diagram").unwrap();
    std::fs::remove_file(&first).unwrap();
    std::os::unix::fs::symlink(&outside, &first).unwrap();
    let again = |force: bool| {
        let mut args = vec![
            "diagram",
            "--every-ply",
            "--output-dir",
            dir.to_str().unwrap(),
        ];
        if force {
            args.push("--force");
        }
        args.push("testdata/shogi/shogi-real-game.psn");
        kifu(&args)
    };
    let o = again(false);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        format!(
            "error: {} exists: give --force to replace it, or choose another output\n",
            first.display()
        )
    );
    let o = again(true);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(!std::fs::symlink_metadata(&first).unwrap().is_symlink());
    assert!(std::fs::read_to_string(&first).unwrap().starts_with("<svg"));
    assert_eq!(std::fs::read_to_string(&outside).unwrap(), "not a diagram");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), plies + 1);
    std::fs::remove_file(&outside).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_ply_past_the_moves_read_is_an_error() {
    let o = kifu(&[
        "diagram",
        "--ply",
        "32",
        "testdata/xiangqi/seed-descriptive-fi.pgn",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("ply 32 is past the last move read (ply 31)")
    );
}
