//! Fixture loading shared by the integration tests: testdata/shogi/shogi-games.jsonl and
//! shogi-cases.jsonl (made with Fairy-Stockfish through pyffish 0.0.90, replayed with cshogi;
//! see testdata/README.md), and the specimen files with their expected values
//! (testdata/shogi/specimens-expected.json, the shogi entries of
//! testdata/*/specimens-expected.json).

#![allow(dead_code)]

use serde_json::Value;
use shogi_board::{Move, Position};

/// The path of a file under testdata/shogi.
pub(crate) fn testdata(name: &str) -> String {
    format!("{}/../../testdata/shogi/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Reads a testdata file.
pub(crate) fn read(name: &str) -> String {
    let path = testdata(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A game of shogi-games.jsonl.
#[derive(Debug)]
pub(crate) struct Game {
    pub(crate) id: String,
    pub(crate) start: Position,
    pub(crate) usi: Vec<Move>,
    pub(crate) hodges: Vec<String>,
    pub(crate) hodges_number: Vec<String>,
    pub(crate) hosking: Vec<String>,
    pub(crate) final_sfen: String,
}

/// A case of shogi-cases.jsonl.
#[derive(Debug)]
pub(crate) struct Case {
    pub(crate) id: String,
    pub(crate) pos: Position,
    pub(crate) usi: Move,
    pub(crate) hodges: String,
    pub(crate) hodges_number: String,
    pub(crate) hosking: String,
}

pub(crate) fn strings(v: &Value, key: &str) -> Vec<String> {
    v[key]
        .as_array()
        .unwrap_or_else(|| panic!("`{key}` is an array"))
        .iter()
        .map(|m| m.as_str().expect("a string").to_owned())
        .collect()
}

pub(crate) fn string(v: &Value, key: &str) -> String {
    v[key]
        .as_str()
        .unwrap_or_else(|| panic!("`{key}` is a string"))
        .to_owned()
}

/// Every game of shogi-games.jsonl.
pub(crate) fn games() -> Vec<Game> {
    read("shogi-games.jsonl")
        .lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line).expect("a JSON object");
            let sfen = string(&v, "start_sfen");
            Game {
                id: string(&v, "id"),
                start: Position::from_sfen(&sfen).unwrap_or_else(|e| panic!("{sfen}: {e}")),
                usi: strings(&v, "moves_usi")
                    .iter()
                    .map(|m| m.parse().expect("a USI move"))
                    .collect(),
                hodges: strings(&v, "hodges"),
                hodges_number: strings(&v, "hodges_number"),
                hosking: strings(&v, "hosking"),
                final_sfen: string(&v, "final_sfen"),
            }
        })
        .collect()
}

/// Every case of shogi-cases.jsonl. Some hand-made positions leave the side not to move in
/// check, so they are read with `from_sfen_relaxed`.
pub(crate) fn cases() -> Vec<Case> {
    read("shogi-cases.jsonl")
        .lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line).expect("a JSON object");
            let sfen = string(&v, "sfen");
            let expected = &v["expected"];
            Case {
                id: string(&v, "id"),
                pos: Position::from_sfen_relaxed(&sfen).unwrap_or_else(|e| panic!("{sfen}: {e}")),
                usi: string(&v, "move_usi").parse().expect("a USI move"),
                hodges: string(expected, "hodges"),
                hodges_number: string(expected, "hodges_number"),
                hosking: string(expected, "hosking"),
            }
        })
        .collect()
}

/// The specimen entries of testdata/shogi/specimens-expected.json.
pub(crate) fn specimens() -> Vec<Value> {
    let v: Value = serde_json::from_str(&read("specimens-expected.json")).expect("JSON");
    v["specimens"].as_array().expect("a list").clone()
}
