//! The dialect files of testdata/shogi/dialects (one per PSN dialect the specimens do not
//! cover), each checked against testdata/shogi/dialects/expected.json: start position, USI
//! moves, final position, result, terminal word, comments, NAGs, variations, clock times and
//! the warning codes. The expected values are the fixture games' (or cshogi's, for variation
//! moves and the handicaps the fixtures lack), and the move texts were derived from them by
//! rule: see testdata/shogi/dialects/generate.py.
//!
//! Then every game is written back in the four writer styles and read again: the same moves,
//! start, tags, comments, NAGs, times, variations and result, and no new warning.

mod common;

use std::io::BufReader;

use notation_traits::{Diagnostic, Line, ReplayOptions, Replayed, Severity};
use psn::{Clock, Dialect, Psn, PsnGame, PsnReader, PsnStyle, Squares, write_game};
use serde_json::{Value, json};
use shogi_board::{Move, Position};

fn expected() -> Vec<Value> {
    let v: Value =
        serde_json::from_str(&common::read("dialects/expected.json")).expect("expected.json");
    v["dialects"].as_array().expect("a list").clone()
}

fn read_games(bytes: &[u8]) -> Vec<PsnGame> {
    PsnReader::new(BufReader::new(bytes))
        .collect::<Result<Vec<_>, _>>()
        .unwrap_or_else(|e| panic!("{e}"))
}

/// The variations of a line: the ply each replaces, its USI moves, its own variations.
fn variations_json(line: &Line<Move>, first: u64) -> Vec<Value> {
    let mut out = Vec::new();
    for (i, entry) in line.moves.iter().enumerate() {
        let ply = first + i as u64;
        for v in &entry.variations {
            let usi: Vec<String> = v.moves.iter().map(|m| m.mv.to_string()).collect();
            let mut obj = json!({ "ply": ply, "usi": usi });
            let nested = variations_json(v, ply);
            if !nested.is_empty() {
                obj["variations"] = Value::Array(nested);
            }
            out.push(obj);
        }
    }
    out
}

fn without_notes(v: &Value) -> Value {
    match v {
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(k, _)| k.as_str() != "note")
                .map(|(k, v)| (k.clone(), without_notes(v)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(without_notes).collect()),
        other => other.clone(),
    }
}

fn seconds(clock: Option<&String>) -> Value {
    let clock = clock.and_then(|c| Clock::parse(c)).expect("a clock time");
    json!([clock.this_move, clock.total])
}

fn comments_json(replayed: &Replayed<Position>) -> Value {
    let record = &replayed.record;
    let mut comments: Vec<Value> = record
        .main
        .comments
        .iter()
        .map(|c| json!({ "after_ply": 0, "text": c }))
        .collect();
    for (i, m) in record.main.moves.iter().enumerate() {
        comments.extend(
            m.comments
                .iter()
                .map(|c| json!({ "after_ply": i + 1, "text": c })),
        );
    }
    let n = record.main.moves.len();
    comments.extend(
        record
            .trailing_comments
            .iter()
            .map(|c| json!({ "after_ply": n, "text": c })),
    );
    Value::Array(comments)
}

fn nags_json(replayed: &Replayed<Position>) -> Value {
    Value::Array(
        replayed
            .record
            .main
            .moves
            .iter()
            .enumerate()
            .filter(|(_, m)| !m.nags.is_empty())
            .map(|(i, m)| json!({ "ply": i + 1, "nags": m.nags }))
            .collect(),
    )
}

fn usi(replayed: &Replayed<Position>) -> Vec<String> {
    replayed
        .record
        .main
        .moves
        .iter()
        .map(|m| m.mv.to_string())
        .collect()
}

fn codes(diagnostics: &[&Diagnostic]) -> Vec<String> {
    let mut codes: Vec<String> = diagnostics.iter().map(|d| d.code.to_string()).collect();
    codes.sort();
    codes
}

