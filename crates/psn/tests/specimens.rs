//! The shogi specimen files (testdata/shogi/shogi-*.psn, copied from the shared specimens, see testdata/README.md), each
//! read game by game and checked against testdata/shogi/specimens-expected.json: the start
//! position, the USI moves, the final position, the result, the terminal word, the comments
//! with their plies, the variations, the clock times, and a clean read (no diagnostic).
//!
//! The Shogidokoro file is Shift_JIS (CP932); decoding it is a later step. Its only non-ASCII
//! text is the two player names, so it is checked here after a lossy UTF-8 conversion (the
//! names become replacement characters), and the reader's refusal of the raw bytes is checked
//! too.

mod common;

use std::io::BufReader;

use notation_traits::{Line, ReplayOptions};
use psn::{Clock, Dialect, PsnGame, PsnReader};
use serde_json::{Value, json};
use shogi_board::Move;

fn read_games(bytes: &[u8]) -> Vec<PsnGame> {
    PsnReader::new(BufReader::new(bytes))
        .collect::<Result<Vec<_>, _>>()
        .unwrap_or_else(|e| panic!("{e}"))
}

fn read_file(name: &str) -> Vec<PsnGame> {
    let path = common::testdata(name);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    read_games(&bytes)
}

fn expected(file: &str) -> Value {
    common::specimens()
        .into_iter()
        .find(|s| s["file"] == file)
        .unwrap_or_else(|| panic!("{file} in specimens-expected.json"))
}

/// The variations of a line as the expected JSON writes them: the ply each replaces, its USI
/// moves, its own variations; plies count from `first` at the line's first move.
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

/// The expected variations without their notes.
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

/// Checks one game against its expected values.
fn check_game(game: &PsnGame, expected: &Value, dialect: Dialect, place: &str) {
    assert!(
        game.raw.diagnostics.is_empty(),
        "{place}: {:?}",
        game.raw.diagnostics
    );
    assert_eq!(game.dialect, dialect, "{place}");
    let replayed = game
        .replay(ReplayOptions::default())
        .unwrap_or_else(|d| panic!("{place}: {d}"));
    // The only warning a clean specimen gets is `promotion-unmarked`, at a move that declines a
    // promotion the rules allow, in a game that writes neither `=` nor a promotion's `+`
    // (nothing says whether a `+` was left out).
    let texts: Vec<&str> = game
        .record()
        .main
        .moves
        .iter()
        .map(|m| m.text.as_str())
        .collect();
    let marks = texts.iter().any(|t| t.ends_with('+') || t.ends_with('='));
    let mut pos = replayed.start;
    for (i, m) in replayed.record.main.moves.iter().enumerate() {
        let warned: Vec<&str> = replayed
            .diagnostics
            .iter()
            .filter(|d| d.ply == Some(i as u32 + 1))
            .map(|d| d.code.as_str())
            .collect();
        let declines = match m.mv {
            shogi_board::Move::Normal {
                from,
                to,
                promote: false,
            } => pos.is_legal(shogi_board::Move::Normal {
                from,
                to,
                promote: true,
            }),
            _ => false,
        };
        let expected: &[&str] = if declines && !marks {
            &["promotion-unmarked"]
        } else {
            &[]
        };
        assert_eq!(warned, expected, "{place}: ply {}", i + 1);
        pos.play_unchecked(m.mv);
    }
    assert!(
        replayed
            .diagnostics
            .iter()
            .all(|d| d.code == "promotion-unmarked"),
        "{place}: {:?}",
        replayed.diagnostics
    );
    assert_eq!(replayed.start.to_sfen(), expected["start_sfen"], "{place}");
    let record = &replayed.record;
    let usi: Vec<String> = record.main.moves.iter().map(|m| m.mv.to_string()).collect();
    assert_eq!(json!(usi), expected["usi"], "{place}");
    if let Some(plies) = expected.get("plies") {
        assert_eq!(json!(usi.len()), *plies, "{place}");
    }
    assert_eq!(replayed.end.to_sfen(), expected["final_sfen"], "{place}");
    assert_eq!(
        json!(game.result().map(|r| r.as_str())),
        expected["result"],
        "{place}"
    );
    assert_eq!(
        json!(
            game.terminal
                .as_ref()
                .map(|t| psn::TerminalWord::for_kind(t.kind).map_or("", |w| w.as_str()))
        ),
        expected.get("terminal").cloned().unwrap_or(Value::Null),
        "{place}"
    );
    if let Some(handicap) = expected.get("handicap") {
        assert_eq!(json!(game.record().tag("handicap")), *handicap, "{place}");
    }
    if let Some(first) = expected.get("first_move_number") {
        let number = record.main.moves[0].number.map(|n| n.value);
        assert_eq!(json!(number), *first, "{place}");
    }

    // Comments: before the first move (ply 0), after each move, after the terminal word.
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
    comments.extend(
        record
            .trailing_comments
            .iter()
            .map(|c| json!({ "after_ply": usi.len(), "text": c })),
    );
    assert_eq!(
        Value::Array(comments),
        expected.get("comments").cloned().unwrap_or(json!([])),
        "{place}"
    );

    assert_eq!(
        Value::Array(variations_json(&record.main, 1)),
        without_notes(&expected.get("variations").cloned().unwrap_or(json!([]))),
        "{place}"
    );

    match expected.get("times") {
        Some(times) => {
            let read: Vec<Value> = record
                .main
                .moves
                .iter()
                .map(|m| seconds(m.clock.as_ref()))
                .collect();
            assert_eq!(Value::Array(read), *times, "{place}");
            let terminal = game.terminal.as_ref().expect("a terminal word");
            assert_eq!(
                seconds(terminal.clock.as_ref()),
                expected["terminal_time"],
                "{place}"
            );
        }
        None => assert!(
            record.main.moves.iter().all(|m| m.clock.is_none()),
            "{place}"
        ),
    }
}

