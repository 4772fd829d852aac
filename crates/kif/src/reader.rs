//! Reading KIF and KI2 files into records, game by game, without checking the moves.
//!
//! What each line of a file becomes:
//!
//! - `#KIF version=2.0 encoding=UTF-8` (and `#KI2 ...`), the declaration: nothing (the
//!   encoding is the file's, and a writer declares its own);
//! - `key：value` header lines (`：` or `:`): a [`Tag`] each, in file order, name and value
//!   exactly as written (`開始日時`, `棋戦`, `先手`/`後手` or `下手`/`上手`, `手合割`, ...);
//!   `手合割` also gives the start position (every Kakinoki name; 上手, White, moves first in a
//!   handicap game);
//! - a BOD diagram (`後手の持駒：`, the board rows, `先手の持駒：`, `先手番`/`後手番`,
//!   `手数＝N`): the start position, over 手合割 (see the `bod` module); the lines themselves
//!   are no tags;
//! - `手数----指手---------消費時間--`: the start of the moves;
//! - a KIF move line `   1 ７六歩(77)   ( 0:16/00:00:16)+`: a [`MoveEntry`] with the move
//!   text as written, the number as its [`MoveNumber`], the time between the parentheses as
//!   written as its clock (Kifu for Windows' padded form and 81Dojo's `(0:4/0:0:4)` alike);
//!   the `+` (a variation follows) is read and not kept (a writer puts it back where
//!   variations are);
//! - a KIF terminal line `  13 投了 ( 0:03/00:00:32)`: the game's [`Terminal`] (every word
//!   of [`TerminalKind::from_kif`]), with its number and clock;
//! - KI2 move lines `▲７六歩    △３四歩`: one entry per move (several per line, spaces
//!   optional, the marks optional);
//! - `まで64手で後手の勝ち`: the record's result token, as written; when no terminal line came
//!   before it, also the [`Terminal`] (KI2's way of ending, see the `ending` module);
//! - `*comment`: a comment of the move above it; before the first move a comment of the game
//!   ([`Line::comments`] of the main line); after the terminal word a trailing comment. `**`
//!   engine lines are comments too, starting with `*`;
//! - `#` lines other than the declaration and `&` bookmarks: comments in the same places,
//!   starting with their `#` or `&`;
//! - `変化：N手`: a variation: its moves replace move N of the latest line that has a move N
//!   (the line read last, else the line it branches from, and so on: Kifu for Windows writes
//!   the variations of a line after it, the last first, each followed by its own); one
//!   replacing the first move of a variation is a further alternative to the same move. A
//!   terminal word ending a variation becomes a comment of its last move (`投了`, with its
//!   clock: `投了 ( 0:03/00:00:32)`), and so does its ending line;
//! - blank lines: nothing.
//!
//! A header line or diagram line after the moves starts the next game of the file.
//!
//! Problems become diagnostics with their place: `bad-board` (a diagram line that does not
//! read, a diagram that is no position), `bad-handicap` (a 手合割 that names no handicap and no
//! diagram), `bad-variation` (a `変化` line that names no move to replace; its lines are kept
//! as a trailing comment), `variation-too-deep` (nested more than 32 levels), `bad-clock` (a
//! time that is not `m:ss/h:mm:ss`; kept as written), `move-number-mismatch` (a variation's
//! move line, or an ending line's count, that does not fit), `result-mismatch` (an ending line
//! naming the side the moves do not give), `text-after-result` (moves after the terminal word,
//! kept as a comment), `unknown-line` (a line of no known kind, or an ending line in unknown
//! words, kept as a comment).
//!
//! Rule: the Kakinoki KIF page (<http://kakinoki.o.oo7.jp/kif_format.html>); the variation
//! layout of Kifu for Windows ("柿木形式V4について", katsuda.net); the files of
//! ../shared/specimens/kif-csa (Kifu for Windows, Shogidokoro, Piyo Shogi).

use std::io::{self, BufRead};

use notation_traits::{
    Diagnostic, FormatGame, GameRecord, Line, MoveEntry, MoveNumber, Pos, RawGame, Severity, Span,
    Tag, Terminal, TerminalKind, TextNotation,
};
use shogi_board::{Color, Handicap, Position};

use crate::bod::{self, Diagram};
use crate::ending::{self, terminal_comment};
use crate::names::digits;
use crate::notation::{Ki2Notation, KifNotation};
use crate::parse::{mark, parse_prefix};

/// Which of the two formats a file is read as: it chooses the notation of the moves (and so
/// how the candidates of an error are written); the lines read are the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// KIF.
    Kif,
    /// KI2.
    Ki2,
}

/// How deep variations may nest; deeper ones are kept as a comment.
const MAX_DEPTH: usize = 32;

/// The games of a file, one by one.
pub(crate) struct Games<'a> {
    input: Box<dyn BufRead + Send + 'a>,
    kind: Kind,
    next: Pos,
    first_line: bool,
    pending: Option<(String, Pos)>,
    /// The buffer of the last line fed, read into again: no allocation per line.
    spare: Vec<u8>,
    done: bool,
}

impl<'a> Games<'a> {
    pub(crate) fn new(input: Box<dyn BufRead + Send + 'a>, kind: Kind) -> Self {
        Games {
            input,
            kind,
            next: Pos::START,
            first_line: true,
            pending: None,
            spare: Vec::new(),
            done: false,
        }
    }

    /// One line without its line end (`\n`, `\r\n`, a lone `\r`), and where it starts; `None`
    /// at the end.
    fn read_line(&mut self) -> io::Result<Option<(String, Pos)>> {
        let mut bytes = std::mem::take(&mut self.spare);
        bytes.clear();
        let first = std::mem::take(&mut self.first_line);
        let Some(at) =
            notation_traits::read_placed_line(&mut self.input, &mut bytes, &mut self.next, first)?
        else {
            return Ok(None);
        };
        let text = String::from_utf8(bytes).map_err(|e| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "line {}: the input is not UTF-8 (byte {} of the line)",
                    at.line,
                    e.utf8_error().valid_up_to() + 1
                ),
            )
        })?;
        Ok(Some((text, at)))
    }
}

