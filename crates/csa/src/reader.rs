//! Reading CSA files game by game: the statements of each line (`,` joins several), the game
//! information as tags, the start position, the moves with their times and comments, the
//! special move that ends them, and `/` between games.
//!
//! What the reader keeps, and where:
//!
//! - `N+`, `N-` and every `$KEY:value` line: tags (named as [`tag_name`](crate::tag_name)
//!   says), in file order; `$` lines after the moves too (WCSC records write `$END_TIME` at the
//!   end).
//! - Comments (`'`, `'*`, Floodgate's `'** score PV`): one comment per line, its text after the
//!   `'` (so `'*` comments keep their `*`); before the first move they are the game's comments,
//!   after a move that move's (also after its `T` line), after the special move the trailing
//!   comments.
//! - `T` lines: the clock of the move (or special move) before them, as written (`T12`,
//!   `T6.123`).
//! - `%TORYO` and every other special move: the [`Terminal`], its `T` line its clock.
//! - The `'CSA encoding=` line of V3.0 and the version line (`V2`, `V2.2`, `V3.0`) are read and
//!   not kept: a writer writes its own.
//!
//! What it says about the file (diagnostics of the game, with the place of the statement):
//! `bad-position` (an error: the start position cannot be read, so the game is not replayed),
//! `unknown-line` (a line that is no CSA statement, or a special move CSA does not know: kept
//! as a comment), `misplaced-line` (a statement out of its place, such as a `T` line before
//! any move or a `P` line among the moves: kept as a comment), `text-after-result` (moves
//! after the special move: kept as trailing comments).
//!
//! Rule: CSA standard file format V3.0 (2024-05-14) and V2.2 (2008-01-12), sections 2.1-2.8;
//! V2 and V2.1 files are V2.2 files with fewer special moves.

use std::io::{self, BufRead};

use notation_traits::{
    Diagnostic, FormatGame, GameRecord, MoveEntry, Pos, RawGame, Severity, Span, Tag, Terminal,
    TerminalKind,
};
use shogi_board::{Color, Position};

use crate::CsaNotation;
use crate::clock::seconds_millis;
use crate::header::{GOTE, SENTE, tag_name, unescape_note};
use crate::position::Setup;

/// Reads the games of a CSA file one by one, as [`FormatGame`]s whose moves are
/// [`CsaNotation`] texts.
///
/// The input is UTF-8 text (decoded by the caller: the file's `'CSA encoding=` line, else
/// Shift_JIS); line ends may be `\n`, `\r\n` or `\r`. Places count from the start of the text,
/// with `\n` as every line end.
///
/// # Errors
///
/// The iterator yields an [`io::Error`] when reading fails, or ([`io::ErrorKind::InvalidData`])
/// for a game holding bytes that are not UTF-8; the games after it are read on.
///
/// # Examples
///
/// ```
/// use csa::CsaReader;
/// use notation_traits::{TerminalKind, replay};
///
/// let text = "V2.2\nN+NAKAHARA\nN-YONENAGA\n$EVENT:13th World Computer Shogi Championship\nPI\n+\n+2726FU\nT12\n-3334FU\nT6\n%CHUDAN\n";
/// let game = CsaReader::new(text.as_bytes()).next().unwrap()?;
/// let record = &game.raw.record;
/// assert_eq!(record.tag("先手"), Some("NAKAHARA"));
/// assert_eq!(record.tag("棋戦"), Some("13th World Computer Shogi Championship"));
/// assert_eq!(record.main.moves[0].clock.as_deref(), Some("T12"));
/// assert_eq!(game.terminal.as_ref().map(|t| t.kind), Some(TerminalKind::Interrupted));
///
/// let start = game.start.clone().map_err(|d| d.to_string())?;
/// let replayed = replay(record, start, game.notation.as_deref().unwrap());
/// assert_eq!(replayed.record.main.moves[1].mv.to_string(), "3c3d");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct CsaReader<R> {
    input: R,
    /// The place of the next line.
    next: Pos,
    first_line: bool,
    done: bool,
}

impl<R: BufRead> CsaReader<R> {
    /// A reader of the CSA text `input`.
    pub fn new(input: R) -> Self {
        CsaReader {
            input,
            next: Pos::START,
            first_line: true,
            done: false,
        }
    }

