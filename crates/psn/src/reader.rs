//! PSN game files: game after game from any [`BufRead`], each with its start position, its
//! dialect, its terminal word and its result, ready to be checked move by move.
//!
//! [`PsnReader`] is built on [`notation_traits::GameReader`], which splits the text (tags,
//! move numbers per ply or per pair or none, `{}` and `;` comments, `()` variations, clock times
//! `(00:03 / 00:00:03)`, glyphs, PGN results, a UTF-8 byte-order mark, CRLF) and streams: a file
//! of any size is read one game at a time. On top of that, for each game:
//!
//! - the start position ([`start_position`]): `[SFEN]` (a board-only SFEN too), else a
//!   `[Handicap]` name (the giver is White/gote and moves first), else the even start; tag
//!   names in any case;
//! - the terminal word (`Resigns`, `Interrupt`, `Mate`, ...) taken off the moves
//!   ([`split_terminal`]), with the result it implies, and a `result-mismatch` warning when it
//!   disagrees with the `[Result]` tag or a PGN result in the move text;
//! - the dialect ([`Dialect`]): PSN moves, or USI moves (PSN2, or a bare line of USI moves).
//!
//! Before that, what some writers add is brought to the common form (Shogidokoro's
//! `Variation:N` blocks, `~` line breaks in comments, the capture shorthand `xL`; see the
//! `dialects` module).
//!
//! Not read: files in other encodings than UTF-8 (Shogidokoro's Shift_JIS; decode them first).

use std::io::{self, BufRead};

use notation_traits::{
    Diagnostic, GameReader, GameRecord, GameResult, RawGame, ReplayOptions, Replayed, Severity,
    Terminal, TerminalKind, Termination, TextNotation, replay_with,
};
use shogi_board::{Color, Handicap, Position};

use crate::Psn;
use crate::dialects::{self, old_fen_to_sfen};
use crate::terminal::{TerminalWord, split_terminal};
use crate::usi::{Usi, is_usi};

/// The kind of move text of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Dialect {
    /// PSN moves (`P-7f`, `P7g-7f`, `P-76`, `P'7f`, ...), read with [`Psn`].
    Psn,
    /// MyShogi's PSN2: `[Black]` is the first tag and the moves are USI (`1.7g7f`,
    /// `22.S*8f`), read with [`Usi`].
    Psn2,
    /// USI moves without the PSN2 signature (a bare line `7g7f 3c3d 8h2b+`), read with
    /// [`Usi`].
    Usi,
}

impl Dialect {
    /// The name: `psn`, `psn2` or `usi`.
    pub const fn name(self) -> &'static str {
        match self {
            Dialect::Psn => "psn",
            Dialect::Psn2 => "psn2",
            Dialect::Usi => "usi",
        }
    }

    /// The dialect of a record's move text: USI when its first moves (up to eight) are all USI
    /// moves and at least one of them is a board move (`7g7f`; a drop `P*5e` reads the same in
    /// both), PSN otherwise; USI with `[Black]` as the first tag is PSN2.
    ///
    /// ```
    /// use notation_traits::parse_game_text;
    /// use psn::Dialect;
    ///
    /// let psn2 = parse_game_text("[Black \"a\"]\n[White \"b\"]\n1.7g7f 2.3c3d\n");
    /// assert_eq!(Dialect::detect(&psn2.record), Dialect::Psn2);
    /// let black_white = parse_game_text("[Black \"a\"]\n1.P-7f 2.P-3d\n");
    /// assert_eq!(Dialect::detect(&black_white.record), Dialect::Psn);
    /// assert_eq!(Dialect::detect(&parse_game_text("7g7f 3c3d\n").record), Dialect::Usi);
    /// ```
    pub fn detect<M>(record: &GameRecord<M>) -> Dialect {
        let first: Vec<&str> = record
            .main
            .moves
            .iter()
            .take(8)
            .map(|m| m.text.as_str())
            .collect();
        let usi = !first.is_empty()
            && first.iter().all(|t| is_usi(t))
            && first
                .iter()
                .any(|t| t.starts_with(|c: char| c.is_ascii_digit()));
        let black_first = record
            .tags
            .first()
            .is_some_and(|t| t.name.eq_ignore_ascii_case("Black"));
        match (usi, black_first) {
            (false, _) => Dialect::Psn,
            (true, true) => Dialect::Psn2,
            (true, false) => Dialect::Usi,
        }
    }

    /// The notation that reads the dialect's moves: [`Psn`] or [`Usi`].
    pub fn notation(self) -> Box<dyn TextNotation<Position>> {
        match self {
            Dialect::Psn => Box::new(Psn::default()),
            Dialect::Psn2 | Dialect::Usi => Box::new(Usi),
        }
    }
}

