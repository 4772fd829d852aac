//! `cargo xtask ...`: project automation for kifu.
//!
//! - `roundtrip`: every legal move along every test game written in every notation, letter set
//!   and style, and read back; every fixture game replayed from its notation columns.
//! - `tidy`: the habits of docs/style.md that a machine can check.
//! - `bench`: kifu side by side with Fairy-Stockfish, pyffish and cshogi (see bench.rs); with
//!   `--criterion`, the criterion benches of every crate.
//! - `fuzz SECONDS`: every cargo-fuzz target of fuzz/ for SECONDS each, two at a time (nightly
//!   and cargo-fuzz; see fuzz.rs).
//!
//! `roundtrip` and `tidy` also run as `#[test]`s, so `cargo test --workspace` covers them.

mod bench;
mod cli_fuzz;
mod fuzz;
mod growth;
mod measure;
mod record_reads;
mod roundtrip;
mod tidy;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(name = "xtask", about = "kifu project automation")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Write every legal move of every test position in every notation and read it back.
    Roundtrip,
    /// Check module docs, test habits and whitespace.
    Tidy,
    /// kifu against Fairy-Stockfish, pyffish and cshogi, where installed: one table.
    Bench {
        /// Runs per figure; the best (fastest) is kept.
        #[arg(long, default_value_t = 3)]
        runs: usize,
        /// The perft depth.
        #[arg(long, default_value_t = 5)]
        depth: u32,
        /// The size of each generated `kifu convert` input, in MB.
        #[arg(long, default_value_t = 64)]
        size_mb: usize,
        /// Only these groups: perft, write, read, convert, python (comma-separated).
        #[arg(long, value_delimiter = ',')]
        only: Vec<String>,
        /// Leave out the references.
        #[arg(long)]
        no_refs: bool,
        /// Run the criterion benches of every crate instead (`cargo bench --workspace -- ARGS`).
        #[arg(long)]
        criterion: bool,
        /// With `--criterion`: arguments for `cargo bench`, such as a bench name filter.
        args: Vec<String>,
    },
    /// Every cargo-fuzz target for SECONDS each, two at a time, from seeds out of testdata;
    /// then the command-line fuzzer (`cli`: batch and file-system options) for SECONDS.
    Fuzz {
        /// Seconds per target.
        seconds: u64,
        /// Only these targets (comma-separated; `cli` the command-line fuzzer).
        #[arg(long, value_delimiter = ',')]
        only: Vec<String>,
    },
    /// One growth line in a process of its own (`measure --only growth` starts it).
    #[command(hide = true)]
    GrowthCase {
        /// The case: bare, comment, braces or cr.
        case: String,
        /// Its size.
        size: usize,
        /// Where its input is written.
        dir: PathBuf,
    },
    /// kifu's side of `bench`, as JSON lines (run from a release build).
    #[command(hide = true)]
    Measure {
        /// Runs per figure; the best is kept.
        #[arg(long, default_value_t = 3)]
        runs: usize,
        /// The perft depth.
        #[arg(long, default_value_t = 5)]
        depth: u32,
        /// Only these groups: perft, write, read, records (comma-separated); growth (issue
        /// 18's growth cases, inputs of up to 100 MB) only when named.
        #[arg(long, value_delimiter = ',')]
        only: Vec<String>,
    },
}

/// The repository root.
pub(crate) fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(PathBuf::from)
        .unwrap_or_default()
}

fn main() -> ExitCode {
    let result = match Cli::parse().command {
        Command::Roundtrip => roundtrip::run().map(|report| println!("{report}")),
        Command::Tidy => tidy::run().map(|n| println!("tidy: {n} files checked")),
        Command::Bench {
            runs,
            depth,
            size_mb,
            only,
            no_refs,
            criterion,
            args,
        } => bench::run(&bench::Options {
            runs,
            depth,
            size_mb,
            only,
            no_refs,
            criterion: criterion.then(|| args.clone()),
            extra: if criterion { Vec::new() } else { args },
        }),
        Command::Fuzz { seconds, only } => fuzz::run(seconds, &only),
        Command::Measure { runs, depth, only } => measure::run(runs, depth, &only),
        Command::GrowthCase { case, size, dir } => {
            growth::one(&case, size, &dir).map(|line| println!("{line}"))
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
