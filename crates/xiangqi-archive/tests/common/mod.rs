//! What the integration tests share: the fixture games, games as move trees, the replay of a
//! read game, and the lines of a record written out for comparison.
//!
//! Nothing here uses the crate's own encoding or decoding: the hand-made files of `xqf.rs` and
//! `ccbridge.rs` are built from the format descriptions' formulas, so that a bug shared by the
//! crate's reader and writer cannot pass.

#![allow(dead_code, unreachable_pub)]

pub mod ccbridge;
pub mod xqf;

use std::path::PathBuf;

use iccs_algebraic::Iccs;
use notation_traits::{
    CheckedGame, FormatGame, GameRecord, Line, MoveEntry, ReplayOptions, Replayed, Span, Tag,
    replay_with,
};
use xiangqi_board::{Move, Position};

/// The repository's testdata folder.
pub fn testdata(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata")
        .join(name)
}

/// A fixture game of testdata/xiangqi/xiangqi-games.jsonl (played by Fairy-Stockfish).
#[derive(Clone, Debug)]
pub struct Fixture {
    pub id: String,
    pub start_fen: String,
    pub moves: Vec<String>,
    pub final_fen: String,
    pub result: Option<String>,
}

/// Every fixture game.
pub fn fixtures() -> Vec<Fixture> {
    let text = std::fs::read_to_string(testdata("xiangqi/xiangqi-games.jsonl"))
        .expect("testdata/xiangqi/xiangqi-games.jsonl");
    text.lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            Fixture {
                id: v["id"].as_str().unwrap().to_owned(),
                start_fen: v["start_fen"].as_str().unwrap().to_owned(),
                moves: v["moves_iccs"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| m.as_str().unwrap().to_owned())
                    .collect(),
                final_fen: v["final_fen"].as_str().unwrap().to_owned(),
                result: v["result"].as_str().map(str::to_owned),
            }
        })
        .collect()
}

/// A game as a tree of ICCS moves: node 0 is the start, each node's first child the main
/// continuation.
#[derive(Clone, Debug, Default)]
pub struct GameTree {
    pub nodes: Vec<TreeNode>,
}

#[derive(Clone, Debug, Default)]
pub struct TreeNode {
    /// The move (empty for the root).
    pub mv: String,
    pub comment: Option<String>,
    pub children: Vec<usize>,
}

impl GameTree {
    /// A tree of the main line `moves`, with a comment before the first move.
    pub fn line(moves: &[String], root_comment: Option<&str>) -> GameTree {
        let mut tree = GameTree {
            nodes: vec![TreeNode {
                comment: root_comment.map(str::to_owned),
                ..TreeNode::default()
            }],
        };
        let mut at = 0;
        for m in moves {
            at = tree.add(at, m, None);
        }
        tree
    }

    /// Adds a move below `parent`; its index.
    pub fn add(&mut self, parent: usize, mv: &str, comment: Option<&str>) -> usize {
        self.nodes.push(TreeNode {
            mv: mv.to_owned(),
            comment: comment.map(str::to_owned),
            children: Vec::new(),
        });
        let i = self.nodes.len() - 1;
        self.nodes[parent].children.push(i);
        i
    }

    /// The node of the main line after `plies` moves.
    pub fn main(&self, plies: usize) -> usize {
        let mut at = 0;
        for _ in 0..plies {
            at = self.nodes[at].children[0];
        }
        at
    }

    /// The nodes in pre-order (node, its first child's subtree, its next sibling), each with
    /// whether it has a reply and whether a sibling follows it.
    pub fn preorder(&self) -> Vec<(usize, bool, bool)> {
        let mut out = Vec::new();
        let mut stack = vec![(0usize, false)];
        while let Some((i, next)) = stack.pop() {
            let kids = &self.nodes[i].children;
            out.push((i, !kids.is_empty(), next));
            for (k, &c) in kids.iter().enumerate().rev() {
                stack.push((c, k + 1 < kids.len()));
            }
        }
        out
    }

    /// The main line as movetext: moves, `{comments}`, `(variations)` (see [`movetext`]).
    pub fn movetext(&self) -> String {
        let mut out = String::new();
        if let Some(c) = &self.nodes[0].comment {
            out.push_str(&format!("{{{c}}}"));
        }
        self.line_text(&self.nodes[0].children, &mut out);
        out
    }

    fn line_text(&self, kids: &[usize], out: &mut String) {
        let mut kids = kids.to_vec();
        while let Some((&main, alts)) = kids.split_first() {
            let node = &self.nodes[main];
            sep(out);
            out.push_str(&node.mv);
            if let Some(c) = &node.comment {
                out.push_str(&format!(" {{{c}}}"));
            }
            for &a in alts {
                sep(out);
                out.push('(');
                self.line_text(&[a], out);
                out.push(')');
            }
            kids = node.children.clone();
        }
    }
}

fn sep(out: &mut String) {
    if !out.is_empty() && !out.ends_with('(') {
        out.push(' ');
    }
}