/// The first tag named `name` (any case).
fn find_tag<'a, M>(record: &'a GameRecord<M>, name: &str) -> Option<&'a notation_traits::Tag> {
    record
        .tags
        .iter()
        .find(|t| t.name.eq_ignore_ascii_case(name))
}

/// Whether a `[Handicap]` value means no handicap.
fn is_even(value: &str) -> bool {
    let v = value.trim().to_ascii_lowercase();
    matches!(
        v.as_str(),
        "" | "-" | "even" | "none" | "no handicap" | "hirate" | "平手"
    )
}

/// The start position of a record.
///
/// - `[SFEN]` (tag names in any case) wins. A board-only SFEN (the board field alone) gets
///   White to move when a `[Handicap]` tag names a handicap or the first move number has an
///   ellipsis (`1...`), Black otherwise; empty hands; move count 1.
/// - Else `[FEN]`: an SFEN, or the 1998 draft's `board counts s|g n` ([`old_fen_to_sfen`]).
/// - Else `[Handicap]`: a name [`Handicap`]'s `FromStr` reads (`Lance`, `Two piece`,
///   `rook+lance`, `香落ち`, ...), White (the giver) to move; `Even`, `None`, `平手` or an empty
///   value are the even start.
/// - Else the even start, Black to move.
///
/// # Errors
///
/// A diagnostic at the tag: `bad-sfen` (with why the SFEN is not a legal position),
/// `bad-handicap` (an unknown name), `bad-fen` (a `[FEN]` tag in neither form, or not a legal
/// position).
///
/// # Examples
///
/// ```
/// use notation_traits::parse_game_text;
/// use psn::start_position;
/// use shogi_board::{Handicap, Position};
///
/// let game = parse_game_text("[Handicap \"Lance\"]\n1... P-6d\n");
/// assert_eq!(start_position(&game.record).map_err(|d| d.to_string())?, Handicap::Lance.position());
/// let game = parse_game_text("[sfen \"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL\"]\n");
/// assert_eq!(start_position(&game.record).map_err(|d| d.to_string())?, Position::new());
/// let game = parse_game_text("[Handicap \"Queen\"]\n");
/// assert_eq!(start_position(&game.record).unwrap_err().code, "bad-handicap");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn start_position<M>(record: &GameRecord<M>) -> Result<Position, Box<Diagnostic>> {
    let handicap = find_tag(record, "Handicap");
    if let Some(tag) = find_tag(record, "SFEN") {
        let value = tag.value.trim();
        let text = if value.split_whitespace().count() == 1 {
            let white_first = handicap.is_some_and(|h| h.value.parse::<Handicap>().is_ok())
                || record
                    .main
                    .moves
                    .first()
                    .and_then(|m| m.number)
                    .is_some_and(|n| n.ellipsis);
            format!("{value} {} - 1", if white_first { 'w' } else { 'b' })
        } else {
            value.to_owned()
        };
        return Position::from_sfen(&text).map_err(|e| {
            Box::new(
                Diagnostic::new(
                    Severity::Error,
                    "bad-sfen",
                    format!("[SFEN \"{}\"]: {e}", tag.value),
                )
                .at(tag.span),
            )
        });
    }
    if let Some(tag) = find_tag(record, "FEN") {
        return fen_tag_position(&tag.value).map_err(|why| {
            Box::new(
                Diagnostic::new(
                    Severity::Error,
                    "bad-fen",
                    format!("[FEN \"{}\"]: {why}", tag.value),
                )
                .at(tag.span)
                .with_help("the old PSN form is `board counts s|g n`, e.g. `[FEN \"8k/9/9/9/9/9/9/9/K8 0000011/T s 1\"]`; or give the start position in an [SFEN] tag"),
            )
        });
    }
    if let Some(tag) = handicap {
        if is_even(&tag.value) {
            return Ok(Position::new());
        }
        return tag
            .value
            .parse::<Handicap>()
            .map(Handicap::position)
            .map_err(|e| {
                Box::new(
                    Diagnostic::new(
                        Severity::Error,
                        "bad-handicap",
                        format!("[Handicap \"{}\"]: {e}", tag.value),
                    )
                    .at(tag.span)
                    .with_help("give the start position in an [SFEN] tag"),
                )
            });
    }
    Ok(Position::new())
}

