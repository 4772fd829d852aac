//! `cargo xtask bench`: kifu side by side with the programs users would otherwise pick, in one
//! run on one machine, as one table (kifu's figure, the reference's figure, the ratio).
//!
//! 1. `cargo build --release -p kifu -p xtask --features xtask/peers` (with the cargo that runs
//!    the xtask; without the feature when the peer crates cannot be had);
//! 2. kifu's figures: `target/release/xtask measure` (see measure.rs), timed in process; the perft
//!    lines there also run the perft peers in the same rounds (Pikafish, YaneuraOu and
//!    Fairy-Stockfish by path from `KIFU_BENCH_PIKAFISH`, `KIFU_BENCH_YANEURAOU`,
//!    `KIFU_BENCH_FAIRY_STOCKFISH`, "not run" when absent; the Rust crates of the `peers`
//!    feature), at `--depth` and one ply deeper, and print their own table;
//! 3. `kifu convert` on large files generated here from the fixture games (in target/bench,
//!    never committed): wall time of the process and its peak memory (`/usr/bin/time -v`);
//! 4. the references, where installed: xtask/bench/refs.py (pyffish `get_san_moves`, cshogi
//!    `move_from_usi` + `is_legal` + `push`; its Fairy-Stockfish perft is not used, measure.rs
//!    runs that engine beside the others);
//! 5. the Python package beside cshogi and pyffish, in Python (group `python`):
//!    crates/python/bench.py with the `.venv` of README's Python section, "not run" without it.
//!
//! Every figure is the best (fastest) of `--runs` runs. `--criterion` runs the criterion benches
//! of every crate instead (`cargo bench --workspace`).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::measure::{self, Game};

/// What `cargo xtask bench` was asked.
#[derive(Debug)]
pub(crate) struct Options {
    /// Runs per figure; the best is kept.
    pub(crate) runs: usize,
    /// The perft depth.
    pub(crate) depth: u32,
    /// The size of each generated convert input, in MB.
    pub(crate) size_mb: usize,
    /// The groups to run (perft, write, read, records, convert); all when empty.
    pub(crate) only: Vec<String>,
    /// Leave out the references.
    pub(crate) no_refs: bool,
    /// Run the criterion benches instead, with these arguments.
    pub(crate) criterion: Option<Vec<String>>,
    /// Arguments given without `--criterion` (an error).
    pub(crate) extra: Vec<String>,
}

/// One row of the table.
struct Row {
    key: &'static str,
    what: &'static str,
    unit: &'static str,
}

