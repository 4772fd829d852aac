//! Reading DhtmlXQ text: the `[DhtmlXQ]` blocks of a page or file, each a game.
//!
//! What is read (the dpxq.com viewer's behaviour, as its public script and the readers that
//! follow it show; ../shared/research/xiangqi-notation.md §4.6):
//!
//! - A game is a `[DhtmlXQ]` ... `[/DhtmlXQ]` block (any `[DhtmlXQ...]` opener without `_`,
//!   such as `[DhtmlXQiFrame]`); a text with tags but no block is one game. Tag names are read
//!   without case. A tag is `[DhtmlXQ_name]value[/DhtmlXQ_...]`: the value runs to the next
//!   `[/DhtmlXQ`, whatever name that closer gives (dpxq's own files mismatch some).
//! - `[DhtmlXQ_binit]`: 32 two-digit points `xy` (x the file 0-8 from the left, y the row 0-9
//!   from the top) in the slot order of [`crate::setup`], `9y` for an absent piece; missing
//!   or empty, the standard array. `[DhtmlXQ_fen]` (vschess's), when given, is the start and
//!   wins over `binit`.
//! - `[DhtmlXQ_movelist]`: the main line (route 0, from ply 1), four digits `xyxy` a move;
//!   white space between them is skipped. `[DhtmlXQ_move_a_b_c]`: route c, whose first move is
//!   ply b (counted from the start of the game) and replaces ply b of route a. Routes may come
//!   in any order.
//! - `[DhtmlXQ_comment{n}]` (= `comment0_{n}`): the comment after ply n of the main line, 0
//!   before the first move; `[DhtmlXQ_comment{c}_{n}]` after ply n of route c. `||` is a line
//!   break.
//! - The side to move: the `fen`'s, else the colour of the piece the first move moves, else
//!   Red. The other tags become tags: `title` Title, `event` Event, `date` Date, `place` Site,
//!   `round` Round, `table` Table, `group` Group, `red`/`black` Red/Black, `redteam`/
//!   `blackteam` RedTeam/BlackTeam, `result` Result (红胜 1-0, 黑胜 0-1, 和棋 1/2-1/2, 未知 *;
//!   other words stay as `ResultText`), `timerule` TimeControl, `redtime`/`blacktime`,
//!   `remark` Annotator, `author` Author, `open` Opening; every other tag under its own name.

use std::collections::HashMap;

use notation_traits::{Diagnostic, FormatGame, GameRecord, RawGame, Severity, Span, Tag};
use xiangqi_board::{Color, Position, Square};

use crate::iccs_text::{move_text, notation, square};
use crate::locate::Locator;
use crate::setup::{Setup, slot_piece};
use crate::tree::{ReadMove, Tree, main_line};

/// The tags kifu names otherwise: (DhtmlXQ name, tag).
pub(crate) const TAG_NAMES: [(&str, &str); 19] = [
    ("title", "Title"),
    ("event", "Event"),
    ("date", "Date"),
    ("place", "Site"),
    ("round", "Round"),
    ("table", "Table"),
    ("group", "Group"),
    ("red", "Red"),
    ("redteam", "RedTeam"),
    ("black", "Black"),
    ("blackteam", "BlackTeam"),
    ("result", "Result"),
    ("timerule", "TimeControl"),
    ("redtime", "RedTime"),
    ("blacktime", "BlackTime"),
    ("remark", "Annotator"),
    ("author", "Author"),
    ("open", "Opening"),
    ("result", "ResultText"),
];

/// Result words: (word, PGN result).
pub(crate) const RESULTS: [(&str, &str); 14] = [
    ("红胜", "1-0"),
    ("红先胜", "1-0"),
    ("红方胜", "1-0"),
    ("黑胜", "0-1"),
    ("红负", "0-1"),
    ("红先负", "0-1"),
    ("黑方胜", "0-1"),
    ("和棋", "1/2-1/2"),
    ("和", "1/2-1/2"),
    ("红和", "1/2-1/2"),
    ("红先和", "1/2-1/2"),
    ("和局", "1/2-1/2"),
    ("未知", "*"),
    ("*", "*"),
];