/// The index of the first tag named `own` or `other` (any case): a player's name, `[Sente]` in
/// PSN and `[Black]` in PSN2, whichever the file gives first.
pub(crate) fn player_tag<M>(record: &GameRecord<M>, own: &str, other: &str) -> Option<usize> {
    record
        .tags
        .iter()
        .position(|t| t.name.eq_ignore_ascii_case(own) || t.name.eq_ignore_ascii_case(other))
}

/// The position of a `[FEN]` tag: an SFEN, else the 1998 draft's `board counts s|g n`.
fn fen_tag_position(value: &str) -> Result<Position, String> {
    if let Ok(pos) = Position::from_sfen(value.trim()) {
        return Ok(pos);
    }
    let sfen = old_fen_to_sfen(value)?;
    Position::from_sfen(&sfen).map_err(|e| e.to_string())
}

/// One game of a PSN file: the record as read (its terminal word taken off), its start
/// position, dialect and terminal word.
#[derive(Clone, Debug)]
pub struct PsnGame {
    /// The game as the text reader gave it, with the terminal word off the main line
    /// ([`split_terminal`]) and the reader's diagnostics (plus `text-after-result` and
    /// `result-mismatch` warnings).
    pub raw: RawGame,
    /// The start position, or why it cannot be read ([`start_position`]).
    pub start: Result<Position, Box<Diagnostic>>,
    /// The terminal word, if the move text ends with one.
    pub terminal: Option<Terminal>,
    /// PSN or USI moves.
    pub dialect: Dialect,
}