/// The rows, in order. Keys are those of measure.rs and refs.py.
const ROWS: [Row; 29] = [
    Row {
        key: "write-wxf",
        what: "write WXF from ICCS, xiangqi fixture games",
        unit: "moves/s",
    },
    Row {
        key: "write-hodges",
        what: "write Hodges (PSN short) from USI, shogi fixture games",
        unit: "moves/s",
    },
    Row {
        key: "read-usi",
        what: "read and check USI, shogi fixture games",
        unit: "moves/s",
    },
    Row {
        key: "read-psn",
        what: "read and check PSN short (Hodges), shogi fixture games",
        unit: "moves/s",
    },
    Row {
        key: "read-psn-long",
        what: "read and check PSN long form, shogi fixture games",
        unit: "moves/s",
    },
    Row {
        key: "read-kif",
        what: "read and check KIF moves, shogi fixture games",
        unit: "moves/s",
    },
    Row {
        key: "read-ki2",
        what: "read and check KI2 moves, shogi fixture games",
        unit: "moves/s",
    },
    Row {
        key: "read-csa",
        what: "read and check CSA moves, shogi fixture games",
        unit: "moves/s",
    },
    Row {
        key: "record-kif",
        what: "read and check KIF records (kifu-records), shogi fixture games",
        unit: "moves/s",
    },
    Row {
        key: "record-csa",
        what: "read and check CSA records (kifu-records), shogi fixture games",
        unit: "moves/s",
    },
    Row {
        key: "record-usi-100",
        what: "read a USI record of 100 plies (kifu-records)",
        unit: "moves/s",
    },
    Row {
        key: "record-usi-200",
        what: "read a USI record of 200 plies (kifu-records)",
        unit: "moves/s",
    },
    Row {
        key: "record-usi-400",
        what: "read a USI record of 400 plies (kifu-records)",
        unit: "moves/s",
    },
    Row {
        key: "record-usi-800",
        what: "read a USI record of 800 plies (kifu-records)",
        unit: "moves/s",
    },
    Row {
        key: "record-faults-100",
        what: "read a USI record of 100 plies, a fault every 10 (kifu-records, no repair)",
        unit: "moves/s",
    },
    Row {
        key: "record-faults-200",
        what: "read a USI record of 200 plies, a fault every 10 (kifu-records, no repair)",
        unit: "moves/s",
    },
    Row {
        key: "record-faults-400",
        what: "read a USI record of 400 plies, a fault every 10 (kifu-records, no repair)",
        unit: "moves/s",
    },
    Row {
        key: "record-faults-800",
        what: "read a USI record of 800 plies, a fault every 10 (kifu-records, no repair)",
        unit: "moves/s",
    },
    Row {
        key: "read-wxf",
        what: "read and check WXF, xiangqi fixture games",
        unit: "moves/s",
    },
    Row {
        key: "read-algebraic",
        what: "read and check algebraic, xiangqi fixture games",
        unit: "moves/s",
    },
    Row {
        key: "read-iccs",
        what: "read and check ICCS, xiangqi fixture games",
        unit: "moves/s",
    },
    Row {
        key: "convert-xiangqi",
        what: "`kifu convert` WXF PGN to ICCS, `--jobs 1`",
        unit: "moves/s",
    },
    Row {
        key: "convert-xiangqi-jobs2",
        what: "`kifu convert` WXF PGN to ICCS, `--jobs 2`",
        unit: "moves/s",
    },
    Row {
        key: "check-xiangqi",
        what: "`kifu check` WXF PGN, `--jobs 1`",
        unit: "moves/s",
    },
    Row {
        key: "check-xiangqi-jobs2",
        what: "`kifu check` WXF PGN, `--jobs 2`",
        unit: "moves/s",
    },
    Row {
        key: "convert-shogi",
        what: "`kifu convert` PSN to USI, `--jobs 1`",
        unit: "moves/s",
    },
    Row {
        key: "convert-shogi-jobs2",
        what: "`kifu convert` PSN to USI, `--jobs 2`",
        unit: "moves/s",
    },
    Row {
        key: "check-shogi",
        what: "`kifu check` PSN, `--jobs 1`",
        unit: "moves/s",
    },
    Row {
        key: "check-shogi-jobs2",
        what: "`kifu check` PSN, `--jobs 2`",
        unit: "moves/s",
    },
];

/// The cargo that runs the xtask.
fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned())
}

/// The target directory.
fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| crate::root().join("target"), PathBuf::from)
}

/// Runs the side-by-side benchmarks (or the criterion benches) and prints the table.
pub(crate) fn run(o: &Options) -> Result<(), String> {
    match &o.criterion {
        Some(args) => return criterion(args),
        None if !o.extra.is_empty() => {
            return Err(format!(
                "unexpected arguments {:?}: bench filters go with --criterion",
                o.extra
            ));
        }
        None => {}
    }
    let wanted = |group: &str| o.only.is_empty() || o.only.iter().any(|g| g == group);
    eprintln!("bench: building kifu and the measuring xtask (with its perft peers) in release");
    let build = |features: &[&str]| {
        Command::new(cargo())
            .current_dir(crate::root())
            .args(["build", "--release", "-p", "kifu", "-p", "xtask"])
            .args(features)
            .status()
            .map_err(|e| format!("cannot run cargo build: {e}"))
    };
    if !build(&["--features", "xtask/peers"])?.success() {
        eprintln!("bench: the peer crates did not build; building without them");
        let status = build(&[])?;
        if !status.success() {
            return Err(format!("cargo build --release failed: {status}"));
        }
    }
    let release = target_dir().join("release");
    let mut results: Vec<Value> = Vec::new();
    let groups: Vec<&str> = ["perft", "write", "read", "records"]
        .into_iter()
        .filter(|g| wanted(g))
        .collect();
    if !groups.is_empty() {
        eprintln!("bench: kifu ({}), best of {}", groups.join(", "), o.runs);
        let out = Command::new(release.join("xtask"))
            .args(["measure", "--runs", &o.runs.to_string()])
            .args(["--depth", &o.depth.to_string()])
            .args(["--only", &groups.join(",")])
            .env("KIFU_BENCH_NO_PEERS", if o.no_refs { "1" } else { "" })
            .stderr(Stdio::inherit())
            .output()
            .map_err(|e| format!("cannot run the release xtask: {e}"))?;
        if !out.status.success() {
            return Err(format!("xtask measure failed: {}", out.status));
        }
        results.extend(json_lines(&String::from_utf8_lossy(&out.stdout), "kifu"));
    }
    if wanted("convert") {
        results.extend(convert(&release.join("kifu"), o)?);
    }
    let ref_groups: Vec<&str> = groups.iter().copied().filter(|&g| g != "perft").collect();
    if !o.no_refs && !ref_groups.is_empty() {
        eprintln!(
            "bench: references ({}), best of {}",
            ref_groups.join(", "),
            o.runs
        );
        results.extend(references(o, &ref_groups));
    }
    let head = header(o);
    if groups.contains(&"perft") {
        println!("{}", perft_table(&results, &head));
    }
    if results.iter().any(|v| v.get("program").is_none()) {
        println!("{}", table(&results, &head));
    }
    if wanted("python") {
        python(o)?;
    }
    Ok(())
}

