//! The `records` lines of `cargo xtask bench`: whole records read and checked through the
//! records library (`kifu_records::Input` and `Games`: format and encoding detection, the
//! format's reader, the checked replay, diagnostics), as `kifu check` and Python's `kifu.read`
//! read them.
//!
//! - `record-usi-N`: one game of N plies (N = 100, 200, 400, 800) as a `position sfen ...
//!   moves ...` line, read again and again; equal moves/s at every N is the cost growing
//!   linearly with the plies of a game (issue 15's note found it growing faster);
//! - `record-faults-N`: the same game with every tenth move's destination file moved by one,
//!   so a fault every ten plies, read without repairs (issue 18's note);
//! - `record-kif`, `record-csa`: each shogi fixture game written as a KIF and a CSA record by
//!   kifu's writers, then every record read and checked (issue 12's bar: the rate of PSN).
//!
//! These lines time the process's CPU time (user + system, from /proc/self/stat, 10 ms
//! ticks), not the wall clock: on a machine loaded by other builds the wall clock moved by a
//! factor of several between runs. Off Linux they fall back to the wall clock.

use std::hint::black_box;
use std::time::Duration;

use kifu_records::{Games, Input, ReadOptions, Target, WriteOptions, Writer};
use serde_json::{Value, json};
use shogi_board::Position;

use crate::measure::Game;

/// The lengths of the long-game lines.
pub(crate) const PLIES: [usize; 4] = [100, 200, 400, 800];

/// The SFEN of the even start position.
const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// A game of `plies` moves from the start position, as USI texts: at each ply a legal move
/// chosen by a fixed pseudo-random sequence (a linear congruential generator), the first from
/// there that leaves the opponent a legal move, so the game goes on to the end.
pub(crate) fn walk(plies: usize) -> Vec<String> {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut position = Position::new();
    let mut moves = Vec::with_capacity(plies);
    while moves.len() < plies {
        let legal = position.legal_moves();
        let count = legal.len();
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let first = (seed >> 33) as usize % count.max(1);
        let Some(chosen) = (0..count).map(|k| legal[(first + k) % count]).find(|&mv| {
            let mut next = position;
            next.play_unchecked(mv);
            next.count_legal_moves() > 0
        }) else {
            break;
        };
        position.play_unchecked(chosen);
        moves.push(chosen.to_string());
    }
    moves
}

/// `moves` with every tenth one's destination file moved by one (`7g7f` to `7g8f`... `9`
/// to `1`): a faulty move every ten plies, most of them illegal where they stand.
pub(crate) fn with_faults(moves: &[String]) -> Vec<String> {
    moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let mut b = m.clone().into_bytes();
            if i % 10 == 9 && b.len() >= 4 {
                b[2] = if b[2] == b'9' { b'1' } else { b[2] + 1 };
            }
            String::from_utf8(b).unwrap_or_default()
        })
        .collect()
}

/// The USI line of `moves` from the start position.
pub(crate) fn usi_line(start: &str, moves: &[String]) -> String {
    format!("position sfen {start} moves {}\n", moves.join(" "))
}

/// Reads and checks every game of `bytes`; returns (games, plies read, errors).
pub(crate) fn read(bytes: &[u8]) -> Result<(u64, u64, u64), String> {
    let options = ReadOptions::default();
    let input =
        Input::from_bytes("<bench>", bytes.to_vec(), &options).map_err(|e| e.to_string())?;
    let (mut games, mut plies, mut errors) = (0, 0, 0);
    for game in Games::new(input, options) {
        let game = game.map_err(|e| e.to_string())?;
        games += 1;
        plies += game.coordinates().len() as u64;
        errors += game.diagnostics.iter().filter(|d| d.is_error()).count() as u64;
    }
    Ok((games, plies, errors))
}

/// Each fixture game (its SFEN and USI moves) written by kifu's writer for `target`.
pub(crate) fn written(games: &[Game], target: &str) -> Result<Vec<Vec<u8>>, String> {
    let target = Target::named(target).ok_or_else(|| format!("no target {target}"))?;
    let writer = Writer::new(WriteOptions::new(target));
    games
        .iter()
        .map(|g| {
            let line = usi_line(g.start(), g.moves("moves_usi"));
            let options = ReadOptions::default();
            let input = Input::from_bytes("<fixture>", line.into_bytes(), &options)
                .map_err(|e| e.to_string())?;
            let game = Games::new(input, options)
                .next()
                .ok_or("no game")?
                .map_err(|e| e.to_string())?;
            Ok(writer.write(&game, 0).map_err(|e| e.to_string())?.bytes)
        })
        .collect()
}

