//! kifu's own JSON record (docs/cli.md, "JSON game record"; the schema is
//! docs/kifu.schema.json): one JSON object per game, one line each (JSON Lines), written for
//! both games and read back.
//!
//! Reading takes the moves from each move's `coord` (ICCS with ranks 0-9 for xiangqi, USI for
//! shogi), checked against the rules as any record's; `text` (the move as its source wrote it)
//! is informative. Every other field comes back: tags (a repeated tag's `Name (2)` key back to
//! its name), the start position, comments, clock times, glyphs, variations and the comments
//! before them, the result and the comments after it, the terminal word.

use std::io::{self, BufRead};

use iccs_algebraic::{Iccs, IccsStyle};
use notation_traits::{
    CheckedGame, Confidence, Diagnostic, FormatGame, FormatGames, FormatInfo, GameRecord, Line,
    MoveEntry, Pos, Position, RawGame, RecordFormat, Severity, Span, Tag, Terminal, TerminalKind,
    TextNotation, WriteSettings, Written, WrittenGame,
};
use serde_json::{Map, Value, json};

use crate::{FormatRef, Game, ReadOptions, check};

/// The version of kifu's JSON record written in its `version` field.
pub const JSON_VERSION: u64 = 1;

/// kifu's JSON record as a record format of both games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KifuJson;

static INFO: FormatInfo = FormatInfo {
    name: "json",
    title: "kifu's JSON record (JSON Lines)",
    extensions: &["jsonl"],
    binary: false,
    writes: true,
    default_encoding: None,
    source: "docs/cli.md \"JSON game record\", docs/kifu.schema.json",
};

/// The two games' parts of the JSON record.
pub(crate) trait JsonGame: Position + Default {
    /// `xiangqi` or `shogi`.
    const VARIANT: &'static str;
    /// The position of a FEN or SFEN.
    fn from_text(text: &str) -> Result<Self, String>;
    /// The notation of `coord`.
    fn coordinates() -> Box<dyn TextNotation<Self> + Send + Sync>;
}

impl JsonGame for xiangqi_board::Position {
    const VARIANT: &'static str = "xiangqi";
    fn from_text(text: &str) -> Result<Self, String> {
        xiangqi_board::Position::from_fen(text).map_err(|e| e.to_string())
    }
    fn coordinates() -> Box<dyn TextNotation<Self> + Send + Sync> {
        Box::new(Iccs::new(IccsStyle::Engine))
    }
}

impl JsonGame for shogi_board::Position {
    const VARIANT: &'static str = "shogi";
    fn from_text(text: &str) -> Result<Self, String> {
        shogi_board::Position::from_sfen(text).map_err(|e| e.to_string())
    }
    fn coordinates() -> Box<dyn TextNotation<Self> + Send + Sync> {
        Box::new(psn::Usi)
    }
}

/// Whether the first line that is not blank is a JSON object with a `variant` field.
fn sniff(prefix: &[u8]) -> Confidence {
    let text = String::from_utf8_lossy(prefix);
    let text = text.trim_start_matches('\u{feff}');
    let Some(line) = text.lines().find(|l| !l.trim().is_empty()) else {
        return Confidence::NONE;
    };
    let line = line.trim();
    if !line.starts_with('{') {
        return Confidence::NONE;
    }
    match serde_json::from_str::<Value>(line) {
        Ok(v) if v.get("variant").is_some() => Confidence::CERTAIN,
        // A line cut at the end of the prefix, or a broken record: the opening says enough.
        _ if line.starts_with("{\"variant\":") || line.starts_with("{\"version\":") => {
            Confidence::new(95)
        }
        _ => Confidence::NONE,
    }
}