/// Reads the games of a DhtmlXQ text.
pub(crate) fn read_text(text: &str) -> Vec<FormatGame<Position>> {
    let locator = Locator::new(text);
    let lower = text.to_ascii_lowercase();
    let blocks = blocks(&lower);
    if blocks.is_empty() {
        let d = Diagnostic::new(
            Severity::Error,
            "bad-tag",
            "no DhtmlXQ tags (`[DhtmlXQ_...]`) in the text".to_owned(),
        )
        .at(locator.span(0, text.len().min(1)));
        return vec![FormatGame {
            raw: RawGame {
                record: GameRecord::default(),
                diagnostics: Vec::new(),
                source: String::new(),
            },
            start: Err(Box::new(d)),
            notation: Some(notation()),
            terminal: None,
        }];
    }
    blocks
        .into_iter()
        .map(|(from, to)| {
            Block {
                text,
                lower: &lower,
                locator: &locator,
                diagnostics: Vec::new(),
            }
            .read(from, to)
        })
        .collect()
}

/// The byte ranges of the games: `[DhtmlXQ]` blocks, or the whole text when it has tags but no
/// block.
fn blocks(lower: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut at = 0;
    let mut opener = None;
    while let Some(i) = lower[at..].find("[dhtmlxq").map(|i| i + at) {
        let after = i + "[dhtmlxq".len();
        let name_end = lower[after..]
            .find(|c: char| !c.is_ascii_alphanumeric())
            .map_or(lower.len(), |e| e + after);
        if lower[name_end..].starts_with(']') {
            // A block opener: `[DhtmlXQ]`, `[DhtmlXQiFrame]`.
            if let Some(start) = opener.replace(i) {
                out.push((start, i));
            }
        }
        at = after;
    }
    if let Some(start) = opener {
        // The block ends at its closer, else at the end of the text.
        let end = closer_after(lower, start).unwrap_or(lower.len());
        out.push((start, end));
    }
    // Blocks that run into the next opener end at their own closer when they have one.
    for block in &mut out {
        if let Some(c) = closer_after(&lower[..block.1], block.0) {
            block.1 = c;
        }
    }
    if out.is_empty() && lower.contains("[dhtmlxq_") {
        out.push((0, lower.len()));
    }
    out
}

/// The end of the first block closer (`[/DhtmlXQ]`, `[/DhtmlXQiFrame]`) after `from`.
fn closer_after(lower: &str, from: usize) -> Option<usize> {
    let mut at = from;
    while let Some(i) = lower[at..].find("[/dhtmlxq").map(|i| i + at) {
        let after = i + "[/dhtmlxq".len();
        let name_end = lower[after..]
            .find(|c: char| !c.is_ascii_alphanumeric())
            .map_or(lower.len(), |e| e + after);
        if lower[name_end..].starts_with(']') {
            return Some(name_end + 1);
        }
        at = after;
    }
    None
}

/// A tag as written: its name in lower case, the value and where they stand.
struct RawTag<'a> {
    name: String,
    value: &'a str,
    value_at: usize,
    span: (usize, usize),
}

/// A route of moves: the main line (0) or a variation.
struct Route {
    id: u32,
    parent: u32,
    start: u32,
    moves: Vec<(Result<String, String>, (usize, usize))>,
    span: (usize, usize),
}

struct Block<'a> {
    text: &'a str,
    lower: &'a str,
    locator: &'a Locator<'a>,
    diagnostics: Vec<Diagnostic>,
}

impl<'a> Block<'a> {
    fn span(&self, (from, to): (usize, usize)) -> Span {
        self.locator.span(from, to)
    }

    fn push(
        &mut self,
        severity: Severity,
        code: &'static str,
        message: String,
        at: (usize, usize),
    ) {
        self.diagnostics
            .push(Diagnostic::new(severity, code, message).at(self.span(at)));
    }

