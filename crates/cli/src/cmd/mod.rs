//! The subcommands.

pub(crate) mod check;
pub(crate) mod compare;
pub(crate) mod convert;
pub(crate) mod perft;

use notation_traits::{GameReader, RawGame};

use crate::report::{Reporter, Source};
use crate::{ReadOptions, Variant, input, shogi, xiangqi};

/// A game as the subcommands get it: checked, or not readable at all.
pub(crate) enum Game<'a> {
    /// A xiangqi game, read and checked (it may still hold errors).
    Xiangqi(&'a xiangqi::Checked),
    /// A shogi game, read and checked (it may still hold errors).
    Shogi(&'a shogi::Checked),
    /// Not readable at all: no notation fits, a bad FEN or SFEN.
    Failed {
        /// The game as read from the file.
        raw: &'a RawGame,
        /// Why.
        error: &'a notation_traits::Diagnostic,
        /// The game it was taken for.
        variant: Variant,
    },
}

/// Which game a record holds: `--variant`, else the game of `--from`, else its tags (`[Variant]`
/// naming it; `[FEN]`, `[Game]`, `[Format]`, `[Red]` for xiangqi; `[SFEN]`, `[Handicap]`,
/// `[Sente]`, `[Gote]` for shogi), else the one whose notations read more of its moves (xiangqi
/// on a tie).
pub(crate) fn variant_of(raw: &RawGame, opts: &ReadOptions, file: &str) -> Variant {
    if let Some(v) = opts.variant {
        return v;
    }
    if let Some(from) = opts.from {
        return from.variant();
    }
    let has = |names: &[&str]| names.iter().any(|n| raw.record.tag(n).is_some());
    match raw
        .record
        .tag("Variant")
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        Some("xiangqi") => return Variant::Xiangqi,
        Some("shogi") => return Variant::Shogi,
        _ => {}
    }
    if raw.record.tag("SFEN").is_some() {
        return Variant::Shogi;
    }
    // An engine command: USI's `position sfen`, else a FEN's rank count.
    if raw
        .record
        .main
        .moves
        .first()
        .is_some_and(|m| m.text == "position")
        && let Some(command) = notation_traits::position_command(&raw.record)
    {
        if raw
            .record
            .main
            .moves
            .get(1)
            .is_some_and(|m| m.text == "sfen")
        {
            return Variant::Shogi;
        }
        if let Some(fen) = &command.start {
            let board = fen.split_whitespace().next().unwrap_or("");
            return if board.matches('/').count() == 8 {
                Variant::Shogi
            } else {
                Variant::Xiangqi
            };
        }
    }
    if let Some(fen) = raw.record.tag("FEN") {
        // A shogi board has nine ranks, a xiangqi board ten; old PSN files put the shogi
        // start position in a `[FEN]` tag with the hands as piece counts.
        let board = fen.split_whitespace().next().unwrap_or("");
        if board.matches('/').count() == 8 || psn::old_fen_to_sfen(fen).is_ok() {
            return Variant::Shogi;
        }
        return Variant::Xiangqi;
    }
    if has(&["Game", "Format", "Red", "ECCO"]) {
        return Variant::Xiangqi;
    }
    if has(&["SFEN", "Handicap", "Sente", "Gote"]) {
        return Variant::Shogi;
    }
    let shogi = shogi::fit(raw);
    let xiangqi = xiangqi::fit(raw, opts);
    // Nothing reads (a file of comments only): a .psn file is shogi.
    let psn_file = file
        .rsplit('.')
        .next()
        .is_some_and(|e| e.eq_ignore_ascii_case("psn"));
    if shogi > xiangqi || (shogi == xiangqi && psn_file) {
        Variant::Shogi
    } else {
        Variant::Xiangqi
    }
}

/// Where a game comes from.
pub(crate) struct Origin<'a> {
    /// The file's name for messages.
    pub(crate) name: &'a str,
    /// The game's index in its file, from 1.
    pub(crate) game_no: usize,
}

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

