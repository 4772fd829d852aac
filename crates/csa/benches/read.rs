//! Reading and checking every fixture game (testdata/shogi/shogi-games.jsonl, 300 games,
//! 36,295 plies) as CSA: the games written once as one CSA V3.0 file (`/` between them), then
//! read with `Csa::read` and each replayed with `replay_with` (every move resolved in its
//! position and played); also the reader alone, and `CsaNotation` reading each move in its
//! position. Throughput is in moves.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use csa::{Csa, CsaNotation};
use notation_traits::{
    CheckedGame, GameRecord, MoveEntry, MoveNotation, RawGame, RecordFormat, ReplayOptions, Span,
    WriteSettings, Written, replay_with,
};
use shogi_board::{Move, Position};

/// The fixture games: start and moves.
fn load_games() -> Vec<(Position, Vec<Move>)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/shogi/shogi-games.jsonl"
    );
    let text = std::fs::read_to_string(path).expect("testdata/shogi/shogi-games.jsonl");
    text.lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("a JSON game");
            let start = Position::from_sfen(v["start_sfen"].as_str().expect("start_sfen"))
                .expect("a valid SFEN");
            let moves = v["moves_usi"]
                .as_array()
                .expect("moves")
                .iter()
                .map(|m| m.as_str().expect("a move").parse().expect("a USI move"))
                .collect();
            (start, moves)
        })
        .collect()
}

/// The games written as one CSA file.
fn csa_file(games: &[(Position, Vec<Move>)]) -> String {
    let mut out = String::new();
    for (index, (start, moves)) in games.iter().enumerate() {
        let mut record = GameRecord::<()>::default();
        let mut pos = *start;
        for &mv in moves {
            let text = CsaNotation.write_move(&pos, mv);
            record
                .main
                .moves
                .push(MoveEntry::new((), text, Span::default()));
            pos.play_unchecked(mv);
        }
        let raw = RawGame {
            record,
            diagnostics: Vec::new(),
            source: String::new(),
        };
        let replayed = replay_with(&raw.record, *start, &CsaNotation, ReplayOptions::default());
        let game = CheckedGame::new(replayed, &raw, None);
        let settings = WriteSettings {
            index,
            ..WriteSettings::default()
        };
        let Written::Text(text) = Csa.write(&game, &settings).expect("written").output else {
            unreachable!("CSA is text")
        };
        out.push_str(&text);
    }
    out
}

/// Reads and checks every game; returns the number of moves checked.
fn read_and_check(text: &str) -> usize {
    let mut count = 0;
    for game in Csa.read(Box::new(text.as_bytes())) {
        let game = game.expect("a game");
        let start = game.start.expect("a start position");
        let notation = game.notation.as_deref().expect("a notation");
        let replayed = replay_with(&game.raw.record, start, notation, ReplayOptions::default());
        assert!(replayed.unread.is_empty());
        count += replayed.record.main.moves.len();
    }
    count
}

/// Reads every game without checking it; returns the number of moves read.
fn read_only(text: &str) -> usize {
    Csa.read(Box::new(text.as_bytes()))
        .map(|g| g.expect("a game").raw.record.main.moves.len())
        .sum()
}

/// Reads and plays every move with `CsaNotation`; returns the number of moves.
fn read_moves(games: &[(Position, Vec<String>)]) -> usize {
    let mut count = 0;
    for (start, texts) in games {
        let mut pos = *start;
        for text in texts {
            let mv = CsaNotation.read_move(&pos, text).expect("a legal move").mv;
            pos.play_unchecked(mv);
            count += 1;
        }
    }
    count
}

fn bench_read(c: &mut Criterion) {
    let games = load_games();
    let plies: usize = games.iter().map(|g| g.1.len()).sum();
    let text = csa_file(&games);
    assert_eq!(read_and_check(&text), plies);
    let texts: Vec<(Position, Vec<String>)> = games
        .iter()
        .map(|(start, moves)| {
            let mut pos = *start;
            let texts = moves
                .iter()
                .map(|&mv| {
                    let t = CsaNotation.write_move(&pos, mv);
                    pos.play_unchecked(mv);
                    t
                })
                .collect();
            (*start, texts)
        })
        .collect();
    let mut group = c.benchmark_group("csa_fixture_games");
    group.sample_size(20);
    group.throughput(Throughput::Elements(plies as u64));
    group.bench_function("read_and_check", |b| {
        b.iter(|| read_and_check(black_box(&text)));
    });
    group.bench_function("read_only", |b| {
        b.iter(|| read_only(black_box(&text)));
    });
    group.bench_function("read_moves", |b| {
        b.iter(|| read_moves(black_box(&texts)));
    });
    group.finish();
}

// `criterion_group!` defines an undocumented `pub fn benches`.
#[allow(missing_docs)]
mod group {
    use super::*;

    criterion_group!(benches, bench_read);
}

criterion_main!(group::benches);
