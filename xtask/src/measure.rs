//! kifu's side of `cargo xtask bench`: the same work as the references, timed in process with
//! [`Instant`], each figure the best (fastest) of a number of runs.
//!
//! Run from a release build (`cargo xtask bench` builds and starts `target/release/xtask
//! measure`); the lines it prints are JSON objects of the same shape as xtask/bench/refs.py's.
//!
//! What each line times, from data already in memory (the fixture games read from JSON first):
//! - `perft-*`: `perft(start, depth)`, the last ply counted in bulk (as Fairy-Stockfish does);
//! - `write-*`: for every game, its start position parsed from the FEN/SFEN text, then every
//!   coordinate move parsed from its text, written in WXF (xiangqi, Fairy-Stockfish's 2018
//!   spelling with `=`, as pyffish writes) or PSN short form (shogi, Hodges) and played;
//! - `read-*`: for every game, its start position parsed, then every move read from its text,
//!   checked (resolved to a legal move) and played.

use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

use iccs_algebraic::{Algebraic, Iccs};
use notation_traits::MoveNotation;
use psn::{Psn, Usi};
use serde_json::{Value, json};
use wxf_notation::{Sideways, Wxf, WxfStyle};
use xiangqi_board::Language;

/// One fixture game: its start position as text and its move columns.
#[derive(Debug)]
pub(crate) struct Game {
    start: String,
    columns: Vec<(String, Vec<String>)>,
}

impl Game {
    /// The start position as written in the fixture.
    pub(crate) fn start(&self) -> &str {
        &self.start
    }

    /// The moves of column `name` (empty when it was not loaded).
    pub(crate) fn moves(&self, name: &str) -> &[String] {
        self.columns
            .iter()
            .find(|(n, _)| n == name)
            .map_or(&[], |(_, moves)| moves.as_slice())
    }
}

/// Reads the games of a fixture file, keeping the start-position field `start` and `columns`.
pub(crate) fn load(path: &Path, start: &str, columns: &[&str]) -> Result<Vec<Game>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let v: Value = serde_json::from_str(line)
                .map_err(|e| format!("{}: bad JSON: {e}", path.display()))?;
            let strings = |key: &str| -> Result<Vec<String>, String> {
                v[key]
                    .as_array()
                    .ok_or_else(|| format!("{}: no array `{key}`", path.display()))?
                    .iter()
                    .map(|m| {
                        m.as_str().map(str::to_owned).ok_or_else(|| {
                            format!("{}: `{key}` holds a non-string", path.display())
                        })
                    })
                    .collect()
            };
            Ok(Game {
                start: v[start]
                    .as_str()
                    .ok_or_else(|| format!("{}: no `{start}`", path.display()))?
                    .to_owned(),
                columns: columns
                    .iter()
                    .map(|&c| Ok((c.to_owned(), strings(c)?)))
                    .collect::<Result<_, String>>()?,
            })
        })
        .collect()
}

/// The fastest of `runs` runs of `work`, and what the last run returned.
fn best_of<T>(runs: usize, mut work: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut out = None;
    for _ in 0..runs.max(1) {
        let start = Instant::now();
        let value = black_box(work());
        best = best.min(start.elapsed());
        out = Some(value);
    }
    (best, out.expect("at least one run"))
}

/// One output line: `count` units of work done in `time`.
fn line(key: &str, what: &str, count: u64, time: Duration) -> Value {
    json!({
        "line": key,
        "reference": what,
        "per_second": count as f64 / time.as_secs_f64(),
        "work": count,
        "seconds": time.as_secs_f64(),
    })
}

/// Replays every game of `games` (its start parsed as a `P`: FEN or SFEN) reading `column`
/// with `notation`; returns the plies.
fn read_games<P, N>(notation: &N, games: &[Game], column: &str) -> Result<u64, String>
where
    P: notation_traits::Position + std::str::FromStr,
    P::Err: std::fmt::Display,
    N: MoveNotation<P>,
{
    let mut n = 0;
    for g in games {
        let mut pos: P = g.start.parse().map_err(|e| format!("{e}: {}", g.start))?;
        for text in g.moves(column) {
            let mv = notation
                .read_move(&pos, text)
                .map_err(|e| format!("{column} `{text}`: {e}"))?
                .mv;
            pos.play_unchecked(mv);
            n += 1;
        }
    }
    Ok(n)
}

