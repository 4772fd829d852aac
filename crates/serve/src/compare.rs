//! `POST /api/compare`: two transcriptions of the same games, each resolving the other's
//! faulty moves, as `kifu compare` reports them ([`kifu_records::compare`]).

use serde_json::{Value, json};

use crate::load::{GameCap, MAX_GAMES, load};
use crate::params::Params;
use crate::reply::ApiError;

/// The answer: `same`, `counts`, and per game `same`, `plies`, `final`, `readings`,
/// `resolved` (each ply one resolves in the other, with both texts and places, and the line
/// `kifu compare` prints), `difference`, `undecided`; `difference` of the files when they hold
/// different numbers of games. The records are `a` and `b`, objects with `text` or `base64`
/// and `name`; the reading options apply to both.
pub(crate) fn compare(params: &Params) -> Result<Value, ApiError> {
    let options = params.read_options()?;
    if options.repair {
        return Err(ApiError::bad(
            "`repair` does not apply to compare: each transcription resolves the other's faulty moves",
        ));
    }
    let mut loaded = Vec::new();
    for (side, default) in [("a", "first"), ("b", "second")] {
        let member = params.member(side)?;
        let mut record = member.record()?;
        if member.str("name")?.is_none() {
            record.name = default.to_owned();
        }
        let l = load(&record, &options, GameCap::RefuseOver(MAX_GAMES))?;
        if l.games.is_empty() {
            return Err(ApiError::unreadable(format!(
                "{}: no game in the record",
                l.name
            )));
        }
        loaded.push(l);
    }
    let names = [loaded[0].name.as_str(), loaded[1].name.as_str()];
    let c = kifu_records::compare(&loaded[0].games, &loaded[1].games, names);
    let games: Vec<Value> = c
        .games
        .iter()
        .map(|g| {
            let resolved: Vec<Value> = g
                .resolved
                .iter()
                .map(|r| {
                    json!({
                        "ply": r.ply, "faulty": r.faulty, "text": r.text, "line": r.line, "column": r.column,
                        "problem": r.problem, "other_text": r.other_text, "other_line": r.other_line,
                        "other_column": r.other_column, "spelled": r.spelled, "coord": r.coord,
                        "describe": r.describe(names),
                    })
                })
                .collect();
            json!({
                "game": g.game, "same": g.same(), "plies": g.plies, "final": g.final_position,
                "readings": g.readings, "resolved": resolved, "difference": g.difference,
                "undecided": g.undecided,
            })
        })
        .collect();
    let difference = (c.counts[0] != c.counts[1]).then(|| {
        format!(
            "{} holds {} games, {} holds {}",
            names[0], c.counts[0], names[1], c.counts[1]
        )
    });
    Ok(json!({
        "same": c.same(),
        "counts": c.counts,
        "names": names,
        "games": games,
        "difference": difference,
    }))
}