    /// Reads the next line into `line` (without its line end) and gives its place; `None` at
    /// the end.
    fn read_line(&mut self, line: &mut Vec<u8>) -> io::Result<Option<Pos>> {
        line.clear();
        let first = std::mem::take(&mut self.first_line);
        notation_traits::read_placed_line(&mut self.input, line, &mut self.next, first)
    }

    /// The text of the next game, up to a `/` line or the end (lines joined by `\n`), with
    /// each line's stretch of it and place; `None` when no line is left.
    fn next_chunk(&mut self) -> io::Result<Option<Chunk>> {
        let mut chunk = Chunk {
            source: String::new(),
            lines: Vec::new(),
        };
        let mut spoiled = None;
        let mut any = false;
        let mut line = Vec::new();
        while let Some(at) = self.read_line(&mut line)? {
            any = true;
            if line.trim_ascii_end() == b"/" {
                break;
            }
            match std::str::from_utf8(&line) {
                Ok(text) => {
                    let start = chunk.source.len();
                    chunk.source.push_str(text);
                    chunk.lines.push((start, chunk.source.len(), at));
                    chunk.source.push('\n');
                }
                Err(e) => {
                    spoiled.get_or_insert_with(|| {
                        io::Error::new(
                            io::ErrorKind::InvalidData,
                            format!(
                                "line {}: the input is not UTF-8 (byte {} of the line)",
                                at.line,
                                e.valid_up_to() + 1
                            ),
                        )
                    });
                }
            }
        }
        if let Some(e) = spoiled {
            return Err(e);
        }
        if !any {
            return Ok(None);
        }
        Ok(Some(chunk))
    }
}

/// The lines of one game: its text, and each line's stretch of it (start and end bytes) and
/// place in the file.
struct Chunk {
    source: String,
    lines: Vec<(usize, usize, Pos)>,
}

impl<R: BufRead> Iterator for CsaReader<R> {
    type Item = io::Result<FormatGame<Position>>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.done {
                return None;
            }
            let first_of_file = self.next.line == 1;
            match self.next_chunk() {
                Ok(None) => {
                    self.done = true;
                    return None;
                }
                // Nothing but blank lines between two `/` or after the last: no game.
                Ok(Some(chunk)) if chunk.source.trim().is_empty() => {}
                Ok(Some(chunk)) => return Some(Ok(read_game(chunk, first_of_file))),
                Err(e) => {
                    self.done = e.kind() != io::ErrorKind::InvalidData;
                    return Some(Err(e));
                }
            }
        }
    }
}

/// Where the reader is in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Game information and the start position.
    Header,
    /// After the side to move: moves.
    Moves,
    /// After the special move.
    Ended,
}

/// The game being read.
struct Builder {
    record: GameRecord<()>,
    diagnostics: Vec<Diagnostic>,
    setup: Setup,
    /// The place of the position's statements, from the first to the last.
    setup_span: Option<Span>,
    /// The side to move and the place of its line.
    side: Option<Color>,
    start: Option<Result<Position, Box<Diagnostic>>>,
    /// The first fault of a position statement.
    fault: Option<Box<Diagnostic>>,
    phase: Phase,
    terminal: Option<Terminal>,
}

/// The span of the bytes `start..end` of `line`, which stands at `at`.
fn span_in(line: &str, at: Pos, start: usize, end: usize) -> Span {
    if line.is_ascii() {
        let pos = |n: usize| Pos {
            offset: at.offset + n,
            line: at.line,
            column: at.column + n as u32,
        };
        return Span {
            start: pos(start),
            end: pos(end),
        };
    }
    Span::locate(line, start, end).relative_to(at)
}

/// A warning about the statement at `span`.
fn warning(code: &str, message: String, span: Span) -> Diagnostic {
    Diagnostic::new(Severity::Warning, code, message).at(span)
}

/// A `bad-position` error at `span`.
fn bad_position(message: String, span: Span) -> Box<Diagnostic> {
    Box::new(Diagnostic::new(Severity::Error, "bad-position", message).at(span))
}

impl Builder {
    fn new(span: Span) -> Self {
        Builder {
            record: GameRecord {
                span,
                ..GameRecord::default()
            },
            diagnostics: Vec::new(),
            setup: Setup::default(),
            setup_span: None,
            side: None,
            start: None,
            fault: None,
            phase: Phase::Header,
            terminal: None,
        }
    }

