//! Writing a checked record's movetext in a notation: every move re-spelt, every comment,
//! glyph, clock time and variation kept, the result at the end.

use std::fmt::Write as _;

use crate::{GameRecord, Line, MoveEntry, Position, RawGame, TextNotation};

/// How moves are numbered in written movetext.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveNumbering {
    /// `1. C2.5 H8+7`, one move pair a line; `N. ...` before the second player's move when a
    /// comment or variation interrupts the pair (xiangqi PGN, Hodges pairs).
    PerPair,
    /// `1.P7g-7f`, one ply a line (PSN as Shogidokoro writes it).
    PerPly,
}

/// Writes the movetext of `record` (not its tags) from `start` with `notation`, ending with
/// `result` (`1-0`, `0-1`, `1/2-1/2`, `*`, or a terminal line such as `182.Resigns`); with
/// `None` no result line is written and the comments after the result stand on lines of their
/// own.
///
/// `rest` is text kept after the last move as `;` comment lines, one per line of the text (the
/// unread part of a game that could not be read to the end, as written: braces and parentheses
/// in it stay as they are).
pub fn write_movetext<P, N>(
    record: &GameRecord<P::Move>,
    start: &P,
    notation: &N,
    numbering: MoveNumbering,
    rest: Option<&str>,
    result: Option<&str>,
) -> String
where
    P: Position,
    N: TextNotation<P> + ?Sized,
{
    let mut w = Writer {
        notation,
        numbering,
        out: String::new(),
        semicolon_end: None,
    };
    for c in &record.main.comments {
        w.comment(c);
        w.out.push('\n');
    }
    w.line(&record.main, start.clone(), None, true);
    if !w.out.is_empty() && !w.out.ends_with('\n') {
        w.out.push('\n');
    }
    if let Some(rest) = rest {
        // A blank line keeps the rest from joining a `;` comment just before it.
        if w.ends_with_semicolon_comment() {
            w.out.push('\n');
        }
        for line in rest.lines() {
            let _ = writeln!(w.out, "; {line}");
        }
    }
    match result {
        Some(result) => {
            w.out.push_str(result);
            for c in &record.trailing_comments {
                w.out.push(' ');
                w.comment(c);
            }
            if !w.ends_with_semicolon_comment() {
                w.out.push('\n');
            }
        }
        None => {
            for c in &record.trailing_comments {
                w.comment(c);
                w.out.push('\n');
            }
        }
    }
    w.out
}

/// A tag pair line, `[Name "value"]` and a line end, the value's `\\` and `"` escaped as PGN
/// and PSN write them.
///
/// A line break in the value (PGN's tag values are one line; KIF and CSA write theirs as `\n`)
/// is written as the two characters `\n`, which readers keep as they are: [`multiline_tags`]
/// names the tags a writer then says it changed.
///
/// ```
/// assert_eq!(notation_traits::tag_pair("Event", "a \"b\""), "[Event \"a \\\"b\\\"\"]\n");
/// ```
pub fn tag_pair(name: &str, value: &str) -> String {
    format!(
        "[{name} \"{}\"]\n",
        value
            .replace('\\', "\\\\")
            .replace('"', "\\\"")
            .replace("\r\n", "\\n")
            .replace(['\n', '\r'], "\\n")
    )
}

/// What a PGN-style writer says of tag values of several lines ([`tag_pair`] writes their line
/// breaks as `\n`): one note naming them, or none.
///
/// ```
/// use notation_traits::{Span, Tag, multiline_tags};
/// let tag = |name: &str, value: &str| Tag { name: name.into(), value: value.into(), span: Span::default() };
/// assert_eq!(multiline_tags(&[tag("Event", "a")]), None);
/// assert_eq!(
///     multiline_tags(&[tag("Annotator", "a\nb")]).as_deref(),
///     Some("the tag `Annotator` holds several lines: its line breaks are written as `\\n`")
/// );
/// ```
pub fn multiline_tags(tags: &[crate::Tag]) -> Option<String> {
    let names: Vec<String> = tags
        .iter()
        .filter(|t| t.value.contains(['\n', '\r']))
        .map(|t| format!("`{}`", t.name))
        .collect();
    match names.as_slice() {
        [] => None,
        [one] => Some(format!(
            "the tag {one} holds several lines: its line breaks are written as `\\n`"
        )),
        more => Some(format!(
            "the tags {} hold several lines: their line breaks are written as `\\n`",
            more.join(", ")
        )),
    }
}