/// The Python package's benchmark (crates/python/bench.py), run by the `.venv` of README's
/// Python section, which has the package installed (and cshogi and pyffish where installed).
fn python(o: &Options) -> Result<(), String> {
    let root = crate::root();
    let python = root.join(".venv/bin/python");
    if !python.exists() {
        eprintln!(
            "bench: python: not run: no .venv (README's Python section makes it and installs kifu)"
        );
        return Ok(());
    }
    eprintln!("bench: the Python package, best of {}", o.runs);
    let status = Command::new(&python)
        .arg(root.join("crates/python/bench.py"))
        .args(["--rounds", &o.runs.to_string()])
        .status()
        .map_err(|e| format!("cannot run {}: {e}", python.display()))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("crates/python/bench.py failed: {status}"))
    }
}

/// `cargo bench --workspace -- args`.
fn criterion(args: &[String]) -> Result<(), String> {
    let status = Command::new(cargo())
        .current_dir(crate::root())
        .args(["bench", "--workspace", "--"])
        .args(args)
        .status()
        .map_err(|e| format!("cannot run cargo bench: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("cargo bench failed: {status}"))
    }
}

/// The JSON objects of `text` (one a line), each marked with `side`.
fn json_lines(text: &str, side: &str) -> Vec<Value> {
    text.lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v.is_object())
        .map(|mut v| {
            v["side"] = Value::from(side);
            v
        })
        .collect()
}

/// Runs xtask/bench/refs.py; a missing Python gives "missing" lines.
fn references(o: &Options, groups: &[&str]) -> Vec<Value> {
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_owned());
    let root = crate::root();
    let script = root.join("xtask/bench/refs.py");
    let out = Command::new(&python)
        .arg(&script)
        .arg("--root")
        .arg(&root)
        .args(["--runs", &o.runs.to_string()])
        .args(["--depth", &o.depth.to_string()])
        .args(["--only", &groups.join(",")])
        .stderr(Stdio::inherit())
        .output();
    match out {
        Ok(out) => {
            if !out.status.success() {
                eprintln!("bench: {} exited with {}", script.display(), out.status);
            }
            json_lines(&String::from_utf8_lossy(&out.stdout), "reference")
        }
        Err(e) => ROWS
            .iter()
            .map(|r| {
                serde_json::json!({
                    "line": r.key, "side": "reference", "missing": format!("{python}: {e}")
                })
            })
            .collect(),
    }
}

