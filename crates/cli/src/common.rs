//! What the two games share on the command line: a checked game, choosing among readings,
//! the text kept as written, and the parts of the JSON record.

use notation_traits::{
    Diagnostic, GameRecord, GameResult, MoveEntry, Position, PositionCommand, RawGame, Replayed,
    Tag, TextNotation,
};
use serde_json::{Value, json};

/// A notation with the words that name it.
pub(crate) struct Reading<P: Position> {
    pub(crate) notation: Box<dyn TextNotation<P>>,
    pub(crate) name: String,
}

/// A game checked with its reading.
pub(crate) struct Checked<P: Position> {
    pub(crate) replayed: Replayed<P>,
    /// What detection chose, to say on standard error.
    pub(crate) detected: Option<String>,
    /// The movetext from the first unread move to the result, exactly as written.
    pub(crate) rest: Option<String>,
}

impl<P: Position> Checked<P> {
    /// A checked game, its unread rest taken from the game's text.
    pub(crate) fn new(replayed: Replayed<P>, detected: Option<String>, raw: &RawGame) -> Self {
        let rest = replayed.unread.first().map(|first| {
            source_from(
                raw,
                first
                    .number
                    .map_or(first.span.start, |n| n.span.start)
                    .offset,
            )
        });
        Checked {
            replayed,
            detected,
            rest,
        }
    }

    /// The result: the record's (movetext token, else `[Result]` tag), else the board's when the
    /// game was read to its end and the side to move has no legal move.
    pub(crate) fn result(&self) -> Option<GameResult> {
        let r = &self.replayed;
        r.record.result().or_else(|| {
            r.unread
                .is_empty()
                .then(|| r.end.outcome().map(|(result, _)| result))
                .flatten()
        })
    }

    /// The comment that keeps the unread rest of a game: the reason, then the text as written.
    pub(crate) fn unread_comment(&self) -> Option<String> {
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
            first.text,
        ))
    }
}

/// How well a reading fits a game: the moves it reads in turn before the first that fails, and
/// how many of the game's texts it takes as well-formed moves at all.
pub(crate) struct Score<M> {
    pub(crate) moves: Vec<M>,
    pub(crate) parsed: usize,
}

impl<M> Score<M> {
    /// The comparable part: moves read in turn, then texts read as moves.
    pub(crate) fn key(&self) -> (usize, usize) {
        (self.moves.len(), self.parsed)
    }
}

/// Scores `notation` on `record` from `start`.
pub(crate) fn score<P: Position>(
    start: &P,
    record: &GameRecord<()>,
    notation: &dyn TextNotation<P>,
) -> Score<P::Move> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for entry in &record.main.moves {
        match notation.read_quickly(&pos, &entry.text) {
            Ok(r) => {
                pos.play_unchecked(r.mv);
                moves.push(r.mv);
            }
            Err(_) => break,
        }
    }
    let parsed = record
        .main
        .moves
        .iter()
        .filter(|e| notation.parses(&e.text))
        .count();
    Score { moves, parsed }
}

/// The text of `raw` from `from` (an offset in its file) to the result token or the end.
pub(crate) fn source_from(raw: &RawGame, from: usize) -> String {
    let base = raw.record.span.start.offset;
    let to = raw
        .record
        .result_span
        .map_or(raw.source.len(), |s| s.start.offset.saturating_sub(base));
    let from = from.saturating_sub(base);
    raw.source
        .get(from..to.max(from))
        .unwrap_or_default()
        .trim()
        .to_owned()
}

/// The movetext of `raw` after its tags, exactly as written.
pub(crate) fn movetext_of(raw: &RawGame) -> String {
    let after_tags = raw
        .record
        .tags
        .iter()
        .map(|t| t.span.end.offset)
        .max()
        .unwrap_or(raw.record.span.start.offset);
    let base = raw.record.span.start.offset;
    raw.source
        .get(after_tags.saturating_sub(base)..)
        .unwrap_or_default()
        .trim()
        .to_owned()
}

/// A record for an engine `position` command: a tag named `tag` (`FEN` or `SFEN`) for its
/// start, its moves.
pub(crate) fn record_from_command(
    raw: &GameRecord<()>,
    command: PositionCommand,
    tag: &str,
) -> GameRecord<()> {
    let mut record = GameRecord {
        span: raw.span,
        ..GameRecord::default()
    };
    if let Some(fen) = command.start {
        record.tags.push(Tag {
            name: tag.to_owned(),
            value: fen,
            span: raw.main.moves.get(1).map_or(raw.span, |t| t.span),
        });
    }
    record.main.moves = command.moves;
    record
}

