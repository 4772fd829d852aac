//! Reading and checking KIF and KI2 of every fixture game (testdata/shogi/shogi-games.jsonl,
//! 300 games, 36,295 plies): whole files read and every move checked (`Kif::read` and
//! `kif::check`, the replay the records layer does), and the moves alone read in their
//! positions (`KifNotation`, `Ki2Notation`); and writing KIF. Throughput is in moves.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kif::{Ki2, Ki2Notation, Kif, KifNotation};
use notation_traits::{
    CheckedGame, GameRecord, Line, MoveEntry, MoveNotation, RecordFormat, ReplayOptions, Replayed,
    Span, WriteSettings, Written,
};
use shogi_board::{Handicap, Move, Position};

/// One fixture game: its start, moves, and the game as a checked record.
struct Game {
    start: Position,
    usi: Vec<Move>,
    checked: CheckedGame<Position>,
}

fn load_games() -> Vec<Game> {
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
            let usi: Vec<Move> = v["moves_usi"]
                .as_array()
                .expect("moves")
                .iter()
                .map(|m| m.as_str().expect("a move").parse().expect("a USI move"))
                .collect();
            let mut end = start;
            let moves = usi
                .iter()
                .map(|&m| {
                    end.play_unchecked(m);
                    MoveEntry::new(m, m.to_string(), Span::default())
                })
                .collect();
            let mut record = GameRecord {
                main: Line {
                    comments: Vec::new(),
                    moves,
                },
                ..GameRecord::default()
            };
            if let Some(h) = Handicap::detect(&start) {
                record.set_tag("手合割", h.japanese());
            }
            let checked = CheckedGame {
                replayed: Replayed {
                    record,
                    start,
                    end,
                    unread: Vec::new(),
                    checked: usi.len(),
                    diagnostics: Vec::new(),
                },
                terminal: None,
                rest: None,
            };
            Game {
                start,
                usi,
                checked,
            }
        })
        .collect()
}

fn text(format: &dyn RecordFormat<Position>, game: &CheckedGame<Position>) -> String {
    match format
        .write(game, &WriteSettings::default())
        .expect("written")
        .output
    {
        Written::Text(t) => t,
        Written::Bytes(_) => unreachable!("KIF is text"),
    }
}

/// Reads and checks every file; returns the number of moves checked.
fn read_and_check(format: &dyn RecordFormat<Position>, files: &[String]) -> usize {
    let mut moves = 0;
    for f in files {
        for game in format.read(Box::new(f.as_bytes())) {
            let game = game.expect("UTF-8");
            let checked = kif::check(game, ReplayOptions::default()).expect("a start");
            moves += checked.replayed.record.main.moves.len();
        }
    }
    moves
}

/// Reads every move text in its position (after the move before it); returns the count.
fn read_moves<N: MoveNotation<Position>>(notation: &N, games: &[(Position, Vec<String>)]) -> usize {
    let mut count = 0;
    for (start, texts) in games {
        let mut pos = *start;
        let mut previous = None;
        for t in texts {
            let syntax = notation.parse(t).expect("a move");
            let mv = notation
                .resolve_after(&pos, previous, &syntax)
                .expect("a legal fixture move")
                .mv;
            pos.play_unchecked(mv);
            previous = Some(mv);
            count += 1;
        }
    }
    count
}

fn bench_read(c: &mut Criterion) {
    let games = load_games();
    let plies: usize = games.iter().map(|g| g.usi.len()).sum();
    let kif_files: Vec<String> = games.iter().map(|g| text(&Kif, &g.checked)).collect();
    let ki2_files: Vec<String> = games.iter().map(|g| text(&Ki2, &g.checked)).collect();
    let written =
        |n: &dyn Fn(&Position, Option<Move>, Move) -> String| -> Vec<(Position, Vec<String>)> {
            games
                .iter()
                .map(|g| {
                    let mut pos = g.start;
                    let mut previous = None;
                    let texts = g
                        .usi
                        .iter()
                        .map(|&m| {
                            let t = n(&pos, previous, m);
                            pos.play_unchecked(m);
                            previous = Some(m);
                            t
                        })
                        .collect();
                    (g.start, texts)
                })
                .collect()
        };
    let kif_moves = written(&|p, prev, m| KifNotation.describe_after(p, prev, m).to_string());
    let ki2_moves = written(&|p, prev, m| Ki2Notation.describe_after(p, prev, m).to_string());
    let mut group = c.benchmark_group("kif_fixture_games");
    group.sample_size(20);
    group.throughput(Throughput::Elements(plies as u64));
    group.bench_function("read_and_check_kif_files", |b| {
        b.iter(|| read_and_check(&Kif, black_box(&kif_files)));
    });
    group.bench_function("read_and_check_ki2_files", |b| {
        b.iter(|| read_and_check(&Ki2, black_box(&ki2_files)));
    });
    group.bench_function("read_kif_moves", |b| {
        b.iter(|| read_moves(&KifNotation, black_box(&kif_moves)));
    });
    group.bench_function("read_ki2_moves", |b| {
        b.iter(|| read_moves(&Ki2Notation, black_box(&ki2_moves)));
    });
    group.bench_function("write_kif_files", |b| {
        b.iter(|| {
            games
                .iter()
                .map(|g| text(&Kif, black_box(&g.checked)).len())
                .sum::<usize>()
        });
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
