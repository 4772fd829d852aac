//! The `growth` lines of `cargo xtask measure --only growth` (issue 18's growth cases): inputs
//! that once took time or memory beyond their size, each read and checked from a file through
//! the records library as `kifu check` reads it (`kifu_records::Input::open` and `Games`), at
//! three sizes, each size twice the one before. Each line gives the input's bytes, the CPU
//! time and the peak resident memory of the read (VmHWM of /proc/self/status, reset before
//! each read through /proc/self/clear_refs), so that growth is seen to be linear: time and
//! memory doubling with the input, or memory staying flat where a file of many games streams.
//!
//! - `growth-bare-N`: one game of N bare plies (a `position startpos moves ...` line of rooks
//!   going back and forth; issue 18 item 2 and 4);
//! - `growth-comment-N`: a PSN game whose one comment is N MB (item 4);
//! - `growth-braces-N`: a game followed by N KiB of stray `}` (item 4: a diagnostic each, the
//!   ones past the cap counted, not kept);
//! - `growth-cr-N`: N xiangqi games in a file whose lines end in a lone `\r` (item 4: such a
//!   file was read whole as one line).
//!
//! Linux only (the memory figures come from /proc); elsewhere it says so.

use std::io::Write;
use std::path::Path;

use kifu_records::{Games, Input, ReadOptions};
use serde_json::{Value, json};

use crate::record_reads::cpu_time;

/// The peak resident memory of this process since the last reset, in KiB.
fn peak_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Resets the peak resident memory to the memory in use now.
fn reset_peak() -> Result<(), String> {
    std::fs::write("/proc/self/clear_refs", "5").map_err(|e| format!("/proc/self/clear_refs: {e}"))
}

/// Writes the input of `case` at size `n` to `path`.
fn write_input(case: &str, n: usize, path: &Path) -> std::io::Result<()> {
    let mut out = std::io::BufWriter::new(std::fs::File::create(path)?);
    match case {
        "bare" => {
            out.write_all(b"position startpos moves")?;
            for i in 0..n {
                out.write_all([" 2h3h", " 8b7b", " 3h2h", " 7b8b"][i % 4].as_bytes())?;
            }
            out.write_all(b"\n")?;
        }
        "comment" => {
            out.write_all(b"[Sente \"a\"]\n\n1.P-7f {")?;
            let line = [b'x'; 100];
            for _ in 0..n * 10_000 {
                out.write_all(&line[..99])?;
                out.write_all(b"\n")?;
            }
            out.write_all(b"} 2.P-3d *\n")?;
        }
        "braces" => {
            out.write_all(b"[Event \"g\"]\n\n1. C2.5 H8+7 ")?;
            out.write_all(&vec![b'}'; n * 1024])?;
            out.write_all(b"\n*\n")?;
        }
        _ => {
            for _ in 0..n {
                out.write_all(b"[Event \"g\"]\r\r1. C2.5 H8+7\r2. H2+3 R9.8 *\r\r")?;
            }
        }
    }
    out.flush()
}

/// Reads and checks every game of `path`: (games, plies, diagnostics).
fn check(path: &Path) -> Result<(u64, u64, u64), String> {
    let options = ReadOptions::default();
    let input = Input::open(path, &options).map_err(|e| e.to_string())?;
    let (mut games, mut plies, mut diagnostics) = (0, 0, 0);
    for game in Games::new(input, options) {
        let game = game.map_err(|e| e.to_string())?;
        games += 1;
        plies += game.raw.record.main.moves.len() as u64;
        diagnostics += game.diagnostics.len() as u64;
    }
    Ok((games, plies, diagnostics))
}

/// One growth line: the input of `case` at size `n` written to `dir`, read and checked,
/// removed.
pub(crate) fn one(case: &str, n: usize, dir: &Path) -> Result<Value, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let path = dir.join(format!("growth-{case}-{n}.txt"));
    write_input(case, n, &path).map_err(|e| format!("{}: {e}", path.display()))?;
    let bytes = std::fs::metadata(&path).map_err(|e| e.to_string())?.len();
    reset_peak()?;
    let before = peak_kib().unwrap_or(0);
    let start = cpu_time().unwrap_or_default();
    let read = check(&path);
    let seconds = (cpu_time().unwrap_or_default() - start).as_secs_f64();
    let peak = peak_kib().unwrap_or(0);
    std::fs::remove_file(&path).map_err(|e| e.to_string())?;
    let (games, plies, diagnostics) = read?;
    Ok(json!({
        "line": format!("growth-{case}-{n}"),
        "bytes": bytes,
        "games": games,
        "plies": plies,
        "diagnostics": diagnostics,
        "cpu_seconds": seconds,
        "peak_kib": peak,
        "peak_kib_before_reading": before,
    }))
}

/// The growth lines, each in a process of its own (so that no line's peak is hidden in memory
/// an earlier one left resident), the inputs written to `dir`.
pub(crate) fn lines(dir: &Path) -> Result<Vec<Value>, String> {
    if peak_kib().is_none() {
        return Err("the growth lines need Linux's /proc/self/status".to_owned());
    }
    let cases: [(&str, [usize; 3]); 4] = [
        ("bare", [250_000, 500_000, 1_000_000]),
        ("comment", [25, 50, 100]),
        ("braces", [512, 1024, 2048]),
        ("cr", [25_000, 50_000, 100_000]),
    ];
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let mut lines = Vec::new();
    for (case, sizes) in cases {
        for n in sizes {
            let out = std::process::Command::new(&exe)
                .args(["growth-case", case, &n.to_string()])
                .arg(dir)
                .output()
                .map_err(|e| format!("{}: {e}", exe.display()))?;
            if !out.status.success() {
                return Err(format!(
                    "growth-{case}-{n}: {}",
                    String::from_utf8_lossy(&out.stderr)
                ));
            }
            let line = serde_json::from_slice(&out.stdout).map_err(|e| e.to_string())?;
            lines.push(line);
        }
    }
    Ok(lines)
}
