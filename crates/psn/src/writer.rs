//! Writing a checked game as a PSN file, in the layout the strictest readers accept.
//!
//! - Tags: `[Sente]` and `[Gote]` first (from `Sente`/`Gote`, else `Black`/`White`; empty when
//!   unknown), then a full four-field `[SFEN]` (also for the even start), then `[Event]`,
//!   `[Site]`, `[Date]`, `[Round]` when present, `[Result]` (`1-0`, `0-1`, `1/2-1/2` or `*`),
//!   then every other tag in its original order and spelling. A KIF header name (`先手`, `棋戦`,
//!   `開始日時`: a record read from KIF, KI2, CSA or JKF) is written as its PSN tag
//!   ([`shogi_board::psn_tags`]) where the record has no tag of that name. Never `[Black]` first: MyShogi
//!   would take the file for PSN2 and read the moves as USI.
//! - Moves: one numbered ply per line (`1.P-7f`, the SFEN move count numbering them), each with
//!   its glyphs (`$n`), clock time, comments and variations, in the notation's style.
//! - The ending: the terminal word as one more numbered ply, in Shogidokoro's vocabulary
//!   (`182.Resigns`, with its clock time), never a PGN result in the move text (gshogi refuses
//!   one there); comments after the result follow it. A PSN2 word Shogidokoro has no word for
//!   (`MaxMovesDraw`, `DeclarationWin`, `RepetitionDraw`, `RepetitionWin`) is written as its
//!   nearest (`Jishogi`, `Sennichite`) with a `[Termination "MaxMovesDraw"]` tag after
//!   `[Result]`, which other readers skip and kifu reads back as the PSN2 word.
//!
//! Rule: docs/research/shogi-psn.md, "(b) Recommended canonical output"; NOTATIONS.md,
//! "Shogi PSN" (kifu writes `[Sente]`, `[Gote]`, a full `[SFEN]`, then the rest, one numbered
//! ply per line, and the `[Result]` tag).

use notation_traits::{GameRecord, MoveNumbering, TextNotation, write_movetext};
use shogi_board::{Move, Position};

use notation_traits::Terminal;

use crate::TerminalWord;

/// The tags written after `[SFEN]`, before `[Result]`, when present.
const ROSTER: [&str; 4] = ["Event", "Site", "Date", "Round"];

fn push_tag(out: &mut String, name: &str, value: &str) {
    out.push_str(&notation_traits::tag_pair(name, value));
}

/// Writes a checked game as a PSN file (see the module docs for the layout).
///
/// `start` is the position before the first move; `terminal` the game's terminal word, written
/// after the last move (not when `unread` is given); `unread` a text kept after the last move as
/// `;` comment lines, for the moves of a game that could not be read to the end. The `[Result]`
/// is the record's ([`GameRecord::result`]: a PGN result in the move text, else its
/// `[Result]` tag), else the one `terminal` implies, else `*`.
///
/// # Examples
///
/// ```
/// use notation_traits::ReplayOptions;
/// use psn::{Psn, PsnReader, write_game};
///
/// let text = "[Black \"A\"]\n[White \"B\"]\n1.7g7f (00:00:01 / 00:00:01)\n2.3c3d\n3.8h2b+\n4.Resign\n";
/// let game = PsnReader::new(text.as_bytes()).next().unwrap()?;
/// let replayed = game.replay(ReplayOptions::default()).map_err(|d| d.to_string())?;
/// let written = write_game(&replayed.record, &replayed.start, &Psn::default(), game.terminal.as_ref(), None);
/// assert_eq!(
///     written,
///     "[Sente \"A\"]\n[Gote \"B\"]\n\
///      [SFEN \"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\"]\n\
///      [Result \"1-0\"]\n\n\
///      1.P-7f (00:00:01 / 00:00:01)\n2.P-3d\n3.Bx2b+\n4.Resigns\n"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_game(
    record: &GameRecord<Move>,
    start: &Position,
    notation: &dyn TextNotation<Position>,
    terminal: Option<&Terminal>,
    unread: Option<&str>,
) -> String {
    write(record, start, notation, terminal, unread, false)
}

