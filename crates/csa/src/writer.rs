//! Writing a checked game as CSA V3.0 (the default) or V2.2.
//!
//! The layout: (V3.0) `'CSA encoding=UTF-8`, the version line, `N+`/`N-`, the `$` lines of the
//! other tags ([`tag_line`]), the game's comments as `'` lines, the start position (`PI` with
//! the removed pieces for the even start and the standard handicaps, else the rows `P1`-`P9`
//! and the lists `P+`/`P-` of the pieces in hand), the side to move, then one move a line
//! (`+7776FU`), each followed by its `T` line and its comments, then the special move with its
//! `T` line and the comments after it. A second game of a file (`WriteSettings::index` above
//! 0) starts with the `/` line and without the encoding and version lines.
//!
//! V2.2 files end their lines with CR LF and carry no encoding line: a V3.0 reader takes such
//! a file for Shift_JIS with CR LF (CSA V3.0, 2.2), so they are for Shift_JIS output. Their
//! times are whole seconds (a `T6.123` becomes `T6`) and they have no `%MAX_MOVES` (it
//! becomes `%HIKIWAKE`).
//!
//! What CSA cannot hold goes to [`WrittenGame::lost`]: variations, annotation glyphs, a start
//! position's move number other than 1, clock times in no form kifu can convert, the result
//! of a game without a special move, and the terminal words CSA has no special move for.
//!
//! Rule: CSA standard file format V3.0 (2024-05-14) and V2.2 (2008-01-12).

use std::fmt::Write as _;

use notation_traits::{
    CheckedGame, Diagnostic, Line, MoveNotation, Severity, Terminal, TerminalKind, WriteSettings,
    Written, WrittenGame,
};
use shogi_board::{Color, PieceKind, Position, Square};

use crate::clock::{move_millis, t_line};
use crate::piece::piece_code;
use crate::{CsaNotation, tag_line};

/// A version of the CSA standard file format that kifu writes.
///
/// ```
/// use csa::CsaVersion;
///
/// assert_eq!("2.2".parse::<CsaVersion>(), Ok(CsaVersion::V2_2));
/// assert_eq!("V3.0".parse::<CsaVersion>(), Ok(CsaVersion::V3_0));
/// assert_eq!(CsaVersion::default(), CsaVersion::V3_0);
/// assert!("4".parse::<CsaVersion>().is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CsaVersion {
    /// V2.2 (6th edition, 2008): no encoding line, CR LF, whole seconds.
    V2_2,
    /// V3.0 (7th edition, 2024): the `'CSA encoding=` line, times to the millisecond.
    #[default]
    V3_0,
}

impl CsaVersion {
    /// The version line: `V2.2` or `V3.0`.
    pub const fn line(self) -> &'static str {
        match self {
            CsaVersion::V2_2 => "V2.2",
            CsaVersion::V3_0 => "V3.0",
        }
    }
}

/// The text names no CSA version kifu writes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a CSA version to write (2.2 or 3.0), found `{0}`")]
pub struct ParseVersionError(pub String);

impl std::str::FromStr for CsaVersion {
    type Err = ParseVersionError;

    /// Reads `2.2` or `3.0`, with or without the `V` (also `2`, `2.1`, `3` for the versions
    /// V2.2 and V3.0 write).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.strip_prefix(['V', 'v']).unwrap_or(s) {
            "2" | "2.1" | "2.2" => Ok(CsaVersion::V2_2),
            "3" | "3.0" => Ok(CsaVersion::V3_0),
            _ => Err(ParseVersionError(s.to_owned())),
        }
    }
}

/// The encoding name of the `'CSA encoding=` line for a WHATWG label: `UTF-8` or `SHIFT_JIS`.
fn encoding_name(label: &str) -> Option<&'static str> {
    match label.to_ascii_lowercase().as_str() {
        "utf-8" | "utf8" | "unicode-1-1-utf-8" => Some("UTF-8"),
        "shift_jis" | "shift-jis" | "sjis" | "cp932" | "windows-31j" | "ms_kanji"
        | "csshiftjis" | "x-sjis" => Some("SHIFT_JIS"),
        _ => None,
    }
}

/// An error of the writer (the settings ask for what CSA cannot be).
fn settings_error(message: String) -> Box<Diagnostic> {
    Box::new(Diagnostic::new(Severity::Error, "io", message))
}

