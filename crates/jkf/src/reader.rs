//! Reading JKF files: one JSON object a game (a file may also hold an array of them, or
//! several one after another), its `header` as tags, its `initial` as the start position, its
//! `moves` as the record.
//!
//! Where each part goes:
//!
//! - `header`: the tags, in file order (JKF's keys are KIF's header names: `先手`, `棋戦`, ...).
//! - `moves[0].comments`: the game's comments; then each entry with a `move`: a move whose text
//!   is the `move` object written compactly ([`JkfNotation`]), its `comments`, its `time` as the
//!   clock (`0:12/00:00:12`), its `forks` as its variations (each fork's first entry replaces
//!   the move); an entry with only `comments` adds them to the move before.
//! - `special` (`TORYO`, `CHUDAN`, ...): the [`Terminal`] of the main line, its `time` the
//!   terminal's clock, its `comments` the trailing comments. A fork that ends with a special
//!   keeps it as the last comment of the fork's last move, `%` and the word (`%TSUMI`), which
//!   the writer turns back into the special (a variation has no terminal word of its own);
//!   such a special's `time` is not kept (a `result-in-variation` warning says so).
//!
//! What it says about the file: `bad-json` (an error: the text is not JSON, or not a JKF
//! object), `bad-position` (an error: `initial` names no position kifu can hold), `jkf-field`
//! (a member JKF does not define, or of the wrong form: ignored, or kept as its JSON text),
//! `text-after-result` (entries after the special: kept as trailing comments, as JSON text),
//! `variation-dropped` (forks on an entry without a move), `result-in-variation`.
//!
//! Rule: json-kifu-format.schema.json (2020-12) and README (Kifu for JS, na2hiro, MIT).

use std::collections::VecDeque;
use std::io::{self, BufRead};

use notation_traits::{
    Diagnostic, FormatGame, GameRecord, Line, MoveEntry, Pos, RawGame, Severity, Span, Tag,
    Terminal, TerminalKind,
};
use shogi_board::{Color, Position};

use crate::JkfNotation;
use crate::initial::{data_position, preset_position};
use crate::json::{JsonError, Node, Parser, Value};
use crate::time::clock_text;

/// Reads the games of a JKF file, as [`FormatGame`]s whose moves are [`JkfNotation`] texts.
///
/// The input is UTF-8 text (JSON's encoding). The whole input is read at the first game.
///
/// # Errors
///
/// The iterator yields an [`io::Error`] when reading fails or the input is not UTF-8.
///
/// # Examples
///
/// ```
/// use jkf::JkfReader;
/// use notation_traits::{TerminalKind, replay};
///
/// let text = r#"{"header":{"先手":"na2hiro","後手":"うひょ"},
///   "moves":[{},
///     {"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"color":0,"piece":"FU"}},
///     {"move":{"from":{"x":3,"y":3},"to":{"x":3,"y":4},"color":1,"piece":"FU"}},
///     {"special":"CHUDAN"}]}"#;
/// let game = JkfReader::new(text.as_bytes()).next().unwrap()?;
/// assert_eq!(game.raw.record.tag("後手"), Some("うひょ"));
/// assert_eq!(game.terminal.as_ref().map(|t| t.kind), Some(TerminalKind::Interrupted));
/// let start = game.start.clone().map_err(|d| d.to_string())?;
/// let replayed = replay(&game.raw.record, start, game.notation.as_deref().unwrap());
/// assert_eq!(replayed.record.main.moves[1].mv.to_string(), "3c3d");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct JkfReader<R> {
    input: Option<R>,
    games: VecDeque<io::Result<FormatGame<Position>>>,
}

impl<R: BufRead> JkfReader<R> {
    /// A reader of the JKF text `input`.
    pub fn new(input: R) -> Self {
        JkfReader {
            input: Some(input),
            games: VecDeque::new(),
        }
    }
}

impl<R: BufRead> Iterator for JkfReader<R> {
    type Item = io::Result<FormatGame<Position>>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(mut input) = self.input.take() {
            let mut bytes = Vec::new();
            match input.read_to_end(&mut bytes) {
                Ok(_) => match String::from_utf8(bytes) {
                    Ok(text) => self.games = read_all(&text).into_iter().map(Ok).collect(),
                    Err(e) => {
                        let before = &e.as_bytes()[..e.utf8_error().valid_up_to()];
                        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
                        return Some(Err(io::Error::new(
                            io::ErrorKind::InvalidData,
                            format!("line {line}: the input is not UTF-8"),
                        )));
                    }
                },
                Err(e) => return Some(Err(e)),
            }
        }
        self.games.pop_front()
    }
}

