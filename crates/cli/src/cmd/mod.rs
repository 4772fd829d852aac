//! The subcommands.

pub(crate) mod check;
pub(crate) mod compare;
pub(crate) mod convert;
pub(crate) mod perft;

use notation_traits::{GameReader, RawGame};

use crate::ReadOptions;
use crate::input;
use crate::report::{Reporter, Source};
use crate::xiangqi::{self, Checked};

/// A game as the subcommands get it: checked, or not readable at all.
pub(crate) enum Game<'a> {
    /// Read and checked (it may still hold errors).
    Checked(&'a Checked),
    /// Not readable at all: no notation fits, a bad FEN.
    Failed {
        /// The game as read from the file.
        raw: &'a RawGame,
        /// Why.
        error: &'a notation_traits::Diagnostic,
    },
}

/// Reads every game of every input, checks it and hands it to `each` with its file name and
/// index (from 1); reports what was found. `each` returns false to stop.
pub(crate) fn for_each_game(
    files: &[std::path::PathBuf],
    opts: &ReadOptions,
    reporter: &mut Reporter,
    mut each: impl FnMut(&str, usize, Game<'_>, bool, &mut Reporter) -> bool,
) {
    for path in input::paths(files) {
        let input = match input::open(&path, opts.encoding) {
            Ok(i) => i,
            Err((name, e)) => {
                reporter.io_error(&name, &e.to_string());
                continue;
            }
        };
        let name = input.name.clone();
        if input.detected {
            reporter.note(&format!(
                "{name}: read as {} (detected)",
                input.encoding.name()
            ));
        }
        for (index, game) in GameReader::new(input.reader).enumerate() {
            let game_no = index + 1;
            let raw = match game {
                Ok(g) => g,
                Err(e) => {
                    reporter.io_error(&name, &e.to_string());
                    break;
                }
            };
            reporter.games += 1;
            let (ok, go_on) = check_one(&raw, &name, game_no, opts, reporter, &mut each);
            reporter.end_game(&name, game_no);
            if ok {
                reporter.ok += 1;
            } else {
                reporter.with_errors += 1;
            }
            if !go_on {
                return;
            }
        }
    }
}

/// Checks one game, reports its diagnostics and hands it on; returns whether it was clean and
/// whether to go on.
fn check_one(
    raw: &RawGame,
    name: &str,
    game_no: usize,
    opts: &ReadOptions,
    reporter: &mut Reporter,
    each: &mut impl FnMut(&str, usize, Game<'_>, bool, &mut Reporter) -> bool,
) -> (bool, bool) {
    let source = Source::new(&raw.source, raw.record.span.start.line);
    let mut clean = true;
    for d in &raw.diagnostics {
        clean &= !reporter.is_error(d);
        reporter.emit(&d.clone().in_file(name).in_game(game_no), Some(&source));
    }
    match xiangqi::check(raw, opts) {
        Err(d) => {
            let d = d.in_file(name).in_game(game_no);
            reporter.emit(&d, Some(&source));
            let go_on = each(
                name,
                game_no,
                Game::Failed { raw, error: &d },
                false,
                reporter,
            );
            (false, go_on)
        }
        Ok(checked) => {
            if let Some(note) = &checked.detected {
                reporter.note(&format!("{name}: game {game_no}: {note}"));
            }
            for d in &checked.replayed.diagnostics {
                clean &= !reporter.is_error(d);
                reporter.emit(&d.clone().in_file(name).in_game(game_no), Some(&source));
            }
            let go_on = each(name, game_no, Game::Checked(&checked), clean, reporter);
            (clean, go_on)
        }
    }
}
