//! What the integration tests share: the seed game and the shogi fixture games read and checked
//! the way the records library does it (reader, start position, `replay_with`, `CheckedGame`),
//! the positions along their main lines, and the paths of testdata/.

#![allow(dead_code)]

use std::path::PathBuf;

use iccs_algebraic::Algebraic;
use notation_traits::{CheckedGame, GameReader, ReplayOptions, replay_with};
use psn::PsnReader;

/// The repository's root.
pub(crate) fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A file under testdata/.
pub(crate) fn testdata(path: &str) -> PathBuf {
    root().join("testdata").join(path)
}

/// Reads a file under testdata/ as text.
pub(crate) fn read(path: &str) -> String {
    let path = testdata(path);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The seed game (Tang – Hu, Singapore 2000, 106 plies) from
/// testdata/xiangqi/seed-algebraic-fi.pgn in Finnish algebraic notation, checked.
pub(crate) fn seed() -> CheckedGame<xiangqi_board::Position> {
    let text = read("xiangqi/seed-algebraic-fi.pgn");
    let raw = GameReader::new(text.as_bytes())
        .next()
        .expect("one game")
        .expect("readable");
    let replayed = replay_with(
        &raw.record,
        xiangqi_board::Position::new(),
        &Algebraic::FINNISH,
        ReplayOptions::default(),
    );
    assert!(!replayed.has_errors(), "{:?}", replayed.diagnostics);
    assert_eq!(replayed.record.main.moves.len(), 106);
    CheckedGame::new(replayed, &raw, None)
}

/// The first game of a PSN file under testdata/, checked.
pub(crate) fn shogi_game(path: &str) -> CheckedGame<shogi_board::Position> {
    let text = read(path);
    let game = PsnReader::new(text.as_bytes())
        .next()
        .expect("one game")
        .expect("readable");
    let replayed = game
        .replay(ReplayOptions::default())
        .unwrap_or_else(|d| panic!("{path}: {d}"));
    assert!(!replayed.has_errors(), "{path}: {:?}", replayed.diagnostics);
    CheckedGame::new(replayed, &game.raw, None)
}

/// The positions of a game's main line, the start first, each with the move that led to it.
pub(crate) fn positions<P: notation_traits::Position>(
    game: &CheckedGame<P>,
) -> Vec<(P, Option<P::Move>)> {
    let mut pos = game.replayed.start.clone();
    let mut out = vec![(pos.clone(), None)];
    for entry in &game.replayed.record.main.moves {
        pos.play_unchecked(entry.mv);
        out.push((pos.clone(), Some(entry.mv)));
    }
    out
}

/// Compares `actual` with the pinned file testdata/diagram/`name`; with `KIFU_BLESS=1` in the
/// environment writes it instead (then look at it, and say in the test what was checked).
pub(crate) fn pinned(name: &str, actual: &str) {
    let path = testdata("diagram").join(name);
    if std::env::var_os("KIFU_BLESS").is_some_and(|v| v == "1") {
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("writable");
        std::fs::write(&path, actual).expect("writable");
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (KIFU_BLESS=1 writes it)", path.display()));
    if expected != actual {
        let line = expected
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b)
            .map_or_else(
                || "the line count".to_owned(),
                |n| format!("line {}", n + 1),
            );
        panic!("{name} differs from the pinned file at {line}");
    }
}

/// The pieces of a FEN or SFEN board field, read here by the format's own rule (ranks from the
/// top separated by `/`, digits for empty squares, `+` before a promoted shogi piece), as
/// (column from the left, row from the top, letter): independent of the board crates.
pub(crate) fn board_field(board: &str) -> Vec<(usize, usize, String)> {
    let mut out = Vec::new();
    for (row, rank) in board.split('/').enumerate() {
        let mut col = 0;
        let mut promoted = false;
        for c in rank.chars() {
            if let Some(n) = c.to_digit(10) {
                col += n as usize;
            } else if c == '+' {
                promoted = true;
            } else {
                let letter = if promoted {
                    format!("+{c}")
                } else {
                    c.to_string()
                };
                out.push((col, row, letter));
                promoted = false;
                col += 1;
            }
        }
    }
    out
}