    /// The tags of the block `from..to`.
    fn tags(&mut self, from: usize, to: usize) -> Vec<RawTag<'a>> {
        let mut out = Vec::new();
        let mut at = from;
        let text = self.text;
        while let Some(i) = self.lower[at..to].find("[dhtmlxq_").map(|i| i + at) {
            let name_from = i + "[dhtmlxq_".len();
            let Some(close) = self.lower[name_from..to].find(']').map(|c| c + name_from) else {
                at = name_from;
                continue;
            };
            let name = &self.lower[name_from..close];
            if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
                at = name_from;
                continue;
            }
            let value_at = close + 1;
            // The value runs to the next tag closer `[/DhtmlXQ_...]`; an opener or a block
            // closer before it leaves the tag unclosed.
            let rest = &self.lower[value_at..to];
            let end = rest.find("[/dhtmlxq_").map(|e| e + value_at);
            let interrupted = match end {
                Some(e) => {
                    let before = &self.lower[value_at..e];
                    before.contains("[dhtmlxq") || before.contains("[/dhtmlxq")
                }
                None => true,
            };
            let Some(end) = end.filter(|_| !interrupted) else {
                self.push(
                    Severity::Error,
                    "bad-tag",
                    format!(
                        "the tag [DhtmlXQ_{}] is not closed: it is not read",
                        &text[name_from..close]
                    ),
                    (i, value_at),
                );
                at = value_at;
                continue;
            };
            let closer_end = self.lower[end..to].find(']').map_or(to, |c| c + end + 1);
            out.push(RawTag {
                name: name.to_owned(),
                value: &text[value_at..end],
                value_at,
                span: (i, closer_end),
            });
            at = closer_end;
        }
        out
    }

    fn read(mut self, from: usize, to: usize) -> FormatGame<Position> {
        let text = self.text;
        let tags = self.tags(from, to);
        let mut record = GameRecord {
            span: self.span((from, to)),
            ..GameRecord::default()
        };
        let mut routes: Vec<Route> = Vec::new();
        let mut comments: Vec<(u32, u32, String, (usize, usize))> = Vec::new();
        let mut binit = None;
        let mut fen = None;
        for tag in &tags {
            let name = tag.name.as_str();
            if name == "movelist" {
                routes.push(self.route(0, 0, 1, tag));
            } else if let Some(ids) = name.strip_prefix("move_").and_then(numbers::<3>) {
                routes.push(self.route(ids[2], ids[0], ids[1], tag));
            } else if let Some(key) = name.strip_prefix("comment") {
                let ids = numbers::<1>(key)
                    .map(|[n]| [0, n])
                    .or_else(|| numbers::<2>(key));
                match ids {
                    Some([r, p]) => comments.push((r, p, comment_text(tag.value), tag.span)),
                    None => self.keep(&mut record, tag),
                }
            } else if name == "binit" {
                binit = Some(tag);
            } else if name == "fen" {
                fen = Some(tag);
            } else {
                self.keep(&mut record, tag);
            }
        }
        let setup = self.setup(binit);
        let tree = self.tree(routes, comments);
        record.main = main_line(&tree, &mut self.diagnostics);
        let start = self.start(setup, binit.is_some(), fen, &tree);
        let line_start = self.locator.line_start(from);
        FormatGame {
            raw: RawGame {
                record,
                diagnostics: self.diagnostics,
                source: text[line_start..to].to_owned(),
            },
            start,
            notation: Some(notation()),
            terminal: None,
        }
    }

    /// Keeps a tag that is no move, comment or position.
    fn keep(&mut self, record: &mut GameRecord<()>, tag: &RawTag<'_>) {
        let value = tag.value.trim();
        if value.is_empty() {
            return;
        }
        let written = &self.text[tag.span.0 + "[DhtmlXQ_".len()..tag.value_at - 1];
        let mut name = TAG_NAMES
            .iter()
            .find(|(d, _)| *d == tag.name)
            .map_or_else(|| written.to_owned(), |(_, t)| (*t).to_owned());
        let mut value = value.to_owned();
        if tag.name == "result" {
            match RESULTS.iter().find(|(w, _)| *w == value) {
                Some((_, r)) => value = (*r).to_owned(),
                None => match value.as_str() {
                    "1-0" | "0-1" | "1/2-1/2" => {}
                    "W" | "w" => value = "1-0".to_owned(),
                    "L" | "l" => value = "0-1".to_owned(),
                    "D" | "d" => value = "1/2-1/2".to_owned(),
                    _ => {
                        self.push(
                            Severity::Warning,
                            "bad-tag",
                            format!(
                                "[DhtmlXQ_result] `{value}` is no result kifu knows (红胜, 黑胜, 和棋, 未知): kept as the tag ResultText"
                            ),
                            tag.span,
                        );
                        name = "ResultText".to_owned();
                    }
                },
            }
        }
        record.tags.push(Tag {
            name,
            value,
            span: self.span(tag.span),
        });
    }

    /// The moves of a route tag.
    fn route(&mut self, id: u32, parent: u32, start: u32, tag: &RawTag<'_>) -> Route {
        let mut moves = Vec::new();
        let mut digits: Vec<(usize, u8)> = Vec::new();
        for (i, c) in tag.value.char_indices() {
            let at = tag.value_at + i;
            if c.is_ascii_whitespace() {
                continue;
            }
            let Some(d) = c.to_digit(10) else {
                let from = digits.first().map_or(at, |&(f, _)| f);
                let bad = &self.text[from..at + c.len_utf8()];
                let more = !tag.value[i + c.len_utf8()..].trim().is_empty();
                moves.push((
                    Err(format!(
                        "`{bad}` is no move: `{c}` is no digit (the older DhtmlXQ form with letters is not read){}",
                        if more { "; the move list is not read past it" } else { "" }
                    )),
                    (from, at + c.len_utf8()),
                ));
                digits.clear();
                break;
            };
            digits.push((at, d as u8));
            if digits.len() == 4 {
                let span = (digits[0].0, at + 1);
                let [a, b, c, d] = [digits[0].1, digits[1].1, digits[2].1, digits[3].1];
                moves.push((dhtml_move(a, b, c, d), span));
                digits.clear();
            }
        }
        if let Some(&(first, _)) = digits.first() {
            let n = digits.len();
            moves.push((
                Err(format!(
                    "the move list ends in {n} digits, not a move of four"
                )),
                (first, digits[n - 1].0 + 1),
            ));
        }
        Route {
            id,
            parent,
            start,
            moves,
            span: tag.span,
        }
    }

    /// The piece table of `binit` (the standard array without one).
    fn setup(&mut self, binit: Option<&RawTag<'_>>) -> Result<Setup, Box<Diagnostic>> {
        let mut setup = Setup::new();
        let value: String = binit
            .map(|t| t.value.chars().filter(|c| !c.is_whitespace()).collect())
            .unwrap_or_default();
        if value.is_empty() {
            for (slot, sq) in crate::setup::slots_of(&Position::new()).iter().enumerate() {
                if let Some(sq) = sq {
                    let _ = setup.put(*sq, slot_piece(slot));
                }
            }
            return Ok(setup);
        }
        let span = binit.map_or((0, 0), |t| t.span);
        let bad = |message: String| {
            Box::new(
                Diagnostic::new(Severity::Error, "bad-piece-table", message).at(self.span(span)),
            )
        };
        if value.len() != 64 || !value.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad(format!(
                "[DhtmlXQ_binit] holds `{value}`: expected 64 digits, a point `xy` for each of the 32 pieces"
            )));
        }
        let digits = value.as_bytes();
        for slot in 0..32 {
            let (x, y) = (digits[2 * slot] - b'0', digits[2 * slot + 1] - b'0');
            if x > 8 {
                continue;
            }
            let Some(sq) = square(x, 9 - y) else { continue };
            let piece = slot_piece(slot);
            if let Err(there) = setup.put(sq, piece) {
                return Err(bad(format!(
                    "[DhtmlXQ_binit] puts two pieces on {sq}: the {} {} and the {} {}",
                    there.color.name(),
                    there.kind.name(),
                    piece.color.name(),
                    piece.kind.name()
                )));
            }
        }
        Ok(setup)
    }

    /// The move tree of the routes, with the comments.
    fn tree(
        &mut self,
        routes: Vec<Route>,
        comments: Vec<(u32, u32, String, (usize, usize))>,
    ) -> Tree<ReadMove> {
        let mut tree = Tree::new(ReadMove::root(Span::default(), None));
        // Each built route: (the node its first move is played from, its start ply, its
        // nodes).
        let mut built: HashMap<u32, (usize, u32, Vec<usize>)> = HashMap::new();
        let mut waiting: Vec<Route> = Vec::new();
        for route in routes {
            if route.id == 0 {
                if built.contains_key(&0) {
                    self.push(
                        Severity::Error,
                        "bad-variation",
                        "a second main move list: it is not read".to_owned(),
                        route.span,
                    );
                    continue;
                }
                let nodes = self.chain(&mut tree, Tree::<ReadMove>::ROOT, 1, &route);
                built.insert(0, (Tree::<ReadMove>::ROOT, 1, nodes));
            } else {
                waiting.push(route);
            }
        }
        built
            .entry(0)
            .or_insert((Tree::<ReadMove>::ROOT, 1, Vec::new()));
        loop {
            let before = waiting.len();
            let mut still = Vec::new();
            for route in waiting {
                let Some((attach, start, nodes)) = built.get(&route.parent) else {
                    still.push(route);
                    continue;
                };
                let index = i64::from(route.start) - i64::from(*start);
                if route.start == 0 || index < 0 || index > nodes.len() as i64 {
                    let last = i64::from(*start) + nodes.len() as i64;
                    self.push(
                        Severity::Error,
                        "bad-variation",
                        format!(
                            "[DhtmlXQ_move_{}_{}_{}] replaces ply {} of route {}, which holds plies {}-{}: its moves are not read",
                            route.parent,
                            route.start,
                            route.id,
                            route.start,
                            route.parent,
                            start,
                            last - 1
                        ),
                        route.span,
                    );
                    continue;
                }
                if built.contains_key(&route.id) {
                    self.push(
                        Severity::Error,
                        "bad-variation",
                        format!(
                            "a second route {} ([DhtmlXQ_move_{}_{}_{}]): it is not read",
                            route.id, route.parent, route.start, route.id
                        ),
                        route.span,
                    );
                    continue;
                }
                let from = if index == 0 {
                    *attach
                } else {
                    nodes[index as usize - 1]
                };
                let from_node = from;
                let nodes = self.chain(&mut tree, from_node, route.start, &route);
                built.insert(route.id, (from_node, route.start, nodes));
            }
            if still.is_empty() || still.len() == before {
                for route in still {
                    self.push(
                        Severity::Error,
                        "bad-variation",
                        format!(
                            "[DhtmlXQ_move_{}_{}_{}] branches from route {}, which the game does not have: its moves are not read",
                            route.parent, route.start, route.id, route.parent
                        ),
                        route.span,
                    );
                }
                break;
            }
            waiting = still;
        }
        for (route, ply, text, span) in comments {
            let node = if route == 0 && ply == 0 {
                Some(Tree::<ReadMove>::ROOT)
            } else {
                built.get(&route).and_then(|(_, start, nodes)| {
                    ply.checked_sub(*start)
                        .and_then(|i| nodes.get(i as usize))
                        .copied()
                })
            };
            let target = match node {
                Some(n) => n,
                None => {
                    self.push(
                        Severity::Warning,
                        "bad-tag",
                        format!(
                            "[DhtmlXQ_comment{route}_{ply}] names no move of the game (route {route}, ply {ply}): kept as a comment before the first move"
                        ),
                        span,
                    );
                    Tree::<ReadMove>::ROOT
                }
            };
            if text.is_empty() {
                continue;
            }
            let data = &mut tree.node_mut(target).data;
            match &mut data.comment {
                Some(c) => {
                    c.push('\n');
                    c.push_str(&text);
                }
                None => data.comment = Some(text),
            }
        }
        tree
    }

    /// Adds the moves of `route` as a chain below `from`; their nodes.
    fn chain(
        &self,
        tree: &mut Tree<ReadMove>,
        from: usize,
        start: u32,
        route: &Route,
    ) -> Vec<usize> {
        let mut nodes = Vec::with_capacity(route.moves.len());
        let mut at = from;
        for (i, (text, span)) in route.moves.iter().enumerate() {
            at = tree.add(
                at,
                ReadMove {
                    text: text.clone(),
                    span: self.span(*span),
                    comment: None,
                    ply: start + i as u32,
                },
            );
            nodes.push(at);
        }
        nodes
    }

    /// The start position: the `fen`'s, else the table's with the side of the first move.
    fn start(
        &mut self,
        setup: Result<Setup, Box<Diagnostic>>,
        binit_given: bool,
        fen: Option<&RawTag<'_>>,
        tree: &Tree<ReadMove>,
    ) -> Result<Position, Box<Diagnostic>> {
        if let Some(tag) = fen.filter(|t| !t.value.trim().is_empty()) {
            let value = tag.value.trim();
            match Position::from_fen(value) {
                Ok(pos) => {
                    if let Ok(s) = &setup
                        && binit_given
                        && Square::all().any(|sq| s.piece_at(sq) != pos.piece_at(sq))
                    {
                        self.push(
                            Severity::Warning,
                            "fen-mismatch",
                            "[DhtmlXQ_fen] names another start than [DhtmlXQ_binit]: the FEN is used"
                                .to_owned(),
                            tag.span,
                        );
                    }
                    return Ok(pos);
                }
                Err(e) => self.push(
                    Severity::Error,
                    "bad-fen",
                    format!("[DhtmlXQ_fen \"{value}\"]: {e}: the start comes from [DhtmlXQ_binit]"),
                    tag.span,
                ),
            }
        }
        let mut setup = setup?;
        let mover = tree
            .node(Tree::<ReadMove>::ROOT)
            .children
            .iter()
            .find_map(|&c| tree.node(c).data.text.as_ref().ok())
            .and_then(|t| t.get(..2))
            .and_then(|from| from.parse::<Square>().ok())
            .and_then(|sq| setup.piece_at(sq))
            .map(|p| p.color);
        setup.side = mover.unwrap_or(Color::Red);
        setup.position().map_err(|e| {
            Box::new(
                Diagnostic::new(
                    Severity::Error,
                    "bad-piece-table",
                    format!("[DhtmlXQ_binit] is no legal start position: {e}"),
                )
                .with_position(setup.to_fen()),
            )
        })
    }
}