/// The large inputs of the convert lines: the fixture games as a WXF PGN file and as a PSN
/// file, repeated to at least `bytes` each. Returns (path, games, plies) for each.
pub(crate) fn large_inputs(
    dir: &Path,
    bytes: usize,
) -> Result<[(PathBuf, usize, usize); 2], String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let root = crate::root();
    let xq = measure::load(
        &root.join("testdata/xiangqi/xiangqi-games.jsonl"),
        "start_fen",
        &["wxf_std"],
    )?;
    let sh = measure::load(
        &root.join("testdata/shogi/shogi-games.jsonl"),
        "start_sfen",
        &["hodges"],
    )?;
    let one = |text: String, name: &str, games: &[Game], column: &str| {
        let plies: usize = games.iter().map(|g| g.moves(column).len()).sum();
        let copies = bytes.div_ceil(text.len().max(1)).max(1);
        let path = dir.join(name);
        std::fs::write(&path, text.repeat(copies))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        Ok::<_, String>((path, games.len() * copies, plies * copies))
    };
    Ok([
        one(xiangqi_pgn(&xq), "convert-xiangqi.pgn", &xq, "wxf_std")?,
        one(shogi_psn(&sh), "convert-shogi.psn", &sh, "hodges")?,
    ])
}

/// The xiangqi games as PGN in WXF (the `wxf_std` column, sideways written `.`).
fn xiangqi_pgn(games: &[Game]) -> String {
    let mut s = String::new();
    for (i, g) in games.iter().enumerate() {
        let fields: Vec<&str> = g.start().split_whitespace().collect();
        let black = fields.get(1) == Some(&"b");
        let mut number: u32 = fields.get(5).and_then(|n| n.parse().ok()).unwrap_or(1);
        let _ = write!(
            s,
            "[Game \"Chinese Chess\"]\n[Event \"bench {i}\"]\n[FEN \"{}\"]\n[Format \"WXF\"]\n\n",
            g.start()
        );
        let moves: Vec<String> = g
            .moves("wxf_std")
            .iter()
            .map(|m| m.replace('=', "."))
            .collect();
        let mut rest = &moves[..];
        if black && let Some((first, tail)) = rest.split_first() {
            let _ = writeln!(s, "{number}. ... {first}");
            number += 1;
            rest = tail;
        }
        for pair in rest.chunks(2) {
            let _ = writeln!(s, "{number}. {}", pair.join(" "));
            number += 1;
        }
        s.push_str("*\n\n");
    }
    s
}

/// The shogi games as PSN in the short form (the `hodges` column), one numbered move a line.
fn shogi_psn(games: &[Game]) -> String {
    let mut s = String::new();
    for (i, g) in games.iter().enumerate() {
        let first: u32 = g
            .start()
            .split_whitespace()
            .nth(3)
            .and_then(|n| n.parse().ok())
            .unwrap_or(1);
        let _ = write!(s, "[Event \"bench {i}\"]\n[SFEN \"{}\"]\n\n", g.start());
        for (n, m) in (first..).zip(g.moves("hodges")) {
            let _ = writeln!(s, "{n}.{m}");
        }
        s.push_str("*\n\n");
    }
    s
}

/// The peak resident memory in kB from `/usr/bin/time -v` output.
pub(crate) fn peak_kb(time_output: &str) -> Option<u64> {
    time_output.lines().find_map(|l| {
        l.trim()
            .strip_prefix("Maximum resident set size (kbytes):")
            .and_then(|n| n.trim().parse().ok())
    })
}

