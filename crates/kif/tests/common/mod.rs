//! Fixture loading shared by the integration tests: the shogi fixture games
//! (testdata/shogi/shogi-games.jsonl: 300 games played by Fairy-Stockfish, replayed with cshogi;
//! see ../shared/fixtures/README.md), testdata/kif, and the specimens of
//! ../shared/specimens/kif-csa/ read in place where that folder exists.

#![allow(dead_code)]

use std::path::PathBuf;

use serde_json::Value;
use shogi_board::{Move, Position};

/// A game of shogi-games.jsonl.
#[derive(Debug)]
pub(crate) struct Game {
    pub(crate) id: String,
    pub(crate) start: Position,
    pub(crate) usi: Vec<Move>,
    pub(crate) final_sfen: String,
}

/// The 300 fixture games.
pub(crate) fn games() -> Vec<Game> {
    let path = format!(
        "{}/../../testdata/shogi/shogi-games.jsonl",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line).unwrap();
            let start = Position::from_sfen(v["start_sfen"].as_str().unwrap()).unwrap();
            let usi = v["moves_usi"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap().parse().unwrap())
                .collect();
            Game {
                id: v["id"].as_str().unwrap().to_owned(),
                start,
                usi,
                final_sfen: v["final_sfen"].as_str().unwrap_or_default().to_owned(),
            }
        })
        .collect()
}

/// The path of testdata/kif/NAME.
pub(crate) fn testdata(name: &str) -> PathBuf {
    PathBuf::from(format!(
        "{}/../../testdata/kif/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
}

/// ../shared/specimens/kif-csa, if it is there: the folder `shared` beside the repository
/// clone (`CARGO_MANIFEST_DIR/../../../shared`), or beside the folder of worktrees a clone's
/// worktree sits in (one level up), or where `KIFU_SHARED` says.
pub(crate) fn specimens() -> Option<PathBuf> {
    let manifest = env!("CARGO_MANIFEST_DIR");
    let mut candidates: Vec<PathBuf> = std::env::var_os("KIFU_SHARED")
        .map(PathBuf::from)
        .into_iter()
        .collect();
    candidates.push(PathBuf::from(format!("{manifest}/../../../shared")));
    candidates.push(PathBuf::from(format!("{manifest}/../../../../shared")));
    let found = candidates
        .iter()
        .map(|c| c.join("specimens/kif-csa"))
        .find(|d| d.is_dir());
    if found.is_none() {
        println!(
            "skipped: no specimens/kif-csa in {candidates:?} (the specimens are read in place, never copied)"
        );
    }
    found
}

use notation_traits::{
    CheckedGame, FormatGame, Line, RecordFormat, ReplayOptions, WriteSettings, Written,
};

/// A file's text: UTF-8 as it is (without a byte-order mark), else decoded from Shift_JIS.
pub(crate) fn decode(bytes: &[u8]) -> String {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(t) => t.to_owned(),
        Err(_) => {
            let (text, _, bad) = encoding_rs::SHIFT_JIS.decode(bytes);
            assert!(!bad, "not Shift_JIS either");
            text.into_owned()
        }
    }
}

/// Reads every game of `text` with `format`.
pub(crate) fn read_all(
    format: &dyn RecordFormat<Position>,
    text: &str,
) -> Vec<FormatGame<Position>> {
    format
        .read(Box::new(text.as_bytes()))
        .collect::<Result<_, _>>()
        .expect("UTF-8 text")
}

/// Reads and checks the one game of `text`.
pub(crate) fn checked(format: &dyn RecordFormat<Position>, text: &str) -> CheckedGame<Position> {
    let mut games = read_all(format, text);
    assert_eq!(games.len(), 1, "one game in\n{text}");
    kif::check(games.remove(0), ReplayOptions::default()).unwrap_or_else(|d| panic!("{d}\n{text}"))
}

/// Writes a checked game with `format` (UTF-8).
pub(crate) fn write(
    format: &dyn RecordFormat<Position>,
    game: &CheckedGame<Position>,
) -> (String, Vec<String>) {
    let written = format
        .write(game, &WriteSettings::default())
        .unwrap_or_else(|d| panic!("{d}"));
    match written.output {
        Written::Text(t) => (t, written.lost),
        Written::Bytes(_) => panic!("KIF and KI2 are text"),
    }
}

/// What a record holds, without the places and spellings: what a round trip must keep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Digest {
    pub(crate) tags: Vec<(String, String)>,
    pub(crate) start: String,
    pub(crate) main: LineDigest,
    pub(crate) terminal: Option<(notation_traits::TerminalKind, Option<String>)>,
    pub(crate) result_token: Option<String>,
    pub(crate) trailing: Vec<String>,
    pub(crate) unread: usize,
}