impl PsnGame {
    /// Prepares a game read by [`notation_traits::GameReader`]: an engine command (`position
    /// sfen ... moves ...`, `position startpos moves ...`) becomes a record with an `[SFEN]`
    /// tag; Shogidokoro's `Variation:N`
    /// blocks become variations, `~` in comments a line break, the capture shorthand (`xL`,
    /// `Sx+`) a move with the previous move's square (a `capture-shorthand` warning); then its
    /// start position, its terminal word and its dialect.
    ///
    /// When the start position cannot be read, the terminal word's side to move is counted
    /// from White when the first move number has an ellipsis (`1...`), else from Black.
    pub fn new(mut raw: RawGame) -> PsnGame {
        if let Some(command) = notation_traits::position_command(&raw.record) {
            raw.record = command.into_record(&raw.record, "SFEN");
        }
        dialects::variation_blocks(&mut raw);
        dialects::tilde_line_breaks(&mut raw);
        dialects::capture_shorthands(&mut raw);
        let start = start_position(&raw.record);
        // `[SFEN]` (or `[FEN]`) decides the start; a `[Handicap]` naming another one is worth
        // a word.
        let position_tag = ["SFEN", "FEN"]
            .into_iter()
            .find(|name| find_tag(&raw.record, name).is_some());
        if let (Ok(pos), Some(tag), Some(position_tag)) =
            (&start, find_tag(&raw.record, "Handicap"), position_tag)
            && let Ok(named) = tag.value.parse::<Handicap>()
            && !named.position().same_position(pos)
        {
            raw.diagnostics.push(
                Diagnostic::new(
                    Severity::Warning,
                    "handicap-mismatch",
                    format!(
                        "[Handicap \"{}\"] names another start than [{position_tag}]: the {position_tag} is used",
                        tag.value
                    ),
                )
                .at(tag.span),
            );
        }
        // `[SFEN]` wins over `[FEN]`; a `[FEN]` that says otherwise is worth a word too.
        if let (Ok(pos), Some(_), Some(fen)) = (
            &start,
            find_tag(&raw.record, "SFEN"),
            find_tag(&raw.record, "FEN"),
        ) {
            let why = match fen_tag_position(&fen.value) {
                Ok(named) if named.same_position(pos) => None,
                Ok(_) => Some("names another start than [SFEN]".to_owned()),
                Err(e) => Some(format!("cannot be read ({e})")),
            };
            if let Some(why) = why {
                raw.diagnostics.push(
                    Diagnostic::new(
                        Severity::Warning,
                        "fen-mismatch",
                        format!("[FEN \"{}\"] {why}: the SFEN is used", fen.value),
                    )
                    .at(fen.span),
                );
            }
        }
        let first = match &start {
            Ok(pos) => pos.side_to_move(),
            Err(_) => {
                let ellipsis = raw
                    .record
                    .main
                    .moves
                    .first()
                    .and_then(|m| m.number)
                    .is_some_and(|n| n.ellipsis);
                if ellipsis { Color::White } else { Color::Black }
            }
        };
        let mut terminal = split_terminal(&mut raw, first);
        // kifu's PSN keeps a PSN2 word in `[Termination]` where it writes Shogidokoro's.
        if let Some(t) = &mut terminal
            && let Some(word) = find_tag(&raw.record, "Termination")
                .and_then(|tag| TerminalWord::from_word(tag.value.trim()))
            && TerminalWord::for_kind(t.kind) == Some(word.shogidokoro())
        {
            t.kind = word.kind();
        }
        let dialect = Dialect::detect(&raw.record);
        if let Some(t) = &terminal
            && let Some(implied) = t.result()
        {
            let stated = raw
                .record
                .result_token
                .as_deref()
                .and_then(|r| r.parse::<GameResult>().ok())
                .map(|r| (r, "the move text"))
                .or_else(|| {
                    raw.record
                        .tag("Result")
                        .and_then(|r| r.parse::<GameResult>().ok())
                        .map(|r| (r, "the [Result] tag"))
                });
            // `Sennichite` is also what Shogidokoro writes for a loss by perpetual check: which
            // result it means is judged with the moves ([`PsnGame::replay`]).
            let agrees =
                |stated: GameResult| stated == implied || t.kind == TerminalKind::Repetition;
            if let Some((stated, source)) = stated
                && !agrees(stated)
            {
                raw.diagnostics.push(
                    Diagnostic::new(
                        Severity::Warning,
                        "result-mismatch",
                        format!(
                            "`{}` after ply {} means {implied} ({} to move), but {source} gives {stated}",
                            t.text,
                            raw.record.main.moves.len(),
                            if t.first_to_move { Color::Black } else { Color::White }
                        ),
                    )
                    .at(t.span),
                );
            }
        }
        PsnGame {
            raw,
            start,
            terminal,
            dialect,
        }
    }

    /// The record (moves as text).
    pub fn record(&self) -> &GameRecord<()> {
        &self.raw.record
    }

    /// Black's (sente's) name: the first `[Sente]` or `[Black]` tag (names in any case).
    pub fn sente(&self) -> Option<&str> {
        self.player("Sente", "Black")
    }

    /// The value of the first tag named `own` or `other` (any case), in file order.
    fn player(&self, own: &str, other: &str) -> Option<&str> {
        player_tag(&self.raw.record, own, other).map(|i| self.raw.record.tags[i].value.as_str())
    }

    /// White's (gote's) name: the first `[Gote]` or `[White]` tag (names in any case).
    pub fn gote(&self) -> Option<&str> {
        self.player("Gote", "White")
    }

    /// The result: a PGN result in the move text, else the `[Result]` tag, else the one the
    /// terminal word implies; `None` when none gives one.
    pub fn result(&self) -> Option<GameResult> {
        self.raw
            .record
            .result()
            .or_else(|| self.terminal.as_ref().and_then(Terminal::result))
    }

    /// How the game ended, as its terminal word says.
    pub fn termination(&self) -> Option<Termination> {
        self.terminal.as_ref().map(Terminal::termination)
    }

