//! Writing a game as a DhtmlXQ block: its tags, `[DhtmlXQ_binit]`, the main line as
//! `[DhtmlXQ_movelist]`, each variation as `[DhtmlXQ_move_a_b_c]`, the comments.
//!
//! Variation routes are numbered 1, 2, ... in the order they are met walking the main line and
//! then each route in turn; comments are `[DhtmlXQ_comment{n}]` on the main line (0 before
//! the first move) and `[DhtmlXQ_comment{c}_{n}]` on route c, with `||` for a line break, as
//! dpxq.com and vschess write them. `[DhtmlXQ_fen]` (vschess's tag; dpxq ignores it) is added
//! when the start has Black to move, another move number than 1 or a half-move clock, which
//! `binit` cannot say.

use std::collections::VecDeque;
use std::fmt::Write as _;

use notation_traits::{CheckedGame, GameResult, Written, WrittenGame};
use xiangqi_board::{Color, Position, Square};

use super::read::{RESULTS, TAG_NAMES};
use crate::export::{Export, Lost, WriteMove, export};
use crate::setup::slots_of;
use crate::tree::Tree;

/// Tags kept elsewhere, or naming the notation of a text file.
const CONSUMED: [&str; 8] = [
    "Result",
    "ResultText",
    "FEN",
    "SetUp",
    "Game",
    "Format",
    "Language",
    "Variant",
];

/// DhtmlXQ names no other tag may take.
const RESERVED: [&str; 3] = ["binit", "fen", "movelist"];

/// Writes `game` as a DhtmlXQ block; `index` is its place in the output (a blank line before
/// every block but the first).
pub(crate) fn write_dhtmlxq(game: &CheckedGame<Position>, index: usize) -> WrittenGame {
    let Export { tree, mut lost } = export(game);
    let record = &game.replayed.record;
    let start = &game.replayed.start;
    let mut out = String::new();
    if index > 0 {
        out.push('\n');
    }
    out.push_str("[DhtmlXQ]\n");
    let tag = |out: &mut String, lost: &mut Lost, name: &str, value: &str| {
        let value = clean(value, lost);
        let _ = writeln!(out, "[DhtmlXQ_{name}]{value}[/DhtmlXQ_{name}]");
    };
    // The tags DhtmlXQ names, in its order; the result from the game.
    for (dhtml, name) in TAG_NAMES {
        if name == "Result" {
            let word = match game.result() {
                Some(GameResult::FirstPlayerWins) => Some("红胜"),
                Some(GameResult::SecondPlayerWins) => Some("黑胜"),
                Some(GameResult::Draw) => Some("和棋"),
                None => None,
            };
            if let Some(word) = word {
                debug_assert!(RESULTS.iter().any(|(w, _)| *w == word));
                tag(&mut out, &mut lost, dhtml, word);
            } else if let Some(text) = record.tag("ResultText") {
                tag(&mut out, &mut lost, dhtml, text);
            }
            continue;
        }
        if name == "ResultText" {
            continue;
        }
        if let Some(value) = record.tag(name) {
            tag(&mut out, &mut lost, dhtml, value);
        }
    }
    // The other tags under their own names.
    let mut written: Vec<String> = Vec::new();
    for t in &record.tags {
        let lower = t.name.to_ascii_lowercase();
        let known = TAG_NAMES
            .iter()
            .any(|(_, n)| n.eq_ignore_ascii_case(&t.name))
            || CONSUMED.iter().any(|c| c.eq_ignore_ascii_case(&t.name));
        if known || written.contains(&lower) {
            continue;
        }
        let usable = !lower.is_empty()
            && lower
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_')
            && !RESERVED.contains(&lower.as_str())
            && !lower.starts_with("move")
            && !lower.starts_with("comment");
        if !usable {
            lost.add(format!(
                "the tag [{}], whose name DhtmlXQ cannot take",
                t.name
            ));
            continue;
        }
        written.push(lower);
        tag(&mut out, &mut lost, &t.name, &t.value);
    }
    // The start.
    if start.side_to_move() == Color::Black
        || start.fullmove_number() != 1
        || start.halfmove_clock() != 0
    {
        let _ = writeln!(out, "[DhtmlXQ_fen]{}[/DhtmlXQ_fen]", start.to_fen());
    }
    let mut binit = String::with_capacity(64);
    for sq in slots_of(start) {
        match sq {
            Some(sq) => push_point(&mut binit, sq),
            None => binit.push_str("99"),
        }
    }
    let _ = writeln!(out, "[DhtmlXQ_binit]{binit}[/DhtmlXQ_binit]");
    // The routes and the comments.
    let routes = routes(&tree);
    let mut comments = String::new();
    let root_comment = &tree.node(Tree::<WriteMove>::ROOT).data.comment;
    if !root_comment.is_empty() {
        let text = clean_comment(root_comment, &mut lost);
        let _ = writeln!(comments, "[DhtmlXQ_comment0]{text}[/DhtmlXQ_comment0]");
    }
    for route in &routes {
        let mut moves = String::new();
        for &node in &route.nodes {
            let data = &tree.node(node).data;
            if let Some(mv) = data.mv {
                push_point(&mut moves, mv.from());
                push_point(&mut moves, mv.to());
            }
            if !data.comment.is_empty() {
                let text = clean_comment(&data.comment, &mut lost);
                let key = if route.id == 0 {
                    format!("comment{}", data.ply)
                } else {
                    format!("comment{}_{}", route.id, data.ply)
                };
                let _ = writeln!(comments, "[DhtmlXQ_{key}]{text}[/DhtmlXQ_{key}]");
            }
        }
        if route.id == 0 {
            let _ = writeln!(out, "[DhtmlXQ_movelist]{moves}[/DhtmlXQ_movelist]");
        } else {
            let key = format!("move_{}_{}_{}", route.parent, route.start, route.id);
            let _ = writeln!(out, "[DhtmlXQ_{key}]{moves}[/DhtmlXQ_{key}]");
        }
    }
    out.push_str(&comments);
    out.push_str("[/DhtmlXQ]\n");
    WrittenGame {
        output: Written::Text(out),
        lost: lost.into_vec(),
    }
}