/// Every game of a JKF text.
fn read_all(text: &str) -> Vec<FormatGame<Position>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let mut parser = Parser::new(&text, Pos::START);
    let mut games = Vec::new();
    while !parser.at_end() {
        let start = parser.place();
        match parser.value() {
            Ok(node) => match &node.value {
                Value::Array(items) => {
                    for item in items {
                        games.push(game(&text, item));
                    }
                }
                _ => games.push(game(&text, &node)),
            },
            Err(e) => {
                games.push(broken(&text, start, &e));
                break;
            }
        }
    }
    games
}

/// A game that is not JSON from `start` on.
fn broken(text: &str, start: Pos, e: &JsonError) -> FormatGame<Position> {
    let d = Diagnostic::new(
        Severity::Error,
        "bad-json",
        format!("the file is not JSON: {}", e.message),
    )
    .at(e.span);
    FormatGame {
        raw: RawGame {
            record: GameRecord {
                span: Span {
                    start,
                    end: e.span.end,
                },
                ..GameRecord::default()
            },
            diagnostics: Vec::new(),
            source: text.get(start.offset..).unwrap_or_default().to_owned(),
        },
        start: Err(Box::new(d)),
        notation: Some(Box::new(JkfNotation)),
        terminal: None,
    }
}

fn warning(code: &str, message: String, span: Span) -> Diagnostic {
    Diagnostic::new(Severity::Warning, code, message).at(span)
}

/// The game being read.
struct Builder {
    record: GameRecord<()>,
    diagnostics: Vec<Diagnostic>,
    terminal: Option<Terminal>,
    start_side: Option<Color>,
}

/// The comments of an entry: strings as they are, anything else as its JSON text.
fn comments(b: &mut Builder, node: &Node) -> Vec<String> {
    let Some(items) = node.as_array() else {
        if !node.is_null() {
            b.diagnostics.push(warning(
                "jkf-field",
                format!(
                    "`comments`: expected an array of strings, found {}: kept as its JSON text",
                    node.kind()
                ),
                node.span,
            ));
            return vec![node.compact()];
        }
        return Vec::new();
    };
    items
        .iter()
        .map(|c| match c.as_str() {
            Some(s) => s.to_owned(),
            None => {
                b.diagnostics.push(warning(
                    "jkf-field",
                    format!(
                        "a comment: expected a string, found {}: kept as its JSON text",
                        c.kind()
                    ),
                    c.span,
                ));
                c.compact()
            }
        })
        .collect()
}

/// The word of a `special` as a terminal kind (`TORYO`; `MAX_MOVES` too, which CSA V3.0 added).
fn special_kind(word: &str) -> Option<TerminalKind> {
    if word == "MAX_MOVES" {
        return Some(TerminalKind::MaxMoves);
    }
    if word.starts_with('%') {
        return None;
    }
    TerminalKind::from_csa(word)
}

/// One line of entries (`moves`, or a fork).
struct LineState {
    line: Line<()>,
    ended: bool,
}

impl LineState {
    /// Adds comments after the last move (or before the first).
    fn comments(&mut self, mut more: Vec<String>) {
        match self.line.moves.last_mut() {
            Some(m) => m.comments.append(&mut more),
            None => self.line.comments.append(&mut more),
        }
    }
}

impl Builder {
    /// Reads the entries of a line; `main` for the game's `moves`.
    fn line(&mut self, entries: &[Node], main: bool) -> Line<()> {
        let mut state = LineState {
            line: Line::default(),
            ended: false,
        };
        for (i, entry) in entries.iter().enumerate() {
            if main && i == 0 {
                self.start_entry(entry, &mut state);
                continue;
            }
            self.entry(entry, main, &mut state);
        }
        state.line
    }

    /// `moves[0]`: the comments of the start position.
    fn start_entry(&mut self, entry: &Node, state: &mut LineState) {
        if entry.get("move").is_some_and(|m| !m.is_null())
            || entry.get("special").is_some_and(|s| !s.is_null())
        {
            self.diagnostics.push(warning(
                "jkf-field",
                "`moves[0]` is the start position's entry (its comments), but it holds a move: read as the first move".to_owned(),
                entry.span,
            ));
            self.entry(entry, true, state);
            return;
        }
        for (key, span, value) in entry.members() {
            match key.as_str() {
                "comments" => {
                    let c = comments(self, value);
                    state.comments(c);
                }
                _ if value.is_null() => {}
                "move" | "special" => {}
                other => self.diagnostics.push(warning(
                    "jkf-field",
                    format!("`moves[0].{other}`: the start position's entry holds only comments: ignored"),
                    *span,
                )),
            }
        }
    }