/// Writes `game` as CSA.
///
/// # Errors
///
/// A diagnostic (code `io`) when `settings.version` names no version kifu writes, or V3.0 is
/// to be written in an encoding other than UTF-8 and Shift_JIS (the two its encoding line
/// names).
pub fn write_game(
    game: &CheckedGame<Position>,
    settings: &WriteSettings<'_, Position>,
) -> Result<WrittenGame, Box<Diagnostic>> {
    let version = match settings.version {
        None => CsaVersion::default(),
        Some(v) => v
            .parse::<CsaVersion>()
            .map_err(|e| settings_error(e.to_string()))?,
    };
    let mut w = Writer {
        out: String::new(),
        lost: Vec::new(),
        version,
    };
    let r = &game.replayed;
    if settings.index > 0 {
        w.line("/");
    } else {
        if version == CsaVersion::V3_0 {
            let Some(name) = encoding_name(settings.encoding) else {
                return Err(settings_error(format!(
                    "CSA V3.0 files are UTF-8 or SHIFT_JIS, not {}",
                    settings.encoding
                )));
            };
            w.line(&format!("'CSA encoding={name}"));
        }
        w.line(version.line());
    }
    w.tags(game);
    for c in &r.record.main.comments {
        w.comment(c);
    }
    w.position(&r.start);
    let mut pos = r.start;
    let mut variations = 0;
    let mut nags = false;
    for entry in &r.record.main.moves {
        w.line(&CsaNotation.write_move(&pos, entry.mv));
        pos.play_unchecked(entry.mv);
        if let Some(clock) = &entry.clock {
            w.clock(clock);
        }
        for c in &entry.comments {
            w.comment(c);
        }
        variations += count_variations(&entry.variations);
        nags |= !entry.nags.is_empty();
    }
    if variations > 0 {
        w.lost
            .push(format!("variations: CSA has none ({variations} dropped)"));
    }
    if nags {
        w.lost.push("annotation glyphs: CSA has none".to_owned());
    }
    if let Some(unread) = game.unread_comment() {
        for line in unread.lines() {
            w.line(&format!("'{line}"));
        }
    }
    match &game.terminal {
        Some(t) => w.terminal(t),
        None => {
            if let Some(result) = r.record.result_token.as_deref()
                && r.record.tag("Result").is_none()
            {
                w.lost.push(format!(
                    "the result `{result}`: CSA records how a game ended by its special moves only"
                ));
            }
        }
    }
    for c in &r.record.trailing_comments {
        w.comment(c);
    }
    Ok(WrittenGame {
        output: Written::Text(w.out),
        lost: w.lost,
    })
}

/// How many variations a move's alternatives hold, nested ones included.
fn count_variations<M>(lines: &[Line<M>]) -> usize {
    lines
        .iter()
        .map(|l| {
            1 + l
                .moves
                .iter()
                .map(|m| count_variations(&m.variations))
                .sum::<usize>()
        })
        .sum()
}

struct Writer {
    out: String,
    lost: Vec<String>,
    version: CsaVersion,
}

impl Writer {
    fn line(&mut self, text: &str) {
        self.out.push_str(text);
        self.out.push_str(match self.version {
            CsaVersion::V2_2 => "\r\n",
            CsaVersion::V3_0 => "\n",
        });
    }

    /// A comment: one `'` line for each of its lines.
    fn comment(&mut self, text: &str) {
        for line in notation_traits::text_lines(text) {
            self.line(&format!("'{line}"));
        }
    }

    fn tags(&mut self, game: &CheckedGame<Position>) {
        let mut players = Vec::new();
        let mut others = Vec::new();
        for tag in &game.replayed.record.tags {
            let value = if tag.value.contains(['\n', '\r'])
                && tag_line(&tag.name, "").is_some_and(|l| !l.starts_with("$NOTE:"))
            {
                self.lost.push(format!(
                    "the line breaks of the tag `{}`: a CSA line holds one line (written as spaces)",
                    tag.name
                ));
                tag.value.replace("\r\n", " ").replace(['\n', '\r'], " ")
            } else {
                tag.value.clone()
            };
            match tag_line(&tag.name, &value) {
                Some(l) if l.starts_with('N') => players.push(l),
                Some(l) => others.push(l),
                None => {}
            }
        }
        for l in players.iter().chain(&others) {
            self.line(l);
        }
    }

