//! `cargo xtask roundtrip`: the cross-crate law of the notations, checked over every test game.
//!
//! 1. For every position of every game in testdata/xiangqi (the fixture games of
//!    xiangqi-games.jsonl and the UTF-8 PGN files that read without errors in the notation their
//!    `[Format]` names; without one, WinBoard's algebraic under `[Variant "xiangqi"]`, else
//!    Chinese), every legal move is written in every notation, letter set and style kifu has
//!    and read back: it must give the same move, without a warning (but `dialect-collision`,
//!    which says that the spelling means another pawn in the other tandem-pawn dialect).
//! 2. Every fixture game is replayed from its notation columns: `wxf_std` (WXF page rules),
//!    `wxf` (Fairy-Stockfish's spelling; games holding its digit-led 2018-rules pawn forms need
//!    the `wxr2018` reader dialect and are counted as skipped), `san` (algebraic) and
//!    `moves_uci` (ranks 1-10); each must give the fixture's ICCS moves and final position.
//! 3. For every position of every shogi fixture game (testdata/shogi/shogi-games.jsonl), every
//!    legal move is written in KIF (`７六歩(77)`), in KI2 (`▲５二金右`, the JSA relative
//!    words), in CSA (`+7776FU`) and as a JKF move object, with and without the game's previous
//!    move (where `同` and JKF's `same` come in), and read back: it must give the same move,
//!    without a warning.

use std::fmt;
use std::path::Path;

use iccs_algebraic::{Algebraic, Iccs, IccsRanks, IccsStyle};
use notation_traits::{GameReader, TextNotation, replay};
use serde_json::Value;
use wxf_notation::{Chinese, ChineseStyle, Dialect, Sideways, Wxf, WxfStyle};
use xiangqi_board::{Language, Move, Position};

/// What the round trip covered.
#[derive(Debug, Default)]
pub(crate) struct Report {
    games: usize,
    positions: usize,
    moves: usize,
    readings: usize,
    column_plies: usize,
    skipped_wxf: usize,
    pgn_games: Vec<String>,
    pgn_skipped: Vec<String>,
    shogi_games: usize,
    shogi_positions: usize,
    shogi_moves: usize,
    shogi_readings: usize,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "roundtrip: {} games, {} positions, {} legal moves, {} written and read back",
            self.games, self.positions, self.moves, self.readings
        )?;
        writeln!(
            f,
            "columns: {} plies replayed from wxf_std, wxf, san and moves_uci; {} games' wxf column skipped (2018-rules pawn forms need the wxr2018 dialect)",
            self.column_plies, self.skipped_wxf
        )?;
        writeln!(
            f,
            "pgn: {} games checked ({}); {} skipped with errors ({})",
            self.pgn_games.len(),
            self.pgn_games.join(", "),
            self.pgn_skipped.len(),
            self.pgn_skipped.join(", ")
        )?;
        write!(
            f,
            "shogi kif/ki2/csa/jkf: {} games, {} positions, {} legal moves, {} written and read back",
            self.shogi_games, self.shogi_positions, self.shogi_moves, self.shogi_readings
        )
    }
}

/// Every notation, letter set and style, with a name for messages.
fn notations() -> Vec<(String, Box<dyn TextNotation<Position>>)> {
    let mut out: Vec<(String, Box<dyn TextNotation<Position>>)> = Vec::new();
    for lang in Language::ALL {
        for sideways in [Sideways::Dot, Sideways::Equals, Sideways::Omitted] {
            out.push((
                format!("wxf {lang} {sideways:?}"),
                Box::new(Wxf::new(lang).with_sideways(sideways)),
            ));
            out.push((
                format!("wxf wxr2018 {lang} {sideways:?}"),
                Box::new(
                    Wxf::new(lang)
                        .with_sideways(sideways)
                        .with_style(WxfStyle::Wxr2018)
                        .with_dialect(Dialect::Wxr2018),
                ),
            ));
        }
        out.push((format!("algebraic {lang}"), Box::new(Algebraic::new(lang))));
    }
    out.push(("algebraic winboard".into(), Box::new(Algebraic::WINBOARD)));
    for style in [
        ChineseStyle::Simplified,
        ChineseStyle::Traditional,
        ChineseStyle::TraditionalBig5,
    ] {
        out.push((format!("chinese {style:?}"), Box::new(Chinese::new(style))));
    }
    out.push(("iccs engine".into(), Box::new(Iccs::new(IccsStyle::Engine))));
    out.push(("iccs pgn".into(), Box::new(Iccs::new(IccsStyle::Pgn))));
    out.push((
        "iccs 1-10".into(),
        Box::new(Iccs::new(IccsStyle::Engine).with_ranks(IccsRanks::OneBased)),
    ));
    out
}