/// Xiangqi: [`read_games`] from FENs.
fn read_xiangqi<N: MoveNotation<xiangqi_board::Position>>(
    notation: &N,
    games: &[Game],
    column: &str,
) -> Result<u64, String> {
    read_games::<xiangqi_board::Position, N>(notation, games, column)
}

/// Shogi: [`read_games`] from SFENs.
fn read_shogi<N: MoveNotation<shogi_board::Position>>(
    notation: &N,
    games: &[Game],
    column: &str,
) -> Result<u64, String> {
    read_games::<shogi_board::Position, N>(notation, games, column)
}

/// The WXF writer whose output is pyffish's (`NOTATION_XIANGQI_WXF`, the fixtures' `wxf`): the
/// 2018 style in its own dialect.
fn pyffish_wxf() -> Wxf {
    Wxf::new(Language::English)
        .with_style(WxfStyle::Wxr2018)
        .with_dialect(wxf_notation::Dialect::Wxr2018)
        .with_sideways(Sideways::Equals)
}

/// Writes every move of every xiangqi game (from `moves_iccs`) in WXF; `check` compares each
/// with the `wxf` column and counts the differences. Returns (plies, differences).
fn write_wxf(games: &[Game], check: bool) -> Result<(u64, u64), String> {
    let wxf = pyffish_wxf();
    let (mut n, mut differ) = (0, 0);
    for g in games {
        let mut pos =
            xiangqi_board::Position::from_fen(&g.start).map_err(|e| format!("{e}: {}", g.start))?;
        let expected = g.moves("wxf");
        for (i, text) in g.moves("moves_iccs").iter().enumerate() {
            let mv: xiangqi_board::Move = text.parse().map_err(|e| format!("`{text}`: {e}"))?;
            let written = wxf.write_move(&pos, mv);
            if check && expected.get(i) != Some(&written) {
                differ += 1;
            }
            black_box(written);
            pos.play_unchecked(mv);
            n += 1;
        }
    }
    Ok((n, differ))
}

/// Writes every move of every shogi game (from `moves_usi`) in PSN short form; `check` compares
/// each with the `hodges` column. Returns (plies, differences).
fn write_hodges(games: &[Game], check: bool) -> Result<(u64, u64), String> {
    let (mut n, mut differ) = (0, 0);
    for g in games {
        let mut pos =
            shogi_board::Position::from_sfen(&g.start).map_err(|e| format!("{e}: {}", g.start))?;
        let expected = g.moves("hodges");
        for (i, text) in g.moves("moves_usi").iter().enumerate() {
            let mv: shogi_board::Move = text.parse().map_err(|e| format!("`{text}`: {e}"))?;
            let written = Psn::SHORT.write_move(&pos, mv);
            if check && expected.get(i) != Some(&written) {
                differ += 1;
            }
            black_box(written);
            pos.play_unchecked(mv);
            n += 1;
        }
    }
    Ok((n, differ))
}

/// The shogi games with a PSN long-form column (`long`) written from `moves_usi`.
fn with_long_form(games: &mut [Game]) -> Result<(), String> {
    for g in games.iter_mut() {
        let mut pos =
            shogi_board::Position::from_sfen(&g.start).map_err(|e| format!("{e}: {}", g.start))?;
        let mut long = Vec::new();
        for text in g.moves("moves_usi") {
            let mv: shogi_board::Move = text.parse().map_err(|e| format!("`{text}`: {e}"))?;
            long.push(Psn::LONG.write_move(&pos, mv));
            pos.play_unchecked(mv);
        }
        g.columns.push(("long".to_owned(), long));
    }
    Ok(())
}

