//! `cargo xtask ...`: project automation for kifu.
//!
//! - `roundtrip`: every legal move along every test game written in every notation, letter set
//!   and style, and read back; every fixture game replayed from its notation columns.
//! - `tidy`: the habits of ../shared/STYLE.md that a machine can check.
//! - `bench`: the criterion benches of every crate.
//!
//! `roundtrip` and `tidy` also run as `#[test]`s, so `cargo test --workspace` covers them.

mod bench;
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
    /// Run the criterion benches (arguments go to `cargo bench`).
    Bench {
        /// Arguments for `cargo bench`, such as a bench name filter.
        args: Vec<String>,
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
        Command::Bench { args } => bench::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
