//! `POST /api/read` (read and check a record; its games with their moves and diagnostics) and
//! `POST /api/repair` (the same with repair, and what repair changed: each repaired move's old
//! and new spelling, and the record's text with them put right).

use serde_json::{Value, json};

use crate::game_view::{self, Shown};
use crate::load::{GameCap, Loaded, load};
use crate::params::Params;
use crate::reply::ApiError;

/// The most games an answer lists; the record's games after them are not read (the answer
/// says `truncated`).
pub(crate) const MAX_GAMES_SHOWN: usize = 100;

/// The answer of `/api/read`.
pub(crate) fn read(params: &Params) -> Result<Value, ApiError> {
    let options = params.read_options()?;
    let record = params.record()?;
    let shown = shown(params)?;
    let loaded = load(&record, &options, GameCap::StopAfter(MAX_GAMES_SHOWN))?;
    Ok(answer(&loaded, &shown))
}

/// The answer of `/api/repair`: `/api/read`'s with repair on, and `changes`, each
/// `{game, ply, line, column, end_line, end_column, from, to}`, and `text`, the record's text
/// with every change made (`null` for a binary record).
pub(crate) fn repair(params: &Params) -> Result<Value, ApiError> {
    let mut options = params.read_options()?;
    options.repair = true;
    let record = params.record()?;
    let shown = shown(params)?;
    let loaded = load(&record, &options, GameCap::StopAfter(MAX_GAMES_SHOWN))?;
    let mut out = answer(&loaded, &shown);
    let mut changes = Vec::new();
    for game in &loaded.games {
        for d in game
            .diagnostics
            .iter()
            .filter(|d| d.code == "repaired-move")
        {
            let (Some(ply), Some(span)) = (d.ply, d.span) else {
                continue;
            };
            let Some(to) = spelling_at(game, ply as usize) else {
                continue;
            };
            changes.push(json!({
                "game": game.index, "ply": ply,
                "line": span.start.line, "column": span.start.column,
                "end_line": span.end.line, "end_column": span.end.column,
                "from": d.text, "to": to, "message": d.message,
            }));
        }
    }
    let text = loaded.text.as_ref().map(|t| apply(t, &changes));
    out["changes"] = Value::Array(changes);
    out["repaired_text"] = json!(text);
    Ok(out)
}

/// The move at `ply` of `game`'s main line in the notation it was read in.
fn spelling_at(game: &kifu_records::Game, ply: usize) -> Option<String> {
    fn of<P: notation_traits::Position>(
        c: &kifu_records::Checked<P>,
        ply: usize,
    ) -> Option<String> {
        let r = &c.game.replayed;
        let moves = &r.record.main.moves;
        let mut pos = r.start.clone();
        let mut previous = None;
        for m in moves.get(..ply.checked_sub(1)?)? {
            pos.play_unchecked(m.mv);
            previous = Some(m.mv);
        }
        let mv = moves.get(ply - 1)?.mv;
        Some(c.notation.write_after(&pos, previous, mv))
    }
    match &game.body {
        kifu_records::GameBody::Xiangqi(c) => of(c, ply),
        kifu_records::GameBody::Shogi(c) => of(c, ply),
        kifu_records::GameBody::Unreadable { .. } => None,
    }
}

/// `text` with each change's stretch (lines and columns from 1, columns in characters)
/// replaced by its new spelling.
fn apply(text: &str, changes: &[Value]) -> String {
    let starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let offset = |line: u64, column: u64| -> Option<usize> {
        let start = *starts.get(usize::try_from(line).ok()?.checked_sub(1)?)?;
        let rest = &text[start..];
        let skip = usize::try_from(column).ok()?.checked_sub(1)?;
        Some(start + rest.char_indices().nth(skip).map_or(rest.len(), |(i, _)| i))
    };
    let mut edits: Vec<(usize, usize, &str)> = changes
        .iter()
        .filter_map(|c| {
            let a = offset(c["line"].as_u64()?, c["column"].as_u64()?)?;
            let b = offset(c["end_line"].as_u64()?, c["end_column"].as_u64()?)?;
            Some((a, b, c["to"].as_str()?))
        })
        .filter(|(a, b, _)| a <= b)
        .collect();
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut out = text.to_owned();
    for (a, b, to) in edits {
        out.replace_range(a..b, to);
    }
    out
}

/// The move list's notation: `notation` (a target that writes moves: `wxf`, `chinese`,
/// `iccs`, ...) with `notation_lang`, `notation_style`, `notation_sideways`,
/// `notation_squares`; as read when absent.
fn shown(params: &Params) -> Result<Shown, ApiError> {
    match crate::api::target(params, "notation", false)? {
        None => Ok(Shown::as_read()),
        Some(t) if !game_view::is_move_notation(t) => Err(ApiError::bad(format!(
            "`notation`: {} is a file format, not a notation of moves",
            t.name
        ))),
        Some(t) => Ok(Shown::target(crate::api::write_options(
            params,
            t,
            "notation_",
        )?)),
    }
}

/// The answer for `loaded`.
fn answer(loaded: &Loaded, shown: &Shown) -> Value {
    let games: Vec<Value> = loaded
        .games
        .iter()
        .map(|g| game_view::to_json(g, shown))
        .collect();
    let with_errors = loaded.games.iter().filter(|g| g.has_errors()).count();
    let warnings: usize = loaded
        .games
        .iter()
        .map(|g| g.diagnostics.iter().filter(|d| !d.is_error()).count())
        .sum();
    json!({
        "name": loaded.name,
        "format": loaded.format.name(),
        "format_title": loaded.format.info().title,
        "encoding": loaded.encoding.map(|e| e.name()),
        "encoding_detected": loaded.encoding_detected,
        "text": loaded.text,
        "games": games,
        "truncated": loaded.truncated,
        "summary": {
            "games": loaded.games.len(),
            "ok": loaded.games.len() - with_errors,
            "with_errors": with_errors,
            "warnings": warnings,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::apply;
    use serde_json::json;

    #[test]
    fn changes_replace_their_stretch_counted_in_characters() {
        let text = "炮二平五 X\nab S7+2 cd\n";
        let changes =
            [json!({"line": 2, "column": 4, "end_line": 2, "end_column": 8, "to": "T7+2"})];
        assert_eq!(apply(text, &changes), "炮二平五 X\nab T7+2 cd\n");
        let changes = [json!({"line": 1, "column": 6, "end_line": 1, "end_column": 7, "to": "Y"})];
        assert_eq!(apply(text, &changes), "炮二平五 Y\nab S7+2 cd\n");
    }
}
