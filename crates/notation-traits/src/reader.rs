//! Streaming reader of PGN-style game files: tag pairs, then movetext, game after game.
//!
//! [`GameReader`] reads from any [`BufRead`] one game at a time, so a file of any size streams
//! in memory bounded by its largest game. It only splits the text: moves stay text
//! (`GameRecord<()>`), checked later against a position by [`replay`](crate::replay) with a
//! notation of the caller's choice. The same reader serves xiangqi PGN and shogi PSN.
//!
//! What it accepts (the lax input of real files):
//!
//! - a UTF-8 byte-order mark at the start of the file or of any line (files joined with
//!   `cat`), CRLF, LF or lone CR line ends;
//! - tag pairs `[Name "value"]`, several on a line, with `\"` and `\\` escapes; names keep their
//!   case; a value with quotes left unescaped (`[Event ""Huangshan Cup" 2002"]`) closes at the
//!   `"]` that ends the pair, with a warning (`unescaped-quote`);
//! - commentary in square brackets that is no tag pair (`[a quiet opening]`) and remarks in
//!   parentheses that hold no move (`(equal)`, `(black is better)`): comments;
//! - bare movetext without tags (one game);
//! - move numbers `12.`, `12...`, `12. ...`, `12. …`, full-width `１２．`, glued to the move
//!   (`1.The3`) or not, per move pair or per ply (the reader keeps them;
//!   [`replay`](crate::replay) checks them);
//! - full-width descriptive moves run together without spaces (`１．Ｃ２＝５Ｈ８＋７`), split by
//!   the fixed four-symbol grammar;
//! - `{...}` comments over several lines, `;` comments to the end of the line (`;` lines
//!   that follow each other, the later ones in the first column, are one comment of several
//!   lines); the one space or line end that sets a comment off from its `{`, `}` or `;` is no
//!   text of it, further spaces are;
//! - `( ... )` variations, nested up to 32 levels (deeper text is kept as a comment, with an
//!   error);
//! - a clock time in parentheses after a move (`(00:03 / 00:00:03)`), kept as written, and
//!   seconds in parentheses glued to the move (`S6h(3)`);
//! - NAGs `$n` and the glyphs `!`, `?`, `!!`, `??`, `!?`, `?!` after a move;
//! - results `1-0`, `0-1`, `1/2-1/2`, `½-½`, `*`; comments after the result are kept, other text
//!   after it is not read: it is kept as a comment after the result, with a warning
//!   (`text-after-result`);
//! - games following each other without tags: a line opening with a move number after a result,
//!   or a new engine `position` line, starts the next game.
//!
//! A new game starts at a tag line (`[`) that follows movetext.

use std::io::{self, BufRead};

use crate::{Diagnostic, GameRecord, Line, MoveEntry, MoveNumber, Pos, Severity, Span, Tag};

/// A game as read from a file: the record with unchecked moves, and what the reader noticed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawGame {
    /// The record; moves are text only.
    pub record: GameRecord<()>,
    /// Problems in the file's structure (an unterminated comment, a stray `)`, text after the
    /// result), with their places.
    pub diagnostics: Vec<Diagnostic>,
    /// The game's text as read (line ends `\n`), starting at line `record.span.start.line`: for
    /// showing the lines a diagnostic points at.
    pub source: String,
}

/// Reads game after game from a [`BufRead`]; an iterator of `io::Result<RawGame>`.
///
/// # Errors
///
/// The iterator yields an [`io::Error`] when reading fails or the bytes are not UTF-8
/// ([`io::ErrorKind::InvalidData`]). Problems in the text itself never stop it: they become
/// diagnostics of the game they occur in.
///
/// # Examples
///
/// ```
/// use notation_traits::GameReader;
///
/// let text = "[Red \"Tang\"]\n\n1. T2=5 H8+7 {a comment}\n2. H2+3 0-1\n";
/// let games: Vec<_> = GameReader::new(text.as_bytes()).collect::<Result<_, _>>()?;
/// let game = &games[0].record;
/// assert_eq!(game.tag("red"), Some("Tang"));
/// assert_eq!(game.main.moves.len(), 3);
/// assert_eq!(game.main.moves[1].comments, ["a comment"]);
/// assert_eq!(game.result_token.as_deref(), Some("0-1"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct GameReader<R> {
    input: R,
    /// Lines read ahead that belong to the next game.
    pending: std::collections::VecDeque<(String, Pos)>,
    /// The place of the next line to read.
    next: Pos,
    done: bool,
    /// A line that is not UTF-8 met after a game's result: it spoils the next game.
    carried: Option<io::Error>,
    /// A line that is not UTF-8 met while reading ahead: it comes after the lines in `pending`.
    after_pending: Option<io::Error>,
}

impl<R: BufRead> GameReader<R> {
    /// A reader over `input`.
    pub fn new(input: R) -> Self {
        GameReader {
            input,
            pending: std::collections::VecDeque::new(),
            next: Pos::START,
            done: false,
            carried: None,
            after_pending: None,
        }
    }

    /// Reads one line without its line end (`\n`, `\r\n` or a lone `\r`); `None` at the end
    /// of the input.
    fn read_line(&mut self) -> io::Result<Option<(String, Pos)>> {
        let mut bytes = Vec::new();
        // A byte-order mark opens the file, or a game where files that each begin with one
        // were joined (`cat a.pgn b.pgn`): it is no text of the line.
        let Some(at) = crate::read_placed_line(&mut self.input, &mut bytes, &mut self.next, true)?
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

    /// Whether the `{` comment open at `line` is one left unclosed, so that the line starts
    /// the next game. `line` is a tag pair after a blank line (`after_tags`), or opens with
    /// move number 1 (a file of games without tags). The lines after it are read ahead (and
    /// queued in `pending`, with `line` first) until the comment closes (a `}` before any `{`:
    /// a real comment that holds a tag-like or numbered line: no), or a `{` opens before any
    /// `}`, the next game's tags or moves begin, the input ends, or [`LOOKAHEAD`] lines pass
    /// while it stays open (yes).
    fn comment_left_open(&mut self, line: String, at: Pos, after_tags: bool) -> io::Result<bool> {
        // A numbered line is movetext itself: its braces count.
        let mut verdict = if after_tags {
            None
        } else {
            brace_verdict(&line)
        };
        let mut ahead = vec![(line, at)];
        let mut tags = after_tags;
        while verdict.is_none() && ahead.len() < LOOKAHEAD {
            let next = match self.pending.pop_front() {
                Some(l) => Some(l),
                None => match self.read_line() {
                    Ok(l) => l,
                    // Undecodable bytes: met in their turn, after the lines read ahead.
                    Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                        self.after_pending = Some(e);
                        break;
                    }
                    Err(e) => return Err(e),
                },
            };
            let Some((next, next_at)) = next else { break };
            let trimmed = next.trim_start();
            let tag_line = trimmed.is_empty() || is_tag_pair(trimmed);
            tags &= tag_line;
            if (after_tags && !tags && starts_with_move_number(trimmed))
                || (!after_tags && opens_tag_pair(trimmed))
            {
                ahead.push((next, next_at));
                verdict = Some(true);
                break;
            }
            verdict = brace_verdict(&next).filter(|&open| !open || !tag_line);
            ahead.push((next, next_at));
        }
        // Left open: everything read ahead is the next game's. Closed: the lines are this
        // game's, and `line` itself goes on as the caller's current line.
        let left_open = verdict.unwrap_or(true);
        let keep = usize::from(!left_open);
        for l in ahead.into_iter().skip(keep).rev() {
            self.pending.push_front(l);
        }
        Ok(left_open)
    }

    /// Collects the lines of the next game: its text (lines joined by `\n`) and its start.
    fn next_chunk(&mut self) -> io::Result<Option<(String, Pos)>> {
        let mut text = String::new();
        let mut start = None;
        let mut seen_movetext = false;
        let mut in_comment = false;
        let mut after_result = false;
        let mut blank_before = false;
        // Whether the game has tags: only a game without them ends an unclosed comment at a
        // line opening with move 1 (with tags, the next game's tags do).
        let mut has_tags = false;
        // Whether the open `{` comment was already found to close (see `comment_left_open`).
        let mut comment_checked = false;
        // The first line that is not UTF-8: it spoils the whole game, which is skipped to its
        // end and given as this error.
        let mut spoiled: Option<io::Error> = self.carried.take();
        if spoiled.is_some() {
            seen_movetext = true;
            start = Some(self.next);
        }
        loop {
            let next = match self.pending.pop_front() {
                Some(line) => Some(line),
                None => match self
                    .after_pending
                    .take()
                    .map_or_else(|| self.read_line(), Err)
                {
                    Ok(line) => line,
                    // After a game's result, the bad line belongs to the next game.
                    Err(e)
                        if e.kind() == io::ErrorKind::InvalidData
                            && after_result
                            && spoiled.is_none() =>
                    {
                        self.carried = Some(e);
                        break;
                    }
                    Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                        spoiled.get_or_insert(e);
                        seen_movetext = true;
                        after_result = false;
                        start.get_or_insert(self.next);
                        continue;
                    }
                    Err(e) => return Err(e),
                },
            };
            let Some((line, at)) = next else { break };
            let trimmed = line.trim_start();
            if start.is_none() {
                if trimmed.is_empty() {
                    continue;
                }
                start = Some(at);
            } else if !in_comment
                && seen_movetext
                && (opens_tag_pair(trimmed)
                    || (after_result && starts_with_move_number(trimmed))
                    || trimmed.starts_with("position "))
            {
                // Tags after movetext, or movetext numbered from the start after a result: the
                // next game.
                self.pending.push_back((line, at));
                break;
            } else if in_comment && seen_movetext && !comment_checked && {
                // A tag pair after a blank line, or in the first column.
                let after_tags = (blank_before || line.starts_with('[')) && is_tag_pair(trimmed);
                (after_tags || (!has_tags && starts_with_first_move(trimmed))) && {
                    comment_checked = true;
                    self.comment_left_open(line.clone(), at, after_tags)?
                }
            } {
                // A `{` left open: a blank line and a tag pair, or a line opening with move 1,
                // start the next game, instead of the comment swallowing the rest of the file
                // (the game reports the comment).
                break;
            }
            blank_before = trimmed.is_empty();
            if !in_comment && is_escape_line(&line) {
                // Private data: neither movetext nor the start of a comment.
                text.push_str(&line);
                text.push('\n');
                continue;
            }
            if !in_comment && !trimmed.starts_with('[') && !trimmed.is_empty() {
                seen_movetext = true;
            }
            if !in_comment && is_tag_pair(trimmed) {
                // A tag's value is no movetext: a `{` in it opens no comment.
                after_result = false;
                has_tags |= !seen_movetext;
            } else {
                let scan = scan_line(&line, in_comment);
                in_comment = scan.in_comment;
                if let Some(result) = scan.ends_with_result {
                    after_result = result && !in_comment;
                }
            }
            // Each comment is looked ahead in once: a comment found closed stays so.
            comment_checked &= in_comment;
            text.push_str(&line);
            text.push('\n');
        }
        if let Some(e) = spoiled {
            return Err(e);
        }
        Ok(start.map(|s| (text, s)))
    }
}

