//! What the integration tests share: the specimen folder (../shared/specimens/kif-csa, beside
//! the repository clone, read in place), decoding a CSA file as the records library does, the
//! answers' JKF values as shogi-board values, and reading and checking a CSA text.

#![allow(dead_code)]

use std::path::PathBuf;

use csa::Csa;
use notation_traits::{CheckedGame, FormatGame, RecordFormat, ReplayOptions, replay_with};
use serde_json::Value;
use shogi_board::{Handicap, Move, PieceKind, Position, Square};

/// The specimen folder `shared/specimens/kif-csa`: beside the repository clone
/// (`CARGO_MANIFEST_DIR/../../../shared`), else beside a folder further up (a worktree kept one
/// level below the clones); `None` where there is none.
pub(crate) fn specimens() -> Option<PathBuf> {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest
        .ancestors()
        .skip(3)
        .map(|dir| dir.join("shared/specimens/kif-csa"))
        .find(|dir| dir.is_dir())
}

/// The files of a specimen folder with the extension `ext`, sorted.
pub(crate) fn files(dir: &str, ext: &str) -> Option<Vec<PathBuf>> {
    let Some(root) = specimens() else {
        println!("skipped: no shared/specimens/kif-csa beside the repository clone");
        return None;
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    files.sort();
    Some(files)
}

/// A CSA file's text: the encoding its first line declares, else UTF-8 where the bytes are
/// UTF-8, else Shift_JIS (CSA V3.0, 2.2: a file without the encoding line is Shift_JIS).
pub(crate) fn decode(bytes: &[u8]) -> String {
    let label = Csa.declared_encoding(bytes);
    if label.is_none_or(|l| l == "UTF-8")
        && let Ok(text) = std::str::from_utf8(bytes)
    {
        return text.to_owned();
    }
    let encoding = label
        .and_then(|l| encoding_rs::Encoding::for_label(l.as_bytes()))
        .unwrap_or(encoding_rs::SHIFT_JIS);
    let (text, _, bad) = encoding.decode(bytes);
    assert!(!bad, "undecodable bytes");
    text.into_owned()
}

/// Every game of a CSA text.
pub(crate) fn read(text: &str) -> Vec<FormatGame<Position>> {
    Csa.read(Box::new(text.as_bytes()))
        .collect::<std::io::Result<Vec<_>>>()
        .unwrap_or_else(|e| panic!("{e}"))
}

/// A game replayed with its own notation.
pub(crate) fn check(game: FormatGame<Position>) -> CheckedGame<Position> {
    let start = game.start.clone().unwrap_or_else(|d| panic!("{d}"));
    let notation = game.notation.as_deref().expect("a notation");
    let replayed = replay_with(&game.raw.record, start, notation, ReplayOptions::default());
    CheckedGame::new(replayed, &game.raw, game.terminal.clone())
}

/// A JKF piece code as a kind.
pub(crate) fn kind(code: &str) -> PieceKind {
    csa::piece_kind(code).unwrap_or_else(|| panic!("piece code {code}"))
}

fn square(place: &Value) -> Square {
    let n = |k: &str| place[k].as_u64().expect("x and y") as u8;
    Square::from_numbers(n("x"), n("y")).expect("a square")
}

/// The move of a JKF `move` object: from `from`, `to` and `promote` (a drop: `piece` and `to`).
pub(crate) fn jkf_move(m: &Value) -> Move {
    let to = square(&m["to"]);
    match m.get("from") {
        Some(from) if !from.is_null() => Move::Normal {
            from: square(from),
            to,
            promote: m["promote"].as_bool().unwrap_or(false),
        },
        _ => Move::Drop {
            kind: kind(m["piece"].as_str().expect("piece")),
            to,
        },
    }
}

/// The SFEN of a JKF `initial` (a preset, or `OTHER` and its `data`), move count 1.
pub(crate) fn jkf_start_sfen(initial: &Value) -> String {
    let preset = initial["preset"].as_str().unwrap_or("HIRATE");
    let handicap = match preset {
        "HIRATE" => return Position::START_SFEN.to_owned(),
        "KY" => Some(Handicap::Lance),
        "KY_R" => Some(Handicap::RightLance),
        "KA" => Some(Handicap::Bishop),
        "HI" => Some(Handicap::Rook),
        "HIKY" => Some(Handicap::RookLance),
        "2" => Some(Handicap::TwoPiece),
        "3" => Some(Handicap::ThreePiece),
        "4" => Some(Handicap::FourPiece),
        "5" => Some(Handicap::FivePiece),
        "5_L" => Some(Handicap::LeftFivePiece),
        "6" => Some(Handicap::SixPiece),
        "7_L" => Some(Handicap::LeftSevenPiece),
        "7_R" => Some(Handicap::RightSevenPiece),
        "8" => Some(Handicap::EightPiece),
        "10" => Some(Handicap::TenPiece),
        _ => None,
    };
    if let Some(h) = handicap {
        return h.sfen().to_owned();
    }
    let data = &initial["data"];
    let mut sfen = String::new();
    for y in 0..9 {
        let mut empty = 0;
        for x in (0..9).rev() {
            let sq = &data["board"][x][y];
            match sq["kind"].as_str() {
                None => empty += 1,
                Some(code) => {
                    if empty > 0 {
                        sfen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let p = shogi_board::Piece::new(
                        if sq["color"] == 0 {
                            shogi_board::Color::Black
                        } else {
                            shogi_board::Color::White
                        },
                        kind(code),
                    );
                    sfen.push_str(p.sfen());
                }
            }
        }
        if empty > 0 {
            sfen.push_str(&empty.to_string());
        }
        if y < 8 {
            sfen.push('/');
        }
    }
    sfen.push_str(if data["color"] == 0 { " b " } else { " w " });
    let mut hands = String::new();
    for (i, hand) in data["hands"]
        .as_array()
        .expect("two hands")
        .iter()
        .enumerate()
    {
        for code in ["HI", "KA", "KI", "GI", "KE", "KY", "FU"] {
            let n = hand[code].as_u64().unwrap_or(0);
            if n == 0 {
                continue;
            }
            if n > 1 {
                hands.push_str(&n.to_string());
            }
            let letter = kind(code).letter();
            hands.push(if i == 0 {
                letter
            } else {
                letter.to_ascii_lowercase()
            });
        }
    }
    sfen.push_str(if hands.is_empty() { "-" } else { &hands });
    sfen.push_str(" 1");
    sfen
}

/// The seconds of a JKF time object (`{"h":0,"m":1,"s":5}`: 65).
pub(crate) fn jkf_seconds(t: &Value) -> u64 {
    t["h"].as_u64().unwrap_or(0) * 3600
        + t["m"].as_u64().unwrap_or(0) * 60
        + t["s"].as_u64().unwrap_or(0)
}

/// A game of testdata/shogi/shogi-games.jsonl (the Fairy-Stockfish fixture games, see
/// ../shared/fixtures/README.md): its id, start, USI moves and final SFEN.
pub(crate) struct Fixture {
    pub(crate) id: String,
    pub(crate) start: Position,
    pub(crate) moves: Vec<Move>,
    pub(crate) final_sfen: String,
}

/// Every fixture game.
pub(crate) fn fixtures() -> Vec<Fixture> {
    let path = format!(
        "{}/../../testdata/shogi/shogi-games.jsonl",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line).expect("a JSON game");
            Fixture {
                id: v["id"].as_str().unwrap().to_owned(),
                start: Position::from_sfen(v["start_sfen"].as_str().unwrap()).unwrap(),
                moves: v["moves_usi"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| m.as_str().unwrap().parse().unwrap())
                    .collect(),
                final_sfen: v["final_sfen"].as_str().unwrap().to_owned(),
            }
        })
        .collect()
}

/// A fixture game as a checked game whose move texts are written by `notation`.
pub(crate) fn fixture_game<N: notation_traits::TextNotation<Position>>(
    f: &Fixture,
    notation: &N,
) -> CheckedGame<Position> {
    let mut record = notation_traits::GameRecord::<()>::default();
    let mut pos = f.start;
    let mut previous = None;
    for &mv in &f.moves {
        let text = notation.write_after(&pos, previous, mv);
        record.main.moves.push(notation_traits::MoveEntry::new(
            (),
            text,
            notation_traits::Span::default(),
        ));
        pos.play_unchecked(mv);
        previous = Some(mv);
    }
    let raw = notation_traits::RawGame {
        record,
        diagnostics: Vec::new(),
        source: String::new(),
    };
    let replayed = replay_with(&raw.record, f.start, notation, ReplayOptions::default());
    assert!(
        replayed.diagnostics.is_empty(),
        "{}: {:?}",
        f.id,
        replayed.diagnostics
    );
    CheckedGame::new(replayed, &raw, None)
}