/// A route: its number, the route it branches from, the ply of its first move, its nodes.
struct Route {
    id: u32,
    parent: u32,
    start: u32,
    nodes: Vec<usize>,
}

/// The routes of a tree: route 0 the main line, then each alternative's line.
fn routes(tree: &Tree<WriteMove>) -> Vec<Route> {
    let mut out = Vec::new();
    // (route, parent route, the route's first node)
    let mut queue: VecDeque<(u32, u32, usize)> = VecDeque::new();
    let mut next_id = 1;
    if let Some(&first) = tree.node(Tree::<WriteMove>::ROOT).children.first() {
        queue.push_back((0, 0, first));
        for &alt in &tree.node(Tree::<WriteMove>::ROOT).children[1..] {
            queue.push_back((next_id, 0, alt));
            next_id += 1;
        }
    }
    while let Some((id, parent, first)) = queue.pop_front() {
        let mut nodes = vec![first];
        let mut at = first;
        while let Some((&main, alternatives)) = tree.node(at).children.split_first() {
            for &alt in alternatives {
                queue.push_back((next_id, id, alt));
                next_id += 1;
            }
            nodes.push(main);
            at = main;
        }
        out.push(Route {
            id,
            parent,
            start: tree.node(first).data.ply,
            nodes,
        });
    }
    out.sort_by_key(|r| r.id);
    out
}

/// The two DhtmlXQ digits of a point: the file from the left, the row from the top.
fn push_point(out: &mut String, sq: Square) {
    out.push(char::from(b'0' + sq.file().index()));
    out.push(char::from(b'0' + (9 - sq.rank().index())));
}

/// A tag value DhtmlXQ can hold: on one line, with no tag of its own inside.
fn clean(value: &str, lost: &mut Lost) -> String {
    let mut value = value.to_owned();
    if value.contains(['\n', '\r']) {
        lost.add("line breaks in tag values, written as spaces");
        value = value.replace("\r\n", " ").replace(['\n', '\r'], " ");
    }
    guard_brackets(&value, lost)
}

/// A comment as DhtmlXQ holds it: `||` for each line break.
fn clean_comment(text: &str, lost: &mut Lost) -> String {
    let text = guard_brackets(text, lost);
    text.replace("\r\n", "\n").replace('\n', "||")
}

/// `[DhtmlXQ` inside a text would end it early: its bracket becomes the full-width `［`.
fn guard_brackets(text: &str, lost: &mut Lost) -> String {
    let lower = text.to_ascii_lowercase();
    if !lower.contains("[dhtmlxq") && !lower.contains("[/dhtmlxq") {
        return text.to_owned();
    }
    lost.add("`[` before `DhtmlXQ` in a text, written as `［`");
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        let rest = &lower[i..];
        if c == '[' && (rest.starts_with("[dhtmlxq") || rest.starts_with("[/dhtmlxq")) {
            out.push('［');
        } else {
            out.push(c);
        }
    }
    out
}