/// The moves of a line as a JSON array (CLI.md, "JSON game record"), written to `out` move by
/// move so that a long game never holds its whole tree of JSON values; `first_ply` is the ply
/// of the first.
pub(crate) fn write_moves_json<P: Position>(
    out: &mut String,
    moves: &[MoveEntry<P::Move>],
    start: &P,
    first_ply: u32,
) {
    let mut pos = start.clone();
    out.push('[');
    for (i, m) in moves.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let mut obj = json!({
            "ply": first_ply + i as u32,
            "text": m.text,
            "coord": m.mv.to_string(),
            "comments": m.comments,
        });
        if let Some(clock) = &m.clock {
            obj["clock"] = json!(clock);
        }
        if !m.nags.is_empty() {
            obj["nags"] = json!(m.nags);
        }
        if m.variations.is_empty() {
            out.push_str(&obj.to_string());
        } else {
            // Comments before a variation's first move, one list per variation.
            if m.variations.iter().any(|v| !v.comments.is_empty()) {
                obj["variation_comments"] =
                    json!(m.variations.iter().map(|v| &v.comments).collect::<Vec<_>>());
            }
            // `"variations"` goes after `"nags"`, before `"variation_comments"`, as before.
            let comments = obj
                .as_object_mut()
                .and_then(|o| o.shift_remove("variation_comments"));
            let text = obj.to_string();
            out.push_str(&text[..text.len() - 1]);
            out.push_str(",\"variations\":[");
            for (k, v) in m.variations.iter().enumerate() {
                if k > 0 {
                    out.push(',');
                }
                write_moves_json(out, &v.moves, &pos, first_ply + i as u32);
            }
            out.push(']');
            if let Some(c) = comments {
                out.push_str(",\"variation_comments\":");
                out.push_str(&c.to_string());
            }
            out.push('}');
        }
        pos.play_unchecked(m.mv);
    }
    out.push(']');
}

/// `obj` (built with `"moves": null`) as JSON text, with the moves written in place of the
/// null by [`write_moves_json`].
pub(crate) fn game_json<P: Position>(
    obj: &Value,
    moves: &[MoveEntry<P::Move>],
    start: &P,
) -> String {
    let text = obj.to_string();
    // Inside JSON strings every `"` is escaped, so the first `"moves":null` is the key itself.
    let key = "\"moves\":null";
    let Some(at) = text.find(key) else {
        return text;
    };
    let mut out = String::with_capacity(text.len() + moves.len() * 96);
    out.push_str(&text[..at]);
    out.push_str("\"moves\":");
    write_moves_json(&mut out, moves, start, 1);
    out.push_str(&text[at + key.len()..]);
    out
}

/// The tags as a JSON object, keys as written; a repeated name gets ` (2)`, ` (3)`... so no
/// value is lost.
pub(crate) fn tags_json(tags: &[Tag]) -> Value {
    let mut map = serde_json::Map::new();
    // The last number given to each name, so that many repeats take linear time.
    let mut last: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for t in tags {
        let mut key = t.name.clone();
        let n = last.entry(t.name.as_str()).or_insert(1);
        while map.contains_key(&key) {
            *n += 1;
            key = format!("{} ({n})", t.name);
        }
        map.insert(key, json!(t.value));
    }
    Value::Object(map)
}

/// A tag pair line, the value escaped.
pub(crate) fn tag_line(name: &str, value: &str) -> String {
    format!(
        "[{name} \"{}\"]\n",
        value.replace('\\', "\\\\").replace('"', "\\\"")
    )
}

/// A game that could not be read at all (no notation, a bad start position), kept as written:
/// `first` (a tag the format needs first, unless present), its tags, its movetext as `;` comment
/// lines after the reason, its result.
pub(crate) fn write_failed(
    raw: &RawGame,
    error: &Diagnostic,
    first: Option<(&str, &str)>,
) -> String {
    let record = &raw.record;
    let mut text = String::new();
    if let Some((name, value)) = first
        && record.tag(name).is_none()
    {
        text.push_str(&tag_line(name, value));
    }
    for t in &record.tags {
        text.push_str(&tag_line(&t.name, &t.value));
    }
    text.push('\n');
    text.push_str(&format!(
        "; kifu: not read: {}; the movetext as written:\n",
        error.message_with_candidates()
    ));
    for line in movetext_of(raw).lines() {
        text.push_str(&format!("; {line}\n"));
    }
    let result = record
        .result_token
        .as_deref()
        .or(record.tag("Result"))
        .filter(|r| r.parse::<GameResult>().is_ok())
        .unwrap_or("*");
    text.push_str(result);
    text.push('\n');
    text
}

/// A game that could not be read at all, as JSON: tags, the reason and the movetext as
/// written.
pub(crate) fn write_failed_json(raw: &RawGame, error: &Diagnostic, variant: &str) -> String {
    json!({
        "variant": variant,
        "tags": tags_json(&raw.record.tags),
        "error": error.message_with_candidates(),
        "unread": movetext_of(raw),
        "result": raw.record.tag("Result").and_then(|r| r.parse::<GameResult>().ok()).map(GameResult::as_str),
    })
    .to_string()
}