/// A PGN-style game that could not be read at all (no notation fits, a bad start position),
/// kept as written: `first` (a tag the format wants first, unless the record has it), the
/// record's tags, `; kifu: not read: REASON; the movetext as written:` and the movetext as `;`
/// comment lines, then its result (`*` when it has none).
pub fn write_unreadable_game(raw: &RawGame, reason: &str, first: Option<(&str, &str)>) -> String {
    let record = &raw.record;
    let mut text = String::new();
    if let Some((name, value)) = first
        && record.tag(name).is_none()
    {
        text.push_str(&tag_pair(name, value));
    }
    for t in &record.tags {
        text.push_str(&tag_pair(&t.name, &t.value));
    }
    text.push('\n');
    let _ = writeln!(text, "; kifu: not read: {reason}; the movetext as written:");
    for line in movetext_of(raw).lines() {
        let _ = writeln!(text, "; {line}");
    }
    let result = record
        .result_token
        .as_deref()
        .or(record.tag("Result"))
        .filter(|r| r.parse::<crate::GameResult>().is_ok())
        .unwrap_or("*");
    text.push_str(result);
    text.push('\n');
    text
}

/// The movetext of `raw` after its tags, exactly as written (trimmed).
pub fn movetext_of(raw: &RawGame) -> String {
    let after_tags = raw
        .record
        .tags
        .iter()
        .map(|t| t.span.end.offset)
        .max()
        .unwrap_or(raw.record.span.start.offset);
    let base = raw.record.span.start.offset;
    raw.source
        .get(after_tags.saturating_sub(base)..)
        .unwrap_or_default()
        .trim()
        .to_owned()
}

/// Writes a comment: `{text}`, with one space of padding each side when the text begins or
/// ends with white space (the reader takes it off again, so the text's own spaces are kept). A
/// text holding `}` or `{`, or a line a reader could take for a game's start ([`needs_line_form`]),
/// is written as `;` comments to the end of the line, one line of the text each, the lines
/// after the first in the first column: the reader joins `;` lines that follow each other so
/// into one comment (the first `;` is never in the first column after a line end, so two
/// comments stay two). A `\r\n` or lone `\r` in the text is written as the line end `\n` it is
/// for every reader. Returns whether it wrote the `;` form, which ends with a line end.
pub(crate) fn write_comment(out: &mut String, text: &str) -> bool {
    // A `\r` ends a line for every reader (a lone one too): written as the line end it is.
    let normalized;
    let text = if text.contains('\r') {
        normalized = text.replace("\r\n", "\n").replace('\r', "\n");
        normalized.as_str()
    } else {
        text
    };
    if !needs_line_form(text) {
        let pad = if text.starts_with(char::is_whitespace) || text.ends_with(char::is_whitespace) {
            " "
        } else {
            ""
        };
        let _ = write!(out, "{{{pad}{text}{pad}}}");
        return false;
    }
    // Not in the first column after a line end (another `;` comment's): the reader would join
    // the two comments into one.
    if out.ends_with('\n') {
        out.push(' ');
    }
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let pad = if line.ends_with(char::is_whitespace) {
            " "
        } else {
            ""
        };
        let _ = write!(out, "; {line}{pad}");
    }
    out.push('\n');
    true
}

/// Whether a comment is written as `;` lines rather than in braces: it holds `}`, which would
/// end a brace comment early, or `{`, which the reader warns of in a brace comment (a sign of
/// an earlier `}` left out: `brace-in-comment`), or a line after its first that the reader could take for the
/// start of a game when the comment is read unclosed (a tag pair `[`, a move number, a
/// `position` line: see the reader's look-ahead), so that no `{` comment of kifu's own
/// ever needs that look-ahead.
fn needs_line_form(text: &str) -> bool {
    text.contains(['{', '}'])
        || text.split('\n').skip(1).any(|line| {
            let line = line.trim_start();
            line.starts_with('[')
                || line.starts_with("position ")
                || line.starts_with(|c: char| c.is_ascii_digit() || ('０'..='９').contains(&c))
        })
}

/// Writes moves that could not be read as they were given: move numbers, texts, glyphs
/// (`$n`), clock times, comments and variations (`2... C8.6 $5 {a comment} 3. R1.2 (3. R9.8)`),
/// on one line (a comment's line breaks become spaces).
pub fn write_unread_moves(entries: &[MoveEntry<()>]) -> String {
    let mut out = String::new();
    raw_line(&mut out, entries);
    out
}

/// A move's clock as PGN-style movetext reads it back ([`crate::pgn_clock`]: CSA's `T12` is
/// `(0:12)`); a clock text in no form of time is kept as a comment `{T12}`, never as a `(...)`
/// that reads as a variation.
fn write_clock(out: &mut String, clock: Option<&str>) {
    let Some(clock) = clock else {
        return;
    };
    match crate::pgn_clock(clock) {
        Some(c) => {
            let _ = write!(out, " ({c})");
        }
        None => {
            out.push(' ');
            let _ = write_comment(out, clock);
        }
    }
}