    /// Keeps `text` as a comment where the reader is.
    fn comment(&mut self, text: String) {
        match self.phase {
            Phase::Ended => self.record.trailing_comments.push(text),
            _ => match self.record.main.moves.last_mut() {
                Some(m) => m.comments.push(text),
                None => self.record.main.comments.push(text),
            },
        }
    }

    fn tag(&mut self, name: &str, value: String, span: Span) {
        self.record.tags.push(Tag {
            name: name.to_owned(),
            value,
            span,
        });
    }

    /// Extends the place of the position's statements to `span`.
    fn position_statement(&mut self, span: Span) {
        self.setup_span = Some(match self.setup_span {
            Some(s) => Span {
                start: s.start,
                end: span.end,
            },
            None => span,
        });
    }

    /// The start position is complete: `side` moves first.
    fn finish_position(&mut self, side: Option<Color>, span: Span) {
        if self.start.is_some() {
            return;
        }
        if let Some(fault) = self.fault.take() {
            self.start = Some(Err(fault));
            return;
        }
        let whole = self.setup_span.map_or(span, |s| Span {
            start: s.start,
            end: span.end,
        });
        if !self.setup.seen {
            self.start = Some(Err(bad_position(
                format!(
                    "no start position (`PI`, the rows `P1`-`P9` or the lists `P+`/`P-`) before {}",
                    if side.is_some() {
                        "the side to move"
                    } else {
                        "the moves"
                    }
                ),
                span,
            )));
            return;
        }
        let Some(side) = side else {
            self.start = Some(Err(bad_position(
                "expected the side to move (`+` or `-` on a line of its own) after the start position".to_owned(),
                span,
            )));
            return;
        };
        self.side = Some(side);
        if let Some(missing) = self.setup.missing_rows() {
            self.start = Some(Err(bad_position(
                format!("the rows of the start position lack {missing}"),
                whole,
            )));
            return;
        }
        self.start = Some(
            self.setup
                .build(side)
                .map_err(|e| bad_position(format!("the start position: {e}"), whole)),
        );
    }

    /// A statement that cannot stand here: a warning, and its text kept as a comment.
    fn misplaced(&mut self, text: &str, span: Span, why: &str) {
        self.diagnostics.push(warning(
            "misplaced-line",
            format!("`{text}` {why}: kept as a comment"),
            span,
        ));
        self.comment(text.to_owned());
    }

    /// Whether the first player (sente) is to move after the moves read so far.
    fn first_to_move(&self) -> bool {
        let n = self.record.main.moves.len();
        match self.side {
            Some(side) => (side == Color::Black) == n.is_multiple_of(2),
            None => self
                .record
                .main
                .moves
                .last()
                .is_none_or(|m| m.text.starts_with('-')),
        }
    }

    /// One statement (no comment), trimmed, at `span`.
    fn statement(&mut self, s: &str, span: Span) {
        let b = s.as_bytes();
        match b {
            [] => {}
            [b'V', rest @ ..]
                if !rest.is_empty() && rest.iter().all(|c| c.is_ascii_digit() || *c == b'.') =>
            {
                if self.phase != Phase::Header || self.setup.seen {
                    self.misplaced(s, span, "is a version line after the start of the game");
                }
            }
            [b'N', sign @ (b'+' | b'-'), ..] => {
                let name = if *sign == b'+' { SENTE } else { GOTE };
                self.tag(name, s[2..].to_owned(), span);
            }
            [b'$', ..] => match s[1..].split_once(':') {
                Some((key, value)) if !key.is_empty() => {
                    let value = if key == "NOTE" {
                        unescape_note(value)
                    } else {
                        value.to_owned()
                    };
                    self.tag(tag_name(key), value, span);
                }
                _ => self.unknown(s, span, "a game information line `$KEY:value`"),
            },
            [b'P', b'I', ..] | [b'P', b'1'..=b'9', ..] | [b'P', b'+' | b'-', ..] => {
                if self.phase != Phase::Header || self.start.is_some() {
                    self.misplaced(
                        s,
                        span,
                        "is a line of the start position after the moves began",
                    );
                    return;
                }
                self.position_statement(span);
                let result = match b[1] {
                    b'I' => self.setup.pi(s),
                    b'+' | b'-' => self.setup.pieces(s),
                    _ => self.setup.row(s),
                };
                if let Err(fault) = result
                    && self.fault.is_none()
                {
                    let at = Span::locate(s, fault.start, fault.end.max(fault.start))
                        .relative_to(span.start);
                    self.fault = Some(bad_position(fault.message, at));
                }
            }
            [sign @ (b'+' | b'-')] => {
                if self.phase != Phase::Header || self.side.is_some() {
                    self.misplaced(s, span, "is a side-to-move line after the moves began");
                    return;
                }
                let side = if *sign == b'+' {
                    Color::Black
                } else {
                    Color::White
                };
                self.finish_position(Some(side), span);
                self.side = Some(side);
                self.phase = Phase::Moves;
            }
            [b'+' | b'-', ..] => self.move_statement(s, span),
            [b'%', ..] => self.special(s, span),
            [b'T', rest @ ..] => {
                if seconds_millis(&s[1..]).is_none() || rest.is_empty() {
                    self.unknown(
                        s,
                        span,
                        "a time `T` and the seconds spent (`T12`, `T6.123`)",
                    );
                    return;
                }
                self.time(s, span);
            }
            _ => self.unknown(s, span, "a CSA statement"),
        }
    }

