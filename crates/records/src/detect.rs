//! Which game a PGN-style record holds, when the caller does not say: its tags, its engine
//! command, else the game whose notations read more of its moves.

use notation_traits::{RawGame, position_command};
use psn::PsnGame;
use xiangqi_pgn::PgnGame;

use crate::{ReadOptions, Variant};

/// Which game a PGN-style record holds: `options.variant`, else the game of
/// `options.notation`, else its tags (`[Variant]` naming it; `[SFEN]`, `[Handicap]`,
/// `[Sente]`, `[Gote]` for shogi; `[FEN]` by its rank count; `[Game]`, `[Format]`, `[Red]`,
/// `[ECCO]` for xiangqi), else an engine command's form (`position sfen`, a FEN's rank count),
/// else `options.detect_variant`, else the game whose notations read more of its moves
/// (xiangqi on a tie, unless `shogi_hint`: a `.psn` file); and whether it was chosen by reading the moves in both
/// games' notations (so that the notations tried include the other game's).
pub(crate) fn variant_and_how(
    raw: &RawGame,
    options: &ReadOptions,
    shogi_hint: bool,
) -> (Variant, bool) {
    let decided = |v: Variant| (v, false);
    if let Some(v) = options.variant {
        return decided(v);
    }
    if let Some(n) = options.notation {
        return decided(n.variant());
    }
    let record = &raw.record;
    let has = |names: &[&str]| names.iter().any(|n| record.tag(n).is_some());
    match record
        .tag("Variant")
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        Some("xiangqi") => return decided(Variant::Xiangqi),
        Some("shogi") => return decided(Variant::Shogi),
        _ => {}
    }
    if record.tag("SFEN").is_some() {
        return decided(Variant::Shogi);
    }
    if record
        .main
        .moves
        .first()
        .is_some_and(|m| m.text == "position")
        && let Some(command) = position_command(record)
    {
        if record.main.moves.get(1).is_some_and(|m| m.text == "sfen") {
            return decided(Variant::Shogi);
        }
        if let Some(fen) = &command.start {
            return decided(ranks_variant(fen));
        }
    }
    if let Some(fen) = record.tag("FEN") {
        // A shogi board has nine ranks, a xiangqi board ten; old PSN files put the shogi
        // start position in a `[FEN]` tag with the hands as piece counts.
        if psn::old_fen_to_sfen(fen).is_ok() {
            return decided(Variant::Shogi);
        }
        return decided(ranks_variant(fen));
    }
    if has(&["Game", "Format", "Red", "ECCO"]) {
        return decided(Variant::Xiangqi);
    }
    if has(&["Handicap", "Sente", "Gote"]) {
        return decided(Variant::Shogi);
    }
    if let Some(v) = options.detect_variant {
        return decided(v);
    }
    let shogi = PsnGame::new(raw.clone())
        .best_notation()
        .map_or((0, 0), |(_, f)| f.key());
    let game = PgnGame::new(raw.clone());
    let xiangqi = game.start.as_ref().map_or((0, 0), |start| {
        xiangqi_pgn::best_fit(start, &game.raw.record, options.xiangqi_hints())
    });
    if shogi > xiangqi || (shogi == xiangqi && shogi_hint) {
        (Variant::Shogi, true)
    } else {
        (Variant::Xiangqi, true)
    }
}

/// The game of a FEN by its board's rank count: nine ranks are shogi, ten xiangqi.
fn ranks_variant(fen: &str) -> Variant {
    let board = fen.split_whitespace().next().unwrap_or("");
    if board.matches('/').count() == 8 {
        Variant::Shogi
    } else {
        Variant::Xiangqi
    }
}
