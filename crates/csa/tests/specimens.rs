//! Conformance: every `.csa` file of ../shared/specimens/kif-csa/csa (real Floodgate, WCSC and
//! hand-made records, read in place; skipped with a message where the folder is missing) read,
//! replayed with `replay_with` and compared with its `.json` answer, the same game in JKF
//! written by sugyan/shogi-kifu-converter: the moves (`from`, `to`, `promote`, drops), the
//! start position (`PI` handicaps, `P1`-`P9` rows, the tsume position of `P-00AL`), the header
//! values, the times (`now` of each move, and `total`, the running sum of each side), the
//! comments (Floodgate's `'**` lines) and the special move that ends the game.
//!
//! Two things the answers do not hold are checked against the file instead: the converter
//! drops the comments written before the start position (it keeps those after the side to
//! move), so the game's comments are those lines followed by the answer's; and the position
//! after the last move, which [`FINAL`] gives where it matters: the mating problem
//! (`tsumeshogi.csa`, sente without a king, gote holding the rest of the set by `P-00AL`)
//! ends in mate.
//!
//! Then each game is written in CSA V3.0 and V2.2 and read back to the same record.

mod common;

use std::path::Path;

use csa::Csa;
use notation_traits::{CheckedGame, RecordFormat, WriteSettings, Written};
use serde_json::Value;
use shogi_board::{Color, Position};

/// The comment lines of a CSA text before its side-to-move line.
fn comments_before_side(text: &str) -> Vec<String> {
    text.lines()
        .take_while(|l| !matches!(l.trim_end(), "+" | "-"))
        .filter_map(|l| l.strip_prefix('\''))
        .filter(|l| !l.starts_with("CSA encoding="))
        .map(str::to_owned)
        .collect()
}

fn check_against_answer(path: &Path, text: &str, answer: &Value) -> CheckedGame<Position> {
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let mut games = common::read(text);
    assert_eq!(games.len(), 1, "{name}");
    let game = games.remove(0);
    assert!(
        game.raw.diagnostics.is_empty(),
        "{name}: {:?}",
        game.raw.diagnostics
    );

    // Header values.
    let record = &game.raw.record;
    let header = answer["header"].as_object().expect("a header");
    assert_eq!(record.tags.len(), header.len(), "{name}: {:?}", record.tags);
    for (key, value) in header {
        assert_eq!(record.tag(key), value.as_str(), "{name}: {key}");
    }

    // The start position.
    let sfen = common::jkf_start_sfen(&answer["initial"]);
    let start = *game
        .start
        .as_ref()
        .unwrap_or_else(|d| panic!("{name}: {d}"));
    assert_eq!(start.to_sfen(), sfen, "{name}");

    let checked = common::check(game);
    let r = &checked.replayed;
    assert!(r.diagnostics.is_empty(), "{name}: {:?}", r.diagnostics);
    let answers = answer["moves"].as_array().expect("moves");

    // Moves, times and comments, entry 0 being the start's comments.
    let moves: Vec<&Value> = answers[1..]
        .iter()
        .filter(|m| m.get("move").is_some())
        .collect();
    assert_eq!(r.record.main.moves.len(), moves.len(), "{name}");
    let mut totals = [0u64; 2];
    let mut side = start.side_to_move();
    for (i, (entry, expected)) in r.record.main.moves.iter().zip(&moves).enumerate() {
        let place = format!("{name} ply {}", i + 1);
        assert_eq!(entry.mv, common::jkf_move(&expected["move"]), "{place}");
        let color = if side == Color::Black { 0 } else { 1 };
        assert_eq!(expected["move"]["color"], color, "{place}");
        let comments: Vec<&str> = expected["comments"]
            .as_array()
            .map(|c| c.iter().map(|s| s.as_str().unwrap()).collect())
            .unwrap_or_default();
        assert_eq!(entry.comments, comments, "{place}");
        match expected.get("time") {
            Some(time) => {
                let clock = entry.clock.as_deref().expect("a T line");
                let seconds: u64 = clock.strip_prefix('T').unwrap().parse().unwrap();
                assert_eq!(seconds, common::jkf_seconds(&time["now"]), "{place}");
                totals[side.index()] += seconds;
                assert_eq!(
                    totals[side.index()],
                    common::jkf_seconds(&time["total"]),
                    "{place}"
                );
            }
            None => assert_eq!(entry.clock, None, "{place}"),
        }
        side = !side;
    }
    let before = comments_before_side(text);
    let after: Vec<String> = answers[0]["comments"]
        .as_array()
        .map(|c| c.iter().map(|s| s.as_str().unwrap().to_owned()).collect())
        .unwrap_or_default();
    assert_eq!(r.record.main.comments, [before, after].concat(), "{name}");

    // The special move.
    let last = answers.last().unwrap();
    match last.get("special") {
        Some(word) => {
            let t = checked.terminal.as_ref().expect("a special move");
            assert_eq!(t.text.strip_prefix('%'), word.as_str(), "{name}");
            let comments: Vec<&str> = last["comments"]
                .as_array()
                .map(|c| c.iter().map(|s| s.as_str().unwrap()).collect())
                .unwrap_or_default();
            assert_eq!(r.record.trailing_comments, comments, "{name}");
            let seconds = t.clock.as_deref().map(|c| c[1..].parse::<u64>().unwrap());
            assert_eq!(
                seconds,
                last.get("time").map(|t| common::jkf_seconds(&t["now"])),
                "{name}"
            );
        }
        None => assert!(checked.terminal.is_none(), "{name}"),
    }
    checked
}