fn raw_line(out: &mut String, entries: &[MoveEntry<()>]) {
    for entry in entries {
        if !out.is_empty() && !out.ends_with(['\n', ' ', '(']) {
            out.push(' ');
        }
        if let Some(n) = entry.number {
            let _ = write!(out, "{}{} ", n.value, if n.ellipsis { "..." } else { "." });
        }
        out.push_str(&entry.text);
        for nag in &entry.nags {
            let _ = write!(out, " ${nag}");
        }
        write_clock(out, entry.clock.as_deref());
        // Comments on one line, so that the whole stays one line: a `;` comment when it holds
        // a `}`, which keeps it exactly.
        for c in &entry.comments {
            out.push(' ');
            let _ = write_comment(out, &c.replace('\n', " "));
        }
        for v in &entry.variations {
            out.push_str(" (");
            for c in &v.comments {
                let _ = write_comment(out, &c.replace('\n', " "));
                out.push(' ');
            }
            raw_line(out, &v.moves);
            out.push(')');
        }
    }
}

struct Writer<'a, N: ?Sized> {
    notation: &'a N,
    numbering: MoveNumbering,
    out: String,
    /// The length of `out` right after the last comment written in the `;` form: a `;` line
    /// in the first column just after it would read as that comment's next line.
    semicolon_end: Option<usize>,
}

impl<N: ?Sized> Writer<'_, N> {
    fn comment(&mut self, text: &str) {
        if write_comment(&mut self.out, text) {
            self.semicolon_end = Some(self.out.len());
        }
    }

    /// Whether `out` ends with a comment in the `;` form (see [`write_comment`]).
    fn ends_with_semicolon_comment(&self) -> bool {
        self.semicolon_end == Some(self.out.len())
    }

    fn space(&mut self) {
        if !self.out.is_empty() && !self.out.ends_with(['\n', ' ', '(']) {
            self.out.push(' ');
        }
    }

    /// Writes a line from `pos` (after the move `previous`); `main` puts each pair (or ply) on
    /// its own line.
    fn line<P>(
        &mut self,
        line: &Line<P::Move>,
        mut pos: P,
        mut previous: Option<P::Move>,
        main: bool,
    ) where
        P: Position,
        N: TextNotation<P>,
    {
        if !main {
            for c in &line.comments {
                self.space();
                self.comment(c);
            }
        }
        let mut interrupted = true;
        for entry in &line.moves {
            let first = P::is_first_player(pos.side_to_move());
            match self.numbering {
                MoveNumbering::PerPair => {
                    if first && main && !self.out.is_empty() && !self.out.ends_with('\n') {
                        self.out.push('\n');
                    }
                    self.space();
                    if first {
                        let _ = write!(self.out, "{}. ", pos.move_number());
                    } else if interrupted {
                        let _ = write!(self.out, "{}... ", pos.move_number());
                    }
                }
                MoveNumbering::PerPly => {
                    if main && !self.out.is_empty() && !self.out.ends_with('\n') {
                        self.out.push('\n');
                    }
                    self.space();
                    let _ = write!(self.out, "{}.", pos.ply_number());
                }
            }
            interrupted = self.entry(entry, &pos, previous);
            pos.play_unchecked(entry.mv);
            previous = Some(entry.mv);
        }
    }

    /// Writes one move and what follows it; returns whether a comment or variation followed.
    fn entry<P>(&mut self, entry: &MoveEntry<P::Move>, pos: &P, previous: Option<P::Move>) -> bool
    where
        P: Position,
        N: TextNotation<P>,
    {
        self.notation
            .write_after_into(pos, previous, entry.mv, &mut self.out);
        for nag in &entry.nags {
            let _ = write!(self.out, " ${nag}");
        }
        write_clock(&mut self.out, entry.clock.as_deref());
        for c in &entry.comments {
            self.out.push(' ');
            self.comment(c);
        }
        for v in &entry.variations {
            self.out.push_str(" (");
            self.line(v, pos.clone(), previous, false);
            self.out.push(')');
        }
        !entry.comments.is_empty() || !entry.variations.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_game_text;

    #[test]
    fn unread_moves_are_one_line_and_a_brace_comment_survives_as_a_semicolon_one() {
        // Found by fuzzing (psn_file): a comment of two lines inside unread moves made the
        // unread text two lines holding `}`, which no comment form keeps.
        let game = parse_game_text("1. a (1. b {two\nlines} 2. c $5 (2. d)) 2. e\n");
        let variation = &game.record.main.moves[0].variations[0].moves;
        let text = write_unread_moves(variation);
        assert_eq!(text, "1. b {two lines} 2. c $5 (2. d)");
        let mut out = String::new();
        let _ = write_comment(&mut out, &format!("unread: {text}"));
        assert_eq!(out, "; unread: 1. b {two lines} 2. c $5 (2. d)\n");
        let back = parse_game_text(&format!("1. a {out}2. e\n"));
        assert_eq!(
            back.record.main.moves[0].comments,
            [format!("unread: {text}")]
        );
    }
}