    fn unknown(&mut self, s: &str, span: Span, expected: &str) {
        self.diagnostics.push(warning(
            "unknown-line",
            format!("expected {expected}, found `{s}`: kept as a comment"),
            span,
        ));
        self.comment(s.to_owned());
    }

    fn move_statement(&mut self, s: &str, span: Span) {
        match self.phase {
            Phase::Ended => {
                self.diagnostics.push(warning(
                    "text-after-result",
                    format!(
                        "the move `{s}` after the special move is not read (kept as a comment)"
                    ),
                    span,
                ));
                self.comment(s.to_owned());
                return;
            }
            Phase::Header => {
                // The moves begin without the side-to-move line.
                self.finish_position(None, span);
                self.phase = Phase::Moves;
            }
            Phase::Moves => {}
        }
        self.record.main.moves.push(MoveEntry::new((), s, span));
    }

    fn special(&mut self, s: &str, span: Span) {
        let word = &s[1..];
        let kind = if word == "MAX_MOVES" {
            Some(TerminalKind::MaxMoves)
        } else {
            TerminalKind::from_csa(s)
        };
        let Some(kind) = kind else {
            self.unknown(
                s,
                span,
                "a special move (%TORYO %CHUDAN %SENNICHITE %TIME_UP %ILLEGAL_MOVE %+ILLEGAL_ACTION %-ILLEGAL_ACTION %JISHOGI %KACHI %HIKIWAKE %MAX_MOVES %TSUMI %FUZUMI %MATTA %ERROR)",
            );
            return;
        };
        match self.phase {
            Phase::Ended => {
                self.diagnostics.push(warning(
                    "text-after-result",
                    format!("the special move `{s}` after the special move is not read (kept as a comment)"),
                    span,
                ));
                self.comment(s.to_owned());
                return;
            }
            Phase::Header => self.finish_position(None, span),
            Phase::Moves => {}
        }
        self.terminal = Some(Terminal {
            kind,
            text: s.to_owned(),
            span,
            number: None,
            clock: None,
            first_to_move: self.first_to_move(),
        });
        self.phase = Phase::Ended;
    }

    fn time(&mut self, s: &str, span: Span) {
        let slot = match self.phase {
            Phase::Ended => self.terminal.as_mut().map(|t| &mut t.clock),
            _ => self.record.main.moves.last_mut().map(|m| &mut m.clock),
        };
        match slot {
            Some(clock) if clock.is_none() => *clock = Some(s.to_owned()),
            Some(_) => self.misplaced(s, span, "is a second time for one move"),
            None => self.misplaced(s, span, "is a time before any move"),
        }
    }