    /// Checks every move from the start position with the dialect's notation
    /// ([`notation_traits::replay_with`]). A `Mate` terminal word after a position that is
    /// not checkmate adds a `terminal-mismatch` warning, and so does a repetition word the
    /// repetition rule does not give ([`shogi_board::repetition`]: `Sennichite`,
    /// `RepetitionDraw` or `RepetitionWin` where the last position did not stand on the board
    /// four times; `RepetitionDraw` after perpetual check; `RepetitionWin` for the checking
    /// side or without perpetual check), and a `DeclarationWin` the 27-point rule refuses
    /// ([`Position::declaration`]). Shogidokoro writes `Sennichite` for a perpetual-check
    /// loss too: after perpetual check it warns unless the result says the checker lost.
    /// `Jishogi` stands for a declaration and a draw alike and is not checked.
    ///
    /// The diagnostics of the text reader stay in [`PsnGame::raw`].
    ///
    /// # Errors
    ///
    /// The start position's diagnostic when it cannot be read.
    ///
    /// # Examples
    ///
    /// ```
    /// use notation_traits::ReplayOptions;
    /// use psn::PsnReader;
    ///
    /// let text = "[Sente \"A\"]\n[Gote \"B\"]\n1.P-7f\n2.P-3d\n3.Bx2b+\n4.Resigns\n";
    /// let game = PsnReader::new(text.as_bytes()).next().unwrap()?;
    /// let replayed = game.replay(ReplayOptions::default()).map_err(|d| d.to_string())?;
    /// let moves: Vec<String> = replayed.record.main.moves.iter().map(|m| m.mv.to_string()).collect();
    /// assert_eq!(moves, ["7g7f", "3c3d", "8h2b+"]);
    /// assert_eq!(game.result().map(|r| r.to_string()).as_deref(), Some("1-0"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn replay(&self, options: ReplayOptions) -> Result<Replayed<Position>, Box<Diagnostic>> {
        self.replay_in(self.notation(self.dialect).as_ref(), options)
    }

    /// [`PsnGame::replay`] with another notation than the dialect's (a user's choice).
    ///
    /// # Errors
    ///
    /// The start position's diagnostic when it cannot be read.
    pub fn replay_in(
        &self,
        notation: &dyn TextNotation<Position>,
        options: ReplayOptions,
    ) -> Result<Replayed<Position>, Box<Diagnostic>> {
        let start = self.start.clone()?;
        let mut replayed = replay_with(&self.raw.record, start, notation, options);
        if let Some(d) = self
            .terminal
            .as_ref()
            .and_then(|t| shogi_board::check_terminal(t, &replayed))
        {
            replayed.diagnostics.push(d);
        }
        Ok(replayed)
    }
}

/// Reads PSN (and PSN2) games one after the other from a [`BufRead`]; an iterator of
/// `io::Result<PsnGame>`.
///
/// # Errors
///
/// The iterator yields an [`io::Error`] when reading fails or the text is not UTF-8
/// ([`io::ErrorKind::InvalidData`]); problems in the text itself become diagnostics of their
/// game.
///
/// # Examples
///
/// ```
/// use psn::{Dialect, PsnReader, TerminalWord};
/// use shogi_board::Color;
///
/// let text = "[Black \"A\"]\n[White \"B\"]\n1.7g7f (00:00:01 / 00:00:01)\n2.Interrupt\n\n\
///             [Sente \"C\"]\n[Gote \"D\"]\n[Handicap \"Lance\"]\n1... P-6d 2. G6i-5h *\n";
/// let games: Vec<_> = PsnReader::new(text.as_bytes()).collect::<Result<_, _>>()?;
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].dialect, Dialect::Psn2);
/// assert_eq!((games[0].sente(), games[0].gote()), (Some("A"), Some("B")));
/// assert_eq!(games[0].terminal.as_ref().map(|t| t.kind), Some(TerminalWord::Interrupt.kind()));
/// assert_eq!(games[1].start.as_ref().map(|p| p.side_to_move()).ok(), Some(Color::White));
/// assert_eq!(games[1].record().main.moves.len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct PsnReader<R> {
    games: GameReader<R>,
}

impl<R: BufRead> PsnReader<R> {
    /// A reader over `input`.
    pub fn new(input: R) -> Self {
        PsnReader {
            games: GameReader::new(input),
        }
    }
}