/// `kifu convert` on each large input, best of `o.runs`: wall time and peak memory.
fn convert(kifu: &Path, o: &Options) -> Result<Vec<Value>, String> {
    let dir = target_dir().join("bench");
    let inputs = large_inputs(&dir, o.size_mb * 1_000_000)?;
    let time = Path::new("/usr/bin/time");
    let mut out = Vec::new();
    // Each input converted and checked, on one thread and on two (the letters or the PSN
    // dialect still detected: only the notation is given).
    let runs = inputs
        .iter()
        .zip([("xiangqi", "wxf", "iccs"), ("shogi", "psn", "usi")])
        .flat_map(|(input, (game, from, to))| {
            [("convert", Some(to)), ("check", None)]
                .into_iter()
                .flat_map(move |(command, to)| {
                    [1usize, 2].into_iter().map(move |jobs| {
                        let key = match jobs {
                            1 => format!("{command}-{game}"),
                            _ => format!("{command}-{game}-jobs{jobs}"),
                        };
                        (input, (key, command, from, to, jobs))
                    })
                })
        });
    for ((input, games, plies), (key, command, from, to, jobs)) in runs {
        let size = std::fs::metadata(input).map_or(0, |m| m.len());
        eprintln!(
            "bench: {key}: {} ({:.0} MB, {games} games, {plies} plies), best of {}",
            input.display(),
            size as f64 / 1e6,
            o.runs
        );
        let output = dir.join(format!("{key}.out"));
        let log = dir.join(format!("{key}.log"));
        let mut best: Option<(Duration, Option<u64>)> = None;
        for _ in 0..o.runs.max(1) {
            let mut cmd = if time.exists() {
                let mut c = Command::new(time);
                c.arg("-v").arg(kifu);
                c
            } else {
                Command::new(kifu)
            };
            cmd.args([command, "--from", from, "--jobs", &jobs.to_string()]);
            if let Some(to) = to {
                cmd.args(["--to", to]);
            }
            cmd.arg(input).stdout(file(&output)?).stderr(file(&log)?);
            let start = Instant::now();
            let status = cmd
                .status()
                .map_err(|e| format!("cannot run {}: {e}", kifu.display()))?;
            let wall = start.elapsed();
            let text = std::fs::read_to_string(&log).unwrap_or_default();
            let summary = match to {
                Some(_) => format!("{games} games read, {games} converted, 0 with errors"),
                None => format!("{games} games read, 0 with errors"),
            };
            if !status.success() || !text.contains(&summary) {
                return Err(format!(
                    "kifu {command} failed on {} ({status}); see {}",
                    input.display(),
                    log.display()
                ));
            }
            let peak = peak_kb(&text);
            if best.is_none_or(|(t, _)| wall < t) {
                best = Some((wall, peak));
            }
        }
        let (wall, peak) = best.expect("at least one run");
        out.push(serde_json::json!({
            "line": key,
            "side": "kifu",
            "per_second": *plies as f64 / wall.as_secs_f64(),
            "work": plies,
            "seconds": wall.as_secs_f64(),
            "bytes": size,
            "peak_kb": peak,
        }));
    }
    Ok(out)
}

/// A new file for a child's output.
fn file(path: &Path) -> Result<std::fs::File, String> {
    std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// A rate with an SI prefix: `59.1 M`.
pub(crate) fn si(x: f64) -> String {
    if x >= 1e9 {
        format!("{:.2} G", x / 1e9)
    } else if x >= 1e6 {
        format!("{:.1} M", x / 1e6)
    } else if x >= 1e3 {
        format!("{:.1} k", x / 1e3)
    } else {
        format!("{x:.0}")
    }
}

/// The machine, toolchain and date line above the table.
fn header(o: &Options) -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines().find_map(|l| {
                l.strip_prefix("model name")
                    .map(|r| r.trim_start_matches([' ', '\t', ':']).to_owned())
            })
        })
        .unwrap_or_else(|| "unknown CPU".to_owned());
    let cores = std::thread::available_parallelism().map_or(0, usize::from);
    let command = |program: &str, args: &[&str]| {
        Command::new(program)
            .args(args)
            .output()
            .ok()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
            .filter(|s| !s.is_empty())
    };
    let rustc = command(
        &std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned()),
        &["--version"],
    )
    .unwrap_or_else(|| "rustc".to_owned());
    let date = command("date", &["-u", "+%Y-%m-%d"]).unwrap_or_default();
    let flags = std::env::var("RUSTFLAGS")
        .ok()
        .filter(|f| !f.trim().is_empty())
        .map_or_else(
            || "default target CPU".to_owned(),
            |f| format!("RUSTFLAGS=\"{}\"", f.trim()),
        );
    let load = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().map(str::to_owned))
        .map_or_else(String::new, |l| format!(", load {l} at the end"));
    format!(
        "{date}, {cpu}, {cores} cores, {rustc}, release build ({flags}); best of {} runs each, \
         one thread{load}",
        o.runs
    )
}

