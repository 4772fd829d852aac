//! kifu's side of `cargo xtask bench`: the same work as the references, timed in process with
//! [`Instant`], each figure the best (fastest) of a number of runs.
//!
//! Run from a release build (`cargo xtask bench` builds and starts `target/release/xtask
//! measure`); the lines it prints are JSON objects of the same shape as xtask/bench/refs.py's.
//!
//! What each line times, from data already in memory (the fixture games read from JSON first):
//! - `perft-*`: perft from the start position at `--depth` and one ply deeper, one thread, in
//!   interleaved rounds (kifu counting the last ply in bulk, kifu building every leaf move, then
//!   each peer, then again), the best of the rounds for each; every program's node count must be
//!   kifu's. The peers: the engines named by `KIFU_BENCH_PIKAFISH` (xiangqi, UCI),
//!   `KIFU_BENCH_YANEURAOU` (shogi, USI) and `KIFU_BENCH_FAIRY_STOCKFISH` (both games; default
//!   /usr/games/fairy-stockfish), timed from `go perft` to their `Nodes searched` line over
//!   pipes, and, with the `peers` feature, the Rust crates shunsai and haitaka (shogi) and
//!   chessai (xiangqi), called in process (none with `KIFU_BENCH_NO_PEERS` set, as `cargo xtask
//!   bench --no-refs` sets it). A peer that is missing gives a `missing` line;
//!   one other than Pikafish and YaneuraOu whose run one ply deeper would take over two minutes
//!   is left out there;
//! - `write-*`: for every game, its start position parsed from the FEN/SFEN text, then every
//!   coordinate move parsed from its text, written in WXF (xiangqi, Fairy-Stockfish's 2018
//!   spelling with `=`, as pyffish writes) or PSN short form (shogi, Hodges) and played;
//! - `read-*`: for every game, its start position parsed, then every move read from its text,
//!   checked (resolved to a legal move) and played;
//! - `record-*`: whole records read through the records library (see record_reads.rs).

use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

