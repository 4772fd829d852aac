//! Writing a checked game as JKF, laid out as Kifu for JS and its converters write it (two
//! spaces of indent, one member a line).
//!
//! `header` holds the tags (but those of the start position, `手合割`, `SFEN`, `FEN`,
//! `Handicap`, which `initial` holds); `initial` the preset of the start, or `OTHER` and its
//! `data`; `moves[0]` the game's comments, then one entry a move: `comments`, `move`, `time`,
//! `forks`; then the special move with its `time` and the comments after it.
//!
//! A move read from a JKF file is written as it was read (every member, in its order) when it
//! is complete (`color`, `to`, `piece`, and `from` unless it is a drop) and still names the
//! same move without a warning; any other move is written in the normalized form
//! ([`JkfNotation`]). A clock read from JKF is written back as it was; one of another
//! format gives `now`, and `total` is the sum of the mover's times so far.
//!
//! What JKF cannot hold goes to [`WrittenGame::lost`]: a second game in one file (an error),
//! a second tag of one name, a start position's move number other than 1, fractions of
//! seconds, annotation glyphs, comments before a variation's first move, the result of a game
//! without a special move, and the terminal words JKF has no special for.
//!
//! Rule: json-kifu-format.schema.json and README (Kifu for JS, na2hiro).

use notation_traits::{
    CheckedGame, Diagnostic, Line, MoveNotation, Severity, Terminal, TerminalKind, WriteSettings,
    Written, WrittenGame,
};
use shogi_board::{Move, Position};

use crate::JkfNotation;
use crate::initial::initial_out;
use crate::json::Out;
use crate::time::{Clock, Hms, read_clock};

/// The specials of the JKF schema.
const SPECIALS: [&str; 14] = [
    "TORYO",
    "CHUDAN",
    "SENNICHITE",
    "TIME_UP",
    "ILLEGAL_MOVE",
    "+ILLEGAL_ACTION",
    "-ILLEGAL_ACTION",
    "JISHOGI",
    "KACHI",
    "HIKIWAKE",
    "MATTA",
    "TSUMI",
    "FUZUMI",
    "ERROR",
];

/// Writes `game` as JKF.
///
/// # Errors
///
/// A diagnostic (code `io`) for a second game of a file (`settings.index` above 0): a JKF file
/// holds one game.
pub fn write_game(
    game: &CheckedGame<Position>,
    settings: &WriteSettings<'_, Position>,
) -> Result<WrittenGame, Box<Diagnostic>> {
    if settings.index > 0 {
        return Err(Box::new(Diagnostic::new(
            Severity::Error,
            "io",
            format!(
                "a JKF file holds one game: game {} needs a file of its own",
                settings.index + 1
            ),
        )));
    }
    let mut w = Writer { lost: Vec::new() };
    let r = &game.replayed;
    let mut header = Vec::new();
    // JKF's header keys are KIF's header names (`Sente` is `先手`, `下手` in a handicap game).
    let handicap = shogi_board::Handicap::detect(&r.start).is_some();
    for tag in &shogi_board::kif_tags(&r.record.tags, handicap) {
        let ascii = tag.name.to_ascii_lowercase();
        // The start is `initial`; a `Result` the terminal move says is not repeated.
        let said = ascii == "result" && game.terminal.is_some();
        if said || tag.name == "手合割" || matches!(ascii.as_str(), "sfen" | "fen" | "handicap")
        {
            continue;
        }
        if header.iter().any(|(n, _)| *n == tag.name) {
            w.note(format!(
                "the second tag `{}`: a JKF header holds one value a name",
                tag.name
            ));
            continue;
        }
        header.push((tag.name.clone(), Out::Str(tag.value.clone())));
    }
    if r.start.ply() != 1 {
        w.note(format!(
            "the start position's move number {}: JKF counts moves from 1",
            r.start.ply()
        ));
    }
    let mut entries = vec![comments_entry(&r.record.main.comments)];
    let mut totals = [0u64; 2];
    let mut pos = r.start;
    let mut previous = None;
    for m in &r.record.main.moves {
        let mut entry = w.entry(&pos, previous, m, &mut totals);
        if !m.variations.is_empty() {
            let mut forks = Vec::new();
            for v in &m.variations {
                forks.push(Out::Arr(w.fork(
                    &pos,
                    previous,
                    v,
                    totals_before(&totals, &pos, m),
                )));
            }
            entry.push(("forks".to_owned(), Out::Arr(forks)));
        }
        entries.push(Out::Obj(entry));
        pos.play_unchecked(m.mv);
        previous = Some(m.mv);
    }
    let mut trailing: Vec<String> = Vec::new();
    if let Some(unread) = game.unread_comment() {
        trailing.extend(unread.lines().map(str::to_owned));
    }
    match &game.terminal {
        Some(t) => {
            let mut entry = Vec::new();
            let mut texts = trailing.clone();
            texts.extend(r.record.trailing_comments.iter().cloned());
            let word = w.special(t);
            if word.is_none() {
                texts.push(t.text.clone());
            }
            if !texts.is_empty() {
                entry.push(("comments".to_owned(), strings(&texts)));
            }
            if let Some(clock) = &t.clock {
                let side = usize::from(!t.first_to_move);
                if let Some(time) = w.time(clock, &mut totals, side) {
                    entry.push(("time".to_owned(), time));
                }
            }
            match word {
                Some(word) => {
                    entry.push(("special".to_owned(), Out::Str(word)));
                    entries.push(Out::Obj(entry));
                }
                None => add_comments(&mut entries, &texts),
            }
        }
        None => {
            trailing.extend(r.record.trailing_comments.iter().cloned());
            add_comments(&mut entries, &trailing);
            if let Some(result) = r.record.result_token.as_deref() {
                w.note(format!(
                    "the result `{result}`: JKF records how a game ended by its specials only"
                ));
            }
        }
    }
    let jkf = Out::Obj(vec![
        ("header".to_owned(), Out::Obj(header)),
        ("initial".to_owned(), initial_out(&r.start)),
        ("moves".to_owned(), Out::Arr(entries)),
    ]);
    let mut out = String::new();
    jkf.pretty(&mut out, 0);
    out.push('\n');
    Ok(WrittenGame {
        output: Written::Text(out),
        lost: w.lost,
    })
}

