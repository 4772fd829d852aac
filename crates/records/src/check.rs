//! Checking a game as read: the start position, the notation (given, fixed by the format, or
//! detected), every move replayed against the rules, the terminal word judged against the
//! position, everything found gathered in one list.

use std::collections::HashMap;

use notation_traits::{
    CheckedGame, Diagnostic, FormatGame, RawGame, ReplayOptions, Resolved, Span, Terminal,
    TextNotation, replay_read, replay_with,
};
use psn::{Dialect, PsnGame};
use xiangqi_pgn::PgnGame;

use crate::{Checked, FormatRef, Game, GameBody, Notation, ReadOptions, Variant};

fn replay_options(options: &ReadOptions) -> ReplayOptions {
    ReplayOptions {
        repair: options.repair,
        ..ReplayOptions::default()
    }
}

/// A game that cannot be checked at all.
pub(crate) fn unreadable(
    index: usize,
    format: FormatRef,
    raw: RawGame,
    variant: Variant,
    error: Box<Diagnostic>,
) -> Game {
    let mut diagnostics = raw.diagnostics.clone();
    let raw_len = diagnostics.len();
    diagnostics.push((*error).clone());
    Game {
        index,
        format,
        raw,
        diagnostics,
        detected: None,
        before_detection: raw_len,
        body: GameBody::Unreadable { variant, error },
    }
}

/// Checks a game of a PGN-style file (xiangqi PGN, PSN): its game decided as
/// [`crate::detect`] says, then its notation.
pub(crate) fn pgn_style(
    index: usize,
    format: FormatRef,
    raw: RawGame,
    options: &ReadOptions,
    shogi_hint: bool,
) -> Game {
    match crate::detect::variant_and_how(&raw, options, shogi_hint) {
        (Variant::Xiangqi, by_moves) => {
            let mut game = xiangqi_pgn(index, format, raw, options);
            if by_moves {
                name_shogi_tried(&mut game);
            }
            game
        }
        (Variant::Shogi, _) => psn_game(index, format, raw, options),
    }
}

/// A game whose moves read in no notation, taken for xiangqi after shogi's notations were
/// tried too: the notations tried include shogi's (PSN, USI moves).
fn name_shogi_tried(game: &mut Game) {
    let tried = |d: &mut Diagnostic| {
        if d.code == "notation-not-detected"
            && let Some(list) = d.message.strip_suffix(')')
        {
            d.message = format!("{list}; shogi: PSN; shogi: USI moves)");
        }
    };
    game.diagnostics.iter_mut().for_each(tried);
    if let GameBody::Unreadable { error, .. } = &mut game.body {
        tried(error);
    }
}

fn xiangqi_pgn(index: usize, format: FormatRef, raw: RawGame, options: &ReadOptions) -> Game {
    let game = PgnGame::new(raw);
    let hints = options.xiangqi_hints();
    let checked = game.reading(hints).and_then(|(reading, detected)| {
        let checked = game.check(&reading, hints, replay_options(options))?;
        Ok((reading, detected, checked))
    });
    match checked {
        Err(error) => unreadable(index, format, game.raw, Variant::Xiangqi, error),
        Ok((reading, detected, checked)) => {
            let mut diagnostics = game.raw.diagnostics.clone();
            diagnostics.extend(checked.replayed.diagnostics.iter().cloned());
            Game {
                index,
                format,
                before_detection: game.raw.diagnostics.len(),
                raw: game.raw,
                diagnostics,
                detected,
                body: GameBody::Xiangqi(Box::new(Checked {
                    game: checked,
                    notation: reading.notation,
                    notation_name: reading.name,
                })),
            }
        }
    }
}

fn psn_game(index: usize, format: FormatRef, raw: RawGame, options: &ReadOptions) -> Game {
    // The text reader's own diagnostics come first; PsnGame adds its findings after them.
    let text_reader = raw.diagnostics.len();
    let game = PsnGame::new(raw);
    let given = match options.notation {
        // PSN means the file's own moves: a PSN2 file's are USI.
        Some(Notation::Psn) if game.dialect == Dialect::Psn2 => Some(Dialect::Psn2),
        Some(Notation::Psn) => Some(Dialect::Psn),
        Some(Notation::Usi) => Some(Dialect::Usi),
        _ => None,
    };
    // The moves detection read, for the checked replay to take instead of reading again.
    let mut read = Vec::new();
    let (dialect, detected) = match given {
        Some(d) => (d, None),
        None => match game.best_reading() {
            Some((d, best)) => {
                let fit = best.fit;
                read = best.read;
                let name = if d == Dialect::Psn {
                    "PSN"
                } else {
                    "USI moves"
                };
                let note = format!(
                    "detected shogi, {name} ({} of {} read)",
                    fit.moves.len(),
                    match game.raw.record.main.moves.len() {
                        1 => "1 ply".to_owned(),
                        n => format!("{n} plies"),
                    }
                );
                (d, Some(note))
            }
            None => (game.dialect, None),
        },
    };
    let name = if dialect == Dialect::Psn {
        "PSN"
    } else {
        "USI moves"
    };
    let start = match &game.start {
        Ok(start) => *start,
        Err(error) => {
            let error = error.clone();
            return unreadable(index, format, game.raw, Variant::Shogi, error);
        }
    };
    let notation = game.notation(dialect);
    let mut out = shogi(
        index,
        format,
        game.raw,
        start,
        game.terminal,
        notation,
        name.to_owned(),
        options,
        text_reader,
        read,
    );
    out.detected = detected;
    out.before_detection = text_reader;
    out
}