/// A `{` inside the `{` comment opened at `start` (of text `body`): PGN comments do not nest,
/// so the comment runs on to the next `}`, over whatever lies between: most often a `}` left
/// out before it (`{open` then `{Game 2}`, the moves between taken as commentary). A warning
/// at the inner `{`, naming where the comment opened and, when it holds one, the first result
/// word it swallowed; the text is kept in the comment as written.
fn brace_in_comment_warning(b: &mut Builder, body: &str, start: Pos) {
    let Some(at) = body.find('{') else { return };
    let mut pos = start;
    // The `{` that opens the comment, then the body up to the inner `{`.
    pos.offset += 1;
    pos.column += 1;
    for c in body[..at].chars() {
        pos.offset += c.len_utf8();
        if c == '\n' {
            pos.line += 1;
            pos.column = 1;
        } else {
            pos.column += 1;
        }
    }
    let swallowed = body[..at]
        .split_whitespace()
        .find(|w| matches!(*w, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*"))
        .map(|w| format!(", over the result `{w}`"))
        .unwrap_or_default();
    let mut end = pos;
    end.offset += 1;
    end.column += 1;
    b.warn(
        "brace-in-comment",
        format!(
            "`{{` inside the comment opened at line {} column {}: comments do not nest, so that \
             comment runs on to the next `}}`{swallowed}; if it should end sooner, a `}}` is \
             missing there",
            start.line, start.column
        ),
        Span { start: pos, end },
    );
}

/// The comment in which kifu keeps the moves of a game it could not read to the end
/// (`kifu: not read from ply 12 ...`), met again when its output is read: a warning, so that
/// the unread moves are not taken for a complete game.
fn unread_moves_warning(b: &mut Builder, body: &str, span: Span) {
    if is_unread_moves_comment(body) {
        b.warn(
            "unread-moves",
            "this comment holds moves kifu could not read when it wrote the file: the game \
             stops before them, and they are not checked"
                .to_owned(),
            span,
        );
    }
}

/// Whether a comment is one kifu writes for moves it could not read, in either shape
/// ([`crate::CheckedGame`]'s `kifu: not read from ply N (`...`)...; the rest as written:`, or
/// [`crate::write_unreadable_game`]'s `kifu: not read: ...; the movetext as written:`), not a
/// user's comment that merely starts with the same words.
fn is_unread_moves_comment(body: &str) -> bool {
    let body = body.trim_start();
    if let Some(rest) = body.strip_prefix("kifu: not read from ply ") {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        return digits > 0
            && rest[digits..].starts_with(" (`")
            && rest.contains("; the rest as written:");
    }
    body.strip_prefix("kifu: not read: ")
        .is_some_and(|rest| rest.contains("; the movetext as written:"))
}

/// Whether a line is a PGN escape line: `%` in its first column (PGN standard, 6: the rest of
/// the line is private data that readers skip).
fn is_escape_line(line: &str) -> bool {
    line.starts_with('%')
}

/// Reads a PGN escape line at the cursor (`%` in the first column) as a comment that keeps its
/// text, `%` included, so that nothing is lost; returns whether there was one.
fn escape_line(cur: &mut Cursor<'_>, b: &mut Builder) -> bool {
    if cur.peek() != Some('%') || cur.pos.column != 1 {
        return false;
    }
    let body = cur.bump_while(|c| c != '\n');
    b.comment(body.trim_end().to_owned());
    true
}

/// How many lines after a suspected unclosed comment are read ahead to see whether it closes.
const LOOKAHEAD: usize = 200;

/// Whether a line is one tag pair, `[Name "value"]`.
fn is_tag_pair(line: &str) -> bool {
    let line = line.trim_end();
    line.starts_with('[')
        && line.ends_with(']')
        && line[1..].starts_with(|c: char| c.is_alphabetic())
        && line.contains('"')
}

/// Whether a line opens with a tag pair, `[Name "` (or a `[` alone: a tag pair cut short): a
/// `[` line after movetext starts the next game. A `[` line in other words (`[a fine move]`,
/// as some PSN writers put commentary) is a comment of the movetext.
fn opens_tag_pair(line: &str) -> bool {
    let Some(rest) = line.strip_prefix('[') else {
        return false;
    };
    let rest = rest.trim_start_matches([' ', '\t']);
    let name = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
        .unwrap_or(rest.len());
    let after = rest[name..].trim_start_matches([' ', '\t']);
    after.is_empty() || (name > 0 && after.starts_with('"'))
}

/// Whether a line begins with a move number (`1.`, `12...`, full-width `１２．`).
fn starts_with_move_number(line: &str) -> bool {
    let rest = line.trim_start_matches(|c: char| c.is_ascii_digit() || ('０'..='９').contains(&c));
    rest.len() < line.len() && rest.starts_with(['.', '．'])
}

/// Whether a line begins with move number 1 (`1.`, `1...`, `１．`, not `10.`): where a game of
/// a file without tags begins.
fn starts_with_first_move(line: &str) -> bool {
    line.strip_prefix(['1', '１'])
        .is_some_and(|rest| rest.starts_with(['.', '．']))
}

/// Inside an open `{` comment, what `line` says of it: `Some(false)` when a `}` closes it
/// before any `{`, `Some(true)` when a `{` comes first (a new comment: the open one was left
/// unclosed), `None` when the line has neither.
fn brace_verdict(line: &str) -> Option<bool> {
    line.chars().find_map(|c| match c {
        '}' => Some(false),
        '{' => Some(true),
        _ => None,
    })
}

/// What a line of movetext leaves behind, for telling where a game ends: its comments, `;`
/// to the end of the line and `[...]` commentary taken out as the game's reader takes them
/// ([`bracket_comment`]), so that a `{`, `}` or result word inside one counts for nothing.
struct LineScan {
    /// Whether a `{` comment is still open at the end of the line.
    in_comment: bool,
    /// Whether the line's last word outside comments is a result (`1-0`, `0-1`, `1/2-1/2`,
    /// `*`), stray `}` and `]` after it aside; `None` when the line has no word outside
    /// comments (a comment alone, a stray `}`): it changes nothing.
    ends_with_result: Option<bool>,
}

/// Scans `line` of movetext, a `{` comment open at its start or not ([`LineScan`]).
fn scan_line(line: &str, mut in_comment: bool) -> LineScan {
    let mut last: Option<&str> = None;
    let mut word: Option<usize> = None;
    let mut i = 0;
    // The word from `word` to `at` ends: the last one, unless it is stray `}` or `]` alone.
    fn end_word<'a>(
        line: &'a str,
        word: &mut Option<usize>,
        last: &mut Option<&'a str>,
        at: usize,
    ) {
        if let Some(from) = word.take() {
            let w = &line[from..at];
            if !w.chars().all(|c| c == '}' || c == ']') {
                *last = Some(w);
            }
        }
    }
    while let Some(c) = line[i..].chars().next() {
        let width = c.len_utf8();
        if in_comment {
            in_comment = c != '}';
            i += width;
            continue;
        }
        match c {
            '{' => {
                end_word(line, &mut word, &mut last, i);
                in_comment = true;
            }
            ';' => {
                end_word(line, &mut word, &mut last, i);
                i = line.len();
                break;
            }
            '[' if bracket_comment(&line[i..]).is_some() => {
                end_word(line, &mut word, &mut last, i);
                i += bracket_comment(&line[i..]).map_or(0, str::len) + 2;
                continue;
            }
            c if c.is_whitespace() => end_word(line, &mut word, &mut last, i),
            _ => {
                word.get_or_insert(i);
            }
        }
        i += width;
    }
    end_word(line, &mut word, &mut last, i);
    LineScan {
        in_comment,
        ends_with_result: last.map(|w| {
            let w = w.trim_end_matches(['}', ']']);
            matches!(w, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*")
        }),
    }
}

/// One game's text as [`GameReader::next_text`] cut it from its file, not yet read: its tags
/// and movetext (line ends `\n`) and the place in the file where it starts.
///
/// [`GameText::parse`] reads it into the [`RawGame`] the reader's iterator gives. The cut is the
/// cheap, sequential part of reading a file; the parse may run anywhere else (a batch parses
/// games on several threads).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameText {
    text: String,
    start: Pos,
}

impl GameText {
    /// The text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Where in the file the text starts.
    pub fn start(&self) -> Pos {
        self.start
    }

    /// Reads the tags and movetext: what [`GameReader`]'s iterator gives for this game.
    pub fn parse(self) -> RawGame {
        let mut raw = parse_game(&self.text, self.start);
        raw.source = self.text;
        raw
    }
}

impl<R: BufRead> GameReader<R> {
    /// The next game's text, cut from the file but not read: the iterator's next game is
    /// `next_text()` then [`GameText::parse`].
    ///
    /// # Errors
    ///
    /// The input's read error; bytes that are not UTF-8 are an [`io::ErrorKind::InvalidData`]
    /// error for their game, after which the next call goes on with the next game.
    pub fn next_text(&mut self) -> Option<io::Result<GameText>> {
        if self.done {
            return None;
        }
        match self.next_chunk() {
            Ok(Some((text, start))) => Some(Ok(GameText { text, start })),
            Ok(None) => {
                self.done = true;
                None
            }
            Err(e) => {
                // Undecodable bytes spoil their game; the games after it can still be read.
                self.done = e.kind() != io::ErrorKind::InvalidData;
                Some(Err(e))
            }
        }
    }
}

impl<R: BufRead> Iterator for GameReader<R> {
    type Item = io::Result<RawGame>;

    fn next(&mut self) -> Option<Self::Item> {
        Some(self.next_text()?.map(GameText::parse))
    }
}

/// Reads one game from a text that holds only it (tags and movetext).
///
/// Places are counted from the start of `text`.
pub fn parse_game_text(text: &str) -> RawGame {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let text = text.replace("\r\n", "\n");
    GameText {
        text,
        start: Pos::START,
    }
    .parse()
}

/// A cursor over a game's text that keeps its place.
struct Cursor<'a> {
    text: &'a str,
    at: usize,
    pos: Pos,
}

