//! kifu's diagnostics as JSON (`--message-format json`): one object per finding, an input or
//! output failure in the same shape, and the summary line; docs/kifu.schema.json
//! (`diagnostic`, `summary`) gives every field.

use notation_traits::Diagnostic;
use serde_json::{Value, json};

/// A diagnostic as one JSON object: `severity`, `code`, `file`, `game`, `line` and `column`
/// (from 1; `null` without a place), `ply`, `text`, `message`, `help`, `candidates`,
/// `position`.
///
/// # Examples
///
/// A faulty move of a real file, as `kifu check --message-format json` writes it:
///
/// ```
/// use kifu_records::{Games, Input, ReadOptions, diagnostic_json};
///
/// let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/xiangqi/seed-descriptive-fi.pgn");
/// let read = ReadOptions::default();
/// let game = Games::new(Input::open(path.as_ref(), &read)?, read).next().unwrap()?;
/// let first = game.diagnostics.iter().find(|d| d.is_error()).unwrap();
/// let v = diagnostic_json(first);
/// assert_eq!((v["ply"].as_u64(), v["line"].as_u64(), v["text"].as_str()), (Some(32), Some(21), Some("S7+2")));
/// let out = std::env::temp_dir().join("kifu-records-diagnostic-doctest.jsonl");
/// std::fs::write(&out, format!("{v}\n"))?;
/// assert!(std::fs::read_to_string(&out)?.starts_with(r#"{"severity":"error","code":"#));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn diagnostic_json(d: &Diagnostic) -> Value {
    // A place in a binary file (XQF, CBR: line 0) has its byte offset only, as `byte`.
    let text = d.span.filter(|s| s.start.line > 0);
    let mut v = json!({
        "severity": d.severity.as_str(),
        "code": d.code,
        "file": d.file,
        "game": d.game,
        "line": text.map(|s| s.start.line),
        "column": text.map(|s| s.start.column),
        "ply": d.ply,
        "text": d.text,
        "message": d.message,
        "help": d.help,
        "candidates": d.candidates,
        "position": d.position,
    });
    if let Some(span) = d.span.filter(|s| s.start.line == 0) {
        v["byte"] = json!(span.start.offset);
    }
    v
}

/// An input or output failure (code `io`) of `file` (`None`: no file, as a comparison whose
/// file cannot be opened), in game `game` when it spoils one game, as a diagnostic object. The
/// line and column a message starts with (`line 9201: ...`, `line 3, column 10: ...`) become
/// its `line` and `column`.
///
/// ```
/// let v = kifu_records::io_error_json(Some("a.pgn"), Some(2), "line 3, column 10: bad bytes");
/// assert_eq!((v["line"].as_u64(), v["column"].as_u64(), v["game"].as_u64()), (Some(3), Some(10), Some(2)));
/// assert_eq!(v["code"], "io");
/// ```
pub fn io_error_json(file: Option<&str>, game: Option<usize>, message: &str) -> Value {
    let number = |s: &str| -> Option<(u64, usize)> {
        let digits = s.bytes().take_while(u8::is_ascii_digit).count();
        s[..digits].parse().ok().map(|n| (n, digits))
    };
    let (line, column) = match message
        .strip_prefix("line ")
        .and_then(|s| number(s).map(|(n, d)| (n, &s[d..])))
    {
        Some((line, rest)) => (
            Some(line),
            rest.strip_prefix(", column ")
                .and_then(|s| number(s).map(|(n, _)| n)),
        ),
        None => (None, None),
    };
    json!({
        "severity": "error", "code": "io", "file": file, "game": game, "line": line,
        "column": column, "ply": null, "text": null, "message": message, "help": null,
        "candidates": [], "position": null,
    })
}
