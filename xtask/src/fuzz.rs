//! `cargo xtask fuzz SECONDS`: every cargo-fuzz target of fuzz/ for SECONDS each, two at a time,
//! from a seed corpus written here from testdata; a table of runs, speed and coverage; a failure
//! when any target crashed, hung or ran out of memory (its input is in fuzz/artifacts/TARGET/).
//!
//! Needs the nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`); the test suite does
//! not. The corpus (fuzz/corpus/) and artifacts (fuzz/artifacts/) are not committed: the seeds
//! are written again at every run, and what the fuzzer found is kept between runs.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;

use iccs_algebraic::{Algebraic, Iccs, IccsStyle};
use notation_traits::TextNotation;
use serde_json::Value;
use wxf_notation::{Chinese, ChineseStyle, Wxf};

use crate::root;

/// Every target of fuzz/Cargo.toml.
pub(crate) const TARGETS: [&str; 13] = [
    "wxf",
    "chinese",
    "iccs",
    "algebraic",
    "psn_move",
    "usi",
    "fen",
    "sfen",
    "pgn_file",
    "psn_file",
    "xiangqi_roundtrip",
    "shogi_roundtrip",
    "records_file",
];

/// `cargo +nightly fuzz build` and its flags: overflow checks on; no sanitizer, since kifu has
/// no `unsafe` code and AddressSanitizer would slow every run three times over.
const FUZZ_FLAGS_BUILD: [&str; 5] = [
    "+nightly",
    "fuzz",
    "build",
    "--debug-assertions",
    "--sanitizer=none",
];

/// How many seed games each move target gets.
const SEED_GAMES: usize = 60;

/// What one target's run gave.
#[derive(Debug)]
struct Outcome {
    target: &'static str,
    ok: bool,
    /// libFuzzer's last status line (`#123 DONE cov: ... exec/s: ...`).
    status: String,
    /// The input that failed, when one did.
    artifact: Option<String>,
}

/// Builds the targets, writes the seeds and runs every target (or those of `only`) for
/// `seconds`; then the command-line fuzzer (`cli`, [`crate::cli_fuzz`]), also when `only`
/// names it (alone, it needs no nightly).
pub(crate) fn run(seconds: u64, only: &[String]) -> Result<(), String> {
    let cli = only.is_empty() || only.iter().any(|o| o == "cli");
    let named: Vec<String> = only.iter().filter(|o| *o != "cli").cloned().collect();
    let libfuzzer = if only.is_empty() || !named.is_empty() {
        run_libfuzzer(seconds, &named)
    } else {
        Ok(())
    };
    let cli = if cli {
        crate::cli_fuzz::run(seconds)
    } else {
        Ok(())
    };
    libfuzzer.and(cli)
}

/// The libFuzzer targets of `only` (all when it is empty).
fn run_libfuzzer(seconds: u64, only: &[String]) -> Result<(), String> {
    let targets: Vec<&'static str> = if only.is_empty() {
        TARGETS.to_vec()
    } else {
        let unknown: Vec<&String> = only
            .iter()
            .filter(|t| !TARGETS.contains(&t.as_str()))
            .collect();
        if !unknown.is_empty() {
            return Err(format!(
                "unknown targets {unknown:?}: the targets are {TARGETS:?}"
            ));
        }
        TARGETS
            .into_iter()
            .filter(|t| only.iter().any(|o| o == t))
            .collect()
    };
    let fuzz = root().join("fuzz");
    let status = Command::new("cargo")
        .args(FUZZ_FLAGS_BUILD)
        .current_dir(root())
        .status()
        .map_err(|e| format!("cargo +nightly fuzz: {e}"))?;
    if !status.success() {
        return Err(
            "building the fuzz targets failed: it needs the nightly toolchain and \
                    cargo-fuzz (`cargo install cargo-fuzz`)"
                .into(),
        );
    }
    let seeds = write_seeds(&fuzz)?;
    eprintln!(
        "fuzz: {seeds} seed inputs written to fuzz/seeds/ (the corpus grows in fuzz/corpus/); {seconds} s per target, two at a time"
    );

    let mut outcomes = Vec::new();
    for pair in targets.chunks(2) {
        let handles: Vec<_> = pair
            .iter()
            .map(|&t| {
                let fuzz = fuzz.clone();
                thread::spawn(move || run_target(&fuzz, t, seconds))
            })
            .collect();
        for h in handles {
            outcomes.push(h.join().map_err(|_| "a fuzz thread panicked")??);
        }
    }

    println!("| target | result | libFuzzer's last status |");
    println!("|---|---|---|");
    for o in &outcomes {
        let result = if o.ok { "ok" } else { "FAILED" };
        println!("| {} | {result} | {} |", o.target, o.status);
    }
    let failed: Vec<&Outcome> = outcomes.iter().filter(|o| !o.ok).collect();
    if failed.is_empty() {
        Ok(())
    } else {
        for o in &failed {
            eprintln!(
                "{}: failed; input: {}",
                o.target,
                o.artifact.as_deref().unwrap_or("(none saved)")
            );
        }
        Err(format!(
            "{} of {} targets failed",
            failed.len(),
            outcomes.len()
        ))
    }
}

