//! Times reading one long shogi game through the records library (`Input::from_bytes` and
//! [`Games`]), at several lengths, to see how the cost grows with the plies of a game:
//! `cargo run --release -p kifu-records --example long_game -- [FORMAT] [PLIES...]` with FORMAT
//! `usi` (a `position sfen ... moves ...` line, the default), or any shogi target of `kifu
//! convert` (`psn`, `kif`, `csa`, ...), or `faults` (a PSN game whose every move is written
//! as an illegal drop); PLIES 100 200 400 800 by default. Prints µs per game and per ply (best
//! of several rounds, CPU time of the process).

use std::{error::Error, time::Duration};

use kifu_records::{Games, Input, ReadOptions, Target, WriteOptions, Writer};
use shogi_board::Position;

/// A game of `plies` moves from the start position, each chosen by a fixed pseudo-random
/// sequence among the legal moves that leave the opponent a move, as USI texts.
fn walk(plies: usize) -> Vec<String> {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut position = Position::new();
    let mut moves = Vec::with_capacity(plies);
    while moves.len() < plies {
        let legal = position.legal_moves();
        let count = legal.len();
        let start = {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (seed >> 33) as usize % count
        };
        let chosen = (0..count)
            .map(|k| legal[(start + k) % count])
            .find(|&mv| {
                let mut next = position;
                next.play_unchecked(mv);
                next.count_legal_moves() > 0
            })
            .expect("a move that does not mate");
        position.play_unchecked(chosen);
        moves.push(chosen.to_string());
    }
    moves
}

/// CPU time of this process so far.
fn cpu_time() -> Duration {
    let text = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = text
        .rsplit_once(')')
        .map_or("", |(_, rest)| rest)
        .split_whitespace()
        .collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    // Fields 14 and 15 of stat (utime, stime), counted after the command name: 12 and 13.
    Duration::from_millis((ticks(11) + ticks(12)) * 10)
}

/// The record text of `moves` in `format`.
fn record(format: &str, moves: &[String]) -> Result<String, Box<dyn Error>> {
    let usi = format!(
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves {}\n",
        moves.join(" ")
    );
    if format == "usi" {
        return Ok(usi);
    }
    if format == "faults" {
        // Every tenth move's destination file moved by one: a fault in each ten plies.
        let faulty: Vec<String> = moves
            .iter()
            .enumerate()
            .map(|(i, m)| {
                if i % 10 != 9 {
                    return m.clone();
                }
                let mut b = m.clone().into_bytes();
                b[2] = if b[2] == b'9' { b'1' } else { b[2] + 1 };
                String::from_utf8(b).unwrap_or_default()
            })
            .collect();
        return record("usi", &faulty);
    }
    let target = Target::named(format).ok_or("no such target")?;
    let game = read(usi.into_bytes())?;
    let written = Writer::new(WriteOptions::new(target)).write(&game, 0)?;
    Ok(String::from_utf8(written.bytes)?)
}

/// The one game of `bytes`, read and checked.
fn read(bytes: Vec<u8>) -> Result<kifu_records::Game, Box<dyn Error>> {
    let mut options = ReadOptions::default();
    if let Ok(n) = std::env::var("KIFU_NOTATION") {
        options.notation = Some(n.parse()?);
    }
    let input = Input::from_bytes("<bytes>", bytes, &options)?;
    let mut games = Games::new(input, options);
    Ok(games.next().ok_or("no game")??)
}

fn main() -> Result<(), Box<dyn Error>> {
    let mut args = std::env::args().skip(1).peekable();
    let format = match args.peek() {
        Some(a) if a.parse::<usize>().is_err() => args.next().unwrap_or_default(),
        _ => "usi".to_owned(),
    };
    let mut sizes: Vec<usize> = args.map(|a| a.parse()).collect::<Result<_, _>>()?;
    if sizes.is_empty() {
        sizes = vec![100, 200, 400, 800];
    }
    let longest = walk(sizes.iter().copied().max().unwrap_or(0));
    for &plies in &sizes {
        let text = record(&format, &longest[..plies])?;
        let first = read(text.clone().into_bytes())?;
        if std::env::var_os("KIFU_SHOW").is_some() {
            println!("{}", &text[..text.len().min(600)]);
            for d in first.diagnostics.iter().take(5) {
                println!("{d}");
            }
        }
        let errors = first.diagnostics.iter().filter(|d| d.is_error()).count();
        // Enough repetitions for about 0.3 s of CPU a round.
        let budget: usize = std::env::var("KIFU_BUDGET")
            .ok()
            .and_then(|b| b.parse().ok())
            .unwrap_or(200_000);
        let reps = (budget / plies).max(3);
        let mut best = Duration::MAX;
        for _ in 0..5 {
            let start = cpu_time();
            for _ in 0..reps {
                std::hint::black_box(read(text.clone().into_bytes())?);
            }
            best = best.min(cpu_time() - start);
        }
        let per_game = best.as_secs_f64() * 1e6 / reps as f64;
        println!(
            "{format} {plies:>5} plies: {per_game:>9.1} µs a game, {:>6.2} µs a ply ({} errors, {} bytes)",
            per_game / plies as f64,
            errors,
            text.len()
        );
    }
    Ok(())
}
