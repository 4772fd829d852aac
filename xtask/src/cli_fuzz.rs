//! `cargo xtask fuzz SECONDS --only cli`: the command line's batch and file-system options
//! mutated (issue 18), where libFuzzer does not reach. Each case builds a folder of inputs
//! (testdata's files of every format, some with bytes changed, cut, doubled or given lone
//! `\r`s; links to another input and to /dev/zero, a named pipe, a link back to the folder),
//! picks an output (standard output, `--output-dir` into a fresh folder, into the input folder
//! itself, into one holding a file or a link to an input, `-o` onto an input) and options
//! (`convert` or `check`, `--to`, `--recursive`, `--force`, `--on-error`, `--jobs`,
//! `--repair`, `--strict`, `--encoding`, `--message-format json`), runs the release `kifu` on
//! it with a time limit, and checks what kifu promises:
//!
//! - the exit code is 0, 1, 2 or 3 (never a panic's 101 or an abort's 134) and nothing on
//!   standard error says `panicked`;
//! - it ends within [`LIMIT`] (a pipe or /dev/zero among the inputs must not hang it);
//! - every input file holds the same bytes after as before, and no temporary output file
//!   (`.NAME.kifu-PID-N.tmp`) is left anywhere.
//!
//! Cases are drawn from a fixed sequence (case N is the same on every run); a failing case's
//! folder is kept under target/cli-fuzz/ with its command line.

use std::collections::hash_map::DefaultHasher;
use std::fs;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::root;

/// How long one run of kifu may take.
const LIMIT: Duration = Duration::from_secs(30);

/// The seed files: testdata's files of every format kifu reads.
const SEEDS: [&str; 18] = [
    "xiangqi/seed-descriptive-fi.pgn",
    "xiangqi/xiangqi-chinese-gbk-crlf.pgn",
    "xiangqi/xiangqi-multigame.pgn",
    "shogi/shogi-real-game.psn",
    "shogi/shogi-comments-variations.psn",
    "shogi/shogi-shogidokoro-cp932-crlf.psn",
    "kif/variations.kifu",
    "kif/handicap-lance.kif",
    "kif/relative.ki2u",
    "kif/81dojo-times.kifu",
    "xiangqi-archive/sample-dhtmlxq.html",
    "csa/every-key.csa",
    "csa/commas.csa",
    "jkf/minimal.jkf",
    "errors/bad-board.kifu",
    "xiangqi-archive/sample.xqf",
    "xiangqi-archive/sample.cbr",
    "errors/ambiguous-move.pgn",
];

/// The `--to` targets drawn from.
const TARGETS: [&str; 11] = [
    "psn", "wxf", "kif", "ki2", "csa", "jkf", "json", "iccs", "usi", "xqf", "chinese",
];

/// A small fixed pseudo-random sequence (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number below `n` (`n` > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }
}

/// `bytes` changed the way careless tools and users change files.
fn mutate(rng: &mut Rng, mut bytes: Vec<u8>) -> Vec<u8> {
    match rng.below(7) {
        0 => {}
        1 => {
            for _ in 0..1 + rng.below(8) {
                if !bytes.is_empty() {
                    let at = rng.below(bytes.len());
                    bytes[at] = (rng.next() & 0xff) as u8;
                }
            }
        }
        2 => {
            let keep = rng.below(bytes.len() + 1);
            bytes.truncate(keep);
        }
        3 => {
            let copy = bytes.clone();
            bytes.extend_from_slice(&copy);
        }
        4 => {
            for b in &mut bytes {
                if *b == b'\n' {
                    *b = b'\r';
                }
            }
        }
        5 => {
            let at = rng.below(bytes.len() + 1);
            let junk: &[u8] =
                [&b"{"[..], b"}", b"(", b"\xff\xfe", b"\0\0\0", b"[Event \""][rng.below(6)];
            bytes.splice(at..at, junk.iter().copied());
        }
        _ => bytes.clear(),
    }
    bytes
}