/// The perft table (Markdown): for each game and depth, kifu counting the last ply in bulk and
/// building every leaf move, then each peer with kifu's ratio to it both ways.
pub(crate) fn perft_table(results: &[Value], header: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{header}\n");
    let _ = writeln!(
        s,
        "| perft, start position | nodes | program | nodes/s | kifu bulk / it | kifu built / it |"
    );
    let _ = writeln!(s, "|---|---:|---|---:|---:|---:|");
    let perft: Vec<&Value> = results
        .iter()
        .filter(|v| v.get("program").is_some())
        .collect();
    let rate = |v: &Value| v["per_second"].as_f64();
    let kifu = |v: &Value, counting: &str| {
        perft
            .iter()
            .find(|k| {
                k["game"] == v["game"]
                    && k["depth"] == v["depth"]
                    && k["program"] == "kifu"
                    && k["counting"] == counting
            })
            .and_then(|k| rate(k))
    };
    for v in &perft {
        let what = format!(
            "{}, depth {}",
            v["game"].as_str().unwrap_or_default(),
            v["depth"]
        );
        let nodes = v["work"].as_u64().map_or_else(|| "–".to_owned(), thousands);
        let program = match (v["program"].as_str(), v["counting"].as_str()) {
            (Some("kifu"), Some("bulk")) => "kifu, last ply counted in bulk".to_owned(),
            (Some("kifu"), Some(_)) => "kifu, every leaf move built".to_owned(),
            (Some(p), _) => p.to_owned(),
            (None, _) => "?".to_owned(),
        };
        let (cell, ratios) = match (v.get("missing").and_then(Value::as_str), rate(v)) {
            (Some(why), _) => (format!("not run: {why}"), ["–".to_owned(), "–".to_owned()]),
            (None, Some(r)) if v["program"] != "kifu" => (
                format!("{} nodes/s", si(r)),
                ["bulk", "built"].map(|c| {
                    kifu(v, c).map_or_else(|| "–".to_owned(), |k| format!("{:.2}", k / r))
                }),
            ),
            (None, r) => (
                r.map_or_else(|| "–".to_owned(), |r| format!("{} nodes/s", si(r))),
                ["–".to_owned(), "–".to_owned()],
            ),
        };
        let _ = writeln!(
            s,
            "| {what} | {nodes} | {program} | {cell} | {} | {} |",
            ratios[0], ratios[1]
        );
    }
    s
}

