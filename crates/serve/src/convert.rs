//! `POST /api/convert`: a record written in another notation or format, as `kifu convert`
//! writes it to standard output (a game with an error is written up to the bad move, the rest
//! kept as a comment, unless `on_error` is `skip`).

use base64::Engine as _;
use kifu_records::{WriteError, Writer};
use serde_json::{Value, json};

use crate::load::{GameCap, MAX_GAMES, load};
use crate::params::Params;
use crate::reply::ApiError;

/// The answer: `file_name` (the record's name with the target's extension), `media_type`,
/// `text` (the output, when it is UTF-8 text) or `base64` (its bytes otherwise), `games`
/// (how many were written), `lost` (what the target could not hold), `refused` (games that
/// could not be written, and why), `diagnostics`.
pub(crate) fn convert(params: &Params) -> Result<Value, ApiError> {
    let options = params.read_options()?;
    let target = crate::api::target(params, "to", true)?.expect("required");
    let write = crate::api::write_options(params, target, "")?;
    let skip = match params.str("on_error")? {
        None | Some("keep") => false,
        Some("skip") => true,
        Some(other) => {
            return Err(ApiError::bad(format!(
                "`on_error`: expected keep or skip, found `{other}`"
            )));
        }
    };
    let record = params.record()?;
    let loaded = load(&record, &options, GameCap::RefuseOver(MAX_GAMES))?;
    let writer = Writer::new(write);
    let mut bytes = Vec::new();
    let mut written = 0;
    let mut lost = Vec::new();
    let mut refused = Vec::new();
    let mut diagnostics = Vec::new();
    for game in &loaded.games {
        diagnostics.extend(
            game.diagnostics
                .iter()
                .map(|d| crate::diagnostics::to_json(d, game.index)),
        );
        if skip && game.has_errors() {
            continue;
        }
        match writer.write(game, written) {
            Ok(out) => {
                bytes.extend_from_slice(&out.bytes);
                written += 1;
                lost.extend(
                    out.lost
                        .into_iter()
                        .map(|what| json!({"game": game.index, "what": what})),
                );
            }
            Err(
                e
                @ (WriteError::Encoding(_) | WriteError::WrongVariant(_) | WriteError::Refused(_)),
            ) => {
                // The writer words its refusal for the command line (`--to json`); here the
                // choice is the `to` parameter.
                let message = e.to_string().replace("choose --to ", "choose `to`: ");
                refused.push(json!({"game": game.index, "message": message}));
            }
        }
    }
    let stem = loaded
        .name
        .rsplit_once('.')
        .map_or(loaded.name.as_str(), |(s, _)| s);
    let stem = if stem.is_empty() { "record" } else { stem };
    let binary = target.format.info().binary;
    let utf8 = !binary && writer.options().encoding == encoding_rs::UTF_8;
    let text = if utf8 {
        String::from_utf8(bytes.clone()).ok()
    } else {
        None
    };
    Ok(json!({
        "file_name": format!("{stem}.{}", writer.extension()),
        "media_type": if binary { "application/octet-stream" } else { "text/plain" },
        "encoding": writer.options().encoding.name(),
        "base64": if text.is_none() { Some(base64::engine::general_purpose::STANDARD.encode(&bytes)) } else { None },
        "text": text,
        "games": written,
        "lost": lost,
        "refused": refused,
        "diagnostics": diagnostics,
    }))
}