    fn entry(&mut self, entry: &Node, main: bool, state: &mut LineState) {
        if !matches!(entry.value, Value::Object(_)) {
            self.diagnostics.push(warning(
                "jkf-field",
                format!(
                    "a move entry: expected an object, found {}: ignored",
                    entry.kind()
                ),
                entry.span,
            ));
            return;
        }
        if state.ended {
            self.diagnostics.push(warning(
                "text-after-result",
                "an entry after the special move is not read (kept as a comment, as JSON)"
                    .to_owned(),
                entry.span,
            ));
            if main {
                self.record.trailing_comments.push(entry.compact());
            } else {
                state.comments(vec![entry.compact()]);
            }
            return;
        }
        let mut texts = Vec::new();
        let mut mv = None;
        let mut time = None;
        let mut special = None;
        let mut forks = None;
        for (key, span, value) in entry.members() {
            if value.is_null() {
                continue;
            }
            match key.as_str() {
                "comments" => texts = comments(self, value),
                "move" => mv = Some(value),
                "time" => time = Some(value),
                "special" => special = Some(value),
                "forks" => forks = Some((value, *span)),
                other => self.diagnostics.push(warning(
                    "jkf-field",
                    format!("`{other}` is not a member of a JKF move entry (comments move time special forks): ignored"),
                    *span,
                )),
            }
        }
        let clock = time.and_then(|t| {
            let text = clock_text(t);
            if text.is_none() {
                self.diagnostics.push(warning(
                    "jkf-field",
                    format!(
                        "`time`: expected `{{\"now\": {{\"m\": 0, \"s\": 12}}, \"total\": {{\"h\": 0, \"m\": 0, \"s\": 12}}}}`, found {}: ignored",
                        t.compact()
                    ),
                    t.span,
                ));
            }
            text
        });
        if let Some(m) = mv {
            let mut e = MoveEntry::new((), m.compact(), m.span);
            e.comments = texts;
            e.clock = clock;
            if let Some((forks, _)) = forks {
                e.variations = self.forks(forks);
            }
            state.line.moves.push(e);
            if special.is_some() {
                self.diagnostics.push(warning(
                    "jkf-field",
                    "an entry with both `move` and `special`: the special is ignored".to_owned(),
                    entry.span,
                ));
            }
            return;
        }
        if let Some((forks, span)) = forks {
            self.diagnostics.push(warning(
                "variation-dropped",
                "`forks` on an entry without a move replace no move: kept as a comment, as JSON"
                    .to_owned(),
                span,
            ));
            texts.push(forks.compact());
        }
        let Some(special) = special else {
            state.comments(texts);
            return;
        };
        let word = special.as_str().unwrap_or_default();
        let Some(kind) = special_kind(word) else {
            self.diagnostics.push(warning(
                "jkf-field",
                format!(
                    "`special`: expected TORYO CHUDAN SENNICHITE TIME_UP ILLEGAL_MOVE +ILLEGAL_ACTION -ILLEGAL_ACTION JISHOGI KACHI HIKIWAKE MATTA TSUMI FUZUMI ERROR, found {}: kept as a comment",
                    special.compact()
                ),
                special.span,
            ));
            texts.push(entry.compact());
            state.comments(texts);
            return;
        };
        state.ended = true;
        if main {
            let first_to_move = match self.start_side {
                Some(side) => (side == Color::Black) == state.line.moves.len().is_multiple_of(2),
                None => true,
            };
            self.terminal = Some(Terminal {
                kind,
                text: word.to_owned(),
                span: special.span,
                number: None,
                clock,
                first_to_move,
            });
            self.record.trailing_comments.extend(texts);
            return;
        }
        if clock.is_some() {
            self.diagnostics.push(warning(
                "result-in-variation",
                format!("the time of the special `{word}` that ends a fork is not kept: a variation holds moves only"),
                special.span,
            ));
        }
        texts.push(format!("%{word}"));
        state.comments(texts);
    }