/// The content of every regular file below `dir` (links not followed), by path.
fn contents(dir: &Path) -> Vec<(PathBuf, u64)> {
    let mut out = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else {
        return out;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() {
            out.extend(contents(&path));
        } else if kind.is_file() {
            let mut h = DefaultHasher::new();
            fs::read(&path).unwrap_or_default().hash(&mut h);
            out.push((path, h.finish()));
        }
    }
    out.sort();
    out
}

/// Whether a temporary output file is left below `dir`.
fn temporary_left(dir: &Path) -> Option<PathBuf> {
    let entries = fs::read_dir(dir).ok()?;
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if entry.file_type().is_ok_and(|k| k.is_dir()) {
            if let Some(p) = temporary_left(&path) {
                return Some(p);
            }
        } else if name.starts_with('.') && name.contains(".kifu-") && name.ends_with(".tmp") {
            return Some(path);
        }
    }
    None
}

/// Builds case `n`'s folder under `dir`; returns kifu's arguments.
fn build_case(n: u64, dir: &Path) -> Result<Vec<String>, String> {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ (n.wrapping_add(1)).wrapping_mul(0x1000_0000_01b3));
    let input = dir.join("in");
    fs::create_dir_all(&input).map_err(|e| e.to_string())?;
    let testdata = root().join("testdata");
    let mut names = Vec::new();
    for k in 0..1 + rng.below(4) {
        let seed = SEEDS[rng.below(SEEDS.len())];
        let bytes = fs::read(testdata.join(seed)).map_err(|e| format!("testdata/{seed}: {e}"))?;
        let ext = seed.rsplit('.').next().unwrap_or("txt");
        let name = format!("f{k}.{ext}");
        fs::write(input.join(&name), mutate(&mut rng, bytes)).map_err(|e| e.to_string())?;
        names.push(name);
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::symlink;
        if rng.chance(3) {
            let _ = symlink(&names[0], input.join("link.pgn"));
        }
        if rng.chance(5) {
            let _ = symlink("/dev/zero", input.join("zero.pgn"));
        }
        if rng.chance(5) {
            let _ = Command::new("mkfifo").arg(input.join("pipe.pgn")).status();
        }
        if rng.chance(5) {
            fs::create_dir_all(input.join("sub")).map_err(|e| e.to_string())?;
            let _ = symlink("..", input.join("sub").join("up"));
        }
    }
    let mut args: Vec<String> = Vec::new();
    let convert = !rng.chance(4);
    args.push(if convert { "convert" } else { "check" }.to_owned());
    if convert {
        args.extend([
            "--to".to_owned(),
            TARGETS[rng.below(TARGETS.len())].to_owned(),
        ]);
        match rng.below(6) {
            0 | 1 => {}
            2 => args.extend([
                "--output-dir".to_owned(),
                dir.join("out").display().to_string(),
            ]),
            3 => {
                // Into the input folder itself.
                args.extend(["--output-dir".to_owned(), input.display().to_string()]);
            }
            4 => {
                // Into a folder holding a file, and a link to an input, of the outputs' names.
                let out = dir.join("out");
                fs::create_dir_all(&out).map_err(|e| e.to_string())?;
                for name in &names {
                    let stem = name.rsplit_once('.').map_or(name.as_str(), |(s, _)| s);
                    for ext in ["pgn", "psn", "kif", "csa", "jkf", "jsonl", "xqf"] {
                        let _ = fs::write(out.join(format!("{stem}.{ext}")), b"kept");
                    }
                }
                #[cfg(unix)]
                let _ = std::os::unix::fs::symlink(input.join(&names[0]), out.join("f0.psn"));
                args.extend(["--output-dir".to_owned(), out.display().to_string()]);
            }
            _ => {
                // One output file: a new one, or an input.
                let target = if rng.chance(2) {
                    input.join(&names[0])
                } else {
                    dir.join("one.out")
                };
                args.extend(["-o".to_owned(), target.display().to_string()]);
            }
        }
        if rng.chance(3) {
            args.push("--force".to_owned());
        }
    }
    if rng.chance(2) {
        args.push("--recursive".to_owned());
        args.push(input.display().to_string());
    } else {
        for name in &names {
            args.push(input.join(name).display().to_string());
        }
    }
    for (one_in, option) in [
        (3, &["--on-error", "skip"][..]),
        (4, &["--on-error", "stop"][..]),
        (3, &["--jobs", "2"][..]),
        (5, &["--jobs", "3"][..]),
        (4, &["--repair"][..]),
        (5, &["--strict"][..]),
        (6, &["--encoding", "gbk"][..]),
        (6, &["--encoding", "shift_jis"][..]),
        (4, &["--message-format", "json"][..]),
    ] {
        if rng.chance(one_in) {
            args.extend(option.iter().map(|s| (*s).to_owned()));
        }
    }
    Ok(args)
}