fn strings(v: &Value, key: &str, place: &str) -> Result<Vec<String>, String> {
    v[key]
        .as_array()
        .ok_or_else(|| format!("{place}: `{key}` is not an array"))?
        .iter()
        .map(|s| {
            s.as_str()
                .map(str::to_owned)
                .ok_or_else(|| format!("{place}: `{key}` holds a non-string"))
        })
        .collect()
}

fn board_and_side(fen: &str) -> String {
    fen.split_whitespace().take(2).collect::<Vec<_>>().join(" ")
}

/// Writes and reads back every legal move of `pos` in every notation.
fn every_legal_move(
    pos: &Position,
    notations: &[(String, Box<dyn TextNotation<Position>>)],
    place: &str,
    report: &mut Report,
) -> Result<(), String> {
    report.positions += 1;
    for &mv in pos.legal_moves().iter() {
        report.moves += 1;
        for (name, n) in notations {
            let text = n.write(pos, mv);
            match n.read(pos, &text) {
                // `33.4` is another pawn in the other dialect's reading: a warning, not a fault.
                Ok(r) if r.mv == mv && r.warnings.iter().all(|w| w.code == "dialect-collision") => {
                    report.readings += 1;
                }
                Ok(r) if r.mv == mv => {
                    return Err(format!(
                        "{place}: {}: {name}: {mv} written `{text}` reads back with warnings {:?}",
                        pos.to_fen(),
                        r.warnings
                    ));
                }
                Ok(r) => {
                    return Err(format!(
                        "{place}: {}: {name}: {mv} written `{text}` reads back as {}",
                        pos.to_fen(),
                        r.mv
                    ));
                }
                Err(e) => {
                    return Err(format!(
                        "{place}: {}: {name}: {mv} written `{text}` does not read back: {e}",
                        pos.to_fen()
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Replays `texts` with `notation` and compares with `moves` and the final FEN.
fn replay_column(
    start: &Position,
    texts: &[String],
    moves: &[Move],
    final_fen: &str,
    notation: &dyn TextNotation<Position>,
    place: &str,
    column: &str,
) -> Result<usize, String> {
    let mut pos = *start;
    for (i, (text, &mv)) in texts.iter().zip(moves).enumerate() {
        let read = notation
            .read(&pos, text)
            .map_err(|e| format!("{place} ply {} `{column}` `{text}`: {e}", i + 1))?;
        if read.mv != mv {
            return Err(format!(
                "{place} ply {} `{column}` `{text}`: read as {}, the fixture says {mv}",
                i + 1,
                read.mv
            ));
        }
        pos.play_unchecked(mv);
    }
    if board_and_side(&pos.to_fen()) != board_and_side(final_fen) {
        return Err(format!(
            "{place} `{column}`: final position {} differs from {final_fen}",
            pos.to_fen()
        ));
    }
    Ok(texts.len())
}

fn fixture_games(dir: &Path, report: &mut Report) -> Result<(), String> {
    let path = dir.join("xiangqi-games.jsonl");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let notations = notations();
    let wxf_std = Wxf::new(Language::English).with_sideways(Sideways::Equals);
    let san = Algebraic::new(Language::English);
    let uci = Iccs::new(IccsStyle::Engine).with_ranks(IccsRanks::OneBased);
    for (n, line) in text.lines().enumerate() {
        let place = format!("testdata/xiangqi/xiangqi-games.jsonl:{}", n + 1);
        let game: Value = serde_json::from_str(line).map_err(|e| format!("{place}: {e}"))?;
        let start = Position::from_fen(game["start_fen"].as_str().unwrap_or_default())
            .map_err(|e| format!("{place}: start_fen: {e}"))?;
        let iccs = strings(&game, "moves_iccs", &place)?;
        let moves: Vec<Move> = iccs
            .iter()
            .map(|m| m.parse().map_err(|e| format!("{place}: {e}")))
            .collect::<Result<_, _>>()?;
        let final_fen = game["final_fen"].as_str().unwrap_or_default();
        report.games += 1;
        let mut pos = start;
        for (i, &mv) in moves.iter().enumerate() {
            every_legal_move(&pos, &notations, &format!("{place} ply {}", i + 1), report)?;
            if !pos.is_legal(mv) {
                return Err(format!("{place} ply {}: {mv} is illegal", i + 1));
            }
            pos.play_unchecked(mv);
        }
        every_legal_move(&pos, &notations, &format!("{place} end"), report)?;
        let columns: [(&str, &dyn TextNotation<Position>); 3] =
            [("wxf_std", &wxf_std), ("san", &san), ("moves_uci", &uci)];
        for (column, notation) in columns {
            let texts = strings(&game, column, &place)?;
            report.column_plies +=
                replay_column(&start, &texts, &moves, final_fen, notation, &place, column)?;
        }
        let fairy = strings(&game, "wxf", &place)?;
        if fairy
            .iter()
            .any(|t| t.starts_with(|c: char| c.is_ascii_digit()))
        {
            report.skipped_wxf += 1;
        } else {
            report.column_plies +=
                replay_column(&start, &fairy, &moves, final_fen, &wxf_std, &place, "wxf")?;
        }
    }
    Ok(())
}

/// The games of the PGN files in `dir` that read without errors, each position checked.
fn pgn_games(dir: &Path, report: &mut Report) -> Result<(), String> {
    let notations = notations();
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        .collect();
    files.sort();
    for path in files {
        let name = format!(
            "testdata/xiangqi/{}",
            path.file_name().unwrap_or_default().to_string_lossy()
        );
        let file = std::fs::File::open(&path).map_err(|e| format!("{name}: {e}"))?;
        for (g, game) in GameReader::new(std::io::BufReader::new(file)).enumerate() {
            let Ok(game) = game else {
                // Legacy encodings come with a later issue.
                report.pgn_skipped.push(format!("{name} (not UTF-8)"));
                break;
            };
            let record = &game.record;
            let language: Language = record
                .tag("Language")
                .and_then(|l| l.parse().ok())
                .unwrap_or_default();
            let winboard = record
                .tag("Variant")
                .is_some_and(|v| v.eq_ignore_ascii_case("xiangqi"));
            let notation: Box<dyn TextNotation<Position>> =
                match record.tag("Format").map(str::to_ascii_lowercase).as_deref() {
                    Some("algebraic") => Box::new(Algebraic::new(language)),
                    Some("iccs") => Box::new(Iccs::new(IccsStyle::Engine)),
                    Some("wxf") => Box::new(Wxf::new(language)),
                    // WinBoard writes `[Variant "xiangqi"]` and no `[Format]`.
                    None if winboard => Box::new(Algebraic::WINBOARD),
                    _ => Box::new(Chinese::default()),
                };
            let start = match record.tag("FEN") {
                Some(fen) => Position::from_fen(fen).map_err(|e| format!("{name}: {e}"))?,
                None => Position::new(),
            };
            let replayed = replay(record, start, notation.as_ref());
            let label = format!("{name} game {}", g + 1);
            if replayed.has_errors() {
                report.pgn_skipped.push(label);
                continue;
            }
            let mut pos = start;
            for m in &replayed.record.main.moves {
                let place = format!("{name}:{}:{} ply", m.span.start.line, m.span.start.column);
                every_legal_move(&pos, &notations, &place, report)?;
                pos.play_unchecked(m.mv);
            }
            report.pgn_games.push(label);
        }
    }
    Ok(())
}

/// Writes the legal move `mv` of `pos` after `previous` with `notation` and reads it back.
fn shogi_law<N: notation_traits::MoveNotation<shogi_board::Position>>(
    notation: &N,
    pos: &shogi_board::Position,
    previous: Option<shogi_board::Move>,
    mv: shogi_board::Move,
) -> Result<(), String> {
    let written = notation.describe_after(pos, previous, mv).to_string();
    let read = notation
        .parse(&written)
        .map_err(|e| e.to_string())
        .and_then(|s| {
            notation
                .resolve_after(pos, previous, &s)
                .map_err(|e| e.to_string())
        });
    match read {
        Ok(r) if r.mv == mv && r.warnings.is_empty() => Ok(()),
        Ok(r) => Err(format!(
            "{pos}: {mv} written `{written}` reads back as {} {:?}",
            r.mv, r.warnings
        )),
        Err(e) => Err(format!(
            "{pos}: {mv} written `{written}` does not read back: {e}"
        )),
    }
}

/// Writes every legal move along every shogi fixture game in KIF and KI2 and reads it back,
/// after no previous move and after the game's.
fn shogi_games(path: &Path, report: &mut Report) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    for (n, line) in text.lines().enumerate() {
        let place = format!("testdata/shogi/shogi-games.jsonl:{}", n + 1);
        let game: Value = serde_json::from_str(line).map_err(|e| format!("{place}: {e}"))?;
        let start = game["start_sfen"].as_str().unwrap_or_default();
        let mut pos = shogi_board::Position::from_sfen(start)
            .map_err(|e| format!("{place}: start_sfen: {e}"))?;
        report.shogi_games += 1;
        let mut previous = None;
        for (i, text) in strings(&game, "moves_usi", &place)?.iter().enumerate() {
            report.shogi_positions += 1;
            for &mv in pos.legal_moves().iter() {
                report.shogi_moves += 1;
                for prev in [None, previous] {
                    shogi_law(&kif::KifNotation, &pos, prev, mv)
                        .and_then(|()| shogi_law(&kif::Ki2Notation, &pos, prev, mv))
                        .and_then(|()| shogi_law(&csa::CsaNotation, &pos, prev, mv))
                        .and_then(|()| shogi_law(&jkf::JkfNotation, &pos, prev, mv))
                        .map_err(|e| format!("{place} ply {}: {e}", i + 1))?;
                    report.shogi_readings += 4;
                }
            }
            let mv: shogi_board::Move = text.parse().map_err(|e| format!("{place}: {e}"))?;
            if !pos.is_legal(mv) {
                return Err(format!("{place} ply {}: {mv} is illegal", i + 1));
            }
            pos.play_unchecked(mv);
            previous = Some(mv);
        }
    }
    Ok(())
}

/// Runs the whole round trip.
pub(crate) fn run() -> Result<Report, String> {
    let dir = crate::root().join("testdata/xiangqi");
    let mut report = Report::default();
    fixture_games(&dir, &mut report)?;
    pgn_games(&dir, &mut report)?;
    shogi_games(
        &crate::root().join("testdata/shogi/shogi-games.jsonl"),
        &mut report,
    )?;
    Ok(report)
}

#[cfg(test)]
mod tests {
    #[test]
    fn roundtrip_over_all_test_games() {
        let report = super::run().unwrap_or_else(|e| panic!("{e}"));
        // testdata/README.md: 300 games, 28,850 plies.
        assert_eq!(report.games, 300);
        assert!(report.column_plies >= 3 * 28_850, "{report}");
        // The legal moves along the 300 shogi fixture games (crates/psn/tests/roundtrip.rs
        // counts them too), each written in KIF, KI2, CSA and JKF after no move and after the
        // game's.
        assert_eq!(report.shogi_games, 300);
        assert_eq!(report.shogi_moves, 1_632_461);
        assert_eq!(report.shogi_readings, 8 * 1_632_461);
        for name in ["seed-algebraic-fi", "xiangqi-winboard"] {
            assert!(
                report.pgn_games.iter().any(|g| g.contains(name)),
                "{name}: {report}"
            );
        }
    }
}