impl<'a> Cursor<'a> {
    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn rest(&self) -> &'a str {
        &self.text[self.at..]
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        self.pos.offset += c.len_utf8();
        if c == '\n' {
            self.pos.line += 1;
            self.pos.column = 1;
        } else {
            self.pos.column += 1;
        }
        Some(c)
    }

    fn bump_while(&mut self, f: impl Fn(char) -> bool) -> &'a str {
        let from = self.at;
        let bytes = self.text.as_bytes();
        loop {
            // ASCII a byte at a time, without decoding: most of every file.
            while let Some(&b) = bytes.get(self.at) {
                if b >= 0x80 || !f(char::from(b)) {
                    break;
                }
                self.at += 1;
                self.pos.offset += 1;
                if b == b'\n' {
                    self.pos.line += 1;
                    self.pos.column = 1;
                } else {
                    self.pos.column += 1;
                }
            }
            match self.peek() {
                Some(c) if !c.is_ascii() && f(c) => {
                    self.bump();
                }
                _ => break,
            }
        }
        &self.text[from..self.at]
    }

    fn span_from(&self, start: Pos) -> Span {
        Span {
            start,
            end: self.pos,
        }
    }
}

struct Builder {
    record: GameRecord<()>,
    /// At most [`crate::MAX_DIAGNOSTICS`] kept, the rest counted.
    diagnostics: crate::Collected,
    /// Enclosing lines while inside variations; the innermost is `current`.
    stack: Vec<(Line<()>, Pos)>,
    current: Line<()>,
    pending_number: Option<MoveNumber>,
    after_result: bool,
    /// Where the text after the result that is not read begins (an offset in the file).
    ignored_from: Option<usize>,
}

impl Builder {
    fn last_move(&mut self) -> Option<&mut MoveEntry<()>> {
        self.current.moves.last_mut()
    }

    fn comment(&mut self, text: String) {
        if self.ignored_from.is_some() && self.stack.is_empty() {
            // Kept with the rest of the text after the result.
            return;
        }
        if self.after_result && self.stack.is_empty() {
            self.record.trailing_comments.push(text);
        } else if let Some(m) = self.last_move() {
            m.comments.push(text);
        } else {
            self.current.comments.push(text);
        }
    }

    fn warn(&mut self, code: &str, message: String, span: Span) {
        self.diagnostics
            .push(Diagnostic::new(Severity::Warning, code, message).at(span));
    }

    fn error(&mut self, code: &str, message: String, span: Span) {
        self.diagnostics
            .push(Diagnostic::new(Severity::Error, code, message).at(span));
    }

    /// Whether text after the result is being ignored (warning once).
    fn ignored_after_result(&mut self, span: Span, text: &str) -> bool {
        if self.after_result && self.stack.is_empty() {
            if self.ignored_from.is_none() {
                self.ignored_from = Some(span.start.offset);
                self.warn(
                    "text-after-result",
                    format!(
                        "text after the result is not read (kept as a comment), starting at `{text}`"
                    ),
                    span,
                );
            }
            return true;
        }
        false
    }
}

fn parse_game(text: &str, start: Pos) -> RawGame {
    let mut cur = Cursor {
        text,
        at: 0,
        pos: start,
    };
    let mut b = Builder {
        record: GameRecord {
            span: Span { start, end: start },
            ..GameRecord::default()
        },
        diagnostics: crate::Collected::default(),
        stack: Vec::new(),
        current: Line::default(),
        pending_number: None,
        after_result: false,
        ignored_from: None,
    };
    parse_tags(&mut cur, &mut b);
    parse_movetext(&mut cur, &mut b);
    while let Some((mut parent, open)) = b.stack.pop() {
        b.error(
            "unclosed-variation",
            "a variation `(` is not closed before the end of the game".to_owned(),
            Span {
                start: open,
                end: open,
            },
        );
        // A variation before any move of its line is kept as a comment; the error above
        // already points at its `(`.
        attach_variation(&mut parent, std::mem::take(&mut b.current));
        b.current = parent;
    }
    b.record.main = b.current;
    b.record.span.end = cur.pos;
    if let Some(from) = b.ignored_from {
        let rest = text.get(from - start.offset..).unwrap_or_default().trim();
        b.record.trailing_comments.push(rest.to_owned());
    }
    RawGame {
        record: b.record,
        diagnostics: b.diagnostics.finish(),
        source: String::new(),
    }
}

/// Attaches a finished variation to the last move of its parent line; returns false when the
/// parent has no move yet, in which case the variation's text is kept as a comment.
fn attach_variation(parent: &mut Line<()>, line: Line<()>) -> bool {
    if let Some(m) = parent.moves.last_mut() {
        m.variations.push(line);
        true
    } else {
        // On one line, so that a writer can keep it exactly (as a `;` comment).
        let mut parts: Vec<String> = line
            .comments
            .iter()
            .map(|c| format!("{{{}}}", c.replace('\n', " ")))
            .collect();
        parts.push(crate::write_unread_moves(&line.moves));
        parent
            .comments
            .push(format!("({})", parts.join(" ").trim()));
        false
    }
}

fn parse_tags(cur: &mut Cursor<'_>, b: &mut Builder) {
    // The names seen, in lower case: a file with many tags is read in linear time.
    let mut seen: std::collections::HashSet<String> = std::collections::HashSet::new();
    loop {
        cur.bump_while(char::is_whitespace);
        if escape_line(cur, b) {
            continue;
        }
        if cur.peek() != Some('[') {
            return;
        }
        let start = cur.pos;
        let start_at = cur.at;
        cur.bump();
        cur.bump_while(|c| c == ' ' || c == '\t');
        let name = cur.bump_while(|c| c.is_alphanumeric() || c == '_' || c == '-');
        cur.bump_while(|c| c == ' ' || c == '\t');
        if name.is_empty() || cur.peek() != Some('"') {
            cur.bump_while(|c| c != '\n');
            let written = cur.text[start_at..cur.at].trim_end();
            b.error(
                "bad-tag",
                format!("expected a tag pair `[Name \"value\"]`, found `{written}`"),
                cur.span_from(start),
            );
            // Nothing is lost: the line is kept as a comment before the moves.
            b.current.comments.push(written.to_owned());
            continue;
        }
        cur.bump();
        let value_start = cur.pos;
        let value_at = cur.at;
        // The `"` that closes the value: the first one followed by `]` on the line; quotes
        // before it are the value's own, written without `\` (`[Event ""Huangshan Cup" ..."]`,
        // as a script writes it). A line without such a `"` closes at its first `"`.
        let close = closing_quote(cur.rest());
        let mut value = String::new();
        let mut closed = false;
        let mut unescaped = false;
        while let Some(c) = cur.peek() {
            if c == '\n' {
                break;
            }
            let here = cur.at - value_at;
            cur.bump();
            match c {
                '\\' => {
                    if let Some(next) = cur.peek().filter(|&n| n == '"' || n == '\\') {
                        cur.bump();
                        value.push(next);
                    } else {
                        value.push('\\');
                    }
                }
                '"' if close.is_none_or(|k| k == here) => {
                    closed = true;
                    break;
                }
                '"' => {
                    unescaped = true;
                    value.push(c);
                }
                _ => value.push(c),
            }
        }
        if unescaped && closed {
            b.warn(
                "unescaped-quote",
                format!(
                    "tag `{name}`: the value holds `\"` not written as `\\\"`; read up to the `\"]` that ends the tag pair"
                ),
                Span {
                    start: value_start,
                    end: cur.pos,
                },
            );
        }
        cur.bump_while(|c| c == ' ' || c == '\t');
        if !closed || cur.peek() != Some(']') {
            let rest = cur.bump_while(|c| c != '\n');
            let found = match rest.trim_end() {
                "" => "the end of the line".to_owned(),
                rest => format!("`{rest}`"),
            };
            b.error(
                "bad-tag",
                format!("tag `{name}`: expected `\"]` to close the tag pair, found {found}"),
                cur.span_from(start),
            );
            // The tag keeps the value read; the whole line is kept as a comment too.
            if !rest.trim().is_empty() {
                b.current
                    .comments
                    .push(cur.text[start_at..cur.at].trim_end().to_owned());
            }
        } else {
            cur.bump();
        }
        if !seen.insert(name.to_ascii_lowercase()) {
            b.warn(
                "duplicate-tag",
                format!("the tag `{name}` is given twice: both values are kept"),
                cur.span_from(start),
            );
        }
        b.record.tags.push(Tag {
            name: name.to_owned(),
            value,
            span: cur.span_from(start),
        });
    }
}