    fn forks(&mut self, forks: &Node) -> Vec<Line<()>> {
        let Some(items) = forks.as_array() else {
            self.diagnostics.push(warning(
                "jkf-field",
                format!(
                    "`forks`: expected an array of arrays of entries, found {}: ignored",
                    forks.kind()
                ),
                forks.span,
            ));
            return Vec::new();
        };
        let mut lines = Vec::new();
        for fork in items {
            match fork.as_array() {
                Some(entries) => lines.push(self.line(entries, false)),
                None => self.diagnostics.push(warning(
                    "jkf-field",
                    format!(
                        "a fork: expected an array of entries, found {}: ignored",
                        fork.kind()
                    ),
                    fork.span,
                )),
            }
        }
        lines
    }
}

/// The start position of `initial`.
fn start(
    initial: Option<&Node>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Result<Position, Box<Diagnostic>> {
    let bad = |node: &Node, message: String| {
        Box::new(Diagnostic::new(Severity::Error, "bad-position", message).at(node.span))
    };
    let Some(initial) = initial.filter(|i| !i.is_null()) else {
        return Ok(Position::new());
    };
    let preset = initial.get("preset");
    let data = initial.get("data").filter(|d| !d.is_null());
    for (key, span, _) in initial.members() {
        if !matches!(key.as_str(), "preset" | "data") {
            diagnostics.push(warning(
                "jkf-field",
                format!("`initial.{key}` is not a member of `initial` (preset data): ignored"),
                *span,
            ));
        }
    }
    let name = preset.and_then(Node::as_str);
    if let Some(data) = data {
        let pos = data_position(data).map_err(|(node, message)| bad(node, message))?;
        if let Some(named) = name.and_then(preset_position)
            && !named.same_position(&pos)
            && let Some(p) = preset
        {
            diagnostics.push(warning(
                "field-mismatch",
                format!(
                    "`preset` {} names another position than `data`: `data` is read",
                    p.compact()
                ),
                p.span,
            ));
        }
        return Ok(pos);
    }
    match name {
        Some(n) => preset_position(n).ok_or_else(|| {
            bad(
                preset.unwrap_or(initial),
                format!(
                    "`preset`: expected HIRATE KY KY_R KA HI HIKY 2 3 4 5 5_L 6 7_L 7_R 8 10, or OTHER with `data`, found `{n}`"
                ),
            )
        }),
        None => Err(bad(
            initial,
            "`initial`: expected a `preset` (HIRATE, KY, ..., or OTHER with `data`)".to_owned(),
        )),
    }
}

/// One game from its JSON value.
fn game(text: &str, node: &Node) -> FormatGame<Position> {
    let source = text
        .get(node.span.start.offset..node.span.end.offset)
        .unwrap_or_default()
        .to_owned();
    let mut b = Builder {
        record: GameRecord {
            span: node.span,
            ..GameRecord::default()
        },
        diagnostics: Vec::new(),
        terminal: None,
        start_side: None,
    };
    if !matches!(node.value, Value::Object(_)) {
        let d = Diagnostic::new(
            Severity::Error,
            "bad-json",
            format!("expected a JKF object (`{{\"header\": ..., \"initial\": ..., \"moves\": [...]}}`), found {}", node.kind()),
        )
        .at(node.span);
        return FormatGame {
            raw: RawGame {
                record: b.record,
                diagnostics: b.diagnostics,
                source,
            },
            start: Err(Box::new(d)),
            notation: Some(Box::new(JkfNotation)),
            terminal: None,
        };
    }
    let mut header = None;
    let mut initial = None;
    let mut moves = None;
    for (key, span, value) in node.members() {
        match key.as_str() {
            "header" => header = Some(value),
            "initial" => initial = Some(value),
            "moves" => moves = Some(value),
            other => b.diagnostics.push(warning(
                "jkf-field",
                format!(
                    "`{other}` is not a member of a JKF record (header initial moves): ignored"
                ),
                *span,
            )),
        }
    }
    if let Some(h) = header.filter(|h| !h.is_null()) {
        if !matches!(h.value, Value::Object(_)) {
            b.diagnostics.push(warning(
                "jkf-field",
                format!(
                    "`header`: expected an object of strings, found {}: ignored",
                    h.kind()
                ),
                h.span,
            ));
        }
        for (name, span, value) in h.members() {
            let value = match value.as_str() {
                Some(s) => s.to_owned(),
                None => {
                    b.diagnostics.push(warning(
                        "jkf-field",
                        format!(
                            "`header.{name}`: expected a string, found {}: kept as its JSON text",
                            value.kind()
                        ),
                        value.span,
                    ));
                    value.compact()
                }
            };
            b.record.tags.push(Tag {
                name: name.clone(),
                value,
                span: Span {
                    start: span.start,
                    end: node_end(h, name),
                },
            });
        }
    }
    let start = start(initial, &mut b.diagnostics);
    b.start_side = start.as_ref().ok().map(Position::side_to_move);
    match moves.and_then(Node::as_array) {
        Some(entries) => b.record.main = b.line(entries, true),
        None => b.diagnostics.push(warning(
            "jkf-field",
            match moves {
                Some(m) => format!(
                    "`moves`: expected an array of entries, found {}: no moves read",
                    m.kind()
                ),
                None => "no `moves`: a JKF record has them (moves[0] for the start's comments)"
                    .to_owned(),
            },
            moves.map_or(node.span, |m| m.span),
        )),
    }
    FormatGame {
        raw: RawGame {
            record: b.record,
            diagnostics: b.diagnostics,
            source,
        },
        start,
        notation: Some(Box::new(JkfNotation)),
        terminal: b.terminal,
    }
}

/// The end of the value of member `name` of the object `h`.
fn node_end(h: &Node, name: &str) -> Pos {
    h.get(name).map_or(h.span.end, |v| v.span.end)
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use super::*;

    fn games(text: &str) -> Vec<FormatGame<Position>> {
        JkfReader::new(text.as_bytes())
            .collect::<io::Result<Vec<_>>>()
            .unwrap()
    }

    #[test]
    fn moves_keep_their_places_and_texts() {
        let text = "{\n  \"header\": {},\n  \"moves\": [\n    {},\n    {\n      \"move\": {\"to\": {\"x\": 7, \"y\": 6}, \"piece\": \"FU\"},\n      \"comments\": [\"a\"]\n    }\n  ]\n}\n";
        let g = &games(text)[0];
        let m = &g.raw.record.main.moves[0];
        assert_eq!(m.text, r#"{"to":{"x":7,"y":6},"piece":"FU"}"#);
        assert_eq!((m.span.start.line, m.span.start.column), (6, 15));
        assert_eq!(m.comments, ["a"]);
        assert!(g.raw.diagnostics.is_empty());
    }

    #[rstest]
    #[case::unknown_member(r#"{"header":{},"type":"normal","moves":[{}]}"#, "jkf-field")]
    #[case::number_in_header(r#"{"header":{"手数":3},"moves":[{}]}"#, "jkf-field")]
    #[case::after_special(
        r#"{"header":{},"moves":[{},{"special":"TORYO"},{"comments":["x"]}]}"#,
        "text-after-result"
    )]
    #[case::bad_time(
        r#"{"header":{},"moves":[{},{"move":{"to":{"x":7,"y":6},"piece":"FU"},"time":{"now":5}}]}"#,
        "jkf-field"
    )]
    #[case::unknown_special(r#"{"header":{},"moves":[{},{"special":"WIN"}]}"#, "jkf-field")]
    fn warnings(#[case] text: &str, #[case] code: &str) {
        let g = &games(text)[0];
        let codes: Vec<&str> = g.raw.diagnostics.iter().map(|d| d.code.as_str()).collect();
        assert_eq!(codes, [code]);
    }

    #[rstest]
    #[case::not_json("{\"header\": {\n  \"先手\": x}", "bad-json", 2, 9)]
    #[case::not_an_object("[1]", "bad-json", 1, 2)]
    #[case::bad_preset(
        r#"{"header":{},"initial":{"preset":"KY_L"},"moves":[{}]}"#,
        "bad-position",
        1,
        34
    )]
    fn errors(#[case] text: &str, #[case] code: &str, #[case] line: u32, #[case] column: u32) {
        let g = &games(text)[0];
        let d = g.start.as_ref().unwrap_err();
        assert_eq!(d.code, code, "{d}");
        let at = d.span.unwrap().start;
        assert_eq!((at.line, at.column), (line, column), "{d}");
    }

    #[test]
    fn a_fork_ending_in_a_special_keeps_it_as_a_comment() {
        let text = r#"{"header":{},"moves":[{},{"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"color":0,"piece":"FU"},"forks":[[{"move":{"from":{"x":2,"y":7},"to":{"x":2,"y":6},"color":0,"piece":"FU"}},{"special":"TSUMI","comments":["c"]}]]}]}"#;
        let g = &games(text)[0];
        let fork = &g.raw.record.main.moves[0].variations[0];
        assert_eq!(fork.moves[0].comments, ["c", "%TSUMI"]);
        assert!(g.raw.diagnostics.is_empty());
    }
}