fn run_target(fuzz: &Path, target: &'static str, seconds: u64) -> Result<Outcome, String> {
    let corpus = fuzz.join("corpus").join(target);
    let seeds = fuzz.join("seeds").join(target);
    let out = Command::new("cargo")
        .args(["+nightly", "fuzz", "run"])
        .args(&FUZZ_FLAGS_BUILD[3..])
        .arg(target)
        .arg(&corpus)
        .arg(&seeds)
        .args([
            "--",
            &format!("-max_total_time={seconds}"),
            "-timeout=20",
            "-rss_limit_mb=2048",
            // Files up to 1 MB (issue 18: what broke was past 4 KB).
            if target.ends_with("_file") {
                "-max_len=1048576"
            } else {
                "-max_len=4096"
            },
            "-print_final_stats=0",
        ])
        .current_dir(fuzz.parent().unwrap_or(fuzz))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("cargo fuzz run {target}: {e}"))?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    let log = fuzz.join("artifacts").join(format!("{target}.log"));
    fs::create_dir_all(log.parent().unwrap_or(fuzz)).map_err(|e| e.to_string())?;
    fs::write(&log, stderr.as_bytes()).map_err(|e| format!("{}: {e}", log.display()))?;
    let status = stderr
        .lines()
        .rev()
        .find(|l| l.starts_with('#') && l.contains("cov:"))
        .unwrap_or("(no status line)")
        .trim()
        .to_owned();
    let artifact = stderr
        .lines()
        .find_map(|l| l.split_once("Test unit written to "))
        .map(|(_, p)| p.trim().to_owned());
    Ok(Outcome {
        target,
        ok: out.status.success(),
        status,
        artifact,
    })
}