/// The CPU time this process has used (user + system): /proc/self/stat's fields 14 and 15, in
/// clock ticks of 10 ms; `None` where that file cannot be read.
pub(crate) fn cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name, which is in parentheses and may hold spaces.
    let (_, rest) = stat.rsplit_once(')')?;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i)?.parse::<u64>().ok();
    Some(Duration::from_millis((ticks(11)? + ticks(12)?) * 10))
}

/// A clock: CPU time where there is one, else the wall clock.
struct Clock(Option<Duration>, std::time::Instant);

impl Clock {
    fn start() -> Clock {
        Clock(cpu_time(), std::time::Instant::now())
    }

    fn elapsed(&self) -> Duration {
        match (self.0, cpu_time()) {
            (Some(start), Some(now)) => now.saturating_sub(start).max(Duration::from_millis(1)),
            _ => self.1.elapsed(),
        }
    }
}

/// The fastest of `runs` rounds of reading every record of `records` `reps` times, checking
/// that each read gives `plies` plies and `errors` errors in all.
fn timed(
    runs: usize,
    reps: usize,
    records: &[Vec<u8>],
    expected: (u64, u64),
) -> Result<(Duration, u64), String> {
    let mut best = Duration::MAX;
    let mut plies = 0;
    for _ in 0..runs.max(1) {
        let start = Clock::start();
        plies = 0;
        for _ in 0..reps {
            let (mut p, mut e) = (0, 0);
            for r in records {
                let (_, rp, re) = black_box(read(r)?);
                (p, e) = (p + rp, e + re);
            }
            if (p, e) != expected {
                return Err(format!(
                    "read {p} plies and {e} errors, expected {} and {}",
                    expected.0, expected.1
                ));
            }
            plies += p;
        }
        best = best.min(start.elapsed());
    }
    Ok((best, plies))
}

/// One output line, as measure.rs's.
fn line(key: String, what: &str, count: u64, time: Duration) -> Value {
    json!({
        "line": key,
        "reference": what,
        "per_second": count as f64 / time.as_secs_f64(),
        "work": count,
        "seconds": time.as_secs_f64(),
    })
}

/// The `records` lines, best of `runs`.
pub(crate) fn lines(runs: usize, fixture: &[Game]) -> Result<Vec<Value>, String> {
    let mut out = Vec::new();
    let longest = walk(PLIES[PLIES.len() - 1]);
    for n in PLIES {
        let moves = &longest[..n];
        let clean = usi_line(START, moves).into_bytes();
        let expected = (n as u64, 0);
        let (t, plies) = timed(runs, 40_000 / n, std::slice::from_ref(&clean), expected)?;
        out.push(line(format!("record-usi-{n}"), "kifu-records", plies, t));
        let faulty = usi_line(START, &with_faults(moves)).into_bytes();
        let (_, p, e) = read(&faulty)?;
        let reps = (800 / n).max(1);
        let (t, _) = timed(runs, reps, std::slice::from_ref(&faulty), (p, e))?;
        // Moves/s of the game's length, whatever the reading stopped at.
        let reps = reps as u64;
        out.push(line(
            format!("record-faults-{n}"),
            "kifu-records",
            reps * n as u64,
            t,
        ));
    }
    for (key, target) in [("record-kif", "kif"), ("record-csa", "csa")] {
        let records = written(fixture, target)?;
        let mut expected = (0, 0);
        for r in &records {
            let (_, p, e) = read(r)?;
            expected = (expected.0 + p, expected.1 + e);
        }
        let (t, plies) = timed(runs, 1, &records, expected)?;
        out.push(line(key.to_owned(), "kifu-records", plies, t));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_long_game_reads_to_its_end_and_its_faults_are_errors() {
        let moves = walk(200);
        assert_eq!(moves.len(), 200);
        assert_eq!(read(usi_line(START, &moves).as_bytes()), Ok((1, 200, 0)));
        let (games, _, errors) =
            read(usi_line(START, &with_faults(&moves)).as_bytes()).expect("read");
        assert_eq!(games, 1);
        assert!(errors >= 2, "{errors} errors");
    }

    #[test]
    fn every_fixture_game_reads_back_from_kif_and_csa() {
        let games = crate::measure::load(
            &crate::root().join("testdata/shogi/shogi-games.jsonl"),
            "start_sfen",
            &["moves_usi"],
        )
        .expect("fixture games");
        for target in ["kif", "csa"] {
            let records = written(&games, target).expect("written");
            let (mut plies, mut errors) = (0, 0);
            for r in &records {
                let (_, p, e) = read(r).expect("read");
                (plies, errors) = (plies + p, errors + e);
            }
            assert_eq!((plies, errors), (36_295, 0), "{target}");
        }
    }
}