/// Writes a checked game as a PSN2 file (MyShogi's `docs/PSN2format.md`): `[Black]` and
/// `[White]` first instead of `[Sente]` and `[Gote]`, USI moves (`1.7g7f`, `12.P*2c`), and the
/// terminal word as read, PSN2's own words included (`RepetitionWin`, `DeclarationWin`, ...),
/// where [`write_game`] writes Shogidokoro's vocabulary. The rest of the layout is
/// [`write_game`]'s.
///
/// # Examples
///
/// ```
/// use notation_traits::ReplayOptions;
/// use psn::{PsnReader, write_game_psn2};
///
/// let text = "[Black \"A\"]\n[White \"B\"]\n1.7g7f\n2.3c3d\n3.DeclarationWin\n";
/// let game = PsnReader::new(text.as_bytes()).next().unwrap()?;
/// let replayed = game.replay(ReplayOptions::default()).map_err(|d| d.to_string())?;
/// let written = write_game_psn2(&replayed.record, &replayed.start, game.terminal.as_ref(), None);
/// assert!(written.starts_with("[Black \"A\"]\n[White \"B\"]\n[SFEN "));
/// assert!(written.ends_with("\n1.7g7f\n2.3c3d\n3.DeclarationWin\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_game_psn2(
    record: &GameRecord<Move>,
    start: &Position,
    terminal: Option<&Terminal>,
    unread: Option<&str>,
) -> String {
    write(record, start, &crate::Usi, terminal, unread, true)
}

fn write(
    record: &GameRecord<Move>,
    start: &Position,
    notation: &dyn TextNotation<Position>,
    terminal: Option<&Terminal>,
    unread: Option<&str>,
    psn2: bool,
) -> String {
    let mut out = String::new();
    let tags = shogi_board::psn_tags(&record.tags);
    // Every tag is written once: `used` marks the ones already out (a repeated tag keeps all
    // its values).
    let mut used = vec![false; tags.len()];
    let (first, second) = if psn2 {
        ("Black", "White")
    } else {
        ("Sente", "Gote")
    };
    // The player is the first `[Sente]` or `[Black]` tag of the file (PSN2 names it Black).
    for (name, own, other) in [(first, "Sente", "Black"), (second, "Gote", "White")] {
        let i = tags
            .iter()
            .position(|t| t.name.eq_ignore_ascii_case(own) || t.name.eq_ignore_ascii_case(other));
        push_tag(&mut out, name, i.map_or("", |i| tags[i].value.as_str()));
        if let Some(i) = i {
            used[i] = true;
        }
    }
    push_tag(&mut out, "SFEN", &start.to_sfen());
    for name in ROSTER {
        for (i, tag) in tags.iter().enumerate() {
            if !used[i] && tag.name.eq_ignore_ascii_case(name) {
                push_tag(&mut out, name, &tag.value);
                used[i] = true;
            }
        }
    }
    let result = record
        .result()
        .or_else(|| terminal.and_then(Terminal::result))
        .map_or("*", |r| r.as_str());
    push_tag(&mut out, "Result", result);
    // A PSN2 word PSN has no word for (`MaxMovesDraw` becomes `Jishogi`) is kept in a tag every
    // reader skips and kifu reads back ([`PsnGame::new`](crate::PsnGame::new)).
    if let Some(word) = terminal.and_then(|t| TerminalWord::for_kind(t.kind))
        && !psn2
        && word.shogidokoro() != word
        && record.tag("Termination").is_none()
    {
        push_tag(&mut out, "Termination", word.as_str());
    }
    // The start position and the result are written from the game itself.
    let regenerated = |name: &str| {
        ["SFEN", "FEN", "Result"]
            .iter()
            .any(|n| name.eq_ignore_ascii_case(n))
    };
    for (i, tag) in tags.iter().enumerate() {
        if !used[i] && !regenerated(&tag.name) {
            push_tag(&mut out, &tag.name, &tag.value);
        }
    }
    out.push('\n');

    let word = terminal.and_then(|t| Some((t, TerminalWord::for_kind(t.kind)?)));
    let ending = match (word, unread) {
        (Some((t, word)), None) => {
            let ply = start.ply() as usize + record.main.moves.len();
            let word = if psn2 { word } else { word.shogidokoro() };
            let mut line = format!("{ply}.{word}");
            if let Some(clock) = &t.clock {
                line.push_str(&format!(" ({clock})"));
            }
            line
        }
        // A PGN result written in the move text goes back there, so the comments after it
        // stay after it.
        _ => record
            .result_token
            .as_deref()
            .filter(|t| *t == "*" || t.parse::<notation_traits::GameResult>().is_ok())
            .unwrap_or_default()
            .to_owned(),
    };
    out.push_str(&write_movetext(
        record,
        start,
        notation,
        MoveNumbering::PerPly,
        unread,
        (!ending.is_empty()).then_some(ending.as_str()),
    ));
    out
}