/// Reads every game of every input, checks it and hands it to `each` with where it comes from;
/// reports what was found.
pub(crate) fn for_each_game(
    files: &[std::path::PathBuf],
    opts: &ReadOptions,
    reporter: &mut Reporter,
    mut each: impl FnMut(&Origin<'_>, Game<'_>, bool, &mut Reporter) -> After,
) {
    let items = input::expand(files, opts.recursive);
    reporter.start_progress(input::total_size(&items), items.len());
    let mut done_before = 0;
    for item in items {
        let item = match item {
            Ok(i) => i,
            Err((name, e)) => {
                reporter.io_error(&name, &e.to_string());
                continue;
            }
        };
        let input = match input::open(&item.path, opts.encoding) {
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
        let games_before = reporter.games;
        for (index, game) in GameReader::new(input.reader).enumerate() {
            let origin = Origin {
                name: &name,
                game_no: index + 1,
            };
            let raw = match game {
                Ok(g) => g,
                Err(e) => {
                    // Undecodable bytes spoil one game; the reader goes on with the next. The
                    // game counts, so that the next one's number matches the summary.
                    reporter.io_error_in_game(&name, Some(origin.game_no), &e.to_string());
                    reporter.games += 1;
                    reporter.with_errors += 1;
                    continue;
                }
            };
            reporter.games += 1;
            reporter.progress(done_before + input.read.get(), &name);
            let (ok, go_on) = check_one(&raw, &origin, opts, reporter, &mut each);
            reporter.end_game(&name, origin.game_no);
            if ok {
                reporter.ok += 1;
            } else {
                reporter.with_errors += 1;
            }
            if !go_on {
                return;
            }
        }
        if reporter.games == games_before {
            reporter.note(&format!(
                "{name}: no game in it (the file is empty or blank)"
            ));
        }
        done_before += input.read.get();
    }
}

/// Checks one game, reports its diagnostics and hands it on; returns whether it was clean and
/// whether to go on.
fn check_one(
    raw: &RawGame,
    origin: &Origin<'_>,
    opts: &ReadOptions,
    reporter: &mut Reporter,
    each: &mut impl FnMut(&Origin<'_>, Game<'_>, bool, &mut Reporter) -> After,
) -> (bool, bool) {
    let (name, game_no) = (origin.name, origin.game_no);
    // A line of kifu's JSON (`{"variant": ...}`), not a PGN comment that starts so.
    let json_line = raw.source.trim_start().starts_with("{\"variant\"")
        && raw
            .source
            .lines()
            .find(|l| !l.trim().is_empty())
            .is_some_and(|l| {
                serde_json::from_str::<serde_json::Value>(l)
                    .is_ok_and(|v| v.get("variant").is_some())
            });
    if raw.record.tags.is_empty() && json_line {
        let d = notation_traits::Diagnostic::new(
            notation_traits::Severity::Error,
            "json-input",
            "this looks like kifu's JSON output: reading JSON is not supported yet; give the PGN or PSN file",
        )
        .in_file(name)
        .in_game(game_no);
        reporter.emit(&d, None);
        return (false, true);
    }
    let source = Source::new(&raw.source, raw.record.span.start.line);
    let mut clean = true;
    for d in &raw.diagnostics {
        clean &= !reporter.is_error(d);
        reporter.emit(&d.clone().in_file(name).in_game(game_no), Some(&source));
    }
    let variant = variant_of(raw, opts, name);
    let checked = match variant {
        Variant::Xiangqi => xiangqi::check(raw, opts).map(|c| Checked::Xiangqi(Box::new(c))),
        Variant::Shogi => shogi::check(raw, opts).map(|c| Checked::Shogi(Box::new(c))),
    };
    match checked {
        Err(d) => {
            let d = d.in_file(name).in_game(game_no);
            reporter.emit(&d, Some(&source));
            let game = Game::Failed {
                raw,
                error: &d,
                variant,
            };
            let go_on = each(origin, game, false, reporter) != After::Stop;
            (false, go_on)
        }
        Ok(checked) => {
            let (detected, diagnostics) = match &checked {
                Checked::Xiangqi(c) => (&c.detected, &c.replayed.diagnostics),
                Checked::Shogi(c) => (&c.inner.detected, &c.inner.replayed.diagnostics),
            };
            if let Some(note) = detected {
                reporter.note(&format!("{name}: game {game_no}: {note}"));
            }
            for d in diagnostics {
                clean &= !reporter.is_error(d);
                reporter.emit(&d.clone().in_file(name).in_game(game_no), Some(&source));
            }
            let game = match &checked {
                Checked::Xiangqi(c) => Game::Xiangqi(c),
                Checked::Shogi(c) => Game::Shogi(c),
            };
            match each(origin, game, clean, reporter) {
                After::Next => (clean, true),
                After::Failed => (false, true),
                After::Stop => (clean, false),
            }
        }
    }
}

/// A checked game of either kind, owned.
enum Checked {
    Xiangqi(Box<xiangqi::Checked>),
    Shogi(Box<shogi::Checked>),
}