/// The byte offset in `value` (the text after a tag value's opening `"`) of the `"` that closes
/// it: the first `"` not escaped by `\` and followed by `]` (spaces between allowed) on its
/// line; `None` when the line has none.
fn closing_quote(value: &str) -> Option<usize> {
    let line = &value[..value.find('\n').unwrap_or(value.len())];
    let bytes = line.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 1,
            b'"' if line[i + 1..]
                .trim_start_matches([' ', '\t'])
                .starts_with(']') =>
            {
                return Some(i);
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The deepest nesting of variations kept as variations; deeper text becomes a comment, so no
/// input can exhaust the stack of the code that walks the tree.
const MAX_DEPTH: usize = 32;

/// Whether `c` ends a move token.
fn is_delimiter(c: char) -> bool {
    c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | ';' | '[' | ']')
}

fn parse_movetext(cur: &mut Cursor<'_>, b: &mut Builder) {
    loop {
        cur.bump_while(char::is_whitespace);
        let start = cur.pos;
        let Some(c) = cur.peek() else { return };
        if escape_line(cur, b) {
            continue;
        }
        match c {
            '{' => {
                cur.bump();
                let body = cur.bump_while(|c| c != '}');
                if cur.peek() == Some('}') {
                    cur.bump();
                } else {
                    b.error(
                        "unclosed-comment",
                        "a comment `{` is not closed before the end of the game".to_owned(),
                        Span { start, end: start },
                    );
                }
                brace_in_comment_warning(b, body, start);
                unread_moves_warning(b, body, cur.span_from(start));
                b.comment(unpadded(body).to_owned());
            }
            ';' => {
                cur.bump();
                let mut body = unpadded(cur.bump_while(|c| c != '\n')).to_owned();
                // `;` lines right after it, in the first column: the same comment's next lines
                // (how a comment of several lines holding `}` is written).
                while cur.rest().starts_with("\n;") {
                    cur.bump();
                    cur.bump();
                    body.push('\n');
                    body.push_str(unpadded(cur.bump_while(|c| c != '\n')));
                }
                unread_moves_warning(b, &body, cur.span_from(start));
                b.comment(body);
            }
            '(' if remark(cur.rest()).is_some() => {
                let body = remark(cur.rest()).unwrap_or_default();
                let target = cur.at + body.len() + 2;
                while cur.at < target {
                    cur.bump();
                }
                b.comment(format!("({})", body.trim()));
            }
            '(' => {
                if let Some(clock) = clock_text(cur.rest())
                    .or_else(|| glued_time(cur.text, cur.at).filter(|_| b.last_move().is_some()))
                {
                    let len = clock.len() + 2;
                    let target = cur.at + len;
                    while cur.at < target {
                        cur.bump();
                    }
                    match b.last_move() {
                        Some(m) if m.clock.is_none() => m.clock = Some(clock.to_owned()),
                        _ => b.comment(format!("({clock})")),
                    }
                    continue;
                }
                if b.stack.len() >= MAX_DEPTH {
                    // Too deep to be a real variation tree: keep the text as a comment.
                    let from = cur.at;
                    let mut depth = 0usize;
                    while let Some(c) = cur.bump() {
                        match c {
                            '(' => depth += 1,
                            ')' if depth <= 1 => break,
                            ')' => depth -= 1,
                            _ => {}
                        }
                    }
                    // On one line, so that a writer can keep it exactly (as a `;` comment).
                    let text = cur.text[from..cur.at]
                        .lines()
                        .map(str::trim)
                        .collect::<Vec<_>>()
                        .join(" ");
                    b.error(
                        "variation-too-deep",
                        format!(
                            "variations nested more than {MAX_DEPTH} levels deep: the deeper ones are kept as a comment"
                        ),
                        cur.span_from(start),
                    );
                    b.comment(text);
                    continue;
                }
                cur.bump();
                if b.ignored_after_result(cur.span_from(start), "(") {
                    continue;
                }
                let line = std::mem::take(&mut b.current);
                b.stack.push((line, start));
                b.pending_number = None;
            }
            ')' => {
                cur.bump();
                if b.ignored_after_result(cur.span_from(start), ")") {
                    continue;
                }
                match b.stack.pop() {
                    Some((mut parent, open)) => {
                        if !attach_variation(&mut parent, std::mem::take(&mut b.current)) {
                            b.warn(
                                "variation-without-move",
                                "a variation before any move of its line is kept as a comment"
                                    .to_owned(),
                                Span {
                                    start: open,
                                    end: open,
                                },
                            );
                        }
                        b.current = parent;
                        b.pending_number = None;
                    }
                    None => b.error(
                        "stray-parenthesis",
                        "a `)` closes no variation".to_owned(),
                        cur.span_from(start),
                    ),
                }
            }
            '[' if bracket_comment(cur.rest()).is_some() => {
                let body = bracket_comment(cur.rest()).unwrap_or_default();
                let target = cur.at + body.len() + 2;
                while cur.at < target {
                    cur.bump();
                }
                b.comment(body.trim().to_owned());
            }
            '[' | ']' | '}' => {
                cur.bump();
                if b.ignored_after_result(cur.span_from(start), &c.to_string()) {
                    continue;
                }
                b.error(
                    "stray-bracket",
                    format!("`{c}` does not belong in movetext"),
                    cur.span_from(start),
                );
            }
            _ => {
                let token = cur.bump_while(|c| !is_delimiter(c));
                let span = cur.span_from(start);
                token_in_movetext(token, span, b);
            }
        }
    }
}

/// A comment's text without the padding that sets it off from its braces or `;`: one space or
/// one line end at each edge (`{ a quiet move }` is `a quiet move`). Spaces beyond it are the
/// comment's own and kept (`{  indented }` is ` indented`), so that a comment beginning or
/// ending with spaces, which [`write_comment`](crate::writer) pads with one space each side,
/// reads back as it was.
fn unpadded(body: &str) -> &str {
    let body = body
        .strip_prefix(' ')
        .or_else(|| body.strip_prefix('\n'))
        .unwrap_or(body);
    body.strip_suffix(' ')
        .or_else(|| body.strip_suffix('\n'))
        .unwrap_or(body)
}

/// The text inside `(...)` at the start of `rest` when it is a clock time such as
/// `00:03 / 00:00:03` (digits, colons, slashes and spaces only, at least one colon).
///
/// Only the clock's own characters are scanned (never the rest of the game), so a run of `(`
/// is read in linear time.
fn clock_text(rest: &str) -> Option<&str> {
    let inner = rest.strip_prefix('(')?;
    let end = inner
        .bytes()
        .position(|c| !(c.is_ascii_digit() || matches!(c, b':' | b'/' | b' ' | b'.')))?;
    let body = &inner[..end];
    (inner.as_bytes()[end] == b')' && crate::clock::is_pgn_clock(body)).then_some(body)
}

/// The seconds in `(...)` at byte `at` of `text` when they are glued to the move before them
/// (`S6h(3)`, a move's time as some PSN writers put it): digits only, the `(` right after a
/// character that is no delimiter. Not a variation: a variation holds a move.
fn glued_time(text: &str, at: usize) -> Option<&str> {
    let before = text[..at].chars().next_back()?;
    if is_delimiter(before) {
        return None;
    }
    let inner = text[at..].strip_prefix('(')?;
    let end = inner.bytes().position(|c| !c.is_ascii_digit())?;
    (end > 0 && end <= 9 && inner.as_bytes()[end] == b')').then_some(&inner[..end])
}

/// The text inside `[...]` at the start of `rest` when it is a comment, not a tag pair: closed
/// on its line, without `"` and without a nested `[`.
///
/// Only up to the first `]`, `[`, `"` or line end is scanned, so a run of `[` is read in
/// linear time.
fn bracket_comment(rest: &str) -> Option<&str> {
    let inner = rest.strip_prefix('[')?;
    let end = inner.find(['[', ']', '"', '\n'])?;
    (inner.as_bytes()[end] == b']').then_some(&inner[..end])
}

/// The text inside `(...)` at the start of `rest` when it is a remark that holds no move
/// (`(equal)`, `(black is better)`), kept as a comment: closed on its line, ASCII words without
/// a digit (every move of PSN, ICCS, WXF and algebraic notation has one; a Chinese move is not
/// ASCII) and without brackets, `.`, `,`, `!`, `?` and `-` allowed.
///
/// Only up to the first `)`, `(` or character a remark cannot hold is scanned, so a run of `(`
/// is read in linear time.
fn remark(rest: &str) -> Option<&str> {
    let inner = rest.strip_prefix('(')?;
    let end = inner.find(|c: char| {
        !(c.is_ascii_alphabetic() || matches!(c, ' ' | '\t' | '.' | ',' | '!' | '?' | '-' | '\''))
    })?;
    let body = &inner[..end];
    (inner.as_bytes()[end] == b')' && body.bytes().any(|c| c.is_ascii_alphabetic())).then_some(body)
}

fn is_ellipsis(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c == '.' || c == '…')
}

