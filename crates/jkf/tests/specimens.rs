//! Conformance: every `.json` answer of ../shared/specimens/kif-csa (csa/, kif/, ki2/: JKF
//! written by sugyan/shogi-kifu-converter from real KIF, KI2 and CSA records; read in place,
//! skipped with a message where the folder is missing):
//!
//! 1. read with the JKF reader and replayed, each main-line move and each fork move is the
//!    answer's own (`from`, `to`, `promote`, drops), the start position its `initial`;
//! 2. written back, it is the answer as a JSON value, but for one thing the record cannot
//!    hold: the `time` of a special that ends a fork (a variation holds moves only; the reader
//!    warns `result-in-variation`);
//! 3. each CSA specimen read with the CSA reader and written as JKF is its answer (the
//!    converter's normalized JKF: `same`, `capture`, `promote`, `relative` as the position
//!    gives them, `time.total` summed per side), but for the comments before the start
//!    position, which the converter drops and kifu keeps (`moves[0].comments`, first); and
//!    that JKF read back is the CSA record (the clocks in JKF's form).
//!
//! Three answers (`csa/tsumeshogi.json`, `kif/everyday_20211107.json`,
//! `kif/everyday_20220604.json`: mating problems) have no sente king: they are read, replayed
//! and written back like the others, and each ends in mate in the position [`FINAL`] gives.

mod common;

use std::path::Path;

use jkf::{Jkf, JkfMove};
use notation_traits::{Line, RecordFormat, WriteSettings, Written};
use serde_json::Value;
use shogi_board::{Move, Position};

/// The moves of a JKF line (entries with a `move`), fork by fork: `(moves, forks of each)`.
fn answer_moves(entries: &[Value]) -> Vec<(Move, Vec<Vec<Value>>)> {
    entries
        .iter()
        .filter(|e| e.get("move").is_some())
        .map(|e| {
            let forks = e["forks"]
                .as_array()
                .map(|f| f.iter().map(|l| l.as_array().unwrap().clone()).collect())
                .unwrap_or_default();
            (common::jkf_move(&e["move"]), forks)
        })
        .collect()
}

/// Compares a replayed line with the answer's entries, forks included.
fn same_moves(line: &Line<Move>, entries: &[Value], place: &str) -> usize {
    let expected = answer_moves(entries);
    assert_eq!(line.moves.len(), expected.len(), "{place}");
    let mut count = 0;
    for (i, (entry, (mv, forks))) in line.moves.iter().zip(&expected).enumerate() {
        assert_eq!(entry.mv, *mv, "{place} move {}", i + 1);
        assert_eq!(
            entry.variations.len(),
            forks.len(),
            "{place} move {}",
            i + 1
        );
        count += 1;
        for (j, (v, f)) in entry.variations.iter().zip(forks).enumerate() {
            count += same_moves(v, f, &format!("{place} move {} fork {}", i + 1, j + 1));
        }
    }
    count
}

/// Compares the move texts of a line as read (not replayed) with the answer's `move` objects:
/// `from`, `to`, `piece` and `promote` of each, forks included.
fn same_texts(line: &Line<()>, entries: &[Value], place: &str) -> usize {
    let expected: Vec<&Value> = entries.iter().filter(|e| e.get("move").is_some()).collect();
    assert_eq!(line.moves.len(), expected.len(), "{place}");
    let mut count = 0;
    for (i, (entry, e)) in line.moves.iter().zip(&expected).enumerate() {
        let m: JkfMove = entry
            .text
            .parse()
            .unwrap_or_else(|err| panic!("{place} move {}: {err}", i + 1));
        let a = &e["move"];
        let sq = |v: &Value| {
            shogi_board::Square::from_numbers(
                v["x"].as_u64().unwrap() as u8,
                v["y"].as_u64().unwrap() as u8,
            )
        };
        assert_eq!(m.to, sq(&a["to"]), "{place} move {}", i + 1);
        assert_eq!(m.from, a.get("from").and_then(sq), "{place} move {}", i + 1);
        assert_eq!(
            m.piece,
            common::kind(a["piece"].as_str().unwrap()),
            "{place} move {}",
            i + 1
        );
        assert_eq!(m.promote, a["promote"].as_bool(), "{place} move {}", i + 1);
        count += 1;
        let forks: Vec<&Value> = e["forks"]
            .as_array()
            .map(|f| f.iter().collect())
            .unwrap_or_default();
        assert_eq!(
            entry.variations.len(),
            forks.len(),
            "{place} move {}",
            i + 1
        );
        for (j, (v, f)) in entry.variations.iter().zip(forks).enumerate() {
            count += same_texts(
                v,
                f.as_array().unwrap(),
                &format!("{place} move {} fork {}", i + 1, j + 1),
            );
        }
    }
    count
}