/// What case `n` gave, run in `dir`: `None` when kifu kept its promises, else why not; and
/// its arguments. Its exit code goes to `code`.
fn run_case(
    kifu: &Path,
    n: u64,
    dir: &Path,
    code: &mut Option<i32>,
) -> Result<(Option<String>, Vec<String>), String> {
    let args = build_case(n, dir)?;
    let input = dir.join("in");
    let before = contents(&input);
    let mut child = Command::new(kifu)
        .args(&args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{}: {e}", kifu.display()))?;
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break Some(status);
        }
        if start.elapsed() > LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let mut stderr = String::new();
    if let Some(mut pipe) = child.stderr.take() {
        use std::io::Read;
        let _ = pipe.read_to_string(&mut stderr);
    }
    let Some(status) = status else {
        return Ok((Some(format!("no end within {} s", LIMIT.as_secs())), args));
    };
    *code = status.code();
    if !matches!(status.code(), Some(0..=3)) {
        let tail: String = stderr.lines().rev().take(3).collect::<Vec<_>>().join(" | ");
        return Ok((Some(format!("exit {status}: {tail}")), args));
    }
    if stderr.contains("panicked") {
        return Ok((Some("a panic on standard error".to_owned()), args));
    }
    let after = contents(&input);
    for (path, hash) in &before {
        if !after.iter().any(|(p, h)| p == path && h == hash) {
            return Ok((Some(format!("input {} changed", path.display())), args));
        }
    }
    if let Some(tmp) = temporary_left(dir) {
        return Ok((
            Some(format!("temporary file left: {}", tmp.display())),
            args,
        ));
    }
    Ok((None, args))
}

/// Runs cases for `seconds` against the release `kifu` (built first); a table of what the
/// exit codes were, and an error naming every failing case.
pub(crate) fn run(seconds: u64) -> Result<(), String> {
    let status = Command::new("cargo")
        .args(["build", "--release", "-p", "kifu"])
        .current_dir(root())
        .status()
        .map_err(|e| format!("cargo build: {e}"))?;
    if !status.success() {
        return Err("building kifu failed".into());
    }
    let kifu = root().join("target/release/kifu");
    let work = root().join("target/cli-fuzz");
    let _ = fs::remove_dir_all(&work);
    let start = Instant::now();
    let mut n = 0u64;
    let mut failures = Vec::new();
    // Cases by exit code 0 to 3.
    let mut codes = [0usize; 4];
    while start.elapsed() < Duration::from_secs(seconds) {
        let dir = work.join(format!("case-{n}"));
        let mut code = None;
        let (failure, args) = run_case(&kifu, n, &dir, &mut code)?;
        if let Some(c) = code
            .and_then(|c| usize::try_from(c).ok())
            .filter(|&c| c < 4)
        {
            codes[c] += 1;
        }
        match failure {
            Some(why) => {
                let line = format!("case {n}: {why}\n  kifu {}", args.join(" "));
                let _ = fs::write(dir.join("command.txt"), &line);
                failures.push(line);
            }
            None => {
                let _ = fs::remove_dir_all(&dir);
            }
        }
        n += 1;
    }
    println!(
        "| cli | {} | {n} cases in {seconds} s, {} failed; exit 0: {}, 1: {}, 2: {}, 3: {} |",
        if failures.is_empty() { "ok" } else { "FAILED" },
        failures.len(),
        codes[0],
        codes[1],
        codes[2],
        codes[3]
    );
    if failures.is_empty() {
        Ok(())
    } else {
        for f in &failures {
            eprintln!("{f}");
        }
        Err(format!(
            "{} of {n} command-line cases failed (folders in target/cli-fuzz/)",
            failures.len()
        ))
    }
}