fn read_as<P: JsonGame>(input: Box<dyn BufRead + Send + '_>) -> FormatGames<'_, P> {
    Box::new(JsonLines::new(input).filter_map(|g| match g {
        Ok(JsonRecord::Xiangqi(_)) if P::VARIANT != "xiangqi" => None,
        Ok(JsonRecord::Shogi(_)) if P::VARIANT != "shogi" => None,
        Ok(JsonRecord::Xiangqi(g)) => Some(Ok(retype(*g))),
        Ok(JsonRecord::Shogi(g)) => Some(Ok(retype(*g))),
        Ok(JsonRecord::Bad(raw, error)) => Some(Ok(FormatGame {
            raw: *raw,
            start: Err(error),
            notation: None,
            terminal: None,
        })),
        Err(e) => Some(Err(e)),
    }))
}

/// A game of the other position type, read again as this one's (the variants agree).
fn retype<A: JsonGame, B: JsonGame>(game: FormatGame<A>) -> FormatGame<B> {
    let start = game
        .start
        .and_then(|s| B::from_text(&s.to_text()).map_err(|e| Box::new(bad(&game.raw, &e))));
    FormatGame {
        raw: game.raw,
        start,
        notation: Some(B::coordinates()),
        terminal: game.terminal,
    }
}

impl RecordFormat<xiangqi_board::Position> for KifuJson {
    fn info(&self) -> &'static FormatInfo {
        &INFO
    }
    fn sniff(&self, prefix: &[u8]) -> Confidence {
        sniff(prefix)
    }
    fn read<'a>(
        &'a self,
        input: Box<dyn BufRead + Send + 'a>,
    ) -> FormatGames<'a, xiangqi_board::Position> {
        read_as(input)
    }
    fn write(
        &self,
        game: &CheckedGame<xiangqi_board::Position>,
        _: &WriteSettings<'_, xiangqi_board::Position>,
    ) -> Result<WrittenGame, Box<Diagnostic>> {
        Ok(written(write_game(game)))
    }
}

impl RecordFormat<shogi_board::Position> for KifuJson {
    fn info(&self) -> &'static FormatInfo {
        &INFO
    }
    fn sniff(&self, prefix: &[u8]) -> Confidence {
        sniff(prefix)
    }
    fn read<'a>(
        &'a self,
        input: Box<dyn BufRead + Send + 'a>,
    ) -> FormatGames<'a, shogi_board::Position> {
        read_as(input)
    }
    fn write(
        &self,
        game: &CheckedGame<shogi_board::Position>,
        _: &WriteSettings<'_, shogi_board::Position>,
    ) -> Result<WrittenGame, Box<Diagnostic>> {
        Ok(written(write_game(game)))
    }
}

fn written(line: String) -> WrittenGame {
    WrittenGame {
        output: Written::Text(format!("{line}\n")),
        lost: Vec::new(),
    }
}

/// The game as one JSON object on one line (no line end).
pub(crate) fn write_game<P: JsonGame>(checked: &CheckedGame<P>) -> String {
    let r = &checked.replayed;
    let record = &r.record;
    let mut obj = json!({
        "version": JSON_VERSION,
        "variant": P::VARIANT,
        "tags": tags_json(&record.tags),
        "start": r.start.to_text(),
        "comments": record.main.comments,
        "moves": null,
        "result": checked.result().map(|r| r.as_str()),
    });
    if let Some(t) = checked.termination() {
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
    if let Some(rest) = checked.unread_comment() {
        obj["unread"] = json!(rest);
    }
    obj["final"] = json!(r.end.to_text());
    with_moves(&obj, &record.main.moves, &r.start)
}

/// A game that could not be read at all, as JSON: its tags, the reason and its movetext as
/// written.
pub(crate) fn write_unreadable(raw: &RawGame, error: &Diagnostic, variant: &str) -> String {
    json!({
        "version": JSON_VERSION,
        "variant": variant,
        "tags": tags_json(&raw.record.tags),
        "error": error.message_with_candidates(),
        "unread": notation_traits::movetext_of(raw),
        "result": raw.record.tag("Result").and_then(|r| r.parse::<notation_traits::GameResult>().ok()).map(|r| r.as_str()),
    })
    .to_string()
}

/// `obj` (built with `"moves": null`) as JSON text, with the moves written in place of the
/// null, move by move, so that a long game never holds its whole tree of JSON values.
fn with_moves<P: Position>(obj: &Value, moves: &[MoveEntry<P::Move>], start: &P) -> String {
    let text = obj.to_string();
    // Inside JSON strings every `"` is escaped, so the first `"moves":null` is the key itself.
    let key = "\"moves\":null";
    let Some(at) = text.find(key) else {
        return text;
    };
    let mut out = String::with_capacity(text.len() + moves.len() * 96);
    out.push_str(&text[..at]);
    out.push_str("\"moves\":");
    write_moves(&mut out, moves, start, 1);
    out.push_str(&text[at + key.len()..]);
    out
}

/// The moves of a line as a JSON array; `first_ply` is the ply of the first.
fn write_moves<P: Position>(
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
            let text = obj.to_string();
            out.push_str(&text[..text.len() - 1]);
            out.push_str(",\"variations\":[");
            for (k, v) in m.variations.iter().enumerate() {
                if k > 0 {
                    out.push(',');
                }
                write_moves(out, &v.moves, &pos, first_ply + i as u32);
            }
            out.push(']');
            // Comments before a variation's first move, one list per variation.
            if m.variations.iter().any(|v| !v.comments.is_empty()) {
                out.push_str(",\"variation_comments\":");
                out.push_str(
                    &json!(m.variations.iter().map(|v| &v.comments).collect::<Vec<_>>())
                        .to_string(),
                );
            }
            out.push('}');
        }
        pos.play_unchecked(m.mv);
    }
    out.push(']');
}

