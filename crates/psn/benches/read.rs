//! Reading and checking every fixture game (testdata/shogi/shogi-games.jsonl, 300 games, 36,295
//! plies): each move read in its position and played, in PSN short form (the `hodges` column),
//! in the long form written from it, and in USI (`moves_usi`); and writing every move in the
//! short form. Throughput is in moves.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use notation_traits::MoveNotation;
use psn::{Psn, Usi};
use shogi_board::Position;

/// One fixture game: the start position and its moves in three spellings.
struct Game {
    start: Position,
    hodges: Vec<String>,
    long: Vec<String>,
    usi: Vec<String>,
}

fn load_games() -> Vec<Game> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/shogi/shogi-games.jsonl"
    );
    let text = std::fs::read_to_string(path).expect("testdata/shogi/shogi-games.jsonl");
    let strings = |v: &serde_json::Value, key: &str| -> Vec<String> {
        v[key]
            .as_array()
            .expect("an array of moves")
            .iter()
            .map(|m| m.as_str().expect("a move string").to_owned())
            .collect()
    };
    text.lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("a JSON game");
            let start = Position::from_sfen(v["start_sfen"].as_str().expect("start_sfen"))
                .expect("a valid SFEN");
            let usi = strings(&v, "moves_usi");
            let mut pos = start;
            let long = usi
                .iter()
                .map(|m| {
                    let mv = m.parse().expect("a USI move");
                    let text = Psn::LONG.write_move(&pos, mv);
                    pos.play_unchecked(mv);
                    text
                })
                .collect();
            Game {
                start,
                hodges: strings(&v, "hodges"),
                long,
                usi,
            }
        })
        .collect()
}

/// Reads and plays every move of every game; returns the number of moves read.
fn read_all<N: MoveNotation<Position>>(
    notation: &N,
    games: &[Game],
    moves: fn(&Game) -> &[String],
) -> usize {
    let mut count = 0;
    for game in games {
        let mut pos = game.start;
        for text in moves(game) {
            let mv = notation
                .read_move(&pos, text)
                .expect("a legal fixture move")
                .mv;
            pos.play_unchecked(mv);
            count += 1;
        }
    }
    count
}

/// Writes every move of every game in the short form; returns the bytes written.
fn write_all(games: &[Game]) -> usize {
    let mut bytes = 0;
    for game in games {
        let mut pos = game.start;
        for text in &game.usi {
            let mv = text.parse().expect("a USI move");
            bytes += Psn::SHORT.write_move(&pos, mv).len();
            pos.play_unchecked(mv);
        }
    }
    bytes
}

fn bench_read(c: &mut Criterion) {
    let games = load_games();
    let plies: usize = games.iter().map(|g| g.usi.len()).sum();
    let mut group = c.benchmark_group("shogi_fixture_games");
    group.sample_size(20);
    group.throughput(Throughput::Elements(plies as u64));
    group.bench_function("read_psn_short", |b| {
        b.iter(|| read_all(&Psn::SHORT, black_box(&games), |g| &g.hodges));
    });
    group.bench_function("read_psn_long", |b| {
        b.iter(|| read_all(&Psn::LONG, black_box(&games), |g| &g.long));
    });
    group.bench_function("read_usi", |b| {
        b.iter(|| read_all(&Usi, black_box(&games), |g| &g.usi));
    });
    group.bench_function("write_psn_short", |b| {
        b.iter(|| write_all(black_box(&games)));
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