fn token_in_movetext(token: &str, span: Span, b: &mut Builder) {
    if b.ignored_after_result(span, token) {
        return;
    }
    if matches!(token, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*") {
        if b.stack.is_empty() {
            b.record.result_token = Some(token.to_owned());
            b.record.result_span = Some(span);
            b.after_result = true;
        } else {
            b.warn(
                "result-in-variation",
                format!("result `{token}` inside a variation ignored"),
                span,
            );
        }
        return;
    }
    if is_ellipsis(token) {
        if let Some(n) = b.pending_number.as_mut() {
            n.ellipsis = true;
        }
        return;
    }
    if let Some(nag) = token.strip_prefix('$') {
        match (nag.parse::<u16>(), b.last_move()) {
            (Ok(n), Some(m)) => m.nags.push(n),
            _ => b.comment(token.to_owned()),
        }
        return;
    }
    let mut rest = token;
    let mut rest_start = span.start;
    let number = match split_move_number(token) {
        Some((value, ellipsis, after)) => Some((Some((value, ellipsis)), after)),
        None => overlong_move_number(token).map(|after| (None, after)),
    };
    if let Some((read, after)) = number {
        let num_end = rest_start.advance(token, token.len() - after.len());
        let number_span = Span {
            start: span.start,
            end: num_end,
        };
        match read {
            Some((value, ellipsis)) => {
                b.pending_number = Some(MoveNumber {
                    value,
                    ellipsis,
                    span: number_span,
                });
            }
            None => {
                // No game is that long: a number, not a move, so the move after it still reads.
                let text = &token[..token.len() - after.len()];
                b.warn(
                    "move-number-mismatch",
                    format!(
                        "move number `{text}` has {} digits: no game is that long (a move number has at most {MAX_MOVE_NUMBER_DIGITS}); it is not read",
                        significant_digits(text)
                    ),
                    number_span,
                );
            }
        }
        if after.is_empty() {
            return;
        }
        rest = after;
        rest_start = num_end;
    }
    // Full-width descriptive moves run together without spaces (`Ｃ２＝５Ｈ８＋７`): split by the
    // fixed four-symbol grammar.
    let chars = rest.chars().count();
    if chars >= 8 && chars.is_multiple_of(4) && rest.chars().all(is_full_width) {
        let mut at = rest_start;
        let bytes: Vec<usize> = rest.char_indices().map(|(i, _)| i).collect();
        for k in (0..chars).step_by(4) {
            let start = bytes[k];
            let end = bytes.get(k + 4).copied().unwrap_or(rest.len());
            let text = &rest[start..end];
            let end_pos = at.advance(text, text.len());
            let mut entry = MoveEntry::new(
                (),
                text,
                Span {
                    start: at,
                    end: end_pos,
                },
            );
            entry.number = b.pending_number.take();
            b.current.moves.push(entry);
            at = end_pos;
        }
        return;
    }
    // Split annotation glyphs off the end.
    let body = rest.trim_end_matches(['!', '?']);
    let glyphs = &rest[body.len()..];
    if body.is_empty() {
        match b.last_move() {
            Some(m) => match glyph_nag(glyphs) {
                Some(n) => m.nags.push(n),
                None => m.comments.push(glyphs.to_owned()),
            },
            None => b.comment(rest.to_owned()),
        }
        return;
    }
    let mut entry = MoveEntry::new(
        (),
        body,
        Span {
            start: rest_start,
            end: rest_start.advance(rest, body.len()),
        },
    );
    entry.number = b.pending_number.take();
    match glyph_nag(glyphs) {
        Some(n) => entry.nags.push(n),
        // Glyphs without a NAG (`!!!`) are kept as a comment.
        None if !glyphs.is_empty() => entry.comments.push(glyphs.to_owned()),
        None => {}
    }
    b.current.moves.push(entry);
}

/// `!` = 1, `?` = 2, `!!` = 3, `??` = 4, `!?` = 5, `?!` = 6 (PGN standard, section 10).
fn glyph_nag(glyphs: &str) -> Option<u16> {
    Some(match glyphs {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ => return None,
    })
}

/// The most digits a move number may have (999,999,999 fits a `u32`); a longer number is a
/// warning (`move-number-mismatch`) and not read, the move glued to it still is.
const MAX_MOVE_NUMBER_DIGITS: usize = 9;

/// Splits a leading move number (`12.`, `12...`, `12…`) from a token: the digits and what
/// follows the dots. `None` when the token does not start with one.
///
/// A token of two digits, a dot and one digit (`33.4`) is a WXF two-file pawn move, not a
/// number.
fn split_move_number(token: &str) -> Option<(u32, bool, &str)> {
    let digit = |c: char| c.is_ascii_digit() || ('０'..='９').contains(&c);
    let dot = |c: char| matches!(c, '.' | '…' | '．');
    let bytes = token.as_bytes();
    // Most tokens are moves: a number starts with an ASCII digit, or a full-width one (its
    // UTF-8 begins with 0xEF).
    if !bytes
        .first()
        .is_some_and(|&c| c.is_ascii_digit() || c == 0xEF)
    {
        return None;
    }
    let ascii = bytes.iter().take_while(|c| c.is_ascii_digit()).count();
    let (digits, after_digits): (std::borrow::Cow<'_, str>, &str) =
        if ascii > 0 && bytes.get(ascii).is_none_or(|&c| c < 0x80) {
            // ASCII digits, then ASCII or nothing: no full-width digit to turn into ASCII.
            (token[..ascii].into(), &token[ascii..])
        } else {
            let digits: String = token
                .chars()
                .take_while(|&c| digit(c))
                .map(|c| match c.to_digit(10) {
                    Some(_) => c,
                    None => char::from_u32(c as u32 - '０' as u32 + '0' as u32).unwrap_or('0'),
                })
                .collect();
            let after = &token[token
                .char_indices()
                .nth(digits.len())
                .map_or(token.len(), |(i, _)| i)..];
            (digits.into(), after)
        };
    // Leading zeros add no length to the game: `0000000001.` is move 1.
    if digits.is_empty() || digits.trim_start_matches('0').len() > MAX_MOVE_NUMBER_DIGITS {
        return None;
    }
    if !after_digits.starts_with(dot) {
        return None;
    }
    let after = after_digits.trim_start_matches(dot);
    let dots = &after_digits[..after_digits.len() - after.len()];
    let is_wxf_pawn = digits.len() == 2
        && dots == "."
        && after.len() == 1
        && after.as_bytes()[0].is_ascii_digit();
    if is_wxf_pawn {
        return None;
    }
    let ellipsis = dots.chars().count() >= 2 || dots.contains('…');
    Some((digits.parse().unwrap_or(u32::MAX), ellipsis, after))
}

/// The text after a move number of more than [`MAX_MOVE_NUMBER_DIGITS`] digits (ASCII or
/// full-width, leading zeros aside) and its dots (`12345678901234567890.` then `P-2f` or
/// nothing; `.`, `…` or `．`), if `token` begins with one.
fn overlong_move_number(token: &str) -> Option<&str> {
    let rest = token.trim_start_matches(|c: char| c.is_ascii_digit() || ('０'..='９').contains(&c));
    let number = &token[..token.len() - rest.len()];
    if significant_digits(number) <= MAX_MOVE_NUMBER_DIGITS {
        return None;
    }
    let after = rest.strip_prefix(['.', '…', '．'])?;
    Some(after.trim_start_matches(['.', '…', '．']))
}

/// How many digits a number written in ASCII or full-width digits has, leading zeros aside.
fn significant_digits(number: &str) -> usize {
    number
        .trim_start_matches(['0', '０'])
        .chars()
        .filter(|c| c.is_ascii_digit() || ('０'..='９').contains(c))
        .count()
}

/// Whether `c` is a full-width form of an ASCII character (`Ｃ`, `２`, `＝`).
fn is_full_width(c: char) -> bool {
    ('\u{FF01}'..='\u{FF5E}').contains(&c)
}

/// An engine `position` command given as a game: `position startpos [moves ...]`,
/// `position fen <FEN> [moves ...]` (UCI, UCCI) or `position sfen <SFEN> [moves ...]` (USI).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionCommand {
    /// The FEN or SFEN after `fen` / `sfen`, or `None` for `startpos`.
    pub start: Option<String>,
    /// The moves after `moves`, with their places.
    pub moves: Vec<MoveEntry<()>>,
}

impl PositionCommand {
    /// The command as a record: a tag named `tag` (`FEN` for xiangqi, `SFEN` for shogi) with
    /// its start position unless it is `startpos`, and its moves; `raw` is the record the
    /// command was read as (for the places).
    ///
    /// ```
    /// use notation_traits::{parse_game_text, position_command};
    ///
    /// let game = parse_game_text("position sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1 moves G*5b\n");
    /// let record = position_command(&game.record).unwrap().into_record(&game.record, "SFEN");
    /// assert_eq!(record.tag("SFEN"), Some("4k4/9/9/9/9/9/9/9/4K4 b G 1"));
    /// assert_eq!(record.main.moves[0].text, "G*5b");
    /// ```
    pub fn into_record(self, raw: &GameRecord<()>, tag: &str) -> GameRecord<()> {
        let mut record = GameRecord {
            span: raw.span,
            ..GameRecord::default()
        };
        if let Some(fen) = self.start {
            record.tags.push(Tag {
                name: tag.to_owned(),
                value: fen,
                span: raw.main.moves.get(1).map_or(raw.span, |t| t.span),
            });
        }
        record.main.moves = self.moves;
        record
    }
}