/// The tags as a JSON object, keys as written; a repeated name gets ` (2)`, ` (3)`... so no
/// value is lost.
fn tags_json(tags: &[Tag]) -> Value {
    let mut map = Map::new();
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

/// A game of a JSON Lines file, as read.
pub(crate) enum JsonRecord {
    Xiangqi(Box<FormatGame<xiangqi_board::Position>>),
    Shogi(Box<FormatGame<shogi_board::Position>>),
    /// A line that is no kifu JSON record, or a game kifu wrote as unreadable.
    Bad(Box<RawGame>, Box<Diagnostic>),
}

impl JsonRecord {
    /// Checks the game ([`crate::check`]).
    pub(crate) fn check(self, index: usize, format: FormatRef, options: &ReadOptions) -> Game {
        match self {
            JsonRecord::Xiangqi(g) => check::xiangqi_format(index, format, *g, options),
            JsonRecord::Shogi(g) => check::shogi_format(index, format, *g, options),
            JsonRecord::Bad(raw, error) => {
                let raw = *raw;
                let variant = match raw.record.tag("variant") {
                    Some("shogi") => crate::Variant::Shogi,
                    _ => crate::Variant::Xiangqi,
                };
                let mut raw = raw;
                raw.record.tags.retain(|t| t.name != "variant");
                let game = FormatGame::<xiangqi_board::Position> {
                    raw,
                    start: Err(error),
                    notation: None,
                    terminal: None,
                };
                let mut g = check::xiangqi_format(index, format, game, options);
                if let crate::GameBody::Unreadable { variant: v, .. } = &mut g.body {
                    *v = variant;
                }
                g
            }
        }
    }
}

/// The games of a JSON Lines file, one per line that is not blank.
pub(crate) struct JsonLines<'a> {
    input: Box<dyn BufRead + Send + 'a>,
    next: Pos,
}

impl<'a> JsonLines<'a> {
    pub(crate) fn new(input: Box<dyn BufRead + Send + 'a>) -> JsonLines<'a> {
        JsonLines {
            input,
            next: Pos::START,
        }
    }
}

impl Iterator for JsonLines<'_> {
    type Item = io::Result<JsonRecord>;

    fn next(&mut self) -> Option<io::Result<JsonRecord>> {
        loop {
            let mut bytes = Vec::new();
            let n = match self.input.read_until(b'\n', &mut bytes) {
                Ok(n) => n,
                Err(e) => return Some(Err(e)),
            };
            if n == 0 {
                return None;
            }
            let at = self.next;
            self.next = Pos {
                offset: at.offset + n,
                line: at.line + 1,
                column: 1,
            };
            let Ok(line) = String::from_utf8(bytes) else {
                return Some(Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("line {}: not UTF-8", at.line),
                )));
            };
            let line = line.trim_start_matches('\u{feff}').trim_end();
            if line.trim().is_empty() {
                continue;
            }
            return Some(Ok(parse_line(line, at)));
        }
    }
}

