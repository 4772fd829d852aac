//! `POST /api/diagram`: kifu-diagram's SVG (or text) of a bare position (`variant` and
//! `position`, a FEN or SFEN, with `last_move` in coordinates marked), or of a record's game at
//! a ply (`game`, from 1, and `ply`, 0 for the start; the last position read when absent).

use kifu_records::{DiagramFormat, DiagramOptions, Plies, Variant};
use serde_json::{Value, json};

use crate::load::{GameCap, load};
use crate::params::Params;
use crate::reply::ApiError;

/// The answer: `svg` (or `text` with `format` `text`), `position` (FEN or SFEN), `ply` (for
/// a game).
pub(crate) fn diagram(params: &Params) -> Result<Value, ApiError> {
    let format = match params.str("format")? {
        None | Some("svg") => DiagramFormat::Svg,
        Some("text") => DiagramFormat::Text,
        Some(f) => {
            return Err(ApiError::bad(format!(
                "`format`: expected svg or text, found `{f}`"
            )));
        }
    };
    let size = params
        .number("size")?
        .map(|s| u32::try_from(s.clamp(100, 4000)).unwrap_or(4000));
    let options = DiagramOptions {
        format,
        flip: params.bool("flip")?,
        pieces: params.str("pieces")?.map(str::to_owned),
        coordinates: params.str("coordinates")?.map(str::to_owned),
        size,
        last_move: params.str("last_move")?.map(str::to_owned),
    };
    let key = if format == DiagramFormat::Svg {
        "svg"
    } else {
        "text"
    };
    if let Some(position) = params.str("position")? {
        let variant: Variant = params
            .str("variant")?
            .ok_or_else(|| {
                ApiError::bad("`variant` is missing: xiangqi or shogi, for the position")
            })?
            .parse()
            .map_err(|e| ApiError::bad(format!("`variant`: {e}")))?;
        let drawn =
            kifu_records::position_diagram(variant, position, &options).map_err(ApiError::bad)?;
        return Ok(json!({ key: drawn, "position": position }));
    }
    let read = params.read_options()?;
    let no_record = params.raw.is_none()
        && !params.values.contains_key("text")
        && params.str("base64")?.is_none();
    if no_record && params.str("variant")?.is_some() {
        return Err(ApiError::bad(
            "`position` is missing: give `variant` and `position` (a FEN or SFEN) for a bare position, or a record (`text` or `base64`) with `game` and `ply`",
        ));
    }
    let record = params.record()?;
    let index = params.number("game")?.unwrap_or(1);
    let wanted = usize::try_from(index).unwrap_or(usize::MAX);
    let loaded = load(&record, &read, GameCap::StopAfter(wanted))?;
    let game = usize::try_from(index)
        .ok()
        .and_then(|i| i.checked_sub(1))
        .and_then(|i| loaded.games.get(i))
        .ok_or_else(|| {
            ApiError::unreadable(format!(
                "no game {index}: the record holds {}",
                loaded.games.len()
            ))
        })?;
    let plies = match params.number("ply")? {
        Some(n) => Plies::At(usize::try_from(n).unwrap_or(usize::MAX)),
        None => Plies::End,
    };
    let drawn = kifu_records::diagrams(game, plies, &options).map_err(ApiError::unreadable)?;
    let d = drawn
        .into_iter()
        .next()
        .ok_or_else(|| ApiError::unreadable("no position"))?;
    Ok(json!({ key: d.text, "position": d.position, "ply": d.ply }))
}
