//! Checking a game read from a KIF or KI2 file: every move replayed, and the terminal word
//! judged against the position the moves reach.
//!
//! The records layer does this for every format ([`notation_traits::replay_with`] with the
//! game's notation, [`shogi_board::judge_terminal`] for the terminal word); [`check`] is the
//! same for one KIF or KI2 game, for callers of this crate alone and for its tests.

use notation_traits::{
    CheckedGame, Diagnostic, FormatGame, ReplayOptions, Replayed, Severity, Terminal, replay_into,
};
use shogi_board::{Position, judge_terminal};

use crate::notation::KifNotation;

/// Why `terminal` does not fit the game `replayed` played (a `詰み` where the side to move is
/// not checkmated, a `千日手` without four repetitions, an `入玉勝ち` the 27-point rule
/// refuses): a `terminal-mismatch` warning at the word, with the final position; `None` when
/// it fits, when the rules cannot tell (投了, 中断, ...), or when not every move was read.
///
/// Rule: [`shogi_board::judge_terminal`].
pub fn terminal_mismatch(terminal: &Terminal, replayed: &Replayed<Position>) -> Option<Diagnostic> {
    if !replayed.unread.is_empty() {
        return None;
    }
    let moves: Vec<_> = replayed.record.main.moves.iter().map(|m| m.mv).collect();
    let why = judge_terminal(
        terminal.kind,
        &replayed.start,
        &moves,
        replayed.record.result(),
    )?;
    Some(
        Diagnostic::new(
            Severity::Warning,
            "terminal-mismatch",
            format!("`{}` written, but {why}", terminal.text),
        )
        .at(terminal.span)
        .with_text(terminal.text.clone())
        .with_position(replayed.end.to_sfen()),
    )
}

/// Replays a game read by [`crate::Kif`] or [`crate::Ki2`] with its notation (KIF's when it
/// has none) and judges its terminal word ([`terminal_mismatch`]); the reader's diagnostics
/// come first in the result's.
///
/// # Errors
///
/// The start position's diagnostic when the file gives none that can be played (a board
/// diagram that is no position, an unknown 手合割 without a diagram).
///
/// # Examples
///
/// ```
/// use notation_traits::{RecordFormat, ReplayOptions};
/// use kif::{Kif, check};
///
/// let text = "手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 詰み\n";
/// let game = Kif.read(Box::new(text.as_bytes())).next().unwrap()?;
/// let checked = check(game, ReplayOptions::default())?;
/// assert_eq!(checked.replayed.record.main.moves.len(), 2);
/// let d = &checked.replayed.diagnostics[0];
/// assert_eq!(d.code, "terminal-mismatch");
/// assert_eq!(d.message, "`詰み` written, but the black king is not checkmated");
/// assert_eq!((d.span.unwrap().start.line, d.span.unwrap().start.column), (4, 6));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check(
    game: FormatGame<Position>,
    options: ReplayOptions,
) -> Result<CheckedGame<Position>, Box<Diagnostic>> {
    let FormatGame {
        mut raw,
        start,
        notation,
        terminal,
    } = game;
    let start = start?;
    // The record is given up to the replay, which moves its texts instead of copying them;
    // `CheckedGame::new` reads only its span and result span, which the replayed record has.
    let record = std::mem::take(&mut raw.record);
    let mut replayed = match &notation {
        Some(n) => replay_into(record, start, n.as_ref(), options, Vec::new()),
        None => replay_into(record, start, &KifNotation, options, Vec::new()),
    };
    raw.record.span = replayed.record.span;
    raw.record.result_span = replayed.record.result_span;
    if let Some(t) = &terminal
        && let Some(d) = terminal_mismatch(t, &replayed)
    {
        replayed.diagnostics.push(d);
    }
    let mut diagnostics = raw.diagnostics.clone();
    diagnostics.append(&mut replayed.diagnostics);
    replayed.diagnostics = diagnostics;
    Ok(CheckedGame::new(replayed, &raw, terminal))
}