/// A diagnostic for a JSON line that is no kifu record, at the line's first character.
fn bad(raw: &RawGame, message: &str) -> Diagnostic {
    let start = raw.record.span.start;
    Diagnostic::new(
        Severity::Error,
        "json-input",
        format!("not a kifu JSON record: {message}"),
    )
    .at(Span {
        start,
        end: start.advance(
            &raw.source,
            raw.source.chars().next().map_or(0, char::len_utf8),
        ),
    })
}

fn parse_line(line: &str, at: Pos) -> JsonRecord {
    let span = Span {
        start: at,
        end: at.advance(line, line.len()),
    };
    let mut raw = RawGame {
        record: GameRecord {
            span,
            ..GameRecord::default()
        },
        diagnostics: Vec::new(),
        source: line.to_owned(),
    };
    let value: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => {
            let column = e.column() as u32;
            let place = Pos {
                offset: at.offset + column.saturating_sub(1) as usize,
                line: at.line,
                column: column.max(1),
            };
            let d = Diagnostic::new(
                Severity::Error,
                "json-input",
                format!("not a kifu JSON record: {e}"),
            )
            .at(Span {
                start: place,
                end: place,
            });
            return JsonRecord::Bad(Box::new(raw), Box::new(d));
        }
    };
    match read_record(&value, span, &mut raw.record) {
        Ok(variant) if value.get("error").is_some() => {
            let reason = value["error"].as_str().unwrap_or_default();
            raw.record.tags.push(Tag {
                name: "variant".to_owned(),
                value: variant.to_owned(),
                span,
            });
            let d = Diagnostic::new(
                Severity::Error,
                "unread-moves",
                format!("kifu could not read this game when it wrote it ({reason}); its movetext is kept as written"),
            )
            .at(span);
            JsonRecord::Bad(Box::new(raw), Box::new(d))
        }
        Ok("xiangqi") => {
            JsonRecord::Xiangqi(Box::new(typed::<xiangqi_board::Position>(&value, raw)))
        }
        Ok(_) => JsonRecord::Shogi(Box::new(typed::<shogi_board::Position>(&value, raw))),
        Err(message) => {
            let d = bad(&raw, &message);
            JsonRecord::Bad(Box::new(raw), Box::new(d))
        }
    }
}

/// The game of a record object: its start position and terminal word.
fn typed<P: JsonGame>(value: &Value, mut raw: RawGame) -> FormatGame<P> {
    let start = match value.get("start").and_then(Value::as_str) {
        Some(text) => P::from_text(text).map_err(|e| {
            Box::new(
                Diagnostic::new(
                    Severity::Error,
                    if P::VARIANT == "xiangqi" {
                        "bad-fen"
                    } else {
                        "bad-sfen"
                    },
                    format!("`start` `{text}`: {e}"),
                )
                .at(raw.record.span),
            )
        }),
        None => Ok(P::default()),
    };
    if let Some(unread) = value.get("unread").and_then(Value::as_str) {
        raw.record.trailing_comments.push(unread.to_owned());
        raw.diagnostics.push(
            Diagnostic::new(
                Severity::Warning,
                "unread-moves",
                "the record holds moves kifu could not read when it wrote it (`unread`): they are kept as a comment, not checked",
            )
            .at(raw.record.span),
        );
    }
    let terminal = value.get("terminal").and_then(Value::as_str).map(|text| {
        let kind = psn::TerminalWord::from_word(text)
            .map(psn::TerminalWord::kind)
            .or_else(|| TerminalKind::from_kif(text))
            .or_else(|| TerminalKind::from_csa(text))
            .unwrap_or(TerminalKind::Interrupted);
        let first_to_move = start.as_ref().is_ok_and(|s| {
            P::is_first_player(s.side_to_move()) == raw.record.main.moves.len().is_multiple_of(2)
        });
        Terminal {
            kind,
            text: text.to_owned(),
            span: raw.record.span,
            number: None,
            clock: value
                .get("terminal_clock")
                .and_then(Value::as_str)
                .map(str::to_owned),
            first_to_move,
        }
    });
    FormatGame {
        raw,
        start,
        notation: Some(P::coordinates()),
        terminal,
    }
}

