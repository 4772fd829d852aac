//! Terminal words: how Shogidokoro and MyShogi end the move text (`182.Resigns`,
//! `61.Interrupt`), turned from a move entry into the game's ending.
//!
//! [`notation_traits::GameReader`] reads a terminal word as one more move; [`split_terminal`]
//! takes it (and anything after it) off the main line and returns it as a
//! [`notation_traits::Terminal`]: the kind of ending ([`TerminalWord::kind`]), the word as
//! written, where it stands, its move number and clock time.
//!
//! Rule: the Shogidokoro vocabulary (`Resigns`, `Interrupt`, `Mate`, `Sennichite`, `Jishogi`,
//! `Timeup`) as MyShogi's `psn.cs` reads and writes it, MyShogi's PSN2 words (`docs/
//! PSN2format.md`: `RepetitionDraw`, `RepetitionWin`, `MaxMovesDraw`, `DeclarationWin`), and
//! `Resign` and `IllegalMove` as Asgts reads them (docs/research/shogi-psn.md, 1.5). A full stop
//! after the word (`Resigns.`) is read too, and playshogi's result line (`--Black Won--`,
//! `--White Won--`, `--Draw--`) gives the result, kept as a comment after it.

use std::fmt;

use notation_traits::{
    Diagnostic, GameResult, Line, MoveEntry, RawGame, Severity, Terminal, TerminalKind, Termination,
};
use shogi_board::Color;

/// A word that ends the move text instead of a move.
///
/// The result each implies is given from the side to move after the last move (`s`); words
/// that do not say who won imply no result (the `[Result]` tag decides).
///
/// # Examples
///
/// ```
/// use notation_traits::{GameResult, Termination};
/// use psn::TerminalWord;
/// use shogi_board::Color;
///
/// let word = TerminalWord::from_word("resign").unwrap();
/// assert_eq!(word, TerminalWord::Resigns);
/// assert_eq!(word.termination(), Termination::Resignation);
/// // White is to move and resigns.
/// assert_eq!(word.result(Color::White), Some(GameResult::FirstPlayerWins));
/// assert_eq!(TerminalWord::Interrupt.result(Color::Black), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TerminalWord {
    /// `Resigns` (also `Resign`): `s` resigns (投了) and loses.
    Resigns,
    /// `Interrupt`: the game was stopped (中断); no result.
    Interrupt,
    /// `Mate`: `s` is checkmated (詰み) and loses.
    Mate,
    /// `Sennichite`: fourfold repetition (千日手). Shogidokoro writes it for a draw and for a
    /// perpetual-check loss alike; read as a draw.
    Sennichite,
    /// `Jishogi`: an impasse (持将棋), written by Shogidokoro both for an entering-king
    /// declaration and for a draw; no result implied.
    Jishogi,
    /// `Timeup`: `s` ran out of time (切れ負け) and loses.
    Timeup,
    /// `IllegalMove`: `s` made an illegal move or action (反則負け) and loses.
    IllegalMove,
    /// `RepetitionDraw` (PSN2): a draw by repetition.
    RepetitionDraw,
    /// `RepetitionWin` (PSN2): `s` wins by repetition (the opponent gave perpetual check).
    RepetitionWin,
    /// `MaxMovesDraw` (PSN2): a draw at the maximum number of moves.
    MaxMovesDraw,
    /// `DeclarationWin` (PSN2): `s` declares an entering-king win (入玉宣言勝ち).
    DeclarationWin,
}

impl TerminalWord {
    /// Every word.
    pub const ALL: [TerminalWord; 11] = [
        TerminalWord::Resigns,
        TerminalWord::Interrupt,
        TerminalWord::Mate,
        TerminalWord::Sennichite,
        TerminalWord::Jishogi,
        TerminalWord::Timeup,
        TerminalWord::IllegalMove,
        TerminalWord::RepetitionDraw,
        TerminalWord::RepetitionWin,
        TerminalWord::MaxMovesDraw,
        TerminalWord::DeclarationWin,
    ];