    fn position(&mut self, start: &Position) {
        if start.ply() != 1 {
            self.lost.push(format!(
                "the start position's move number {}: CSA counts moves from 1",
                start.ply()
            ));
        }
        // `PI` holds any even board with pieces taken off and empty hands (the handicaps),
        // whoever is to move; the removed pieces in the usual order (HI KA KI GI KE KY).
        let even = Position::new();
        let hands_empty = Color::ALL.iter().all(|&c| start.hand(c).is_empty());
        let subset = Square::all().all(|sq| match start.piece_at(sq) {
            None => true,
            p => p == even.piece_at(sq),
        });
        let removed = (hands_empty && subset).then(|| {
            let order = [
                PieceKind::Rook,
                PieceKind::Bishop,
                PieceKind::Gold,
                PieceKind::Silver,
                PieceKind::Knight,
                PieceKind::Lance,
                PieceKind::Pawn,
                PieceKind::King,
            ];
            let mut gone: Vec<(usize, Square, PieceKind)> = Square::all()
                .filter_map(|sq| match (even.piece_at(sq), start.piece_at(sq)) {
                    (Some(p), None) => Some((
                        order.iter().position(|&k| k == p.kind).unwrap_or(8),
                        sq,
                        p.kind,
                    )),
                    _ => None,
                })
                .collect();
            gone.sort_by_key(|&(rank, sq, _)| (rank, sq.file().number(), sq.rank().number()));
            let mut pi = String::new();
            for (_, sq, kind) in gone {
                let _ = write!(
                    pi,
                    "{}{}{}",
                    sq.file().number(),
                    sq.rank().number(),
                    piece_code(kind)
                );
            }
            pi
        });
        match removed {
            Some(pi) => self.line(&format!("PI{pi}")),
            None => {
                for rank in 1..=9u8 {
                    let mut row = format!("P{rank}");
                    for file in (1..=9u8).rev() {
                        let piece =
                            Square::from_numbers(file, rank).and_then(|sq| start.piece_at(sq));
                        match piece {
                            None => row.push_str(" * "),
                            Some(p) => {
                                row.push(if p.color == Color::Black { '+' } else { '-' });
                                row.push_str(piece_code(p.kind));
                            }
                        }
                    }
                    self.line(&row);
                }
                for color in Color::ALL {
                    let hand = start.hand(color);
                    if hand.is_empty() {
                        continue;
                    }
                    let mut list = format!("P{}", if color == Color::Black { '+' } else { '-' });
                    for (kind, n) in hand.iter() {
                        for _ in 0..n {
                            list.push_str("00");
                            list.push_str(piece_code(kind));
                        }
                    }
                    self.line(&list);
                }
            }
        }
        self.line(match start.side_to_move() {
            Color::Black => "+",
            Color::White => "-",
        });
    }

    /// The `T` line of a clock text in any form kifu reads.
    fn clock(&mut self, clock: &str) {
        let Some(millis) = move_millis(clock) else {
            let note = "clock times in a form CSA cannot hold (kept only where they read as times)"
                .to_owned();
            if !self.lost.contains(&note) {
                self.lost.push(note);
            }
            return;
        };
        let fractions = self.version == CsaVersion::V3_0;
        if !fractions && millis % 1000 != 0 {
            let note = "fractions of seconds: V2.2 times are whole seconds".to_owned();
            if !self.lost.contains(&note) {
                self.lost.push(note);
            }
        }
        let text = match clock.trim() {
            t if fractions && t.starts_with('T') => t.to_owned(),
            _ => t_line(millis, fractions),
        };
        self.line(&text);
    }

    fn terminal(&mut self, t: &Terminal) {
        let v3 = self.version == CsaVersion::V3_0;
        // The word as read, where it is a CSA special move of the same kind.
        let as_read = t.text.starts_with('%')
            && match &t.text[1..] {
                "MAX_MOVES" => t.kind == TerminalKind::MaxMoves && v3,
                _ => TerminalKind::from_csa(&t.text) == Some(t.kind),
            };
        let word = if as_read {
            Some(t.text.clone())
        } else {
            match t.kind {
                TerminalKind::MaxMoves if v3 => Some("%MAX_MOVES".to_owned()),
                TerminalKind::MaxMoves => {
                    self.lost.push("the move limit of `%MAX_MOVES`: V2.2 has no such special move (written as %HIKIWAKE)".to_owned());
                    Some("%HIKIWAKE".to_owned())
                }
                TerminalKind::IllegalWin => Some(
                    if t.first_to_move {
                        "%-ILLEGAL_ACTION"
                    } else {
                        "%+ILLEGAL_ACTION"
                    }
                    .to_owned(),
                ),
                TerminalKind::RepetitionWin => {
                    self.lost.push(format!(
                        "the terminal word `{}` (a win by repetition): written as %SENNICHITE",
                        t.text
                    ));
                    Some("%SENNICHITE".to_owned())
                }
                TerminalKind::Sealed => {
                    self.lost.push(format!(
                        "the terminal word `{}` (a sealed move): CSA has no such special move (written as %CHUDAN)",
                        t.text
                    ));
                    Some("%CHUDAN".to_owned())
                }
                kind => match kind.csa() {
                    Some(w) => Some(w.to_owned()),
                    None => {
                        self.lost.push(format!(
                            "the terminal word `{}` ({}): CSA has no such special move (kept as a comment)",
                            t.text, kind
                        ));
                        None
                    }
                },
            }
        };
        match word {
            Some(w) => {
                self.line(&w);
                if let Some(clock) = &t.clock {
                    self.clock(clock);
                }
            }
            None => self.comment(&t.text),
        }
    }
}