/// Reads a record whose movetext is an engine `position` command (the reader splits it into
/// tokens like any movetext); `None` when it is not one.
///
/// ```
/// use notation_traits::{parse_game_text, position_command};
///
/// let game = parse_game_text("position fen 4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1 moves e0d0 e9e8\n");
/// let command = position_command(&game.record).unwrap();
/// assert_eq!(command.start.as_deref(), Some("4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1"));
/// assert_eq!(command.moves.len(), 2);
/// assert_eq!(command.moves[1].text, "e9e8");
/// ```
pub fn position_command(record: &GameRecord<()>) -> Option<PositionCommand> {
    let tokens = &record.main.moves;
    if !record.tags.is_empty() || tokens.first()?.text != "position" {
        return None;
    }
    let moves_at = tokens
        .iter()
        .position(|t| t.text == "moves")
        .unwrap_or(tokens.len());
    let start = match tokens.get(1).map(|t| t.text.as_str()) {
        Some("startpos") if moves_at == 2 || tokens.len() == 2 => None,
        Some("fen" | "sfen") if moves_at > 2 => Some(
            tokens[2..moves_at]
                .iter()
                .map(|t| t.text.as_str())
                .collect::<Vec<_>>()
                .join(" "),
        ),
        _ => return None,
    };
    Some(PositionCommand {
        start,
        moves: tokens.get(moves_at + 1..).unwrap_or_default().to_vec(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(text: &str) -> Vec<RawGame> {
        GameReader::new(text.as_bytes())
            .collect::<io::Result<Vec<_>>>()
            .unwrap()
    }

    #[test]
    fn glued_numbers_and_two_moves_a_pair() {
        let games = read_all("    1.The3 Hg8    2.Hg3 Vh10 \n");
        let moves = &games[0].record.main.moves;
        let texts: Vec<&str> = moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["The3", "Hg8", "Hg3", "Vh10"]);
        assert_eq!(moves[0].number.unwrap().value, 1);
        assert_eq!(moves[0].span.start.column, 7);
        assert_eq!(moves[2].number.unwrap().value, 2);
        assert!(moves[1].number.is_none());
    }

    #[test]
    fn black_first_and_variations_and_comments() {
        let text = "[FEN \"x\"]\n{before}\n1. ... P5+1\n2. R1.3 (2. R1.4 {alt} P3.2) P3.2 {after} 0-1 {Red resigned}\n";
        let games = read_all(text);
        assert_eq!(games.len(), 1);
        let g = &games[0].record;
        assert_eq!(g.main.comments, ["before"]);
        assert!(g.main.moves[0].number.unwrap().ellipsis);
        assert_eq!(g.main.moves.len(), 3);
        let var = &g.main.moves[1].variations[0];
        assert_eq!(var.moves.len(), 2);
        assert_eq!(var.moves[0].comments, ["alt"]);
        assert_eq!(g.main.moves[2].comments, ["after"]);
        assert_eq!(g.result_token.as_deref(), Some("0-1"));
        assert_eq!(g.trailing_comments, ["Red resigned"]);
        assert!(games[0].diagnostics.is_empty());
    }

    #[test]
    fn games_split_at_tags_after_movetext() {
        let text =
            "[Event \"a\"]\n1. h2e2 h9g7 *\n\n[Event \"b\"]\n{x\n[not a tag]}\n1. h2e2 1-0\n";
        let games = read_all(text);
        assert_eq!(games.len(), 2);
        assert_eq!(games[1].record.tag("event"), Some("b"));
        assert_eq!(games[1].record.main.comments, ["x\n[not a tag]"]);
        assert_eq!(games[1].record.main.moves[0].span.start.line, 7);
    }

    #[test]
    fn an_unclosed_comment_ends_at_the_next_game() {
        let text = "[Event \"1\"]\n\n1. C2.5 {open H8+7\n\n[Event \"2\"]\n\n1. C2.5 H8+7 *\n\n[Event \"3\"]\n1. C2.5 *\n";
        let games = read_all(text);
        assert_eq!(games.len(), 3);
        assert_eq!(games[0].diagnostics[0].code, "unclosed-comment");
        assert_eq!(games[1].record.tag("Event"), Some("2"));
        assert_eq!(games[1].record.main.moves.len(), 2);
        assert_eq!(games[2].record.tag("Event"), Some("3"));
        // A closed comment holding a blank line and then a tag pair stays one comment.
        let games = read_all("1. C2.5 {a\n\n[Event \"x\"]\nb} H8+7\n");
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].record.main.moves.len(), 2);
        assert_eq!(
            games[0].record.main.moves[0].comments,
            ["a\n\n[Event \"x\"]\nb"]
        );
        // The next game's own closed comment does not close the open one.
        let text = "1. C2.5 {open\n\n[Event \"2\"]\n\n1. C2.5 {a} H8+7 *\n";
        let games = read_all(text);
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].diagnostics[0].code, "unclosed-comment");
        assert_eq!(games[1].record.main.moves.len(), 2);
        // A blank line alone, or a bracket line that is no tag pair, stays in the comment.
        let games = read_all("1. C2.5 {a\n\n[not a tag]\nb} H8+7\n");
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].record.main.moves.len(), 2);
    }

    #[test]
    fn an_unclosed_comment_in_a_file_without_tags_ends_at_the_next_move_one() {
        // Issue 18 item 6: games split by results only were all swallowed by one `{`.
        let text = "1. C2.5 H8+7 {open 2. H2+3 1-0\n1. C2.5 H8+7 2. H2+3 0-1\n1. P7+1 *\n";
        let games = read_all(text);
        assert_eq!(games.len(), 3);
        assert_eq!(games[0].diagnostics[0].code, "unclosed-comment");
        assert_eq!(games[0].record.main.moves[1].comments, ["open 2. H2+3 1-0"]);
        assert_eq!(games[1].record.main.moves.len(), 3);
        assert_eq!(games[1].record.main.moves[0].span.start.line, 2);
        assert_eq!(games[1].record.result_token.as_deref(), Some("0-1"));
        assert_eq!(games[2].record.main.moves[0].text, "P7+1");
        // The next game opening a comment of its own: the `{` comes before any `}`.
        let games = read_all("1. C2.5 {open *\n1. C2.5 {a note} H8+7 *\n");
        assert_eq!(games.len(), 2);
        assert_eq!(games[1].record.main.moves[0].comments, ["a note"]);
        // A comment that holds a line opening with move 1 and then closes stays one comment.
        let games = read_all("5. C2.5 {the game went\n1. C2.5 H8+7 instead} H8+7 *\n");
        assert_eq!(games.len(), 1);
        assert_eq!(
            games[0].record.main.moves[0].comments,
            ["the game went\n1. C2.5 H8+7 instead"]
        );
        assert!(games[0].diagnostics.is_empty());
    }

    #[test]
    fn a_move_number_of_twenty_digits_is_said_so_and_the_move_after_it_still_reads() {
        // Issue 18 item 8: it was read as a move ("expected a piece letter, found `1`").
        let games =
            read_all("1. C2.5 H8+7\n12345678901234567890. H2+3 99999999999999999999.R1.2 *\n");
        let g = &games[0];
        let texts: Vec<&str> = g
            .record
            .main
            .moves
            .iter()
            .map(|m| m.text.as_str())
            .collect();
        assert_eq!(texts, ["C2.5", "H8+7", "H2+3", "R1.2"]);
        let d = &g.diagnostics[0];
        assert_eq!(d.code, "move-number-mismatch");
        assert_eq!(
            d.message,
            "move number `12345678901234567890.` has 20 digits: no game is that long (a move number has at most 9); it is not read"
        );
        let at = d.span.unwrap();
        assert_eq!((at.start.line, at.start.column, at.end.column), (2, 1, 22));
        assert_eq!(g.diagnostics.len(), 2);
    }

    #[test]
    fn a_stray_bracket_after_the_result_is_text_after_the_result() {
        // Issue 18 item 6: a `}` after the result was an error, so a legal game was dropped by
        // `--on-error skip`.
        for stray in ["}", "]", ")"] {
            let games = read_all(&format!("1. C2.5 H8+7 1-0 {stray} x\n"));
            let codes: Vec<&str> = games[0]
                .diagnostics
                .iter()
                .map(|d| d.code.as_str())
                .collect();
            assert_eq!(codes, ["text-after-result"], "{stray}");
            assert_eq!(games[0].record.trailing_comments, [format!("{stray} x")]);
        }
    }

    #[test]
    fn comments_keep_their_own_spaces_and_braces_through_the_writer() {
        // Issue 18 item 6: spaces at the edges were trimmed; a `}` in a comment of several
        // lines became `)`.
        assert_eq!(
            read_all("1. C2.5 { a quiet move } H8+7 {  indented } ;  two\n")[0]
                .record
                .main
                .moves
                .iter()
                .flat_map(|m| m.comments.clone())
                .collect::<Vec<_>>(),
            ["a quiet move", " indented", " two"]
        );
        let texts = [
            " leading",
            "trailing ",
            "\nline ends\n",
            "one } brace",
            "an { opening brace",
            "two\nlines } with a brace",
            "} \n\n {",
            "",
            " ",
        ];
        for text in texts {
            let mut out = String::new();
            let semicolon = crate::writer::write_comment(&mut out, text);
            assert_eq!(semicolon, text.contains(['{', '}']), "{out}");
            let game = read_all(&format!("1. C2.5 {out} H8+7 {out}\n2. H2+3 *\n"));
            let moves = &game[0].record.main.moves;
            assert_eq!(moves.len(), 3, "{out}");
            assert_eq!(moves[0].comments, [text], "{out}");
            assert_eq!(moves[1].comments, [text], "{out}");
            assert!(game[0].diagnostics.is_empty(), "{out}");
        }
        let mut out = String::new();
        crate::writer::write_comment(&mut out, "two\nlines }");
        assert_eq!(out, "; two\n; lines }\n");
    }

    #[test]
    fn a_brace_inside_a_comment_is_warned_of_where_it_stands() {
        // Issue 18 item 6: `{open` left unclosed, then `{Game 2}`: the comment runs to that
        // `}` over a result, and the next game's moves join this one, which said nothing.
        let games = read_all("1. C2.5 {open\n2. H2+3 1-0\n{Game 2}\n1. P7+1 *\n");
        assert_eq!(games.len(), 1);
        let d = &games[0].diagnostics;
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].code, "brace-in-comment");
        let at = d[0].span.unwrap().start;
        assert_eq!((at.line, at.column, at.offset), (3, 1, 26));
        assert!(d[0].message.contains("line 1 column 9"), "{}", d[0].message);
        assert!(
            d[0].message.contains("over the result `1-0`"),
            "{}",
            d[0].message
        );
        assert_eq!(
            games[0].record.main.moves[0].comments,
            ["open\n2. H2+3 1-0\n{Game 2"]
        );
        // A `{` after a multi-byte character, in the comment's first line: columns in
        // characters.
        let games = read_all("1. C2.5 {炮二 { x}\n");
        let at = games[0].diagnostics[0].span.unwrap().start;
        assert_eq!((at.line, at.column, at.offset), (1, 13, 16));
    }

    /// The number of games of `text` and their moves' texts.
    fn game_moves(text: &str) -> Vec<Vec<String>> {
        read_all(text)
            .iter()
            .map(|g| g.record.main.moves.iter().map(|m| m.text.clone()).collect())
            .collect()
    }

    #[test]
    fn games_end_where_the_words_outside_comments_say() {
        // Found by trying to break the comment rules: a comment, or a stray `}`, after a
        // tagless game's result took the next game as text after the result; a result word in
        // a `;` comment ended the game; a `{` in a tag's value or in `[...]` commentary opened
        // a comment that swallowed the next games.
        let two = vec![
            vec!["C2.5".to_owned(), "H8+7".to_owned()],
            vec!["P7+1".to_owned()],
        ];
        for text in [
            "1. C2.5 H8+7 1-0\n{Red wins}\n1. P7+1 *\n",
            "1. C2.5 H8+7 1-0 {Red wins}\n1. P7+1 *\n",
            "1. C2.5 H8+7 1-0 }\n1. P7+1 *\n",
            "1. C2.5 H8+7 1-0 ; Red wins\n1. P7+1 *\n",
            "[Event \"a {\"]\n\n1. C2.5 H8+7 *\n\n[Event \"b\"]\n\n1. P7+1 *\n",
            "[Event \"1\"]\n1. C2.5 [a { b] H8+7 *\n[Event \"2\"]\n1. P7+1 *\n",
        ] {
            assert_eq!(game_moves(text), two, "{text}");
        }
        let games = read_all("1. C2.5 H8+7 1-0 }\n1. P7+1 *\n");
        let codes: Vec<&str> = games[0]
            .diagnostics
            .iter()
            .map(|d| d.code.as_str())
            .collect();
        assert_eq!(codes, ["text-after-result"]);
        let games = read_all("[Event \"1\"]\n1. C2.5 [a { b] H8+7 *\n[Event \"2\"]\n1. P7+1 *\n");
        assert_eq!(games[1].record.tag("Event"), Some("2"));
        assert!(games.iter().all(|g| g.diagnostics.is_empty()));
        assert_eq!(
            game_moves("1. C2.5 H8+7 ; if 2. H2+3 then 1-0\n2. R1.2 *\n"),
            [["C2.5", "H8+7", "R1.2"]]
        );
    }

    #[test]
    fn an_unclosed_comment_ends_at_the_next_games_tags_or_full_width_move_one() {
        // The next game's tags in the first column, without a blank line before them.
        let games = read_all("[Event \"1\"]\n1. C2.5 {open\n[Event \"2\"]\n1. P7+1 *\n");
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].diagnostics[0].code, "unclosed-comment");
        assert_eq!(games[1].record.tag("Event"), Some("2"));
        assert_eq!(games[1].record.main.moves[0].text, "P7+1");
        // Full-width move numbers in a file without tags.
        let games = read_all("１．Ｃ２．５ Ｈ８＋７ {open\n１．Ｐ７＋１ *\n");
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].diagnostics[0].code, "unclosed-comment");
        // With tags, a comment line opening with move 1 is the comment's.
        let text = "[Event \"1\"]\n\n1. C2.5 {better was\n1. P7+1 {or 1. P3+1} H8+7 *\n";
        let games = read_all(text);
        assert_eq!(games.len(), 1);
        assert_eq!(
            games[0].record.main.moves[0].comments,
            ["better was\n1. P7+1 {or 1. P3+1"]
        );
    }

    #[test]
    fn comments_that_a_reader_could_take_for_a_game_start_are_written_as_lines() {
        // A brace comment with a line opening with a move number or a tag would need the
        // reader's guess about unclosed comments; two `;` comments in a row stay two.
        for text in [
            "better was\n1. P7+1 {or 1. P3+1",
            "see\n[Event \"x\"]",
            "a\n１．Ｐ７＋１",
        ] {
            let mut out = String::new();
            assert!(crate::writer::write_comment(&mut out, text), "{out}");
            let game = read_all(&format!("1. C2.5 {out} H8+7 *\n"));
            assert_eq!(game.len(), 1, "{out}");
            assert_eq!(game[0].record.main.moves[0].comments, [text], "{out}");
        }
        let mut out = "1. C2.5 (".to_owned();
        crate::writer::write_comment(&mut out, "a}");
        crate::writer::write_comment(&mut out, "b}");
        assert_eq!(out, "1. C2.5 (; a}\n ; b}\n");
        out.push_str("1. P3+1) H8+7 *\n");
        let game = &read_all(&out)[0];
        let variation = &game.record.main.moves[0].variations[0];
        let comments: Vec<&String> = variation
            .comments
            .iter()
            .chain(variation.moves.iter().flat_map(|m| &m.comments))
            .collect();
        assert_eq!(comments, ["a}", "b}"]);
    }

    #[test]
    fn a_carriage_return_in_a_comment_is_written_as_the_line_end_it_is() {
        // From a JSON or XQF comment (review of 7cab5e2: a lone `\r` ends a line now).
        for (text, read) in [
            ("a}\rH2+3", "a}\nH2+3"),
            ("see\r[Event \"y\"]\r2. R1.2", "see\n[Event \"y\"]\n2. R1.2"),
            ("a\r\nb", "a\nb"),
        ] {
            let mut out = String::new();
            crate::writer::write_comment(&mut out, text);
            let games = read_all(&format!("[Event \"x\"]\n\n1. C2.5 {out} H8+7 *\n"));
            assert_eq!(games.len(), 1, "{out}");
            let moves = &games[0].record.main.moves;
            assert_eq!(moves.len(), 2, "{out}");
            assert_eq!(moves[0].comments, [read], "{out}");
        }
    }

    #[test]
    fn leading_zeros_make_no_move_number_too_long() {
        let games = read_all("0000000001. C2.5 H8+7 2. H2+3 *\n");
        assert!(
            games[0].diagnostics.is_empty(),
            "{:?}",
            games[0].diagnostics
        );
        assert_eq!(
            games[0].record.main.moves[0].number.map(|n| n.value),
            Some(1)
        );
        let games = read_all("1. C2.5 12345678901234567890… H8+7 *\n");
        let g = &games[0];
        let codes: Vec<&str> = g.diagnostics.iter().map(|d| d.code.as_str()).collect();
        assert_eq!(codes, ["move-number-mismatch"]);
        assert_eq!(g.record.main.moves.len(), 2);
    }

    #[test]
    fn a_bad_tag_is_kept_as_a_comment() {
        let games = read_all("[Event a]\n[Round \"x\" extra]\n[Site \"s\"]\n\n1. C2.5 *\n");
        let g = &games[0];
        let codes: Vec<&str> = g.diagnostics.iter().map(|d| d.code.as_str()).collect();
        assert_eq!(codes, ["bad-tag", "bad-tag"]);
        assert_eq!(g.record.main.comments, ["[Event a]", "[Round \"x\" extra]"]);
        assert_eq!(g.record.tag("Round"), Some("x"));
        assert_eq!(g.record.tag("Site"), Some("s"));
    }

    #[test]
    fn a_tag_value_with_unescaped_quotes_closes_at_the_quote_before_the_bracket() {
        // As a script wrote it in a public xiangqi collection.
        let text = "[Event \"\"Huangshan Cup\" National GM,CM Tournament 2002\"]\n[Site \"a\"] [Round \"b\"]\n\n1. h2e2 *\n";
        let games = read_all(text);
        assert_eq!(games.len(), 1);
        let g = &games[0];
        assert_eq!(
            g.record.tag("Event"),
            Some("\"Huangshan Cup\" National GM,CM Tournament 2002")
        );
        assert_eq!(g.record.tag("Site"), Some("a"));
        assert_eq!(g.record.tag("Round"), Some("b"));
        let found: Vec<(&str, u32, u32)> = g
            .diagnostics
            .iter()
            .map(|d| {
                (
                    d.code.as_str(),
                    d.span.unwrap().start.line,
                    d.span.unwrap().start.column,
                )
            })
            .collect();
        assert_eq!(found, [("unescaped-quote", 1, 9)]);
        assert!(g.record.main.comments.is_empty());
    }

    #[test]
    fn bracket_commentary_and_remarks_are_comments_and_a_glued_number_is_a_time() {
        let text = "[Sente \"a\"]\n\n1.P-7f(3) 2.P-3d (equal)\n[a quiet opening]\n3.P-2f (black is better.) *\n";
        let games = read_all(text);
        assert_eq!(games.len(), 1, "a `[` line of commentary starts no game");
        let g = &games[0];
        assert!(g.diagnostics.is_empty(), "{:?}", g.diagnostics);
        let moves = &g.record.main.moves;
        let texts: Vec<&str> = moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["P-7f", "P-3d", "P-2f"]);
        assert_eq!(moves[0].clock.as_deref(), Some("3"));
        assert!(moves[0].variations.is_empty());
        assert_eq!(moves[1].comments, ["(equal)", "a quiet opening"]);
        assert_eq!(moves[2].comments, ["(black is better.)"]);
        // A variation holding a move stays a variation; a spaced `(3)` is no time.
        let g = &read_all("1.P-7f (1.P-2f) 2.P-3d\n")[0];
        assert_eq!(g.record.main.moves[0].variations.len(), 1);
    }

    #[test]
    fn a_bad_line_read_ahead_spoils_its_own_game() {
        let text: &[u8] = b"[Event \"1\"]\n\n1. C2.5 {open\n\n[Event \"2\"]\n\n1. C2.5 \xff H8+7 *\n\n[Event \"3\"]\n\n1. C2.5 H8+7 *\n";
        let games: Vec<io::Result<RawGame>> = GameReader::new(text).collect();
        assert_eq!(games.len(), 3);
        assert_eq!(
            games[0].as_ref().unwrap().diagnostics[0].code,
            "unclosed-comment"
        );
        assert!(
            games[1]
                .as_ref()
                .unwrap_err()
                .to_string()
                .starts_with("line 7:")
        );
        assert_eq!(games[2].as_ref().unwrap().record.tag("Event"), Some("3"));
    }

    #[test]
    fn escape_lines_are_kept_as_comments() {
        // PGN standard, 6: `%` in the first column escapes the rest of the line. Before the
        // tags it neither starts a game nor opens a comment (`{`).
        let text = "% made by a tool {\n[Event \"a\"]\n\n1. C2.5 H8+7\n% private data\n2. H2+3 *\n";
        let games = read_all(text);
        assert_eq!(games.len(), 1);
        let g = &games[0].record;
        assert_eq!(g.tag("Event"), Some("a"));
        assert_eq!(g.main.comments, ["% made by a tool {"]);
        assert_eq!(g.main.moves.len(), 3);
        assert_eq!(g.main.moves[1].comments, ["% private data"]);
        assert!(
            games[0].diagnostics.is_empty(),
            "{:?}",
            games[0].diagnostics
        );
        // Not in the first column: no escape.
        let games = read_all("1. C2.5 %x\n");
        assert_eq!(games[0].record.main.moves.len(), 2);
    }

    #[test]
    fn wxf_middle_pawn_is_not_a_move_number() {
        let games = read_all("1. 33.4 P5+1\n");
        let texts: Vec<&str> = games[0]
            .record
            .main
            .moves
            .iter()
            .map(|m| m.text.as_str())
            .collect();
        assert_eq!(texts, ["33.4", "P5+1"]);
    }

    #[test]
    fn clock_times_glyphs_and_text_after_result() {
        let games =
            read_all("1.P7g-7f          (00:15 / 00:00:15)\n2.P3c-3d!? $14\n1-0 advert text\n");
        let g = &games[0];
        assert_eq!(
            g.record.main.moves[0].clock.as_deref(),
            Some("00:15 / 00:00:15")
        );
        assert_eq!(g.record.main.moves[1].nags, [5, 14]);
        assert_eq!(g.diagnostics.len(), 1);
        assert_eq!(g.diagnostics[0].code, "text-after-result");
    }

    /// Only kifu's own comments for unread moves warn, not a user's starting with its words.
    #[test]
    fn unread_moves_comments_are_kifus_own() {
        let codes = |text: &str| -> Vec<String> {
            read_all(text)[0]
                .diagnostics
                .iter()
                .map(|d| d.code.to_string())
                .collect()
        };
        assert_eq!(
            codes(
                "1. C2.5 {kifu: not read from ply 2 (`X`): bad; the rest as written:\n1... X} *\n"
            ),
            ["unread-moves"]
        );
        assert_eq!(
            codes("; kifu: not read: bad; the movetext as written:\n; 1. X\n*\n"),
            ["unread-moves"]
        );
        assert!(codes("1. C2.5 {kifu: not read this book yet} *\n").is_empty());
        assert!(codes("1. C2.5 {kifu: not read from ply 2, sorry} *\n").is_empty());
    }

    #[test]
    fn full_width_moves_run_together() {
        let games = read_all("１．Ｃ２＋４Ｅ３＋１ 2. ＋Ｃ－２Ｒ９＝８\n");
        let moves = &games[0].record.main.moves;
        let texts: Vec<&str> = moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["Ｃ２＋４", "Ｅ３＋１", "＋Ｃ－２", "Ｒ９＝８"]);
        assert_eq!(moves[0].number.unwrap().value, 1);
        assert_eq!(moves[1].span.start.column, 7);
        assert_eq!(moves[2].number.unwrap().value, 2);
    }

    #[test]
    fn bom_crlf_and_unterminated_comment() {
        let games = read_all("\u{feff}[Red \"a\"]\r\n\r\n1. C2.5 {open\r\n");
        assert_eq!(games[0].record.tag("Red"), Some("a"));
        assert_eq!(games[0].record.tags[0].span.start.column, 1);
        assert_eq!(games[0].diagnostics[0].code, "unclosed-comment");
    }

    #[test]
    fn invalid_utf8_is_an_io_error() {
        let bytes: &[u8] = b"1. \xff\xfe\n";
        let err = GameReader::new(bytes).next().unwrap().unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidData);
    }

    #[test]
    fn a_line_that_is_not_utf8_spoils_its_whole_game_only() {
        let bytes: &[u8] = b"[Event \"a\"]\n1. C2.5 H8+7 {caf\xe9}\n2. H2+3\n\n\
            [Event \"b\"]\n1. P7+1\n";
        let games: Vec<io::Result<RawGame>> = GameReader::new(bytes).collect();
        assert_eq!(games.len(), 2);
        let err = games[0].as_ref().unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2: the input is not UTF-8 (byte 18 of the line)"
        );
        let second = games[1].as_ref().unwrap();
        assert_eq!(second.record.tag("Event"), Some("b"));
        assert_eq!(second.record.main.moves[0].span.start.line, 6);
        // After a result the bad line spoils the next game, not the finished one.
        let bytes: &[u8] = b"1. C2.5 H8+7 1-0\n\xff\n1. P7+1\n\n[Event \"c\"]\n1. P3+1\n";
        let games: Vec<io::Result<RawGame>> = GameReader::new(bytes).collect();
        assert_eq!(games.len(), 3);
        assert_eq!(games[0].as_ref().unwrap().record.main.moves.len(), 2);
        assert!(games[1].is_err());
        assert_eq!(games[2].as_ref().unwrap().record.tag("Event"), Some("c"));
        // In movetext too: the moves before the bad line are not a game of their own.
        let bytes: &[u8] = b"1. C2.5 H8+7\n2. H2+3 \xff\n3. R1.2\n\n[Event \"b\"]\n1. P7+1\n";
        let games: Vec<io::Result<RawGame>> = GameReader::new(bytes).collect();
        assert_eq!(games.len(), 2);
        assert!(games[0].is_err());
        assert_eq!(games[1].as_ref().unwrap().record.tag("Event"), Some("b"));
    }

    #[test]
    fn text_kept_as_a_comment_is_one_line() {
        // Found by fuzzing (psn_file): kept text of several lines holding `}` has no comment
        // form that writes it back exactly; on one line it is a `;` comment.
        let deep = format!(
            "1. a {}2. b\n{{c\nd}} 3. e{} 2. f\n",
            "(1. x ".repeat(33),
            ")".repeat(33)
        );
        let game = &read_all(&deep)[0];
        assert!(
            game.diagnostics
                .iter()
                .any(|d| d.code == "variation-too-deep")
        );
        let mut kept: Vec<&String> = Vec::new();
        let mut lines = vec![&game.record.main];
        while let Some(line) = lines.pop() {
            kept.extend(&line.comments);
            for m in &line.moves {
                kept.extend(&m.comments);
                lines.extend(&m.variations);
            }
        }
        assert!(!kept.is_empty());
        assert!(kept.iter().all(|c| !c.contains('\n')), "{kept:?}");
        let game = &read_all("({two\nlines} 1. a $5 (1. b)) 1. c\n")[0];
        assert_eq!(game.record.main.comments, ["({two lines} 1. a $5 (1. b))"]);
    }

    #[test]
    fn lone_carriage_returns_end_lines() {
        let games = read_all("[Event \"x\"]\r1. C2.5 H8+7\r2. H2+9 R9.8\r");
        let moves = &games[0].record.main.moves;
        assert_eq!(moves.len(), 4);
        assert_eq!(moves[2].text, "H2+9");
        assert_eq!(
            (moves[2].span.start.line, moves[2].span.start.column),
            (3, 4)
        );
        // Mixed with CRLF and LF.
        let games = read_all("[Event \"x\"]\r\n1. C2.5\rH8+7\n2. H2+3\n");
        let moves = &games[0].record.main.moves;
        assert_eq!(
            moves
                .iter()
                .map(|m| (m.text.as_str(), m.span.start.line))
                .collect::<Vec<_>>(),
            [("C2.5", 2), ("H8+7", 3), ("H2+3", 4)]
        );
    }
}