use iccs_algebraic::{Algebraic, Iccs};
use notation_traits::{MoveNotation, TextNotation};
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
/// with `notation`, each move after the one before it (KIF's `同` refers to it; the other
/// notations ignore it); returns the plies.
fn read_games<P, N>(notation: &N, games: &[Game], column: &str) -> Result<u64, String>
where
    P: notation_traits::Position + std::str::FromStr,
    P::Err: std::fmt::Display,
    N: MoveNotation<P>,
{
    let mut n = 0;
    for g in games {
        let mut pos: P = g.start.parse().map_err(|e| format!("{e}: {}", g.start))?;
        let mut previous = None;
        for text in g.moves(column) {
            let mv = notation
                .read_after(&pos, previous, text)
                .map_err(|e| format!("{column} `{text}`: {e}"))?
                .mv;
            pos.play_unchecked(mv);
            previous = Some(mv);
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

/// The shogi games with a column `name` written from `moves_usi` in `notation`, each move
/// after the one before it (KIF and KI2 write `同` for a move to the previous move's square).
fn with_column<N: MoveNotation<shogi_board::Position>>(
    games: &mut [Game],
    name: &str,
    notation: &N,
) -> Result<(), String> {
    for g in games.iter_mut() {
        let mut pos =
            shogi_board::Position::from_sfen(&g.start).map_err(|e| format!("{e}: {}", g.start))?;
        let mut previous = None;
        let mut written = Vec::new();
        for text in g.moves("moves_usi") {
            let mv: shogi_board::Move = text.parse().map_err(|e| format!("`{text}`: {e}"))?;
            written.push(notation.describe_after(&pos, previous, mv).to_string());
            pos.play_unchecked(mv);
            previous = Some(mv);
        }
        g.columns.push((name.to_owned(), written));
    }
    Ok(())
}

/// Every kifu measurement selected by `only` (all when empty), as JSON lines on stdout.
pub(crate) fn run(runs: usize, depth: u32, only: &[String]) -> Result<(), String> {
    let wanted = |group: &str| only.is_empty() || only.iter().any(|o| o == group);
    let root = crate::root();
    let emit = |v: Value| println!("{v}");
    if wanted("perft") {
        for v in perft_lines(runs, &[depth, depth + 1])? {
            emit(v);
        }
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
        with_column(&mut sh, "kif", &kif::KifNotation)?;
        with_column(&mut sh, "ki2", &kif::Ki2Notation)?;
        with_column(&mut sh, "csa", &csa::CsaNotation)?;
        let (t, r) = best_of(runs, || read_shogi(&kif::KifNotation, &sh, "kif"));
        emit(line("read-kif", "kifu shogi-kif (KIF moves)", r?, t));
        let (t, r) = best_of(runs, || read_shogi(&kif::Ki2Notation, &sh, "ki2"));
        emit(line("read-ki2", "kifu shogi-kif (KI2 moves)", r?, t));
        let (t, r) = best_of(runs, || read_shogi(&csa::CsaNotation, &sh, "csa"));
        emit(line("read-csa", "kifu shogi-csa (CSA moves)", r?, t));
        let xq = load(&xq_path, "start_fen", &["wxf_std", "san", "moves_iccs"])?;
        let wxf = Wxf::new(Language::English).with_sideways(Sideways::Equals);
        let (t, r) = best_of(runs, || read_xiangqi(&wxf, &xq, "wxf_std"));
        emit(line("read-wxf", "kifu wxf-notation", r?, t));
        let (t, r) = best_of(runs, || read_xiangqi(&Algebraic::ENGLISH, &xq, "san"));
        emit(line("read-algebraic", "kifu iccs-algebraic", r?, t));
        let (t, r) = best_of(runs, || read_xiangqi(&Iccs::ENGINE, &xq, "moves_iccs"));
        emit(line("read-iccs", "kifu iccs-algebraic", r?, t));
    }
    if wanted("records") {
        let sh = load(&sh_path, "start_sfen", &["moves_usi"])?;
        for v in crate::record_reads::lines(runs, &sh)? {
            emit(v);
        }
    }
    // Only when asked for by name: it writes inputs of up to 100 MB.
    if only.iter().any(|o| o == "growth") {
        for v in crate::growth::lines(&root.join("target/growth"))? {
            emit(v);
        }
    }
    Ok(())
}

/// The games perft is measured on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Variant {
    Xiangqi,
    Shogi,
}

impl Variant {
    fn name(self) -> &'static str {
        match self {
            Variant::Xiangqi => "xiangqi",
            Variant::Shogi => "shogi",
        }
    }
}

/// kifu's perft from the start position: the last ply counted in bulk, or (`built`) every leaf
/// move built into a move list.
fn kifu_perft(game: Variant, depth: u32, built: bool) -> u64 {
    match (game, built) {
        (Variant::Xiangqi, false) => xiangqi_board::perft(&xiangqi_board::Position::new(), depth),
        (Variant::Xiangqi, true) => {
            xiangqi_board::perft_built(&xiangqi_board::Position::new(), depth)
        }
        (Variant::Shogi, false) => shogi_board::perft(&shogi_board::Position::new(), depth),
        (Variant::Shogi, true) => shogi_board::perft_built(&shogi_board::Position::new(), depth),
    }
}

/// A UCI or USI engine over pipes, started once, one thread, at the start position.
struct Engine {
    name: String,
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: std::io::BufReader<std::process::ChildStdout>,
}

impl Engine {
    /// Starts `path` and sets it up for `game` (`variant`: Fairy-Stockfish's `UCI_Variant`).
    fn start(path: &Path, usi: bool, variant: Option<&str>) -> Result<Engine, String> {
        let mut child = std::process::Command::new(path)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let output = std::io::BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let mut e = Engine {
            name: path.display().to_string(),
            child,
            input,
            output,
        };
        let (hello, ok) = if usi {
            ("usi", "usiok")
        } else {
            ("uci", "uciok")
        };
        e.send(hello)?;
        for line in e.until(ok)? {
            if let Some(name) = line.strip_prefix("id name ") {
                e.name = name.trim().to_owned();
            }
        }
        e.send("setoption name Threads value 1")?;
        if let Some(v) = variant {
            e.send(&format!("setoption name UCI_Variant value {v}"))?;
        }
        e.send("position startpos")?;
        e.send("isready")?;
        e.until("readyok")?;
        Ok(e)
    }

    fn send(&mut self, text: &str) -> Result<(), String> {
        use std::io::Write as _;
        writeln!(self.input, "{text}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("{}: {e}", self.name))
    }

    /// The lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Result<Vec<String>, String> {
        use std::io::BufRead as _;
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            let n = self
                .output
                .read_line(&mut line)
                .map_err(|e| format!("{}: {e}", self.name))?;
            if n == 0 {
                return Err(format!("{} stopped before `{prefix}`", self.name));
            }
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return Ok(lines);
            }
        }
    }

    /// `go perft depth`: the time to its `Nodes searched` line and the count.
    fn perft(&mut self, depth: u32) -> Result<(Duration, u64), String> {
        let start = Instant::now();
        self.send(&format!("go perft {depth}"))?;
        let lines = self.until("Nodes searched")?;
        let time = start.elapsed();
        let last = lines.last().map_or("", String::as_str);
        let nodes = last
            .rsplit(|c: char| !c.is_ascii_digit())
            .find(|w| !w.is_empty())
            .and_then(|w| w.parse().ok())
            .ok_or_else(|| format!("{}: no count in `{}`", self.name, last.trim()))?;
        Ok((time, nodes))
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

/// A perft program besides kifu's.
enum Peer {
    Engine(Engine),
    /// A Rust crate called in process: its name and its perft (`depth` -> nodes).
    #[cfg_attr(not(feature = "peers"), allow(dead_code))]
    Crate(&'static str, fn(u32) -> u64),
}

impl Peer {
    fn name(&self) -> String {
        match self {
            Peer::Engine(e) => e.name.clone(),
            Peer::Crate(name, _) => (*name).to_owned(),
        }
    }

    fn perft(&mut self, depth: u32) -> Result<(Duration, u64), String> {
        match self {
            Peer::Engine(e) => e.perft(depth),
            Peer::Crate(_, run) => {
                let start = Instant::now();
                let nodes = black_box(run(black_box(depth)));
                Ok((start.elapsed(), nodes))
            }
        }
    }
}

/// The engine named by the environment variable `var` (or found at `default`), or why not.
fn engine_path(var: &str, default: Option<&str>) -> Result<std::path::PathBuf, String> {
    match std::env::var_os(var) {
        Some(p) if !p.is_empty() => Ok(p.into()),
        _ => default
            .map(std::path::PathBuf::from)
            .filter(|p| p.exists())
            .ok_or_else(|| format!("{var} not set")),
    }
}

/// The peers of `game`: each started, or the reason it is not (the name it would have).
fn peers(game: Variant) -> Vec<Result<Peer, (String, String)>> {
    // `cargo xtask bench --no-refs`: kifu alone.
    if std::env::var_os("KIFU_BENCH_NO_PEERS").is_some_and(|v| !v.is_empty()) {
        return Vec::new();
    }
    let fairy = engine_path(
        "KIFU_BENCH_FAIRY_STOCKFISH",
        Some("/usr/games/fairy-stockfish"),
    );
    let (own_var, own_name, usi) = match game {
        Variant::Xiangqi => ("KIFU_BENCH_PIKAFISH", "Pikafish", false),
        Variant::Shogi => ("KIFU_BENCH_YANEURAOU", "YaneuraOu", true),
    };
    let mut out = vec![
        engine_path(own_var, None)
            .and_then(|p| Engine::start(&p, usi, None))
            .map(Peer::Engine)
            .map_err(|e| (own_name.to_owned(), e)),
        fairy
            .and_then(|p| Engine::start(&p, false, Some(game.name())))
            .map(Peer::Engine)
            .map_err(|e| ("Fairy-Stockfish".to_owned(), e)),
    ];
    out.extend(rust_peers(game));
    out
}

/// The Rust crates with a perft, with the `peers` feature.
#[cfg(feature = "peers")]
fn rust_peers(game: Variant) -> Vec<Result<Peer, (String, String)>> {
    match game {
        Variant::Xiangqi => vec![Ok(Peer::Crate(
            "chessai 1.0.1 (Engine::legal_moves, make_move, undo_move)",
            rust_peers::chessai,
        ))],
        Variant::Shogi => vec![
            Ok(Peer::Crate(
                "shunsai 0.1.2 (leaf moves counted from their sets)",
                rust_peers::shunsai_bulk,
            )),
            Ok(Peer::Crate(
                "shunsai 0.1.2 (leaf moves built)",
                rust_peers::shunsai_built,
            )),
            Ok(Peer::Crate(
                "haitaka 0.3.2 (leaf moves counted from their sets)",
                rust_peers::haitaka_bulk,
            )),
        ],
    }
}

/// Without the `peers` feature: one line saying how to get them.
#[cfg(not(feature = "peers"))]
fn rust_peers(_game: Variant) -> Vec<Result<Peer, (String, String)>> {
    vec![Err((
        "Rust crates".to_owned(),
        "built without the xtask `peers` feature".to_owned(),
    ))]
}

/// The perft lines of both games at each of `depths`: for each depth, `runs` interleaved
/// rounds of kifu (bulk), kifu (leaf moves built) and every peer, the best of each kept. A
/// peer other than the dedicated engine (Pikafish, YaneuraOu) whose run one ply deeper would
/// take over two minutes (by its time here times the growth of kifu's count) is left out there.
fn perft_lines(runs: usize, depths: &[u32]) -> Result<Vec<Value>, String> {
    let mut out = Vec::new();
    for game in [Variant::Xiangqi, Variant::Shogi] {
        let mut started = peers(game);
        let mut last: Vec<Option<(f64, u64)>> = vec![None; started.len()];
        for &depth in depths {
            let key = format!("perft-{}", game.name());
            let mut kifu = [Duration::MAX; 2];
            let mut nodes = 0;
            let mut best: Vec<Option<Duration>> = vec![None; started.len()];
            for _ in 0..runs.max(1) {
                for (i, built) in [false, true].into_iter().enumerate() {
                    let start = Instant::now();
                    let n = black_box(kifu_perft(game, black_box(depth), built));
                    kifu[i] = kifu[i].min(start.elapsed());
                    if nodes != 0 && n != nodes {
                        return Err(format!("{key} depth {depth}: kifu counted {n} and {nodes}"));
                    }
                    nodes = n;
                }
                for (i, peer) in started.iter_mut().enumerate() {
                    let Ok(peer) = peer else { continue };
                    // The dedicated engine (the first peer) always runs.
                    if i > 0
                        && let Some((secs, n)) = last[i]
                        && secs * nodes as f64 / n as f64 > 120.0
                    {
                        continue;
                    }
                    let (t, n) = peer.perft(depth)?;
                    if n != nodes {
                        return Err(format!(
                            "{key} depth {depth}: {} counted {n} nodes, kifu {nodes}",
                            peer.name()
                        ));
                    }
                    best[i] = Some(best[i].map_or(t, |b| b.min(t)));
                }
            }
            let line = |program: String, counting: &str, t: Duration| {
                json!({
                    "line": key, "game": game.name(), "depth": depth, "program": program,
                    "counting": counting, "per_second": nodes as f64 / t.as_secs_f64(),
                    "work": nodes, "seconds": t.as_secs_f64(),
                })
            };
            out.push(line("kifu".to_owned(), "bulk", kifu[0]));
            out.push(line("kifu".to_owned(), "built", kifu[1]));
            for (i, peer) in started.iter().enumerate() {
                match (peer, best[i]) {
                    (Ok(p), Some(t)) => {
                        out.push(line(p.name(), "peer", t));
                        last[i] = Some((t.as_secs_f64(), nodes));
                    }
                    (Ok(p), None) => out.push(json!({
                        "line": key, "game": game.name(), "depth": depth, "program": p.name(),
                        "missing": "left out: over two minutes a run at this depth",
                    })),
                    (Err((name, why)), _) => out.push(json!({
                        "line": key, "game": game.name(), "depth": depth, "program": name,
                        "missing": why,
                    })),
                }
            }
        }
    }
    Ok(out)
}

/// The Rust peers' perft through their public APIs, from the start position.
#[cfg(feature = "peers")]
mod rust_peers {
    use std::ops::ControlFlow;

    /// shunsai: the last ply counted from the move sets.
    pub(super) fn shunsai_bulk(depth: u32) -> u64 {
        shunsai_walk(&mut shunsai::Position::startpos(), depth, false)
    }

    /// shunsai: every leaf move built into a vector.
    pub(super) fn shunsai_built(depth: u32) -> u64 {
        shunsai_walk(&mut shunsai::Position::startpos(), depth, true)
    }

    fn shunsai_walk(pos: &mut shunsai::Position, depth: u32, built: bool) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 && !built {
            let mut n = 0;
            let _ = pos.generate_moves(|set| {
                n += set.len() as u64;
                ControlFlow::Continue(())
            });
            return n;
        }
        let mut moves = Vec::with_capacity(600);
        let _ = pos.generate_moves(|set| {
            set.write_into(&mut moves);
            ControlFlow::Continue(())
        });
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut nodes = 0;
        for mv in moves {
            let undo = pos.do_move(mv);
            nodes += shunsai_walk(pos, depth - 1, built);
            pos.undo_move(mv, undo);
        }
        nodes
    }

    /// haitaka: the last ply counted from the move sets (its own example's bulk perft).
    pub(super) fn haitaka_bulk(depth: u32) -> u64 {
        haitaka_walk(&haitaka::Board::startpos(), depth)
    }

    fn haitaka_walk(board: &haitaka::Board, depth: u32) -> u64 {
        let mut nodes = 0;
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            board.generate_moves(|moves| {
                nodes += moves.into_iter().len() as u64;
                false
            });
            return nodes;
        }
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += haitaka_walk(&child, depth - 1);
            }
            false
        });
        nodes
    }

    /// chessai: its public API has no perft; legal moves as a vector, played with `make_move`
    /// (which checks the move again) and taken back.
    pub(super) fn chessai(depth: u32) -> u64 {
        let mut engine = chessai::Engine::builder()
            .hash_size(1)
            .use_book(false)
            .build();
        engine.reset_to_startpos();
        chessai_walk(&mut engine, depth)
    }

    fn chessai_walk(engine: &mut chessai::Engine, depth: u32) -> u64 {
        let moves = engine.legal_moves();
        if depth <= 1 {
            return if depth == 0 { 1 } else { moves.len() as u64 };
        }
        let mut nodes = 0;
        for mv in moves {
            if engine.make_move(mv) {
                nodes += chessai_walk(engine, depth - 1);
                engine.undo_move();
            }
        }
        nodes
    }
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
        with_column(&mut sh, "kif", &kif::KifNotation).expect("KIF");
        with_column(&mut sh, "ki2", &kif::Ki2Notation).expect("KI2");
        with_column(&mut sh, "csa", &csa::CsaNotation).expect("CSA");
        for (column, n) in [
            ("moves_usi", read_shogi(&Usi, &sh, "moves_usi")),
            ("hodges", read_shogi(&Psn::SHORT, &sh, "hodges")),
            ("long", read_shogi(&Psn::LONG, &sh, "long")),
            ("kif", read_shogi(&kif::KifNotation, &sh, "kif")),
            ("ki2", read_shogi(&kif::Ki2Notation, &sh, "ki2")),
            ("csa", read_shogi(&csa::CsaNotation, &sh, "csa")),
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
