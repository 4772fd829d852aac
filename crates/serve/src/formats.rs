//! `GET /api/formats`: what the page's select boxes offer, from the records registry: the
//! formats kifu reads, the targets it writes (each notation in its file, each format), the
//! notations of the move list, the letter sets, the styles and the limits.

use kifu_records::{Notation, Style};
use serde_json::{Value, json};

/// The answer.
pub(crate) fn formats(max_body: usize) -> Value {
    let formats: Vec<Value> = kifu_records::formats()
        .iter()
        .map(|f| {
            let i = f.info();
            json!({
                "name": f.name(), "title": i.title, "variant": f.variant().map(|v| v.name()),
                "writes": i.writes, "binary": i.binary, "extensions": i.extensions,
            })
        })
        .collect();
    let targets: Vec<Value> = kifu_records::targets()
        .into_iter()
        .map(|t| {
            json!({
                "name": t.name, "description": t.description(), "variant": t.variant().map(|v| v.name()),
                "notation": t.notation.map(Notation::name), "extension": t.extension(),
                "binary": t.format.info().binary,
                "styles": t.notation.map(|n| Style::ALL.into_iter().filter(|s| s.fits(n) && *s != Style::Position).map(Style::name).collect::<Vec<_>>()).unwrap_or_default(),
                "letters": matches!(t.notation, Some(Notation::Wxf | Notation::Algebraic | Notation::Winboard)),
            })
        })
        .collect();
    let notations: Vec<Value> = Notation::ALL
        .into_iter()
        .map(|n| json!({"name": n.name(), "description": n.description(), "variant": n.variant().name()}))
        .collect();
    json!({
        "formats": formats,
        "targets": targets,
        "notations": notations,
        "languages": [
            {"name": "en", "description": "English letters (K A E H R C P)"},
            {"name": "fi", "description": "Finnish letters"},
            {"name": "de", "description": "German letters"},
        ],
        "limits": {"body": max_body, "body_text": crate::body::describe_limit(max_body), "games_shown": crate::read::MAX_GAMES_SHOWN},
    })
}
