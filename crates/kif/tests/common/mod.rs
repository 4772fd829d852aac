//! Fixture loading shared by the integration tests: the shogi fixture games
//! (testdata/shogi/shogi-games.jsonl: 300 games played by Fairy-Stockfish, replayed with cshogi;
//! see ../shared/fixtures/README.md), testdata/kif, and the specimens of
//! ../shared/specimens/kif-csa/ read in place where that folder exists.

#![allow(dead_code)]

use std::path::PathBuf;

use serde_json::Value;
use shogi_board::{Move, Position};

/// A game of shogi-games.jsonl.
#[derive(Debug)]
pub(crate) struct Game {
    pub(crate) id: String,
    pub(crate) start: Position,
    pub(crate) usi: Vec<Move>,
    pub(crate) final_sfen: String,
}

/// The 300 fixture games.
pub(crate) fn games() -> Vec<Game> {
    let path = format!(
        "{}/../../testdata/shogi/shogi-games.jsonl",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line).unwrap();
            let start = Position::from_sfen(v["start_sfen"].as_str().unwrap()).unwrap();
            let usi = v["moves_usi"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap().parse().unwrap())
                .collect();
            Game {
                id: v["id"].as_str().unwrap().to_owned(),
                start,
                usi,
                final_sfen: v["final_sfen"].as_str().unwrap_or_default().to_owned(),
            }
        })
        .collect()
}

/// The path of testdata/kif/NAME.
pub(crate) fn testdata(name: &str) -> PathBuf {
    PathBuf::from(format!(
        "{}/../../testdata/kif/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
}

/// ../shared/specimens/kif-csa beside the repository, if it is there.
pub(crate) fn specimens() -> Option<PathBuf> {
    let dir = PathBuf::from(format!(
        "{}/../../../shared/specimens/kif-csa",
        env!("CARGO_MANIFEST_DIR")
    ));
    if dir.is_dir() {
        Some(dir)
    } else {
        println!(
            "skipped: {} is missing (the specimens are read in place, never copied)",
            dir.display()
        );
        None
    }
}
