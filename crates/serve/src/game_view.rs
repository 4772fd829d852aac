//! A game as the page shows it: its tags, its moves (as written, in the notation chosen for
//! the move list, in coordinates, with the position after each), its comments and variations
//! where they stand, the moves that could not be read, and its diagnostics.

use kifu_records::{Game, GameBody, Target, WriteOptions, Writer};
use notation_traits::{Line, Position, TextNotation};
use serde_json::{Value, json};

use crate::diagnostics;

/// The notation of the move list: the one each game was read in, or a writer's.
pub(crate) struct Shown {
    writer: Option<Writer>,
    /// What the caller asked for (`chinese`), `None` for the notation as read.
    pub(crate) name: Option<&'static str>,
}

impl Shown {
    /// The notation as read.
    pub(crate) fn as_read() -> Shown {
        Shown {
            writer: None,
            name: None,
        }
    }

    /// A target's notation with `options`' letters and style.
    pub(crate) fn target(options: WriteOptions) -> Shown {
        let name = Some(options.target.name);
        Shown {
            writer: Some(Writer::new(options)),
            name,
        }
    }

    fn xiangqi(&self) -> Option<&dyn TextNotation<xiangqi_board::Position>> {
        self.writer
            .as_ref()
            .and_then(Writer::xiangqi_notation)
            .map(|n| n as &dyn TextNotation<xiangqi_board::Position>)
    }

    fn shogi(&self) -> Option<&dyn TextNotation<shogi_board::Position>> {
        self.writer
            .as_ref()
            .and_then(Writer::shogi_notation)
            .map(|n| n as &dyn TextNotation<shogi_board::Position>)
    }
}

/// Whether `name` is a target that writes moves one by one (a notation, not a file format).
pub(crate) fn is_move_notation(target: Target) -> bool {
    target.notation.is_some()
}

/// `game` as JSON, its moves also written as `shown` says.
pub(crate) fn to_json(game: &Game, shown: &Shown) -> Value {
    let tags: Vec<Value> = game
        .tags()
        .iter()
        .map(|t| json!({"name": t.name, "value": t.value}))
        .collect();
    let diagnostics: Vec<Value> = game
        .diagnostics
        .iter()
        .map(|d| diagnostics::to_json(d, game.index))
        .collect();
    let (moves, comments, unread, notation, shown_as) = match &game.body {
        GameBody::Xiangqi(c) => {
            let own = c.notation.as_ref() as &dyn TextNotation<_>;
            let (with, name) = match shown.xiangqi() {
                Some(n) => (n, shown.name),
                None => (own, None),
            };
            let r = &c.game.replayed;
            (
                line_json(&r.record.main, &r.start, None, with, 1),
                r.record.main.comments.clone(),
                unread_json(&r.unread, r.record.main.moves.len()),
                c.notation_name.clone(),
                name,
            )
        }
        GameBody::Shogi(c) => {
            let own = c.notation.as_ref() as &dyn TextNotation<_>;
            let (with, name) = match shown.shogi() {
                Some(n) => (n, shown.name),
                None => (own, None),
            };
            let r = &c.game.replayed;
            (
                line_json(&r.record.main, &r.start, None, with, 1),
                r.record.main.comments.clone(),
                unread_json(&r.unread, r.record.main.moves.len()),
                c.notation_name.clone(),
                name,
            )
        }
        GameBody::Unreadable { .. } => (
            Vec::new(),
            game.raw.record.main.comments.clone(),
            unread_json(&game.raw.record.main.moves, 0),
            String::new(),
            None,
        ),
    };
    json!({
        "index": game.index,
        "variant": game.variant().name(),
        "format": game.format.name(),
        "notation": notation,
        "shown": shown_as,
        "detected": game.detected,
        "tags": tags,
        "start": game.start_position(),
        "final": game.final_position(),
        "result": game.result().map(|r| r.to_string()),
        "comments": comments,
        "moves": moves,
        "unread": unread,
        "trailing_comments": game.raw.record.trailing_comments,
        "errors": game.has_errors(),
        "diagnostics": diagnostics,
    })
}

/// The moves of `line` from `start` (the move before it `previous`), the first at `ply`.
fn line_json<P: Position>(
    line: &Line<P::Move>,
    start: &P,
    previous: Option<P::Move>,
    notation: &dyn TextNotation<P>,
    ply: usize,
) -> Vec<Value> {
    let mut pos = start.clone();
    let mut previous = previous;
    let mut out = Vec::with_capacity(line.moves.len());
    for (i, entry) in line.moves.iter().enumerate() {
        let shown = notation.write_after(&pos, previous, entry.mv);
        let variations: Vec<Value> = entry
            .variations
            .iter()
            .map(|v| {
                json!({
                    "comments": v.comments,
                    "moves": line_json(v, &pos, previous, notation, ply + i),
                })
            })
            .collect();
        pos.play_unchecked(entry.mv);
        out.push(json!({
            "ply": ply + i,
            "text": entry.text,
            "shown": shown,
            "coord": entry.mv.to_string(),
            "line": entry.span.start.line,
            "column": entry.span.start.column,
            "position": pos.to_text(),
            "comments": entry.comments,
            "nags": entry.nags,
            "clock": entry.clock,
            "variations": variations,
        }));
        previous = Some(entry.mv);
    }
    out
}

/// Moves that could not be read, as written, the first after `read` plies.
fn unread_json<M>(moves: &[notation_traits::MoveEntry<M>], read: usize) -> Vec<Value> {
    moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            json!({
                "ply": read + i + 1,
                "text": m.text,
                "line": m.span.start.line,
                "column": m.span.start.column,
            })
        })
        .collect()
}
