//! A diagnostic as the API hands it out: the fields of the command line's JSON diagnostics
//! (docs/cli.md, "JSON diagnostics") and where the marked stretch ends, so that the page can
//! mark it in the record's text.

use notation_traits::Diagnostic;
use serde_json::{Value, json};

/// `d` as JSON: `severity`, `code`, `game`, `line`, `column`, `end_line`, `end_column` (the
/// place just after the stretch; lines and columns from 1, columns in characters), `ply`,
/// `text`, `message`, `help`, `candidates`, `position`.
pub(crate) fn to_json(d: &Diagnostic, game: usize) -> Value {
    json!({
        "severity": d.severity.as_str(),
        "code": d.code,
        "game": game,
        "line": d.span.map(|s| s.start.line),
        "column": d.span.map(|s| s.start.column),
        "end_line": d.span.map(|s| s.end.line),
        "end_column": d.span.map(|s| s.end.column),
        "ply": d.ply,
        "text": d.text,
        "message": d.message,
        "help": d.help,
        "candidates": d.candidates,
        "position": d.position,
    })
}