/// Writes the seed inputs of every target to fuzz/seeds/TARGET/ (read only by the fuzzer; new
/// inputs go to fuzz/corpus/TARGET/). Returns how many were written.
pub(crate) fn write_seeds(fuzz: &Path) -> Result<usize, String> {
    let testdata = root().join("testdata");
    let read = |p: PathBuf| fs::read_to_string(&p).map_err(|e| format!("{}: {e}", p.display()));
    let xiangqi: Vec<Value> = read(testdata.join("xiangqi/xiangqi-games.jsonl"))?
        .lines()
        .map(serde_json::from_str)
        .collect::<Result<_, _>>()
        .map_err(|e| format!("xiangqi-games.jsonl: {e}"))?;
    let shogi: Vec<Value> = read(testdata.join("shogi/shogi-games.jsonl"))?
        .lines()
        .map(serde_json::from_str)
        .collect::<Result<_, _>>()
        .map_err(|e| format!("shogi-games.jsonl: {e}"))?;

    let mut seeds: Vec<(&str, String, Vec<u8>)> = Vec::new();
    // Move targets: games from the standard start, one move a line, written by kifu's writers
    // from the fixture's coordinate moves.
    let xiangqi_writers: [(&str, Box<dyn TextNotation<xiangqi_board::Position>>); 4] = [
        ("wxf", Box::new(Wxf::default())),
        ("chinese", Box::new(Chinese::new(ChineseStyle::Simplified))),
        ("iccs", Box::new(Iccs::new(IccsStyle::Engine))),
        ("algebraic", Box::new(Algebraic::default())),
    ];
    let standard = xiangqi_board::Position::new();
    for (i, game) in xiangqi.iter().enumerate().take(SEED_GAMES) {
        let start = game["start_fen"]
            .as_str()
            .and_then(|f| xiangqi_board::Position::from_fen(f).ok());
        if start != Some(standard) {
            continue;
        }
        for (target, writer) in &xiangqi_writers {
            let mut pos = standard;
            // The first byte chooses the notation of the target's group (fuzz/src/lib.rs):
            // 0, 1, 2 are the first notation's close variants (signs, styles), which all read
            // the text written here.
            let mut text = String::from(char::from(b"\x00\x01\x02"[i % 3]));
            for mv in game["moves_iccs"]
                .as_array()
                .into_iter()
                .flatten()
                .take(120)
            {
                let Some(Ok(read)) = mv.as_str().map(|m| Iccs::default().read(&pos, m)) else {
                    break;
                };
                text.push_str(&writer.write(&pos, read.mv));
                text.push('\n');
                pos.play_unchecked(read.mv);
            }
            seeds.push((target, format!("game-{i}"), text.into_bytes()));
        }
        if let Some(fen) = game["final_fen"].as_str() {
            seeds.push(("fen", format!("final-{i}"), fen.as_bytes().to_vec()));
        }
        let choices: Vec<u8> = (0..200u32)
            .map(|k| (k.wrapping_mul(37).wrapping_add(i as u32 * 11) % 256) as u8)
            .collect();
        seeds.push(("xiangqi_roundtrip", format!("walk-{i}"), choices));
    }
    for (i, game) in shogi.iter().enumerate().take(SEED_GAMES) {
        if game["start"].as_str() == Some("even") {
            for (target, column) in [("psn_move", "hodges"), ("usi", "moves_usi")] {
                let text: String = std::iter::once("\x00\n".to_owned())
                    .chain(
                        game[column]
                            .as_array()
                            .into_iter()
                            .flatten()
                            .filter_map(Value::as_str)
                            .take(120)
                            .map(|m| format!("{m}\n")),
                    )
                    .collect();
                seeds.push((target, format!("game-{i}"), text.into_bytes()));
            }
        }
        if let Some(sfen) = game["final_sfen"].as_str() {
            seeds.push(("sfen", format!("final-{i}"), sfen.as_bytes().to_vec()));
        }
        let choices: Vec<u8> = (0..200u32)
            .map(|k| (k.wrapping_mul(53).wrapping_add(i as u32 * 7) % 256) as u8)
            .collect();
        seeds.push(("shogi_roundtrip", format!("walk-{i}"), choices));
    }
    // The perft positions.
    for (variant, target) in [("xiangqi", "fen"), ("shogi", "sfen")] {
        let text = read(testdata.join(format!("perft/{variant}.perft")))?;
        let positions = text
            .lines()
            .filter_map(|l| l.strip_prefix("fen ").or_else(|| l.strip_prefix("sfen ")));
        for (i, position) in positions.enumerate() {
            seeds.push((
                target,
                format!("perft-{i}"),
                position.trim().as_bytes().to_vec(),
            ));
        }
    }
    // File targets: every game file of testdata.
    for (dir, target, exts) in [
        ("xiangqi", "pgn_file", &["pgn", "txt"][..]),
        ("errors", "pgn_file", &["pgn", "txt"][..]),
        ("shogi", "psn_file", &["psn"][..]),
        ("shogi/dialects", "psn_file", &["psn"][..]),
        ("errors", "psn_file", &["psn"][..]),
    ] {
        let entries =
            fs::read_dir(testdata.join(dir)).map_err(|e| format!("testdata/{dir}: {e}"))?;
        for entry in entries.flatten() {
            let path = entry.path();
            let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            if exts.contains(&ext) {
                let bytes = fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
                let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("file");
                let name = format!("{dir}-{name}").replace('/', "-");
                // One seed per game (small inputs run fast); a file that is not UTF-8 whole.
                let games: Vec<String> = notation_traits::GameReader::new(&bytes[..])
                    .map(|g| g.map(|g| g.source))
                    .collect::<Result<_, _>>()
                    .unwrap_or_default();
                if games.is_empty() {
                    seeds.push((target, name, bytes));
                } else {
                    for (k, game) in games.into_iter().enumerate().take(20) {
                        seeds.push((target, format!("{name}-{k}"), game.into_bytes()));
                    }
                }
            }
        }
    }

    // The records target: every file of the formats kifu reads by their bytes, whole.
    for dir in [
        "kif",
        "csa",
        "csa/errors",
        "jkf",
        "jkf/errors",
        "xiangqi-archive",
        "errors",
        "shogi",
        "xiangqi",
    ] {
        let entries =
            fs::read_dir(testdata.join(dir)).map_err(|e| format!("testdata/{dir}: {e}"))?;
        for entry in entries.flatten() {
            let path = entry.path();
            let small = entry
                .metadata()
                .is_ok_and(|m| m.is_file() && m.len() <= 64 * 1024);
            let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            if small && !matches!(ext, "json" | "md") {
                let bytes = fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
                let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("file");
                let name = format!("{dir}-{name}").replace('/', "-");
                seeds.push(("records_file", name, bytes));
            }
        }
    }

    let seed_root = fuzz.join("seeds");
    if seed_root.exists() {
        fs::remove_dir_all(&seed_root).map_err(|e| format!("{}: {e}", seed_root.display()))?;
    }
    for target in TARGETS {
        for dir in [seed_root.join(target), fuzz.join("corpus").join(target)] {
            fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
    }
    for (target, name, bytes) in &seeds {
        let path = seed_root.join(target).join(name);
        fs::write(&path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(seeds.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every target of fuzz/Cargo.toml is run, and every one has a file and seeds.
    #[test]
    fn every_fuzz_target_is_listed_and_seeded() {
        let manifest = fs::read_to_string(root().join("fuzz/Cargo.toml")).unwrap();
        let declared: Vec<&str> = manifest
            .lines()
            .filter_map(|l| l.strip_prefix("name = \""))
            .filter_map(|l| l.strip_suffix('"'))
            .filter(|n| *n != "kifu-fuzz")
            .collect();
        assert_eq!(declared, TARGETS);
        for t in TARGETS {
            assert!(
                root().join(format!("fuzz/fuzz_targets/{t}.rs")).exists(),
                "{t}"
            );
        }
        let dir = std::env::temp_dir().join(format!("kifu-fuzz-seeds-{}", std::process::id()));
        let n = write_seeds(&dir).unwrap();
        for t in TARGETS {
            let count = fs::read_dir(dir.join("seeds").join(t)).unwrap().count();
            assert!(count >= 5, "{t}: {count} seeds");
        }
        assert!(n > 300, "{n} seeds");
        fs::remove_dir_all(&dir).unwrap();
    }
}
