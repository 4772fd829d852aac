//! A game whose moves were checked: what every writer of every format is given.

use crate::{GameResult, Position, RawGame, Replayed, Terminal, Termination};

/// A record replayed against the rules, with its terminal word and the text of the moves that
/// could not be read.
#[derive(Clone, Debug)]
pub struct CheckedGame<P: Position> {
    /// The checked record, its start and end positions and diagnostics.
    pub replayed: Replayed<P>,
    /// The terminal word the record ends with, if any.
    pub terminal: Option<Terminal>,
    /// The movetext from the first unread move to the result (or the end of the terminal
    /// word), exactly as written; `None` when every move was read.
    pub rest: Option<String>,
}

impl<P: Position> CheckedGame<P> {
    /// A checked game, the unread rest (if any) cut from `raw`'s text: from the first unread
    /// move (its move number, where it has one) to the end of `terminal`, else to the result
    /// token, else to the end of the game.
    ///
    /// A binary file keeps no text ([`RawGame::source`] is empty): its rest is the unread
    /// moves written as text ([`crate::write_unread_moves`]).
    pub fn new(replayed: Replayed<P>, raw: &RawGame, terminal: Option<Terminal>) -> Self {
        if raw.source.is_empty() && !replayed.unread.is_empty() {
            let rest = Some(crate::write_unread_moves(&replayed.unread));
            return CheckedGame {
                replayed,
                terminal,
                rest,
            };
        }
        let rest = replayed.unread.first().map(|first| {
            let from = first
                .number
                .map_or(first.span.start, |n| n.span.start)
                .offset;
            let base = raw.record.span.start.offset;
            let to = match &terminal {
                Some(t) => t.span.end.offset.saturating_sub(base),
                None => raw
                    .record
                    .result_span
                    .map_or(raw.source.len(), |s| s.start.offset.saturating_sub(base)),
            };
            let from = from.saturating_sub(base);
            raw.source
                .get(from..to.max(from))
                .unwrap_or_default()
                .trim()
                .to_owned()
        });
        CheckedGame {
            replayed,
            terminal,
            rest,
        }
    }

    /// Whether every main-line move was read.
    pub fn is_complete(&self) -> bool {
        self.replayed.unread.is_empty()
    }

    /// The result: the record's (a result token, else the `[Result]` tag or its format's
    /// equivalent), else the board's when the game was read to its end and the side to move
    /// has no legal move, else the one the terminal word implies.
    pub fn result(&self) -> Option<GameResult> {
        let r = &self.replayed;
        r.record
            .result()
            .or_else(|| {
                self.is_complete()
                    .then(|| r.end.outcome().map(|(result, _)| result))
                    .flatten()
            })
            .or_else(|| self.terminal.as_ref().and_then(Terminal::result))
    }

    /// How the game ended: its terminal word, else the board (read to its end, no legal
    /// move), else a `[Termination]` tag naming mate, stalemate, resignation, time or
    /// repetition, else a comment after the last move (or the result) that says a player
    /// resigned.
    pub fn termination(&self) -> Option<Termination> {
        if let Some(t) = &self.terminal {
            return Some(t.termination());
        }
        let r = &self.replayed;
        if self.is_complete()
            && let Some((_, t)) = r.end.outcome()
        {
            return Some(t);
        }
        if let Some(t) = r.record.tag("Termination") {
            let t = t.to_ascii_lowercase();
            for (word, term) in [
                ("mate", Termination::Checkmate),
                ("stalemate", Termination::Stalemate),
                ("resign", Termination::Resignation),
                ("time", Termination::Time),
                ("repetition", Termination::Repetition),
            ] {
                if t.contains(word) {
                    return Some(term);
                }
            }
        }
        let last_comments = r.record.main.moves.last().map(|m| m.comments.as_slice());
        r.record
            .trailing_comments
            .iter()
            .chain(last_comments.unwrap_or_default())
            .any(|c| c.to_ascii_lowercase().contains("resign"))
            .then_some(Termination::Resignation)
    }

    /// The comment that keeps the unread rest of a game: `kifu: not read from ply N (`text`):
    /// the reason; the rest as written:` and the text on the lines after it. `None` when
    /// every move was read.
    pub fn unread_comment(&self) -> Option<String> {
        let r = &self.replayed;
        let first = r.unread.first()?;
        let from = first.number.map_or(first.span.start, |n| n.span.start);
        let reason = r
            .diagnostics
            .iter()
            .find(|d| d.is_error() && d.span.is_some_and(|s| s.start.offset >= from.offset))
            .map_or_else(String::new, |d| {
                format!(": {}", d.message_with_candidates())
            });
        let rest = self.rest.as_deref().unwrap_or_default();
        Some(format!(
            "kifu: not read from ply {} (`{}`){reason}; the rest as written:\n{rest}",
            r.record.main.moves.len() + 1,
            crate::shown_text(&first.text),
        ))
    }
}