/// The position after the last move, with whether it is mate, where a specimen's end says
/// something the answer does not hold: the mating problem, whose answer ends `%TSUMI` with
/// sente still without a king. Computed apart by cshogi 1.1.0, replaying the answer's moves
/// from its `initial` (each move tested with `Board.is_legal`).
const FINAL: [(&str, &str, bool); 1] = [(
    "tsumeshogi.csa",
    "9/2+L6/2+Rpp4/+r2k1p3/4+p4/1n7/B8/B8/9 w 4g4s3n3l14p 4",
    true,
)];

/// Writes `game` in `version` and reads it back: the same record, start and terminal.
fn write_and_read_back(name: &str, game: &CheckedGame<Position>, version: Option<&str>) {
    let settings = WriteSettings {
        version,
        ..WriteSettings::default()
    };
    let written = Csa
        .write(game, &settings)
        .unwrap_or_else(|d| panic!("{name}: {d}"));
    assert!(written.lost.is_empty(), "{name}: {:?}", written.lost);
    let Written::Text(text) = written.output else {
        panic!("{name}: text");
    };
    if version == Some("2.2") {
        assert!(text.starts_with("V2.2\r\n"), "{name}");
    } else {
        assert!(text.starts_with("'CSA encoding=UTF-8\nV3.0\n"), "{name}");
    }
    let mut games = common::read(&text);
    assert_eq!(games.len(), 1);
    let back = common::check(games.remove(0));
    let (a, b) = (&game.replayed, &back.replayed);
    assert!(b.diagnostics.is_empty(), "{name}: {:?}", b.diagnostics);
    assert_eq!(b.start, a.start, "{name}");
    let tags = |r: &notation_traits::GameRecord<shogi_board::Move>| -> Vec<(String, String)> {
        r.tags
            .iter()
            .map(|t| (t.name.clone(), t.value.clone()))
            .collect()
    };
    assert_eq!(tags(&b.record), tags(&a.record), "{name}");
    assert_eq!(b.record.main.comments, a.record.main.comments, "{name}");
    assert_eq!(
        b.record.main.moves.len(),
        a.record.main.moves.len(),
        "{name}"
    );
    for (x, y) in a.record.main.moves.iter().zip(&b.record.main.moves) {
        assert_eq!(
            (x.mv, &x.text, &x.clock, &x.comments),
            (y.mv, &y.text, &y.clock, &y.comments),
            "{name}"
        );
    }
    assert_eq!(
        b.record.trailing_comments, a.record.trailing_comments,
        "{name}"
    );
    let terminal = |g: &CheckedGame<Position>| {
        g.terminal
            .as_ref()
            .map(|t| (t.kind, t.text.clone(), t.clock.clone(), t.first_to_move))
    };
    assert_eq!(terminal(&back), terminal(game), "{name}");
}

#[test]
fn every_csa_specimen_reads_to_its_answer_and_writes_back() {
    let Some(files) = common::files("csa", "csa") else {
        return;
    };
    assert_eq!(files.len(), 11);
    let mut checked = 0;
    let mut finals = 0;
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = common::decode(&std::fs::read(path).unwrap());
        let answer: Value =
            serde_json::from_str(&std::fs::read_to_string(path.with_extension("json")).unwrap())
                .unwrap();
        let game = check_against_answer(path, &text, &answer);
        // Every move legal (no diagnostic, checked above), the last leaves `end`.
        let end = game.replayed.end;
        for (file, sfen, mate) in FINAL {
            if file == name {
                assert_eq!((end.to_sfen().as_str(), end.is_checkmate()), (sfen, mate));
                println!("{name}: ends in {sfen}");
                finals += 1;
            }
        }
        write_and_read_back(&name, &game, None);
        write_and_read_back(&name, &game, Some("2.2"));
        checked += 1;
    }
    // Every specimen, the mating problem (no sente king) too.
    assert_eq!((checked, finals), (11, FINAL.len()));
}