/// The totals before the move `m` of `pos` (a fork replaces it): `totals` less its time.
fn totals_before(
    totals: &[u64; 2],
    pos: &Position,
    m: &notation_traits::MoveEntry<Move>,
) -> [u64; 2] {
    let mut before = *totals;
    let side = pos.side_to_move().index();
    let spent = m
        .clock
        .as_deref()
        .and_then(read_clock)
        .map_or(0, |c| match c {
            Clock::Jkf { now, .. } => now.seconds(),
            Clock::Millis(ms) => ms / 1000,
        });
    before[side] = before[side].saturating_sub(spent);
    before
}

fn strings(texts: &[String]) -> Out {
    Out::Arr(texts.iter().map(|t| Out::Str(t.clone())).collect())
}

/// `moves[0]`: `{}` or `{"comments": [...]}`.
fn comments_entry(comments: &[String]) -> Out {
    if comments.is_empty() {
        Out::Obj(Vec::new())
    } else {
        Out::Obj(vec![("comments".to_owned(), strings(comments))])
    }
}

/// Adds comments to the last entry.
fn add_comments(entries: &mut [Out], texts: &[String]) {
    if texts.is_empty() {
        return;
    }
    let Some(Out::Obj(last)) = entries.last_mut() else {
        return;
    };
    match last.iter_mut().find(|(k, _)| k == "comments") {
        Some((_, Out::Arr(items))) => items.extend(texts.iter().map(|t| Out::Str(t.clone()))),
        _ => last.insert(0, ("comments".to_owned(), strings(texts))),
    }
}

struct Writer {
    lost: Vec<String>,
}

impl Writer {
    fn note(&mut self, note: String) {
        if !self.lost.contains(&note) {
            self.lost.push(note);
        }
    }

    /// The members of the entry of move `m` of `pos`, after `previous`.
    fn entry(
        &mut self,
        pos: &Position,
        previous: Option<Move>,
        m: &notation_traits::MoveEntry<Move>,
        totals: &mut [u64; 2],
    ) -> Vec<(String, Out)> {
        let mut entry = Vec::new();
        if !m.comments.is_empty() {
            entry.push(("comments".to_owned(), strings(&m.comments)));
        }
        // As read where the object is complete (`color`, `to`, `piece`, and `from` for a
        // board move) and names the move without a warning.
        let as_read = JkfNotation.parse(&m.text).ok().filter(|s| {
            s.color.is_some()
                && s.to.is_some()
                && (s.from.is_some() || m.mv.is_drop())
                && JkfNotation
                    .resolve_after(pos, previous, s)
                    .is_ok_and(|r| r.mv == m.mv && r.warnings.is_empty())
        });
        let object = match as_read {
            Some(s) => s.object().clone(),
            None => JkfNotation
                .describe_after(pos, previous, m.mv)
                .object()
                .clone(),
        };
        entry.push(("move".to_owned(), object));
        if let Some(clock) = &m.clock
            && let Some(time) = self.time(clock, totals, pos.side_to_move().index())
        {
            entry.push(("time".to_owned(), time));
        }
        if !m.nags.is_empty() {
            self.note("annotation glyphs: JKF has none".to_owned());
        }
        entry
    }