    /// One line at `at`: a comment, or statements joined by `,`.
    fn line(&mut self, line: &str, at: Pos, first_of_file: bool) {
        if let Some(comment) = line.strip_prefix('\'') {
            if first_of_file && comment.starts_with("CSA encoding=") {
                return;
            }
            self.comment(comment.to_owned());
            return;
        }
        // Names and values may hold commas: those lines are one statement.
        if line.starts_with(['N', '$']) {
            let s = line.trim();
            let lead = line.len() - line.trim_start().len();
            let span = span_in(line, at, lead, lead + s.len());
            self.statement(s, span);
            return;
        }
        let mut from = 0;
        while from <= line.len() {
            let rest = &line[from..];
            let lead = rest.len() - rest.trim_start().len();
            if rest[lead..].starts_with('\'') {
                // A comment after a comma runs to the end of the line.
                self.comment(rest[lead + 1..].to_owned());
                return;
            }
            let end = rest.find(',').map_or(line.len(), |i| from + i);
            let piece = &line[from..end];
            let s = piece.trim();
            if !s.is_empty() {
                let start = from + (piece.len() - piece.trim_start().len());
                let span = span_in(line, at, start, start + s.len());
                self.statement(s, span);
            }
            from = end + 1;
        }
    }

    fn finish(mut self, source: String) -> FormatGame<Position> {
        if self.start.is_none() {
            let span = self.setup_span.unwrap_or(self.record.span);
            if self.setup.seen {
                self.finish_position(None, span);
            } else {
                self.start = Some(Err(bad_position(
                    "no start position: expected `PI`, the rows `P1`-`P9` or the lists `P+`/`P-`, then the side to move"
                        .to_owned(),
                    span,
                )));
            }
        }
        let start = self.start.unwrap_or_else(|| Ok(Position::new()));
        FormatGame {
            raw: RawGame {
                record: self.record,
                diagnostics: self.diagnostics,
                source,
            },
            start,
            notation: Some(Box::new(CsaNotation)),
            terminal: self.terminal,
        }
    }
}

/// Reads one game from its lines.
fn read_game(chunk: Chunk, first_of_file: bool) -> FormatGame<Position> {
    let first = chunk.lines.first().map_or(Pos::START, |(_, _, at)| *at);
    let last = chunk
        .lines
        .last()
        .map_or(first, |&(a, b, at)| at.advance(&chunk.source[a..b], b - a));
    let mut b = Builder::new(Span {
        start: first,
        end: last,
    });
    for (i, &(start, end, at)) in chunk.lines.iter().enumerate() {
        b.line(&chunk.source[start..end], at, first_of_file && i == 0);
    }
    b.finish(chunk.source)
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use super::*;

    fn games(text: &str) -> Vec<FormatGame<Position>> {
        CsaReader::new(text.as_bytes())
            .collect::<io::Result<Vec<_>>>()
            .unwrap()
    }

    #[test]
    fn statements_joined_by_commas_keep_their_columns() {
        let g = &games("PI,+\n+2726FU,T12,-3334FU,T6.123\n")[0];
        let moves = &g.raw.record.main.moves;
        assert_eq!(moves.len(), 2);
        assert_eq!(
            (moves[1].span.start.line, moves[1].span.start.column),
            (2, 13)
        );
        assert_eq!(moves[1].clock.as_deref(), Some("T6.123"));
        assert!(g.raw.diagnostics.is_empty());
        assert_eq!(g.start.as_ref().unwrap(), &Position::new());
    }

    #[rstest]
    #[case::time_first("PI\n+\nT5\n+7776FU\n", "misplaced-line")]
    #[case::row_among_moves("PI\n+\n+7776FU\nP1 *  *  *  *  *  *  *  *  * \n", "misplaced-line")]
    #[case::junk("PI\n+\nhello\n", "unknown-line")]
    #[case::unknown_special("PI\n+\n%WIN\n", "unknown-line")]
    #[case::after_end("PI\n+\n%TORYO\n+7776FU\n", "text-after-result")]
    fn warnings_keep_the_text(#[case] text: &str, #[case] code: &str) {
        let g = &games(text)[0];
        assert_eq!(g.raw.diagnostics.len(), 1, "{:?}", g.raw.diagnostics);
        assert_eq!(g.raw.diagnostics[0].code, code);
        let r = &g.raw.record;
        let kept = r
            .main
            .comments
            .iter()
            .chain(r.main.moves.iter().flat_map(|m| &m.comments))
            .chain(&r.trailing_comments)
            .count();
        assert_eq!(kept, 1);
    }

    #[test]
    fn games_are_separated_by_slashes() {
        let gs = games("V2.2\nPI\n+\n+7776FU\n/\nPI\n-\n/\n\n");
        assert_eq!(gs.len(), 2);
        assert_eq!(gs[1].start.as_ref().unwrap().side_to_move(), Color::White);
        assert_eq!(gs[1].raw.record.span.start.line, 6);
    }
}