/// A record's main line as movetext, the way [`GameTree::movetext`] writes a tree.
pub fn movetext<M>(line: &Line<M>) -> String {
    let mut out = String::new();
    for c in &line.comments {
        out.push_str(&format!("{{{c}}}"));
    }
    line_text(line, &mut out);
    out
}

fn line_text<M>(line: &Line<M>, out: &mut String) {
    for m in &line.moves {
        sep(out);
        out.push_str(&m.text);
        for c in &m.comments {
            out.push_str(&format!(" {{{c}}}"));
        }
        for v in &m.variations {
            sep(out);
            out.push('(');
            for c in &v.comments {
                out.push_str(&format!("{{{c}}} "));
            }
            line_text(v, out);
            out.push(')');
        }
    }
}

/// The same, with the resolved moves as ICCS.
pub fn resolved_movetext(line: &Line<Move>) -> String {
    fn walk(line: &Line<Move>, out: &mut String) {
        for m in &line.moves {
            sep(out);
            out.push_str(&m.mv.to_string());
            for c in &m.comments {
                out.push_str(&format!(" {{{c}}}"));
            }
            for v in &m.variations {
                sep(out);
                out.push('(');
                walk(v, out);
                out.push(')');
            }
        }
    }
    let mut out = String::new();
    for c in &line.comments {
        out.push_str(&format!("{{{c}}}"));
    }
    walk(line, &mut out);
    out
}

/// The game of `tree` from `fen`, checked, with `tags`.
pub fn checked(fen: &str, tree: &GameTree, tags: &[(&str, &str)]) -> CheckedGame<Position> {
    fn line(tree: &GameTree, kids: &[usize]) -> Line<()> {
        let mut out = Line::default();
        let mut kids = kids.to_vec();
        while let Some((&main, alts)) = kids.split_first() {
            let node = &tree.nodes[main];
            let mut entry = MoveEntry::new((), node.mv.clone(), Span::default());
            entry.comments = node.comment.iter().cloned().collect();
            for &a in alts {
                entry.variations.push(line(tree, &[a]));
            }
            out.moves.push(entry);
            kids = node.children.clone();
        }
        out
    }
    let mut record = GameRecord::<()> {
        tags: tags
            .iter()
            .map(|(n, v)| Tag {
                name: (*n).to_owned(),
                value: (*v).to_owned(),
                span: Span::default(),
            })
            .collect(),
        main: line(tree, &tree.nodes[0].children),
        ..GameRecord::default()
    };
    record.main.comments = tree.nodes[0].comment.iter().cloned().collect();
    let start = Position::from_fen(fen).expect("a fixture FEN");
    let replayed = replay_with(&record, start, &Iccs::ENGINE, ReplayOptions::default());
    assert!(
        !replayed.has_errors(),
        "the test game replays: {:?}",
        replayed.diagnostics
    );
    let raw = notation_traits::RawGame {
        record,
        diagnostics: Vec::new(),
        source: String::new(),
    };
    CheckedGame::new(replayed, &raw, None)
}

/// Replays a game as read, with the notation the format gives.
pub fn replay(game: &FormatGame<Position>) -> Replayed<Position> {
    let start = game
        .start
        .clone()
        .unwrap_or_else(|d| panic!("the start position: {d}"));
    let notation = game
        .notation
        .as_ref()
        .expect("the format names its notation");
    replay_with(
        &game.raw.record,
        start,
        notation.as_ref(),
        ReplayOptions::default(),
    )
}

/// The codes of a game's diagnostics.
pub fn codes(game: &FormatGame<Position>) -> Vec<String> {
    game.raw
        .diagnostics
        .iter()
        .map(|d| d.code.clone())
        .collect()
}

/// A tree with variations for a fixture game: at every seventh ply, the first other legal move
/// of the position (in ICCS order) as an alternative, followed by the first legal reply, and a
/// comment on every fifth move.
pub fn with_variations(f: &Fixture) -> GameTree {
    let mut tree = GameTree::line(&[], Some("start of the game"));
    let mut pos = Position::from_fen(&f.start_fen).unwrap();
    let mut at = 0;
    for (i, m) in f.moves.iter().enumerate() {
        let comment = (i % 5 == 4).then(|| format!("ply {} 注解", i + 1));
        let node = tree.add(at, m, comment.as_deref());
        if i % 7 == 3 {
            let mut legal: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
            legal.sort();
            if let Some(alt) = legal.iter().find(|l| *l != m) {
                let a = tree.add(at, alt, Some("another try"));
                let after = pos.play(alt.parse().unwrap()).unwrap();
                let mut replies: Vec<String> =
                    after.legal_moves().iter().map(|m| m.to_string()).collect();
                replies.sort();
                if let Some(r) = replies.first() {
                    tree.add(a, r, None);
                }
            }
        }
        pos = pos.play(m.parse().unwrap()).unwrap();
        at = node;
    }
    tree
}