/// Every kifu measurement selected by `only` (all when empty), as JSON lines on stdout.
pub(crate) fn run(runs: usize, depth: u32, only: &[String]) -> Result<(), String> {
    let wanted = |group: &str| only.is_empty() || only.iter().any(|o| o == group);
    let root = crate::root();
    let emit = |v: Value| println!("{v}");
    if wanted("perft") {
        let start = xiangqi_board::Position::new();
        let (t, nodes) = best_of(runs, || xiangqi_board::perft(&start, depth));
        emit(line("perft-xiangqi", "kifu perft", nodes, t));
        let start = shogi_board::Position::new();
        let (t, nodes) = best_of(runs, || shogi_board::perft(&start, depth));
        emit(line("perft-shogi", "kifu perft", nodes, t));
    }
    let xq_path = root.join("testdata/xiangqi/xiangqi-games.jsonl");
    let sh_path = root.join("testdata/shogi/shogi-games.jsonl");
    if wanted("write") {
        let xq = load(&xq_path, "start_fen", &["moves_iccs", "wxf"])?;
        let (_, differ) = write_wxf(&xq, true)?;
        let (t, r) = best_of(runs, || write_wxf(&xq, false));
        let mut v = line("write-wxf", "kifu wxf-notation (wxr2018 style)", r?.0, t);
        v["differ"] = json!(differ);
        emit(v);
        let sh = load(&sh_path, "start_sfen", &["moves_usi", "hodges"])?;
        let (_, differ) = write_hodges(&sh, true)?;
        let (t, r) = best_of(runs, || write_hodges(&sh, false));
        let mut v = line("write-hodges", "kifu psn (short form)", r?.0, t);
        v["differ"] = json!(differ);
        emit(v);
    }
    if wanted("read") {
        let mut sh = load(&sh_path, "start_sfen", &["moves_usi", "hodges"])?;
        with_long_form(&mut sh)?;
        let (t, r) = best_of(runs, || read_shogi(&Usi, &sh, "moves_usi"));
        emit(line("read-usi", "kifu psn::Usi", r?, t));
        let (t, r) = best_of(runs, || read_shogi(&Psn::SHORT, &sh, "hodges"));
        emit(line("read-psn", "kifu psn (short form)", r?, t));
        let (t, r) = best_of(runs, || read_shogi(&Psn::LONG, &sh, "long"));
        emit(line("read-psn-long", "kifu psn (long form)", r?, t));
        let xq = load(&xq_path, "start_fen", &["wxf_std", "san", "moves_iccs"])?;
        let wxf = Wxf::new(Language::English).with_sideways(Sideways::Equals);
        let (t, r) = best_of(runs, || read_xiangqi(&wxf, &xq, "wxf_std"));
        emit(line("read-wxf", "kifu wxf-notation", r?, t));
        let (t, r) = best_of(runs, || read_xiangqi(&Algebraic::ENGLISH, &xq, "san"));
        emit(line("read-algebraic", "kifu iccs-algebraic", r?, t));
        let (t, r) = best_of(runs, || read_xiangqi(&Iccs::ENGINE, &xq, "moves_iccs"));
        emit(line("read-iccs", "kifu iccs-algebraic", r?, t));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(file: &str, start: &str, columns: &[&str]) -> Vec<Game> {
        load(&crate::root().join(file), start, columns).expect("fixture games")
    }

    #[test]
    fn kifu_writes_what_pyffish_writes() {
        let xq = games(
            "testdata/xiangqi/xiangqi-games.jsonl",
            "start_fen",
            &["moves_iccs", "wxf"],
        );
        assert_eq!(write_wxf(&xq, true), Ok((28_850, 0)));
        let sh = games(
            "testdata/shogi/shogi-games.jsonl",
            "start_sfen",
            &["moves_usi", "hodges"],
        );
        assert_eq!(write_hodges(&sh, true), Ok((36_295, 0)));
    }

    #[test]
    fn every_read_line_reads_every_fixture_move() {
        let mut sh = games(
            "testdata/shogi/shogi-games.jsonl",
            "start_sfen",
            &["moves_usi", "hodges"],
        );
        with_long_form(&mut sh).expect("long form");
        for (column, n) in [
            ("moves_usi", read_shogi(&Usi, &sh, "moves_usi")),
            ("hodges", read_shogi(&Psn::SHORT, &sh, "hodges")),
            ("long", read_shogi(&Psn::LONG, &sh, "long")),
        ] {
            assert_eq!(n, Ok(36_295), "{column}");
        }
        let xq = games(
            "testdata/xiangqi/xiangqi-games.jsonl",
            "start_fen",
            &["wxf_std", "san", "moves_iccs"],
        );
        let wxf = Wxf::new(Language::English).with_sideways(Sideways::Equals);
        assert_eq!(read_xiangqi(&wxf, &xq, "wxf_std"), Ok(28_850));
        assert_eq!(read_xiangqi(&Algebraic::ENGLISH, &xq, "san"), Ok(28_850));
        assert_eq!(read_xiangqi(&Iccs::ENGINE, &xq, "moves_iccs"), Ok(28_850));
    }
}
