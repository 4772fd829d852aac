//! Fixture loading shared by the integration tests: testdata/xiangqi/*.jsonl (made with
//! Fairy-Stockfish through pyffish 0.0.90; see testdata/README.md) and the seed's
//! algebraic movetext.

#![allow(dead_code)]

use serde_json::Value;
use xiangqi_board::Position;

/// The path of a file under testdata/xiangqi.
pub(crate) fn testdata(name: &str) -> String {
    format!(
        "{}/../../testdata/xiangqi/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// Reads a testdata file.
pub(crate) fn read(name: &str) -> String {
    let path = testdata(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A game of xiangqi-games.jsonl.
#[derive(Debug)]
pub(crate) struct Game {
    pub(crate) id: String,
    pub(crate) start: Position,
    pub(crate) iccs: Vec<String>,
    pub(crate) uci: Vec<String>,
    pub(crate) san: Vec<String>,
    pub(crate) final_fen: String,
}

/// A case of xiangqi-cases.jsonl.
#[derive(Debug)]
pub(crate) struct Case {
    pub(crate) id: String,
    pub(crate) pos: Position,
    pub(crate) iccs: String,
    pub(crate) uci: String,
    pub(crate) san: String,
}

fn strings(v: &Value, key: &str) -> Vec<String> {
    v[key]
        .as_array()
        .unwrap_or_else(|| panic!("`{key}` is an array"))
        .iter()
        .map(|m| m.as_str().expect("a string").to_owned())
        .collect()
}

fn string(v: &Value, key: &str) -> String {
    v[key]
        .as_str()
        .unwrap_or_else(|| panic!("`{key}` is a string"))
        .to_owned()
}

fn fen(text: &str) -> Position {
    Position::from_fen(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Every game of xiangqi-games.jsonl.
pub(crate) fn games() -> Vec<Game> {
    read("xiangqi-games.jsonl")
        .lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line).expect("a JSON object");
            Game {
                id: string(&v, "id"),
                start: fen(&string(&v, "start_fen")),
                iccs: strings(&v, "moves_iccs"),
                uci: strings(&v, "moves_uci"),
                san: strings(&v, "san"),
                final_fen: string(&v, "final_fen"),
            }
        })
        .collect()
}

/// Every case of xiangqi-cases.jsonl.
pub(crate) fn cases() -> Vec<Case> {
    read("xiangqi-cases.jsonl")
        .lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line).expect("a JSON object");
            Case {
                id: string(&v, "id"),
                pos: fen(&string(&v, "fen")),
                iccs: string(&v, "move_iccs"),
                uci: string(&v, "move_uci"),
                san: string(&v["expected"], "san"),
            }
        })
        .collect()
}

/// The seed's algebraic movetext as tokens: the lines of testdata/xiangqi/seed-algebraic-fi.pgn
/// after its tags, up to the result, move numbers (`1.`, `10.`) stripped.
pub(crate) fn seed_tokens() -> Vec<String> {
    read("seed-algebraic-fi.pgn")
        .lines()
        .filter(|line| !line.starts_with('['))
        .flat_map(str::split_whitespace)
        .take_while(|token| *token != "0-1")
        .filter_map(|token| {
            let body = token.trim_start_matches(|c: char| c.is_ascii_digit());
            let body = if body.len() < token.len() {
                body.strip_prefix('.').unwrap_or(body)
            } else {
                body
            };
            (!body.is_empty()).then(|| body.to_owned())
        })
        .collect()
}