/// A line: its comments and moves, each with its clock, comments and variations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LineDigest {
    pub(crate) comments: Vec<String>,
    pub(crate) moves: Vec<(String, Option<String>, Vec<String>, Vec<LineDigest>)>,
}

pub(crate) fn line_digest(line: &Line<Move>) -> LineDigest {
    LineDigest {
        comments: line.comments.clone(),
        moves: line
            .moves
            .iter()
            .map(|m| {
                (
                    m.mv.to_string(),
                    m.clock.clone(),
                    m.comments.clone(),
                    m.variations.iter().map(line_digest).collect(),
                )
            })
            .collect(),
    }
}

pub(crate) fn digest(game: &CheckedGame<Position>) -> Digest {
    let r = &game.replayed;
    Digest {
        tags: r
            .record
            .tags
            .iter()
            .map(|t| (t.name.clone(), t.value.clone()))
            .collect(),
        start: r.start.to_sfen(),
        main: line_digest(&r.record.main),
        terminal: game.terminal.as_ref().map(|t| (t.kind, t.clock.clone())),
        result_token: r.record.result_token.clone(),
        trailing: r.record.trailing_comments.clone(),
        unread: r.unread.len(),
    }
}

/// Where two digests first differ, for a failure message.
pub(crate) fn first_difference(a: &Digest, b: &Digest) -> String {
    fn lines(a: &LineDigest, b: &LineDigest, at: &str) -> Option<String> {
        if a.comments != b.comments {
            return Some(format!(
                "{at} comments: {:?} vs {:?}",
                a.comments, b.comments
            ));
        }
        for (i, (x, y)) in a.moves.iter().zip(&b.moves).enumerate() {
            if x.0 != y.0 || x.1 != y.1 || x.2 != y.2 {
                return Some(format!(
                    "{at} move {}: {:?} vs {:?}",
                    i + 1,
                    (&x.0, &x.1, &x.2),
                    (&y.0, &y.1, &y.2)
                ));
            }
            if x.3.len() != y.3.len() {
                return Some(format!(
                    "{at} move {}: {} vs {} variations",
                    i + 1,
                    x.3.len(),
                    y.3.len()
                ));
            }
            for (k, (v, w)) in x.3.iter().zip(&y.3).enumerate() {
                if let Some(d) = lines(v, w, &format!("{at} move {} variation {}", i + 1, k + 1)) {
                    return Some(d);
                }
            }
        }
        (a.moves.len() != b.moves.len())
            .then(|| format!("{at}: {} vs {} moves", a.moves.len(), b.moves.len()))
    }
    if a.tags != b.tags {
        return format!("tags: {:?} vs {:?}", a.tags, b.tags);
    }
    if let Some(d) = lines(&a.main, &b.main, "main") {
        return d;
    }
    format!(
        "start {} vs {}; terminal {:?} vs {:?}; result {:?} vs {:?}; trailing {:?} vs {:?}; unread {} vs {}",
        a.start,
        b.start,
        a.terminal,
        b.terminal,
        a.result_token,
        b.result_token,
        a.trailing,
        b.trailing,
        a.unread,
        b.unread
    )
}
