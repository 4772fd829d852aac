//! Reading and checking every move of the fixture games in descriptive notation, and writing
//! every move: moves per second.

use criterion::{Criterion, Throughput, criterion_main};
use notation_traits::MoveNotation;
use wxf_notation::{Sideways, Wxf};
use xiangqi_board::{Language, Move, Position};

struct Game {
    start: Position,
    moves: Vec<Move>,
    wxf: Vec<String>,
}

fn games() -> Vec<Game> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/xiangqi/xiangqi-games.jsonl"
    );
    let text = std::fs::read_to_string(path).expect("testdata/xiangqi/xiangqi-games.jsonl");
    text.lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("JSON line");
            let list = |k: &str| -> Vec<String> {
                v[k].as_array()
                    .expect("array")
                    .iter()
                    .map(|s| s.as_str().expect("string").to_owned())
                    .collect()
            };
            Game {
                start: v["start_fen"].as_str().expect("fen").parse().expect("FEN"),
                moves: list("moves_iccs")
                    .iter()
                    .map(|m| m.parse().expect("ICCS"))
                    .collect(),
                wxf: list("wxf_std"),
            }
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let games = games();
    let plies: u64 = games.iter().map(|g| g.moves.len() as u64).sum();
    let wxf = Wxf::new(Language::English).with_sideways(Sideways::Equals);
    let mut group = c.benchmark_group("wxf");
    group.throughput(Throughput::Elements(plies));
    group.bench_function("read_and_check_fixture_games", |b| {
        b.iter(|| {
            for g in &games {
                let mut pos = g.start;
                for text in &g.wxf {
                    let mv = wxf.read_move(&pos, text).expect("legal").mv;
                    pos.play_unchecked(mv);
                }
            }
        });
    });
    group.bench_function("write_fixture_games", |b| {
        b.iter(|| {
            let mut n = 0;
            for g in &games {
                let mut pos = g.start;
                for &mv in &g.moves {
                    n += wxf.write_move(&pos, mv).len();
                    pos.play_unchecked(mv);
                }
            }
            n
        });
    });
    group.finish();
}

#[allow(missing_docs)]
mod group {
    criterion::criterion_group!(benches, super::bench);
}
criterion_main!(group::benches);