    /// The word as written: `Resigns`, `Interrupt`, `Mate`, `Sennichite`, `Jishogi`, `Timeup`,
    /// `IllegalMove`, `RepetitionDraw`, `RepetitionWin`, `MaxMovesDraw`, `DeclarationWin`.
    pub const fn as_str(self) -> &'static str {
        match self {
            TerminalWord::Resigns => "Resigns",
            TerminalWord::Interrupt => "Interrupt",
            TerminalWord::Mate => "Mate",
            TerminalWord::Sennichite => "Sennichite",
            TerminalWord::Jishogi => "Jishogi",
            TerminalWord::Timeup => "Timeup",
            TerminalWord::IllegalMove => "IllegalMove",
            TerminalWord::RepetitionDraw => "RepetitionDraw",
            TerminalWord::RepetitionWin => "RepetitionWin",
            TerminalWord::MaxMovesDraw => "MaxMovesDraw",
            TerminalWord::DeclarationWin => "DeclarationWin",
        }
    }

    /// The word of `text`, compared without case and without a full stop after it
    /// (`Resigns.`); `Resign` is [`TerminalWord::Resigns`].
    pub fn from_word(text: &str) -> Option<TerminalWord> {
        let text = text.strip_suffix('.').unwrap_or(text);
        if text.eq_ignore_ascii_case("Resign") {
            return Some(TerminalWord::Resigns);
        }
        TerminalWord::ALL
            .into_iter()
            .find(|w| w.as_str().eq_ignore_ascii_case(text))
    }

    /// The word in Shogidokoro's vocabulary, which every PSN reader knows: the PSN2 words
    /// become `Sennichite` (repetitions) and `Jishogi` (maximum moves, declaration).
    pub const fn shogidokoro(self) -> TerminalWord {
        match self {
            TerminalWord::RepetitionDraw | TerminalWord::RepetitionWin => TerminalWord::Sennichite,
            TerminalWord::MaxMovesDraw | TerminalWord::DeclarationWin => TerminalWord::Jishogi,
            other => other,
        }
    }

    /// The ending the word names: `Sennichite` is [`TerminalKind::Repetition`] (a draw or a
    /// perpetual-check loss, as the moves decide), `Jishogi` [`TerminalKind::Impasse`].
    pub const fn kind(self) -> TerminalKind {
        match self {
            TerminalWord::Resigns => TerminalKind::Resignation,
            TerminalWord::Interrupt => TerminalKind::Interrupted,
            TerminalWord::Mate => TerminalKind::Checkmate,
            TerminalWord::Sennichite => TerminalKind::Repetition,
            TerminalWord::Jishogi => TerminalKind::Impasse,
            TerminalWord::Timeup => TerminalKind::Timeup,
            TerminalWord::IllegalMove => TerminalKind::IllegalMove,
            TerminalWord::RepetitionDraw => TerminalKind::RepetitionDraw,
            TerminalWord::RepetitionWin => TerminalKind::RepetitionWin,
            TerminalWord::MaxMovesDraw => TerminalKind::MaxMoves,
            TerminalWord::DeclarationWin => TerminalKind::Declaration,
        }
    }

    /// The word for an ending ([`TerminalWord::kind`] read backwards); `None` for the endings
    /// PSN and PSN2 have no word for (a draw agreed, a sealed move, a win by default, ...).
    pub fn for_kind(kind: TerminalKind) -> Option<TerminalWord> {
        TerminalWord::ALL.into_iter().find(|w| w.kind() == kind)
    }

    /// How the game ended ([`TerminalKind::termination`]): `Jishogi` counts as
    /// [`Termination::Declaration`].
    pub const fn termination(self) -> Termination {
        self.kind().termination()
    }

    /// The result the word implies when `side_to_move` is to move after the last move; `None`
    /// for `Interrupt` and `Jishogi` ([`TerminalKind::result`]).
    pub fn result(self, side_to_move: Color) -> Option<GameResult> {
        self.kind().result(side_to_move == Color::Black)
    }
}

impl fmt::Display for TerminalWord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Takes the terminal word off the main line of `raw`: the first move entry that is a
/// terminal word, and every entry after it (ignored, with a `text-after-result` warning in
/// `raw.diagnostics`). `first` is the side to move at the record's first move.
///
/// The record keeps the word as its result token when the move text has no PGN result
/// (`1-0`, `0-1`, `1/2-1/2`, `*`) of its own; comments after the word become the record's
/// trailing comments. In variations a terminal word ends the line and is kept as a comment.
///
/// # Examples
///
/// ```
/// use notation_traits::{GameResult, parse_game_text};
/// use psn::{TerminalWord, split_terminal};
/// use shogi_board::Color;
///
/// let mut raw = parse_game_text("1.P-7f (00:01 / 00:00:01)\n2.Resigns (00:02 / 00:00:02)\n");
/// let terminal = split_terminal(&mut raw, Color::Black).unwrap();
/// assert_eq!(terminal.kind, TerminalWord::Resigns.kind());
/// assert_eq!(terminal.clock.as_deref(), Some("00:02 / 00:00:02"));
/// assert_eq!(terminal.result(), Some(GameResult::FirstPlayerWins));
/// assert_eq!(raw.record.main.moves.len(), 1);
/// assert_eq!(raw.record.result_token.as_deref(), Some("Resigns"));
/// ```
pub fn split_terminal(raw: &mut RawGame, first: Color) -> Option<Terminal> {
    won_line(raw);
    for m in &mut raw.record.main.moves {
        for v in &mut m.variations {
            strip_line(v);
        }
    }
    let moves = &mut raw.record.main.moves;
    let i = moves
        .iter()
        .position(|m| TerminalWord::from_word(&m.text).is_some())?;
    let after = moves.split_off(i + 1);
    let entry = moves.pop()?;
    let word = TerminalWord::from_word(&entry.text)?;
    let mut kept_after = None;
    if let Some(next) = after.first() {
        raw.diagnostics.push(
            Diagnostic::new(
                Severity::Warning,
                "text-after-result",
                format!(
                    "{} move(s) after the terminal word `{}` are not read (kept as a comment), starting at `{}`",
                    after.len(),
                    entry.text,
                    next.text
                ),
            )
            .at(next.span),
        );
        // The text from there on, as written, so nothing is lost.
        let base = raw.record.span.start.offset;
        let from = next.number.map_or(next.span.start, |n| n.span.start).offset;
        let to = raw
            .record
            .result_span
            .map_or(raw.source.len(), |s| s.start.offset.saturating_sub(base));
        kept_after = raw
            .source
            .get(from.saturating_sub(base)..to.max(from.saturating_sub(base)))
            .map(|t| t.trim().to_owned());
    }
    if !entry.variations.is_empty() {
        raw.diagnostics.push(
            Diagnostic::new(
                Severity::Warning,
                "variation-dropped",
                format!(
                    "a variation after the terminal word `{}` ignored: it replaces no move",
                    entry.text
                ),
            )
            .at(entry.span),
        );
    }
    let record = &mut raw.record;
    if record.result_token.is_none() {
        record.result_token = Some(entry.text.clone());
        record.result_span = Some(entry.span);
    }
    let mut trailing = entry.comments.clone();
    trailing.extend(kept_after);
    trailing.append(&mut record.trailing_comments);
    record.trailing_comments = trailing;
    let side_to_move = if i % 2 == 0 { first } else { !first };
    Some(Terminal {
        kind: word.kind(),
        text: entry.text,
        span: entry.span,
        number: entry.number,
        clock: entry.clock,
        first_to_move: side_to_move == Color::Black,
    })
}