impl Iterator for Games<'_> {
    type Item = io::Result<FormatGame<Position>>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let mut game = Builder::new(self.kind);
        loop {
            let line = match self.pending.take() {
                Some(l) => Some(l),
                None => match self.read_line() {
                    Ok(l) => l,
                    Err(e) => {
                        // A file holds one game (or a few): bytes that are not UTF-8 spoil the
                        // rest of it, which is not read on line by line.
                        self.done = true;
                        return Some(Err(e));
                    }
                },
            };
            let Some((text, at)) = line else {
                self.done = true;
                break;
            };
            let kind = classify(&text);
            if game.starts_next(&kind) {
                self.pending = Some((text, at));
                break;
            }
            game.feed(&text, kind, at);
            self.spare = text.into_bytes();
        }
        if game.is_blank() {
            return None;
        }
        Some(Ok(game.finish()))
    }
}

/// Reads every game of a text.
#[cfg(test)]
pub(crate) fn read_text(text: &str, kind: Kind) -> Vec<FormatGame<Position>> {
    Games::new(Box::new(text.as_bytes()), kind)
        .filter_map(Result::ok)
        .collect()
}

/// A line of moves being read: the main line or a variation.
#[derive(Debug)]
struct Node {
    /// The ply number of its first move.
    start: u32,
    /// Its comments before the first move.
    comments: Vec<String>,
    /// Its moves.
    moves: Vec<MoveEntry<()>>,
    /// The line and move it replaces (`None` for the main line).
    parent: Option<(usize, usize)>,
    /// How many lines it branches from.
    depth: usize,
    /// Whether a terminal word ended it.
    ended: bool,
}

/// The moves the main line has room for before it grows.
const MAIN_LINE_ROOM: usize = 128;

impl Node {
    fn new(start: u32, parent: Option<(usize, usize)>, depth: usize) -> Node {
        Node {
            start,
            comments: Vec::new(),
            moves: Vec::new(),
            parent,
            depth,
            ended: false,
        }
    }

    /// Whether it has a move numbered `n`.
    fn has(&self, n: u32) -> bool {
        n >= self.start && ((n - self.start) as usize) < self.moves.len()
    }

    /// Where a comment goes now: the last move's comments, else the line's own.
    fn comments_mut(&mut self) -> &mut Vec<String> {
        match self.moves.last_mut() {
            Some(m) => &mut m.comments,
            None => &mut self.comments,
        }
    }
}

/// A game being read.
struct Builder {
    kind: Kind,
    start: Option<Pos>,
    /// Where the last line read starts, and its first byte in `source`: the game's end is that
    /// line's end, its column counted once in [`Builder::finish`] rather than for every line.
    last_line: (Pos, usize),
    source: String,
    /// Where each line of `source` starts in it: a diagnostic's text is found by its line and
    /// columns (its offsets count the file's line ends, which `source` writes as `\n`).
    line_starts: Vec<usize>,
    tags: Vec<Tag>,
    handicap: Option<(String, Span)>,
    diagram: Diagram,
    diagram_span: Option<Span>,
    in_moves: bool,
    nodes: Vec<Node>,
    current: usize,
    /// A `変化` block that could not be attached: its lines are collected here.
    dropped: Option<String>,
    terminal: Option<Terminal>,
    result_token: Option<String>,
    result_span: Option<Span>,
    trailing: Vec<String>,
    diagnostics: Vec<Diagnostic>,
    /// Whether the main line got a move or a terminal word (a header line after that starts
    /// the next game).
    has_moves: bool,
    after_result_warned: bool,
    /// Whether Black is to move at the end, as the ending line's named side says.
    ending_side: Option<bool>,
    /// Whether the terminal word is the ending line's.
    terminal_from_ending: bool,
}

/// The place of byte `byte` of `line`, which starts at `at`.
fn place(at: Pos, line: &str, byte: usize) -> Pos {
    let before = &line[..byte];
    // Characters counted past the ASCII at the start (a move line's number and spaces).
    let ascii = before.bytes().take_while(u8::is_ascii).count();
    Pos {
        offset: at.offset + byte,
        line: at.line,
        column: 1 + (ascii + before[ascii..].chars().count()) as u32,
    }
}

fn span(at: Pos, line: &str, from: usize, to: usize) -> Span {
    Span {
        start: place(at, line, from),
        end: place(at, line, to),
    }
}

/// Whether `c` separates things on a line: ASCII white space or U+3000.
fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t' || c == '\u{3000}'
}

/// A header line `key：value` (or `key:value`): the key and the byte where the value starts.
fn tag_line(line: &str) -> Option<(&str, usize)> {
    let (i, sep) = line.char_indices().find(|&(_, c)| c == '：' || c == ':')?;
    let key = &line[..i];
    if key.is_empty() || key.chars().any(|c| is_blank(c) || c == '(' || c == '（') {
        return None;
    }
    Some((key, i + sep.len_utf8()))
}

/// Whether `line` reads back as the header line of a tag named `name`.
pub(crate) fn is_tag_line(line: &str, name: &str) -> bool {
    matches!(classify(line), LineKind::Tag(key, _) if key == name)
}

/// The hand lines' prefixes and whose hand each gives.
const HANDS: [(&str, Color); 8] = [
    ("先手の持駒：", Color::Black),
    ("下手の持駒：", Color::Black),
    ("後手の持駒：", Color::White),
    ("上手の持駒：", Color::White),
    ("先手の持駒:", Color::Black),
    ("下手の持駒:", Color::Black),
    ("後手の持駒:", Color::White),
    ("上手の持駒:", Color::White),
];

