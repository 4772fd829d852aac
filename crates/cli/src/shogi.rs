//! Shogi games: the start position (`[SFEN]`, `[Handicap]`, an engine `position` line), the
//! notation (PSN or USI, given or detected), checking every move, and writing PSN, USI or JSON.

use notation_traits::{
    Diagnostic, GameRecord, GameResult, RawGame, ReplayOptions, Termination, TextNotation,
    position_command,
};
use psn::{Dialect, Psn, PsnGame, Terminal, Usi, write_game, write_game_psn2};
use serde_json::json;
use shogi_board::Position;

use crate::common::{self, Score};
use crate::{InputNotation, ReadOptions};

/// A shogi notation with the words that name it.
pub(crate) type Reading = common::Reading<Position>;

/// A checked shogi game, with its terminal word.
pub(crate) struct Checked {
    pub(crate) inner: common::Checked<Position>,
    pub(crate) terminal: Option<Terminal>,
}

/// The reading `--from` names: PSN means the file's own moves, so a PSN2 file (`[Black]`
/// first) is read as USI moves.
fn given(kind: InputNotation, dialect: Dialect) -> Reading {
    match (kind, dialect) {
        (InputNotation::Psn, Dialect::Psn2) => reading(InputNotation::Usi),
        (kind, _) => reading(kind),
    }
}

fn reading(kind: InputNotation) -> Reading {
    match kind {
        InputNotation::Usi => Reading {
            notation: Box::new(Usi),
            name: "USI moves".to_owned(),
        },
        _ => Reading {
            notation: Box::new(Psn::default()),
            name: "PSN".to_owned(),
        },
    }
}

/// A game ready to compare: its record (terminal word off), start position and reading.
pub(crate) fn prepare_reading(
    raw: &RawGame,
    opts: &ReadOptions,
) -> Result<(GameRecord<()>, Position, Reading), Box<Diagnostic>> {
    let game = prepare(raw);
    let start = game.start.clone()?;
    let (reading, _) = match opts.from {
        Some(kind @ (InputNotation::Psn | InputNotation::Usi)) => (given(kind, game.dialect), None),
        _ => choose(&start, &game.raw.record, game.dialect),
    };
    Ok((game.raw.record, start, reading))
}

/// A game ready to check: its text (an engine line turned into a record), start and terminal.
fn prepare(raw: &RawGame) -> PsnGame {
    let mut raw = raw.clone();
    if let Some(command) = position_command(&raw.record) {
        raw.record = common::record_from_command(&raw.record, command, "SFEN");
    }
    PsnGame::new(raw)
}

/// How well shogi reads a game: the better of PSN and USI (for choosing the game).
pub(crate) fn fit(raw: &RawGame) -> (usize, usize) {
    let game = prepare(raw);
    let Ok(start) = &game.start else {
        return (0, 0);
    };
    [InputNotation::Psn, InputNotation::Usi]
        .into_iter()
        .map(|k| common::score(start, &game.raw.record, reading(k).notation.as_ref()).key())
        .max()
        .unwrap_or((0, 0))
}

/// Reads and checks one game.
pub(crate) fn check(raw: &RawGame, opts: &ReadOptions) -> Result<Checked, Box<Diagnostic>> {
    let game = prepare(raw);
    let start = game.start.clone()?;
    let record = &game.raw.record;
    let (reading, detected) = match opts.from {
        Some(kind @ (InputNotation::Psn | InputNotation::Usi)) => (given(kind, game.dialect), None),
        _ => choose(&start, record, game.dialect),
    };
    let mut replayed = game.replay_in(
        reading.notation.as_ref(),
        ReplayOptions {
            repair: opts.repair,
            ..ReplayOptions::default()
        },
    )?;
    // The reader's own findings (terminal words, result conflicts) come with the game.
    // PsnGame::new appends its findings after the text reader's own.
    let mut diagnostics: Vec<Diagnostic> = game
        .raw
        .diagnostics
        .get(raw.diagnostics.len()..)
        .unwrap_or_default()
        .to_vec();
    // Those about a main-line move (a capture shorthand) get its ply and the position before it.
    let mut pos = replayed.start;
    for entry in &replayed.record.main.moves {
        for d in diagnostics
            .iter_mut()
            .filter(|d| d.ply.is_none() && d.span == Some(entry.span))
        {
            let ply = pos.ply() - replayed.start.ply() + 1;
            *d = d.clone().with_ply(ply).with_position(pos.to_sfen());
        }
        pos.play_unchecked(entry.mv);
    }
    diagnostics.append(&mut replayed.diagnostics);
    replayed.diagnostics = diagnostics;
    let mut inner = common::Checked::new(replayed, detected, &game.raw);
    // The unread rest runs to the end of the terminal word, which the reader took off the
    // moves: it stays with the text kept as written.
    if let (Some(first), Some(t)) = (inner.replayed.unread.first(), &game.terminal) {
        let from = first
            .number
            .map_or(first.span.start, |n| n.span.start)
            .offset;
        let base = game.raw.record.span.start.offset;
        inner.rest = game
            .raw
            .source
            .get(from.saturating_sub(base)..t.span.end.offset.saturating_sub(base))
            .map(|text| text.trim().to_owned());
    }
    Ok(Checked {
        inner,
        terminal: game.terminal,
    })
}