    /// The entries of a fork from `pos` (before the move it replaces), after `previous`.
    fn fork(
        &mut self,
        pos: &Position,
        previous: Option<Move>,
        line: &Line<Move>,
        mut totals: [u64; 2],
    ) -> Vec<Out> {
        if !line.comments.is_empty() {
            self.note(
                "comments before a variation's first move: JKF has no place for them".to_owned(),
            );
        }
        let mut pos = *pos;
        let mut previous = previous;
        let mut entries = Vec::new();
        let mut special = None;
        for (i, m) in line.moves.iter().enumerate() {
            let mut entry = self.entry(&pos, previous, m, &mut totals);
            // A special that ended the fork, kept as the last comment of its last move.
            if i + 1 == line.moves.len()
                && let Some((_, Out::Arr(items))) = entry.iter_mut().find(|(k, _)| k == "comments")
                && let Some(Out::Str(last)) = items.last()
                && let Some(word) = last.strip_prefix('%')
                && SPECIALS.contains(&word)
            {
                special = Some(word.to_owned());
                items.pop();
                if items.is_empty() {
                    entry.retain(|(k, _)| k != "comments");
                }
            }
            if !m.variations.is_empty() {
                let before = totals_before(&totals, &pos, m);
                let forks = m
                    .variations
                    .iter()
                    .map(|v| Out::Arr(self.fork(&pos, previous, v, before)))
                    .collect();
                entry.push(("forks".to_owned(), Out::Arr(forks)));
            }
            entries.push(Out::Obj(entry));
            pos.play_unchecked(m.mv);
            previous = Some(m.mv);
        }
        if let Some(word) = special {
            entries.push(Out::Obj(vec![("special".to_owned(), Out::Str(word))]));
        }
        entries
    }

    /// The `time` of a clock text, `side` (0 sente, 1 gote) having moved.
    fn time(&mut self, clock: &str, totals: &mut [u64; 2], side: usize) -> Option<Out> {
        let Some(read) = read_clock(clock) else {
            self.note("clock times in a form JKF cannot hold".to_owned());
            return None;
        };
        let (now, total) = match read {
            Clock::Jkf { now, total } => (now, total),
            Clock::Millis(ms) => {
                if ms % 1000 != 0 {
                    self.note("fractions of seconds: JKF times are whole seconds".to_owned());
                }
                (Hms::of_seconds(ms / 1000, false), None)
            }
        };
        totals[side] += now.seconds();
        let total = total.unwrap_or_else(|| Hms::of_seconds(totals[side], true));
        Some(Out::Obj(vec![
            ("now".to_owned(), now.out()),
            ("total".to_owned(), total.out()),
        ]))
    }

    /// The `special` of a terminal word; `None` where JKF has none.
    fn special(&mut self, t: &Terminal) -> Option<String> {
        let read = t.text.strip_prefix('%').unwrap_or(&t.text);
        if SPECIALS.contains(&read) && TerminalKind::from_csa(read) == Some(t.kind) {
            return Some(read.to_owned());
        }
        match t.kind {
            TerminalKind::MaxMoves => {
                self.note(format!(
                    "the terminal word `{}` (the move limit): JKF has no such special (written as HIKIWAKE)",
                    t.text
                ));
                Some("HIKIWAKE".to_owned())
            }
            TerminalKind::IllegalWin => Some(
                if t.first_to_move {
                    "-ILLEGAL_ACTION"
                } else {
                    "+ILLEGAL_ACTION"
                }
                .to_owned(),
            ),
            TerminalKind::RepetitionWin => {
                self.note(format!(
                    "the terminal word `{}` (a win by repetition): written as SENNICHITE",
                    t.text
                ));
                Some("SENNICHITE".to_owned())
            }
            TerminalKind::Sealed => {
                self.note(format!(
                    "the terminal word `{}` (a sealed move): JKF has no such special (written as CHUDAN)",
                    t.text
                ));
                Some("CHUDAN".to_owned())
            }
            kind => match kind.csa() {
                Some(w) => Some(w.trim_start_matches('%').to_owned()),
                None => {
                    self.note(format!(
                        "the terminal word `{}` ({kind}): JKF has no such special (kept as a comment)",
                        t.text
                    ));
                    None
                }
            },
        }
    }
}
