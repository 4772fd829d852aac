//! Reading and checking every fixture game (testdata/xiangqi/xiangqi-games.jsonl, 300 games,
//! 28,850 plies): each move read in its position and played, in algebraic (the `san` column,
//! English letters) and in ICCS (the `moves_iccs` column). Throughput is in moves.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use iccs_algebraic::{Algebraic, Iccs};
use notation_traits::MoveNotation;
use xiangqi_board::Position;

/// One fixture game: the start position and its moves in both notations.
struct Game {
    start: Position,
    san: Vec<String>,
    iccs: Vec<String>,
}

fn load_games() -> Vec<Game> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/xiangqi/xiangqi-games.jsonl"
    );
    let text = std::fs::read_to_string(path).expect("testdata/xiangqi/xiangqi-games.jsonl");
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
            Game {
                start: Position::from_fen(v["start_fen"].as_str().expect("start_fen"))
                    .expect("a valid FEN"),
                san: strings(&v, "san"),
                iccs: strings(&v, "moves_iccs"),
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

fn bench_read(c: &mut Criterion) {
    let games = load_games();
    let plies: usize = games.iter().map(|g| g.iccs.len()).sum();
    let mut group = c.benchmark_group("read_fixture_games");
    group.sample_size(20);
    group.throughput(Throughput::Elements(plies as u64));
    group.bench_function("algebraic_en", |b| {
        b.iter(|| read_all(&Algebraic::ENGLISH, black_box(&games), |g| &g.san));
    });
    group.bench_function("iccs_engine", |b| {
        b.iter(|| read_all(&Iccs::ENGINE, black_box(&games), |g| &g.iccs));
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