fn check_file(name: &str, dialect: Dialect) {
    let games = read_file(name);
    assert_eq!(games.len(), 1, "{name}");
    check_game(&games[0], &expected(name), dialect, name);
}

#[test]
fn real_game_short_form_numbered_per_ply() {
    check_file("shogi-real-game.psn", Dialect::Psn);
}

#[test]
fn majewski_long_form_apostrophe_drops_no_numbers() {
    check_file("shogi-majewski.psn", Dialect::Psn);
}

#[test]
fn hodges_pairs_with_digit_squares() {
    check_file("shogi-hodges-pairs-digits.psn", Dialect::Psn);
}

#[test]
fn lance_handicap_from_the_tag_gote_first() {
    check_file("shogi-handicap-lance.psn", Dialect::Psn);
}

#[test]
fn comments_and_nested_variations() {
    check_file("shogi-comments-variations.psn", Dialect::Psn);
}

#[test]
fn psn2_with_bom_crlf_usi_moves_and_times() {
    check_file("shogi-psn2-bom-crlf.psn", Dialect::Psn2);
}

#[test]
fn three_games_in_three_dialects() {
    let name = "shogi-multigame.psn";
    let games = read_file(name);
    let expected = expected(name);
    let expected = expected["games"].as_array().expect("games");
    assert_eq!(games.len(), 3);
    for (i, (game, exp)) in games.iter().zip(expected).enumerate() {
        check_game(game, exp, Dialect::Psn, &format!("{name} game {}", i + 1));
    }
}

#[test]
fn shogidokoro_long_form_with_times_after_a_lossy_conversion() {
    let name = "shogi-shogidokoro-cp932-crlf.psn";
    let bytes = std::fs::read(common::testdata(name)).expect("the specimen");
    // The bytes are not UTF-8: the reader refuses them (decoding is for later).
    let err = PsnReader::new(BufReader::new(bytes.as_slice()))
        .next()
        .expect("a game")
        .unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::InvalidData);
    let text = String::from_utf8_lossy(&bytes);
    let games = read_games(text.as_bytes());
    assert_eq!(games.len(), 1);
    check_game(&games[0], &expected(name), Dialect::Psn, name);
}