/// The kinds of line of a file.
enum LineKind<'a> {
    Blank,
    Declaration,
    /// `#`, `*` or `&`: the comment text (with its `#` or `&`).
    Comment(&'a str),
    Variation(&'a str),
    Ending,
    MovesHeader,
    Hand(Color, &'a str, usize),
    Frame,
    Row,
    Turn(Color),
    Played(&'a str),
    KifMove,
    Ki2Moves,
    Tag(&'a str, usize),
    Unknown,
}

/// Whether a line (its leading blanks off) is a diagram's frame `+----+` or its file numbers
/// `９ ８ ７ ６ ５ ４ ３ ２ １`.
fn is_frame(trimmed: &str) -> bool {
    if let Some(inner) = trimmed
        .trim_end_matches(is_blank)
        .strip_prefix('+')
        .and_then(|t| t.strip_suffix('+'))
    {
        return !inner.is_empty() && inner.bytes().all(|b| b == b'-');
    }
    let mut digits = trimmed.chars().filter(|&c| !is_blank(c));
    ['９', '８', '７', '６', '５', '４', '３', '２', '１']
        .iter()
        .all(|&d| digits.next() == Some(d))
        && digits.next().is_none()
}

fn classify(line: &str) -> LineKind<'_> {
    let trimmed = line.trim_start_matches(is_blank);
    if trimmed.trim_end_matches(is_blank).is_empty() {
        return LineKind::Blank;
    }
    // First, as most lines are moves: no other kind starts with an ASCII digit.
    let digits_len = trimmed.bytes().take_while(u8::is_ascii_digit).count();
    if digits_len > 0 && trimmed[digits_len..].starts_with(is_blank) {
        return LineKind::KifMove;
    }
    if line.starts_with("#KIF") || line.starts_with("#KI2") {
        return LineKind::Declaration;
    }
    if line.starts_with('#') || line.starts_with('&') {
        return LineKind::Comment(line);
    }
    if let Some(c) = line.strip_prefix('*') {
        return LineKind::Comment(c);
    }
    if let Some(rest) = trimmed
        .strip_prefix("変化：")
        .or_else(|| trimmed.strip_prefix("変化:"))
    {
        return LineKind::Variation(rest);
    }
    if trimmed.starts_with("まで") {
        return LineKind::Ending;
    }
    if line.starts_with("手数----") || line.starts_with("手数――") {
        return LineKind::MovesHeader;
    }
    for (prefix, color) in HANDS {
        if let Some(rest) = line.strip_prefix(prefix) {
            return LineKind::Hand(color, rest, prefix.len());
        }
    }
    if line.starts_with('|') {
        return LineKind::Row;
    }
    // The frame `+---+` and the file numbers `  ９ ８ ７ ６ ５ ４ ３ ２ １` above the rows.
    if is_frame(trimmed) {
        return LineKind::Frame;
    }
    let turn = trimmed.trim_end_matches(is_blank);
    match turn {
        "先手番" | "下手番" => return LineKind::Turn(Color::Black),
        "後手番" | "上手番" => return LineKind::Turn(Color::White),
        _ => {}
    }
    if let Some(rest) = trimmed
        .strip_prefix("手数＝")
        .or_else(|| trimmed.strip_prefix("手数="))
    {
        return LineKind::Played(rest);
    }
    if let Some(c) = trimmed.chars().next()
        && (mark(c).is_some() || parse_prefix(trimmed).is_ok())
    {
        return LineKind::Ki2Moves;
    }
    if let Some((key, value)) = tag_line(line) {
        return LineKind::Tag(key, value);
    }
    LineKind::Unknown
}

/// The parts of a KIF move line: (number, its bytes), (move text bytes), clock bytes (inside
/// the parentheses), whether `+` ends it, the bytes of any other text after it.
struct MoveLine {
    number: (u32, usize, usize),
    text: (usize, usize),
    /// The characters before the number's start and end and the text's start and end (a
    /// column less one), counted while splitting rather than again for each place.
    chars: [u32; 4],
    clock: Option<(usize, usize)>,
    rest: Option<(usize, usize)>,
}

fn split_move_line(line: &str) -> MoveLine {
    let start = line.len() - line.trim_start_matches(is_blank).len();
    let digits_end = start + line[start..].bytes().take_while(u8::is_ascii_digit).count();
    let number = digits(&line[start..digits_end]).unwrap_or(0);
    let mut chars = [0; 4];
    chars[0] = line[..start].chars().count() as u32;
    chars[1] = chars[0] + (digits_end - start) as u32;
    let mut col = chars[1];
    let mut i = digits_end;
    while let Some(c) = line[i..].chars().next().filter(|&c| is_blank(c)) {
        i += c.len_utf8();
        col += 1;
    }
    let text_start = i;
    chars[2] = col;
    let mut after_same = false;
    // The move text: up to white space, a `+`, the end of an origin `(77)`, or a `(` that
    // opens a time.
    while let Some(c) = line[i..].chars().next() {
        if c == '同' && i == text_start
            || after_same && is_blank(c)
            || mark(c).is_some() && i == text_start
        {
            after_same = c == '同' || after_same && is_blank(c);
            i += c.len_utf8();
            col += 1;
            continue;
        }
        after_same = false;
        if is_blank(c) || c == '+' {
            break;
        }
        if c == '(' && i > text_start {
            let is_origin = line.as_bytes().get(i + 1..i + 4).is_some_and(|origin| {
                origin[0].is_ascii_digit() && origin[1].is_ascii_digit() && origin[2] == b')'
            });
            if is_origin {
                i += 4;
                col += 4;
                break;
            }
            // A time glued to the move (`投了( 0:03/00:00:32)`) ends it; anything else in
            // parentheses is the move's own (a cut or garbled origin, `２六歩(2`), for the
            // notation to report.
            let inside = line[i + 1..].split(')').next().unwrap_or_default();
            if inside.contains(':') {
                break;
            }
        }
        i += c.len_utf8();
        col += 1;
    }
    let text = (text_start, i);
    chars[3] = col;
    while let Some(c) = line[i..].chars().next().filter(|&c| is_blank(c)) {
        i += c.len_utf8();
    }
    let mut clock = None;
    if line[i..].starts_with('(')
        && let Some(close) = line[i..].find(')')
    {
        clock = Some((i + 1, i + close));
        i += close + 1;
    }
    let rest_start = i;
    let rest = line[i..].trim_matches(|c: char| is_blank(c) || c == '+');
    let rest = (!rest.is_empty()).then(|| {
        let from = rest_start + line[rest_start..].find(rest).unwrap_or(0);
        (from, from + rest.len())
    });
    MoveLine {
        number: (number, start, digits_end),
        text,
        chars,
        clock,
        rest,
    }
}

/// Whether a clock is `m:ss/h:mm:ss` (spaces allowed, as 81Dojo and Shogidokoro write it).
pub(crate) fn is_kif_clock(clock: &str) -> bool {
    let Some((now, total)) = clock.split_once('/') else {
        return false;
    };
    let fields = |t: &str, n: usize| {
        let mut count = 0;
        t.trim().split(':').all(|p| {
            count += 1;
            !p.is_empty() && p.len() <= 3 && p.bytes().all(|b| b.is_ascii_digit())
        }) && count == n
    };
    fields(now, 2) && fields(total, 3)
}

impl Builder {
    fn new(kind: Kind) -> Builder {
        Builder {
            kind,
            start: None,
            last_line: (Pos::START, 0),
            line_starts: Vec::new(),
            source: String::new(),
            tags: Vec::new(),
            handicap: None,
            diagram: Diagram::default(),
            diagram_span: None,
            in_moves: false,
            nodes: vec![Node {
                // Room for a game of professional length (most are 80 to 160 plies): growing
                // the vector from nothing, entry by entry, cost 4 % of reading a KIF file.
                moves: Vec::with_capacity(MAIN_LINE_ROOM),
                ..Node::new(1, None, 0)
            }],
            current: 0,
            dropped: None,
            terminal: None,
            result_token: None,
            result_span: None,
            trailing: Vec::new(),
            diagnostics: Vec::new(),
            has_moves: false,
            after_result_warned: false,
            ending_side: None,
            terminal_from_ending: false,
        }
    }

    /// Whether nothing but blank lines was read.
    fn is_blank(&self) -> bool {
        self.start.is_none()
    }

    /// Whether `line` belongs to the next game: a header or diagram line (or a declaration)
    /// after this game's moves.
    fn starts_next(&self, kind: &LineKind<'_>) -> bool {
        if !self.has_moves {
            return false;
        }
        matches!(
            kind,
            LineKind::Declaration
                | LineKind::Tag(..)
                | LineKind::Hand(..)
                | LineKind::Row
                | LineKind::Turn(_)
                | LineKind::MovesHeader
        )
    }

    fn warn(&mut self, code: &str, message: String, at: Span) {
        self.push(Severity::Warning, code, message, at);
    }

    fn error(&mut self, code: &str, message: String, at: Span) {
        self.push(Severity::Error, code, message, at);
    }

    /// A diagnostic at `at`, with the text there (read back from the game's source).
    fn push(&mut self, severity: Severity, code: &str, message: String, at: Span) {
        let text = self.text_at(at).trim();
        let mut d = Diagnostic::new(severity, code, message).at(at);
        if !text.is_empty() {
            d = d.with_text(text);
        }
        self.diagnostics.push(d);
    }

    /// The text of `at` in the game's source, on its first line (empty where the span is not in
    /// it).
    fn text_at(&self, at: Span) -> &str {
        let first = self.start.map_or(1, |s| s.line);
        let Some(k) = at.start.line.checked_sub(first).map(|k| k as usize) else {
            return "";
        };
        let Some(&from) = self.line_starts.get(k) else {
            return "";
        };
        let to = self
            .line_starts
            .get(k + 1)
            .map_or(self.source.len(), |&next| next - 1);
        let line = &self.source[from..to];
        let byte = |column: u32| {
            line.char_indices()
                .nth(column.saturating_sub(1) as usize)
                .map_or(line.len(), |(i, _)| i)
        };
        let start = byte(at.start.column);
        let end = if at.end.line == at.start.line {
            byte(at.end.column)
        } else {
            line.len()
        };
        line.get(start..end.max(start)).unwrap_or_default()
    }

    /// Reads one line, of the kind [`classify`] gives.
    fn feed(&mut self, line: &str, kind: LineKind<'_>, at: Pos) {
        let whole = || span(at, line, 0, line.len());
        if !matches!(kind, LineKind::Blank) && self.start.is_none() {
            self.start = Some(at);
        }
        if self.start.is_some() {
            self.last_line = (at, self.source.len());
            self.line_starts.push(self.source.len());
            self.source.push_str(line);
            self.source.push('\n');
        }
        if let Some(dropped) = &mut self.dropped {
            match kind {
                // The next block ends the one kept as a comment.
                LineKind::Variation(_) => {
                    let dropped = std::mem::take(dropped);
                    self.trailing.push(dropped);
                    self.dropped = None;
                }
                LineKind::Blank => return,
                _ => {
                    dropped.push('\n');
                    dropped.push_str(line);
                    return;
                }
            }
        }
        match kind {
            LineKind::Blank | LineKind::Declaration => {}
            LineKind::Comment(text) => self.comment(text.to_owned()),
            LineKind::Variation(rest) => {
                if self.in_moves {
                    self.variation(line, rest, at);
                } else {
                    // ShogiHome once wrote `変化：` lines in the header: a header line here.
                    self.tag(line, at, "変化", line.len() - rest.len());
                }
            }
            LineKind::Ending => self.ending(line, at),
            LineKind::MovesHeader => self.in_moves = true,
            LineKind::Hand(color, rest, prefix) => match bod::parse_hand(rest) {
                Ok(hand) => {
                    self.diagram.hands[color.index()] = Some(hand);
                    self.diagram_span.get_or_insert_with(whole);
                }
                Err(e) => self.bad_board(line, at, prefix + e.at, &e.expected, &e.found),
            },
            LineKind::Frame => {}
            LineKind::Row => match bod::parse_row(line) {
                Ok((rank, row)) => {
                    let index = rank.map_or(self.diagram.row_count, |r| r as usize - 1);
                    if index >= 9 || self.diagram.rows[index].is_some() {
                        self.bad_board(line, at, 0, "a row of a rank not given yet", line);
                    } else {
                        self.diagram.rows[index] = Some(row);
                        self.diagram.row_count += 1;
                        self.diagram_span.get_or_insert_with(whole);
                    }
                }
                Err(e) => self.bad_board(line, at, e.at, &e.expected, &e.found),
            },
            LineKind::Turn(color) => self.diagram.side = Some(color),
            LineKind::Played(rest) => {
                let n: String = rest.chars().take_while(|c| !is_blank(*c)).collect();
                match digits(&n) {
                    Some(n) => self.diagram.played = Some(n),
                    None => {
                        let from = line.len() - rest.len();
                        self.bad_board(line, at, from, "the number of moves played", &n);
                    }
                }
                let extra = rest[n.len()..].trim_matches(is_blank);
                if !extra.is_empty() {
                    self.nodes[0].comments.push(line.trim_end().to_owned());
                }
            }
            LineKind::KifMove => {
                self.in_moves = true;
                self.kif_move(line, at);
            }
            LineKind::Ki2Moves => {
                self.in_moves = true;
                self.ki2_moves(line, at);
            }
            LineKind::Tag(key, value) => self.tag(line, at, key, value),
            LineKind::Unknown => {
                self.warn(
                    "unknown-line",
                    format!(
                        "a line of no known kind, kept as a comment: `{}`",
                        line.trim()
                    ),
                    whole(),
                );
                self.comment(line.trim().to_owned());
            }
        }
    }

    fn bad_board(&mut self, line: &str, at: Pos, byte: usize, expected: &str, found: &str) {
        let end = (byte + found.len()).min(line.len());
        let found = if found.is_empty() {
            "the end of the line".to_owned()
        } else {
            format!("`{found}`")
        };
        self.error(
            "bad-board",
            format!("board diagram: expected {expected}, found {found}"),
            span(at, line, byte, end),
        );
    }

    fn tag(&mut self, line: &str, at: Pos, key: &str, value: usize) {
        let tag = Tag {
            name: key.to_owned(),
            value: line[value..].to_owned(),
            span: span(at, line, 0, line.len()),
        };
        if key == "手合割" {
            self.handicap = Some((tag.value.clone(), tag.span));
        }
        self.tags.push(tag);
    }

    /// Puts a comment where the reading stands.
    fn comment(&mut self, text: String) {
        let node = &mut self.nodes[self.current];
        if self.current == 0 && node.ended {
            self.trailing.push(text);
        } else {
            node.comments_mut().push(text);
        }
    }

    /// The ply number the current line's next move has.
    fn next_number(&self) -> u32 {
        let node = &self.nodes[self.current];
        if self.current == 0 && node.moves.is_empty() {
            return self.diagram.played.map_or(1, |n| n.saturating_add(1));
        }
        node.start + node.moves.len() as u32
    }

    /// A line read after the terminal word of its line: kept as a comment.
    fn after_end(&mut self, line: &str, at: Pos, from: usize) {
        if !self.after_result_warned {
            self.after_result_warned = true;
            let text = line[from..].trim();
            self.warn(
                "text-after-result",
                format!(
                    "moves after the terminal word are not read (kept as a comment), starting at `{text}`"
                ),
                span(at, line, from, line.len()),
            );
        }
        self.comment(line.trim().to_owned());
    }

    fn kif_move(&mut self, line: &str, at: Pos) {
        let parts = split_move_line(line);
        let (number, n_from, n_to) = parts.number;
        let text = &line[parts.text.0..parts.text.1];
        if self.nodes[self.current].ended {
            self.after_end(line, at, parts.text.0);
            return;
        }
        let clock = parts.clock.map(|(a, b)| line[a..b].to_owned());
        if let (Some((a, b)), Some(c)) = (parts.clock, &clock)
            && !is_kif_clock(c)
        {
            self.warn(
                "bad-clock",
                format!("expected a time `m:ss/h:mm:ss`, found `{c}`: kept as written"),
                span(at, line, a, b),
            );
        }
        let counted = |byte: usize, chars: u32| Pos {
            offset: at.offset + byte,
            line: at.line,
            column: 1 + chars,
        };
        let [c0, c1, c2, c3] = parts.chars;
        let number_span = Span {
            start: counted(n_from, c0),
            end: counted(n_to, c1),
        };
        let expected = self.next_number();
        let terminal = TerminalKind::from_kif(text);
        if number != expected && (self.current != 0 || terminal.is_some()) {
            self.warn(
                "move-number-mismatch",
                format!("move number `{number}` does not fit: this line's next move is {expected}"),
                number_span,
            );
        }
        let text_span = Span {
            start: counted(parts.text.0, c2),
            end: counted(parts.text.1, c3),
        };
        if let Some(kind) = terminal {
            self.end_line(kind, text, text_span, Some(number_span), number, clock);
        } else {
            let mut entry = MoveEntry::new((), text, text_span);
            entry.number = Some(MoveNumber {
                value: number,
                ellipsis: false,
                span: number_span,
            });
            entry.clock = clock;
            self.push_move(entry);
        }
        if let Some((a, b)) = parts.rest {
            let rest = &line[a..b];
            self.warn(
                "unknown-line",
                format!("text after the move is not read, kept as a comment: `{rest}`"),
                span(at, line, a, b),
            );
            self.comment(rest.to_owned());
        }
    }

    fn push_move(&mut self, entry: MoveEntry<()>) {
        if self.current == 0 {
            self.has_moves = true;
            if self.nodes[0].moves.is_empty() {
                self.nodes[0].start = self.diagram.played.map_or(1, |n| n.saturating_add(1));
            }
        }
        self.nodes[self.current].moves.push(entry);
    }

    /// A terminal word ends the current line.
    fn end_line(
        &mut self,
        kind: TerminalKind,
        text: &str,
        text_span: Span,
        number_span: Option<Span>,
        number: u32,
        clock: Option<String>,
    ) {
        if self.current == 0 {
            self.has_moves = true;
            self.terminal = Some(Terminal {
                kind,
                text: text.to_owned(),
                span: text_span,
                number: number_span.map(|span| MoveNumber {
                    value: number,
                    ellipsis: false,
                    span,
                }),
                clock,
                // Set when the game is finished, from the start and the moves.
                first_to_move: true,
            });
            self.nodes[0].ended = true;
        } else {
            let comment = terminal_comment(text, clock.as_deref());
            let node = &mut self.nodes[self.current];
            node.comments_mut().push(comment);
            node.ended = true;
        }
    }

    fn ki2_moves(&mut self, line: &str, at: Pos) {
        let mut i = 0;
        while i < line.len() {
            let Some(c) = line[i..].chars().next() else {
                break;
            };
            if is_blank(c) {
                i += c.len_utf8();
                continue;
            }
            let start = i;
            let mut end = match parse_prefix(&line[i..]) {
                Ok((_, used)) => i + used,
                Err(_) => i,
            };
            // The token runs to the next separator: white space or a side mark.
            let first = end == start;
            while let Some(c) = line[end..].chars().next() {
                if is_blank(c) || (mark(c).is_some() && !(first && end == start)) {
                    break;
                }
                end += c.len_utf8();
            }
            if end == start {
                end += c.len_utf8();
            }
            let token = &line[start..end];
            i = end;
            let word = token.trim_start_matches(|c| mark(c).is_some());
            if self.nodes[self.current].ended {
                self.after_end(line, at, start);
                return;
            }
            let token_span = span(at, line, start, end);
            if let Some(kind) = TerminalKind::from_kif(word) {
                let number = self.next_number();
                self.end_line(kind, word, token_span, None, number, None);
            } else {
                self.push_move(MoveEntry::new((), token, token_span));
            }
        }
    }

    fn ending(&mut self, line: &str, at: Pos) {
        self.in_moves = true;
        let text = line.trim_matches(is_blank);
        let from = line.len() - line.trim_start_matches(is_blank).len();
        let line_span = span(at, line, from, from + text.len());
        if self.current != 0 {
            let node = &mut self.nodes[self.current];
            node.comments_mut().push(text.to_owned());
            node.ended = true;
            return;
        }
        let Some(ending) = ending::parse(text) else {
            return;
        };
        self.has_moves = true;
        if self.result_token.is_none() {
            self.result_token = Some(text.to_owned());
            self.result_span = Some(line_span);
        }
        let moves = self.nodes[0].moves.len() as u32;
        if let Some(n) = ending.moves
            && n != moves
        {
            self.warn(
                "move-number-mismatch",
                format!("the ending line counts {n} moves, but the record has {moves}"),
                line_span,
            );
        }
        match ending.kind {
            None => self.warn(
                "unknown-line",
                format!(
                    "an ending line in words kifu does not know: `{text}` (kept as the result)"
                ),
                line_span,
            ),
            Some(kind) if self.terminal.is_none() => {
                self.terminal = Some(Terminal {
                    kind,
                    text: text.to_owned(),
                    span: line_span,
                    number: None,
                    clock: None,
                    first_to_move: ending.first_to_move().unwrap_or(true),
                });
                self.terminal_from_ending = true;
            }
            Some(_) => {}
        }
        // Compared with the side the moves give when the game is finished.
        self.ending_side = ending.first_to_move();
        self.nodes[0].ended = true;
    }

    fn variation(&mut self, line: &str, rest: &str, at: Pos) {
        let whole = span(at, line, 0, line.len());
        let number: String = rest
            .trim_matches(is_blank)
            .chars()
            .take_while(|&c| c.is_ascii_digit() || ('０'..='９').contains(&c))
            .collect();
        let Some(n) = digits(&number) else {
            self.error(
                "bad-variation",
                format!(
                    "expected the move a variation replaces, `変化：N手`, found `{}`: its moves are kept as a comment",
                    line.trim()
                ),
                whole,
            );
            self.dropped = Some(line.trim().to_owned());
            return;
        };
        let mut found = Some(self.current);
        while let Some(i) = found {
            if self.nodes[i].has(n) {
                break;
            }
            found = self.nodes[i].parent.map(|(p, _)| p);
        }
        let Some(i) = found else {
            self.error(
                "bad-variation",
                format!(
                    "`変化：{n}手` replaces no move of the lines before it: its moves are kept as a comment"
                ),
                whole,
            );
            self.dropped = Some(line.trim().to_owned());
            return;
        };
        let node = &self.nodes[i];
        let (parent, depth) = match node.parent {
            // Another alternative to the move this variation replaces.
            Some(parent) if n == node.start => (parent, node.depth),
            _ => ((i, (n - node.start) as usize), node.depth + 1),
        };
        if depth > MAX_DEPTH {
            self.error(
                "variation-too-deep",
                format!(
                    "variations nested more than {MAX_DEPTH} levels deep: the deeper ones are kept as a comment"
                ),
                whole,
            );
            self.dropped = Some(line.trim().to_owned());
            return;
        }
        self.nodes.push(Node::new(n, Some(parent), depth));
        self.current = self.nodes.len() - 1;
    }

    /// The start position: the diagram, else the 手合割, else the even game.
    fn start_position(&self) -> Result<Position, Box<Diagnostic>> {
        let diagram_span = self.diagram_span.unwrap_or_default();
        let base = match &self.handicap {
            None => Ok(Position::new()),
            Some((value, span)) => {
                let name = value.trim_matches(is_blank);
                match name {
                    "平手" => Ok(Position::new()),
                    _ => match name.parse::<Handicap>() {
                        Ok(h) => Ok(h.position()),
                        Err(_) => Err(Box::new(
                            Diagnostic::new(
                                Severity::Error,
                                "bad-handicap",
                                format!(
                                    "手合割：{name}: expected a handicap of the Kakinoki list (平手 香落ち 右香落ち 角落ち 飛車落ち 飛香落ち 二枚落ち 三枚落ち 四枚落ち 五枚落ち 左五枚落ち 六枚落ち 左七枚落ち 右七枚落ち 八枚落ち 十枚落ち) or a board diagram"
                                ),
                            )
                            .at(*span),
                        )),
                    },
                }
            }
        };
        let d = &self.diagram;
        if d.is_empty() {
            return base;
        }
        if d.row_count > 0 && d.row_count < 9 {
            return Err(Box::new(
                Diagnostic::new(
                    Severity::Error,
                    "bad-board",
                    format!(
                        "the board diagram has {} of its 9 rows: no start position",
                        d.row_count
                    ),
                )
                .at(diagram_span),
            ));
        }
        let over = if d.row_count == 9 {
            Position::new()
        } else {
            base?
        };
        let sfen = d.sfen(&over);
        Position::from_sfen(&sfen).map_err(|e| {
            Box::new(
                Diagnostic::new(
                    Severity::Error,
                    "bad-board",
                    format!("the board diagram is no position: {e}"),
                )
                .at(diagram_span)
                .with_position(sfen.clone()),
            )
        })
    }

    /// The game read.
    fn finish(mut self) -> FormatGame<Position> {
        if let Some(d) = self.dropped.take() {
            self.trailing.push(d);
        }
        let end = match self.source.get(self.last_line.1..) {
            Some(last) if !last.is_empty() => {
                let last = last.strip_suffix('\n').unwrap_or(last);
                place(self.last_line.0, last, last.len())
            }
            _ => Pos::START,
        };
        let start = self.start_position();
        let first_black = match &start {
            Ok(pos) => pos.side_to_move() == Color::Black,
            Err(_) => self.diagram.side.map_or(
                self.handicap
                    .as_ref()
                    .is_none_or(|(v, _)| v.trim_matches(is_blank) == "平手"),
                |c| c == Color::Black,
            ),
        };
        let main_moves = self.nodes[0].moves.len();
        let parity = first_black == main_moves.is_multiple_of(2);
        if let Some(t) = &mut self.terminal
            && (!self.terminal_from_ending || self.ending_side.is_none())
        {
            t.first_to_move = parity;
        }
        if let (Some(named), Some(span)) = (self.ending_side, self.result_span)
            && named != parity
        {
            let side = if parity {
                "black (先手)"
            } else {
                "white (後手)"
            };
            let text = self.result_token.clone().unwrap_or_default();
            self.warn(
                "result-mismatch",
                format!(
                    "`{text}` names the other side than the moves: after {main_moves} moves {side} is to move"
                ),
                span,
            );
        }
        let parents: Vec<Option<(usize, usize)>> = self.nodes.iter().map(|n| n.parent).collect();
        let mut lines: Vec<Option<Line<()>>> = self
            .nodes
            .into_iter()
            .map(|n| {
                Some(Line {
                    comments: n.comments,
                    moves: n.moves,
                })
            })
            .collect();
        for i in (1..lines.len()).rev() {
            let (Some(line), Some((p, k))) = (lines[i].take(), parents[i]) else {
                continue;
            };
            if let Some(m) = lines[p].as_mut().and_then(|l| l.moves.get_mut(k)) {
                m.variations.insert(0, line);
            }
        }
        let main = lines[0].take().unwrap_or_default();
        let start_pos = self.start.unwrap_or(Pos::START);
        let notation: Box<dyn TextNotation<Position> + Send + Sync> = match self.kind {
            Kind::Kif => Box::new(KifNotation),
            Kind::Ki2 => Box::new(Ki2Notation),
        };
        FormatGame {
            raw: RawGame {
                record: GameRecord {
                    tags: self.tags,
                    main,
                    result_token: self.result_token,
                    result_span: self.result_span,
                    trailing_comments: self.trailing,
                    span: Span {
                        start: start_pos,
                        end,
                    },
                },
                diagnostics: self.diagnostics,
                source: self.source,
            },
            start,
            notation: Some(notation),
            terminal: self.terminal,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    fn one(text: &str) -> FormatGame<Position> {
        let mut games = read_text(text, Kind::Kif);
        assert_eq!(games.len(), 1, "{text}");
        games.remove(0)
    }

    fn codes(game: &FormatGame<Position>) -> Vec<String> {
        game.raw
            .diagnostics
            .iter()
            .map(|d| {
                format!(
                    "{} {}:{}",
                    d.code,
                    d.span.unwrap().start.line,
                    d.span.unwrap().start.column
                )
            })
            .collect()
    }

    #[rstest]
    #[case(
        "   1 ７六歩(77)   ( 0:16/00:00:16)",
        "７六歩(77)",
        Some(" 0:16/00:00:16"),
        None
    )]
    #[case("1 ７六歩(77) (0:4/0:0:4)", "７六歩(77)", Some("0:4/0:0:4"), None)]
    #[case(
        "  11 同　銀(68)    (00:00 / 00:00:00)",
        "同　銀(68)",
        Some("00:00 / 00:00:00"),
        None
    )]
    #[case(
        "   8 同 金(32)   ( 0:02/00:00:55)",
        "同 金(32)",
        Some(" 0:02/00:00:55"),
        None
    )]
    #[case(
        "   2 １一玉(22)   ( 0:00/00:00:00)+",
        "１一玉(22)",
        Some(" 0:00/00:00:00"),
        None
    )]
    #[case(
        "  13 投了         ( 0:03/00:00:32)",
        "投了",
        Some(" 0:03/00:00:32"),
        None
    )]
    #[case("   1 ５五角打+", "５五角打", None, None)]
    #[case(
        "   1 ７六歩(77)( 0:16/00:00:16)",
        "７六歩(77)",
        Some(" 0:16/00:00:16"),
        None
    )]
    #[case("   3 ２六歩(2", "２六歩(2", None, None)]
    #[case("   3 ２六歩(27) extra", "２六歩(27)", None, Some("extra"))]
    #[case("\u{3000} 12\u{3000}同\u{3000}歩(76)", "同\u{3000}歩(76)", None, None)]
    fn move_lines_split(
        #[case] line: &str,
        #[case] text: &str,
        #[case] clock: Option<&str>,
        #[case] rest: Option<&str>,
    ) {
        let parts = split_move_line(line);
        assert_eq!(&line[parts.text.0..parts.text.1], text);
        assert_eq!(parts.clock.map(|(a, b)| &line[a..b]), clock);
        assert_eq!(parts.rest.map(|(a, b)| &line[a..b]), rest);
        // The columns counted while splitting are the characters before each place.
        let bytes = [parts.number.1, parts.number.2, parts.text.0, parts.text.1];
        let counted: Vec<u32> = bytes
            .iter()
            .map(|&b| line[..b].chars().count() as u32)
            .collect();
        assert_eq!(parts.chars.to_vec(), counted);
    }

    #[test]
    fn a_diagram_counts_the_moves_played_before_it() {
        let text = "後手の持駒：なし\n|・・・・・・・・v玉|一\n|・・・・・・・・・|二\n|・・・・・・・・歩|三\n|・・・・・・・・・|四\n|・・・・・・・・・|五\n|・・・・・・・・・|六\n|・・・・・・・・・|七\n|・・・・・・・・・|八\n|・・・・玉・・・・|九\n先手の持駒：金\n手数＝30  ▲２三歩成  まで\n手数----指手---------消費時間--\n  31 １二金打\n";
        let game = one(text);
        assert!(
            game.raw.diagnostics.is_empty(),
            "{:?}",
            game.raw.diagnostics
        );
        assert_eq!(
            game.start.unwrap().to_sfen(),
            "8k/9/8P/9/9/9/9/9/4K4 b G 31"
        );
        // The trailer's move is kept as a comment of the game.
        assert_eq!(game.raw.record.main.comments, ["手数＝30  ▲２三歩成  まで"]);
        assert_eq!(game.raw.record.main.moves[0].number.unwrap().value, 31);
    }

    #[test]
    fn a_header_after_the_moves_starts_the_next_game() {
        let text = "先手：a\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 投了\n\n#KIF version=2.0 encoding=UTF-8\n先手：b\n   1 ２六歩(27)\n";
        let games = read_text(text, Kind::Kif);
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].raw.record.tag("先手"), Some("a"));
        assert_eq!(games[1].raw.record.tag("先手"), Some("b"));
        assert_eq!(games[1].raw.record.span.start.line, 6);
        assert_eq!(games[1].raw.record.main.moves[0].span.start.line, 8);
        assert!(games[1].raw.source.starts_with("#KIF"));
    }

    #[test]
    fn line_ends_and_byte_order_marks() {
        let text = "\u{feff}手合割：平手\r\n手数----指手---------消費時間--\r   1 ７六歩(77)\r\n   2 ３四歩(33)\n";
        let games: Vec<_> = Games::new(Box::new(text.as_bytes()), Kind::Kif)
            .collect::<Result<_, _>>()
            .unwrap();
        let game = &games[0];
        let moves = &game.raw.record.main.moves;
        assert_eq!(moves.len(), 2);
        assert_eq!(
            (moves[1].span.start.line, moves[1].span.start.column),
            (4, 6)
        );
        assert_eq!(game.raw.record.tag("手合割"), Some("平手"));
    }

    #[test]
    fn a_diagnostic_in_a_crlf_file_gives_its_text() {
        // Offsets count a CRLF as two bytes, the game's source as one `\n` (review of 7cab5e2):
        // the text is found by line and column.
        for end in ["\n", "\r\n", "\r"] {
            let text = format!(
                "手数----指手---------消費時間--{end}   1 ７六歩(77){end}   2 ３四歩(33) extra{end}"
            );
            let game = one(&text);
            let d = &game.raw.diagnostics[0];
            assert_eq!(d.code, "unknown-line");
            assert_eq!(d.text.as_deref(), Some("extra"), "{end:?}");
        }
    }

    #[test]
    fn bytes_that_are_not_utf8_are_an_input_error() {
        let bytes: &[u8] = b"\x8e\xe8\x8d\x87\x8a\x84\x81\x46\n\x8e\xe8\n";
        let mut games = Games::new(Box::new(bytes), Kind::Kif);
        let err = games.next().unwrap().unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidData);
        assert!(games.next().is_none());
    }

    #[rstest]
    // A time that is not m:ss/h:mm:ss: kept, with a warning at the time.
    #[case("   1 ７六歩(77)   (abc)\n", &["bad-clock 1:17"])]
    // A variation's move number that does not follow on.
    #[case("   1 ７六歩(77)\n   2 ３四歩(33)\n変化：2手\n   3 ８四歩(83)\n", &["move-number-mismatch 4:4"])]
    // An ending line counting other moves than the record holds.
    #[case("   1 ７六歩(77)\nまで2手で後手の勝ち\n", &["move-number-mismatch 2:1", "result-mismatch 2:1"])]
    // Moves after the terminal word.
    #[case("   1 ７六歩(77)\n   2 投了\n   3 ２六歩(27)\n", &["text-after-result 3:6"])]
    #[case("   1 ７六歩(77)\nこれは何\n", &["unknown-line 2:1"])]
    #[case("   1 ７六歩(77)\nまで1手で後手の大勝利\n", &["unknown-line 2:1"])]
    #[case("   1 ７六歩(77)\n変化：x手\n   1 ２六歩(27)\n", &["bad-variation 2:1"])]
    #[case("後手の持駒：飛x\n", &["bad-board 1:8"])]
    fn structural_problems_are_placed(#[case] text: &str, #[case] expected: &[&str]) {
        let game = one(text);
        assert_eq!(codes(&game), expected, "{text}");
    }

    #[test]
    fn variations_nested_too_deep_are_kept_as_a_comment() {
        let mut text = String::from("   1 ７六歩(77)\n   2 ３四歩(33)\n");
        // Each block replaces the second move of the block before it: one level deeper each.
        for n in 2..=40 {
            text.push_str(&format!(
                "変化：{n}手\n{:>4} ７六歩(77)\n{:>4} ３四歩(33)\n",
                n,
                n + 1
            ));
        }
        let game = one(&text);
        let deep = game
            .raw
            .diagnostics
            .iter()
            .filter(|d| d.code == "variation-too-deep")
            .count();
        assert!(deep > 0);
        assert!(!game.raw.record.trailing_comments.is_empty());
    }

    #[test]
    fn unmarked_ki2_moves_are_no_diagram_frame() {
        let games = read_text("９六歩 １四歩\n", Kind::Ki2);
        let texts: Vec<&str> = games[0]
            .raw
            .record
            .main
            .moves
            .iter()
            .map(|m| m.text.as_str())
            .collect();
        assert_eq!(texts, ["９六歩", "１四歩"]);
    }

    #[test]
    fn a_variation_header_line_before_the_moves_is_a_tag() {
        let game = one("変化：3手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n");
        assert_eq!(game.raw.record.tag("変化"), Some("3手"));
    }

    #[test]
    fn tags_keep_their_name_and_value_as_written() {
        let game = one("棋戦:ASCII colon\n備考：a\\nb\n先手：\n");
        let tags: Vec<(&str, &str)> = game
            .raw
            .record
            .tags
            .iter()
            .map(|t| (t.name.as_str(), t.value.as_str()))
            .collect();
        assert_eq!(
            tags,
            [("棋戦", "ASCII colon"), ("備考", "a\\nb"), ("先手", "")]
        );
    }
}