/// Checks a shogi game from its start with `notation`; the reader's diagnostics from
/// `enrich_from` on that stand at a main-line move get its ply and position, and the terminal
/// word is judged ([`shogi_board::check_terminal`]).
#[allow(clippy::too_many_arguments)]
fn shogi(
    index: usize,
    format: FormatRef,
    raw: RawGame,
    start: shogi_board::Position,
    terminal: Option<Terminal>,
    notation: Box<dyn TextNotation<shogi_board::Position> + Send + Sync>,
    notation_name: String,
    options: &ReadOptions,
    enrich_from: usize,
    read: Vec<Resolved<shogi_board::Move>>,
) -> Game {
    let mut replayed = replay_read(
        &raw.record,
        start,
        notation.as_ref(),
        replay_options(options),
        read,
    );
    if let Some(d) = terminal
        .as_ref()
        .and_then(|t| shogi_board::check_terminal(t, &replayed))
    {
        replayed.diagnostics.push(d);
    }
    let mut diagnostics = raw.diagnostics.clone();
    enrich(
        &mut diagnostics[enrich_from.min(raw.diagnostics.len())..],
        &raw.record.main,
        &replayed,
    );
    diagnostics.extend(replayed.diagnostics.iter().cloned());
    let game = CheckedGame::new(replayed, &raw, terminal);
    Game {
        index,
        format,
        before_detection: raw.diagnostics.len(),
        raw,
        diagnostics,
        detected: None,
        body: GameBody::Shogi(Box::new(Checked {
            game,
            notation,
            notation_name,
        })),
    }
}

/// Gives the reader's diagnostics that stand at a move (a capture shorthand) and have no ply the
/// move's ply and, where the move was read, the position before it; a move not read gets its
/// ply from where it stands in the record (a variation of move `i` replaces it: its first move
/// is ply `i + 1`). In time linear in moves
/// plus diagnostics: the moves are found by their span.
fn enrich(
    diagnostics: &mut [Diagnostic],
    main: &notation_traits::Line<()>,
    replayed: &notation_traits::Replayed<shogi_board::Position>,
) {
    let mut at: HashMap<Span, Vec<usize>> = HashMap::new();
    for (k, d) in diagnostics.iter().enumerate() {
        if let (None, Some(span)) = (d.ply, d.span) {
            at.entry(span).or_default().push(k);
        }
    }
    if at.is_empty() {
        return;
    }
    // The lines read, each with the ply of its first move and the position before it; the
    // reader caps the nesting of variations, but there is no recursion either way.
    let mut lines = vec![(&replayed.record.main, 1u32, replayed.start)];
    while let Some((line, first, mut pos)) = lines.pop() {
        for (k, entry) in line.moves.iter().enumerate() {
            lines.extend(entry.variations.iter().map(|v| (v, first + k as u32, pos)));
            if let Some(found) = at.remove(&entry.span) {
                let position = pos.to_sfen();
                for d in found {
                    diagnostics[d].ply = Some(first + k as u32);
                    diagnostics[d].position = Some(position.clone());
                }
            }
            pos.play_unchecked(entry.mv);
        }
    }
    // The rest (moves not read) by where they stand in the record.
    let mut lines = vec![(main, 1u32)];
    while let Some((line, first)) = lines.pop() {
        if at.is_empty() {
            return;
        }
        for (k, entry) in line.moves.iter().enumerate() {
            let ply = first + k as u32;
            lines.extend(entry.variations.iter().map(|v| (v, ply)));
            for d in at.remove(&entry.span).unwrap_or_default() {
                diagnostics[d].ply = Some(ply);
            }
        }
    }
}

/// Checks a xiangqi game read by a format of its own (its notation fixed by the format).
pub(crate) fn xiangqi_format(
    index: usize,
    format: FormatRef,
    game: FormatGame<xiangqi_board::Position>,
    options: &ReadOptions,
) -> Game {
    let FormatGame {
        raw,
        start,
        notation,
        terminal,
    } = game;
    let start = match start {
        Ok(s) => s,
        Err(e) => return unreadable(index, format, raw, Variant::Xiangqi, e),
    };
    let notation = notation
        .unwrap_or_else(|| Box::new(iccs_algebraic::Iccs::new(iccs_algebraic::IccsStyle::Engine)));
    let replayed = replay_with(
        &raw.record,
        start,
        notation.as_ref(),
        replay_options(options),
    );
    let mut diagnostics = raw.diagnostics.clone();
    diagnostics.extend(replayed.diagnostics.iter().cloned());
    let game = CheckedGame::new(replayed, &raw, terminal);
    Game {
        index,
        format,
        before_detection: raw.diagnostics.len(),
        raw,
        diagnostics,
        detected: None,
        body: GameBody::Xiangqi(Box::new(Checked {
            game,
            notation,
            notation_name: format.info().title.to_owned(),
        })),
    }
}

/// Checks a shogi game read by a format of its own (its notation fixed by the format, USI
/// when it gives none).
pub(crate) fn shogi_format(
    index: usize,
    format: FormatRef,
    game: FormatGame<shogi_board::Position>,
    options: &ReadOptions,
) -> Game {
    let FormatGame {
        raw,
        start,
        notation,
        terminal,
    } = game;
    let start = match start {
        Ok(s) => s,
        Err(e) => return unreadable(index, format, raw, Variant::Shogi, e),
    };
    let notation = notation.unwrap_or_else(|| Box::new(psn::Usi));
    shogi(
        index,
        format,
        raw,
        start,
        terminal,
        notation,
        format.info().title.to_owned(),
        options,
        0,
        Vec::new(),
    )
}