/// `1234567` as `1,234,567`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The table (Markdown): one line per row that has a figure on either side.
pub(crate) fn table(results: &[Value], header: &str) -> String {
    let find = |key: &str, side: &str| {
        results
            .iter()
            .find(|v| v["line"] == key && v["side"] == side)
    };
    let rate = |v: &Value| v["per_second"].as_f64();
    let mut s = String::new();
    let _ = writeln!(s, "{header}\n");
    let _ = writeln!(s, "| line | kifu | reference | ratio | reference program |");
    let _ = writeln!(s, "|---|---:|---:|---:|---|");
    for row in &ROWS {
        let kifu = find(row.key, "kifu");
        let reference = find(row.key, "reference");
        if kifu.is_none() && reference.is_none() {
            continue;
        }
        let mut kifu_cell = kifu
            .and_then(rate)
            .map_or_else(|| "–".to_owned(), |r| format!("{} {}", si(r), row.unit));
        if let Some(kb) = kifu.and_then(|v| v["peak_kb"].as_u64()) {
            let _ = write!(kifu_cell, ", peak {:.1} MB", kb as f64 / 1024.0);
        }
        let (ref_cell, program) = match reference {
            Some(v) if v.get("missing").is_some() => (
                "–".to_owned(),
                format!("not run: {}", v["missing"].as_str().unwrap_or("missing")),
            ),
            Some(v) => (
                rate(v).map_or_else(|| "–".to_owned(), |r| format!("{} {}", si(r), row.unit)),
                v["reference"].as_str().unwrap_or_default().to_owned(),
            ),
            None => ("–".to_owned(), "(none)".to_owned()),
        };
        let ratio = match (kifu.and_then(rate), reference.and_then(rate)) {
            (Some(k), Some(r)) if r > 0.0 => format!("{:.2}", k / r),
            _ => "–".to_owned(),
        };
        let mut what = row.what.to_owned();
        if let Some(v) = kifu {
            if let Some(bytes) = v["bytes"].as_u64() {
                let _ = write!(
                    what,
                    " ({:.0} MB, {} plies)",
                    bytes as f64 / 1e6,
                    v["work"].as_u64().unwrap_or_default()
                );
            }
            if let Some(d) = v["differ"].as_u64().filter(|&d| d > 0) {
                let _ = write!(what, " ({d} moves written unlike the reference)");
            }
        }
        let _ = writeln!(
            s,
            "| {what} | {kifu_cell} | {ref_cell} | {ratio} | {program} |"
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_table_has_a_ratio_where_both_sides_ran() {
        let results = vec![
            json!({"line": "read-psn", "side": "kifu", "per_second": 150e6, "work": 19_861_490}),
            json!({"line": "read-psn", "side": "reference", "per_second": 10e6,
                   "reference": "pyffish 0.0.88"}),
            json!({"line": "read-usi", "side": "kifu", "per_second": 9.5e6}),
            json!({"line": "read-usi", "side": "reference", "missing": "cshogi not installed"}),
            json!({"line": "convert-shogi", "side": "kifu", "per_second": 2e6, "bytes": 64_000_000,
                   "work": 6_000_000, "peak_kb": 4096}),
        ];
        let t = table(&results, "header");
        assert!(
            t.contains("| read and check PSN short (Hodges), shogi fixture games | 150.0 M moves/s | 10.0 M moves/s | 15.00 | pyffish 0.0.88 |"),
            "{t}"
        );
        assert!(
            t.contains("| 9.5 M moves/s | – | – | not run: cshogi not installed |"),
            "{t}"
        );
        assert!(
            t.contains("(64 MB, 6000000 plies) | 2.0 M moves/s, peak 4.0 MB |"),
            "{t}"
        );
        assert!(
            !t.contains("xiangqi"),
            "rows without figures are left out: {t}"
        );
    }

    #[test]
    fn the_perft_table_has_both_ratios_for_each_peer() {
        let line = |program: &str, counting: &str, rate: f64| {
            json!({"line": "perft-xiangqi", "game": "xiangqi", "depth": 5, "program": program,
                   "counting": counting, "per_second": rate, "work": 133_312_995})
        };
        let results = vec![
            line("kifu", "bulk", 300e6),
            line("kifu", "built", 200e6),
            line("Pikafish 2026", "peer", 100e6),
            json!({"line": "perft-xiangqi", "game": "xiangqi", "depth": 5,
                   "program": "YaneuraOu", "missing": "KIFU_BENCH_YANEURAOU not set"}),
        ];
        let t = perft_table(&results, "header");
        assert!(
            t.contains("| xiangqi, depth 5 | 133,312,995 | kifu, last ply counted in bulk | 300.0 M nodes/s | – | – |"),
            "{t}"
        );
        assert!(
            t.contains(
                "| xiangqi, depth 5 | 133,312,995 | Pikafish 2026 | 100.0 M nodes/s | 3.00 | 2.00 |"
            ),
            "{t}"
        );
        assert!(
            t.contains("| YaneuraOu | not run: KIFU_BENCH_YANEURAOU not set | – | – |"),
            "{t}"
        );
        assert_eq!(thousands(5_499_150_800), "5,499,150,800");
        assert_eq!(thousands(44), "44");
    }

    #[test]
    fn peak_memory_is_read_from_time_v() {
        let text =
            "\tCommand being timed: \"kifu convert\"\n\tMaximum resident set size (kbytes): 3972\n";
        assert_eq!(peak_kb(text), Some(3972));
        assert_eq!(peak_kb("nothing"), None);
    }

    #[test]
    fn rates_get_si_prefixes() {
        assert_eq!(si(59_123_456.0), "59.1 M");
        assert_eq!(si(52_212.7), "52.2 k");
        assert_eq!(si(1.5e9), "1.50 G");
        assert_eq!(si(12.0), "12");
    }

    #[test]
    fn the_large_inputs_repeat_the_fixture_games() {
        let dir = target_dir().join("bench-test");
        let [(xq, xq_games, xq_plies), (sh, sh_games, sh_plies)] =
            large_inputs(&dir, 1).expect("inputs");
        assert_eq!((xq_games, xq_plies), (300, 28_850));
        assert_eq!((sh_games, sh_plies), (300, 36_295));
        let pgn = std::fs::read_to_string(xq).expect("pgn");
        assert_eq!(pgn.matches("[FEN ").count(), 300);
        assert!(!pgn.contains('='), "sideways is written `.`");
        let psn = std::fs::read_to_string(sh).expect("psn");
        assert_eq!(psn.matches("[SFEN ").count(), 300);
        assert!(
            psn.contains("\n1.P-7f\n") || psn.contains("\n1.P-2f\n"),
            "{}",
            &psn[..200]
        );
    }
}