/// Reads and checks one game; returns it replayed.
fn check_game(game: &PsnGame, exp: &Value, place: &str) -> Replayed<Position> {
    let replayed = game
        .replay(ReplayOptions::default())
        .unwrap_or_else(|d| panic!("{place}: {d}"));
    let all: Vec<&Diagnostic> = game
        .raw
        .diagnostics
        .iter()
        .chain(&replayed.diagnostics)
        .collect();
    assert!(
        all.iter().all(|d| d.severity == Severity::Warning),
        "{place}: {all:?}"
    );
    assert!(replayed.unread.is_empty(), "{place}: {:?}", replayed.unread);
    assert_eq!(json!(codes(&all)), exp["warnings"], "{place}: {all:?}");
    let dialect = match exp.get("dialect").and_then(Value::as_str) {
        Some("psn2") => Dialect::Psn2,
        _ => Dialect::Psn,
    };
    assert_eq!(game.dialect, dialect, "{place}");
    assert_eq!(replayed.start.to_sfen(), exp["start_sfen"], "{place}");
    assert_eq!(json!(usi(&replayed)), exp["usi"], "{place}");
    assert_eq!(replayed.end.to_sfen(), exp["final_sfen"], "{place}");
    assert_eq!(
        json!(game.result().map(|r| r.as_str())),
        exp["result"],
        "{place}"
    );
    assert_eq!(
        json!(
            game.terminal
                .as_ref()
                .map(|t| psn::TerminalWord::for_kind(t.kind).map_or("", |w| w.as_str()))
        ),
        exp.get("terminal").cloned().unwrap_or(Value::Null),
        "{place}"
    );
    if let Some(handicap) = exp.get("handicap") {
        assert_eq!(json!(game.record().tag("Handicap")), *handicap, "{place}");
    }
    assert_eq!(
        comments_json(&replayed),
        exp.get("comments").cloned().unwrap_or(json!([])),
        "{place}"
    );
    assert_eq!(
        nags_json(&replayed),
        exp.get("nags").cloned().unwrap_or(json!([])),
        "{place}"
    );
    assert_eq!(
        Value::Array(variations_json(&replayed.record.main, 1)),
        without_notes(&exp.get("variations").cloned().unwrap_or(json!([]))),
        "{place}"
    );
    let moves = &replayed.record.main.moves;
    match exp.get("times") {
        Some(times) => {
            let read: Vec<Value> = moves.iter().map(|m| seconds(m.clock.as_ref())).collect();
            assert_eq!(Value::Array(read), *times, "{place}");
            let terminal = game.terminal.as_ref().expect("a terminal word");
            assert_eq!(
                seconds(terminal.clock.as_ref()),
                exp["terminal_time"],
                "{place}"
            );
        }
        None => assert!(moves.iter().all(|m| m.clock.is_none()), "{place}"),
    }
    replayed
}

