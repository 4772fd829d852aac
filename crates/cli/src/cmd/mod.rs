//! The subcommands, and the loop they share: every game of every input, read and checked by
//! the records library, its diagnostics reported.

pub(crate) mod check;
pub(crate) mod compare;
pub(crate) mod convert;
pub(crate) mod diagram;
pub(crate) mod perft;
pub(crate) mod serve;

use kifu_records::{Game, Games, Input, Members, expand, total_size};

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

/// Reads every game of every input, checks it and hands it to `each` with its input's name and
/// whether it is clean; reports what was found.
pub(crate) fn for_each_game(
    files: &[std::path::PathBuf],
    opts: &ReadOptions,
    reporter: &mut Reporter,
    mut each: impl FnMut(&str, &Game, bool, &mut Reporter) -> After,
) {
    let items = expand(files, opts.recursive);
    reporter.start_progress(total_size(&items), items.len());
    let options = opts.library();
    let mut done_before = 0;
    for item in items {
        let item = match item {
            Ok(i) => i,
            Err((name, e)) => {
                reporter.io_error(&name, &e.to_string());
                continue;
            }
        };
        if let Some(why) = &item.skipped {
            reporter.note(why);
            continue;
        }
        // A file, or each member of a ZIP archive.
        for input in Members::open(&item.path, &options) {
            let input = match input {
                Ok(i) => i,
                Err(e) => {
                    let message = e.error.to_string();
                    reporter.skip(if message.starts_with("this looks like") {
                        "of a kind kifu does not read"
                    } else if e.error.kind() == std::io::ErrorKind::InvalidData {
                        "in no encoding kifu reads"
                    } else if e.error.kind() == std::io::ErrorKind::NotFound {
                        "missing"
                    } else {
                        "unreadable"
                    });
                    reporter.io_error(&e.name, &message);
                    continue;
                }
            };
            if !read_input(input, options, reporter, &mut done_before, &mut each) {
                return;
            }
        }
    }
}

/// Reads, checks and reports every game of one input; false when `each` asked to stop.
fn read_input(
    input: Input,
    options: kifu_records::ReadOptions,
    reporter: &mut Reporter,
    done_before: &mut u64,
    each: &mut impl FnMut(&str, &Game, bool, &mut Reporter) -> After,
) -> bool {
    let name = input.name.clone();
    if input.encoding_detected
        && let Some(encoding) = input.encoding
    {
        reporter.note(&format!("{name}: read as {} (detected)", encoding.name()));
    }
    let read = std::sync::Arc::clone(&input.read);
    let games_before = reporter.games;
    // The reading of the game before in this file: a game read the same way gets no note.
    let mut last_reading: Option<String> = None;
    for game in Games::new(input, options) {
        let game_no = reporter.games - games_before + 1;
        let game = match game {
            Ok(g) => g,
            Err(e) => {
                // Undecodable bytes spoil one game; the reader goes on with the next. The
                // game counts, so that the next one's number matches the summary.
                reporter.io_error_in_game(&name, Some(game_no), &e.to_string());
                reporter.games += 1;
                reporter.with_errors += 1;
                continue;
            }
        };
        reporter.games += 1;
        let done = read.load(std::sync::atomic::Ordering::Relaxed);
        reporter.progress(*done_before + done, &name);
        let reading = reading_of(&game);
        let same_reading = reading.is_some() && reading == last_reading;
        last_reading = reading;
        let (ok, go_on) = report_game(&name, &game, !same_reading, reporter, each);
        reporter.end_game(&name, game.index);
        if ok {
            reporter.ok += 1;
        } else {
            reporter.with_errors += 1;
        }
        if !go_on {
            return false;
        }
    }
    if reporter.games == games_before {
        reporter.skip("empty");
        reporter.io_error(&name, "no game in it (the file is empty or blank)");
    }
    *done_before += read.load(std::sync::atomic::Ordering::Relaxed);
    true
}

/// How a game was read, for telling whether two games of a file read the same way: its game
/// and notation; `None` for a game that could not be read.
fn reading_of(game: &Game) -> Option<String> {
    match &game.body {
        kifu_records::GameBody::Xiangqi(c) => Some(format!("xiangqi {}", c.notation_name)),
        kifu_records::GameBody::Shogi(c) => Some(format!("shogi {}", c.notation_name)),
        kifu_records::GameBody::Unreadable { .. } => None,
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