/// The result a line such as playshogi writes at the end of its PSN (`--Black Won--`,
/// `--White Won--`, `--Draw--`) says: the words between the dashes, any case. `Black` and
/// `Sente` are the first player.
fn won_words(words: &str) -> Option<&'static str> {
    let words = words.to_ascii_lowercase();
    let words: Vec<&str> = words.split_whitespace().collect();
    match words.as_slice() {
        ["black" | "sente", "won" | "wins", ..] => Some("1-0"),
        ["white" | "gote", "won" | "wins", ..] => Some("0-1"),
        ["draw", ..] => Some("1/2-1/2"),
        _ => None,
    }
}

/// Takes a result line `--Black Won--` (read as move entries `--Black`, `Won--`) off the end of
/// the main line: its result becomes the record's result token when the move text has none,
/// and the line is kept as a trailing comment, so nothing is lost.
fn won_line(raw: &mut RawGame) {
    let moves = &raw.record.main.moves;
    let Some(last) = moves.last() else { return };
    if !last.text.ends_with("--") {
        return;
    }
    let Some(first) = moves
        .iter()
        .rposition(|m| m.text.starts_with("--") && m.number.is_none())
    else {
        return;
    };
    let words: Vec<&str> = moves[first..].iter().map(|m| m.text.as_str()).collect();
    let line = words.join(" ");
    let Some(result) = line
        .strip_prefix("--")
        .and_then(|l| l.strip_suffix("--"))
        .and_then(won_words)
    else {
        return;
    };
    let span = notation_traits::Span {
        start: moves[first].span.start,
        end: last.span.end,
    };
    let mut taken = raw.record.main.moves.split_off(first);
    let record = &mut raw.record;
    if record.result_token.is_none() {
        record.result_token = Some(result.to_owned());
        record.result_span = Some(span);
    }
    let mut trailing = vec![line];
    trailing.extend(
        taken
            .iter_mut()
            .flat_map(|m| std::mem::take(&mut m.comments)),
    );
    trailing.append(&mut record.trailing_comments);
    record.trailing_comments = trailing;
}

/// Ends a variation at its first terminal word, keeping the word as a comment.
fn strip_line(line: &mut Line<()>) {
    for m in &mut line.moves {
        for v in &mut m.variations {
            strip_line(v);
        }
    }
    let Some(i) = line
        .moves
        .iter()
        .position(|m| TerminalWord::from_word(&m.text).is_some())
    else {
        return;
    };
    let rest: Vec<MoveEntry<()>> = line.moves.split_off(i);
    // The word with its clock time, then the comments written after it: nothing is lost.
    let text: Vec<String> = rest
        .iter()
        .map(|m| match &m.clock {
            Some(clock) => format!("{} ({clock})", m.text),
            None => m.text.clone(),
        })
        .collect();
    let mut comments = vec![text.join(" ")];
    comments.extend(rest.iter().flat_map(|m| m.comments.iter().cloned()));
    match line.moves.last_mut() {
        Some(m) => m.comments.extend(comments),
        None => line.comments.extend(comments),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_terminal_word_in_a_variation_keeps_its_clock_and_comments() {
        let mut raw = notation_traits::parse_game_text(
            "1.P-7f 2.P-3d 3.P-2f (3.P-6f (00:01 / 00:00:02) 4.Resigns (00:04 / 00:00:06) {short}) 4.Resigns\n",
        );
        let t = split_terminal(&mut raw, Color::Black).expect("a terminal word");
        assert_eq!(t.kind, TerminalKind::Resignation);
        let variation = &raw.record.main.moves[2].variations[0];
        assert_eq!(variation.moves.len(), 1);
        assert_eq!(
            variation.moves[0].comments,
            ["Resigns (00:04 / 00:00:06)", "short"]
        );
    }
}