impl<R: BufRead> Iterator for PsnReader<R> {
    type Item = io::Result<PsnGame>;

    fn next(&mut self) -> Option<Self::Item> {
        Some(self.games.next()?.map(PsnGame::new))
    }
}

/// A clock time as Shogidokoro and PSN2 write it after a move: the time for the move and the
/// player's running total, `(mm:ss / hh:mm:ss)` or `(hh:mm:ss / hh:mm:ss)`.
///
/// # Examples
///
/// ```
/// use psn::Clock;
///
/// let clock = Clock::parse("02:04 / 00:03:43").unwrap();
/// assert_eq!((clock.this_move, clock.total), (124, 223));
/// assert_eq!(Clock::parse("00:00:22 / 00:10:06").map(|c| c.total), Some(606));
/// assert_eq!(clock.to_string(), "02:04 / 00:03:43");
/// assert_eq!(Clock::parse("1:2:3:4 / 5"), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Clock {
    /// Seconds spent on the move.
    pub this_move: u32,
    /// Seconds the player has spent so far, this move included.
    pub total: u32,
}

impl Clock {
    /// Reads `mm:ss / hh:mm:ss` (also `hh:mm:ss` for the first part, and `mm:ss` for the
    /// second); `None` for anything else.
    pub fn parse(text: &str) -> Option<Clock> {
        let (a, b) = text.split_once('/')?;
        Some(Clock {
            this_move: seconds(a)?,
            total: seconds(b)?,
        })
    }
}

/// `mm:ss` or `hh:mm:ss` in seconds.
fn seconds(text: &str) -> Option<u32> {
    let parts: Vec<&str> = text.trim().split(':').collect();
    if !(2..=3).contains(&parts.len()) {
        return None;
    }
    let mut total: u32 = 0;
    for p in parts {
        if p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        total = total.checked_mul(60)?.checked_add(p.parse().ok()?)?;
    }
    Some(total)
}