/// The answer without the `time` of the specials that end forks.
fn without_fork_special_times(v: &Value, in_fork: bool) -> Value {
    match v {
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(k, _)| !(in_fork && k.as_str() == "time" && map.contains_key("special")))
                .map(|(k, x)| {
                    (
                        k.clone(),
                        without_fork_special_times(x, in_fork || k == "forks"),
                    )
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(
            items
                .iter()
                .map(|x| without_fork_special_times(x, in_fork))
                .collect(),
        ),
        other => other.clone(),
    }
}

fn written(game: &notation_traits::CheckedGame<Position>, place: &str) -> Value {
    serde_json::from_str(&written_text(game, place)).unwrap_or_else(|e| panic!("{place}: {e}"))
}

fn written_text(game: &notation_traits::CheckedGame<Position>, place: &str) -> String {
    let w = Jkf
        .write(game, &WriteSettings::default())
        .unwrap_or_else(|d| panic!("{place}: {d}"));
    assert!(w.lost.is_empty(), "{place}: {:?}", w.lost);
    let Written::Text(text) = w.output else {
        panic!("{place}: text");
    };
    text
}

/// How many specials with a `time` end forks.
fn timed_fork_specials(v: &Value, in_fork: bool) -> usize {
    match v {
        Value::Object(map) => {
            let own =
                usize::from(in_fork && map.contains_key("special") && map.contains_key("time"));
            own + map
                .iter()
                .map(|(k, x)| timed_fork_specials(x, in_fork || k == "forks"))
                .sum::<usize>()
        }
        Value::Array(items) => items.iter().map(|x| timed_fork_specials(x, in_fork)).sum(),
        _ => 0,
    }
}

/// The mating problems (no sente king) and the position after their last move, mate: computed
/// apart by cshogi 1.1.0, replaying each answer's moves from its `initial` (each move tested
/// with `Board.is_legal`).
const FINAL: [(&str, &str); 3] = [
    (
        "csa/tsumeshogi.json",
        "9/2+L6/2+Rpp4/+r2k1p3/4+p4/1n7/B8/B8/9 w 4g4s3n3l14p 4",
    ),
    (
        "kif/everyday_20211107.json",
        "6l1+N/6n1+B/8k/5Lppp/9/9/9/9/9 w 2rb4g4s2n2l15p 12",
    ),
    (
        "kif/everyday_20220604.json",
        "7l1/5+r3/8+R/5ppk1/7s1/6P1L/9/9/9 w 2b4g3s4n2l15p 10",
    ),
];

/// Reads, checks and writes back one answer: the number of moves, forks included, and whether
/// [`FINAL`] named its end.
fn read_answer(path: &Path) -> (usize, bool) {
    let place = path
        .strip_prefix(common::specimens().unwrap())
        .unwrap()
        .display()
        .to_string();
    let text = std::fs::read_to_string(path).unwrap();
    let answer: Value = serde_json::from_str(&text).unwrap();
    let mut games = common::read(&text);
    assert_eq!(games.len(), 1, "{place}");
    let game = games.remove(0);
    let fork_specials = timed_fork_specials(&answer["moves"], false);
    let codes: Vec<&str> = game
        .raw
        .diagnostics
        .iter()
        .map(|d| d.code.as_str())
        .collect();
    assert_eq!(codes, vec!["result-in-variation"; fork_specials], "{place}");
    let moves = answer["moves"].as_array().unwrap();
    let texts = same_texts(&game.raw.record.main, &moves[1..], &place);
    let start = game
        .start
        .as_ref()
        .unwrap_or_else(|d| panic!("{place}: {d}"));
    assert_eq!(
        start.to_sfen(),
        common::jkf_start_sfen(&answer["initial"]),
        "{place}"
    );
    let checked = common::check(game);
    assert!(
        checked.replayed.diagnostics.is_empty(),
        "{place}: {:?}",
        checked.replayed.diagnostics
    );
    let count = same_moves(&checked.replayed.record.main, &moves[1..], &place);
    assert_eq!(texts, count, "{place}");
    let end = &checked.replayed.end;
    let named = FINAL.iter().find(|(p, _)| *p == place).map(|(_, sfen)| {
        assert_eq!(
            (end.to_sfen().as_str(), end.is_checkmate()),
            (*sfen, true),
            "{place}"
        );
    });
    assert_eq!(
        written(&checked, &place),
        without_fork_special_times(&answer, false),
        "{place}"
    );
    (count, named.is_some())
}

#[test]
fn every_answer_reads_to_its_moves_and_writes_back_equal() {
    let mut files = Vec::new();
    for dir in ["csa", "kif", "ki2"] {
        let Some(mut f) = common::files(dir, "json") else {
            return;
        };
        files.append(&mut f);
    }
    assert_eq!(files.len(), 21);
    let mut games = 0;
    let mut moves = 0;
    let mut finals = 0;
    for path in &files {
        let (n, named) = read_answer(path);
        games += 1;
        moves += n;
        finals += usize::from(named);
    }
    // Every answer, the three mating problems (no sente king) too.
    assert_eq!((games, finals), (21, FINAL.len()));
    println!("{games} answers, {moves} moves (forks included) read, replayed and written back");
}

/// The comment lines of a CSA text before its side-to-move line.
fn comments_before_side(text: &str) -> Vec<Value> {
    text.lines()
        .take_while(|l| !matches!(l.trim_end(), "+" | "-"))
        .filter_map(|l| l.strip_prefix('\''))
        .map(|l| Value::String(l.to_owned()))
        .collect()
}

#[test]
fn csa_specimens_written_as_jkf_are_their_answers() {
    let Some(files) = common::files("csa", "csa") else {
        return;
    };
    let mut checked = 0;
    for path in &files {
        let place = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = common::decode(&std::fs::read(path).unwrap());
        let mut answer: Value =
            serde_json::from_str(&std::fs::read_to_string(path.with_extension("json")).unwrap())
                .unwrap();
        let game = common::check(common::read_csa(&text).remove(0));
        let mut comments = comments_before_side(&text);
        if let Some(after) = answer["moves"][0]["comments"].as_array() {
            comments.extend(after.iter().cloned());
        }
        answer["moves"][0] = if comments.is_empty() {
            serde_json::json!({})
        } else {
            serde_json::json!({ "comments": comments })
        };
        let jkf = written_text(&game, &place);
        assert_eq!(
            serde_json::from_str::<Value>(&jkf).unwrap(),
            answer,
            "{place}"
        );
        // Read back: the same record, the clocks in JKF's form (`T12` is `0:12/00:00:12`).
        let back = common::check(common::read(&jkf).remove(0));
        let (a, b) = (&game.replayed, &back.replayed);
        assert!(b.diagnostics.is_empty(), "{place}");
        assert_eq!(b.start, a.start, "{place}");
        let tags = |r: &notation_traits::GameRecord<Move>| -> Vec<(String, String)> {
            r.tags
                .iter()
                .map(|t| (t.name.clone(), t.value.clone()))
                .collect()
        };
        assert_eq!(tags(&b.record), tags(&a.record), "{place}");
        assert_eq!(b.record.main.comments, a.record.main.comments, "{place}");
        assert_eq!(
            b.record.main.moves.len(),
            a.record.main.moves.len(),
            "{place}"
        );
        for (x, y) in a.record.main.moves.iter().zip(&b.record.main.moves) {
            assert_eq!((x.mv, &x.comments), (y.mv, &y.comments), "{place}");
            let seconds = |c: &Option<String>| {
                c.as_deref().map(|c| match c.strip_prefix('T') {
                    Some(t) => t.parse::<u64>().unwrap(),
                    None => {
                        let now = c.split('/').next().unwrap();
                        now.split(':')
                            .fold(0, |acc, p| acc * 60 + p.parse::<u64>().unwrap())
                    }
                })
            };
            assert_eq!(seconds(&x.clock), seconds(&y.clock), "{place}");
        }
        assert_eq!(
            b.record.trailing_comments, a.record.trailing_comments,
            "{place}"
        );
        let terminal = |g: &notation_traits::CheckedGame<Position>| {
            g.terminal.as_ref().map(|t| (t.kind, t.first_to_move))
        };
        assert_eq!(terminal(&back), terminal(&game), "{place}");
        checked += 1;
    }
    // tsumeshogi.csa (no sente king) among them.
    assert_eq!(checked, 11);
}