/// `N` numbers separated by `_` (`2_15_3`).
fn numbers<const N: usize>(text: &str) -> Option<[u32; N]> {
    let mut out = [0; N];
    let mut parts = text.split('_');
    for slot in &mut out {
        let part = parts.next()?;
        if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        *slot = part.parse().ok()?;
    }
    parts.next().is_none().then_some(out)
}

/// A comment's text: `||` a line break, white space at the ends dropped.
fn comment_text(value: &str) -> String {
    value.replace("||", "\n").trim().to_owned()
}

/// The move of the digits `a b c d`: files from the left, rows from the top.
fn dhtml_move(a: u8, b: u8, c: u8, d: u8) -> Result<String, String> {
    let point = |x: u8, y: u8| {
        if x > 8 {
            return Err(format!(
                "the move `{a}{b}{c}{d}` gives file {x}, off the board (files 0-8)"
            ));
        }
        square(x, 9 - y).ok_or_else(|| format!("bad point {x}{y}"))
    };
    Ok(move_text(point(a, b)?, point(c, d)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_count_rows_from_the_top() {
        assert_eq!(dhtml_move(7, 7, 4, 7).as_deref(), Ok("h2e2"));
        assert_eq!(dhtml_move(7, 0, 6, 2).as_deref(), Ok("h9g7"));
        assert!(dhtml_move(9, 9, 0, 0).is_err());
    }

    #[test]
    fn numbers_split_on_underscores() {
        assert_eq!(numbers::<3>("0_2_1"), Some([0, 2, 1]));
        assert_eq!(numbers::<2>("12"), None);
        assert_eq!(numbers::<1>("12"), Some([12]));
        assert_eq!(numbers::<2>("1_2_3"), None);
    }

    #[test]
    fn blocks_end_at_their_closers() {
        let text = "x[DhtmlXQ][DhtmlXQ_title]a[/DhtmlXQ_title][/DhtmlXQ] y [dhtmlxq][/dhtmlxq]";
        let lower = text.to_ascii_lowercase();
        assert_eq!(blocks(&lower), [(1, 52), (55, 74)]);
        assert_eq!(blocks("[dhtmlxq_title]a[/dhtmlxq_title]"), [(0, 32)]);
        assert!(blocks("nothing").is_empty());
    }
}