impl std::fmt::Display for Clock {
    /// Shogidokoro's form: `mm:ss / hh:mm:ss`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let t = self.total;
        write!(
            f,
            "{:02}:{:02} / {:02}:{:02}:{:02}",
            self.this_move / 60,
            self.this_move % 60,
            t / 3600,
            t / 60 % 60,
            t % 60
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `terminal-mismatch` messages of a PSN2 game from the perpetual-check position
    /// (Black's dragon checks the lone white king along ranks a and b): `cycles` times
    /// the dragon to 1a and back with the king stepping 5a-5b-5a (the start again), then
    /// `more`, then `word`.
    fn mismatches(cycles: usize, more: &[&str], word: &str) -> Vec<String> {
        mismatches_with("", cycles, more, word)
    }

    /// [`mismatches`] with more tag lines (`tags`) after the SFEN.
    fn mismatches_with(tags: &str, cycles: usize, more: &[&str], word: &str) -> Vec<String> {
        let mut usi: Vec<&str> = Vec::new();
        for _ in 0..cycles {
            usi.extend(["1b1a", "5a5b", "1a1b", "5b5a"]);
        }
        usi.extend(more);
        let mut text = String::from(
            "[Black \"A\"]\n[White \"B\"]\n[SFEN \"4k4/8+R/9/9/9/9/9/9/4K4 b r2b4g4s4n4l18p 1\"]\n",
        );
        text.push_str(tags);
        for (i, m) in usi.iter().enumerate() {
            text.push_str(&format!("{}.{m}\n", i + 1));
        }
        text.push_str(&format!("{}.{word}\n", usi.len() + 1));
        let game = PsnReader::new(text.as_bytes())
            .next()
            .expect("a game")
            .expect("UTF-8");
        assert_eq!(game.dialect, Dialect::Psn2);
        let replayed = game.replay(ReplayOptions::default()).expect("a start");
        assert!(replayed.unread.is_empty(), "{text}");
        replayed
            .diagnostics
            .iter()
            .filter(|d| d.code == "terminal-mismatch")
            .map(|d| d.message.clone())
            .collect()
    }

    #[test]
    fn perpetual_check_decides_the_repetition_words() {
        // White in check after 1b1a a fourth time: White, to move, wins.
        assert!(mismatches(3, &["1b1a"], "RepetitionWin").is_empty());
        assert_eq!(
            mismatches(3, &["1b1a"], "RepetitionDraw"),
            [
                "`RepetitionDraw` written, but black gave check with every move of the repetition: by the rule black loses (a win by repetition for white)"
            ]
        );
        // Shogidokoro's word covers the perpetual-check loss too, but then the result must say
        // that the checker lost.
        assert_eq!(
            mismatches(3, &["1b1a"], "Sennichite"),
            [
                "`Sennichite` written, but black gave check with every move of the repetition: by the rule black loses (0-1), which the result does not say"
            ]
        );
        assert!(mismatches_with("[Result \"0-1\"]\n", 3, &["1b1a"], "Sennichite").is_empty());
        // Back at the start, Black (the checker) to move.
        assert_eq!(
            mismatches(2, &[], "RepetitionWin"),
            [
                "`RepetitionWin` written, but the last position stood on the board 3 times only: repetition (sennichite) needs the same position four times"
            ]
        );
        assert_eq!(
            mismatches(3, &[], "RepetitionWin"),
            ["`RepetitionWin` written, but black gave the perpetual check and loses: white wins"]
        );
        assert_eq!(
            mismatches(0, &["1b1a", "5a5b"], "Sennichite"),
            [
                "`Sennichite` written, but the last position stood on the board once only: repetition (sennichite) needs the same position four times"
            ]
        );
    }

    #[test]
    fn a_repetition_without_perpetual_check_is_no_win() {
        let mut text = String::from("[Black \"A\"]\n[White \"B\"]\n");
        for (i, m) in ["2h3h", "8b7b", "3h2h", "7b8b"]
            .iter()
            .cycle()
            .take(12)
            .enumerate()
        {
            text.push_str(&format!("{}.{m}\n", i + 1));
        }
        let messages = |text: &str| -> Vec<String> {
            let game = PsnReader::new(text.as_bytes())
                .next()
                .expect("a game")
                .expect("UTF-8");
            let replayed = game.replay(ReplayOptions::default()).expect("a start");
            game.raw
                .diagnostics
                .iter()
                .chain(&replayed.diagnostics)
                .map(|d| d.message.clone())
                .collect()
        };
        assert_eq!(
            messages(&format!("{text}13.RepetitionWin\n")),
            [
                "`RepetitionWin` written, but no side gave check with every move of the repetition: it is a draw, not a win for black"
            ]
        );
        // Sennichite is a draw there, so a decisive result is named; a draw is not.
        let decisive = text.replacen("[White \"B\"]\n", "[White \"B\"]\n[Result \"1-0\"]\n", 1);
        assert_eq!(
            messages(&format!("{decisive}13.Sennichite\n")),
            [
                "`Sennichite` written, but no side gave check with every move of the repetition: it is a draw, but the result says 1-0"
            ]
        );
        assert!(messages(&format!("{text}13.Sennichite\n")).is_empty());
    }

    #[test]
    fn a_declaration_the_27_point_rule_refuses_is_a_warning() {
        let text = |sfen: &str| {
            format!("[Black \"A\"]\n[White \"B\"]\n[SFEN \"{sfen}\"]\n1.5i5h\n2.DeclarationWin\n")
        };
        let messages = |sfen: &str| -> Vec<String> {
            let text = text(sfen);
            let game = PsnReader::new(text.as_bytes())
                .next()
                .expect("a game")
                .expect("UTF-8");
            let replayed = game.replay(ReplayOptions::default()).expect("a start");
            replayed
                .diagnostics
                .iter()
                .map(|d| d.message.clone())
                .collect()
        };
        // 12 pieces, 28 points: Black declares.
        assert!(messages("R3K3R/B1GGGG1B1/1SSSS4/9/9/9/9/9/4k4 w 4n4l18p 1").is_empty());
        // One silver fewer: 27 points.
        assert_eq!(
            messages("R3K3R/B1GGGG1B1/1SSS5/9/9/9/9/9/4k4 w s4n4l18p 1"),
            [
                "`DeclarationWin` written, but black cannot declare a win by the 27-point rule: 27 points in the opponent's camp and in hand: 28 are needed (rook and bishop 5, other pieces 1)"
            ]
        );
    }
}