/// PSN or USI by the better score; the dialect's own when they tie.
fn choose(
    start: &Position,
    record: &GameRecord<()>,
    dialect: Dialect,
) -> (Reading, Option<String>) {
    let psn = common::score(start, record, reading(InputNotation::Psn).notation.as_ref());
    let usi = common::score(start, record, reading(InputNotation::Usi).notation.as_ref());
    let better = |a: &Score<shogi_board::Move>, b: &Score<shogi_board::Move>| a.key() > b.key();
    let kind = if better(&usi, &psn) || (usi.key() == psn.key() && dialect != Dialect::Psn) {
        InputNotation::Usi
    } else {
        InputNotation::Psn
    };
    let chosen = reading(kind);
    let read = if kind == InputNotation::Usi {
        &usi
    } else {
        &psn
    };
    let note = format!(
        "detected shogi, {} ({} of {} plies read)",
        chosen.name,
        read.moves.len(),
        record.main.moves.len()
    );
    (chosen, Some(note))
}

/// The game as a PSN file with `notation`'s moves (PSN in a style, or USI).
pub(crate) fn write_psn(checked: &Checked, notation: &dyn TextNotation<Position>) -> String {
    let r = &checked.inner.replayed;
    write_game(
        &r.record,
        &r.start,
        notation,
        checked.terminal.as_ref(),
        checked.inner.unread_comment().as_deref(),
    )
}

/// The game as a PSN2 file: `[Black]` and `[White]` first, USI moves, the terminal word as
/// read (MyShogi's format).
pub(crate) fn write_psn2(checked: &Checked) -> String {
    let r = &checked.inner.replayed;
    write_game_psn2(
        &r.record,
        &r.start,
        checked.terminal.as_ref(),
        checked.inner.unread_comment().as_deref(),
    )
}

/// How the game ended: its terminal word, else the board.
fn termination(checked: &Checked) -> Option<Termination> {
    if let Some(t) = &checked.terminal {
        return Some(t.termination());
    }
    let r = &checked.inner.replayed;
    if r.unread.is_empty() {
        return r.end.outcome().map(|(_, t)| t);
    }
    None
}

/// The game as one JSON object (CLI.md, "JSON game record").
pub(crate) fn write_json(checked: &Checked) -> String {
    let inner = &checked.inner;
    let r = &inner.replayed;
    let record = &r.record;
    let result = inner
        .result()
        .or_else(|| checked.terminal.as_ref().and_then(Terminal::result));
    let mut obj = json!({
        "variant": "shogi",
        "tags": common::tags_json(&record.tags),
        "start": r.start.to_sfen(),
        "comments": record.main.comments,
        "moves": null,
        "result": result.map(GameResult::as_str),
    });
    if let Some(t) = termination(checked) {
        obj["termination"] = json!(t.as_str());
    }
    if let Some(t) = &checked.terminal {
        obj["terminal"] = json!(t.text);
        if let Some(clock) = &t.clock {
            obj["terminal_clock"] = json!(clock);
        }
    }
    if !record.trailing_comments.is_empty() {
        obj["result_comments"] = json!(record.trailing_comments);
    }
    if let Some(rest) = inner.unread_comment() {
        obj["unread"] = json!(rest);
    }
    obj["final"] = json!(r.end.to_sfen());
    common::game_json(&obj, &record.main.moves, &r.start)
}

/// A game that could not be read at all (no notation, a bad SFEN), kept as written.
pub(crate) fn write_failed(raw: &RawGame, error: &Diagnostic) -> String {
    common::write_failed(raw, error, None)
}
