//! `kifu compare`: two transcriptions of the same games, each resolving the other's faulty
//! moves ([`kifu_records::compare`]).
//!
//! The report goes to standard output (text, or one JSON object per game and a summary with
//! `--message-format json`, the fields of docs/kifu.schema.json); `--write FILE` writes the
//! first transcription with the moves the second resolved; exit code 0 when every game is the same, 1 when they differ or a game
//! cannot be read, 3 when a file cannot be read.

use std::path::Path;

use kifu_records::{LoadError, Loaded, load};
use serde_json::json;

use crate::report::{EXIT_DATA, EXIT_IO, EXIT_OK};
use crate::{Format, ReadOptions};

/// The exit code of a file that gives no games.
fn exit_of(e: &LoadError) -> u8 {
    match e {
        LoadError::Io(_) => EXIT_IO,
        LoadError::NoGame(_) => EXIT_DATA,
    }
}

pub(crate) fn run(opts: &ReadOptions, a: &Path, b: &Path, write: Option<&Path>) -> u8 {
    if opts.repair {
        errln!(
            "error: --repair does not apply to compare: each transcription resolves the other's faulty moves"
        );
        return 2;
    }
    for (given, option) in [
        (opts.recursive, "--recursive"),
        (!opts.allow.is_empty(), "--allow"),
        (!opts.deny.is_empty(), "--deny"),
        (opts.jobs.is_some(), "--jobs"),
    ] {
        if given {
            errln!(
                "error: {option} does not apply to compare: it compares two files and reports where they differ"
            );
            return 2;
        }
    }
    let json = opts.format == Format::Json;
    let options = opts.library();
    let (la, lb) = match (load(a, &options), load(b, &options)) {
        (Ok(a), Ok(b)) => (a, b),
        (a, b) => {
            let mut code = EXIT_OK;
            for e in [a.err(), b.err()].into_iter().flatten() {
                if json {
                    errln!(
                        "{}",
                        kifu_records::io_error_json(None, None, &e.to_string())
                    );
                } else {
                    errln!("error: {e}");
                }
                code = code.max(exit_of(&e));
            }
            return code;
        }
    };
    let (
        Loaded {
            name: name_a,
            games: games_a,
        },
        Loaded {
            name: name_b,
            games: games_b,
        },
    ) = (la, lb);
    let names = [name_a.as_str(), name_b.as_str()];
    let comparison = kifu_records::compare(&games_a, &games_b, names);
    let several = games_a.len() > 1 || games_b.len() > 1;
    let mut all_same = comparison.same();
    for outcome in &comparison.games {
        let prefix = if several {
            format!("game {}: ", outcome.game)
        } else {
            String::new()
        };
        // Under --strict a faulty ply resolved by the other transcription counts as a difference.
        let strict_fault = opts.strict && !outcome.resolved.is_empty();
        all_same &= !strict_fault;
        if json {
            outln!("{}", outcome.to_json(names));
            continue;
        }
        let resolved: Vec<String> = outcome.resolved.iter().map(|r| r.describe(names)).collect();
        if !outcome.readings[0].is_empty() {
            outln!("{prefix}{name_a}: {}", outcome.readings[0]);
            outln!("{prefix}{name_b}: {}", outcome.readings[1]);
        }
        match (&outcome.difference, &outcome.undecided) {
            (Some(d), _) => outln!("{prefix}different games: {d}"),
            (None, Some(u)) => outln!("{prefix}undecided: {u}"),
            (None, None) => {
                outln!(
                    "{prefix}the same game: {} plies, final position {}",
                    outcome.plies,
                    outcome.final_position.as_deref().unwrap_or_default()
                );
                if outcome.resolved.is_empty() {
                    outln!("{prefix}every ply reads in both transcriptions");
                }
            }
        }
        for line in &resolved {
            outln!("{prefix}{line}");
        }
    }
    if games_a.len() != games_b.len() {
        let message = format!(
            "{name_a} holds {} games, {name_b} holds {}",
            games_a.len(),
            games_b.len()
        );
        if json {
            outln!(
                "{}",
                json!({"version": kifu_records::JSON_VERSION, "difference": message})
            );
        } else {
            outln!("different files: {message}");
        }
    }
    if json {
        outln!(
            "{}",
            json!({"version": kifu_records::JSON_VERSION, "summary": {"same": all_same}})
        );
    }
    if let Some(path) = write {
        let Some(text) = comparison.resolved_record(&games_a, 0) else {
            errln!(
                "error: --write: {name_a} is a binary file: kifu writes the resolved moves into a text record only"
            );
            return 2;
        };
        // Through a temporary file renamed into place: neither input is ever replaced, and
        // a failed write leaves no half-written file.
        let inputs = kifu_records::Inputs::new([a, b]);
        let written =
            kifu_records::OutputFile::create(path, &inputs, kifu_records::Replace::Existing)
                .and_then(|mut out| {
                    std::io::Write::write_all(&mut out, text.as_bytes())
                        .map_err(|e| kifu_records::OutputError::Io(path.to_owned(), e))?;
                    out.commit()
                });
        if let Err(e) = written {
            errln!("error[io]: --write: {e}");
            return EXIT_IO;
        }
    }
    if all_same { EXIT_OK } else { EXIT_DATA }
}
