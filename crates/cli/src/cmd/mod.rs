//! The subcommands, and the loop they share: every game of every input, read and checked by
//! the records library, its diagnostics reported.

pub(crate) mod check;
pub(crate) mod compare;
pub(crate) mod convert;
pub(crate) mod diagram;
pub(crate) mod perft;
pub(crate) mod serve;

use kifu_records::{Batch, Event, Game};

use crate::ReadOptions;
use crate::report::{Reporter, Source};

/// What the handler of a game says after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum After {
    /// Go on with the next game.
    Next,
    /// The game could not be handled (it counts as a game with errors); go on.
    Failed,
    /// Stop reading.
    Stop,
}

/// A folder given without `--recursive` is a usage error (exit 2), said before anything is read.
pub(crate) fn folder_without_recursive(
    files: &[std::path::PathBuf],
    recursive: bool,
) -> Option<u8> {
    if recursive {
        return None;
    }
    let folder = files.iter().find(|p| p.as_os_str() != "-" && p.is_dir())?;
    errln!(
        "error: {} is a folder: give --recursive to read the files in it (and in its subfolders)",
        folder.display()
    );
    Some(2)
}

/// Reads every game of every input ([`kifu_records::Batch`]), checks it and hands it to `each`
/// with its input's name and whether it is clean; reports what was found.
pub(crate) fn for_each_game(
    files: &[std::path::PathBuf],
    opts: &ReadOptions,
    reporter: &mut Reporter,
    mut each: impl FnMut(&str, &Game, bool, &mut Reporter) -> After,
) {
    let mut batch = Batch::new(files, opts.recursive, opts.library()).jobs(opts.jobs());
    reporter.start_progress(batch.total_bytes(), batch.files());
    while let Some(event) = batch.next() {
        match event {
            Event::Note(note) => reporter.note(&note),
            Event::InputError {
                name,
                message,
                skipped,
            } => {
                if let Some(why) = skipped {
                    reporter.skip(why);
                }
                reporter.io_error(&name, &message);
            }
            Event::GameError {
                name,
                game,
                message,
            } => {
                reporter.io_error_in_game(&name, Some(game), &message);
                reporter.games += 1;
                reporter.with_errors += 1;
            }
            Event::Game {
                name,
                game,
                same_reading,
            } => {
                reporter.games += 1;
                reporter.progress(batch.bytes_read(), &name);
                let (ok, go_on) = report_game(&name, &game, !same_reading, reporter, &mut each);
                reporter.end_game(&name, game.index);
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
}

/// Reports one game's diagnostics (its detection note when `note`) and hands it on; returns
/// whether it was clean and whether to go on.
fn report_game(
    name: &str,
    game: &Game,
    note: bool,
    reporter: &mut Reporter,
    each: &mut impl FnMut(&str, &Game, bool, &mut Reporter) -> After,
) -> (bool, bool) {
    let source = Source::new(&game.raw.source, game.raw.record.span.start.line);
    let reader = game.before_detection;
    let mut clean = true;
    for (i, d) in game.diagnostics.iter().enumerate() {
        // The detection note comes after the reader's findings, before the moves'.
        if i == reader
            && note
            && let Some(note) = &game.detected
        {
            reporter.note(&format!("{name}: game {}: {note}", game.index));
        }
        clean &= !reporter.is_error(d);
        let board = if reporter.shows_board() && reporter.is_error(d) {
            kifu_records::board_before(game, d)
        } else {
            None
        };
        reporter.emit(
            &d.clone().in_file(name).in_game(game.index),
            Some(&source),
            board.as_deref(),
        );
    }
    if game.diagnostics.len() <= reader
        && note
        && let Some(note) = &game.detected
    {
        reporter.note(&format!("{name}: game {}: {note}", game.index));
    }
    match each(name, game, clean, reporter) {
        After::Next => (clean, true),
        After::Failed => (false, true),
        After::Stop => (clean, false),
    }
}