/// Fills `record` from a record object; returns its variant.
fn read_record(
    value: &Value,
    span: Span,
    record: &mut GameRecord<()>,
) -> Result<&'static str, String> {
    let obj = value.as_object().ok_or("expected a JSON object")?;
    let variant = match obj.get("variant").and_then(Value::as_str) {
        Some("xiangqi") => "xiangqi",
        Some("shogi") => "shogi",
        Some(other) => {
            return Err(format!(
                "`variant` is `{other}`: expected `xiangqi` or `shogi`"
            ));
        }
        None => return Err("no `variant` (`xiangqi` or `shogi`)".to_owned()),
    };
    if let Some(v) = obj.get("version").and_then(Value::as_u64)
        && v > JSON_VERSION
    {
        return Err(format!(
            "`version` {v} is newer than this kifu's ({JSON_VERSION})"
        ));
    }
    if let Some(tags) = obj.get("tags") {
        let tags = tags.as_object().ok_or("`tags` is not an object")?;
        for (key, v) in tags {
            let value = v
                .as_str()
                .ok_or_else(|| format!("tag `{key}` is not a string"))?;
            // ` (2)` marks a repeated tag's later values.
            let name = match key.rsplit_once(" (") {
                Some((base, n))
                    if n.ends_with(')')
                        && n[..n.len() - 1].bytes().all(|b| b.is_ascii_digit())
                        && record.tags.iter().any(|t| t.name == base) =>
                {
                    base
                }
                _ => key.as_str(),
            };
            record.tags.push(Tag {
                name: name.to_owned(),
                value: value.to_owned(),
                span,
            });
        }
    }
    record.main.comments = strings(obj.get("comments"), "comments")?;
    if let Some(moves) = obj.get("moves") {
        record.main.moves = read_moves(moves, span)?;
    }
    if let Some(r) = obj.get("result").and_then(Value::as_str) {
        record.result_token = Some(r.to_owned());
        record.result_span = Some(span);
    }
    record.trailing_comments = strings(obj.get("result_comments"), "result_comments")?;
    Ok(variant)
}

fn strings(value: Option<&Value>, what: &str) -> Result<Vec<String>, String> {
    match value {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .map(|c| {
                c.as_str()
                    .map(str::to_owned)
                    .ok_or_else(|| format!("`{what}` holds a value that is not a string"))
            })
            .collect(),
        Some(_) => Err(format!("`{what}` is not an array of strings")),
    }
}

fn read_moves(value: &Value, span: Span) -> Result<Vec<MoveEntry<()>>, String> {
    let items = value.as_array().ok_or("`moves` is not an array")?;
    items
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let coord = m
                .get("coord")
                .and_then(Value::as_str)
                .ok_or_else(|| format!("move {} has no `coord`", i + 1))?;
            let mut entry = MoveEntry::new((), coord, span);
            entry.comments = strings(m.get("comments"), "comments")?;
            entry.clock = m.get("clock").and_then(Value::as_str).map(str::to_owned);
            if let Some(nags) = m.get("nags").and_then(Value::as_array) {
                entry.nags = nags
                    .iter()
                    .map(|n| {
                        n.as_u64()
                            .and_then(|n| u16::try_from(n).ok())
                            .ok_or("a glyph in `nags` is not a number from 0 to 65535".to_owned())
                    })
                    .collect::<Result<_, _>>()?;
            }
            if let Some(vars) = m.get("variations").and_then(Value::as_array) {
                let comments = m.get("variation_comments").and_then(Value::as_array);
                for (k, v) in vars.iter().enumerate() {
                    entry.variations.push(Line {
                        comments: strings(comments.and_then(|c| c.get(k)), "variation_comments")?,
                        moves: read_moves(v, span)?,
                    });
                }
            }
            Ok(entry)
        })
        .collect()
}