/// Writes the game in `notation`'s style, reads it back and compares.
fn round_trip(game: &PsnGame, replayed: &Replayed<Position>, notation: &Psn, place: &str) {
    let written = write_game(
        &replayed.record,
        &replayed.start,
        notation,
        game.terminal.as_ref(),
        None,
    );
    let place = format!(
        "{place}, written {} {}",
        notation.style(),
        notation.squares()
    );
    assert!(!written.starts_with("[Black"), "{place}");
    let again = read_games(written.as_bytes());
    assert_eq!(again.len(), 1, "{place}:\n{written}");
    let again_game = &again[0];
    assert_eq!(again_game.dialect, Dialect::Psn, "{place}");
    let back = again_game
        .replay(ReplayOptions::default())
        .unwrap_or_else(|d| panic!("{place}: {d}"));
    // Only the findings about the game itself come back; the spellings are now canonical.
    let kept = ["terminal-mismatch", "result-mismatch"];
    let before: Vec<&Diagnostic> = game
        .raw
        .diagnostics
        .iter()
        .chain(&replayed.diagnostics)
        .filter(|d| kept.contains(&d.code.as_ref()))
        .collect();
    let after: Vec<&Diagnostic> = again_game
        .raw
        .diagnostics
        .iter()
        .chain(&back.diagnostics)
        .collect();
    assert_eq!(codes(&after), codes(&before), "{place}:\n{written}");
    assert_eq!(back.start, replayed.start, "{place}");
    assert_eq!(usi(&back), usi(replayed), "{place}");
    assert_eq!(comments_json(&back), comments_json(replayed), "{place}");
    assert_eq!(nags_json(&back), nags_json(replayed), "{place}");
    assert_eq!(
        variations_json(&back.record.main, 1),
        variations_json(&replayed.record.main, 1),
        "{place}"
    );
    let clocks = |r: &Replayed<Position>| -> Vec<Option<String>> {
        r.record
            .main
            .moves
            .iter()
            .map(|m| m.clock.clone())
            .collect()
    };
    assert_eq!(clocks(&back), clocks(replayed), "{place}");
    assert_eq!(again_game.result(), game.result(), "{place}");
    assert_eq!(
        again_game.terminal.as_ref().map(|t| t.kind),
        game.terminal.as_ref().map(|t| t.kind),
        "{place}"
    );
    assert_eq!(
        again_game.terminal.as_ref().and_then(|t| t.clock.clone()),
        game.terminal.as_ref().and_then(|t| t.clock.clone()),
        "{place}"
    );
    assert_eq!(
        (again_game.sente(), again_game.gote()),
        (game.sente(), game.gote()),
        "{place}"
    );
    for tag in &game.record().tags {
        let skip = ["FEN", "SFEN", "Black", "White", "Sente", "Gote", "Result"];
        if skip.iter().any(|n| tag.name.eq_ignore_ascii_case(n)) {
            continue;
        }
        assert_eq!(
            again_game.record().tag(&tag.name),
            Some(tag.value.as_str()),
            "{place}: [{}]",
            tag.name
        );
    }
}

const STYLES: [Psn; 4] = [
    Psn::SHORT,
    Psn::LONG,
    Psn::new(PsnStyle::Short, Squares::Digits),
    Psn::new(PsnStyle::Long, Squares::Digits),
];

fn check_file(name: &str) {
    let exp = expected()
        .into_iter()
        .find(|e| e["file"] == name)
        .unwrap_or_else(|| panic!("{name} in expected.json"));
    let path = common::testdata(&format!("dialects/{name}"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let games = read_games(&bytes);
    let want: Vec<Value> = match exp.get("games") {
        Some(list) => list.as_array().expect("games").clone(),
        None => vec![exp.clone()],
    };
    assert_eq!(games.len(), want.len(), "{name}");
    for (i, (game, exp)) in games.iter().zip(&want).enumerate() {
        let place = format!("{name} game {}", i + 1);
        let replayed = check_game(game, exp, &place);
        for style in &STYLES {
            round_trip(game, &replayed, style, &place);
        }
    }
}

#[test]
fn hosking_digit_squares_apostrophe_drops() {
    check_file("hosking.psn");
}

#[test]
fn annotated_glued_numbers_at_and_typographic_drops_glyphs_nags() {
    check_file("annotated.psn");
}

#[test]
fn dojo_letters_for_promoted_pieces() {
    check_file("81dojo-letters.psn");
}

#[test]
fn macshogi_partial_origins_shorthand_tilde_nested_variation() {
    check_file("macshogi.psn");
}

#[test]
fn shogidokoro_variation_blocks() {
    check_file("shogidokoro-variations.psn");
}

#[test]
fn old_fen_tag() {
    check_file("old-fen.psn");
}

#[test]
fn handicap_names() {
    check_file("handicaps.psn");
}

#[test]
fn terminal_words_and_conflicts() {
    check_file("terminals.psn");
}

#[test]
fn sloppy_hand_typing() {
    check_file("hand-typed.psn");
}

/// Every file of the folder has its expectations.
#[test]
fn every_dialect_file_is_checked() {
    let dir = common::testdata("dialects");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("the folder")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".psn"))
        .collect();
    files.sort();
    let mut listed: Vec<String> = expected()
        .iter()
        .map(|e| e["file"].as_str().expect("a name").to_owned())
        .collect();
    listed.sort();
    assert_eq!(files, listed);
}
