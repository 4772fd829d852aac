//! Checking a record read from a file: every move resolved in its position, move numbers
//! compared with the ply, variations replayed from the position they branch from, and faulty
//! moves weighed against the rest of the game.

use crate::{
    Diagnostic, GameRecord, GameResult, Line, MoveEntry, MoveNotation, MoveNumber, NotationError,
    Position, Readings, RepairLimits, Resolved, Severity, find_readings, near_moves,
};

/// An object-safe view of a [`MoveNotation`]: read and write moves as text.
///
/// Every `MoveNotation<P>` is a `TextNotation<P>`, so a program can choose a notation at run time
/// (`Box<dyn TextNotation<P>>`). The `_after` forms take the move played just before (`None`
/// at the start of a line), for notations whose moves can refer to it (KIF's `同`); the plain
/// forms are the `_after` forms without one.
pub trait TextNotation<P: Position> {
    /// Reads one move in `pos` that follows `previous`, as [`MoveNotation::read_move`] with
    /// [`MoveNotation::resolve_after`].
    ///
    /// # Errors
    ///
    /// The syntax or move error.
    fn read_after(
        &self,
        pos: &P,
        previous: Option<P::Move>,
        text: &str,
    ) -> Result<Resolved<P::Move>, NotationError>;

    /// [`read_after`](Self::read_after) where only the move matters, as
    /// [`MoveNotation::read_move_quickly`]: an error may leave its near spellings and a syntax
    /// error its words out.
    ///
    /// # Errors
    ///
    /// The syntax or move error.
    fn read_quickly_after(
        &self,
        pos: &P,
        previous: Option<P::Move>,
        text: &str,
    ) -> Result<Resolved<P::Move>, NotationError> {
        self.read_after(pos, previous, text)
    }

    /// Writes the legal move `mv` of `pos` that follows `previous`, as
    /// [`MoveNotation::write_move`] with [`MoveNotation::describe_after`].
    fn write_after(&self, pos: &P, previous: Option<P::Move>, mv: P::Move) -> String;

    /// [`write_after`](Self::write_after), appended to `out`: the same text, without a string
    /// of its own for each move (what the record writers use).
    fn write_after_into(&self, pos: &P, previous: Option<P::Move>, mv: P::Move, out: &mut String) {
        out.push_str(&self.write_after(pos, previous, mv));
    }

    /// Whether `text` has this notation's syntax, as [`MoveNotation::parse`]: no position, so no
    /// search of the legal moves (the cheap test for "is this text in this notation").
    fn parses(&self, text: &str) -> bool;

    /// Reads one move in `pos`, as [`MoveNotation::read_move`].
    ///
    /// # Errors
    ///
    /// The syntax or move error.
    fn read(&self, pos: &P, text: &str) -> Result<Resolved<P::Move>, NotationError> {
        self.read_after(pos, None, text)
    }

    /// Reads one move in `pos` where only the move matters, as
    /// [`MoveNotation::read_move_quickly`]: an error may leave its near spellings out.
    ///
    /// # Errors
    ///
    /// The syntax or move error.
    fn read_quickly(&self, pos: &P, text: &str) -> Result<Resolved<P::Move>, NotationError> {
        self.read_quickly_after(pos, None, text)
    }

    /// Writes the legal move `mv` of `pos`, as [`MoveNotation::write_move`].
    fn write(&self, pos: &P, mv: P::Move) -> String {
        self.write_after(pos, None, mv)
    }
}

impl<P: Position, N: MoveNotation<P>> TextNotation<P> for N {
    fn read_after(
        &self,
        pos: &P,
        previous: Option<P::Move>,
        text: &str,
    ) -> Result<Resolved<P::Move>, NotationError> {
        let syntax = self.parse(text)?;
        Ok(self.resolve_after(pos, previous, &syntax)?)
    }

    fn read_quickly_after(
        &self,
        pos: &P,
        previous: Option<P::Move>,
        text: &str,
    ) -> Result<Resolved<P::Move>, NotationError> {
        let syntax = self.parse_quickly(text)?;
        Ok(self.resolve_quickly_after(pos, previous, &syntax)?)
    }

    fn write_after(&self, pos: &P, previous: Option<P::Move>, mv: P::Move) -> String {
        self.describe_after(pos, previous, mv).to_string()
    }

    fn write_after_into(&self, pos: &P, previous: Option<P::Move>, mv: P::Move, out: &mut String) {
        use std::fmt::Write as _;
        // Writing to a String cannot fail.
        let _ = write!(out, "{}", self.describe_after(pos, previous, mv));
    }

    fn parses(&self, text: &str) -> bool {
        self.parse_quickly(text).is_ok()
    }
}

/// How [`replay_with`] treats faulty moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReplayOptions {
    /// Accept a faulty move into the record when every reading of the rest of the game with the
    /// fewest changes agrees on it (reported as a `repaired-move` warning). Without it, such a
    /// move is an error whose candidate is that move, and the record stops before it.
    pub repair: bool,
    /// Limits of the search for readings.
    pub limits: RepairLimits,
}

/// A record whose moves were checked, with the positions and what was found.
#[derive(Clone, Debug)]
pub struct Replayed<P: Position> {
    /// The record with resolved moves; the main line stops before the first move that could not
    /// be read (or, with [`ReplayOptions::repair`], could not be repaired).
    pub record: GameRecord<P::Move>,
    /// The start position.
    pub start: P,
    /// The position after the last move of `record`'s main line.
    pub end: P,
    /// The main-line moves from the first one not accepted on, as text (empty when every move was
    /// read).
    pub unread: Vec<MoveEntry<()>>,
    /// How many main-line moves were checked: all of them when the faulty ones could be weighed
    /// against the rest of the game, else up to the first fault.
    pub checked: usize,
    /// Errors and warnings, in the order of the moves.
    pub diagnostics: Vec<Diagnostic>,
}

impl<P: Position> Replayed<P> {
    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// How many plies after a fault must read with its only near reading for that reading to count
/// as confirmed by the rest of the game.
const CONFIRMING_PLIES: usize = 3;

/// How many plies from a fault are read to repair it when the whole line has no reading within
/// the limits (more faulty moves than [`RepairLimits::max_changes`], or too many positions).
const WINDOW: usize = 24;

/// How many plies before a fault a choice point may stand to be weighed with it when the fault
/// is read in a window (a `+` left out on a silver shows when that silver moves again).
const REWIND: usize = 64;

/// The longest line searched as a whole for its readings; a longer one is searched window by
/// window ([`WINDOW`] plies from each fault), so that the search's memory stays bounded.
const WHOLE_LINE: usize = 1_000;

/// The most move numbers said one by one; more are said once for the game.
const MISMATCHES_SAID: usize = 3;

/// The most candidates a diagnostic lists; more say how many there are instead.
const MAX_CANDIDATES: usize = 6;

/// How a file numbers its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Numbering {
    /// `1. a b 2. c d` (xiangqi PGN, Hodges pairs).
    PerPair,
    /// `1.a 2.b 3.c` (Shogidokoro PSN).
    PerPly,
}

/// Resolves every move of `raw` from `start` with `notation`, without repairs: see
/// [`replay_with`].
pub fn replay<P, N>(raw: &GameRecord<()>, start: P, notation: &N) -> Replayed<P>
where
    P: Position,
    N: TextNotation<P> + ?Sized,
{
    replay_with(raw, start, notation, ReplayOptions::default())
}

/// Resolves every move of `raw` from `start` with `notation`.
///
/// - Move numbers are compared with the position: per move pair (`1. a b 2. c d`, an ellipsis
///   before a second player's move) or per ply (`1.a 2.b`), whichever fits more of the numbers
///   written; each that does not fit gets a `move-number-mismatch` warning.
/// - Warnings of the notation (`lowercase-letter`, ...) become warning diagnostics with the
///   move's place, ply and position.
/// - A main-line move that cannot be read is weighed against the rest of the game
///   ([`find_readings`]): the check goes on along the readings with the fewest changes, so every
///   fault of the line is reported, each error naming the moves the rest of the game allows
///   (and whether two readings transpose). With [`ReplayOptions::repair`], a fault all readings
///   agree on is repaired.
/// - Variations are replayed from the position before the move they replace; a variation that
///   cannot be read keeps its unread moves as a comment.
pub fn replay_with<P, N>(
    raw: &GameRecord<()>,
    start: P,
    notation: &N,
    options: ReplayOptions,
) -> Replayed<P>
where
    P: Position,
    N: TextNotation<P> + ?Sized,
{
    replay_read(raw, start, notation, options, Vec::new())
}

/// [`replay_with`] of a game whose main line `notation` has already read in turn from `start`:
/// `read` holds those readings ([`reads_in_turn`](crate::reads_in_turn), or the
/// [`BestFit::read`](crate::BestFit) of the detection that chose `notation`). When they are
/// the whole main line, the replay takes them instead of reading every move again; otherwise
/// (a line with a fault, or `read` empty) it reads as `replay_with` does. The result is
/// `replay_with`'s either way, since a quick read's move and warnings are the full read's.
pub fn replay_read<P, N>(
    raw: &GameRecord<()>,
    start: P,
    notation: &N,
    options: ReplayOptions,
    read: Vec<Resolved<P::Move>>,
) -> Replayed<P>
where
    P: Position,
    N: TextNotation<P> + ?Sized,
{
    replay_impl(raw, start, notation, options, read, false)
}

/// [`replay_read`] of a record the caller gives up: the text, clock, comments and NAGs of every
/// main-line move read, and the record's tags and comments, are moved into the result instead
/// of copied (two allocations a move fewer, about a tenth of reading and checking a KIF file).
/// The result is `replay_read`'s (crates/kif/tests/replay_into.rs compares the two on every KIF
/// and KI2 file of testdata and the specimens, whole and with faults). It never fails: faults
/// are the result's diagnostics, as for [`replay_with`].
pub fn replay_into<P, N>(
    mut raw: GameRecord<()>,
    start: P,
    notation: &N,
    options: ReplayOptions,
    read: Vec<Resolved<P::Move>>,
) -> Replayed<P>
where
    P: Position,
    N: TextNotation<P> + ?Sized,
{
    let mut replayed = replay_impl(&raw, start, notation, options, read, true);
    let record = &mut replayed.record;
    record.tags = std::mem::take(&mut raw.tags);
    record.trailing_comments = std::mem::take(&mut raw.trailing_comments);
    record.main.comments = std::mem::take(&mut raw.main.comments);
    // The moves read are the record's first ones, in its order (the replay pushes one entry a
    // ply read and truncates to a ply when it reads again from there).
    for (out, from) in record.main.moves.iter_mut().zip(&mut raw.main.moves) {
        out.text = std::mem::take(&mut from.text);
        out.clock = from.clock.take();
        out.comments = std::mem::take(&mut from.comments);
        out.nags = std::mem::take(&mut from.nags);
    }
    replayed
}

/// The replay; with `moved`, the parts [`replay_into`] moves afterwards are left empty.
fn replay_impl<P, N>(
    raw: &GameRecord<()>,
    start: P,
    notation: &N,
    options: ReplayOptions,
    read: Vec<Resolved<P::Move>>,
    moved: bool,
) -> Replayed<P>
where
    P: Position,
    N: TextNotation<P> + ?Sized,
{
    let numbering = choose_numbering(&raw.main.moves, &start);
    let mut cx = Context {
        notation,
        numbering,
        diagnostics: Vec::new(),
        moved,
    };
    let main = cx.main_line(&raw.main, start.clone(), options, read);
    if main.unread.is_empty()
        && let (Some(stated), Some((board, termination))) = (raw.result(), main.end.outcome())
        && stated != board
    {
        let mut d = Diagnostic::new(
            Severity::Warning,
            "result-mismatch",
            format!(
                "the game gives the result `{stated}`, but the last position is {termination}: `{board}`"
            ),
        );
        d.span = raw.result_span;
        cx.diagnostics.push(d.with_position(main.end.to_text()));
    }
    let token = raw
        .result_token
        .as_deref()
        .and_then(|t| t.parse::<GameResult>().ok());
    let tag = raw.tag("Result").and_then(|t| t.parse::<GameResult>().ok());
    if let (Some(token), Some(tag)) = (token, tag)
        && token != tag
    {
        let mut d = Diagnostic::new(
            Severity::Warning,
            "result-conflict",
            format!(
                "the result `{token}` differs from the tag [Result \"{tag}\"]; the movetext's is kept"
            ),
        );
        d.span = raw.result_span;
        cx.diagnostics.push(d);
    }
    let record = GameRecord {
        tags: if moved { Vec::new() } else { raw.tags.clone() },
        main: main.line,
        result_token: raw.result_token.clone(),
        result_span: raw.result_span,
        trailing_comments: if moved {
            Vec::new()
        } else {
            raw.trailing_comments.clone()
        },
        span: raw.span,
    };
    Replayed {
        record,
        start,
        end: main.end,
        unread: main.unread,
        checked: main.checked,
        diagnostics: cx.diagnostics,
    }
}

fn choose_numbering<P: Position>(moves: &[MoveEntry<()>], start: &P) -> Numbering {
    // An ellipsis (`12...`) belongs to numbering by move pairs.
    if moves.iter().any(|m| m.number.is_some_and(|n| n.ellipsis)) {
        return Numbering::PerPair;
    }
    let ply0 = start.ply_number();
    let pair0 = start.move_number();
    let first_second = !P::is_first_player(start.side_to_move());
    let (mut per_ply, mut per_pair) = (0usize, 0usize);
    for (i, m) in moves.iter().enumerate() {
        let Some(n) = m.number else { continue };
        let i = i as u32;
        if n.value == ply0 + i {
            per_ply += 1;
        }
        if n.value == pair0 + (i + u32::from(first_second)) / 2 {
            per_pair += 1;
        }
    }
    if per_ply > per_pair {
        Numbering::PerPly
    } else {
        Numbering::PerPair
    }
}

struct Context<'a, N: ?Sized> {
    notation: &'a N,
    numbering: Numbering,
    diagnostics: Vec<Diagnostic>,
    /// Whether the main line's texts, clocks, comments and NAGs are left out of its entries,
    /// for [`replay_into`] to move them there.
    moved: bool,
}

/// The replay's state before a choice point, to read the line again from there.
#[derive(Clone)]
struct Checkpoint<P: Position> {
    i: usize,
    pos: P,
    previous: Option<P::Move>,
    moves: usize,
    diagnostics: usize,
    assumed: usize,
    checked: usize,
    diverged: Option<(u32, String, String, String)>,
    mismatches: usize,
}

struct MainLine<P: Position> {
    line: Line<P::Move>,
    end: P,
    unread: Vec<MoveEntry<()>>,
    checked: usize,
}

impl<N: ?Sized> Context<'_, N> {
    fn main_line<P>(
        &mut self,
        raw: &Line<()>,
        start: P,
        options: ReplayOptions,
        read: Vec<Resolved<P::Move>>,
    ) -> MainLine<P>
    where
        P: Position,
        N: TextNotation<P>,
    {
        let texts: Vec<&str> = raw.moves.iter().map(|m| m.text.as_str()).collect();
        // The readings of the line with the fewest changes, as a window of the line: (the index
        // of its first move, the index after its last, the readings). The whole line first;
        // when it has none within the limits (a game with very many faults), each fault is
        // read with the next WINDOW plies instead.
        let mut window: Option<(usize, usize, Readings<P::Move>)> = None;
        let mut no_reading = None;
        // A line longer than a game is read window by window from the start: the whole-line
        // search would hold one frame per ply.
        let windowed = texts.len() > WHOLE_LINE;
        // The moves of a line that reads cleanly, read once: the replay below takes them as they
        // are while it follows them (a quick read's move and warnings are the full read's),
        // instead of reading every move a second time.
        // Those the caller read already (detection) are taken as they are.
        let read_already = !windowed && read.len() == texts.len();
        let mut clean: Vec<Option<Resolved<P::Move>>> = if read_already {
            read.into_iter().map(Some).collect()
        } else {
            Vec::new()
        };
        if !windowed
            && !read_already
            && !read_in_turn(&start, &texts, self.notation, |r| clean.push(Some(r)))
        {
            clean = Vec::new();
            match find_readings(&start, None, &texts, self.notation, options.limits) {
                Ok(r) => window = Some((0, texts.len(), r)),
                Err(why) => no_reading = Some(why),
            }
        }
        // Moves whose numbers put them in another order, in which the whole line reads: said
        // at the first fault instead of a respelling.
        let mut number_order = if !windowed && (window.is_some() || no_reading.is_some()) {
            reordered_by_numbers(&start, raw, self.notation)
        } else {
            None
        };
        // The readings that agree with the moves followed so far.
        let mut alive: Vec<usize> = window
            .as_ref()
            .map_or_else(Vec::new, |(_, _, r)| (0..r.lines.len()).collect());
        let mut out = Line {
            comments: if self.moved {
                Vec::new()
            } else {
                raw.comments.clone()
            },
            moves: Vec::with_capacity(raw.moves.len()),
        };
        let mut pos = start;
        let mut end: Option<P> = None;
        let mut accepting = true;
        let mut unread = Vec::new();
        let mut checked = 0;
        // Faulty plies read on with one of their readings, past the end of the accepted moves:
        // (the number of diagnostics up to the fault's own, the ply, the reading's spelling).
        // The positions of later diagnostics rest on them, and say so.
        let mut assumed: Vec<(usize, u32, String)> = Vec::new();
        // The move before this one, for notations that refer to it (KIF's `同`).
        let mut previous: Option<P::Move> = None;
        // A choice point read by the notation's rule although every reading of the rest of the
        // game takes its other reading (no --repair): (its ply, its text, the move read, the
        // move the rest wants). The next fault is its consequence and says so.
        let mut diverged: Option<(u32, String, String, String)> = None;
        // The state before each recent choice point, so that a fault the whole-line search could
        // not weigh is read again with the choice points before it (at most [`REWIND`] plies
        // back), and where the last such reading started (never twice from one place).
        let mut checkpoints: std::collections::VecDeque<Checkpoint<P>> =
            std::collections::VecDeque::new();
        let mut rewound_to: Option<usize> = None;
        // Move numbers that do not fit their plies: where each would stand among the
        // diagnostics, the warning, the number. Said one by one, or once for the game when they
        // are many (a transcription that numbers lines, not moves).
        let mut mismatches: Vec<(usize, Diagnostic, MoveNumber)> = Vec::new();
        let mut i = 0;
        while i < raw.moves.len() {
            let entry = &raw.moves[i];
            let ply = i as u32 + 1;
            if let Some(number) = entry.number {
                if number.ellipsis && P::is_first_player(pos.side_to_move()) {
                    // `1... H8+7` from a position with the first player to move: the record and
                    // the position disagree about whose move it is; reading on would give the
                    // other side's move.
                    self.diagnostics.push(
                        Diagnostic::new(
                            Severity::Error,
                            "wrong-side-to-move",
                            format!(
                                "move number `{}...` marks a second player's move, but the first player is to move here",
                                number.value
                            ),
                        )
                        .at(number.span)
                        .with_ply(ply)
                        .with_text(entry.text.clone())
                        .with_position(pos.to_text())
                        .with_help("a move is missing before it, or the game needs a [FEN] tag with the second player to move"),
                    );
                    self.stop(&mut accepting, &mut end, &mut unread, &pos, raw, i);
                    break;
                }
                if let Some(d) = self.check_number(&pos, number, entry, ply) {
                    mismatches.push((self.diagnostics.len(), d, number));
                }
            }
            // The position's FEN/SFEN only when a diagnostic needs it: building it for every
            // move cost about 7 % of `kifu convert`.
            let mut faulty = false;
            // Whether the move stays off the readings (a choice point kept by the rule).
            let mut off_readings = false;
            let read = match clean.get_mut(i).and_then(Option::take) {
                Some(r) => Ok(r),
                None => {
                    clean = Vec::new();
                    self.notation.read_after(&pos, previous, &entry.text)
                }
            };
            let mv = match read {
                Ok(resolved) => {
                    if !resolved.alternatives.is_empty() && accepting {
                        while checkpoints.front().is_some_and(|c| c.i + REWIND < i) {
                            checkpoints.pop_front();
                        }
                        checkpoints.push_back(Checkpoint {
                            i,
                            pos: pos.clone(),
                            previous,
                            moves: out.moves.len(),
                            diagnostics: self.diagnostics.len(),
                            assumed: assumed.len(),
                            checked,
                            diverged: diverged.clone(),
                            mismatches: mismatches.len(),
                        });
                    }
                    for w in &resolved.warnings {
                        self.diagnostics.push(
                            Diagnostic::from_warning(w)
                                .at(entry.span)
                                .with_ply(ply)
                                .with_text(entry.text.clone())
                                .with_position(pos.to_text()),
                        );
                    }
                    // A choice point: the rest of the game may want its other reading. The
                    // moves the readings that agree so far make here: the one read, or others.
                    let mut wanted: Vec<P::Move> = Vec::new();
                    if let Some((offset, _, readings)) =
                        window.as_ref().filter(|w| i < w.1 && w.2.complete)
                    {
                        for &k in &alive {
                            let m = readings.lines[k][i - offset];
                            if !wanted.contains(&m) {
                                wanted.push(m);
                            }
                        }
                    }
                    if wanted.is_empty()
                        || wanted.contains(&resolved.mv)
                        || resolved.alternatives.is_empty()
                    {
                        resolved.mv
                    } else if let ([alt], true) = (wanted.as_slice(), options.repair && accepting) {
                        let read = self.notation.write_after(&pos, previous, resolved.mv);
                        let other = self.notation.write_after(&pos, previous, *alt);
                        self.diagnostics.push(
                            Diagnostic::new(
                                Severity::Warning,
                                "repaired-move",
                                format!(
                                    "`{}` read as `{other}` ({alt}), not as `{read}` ({}) as its notation's rule reads it",
                                    entry.text, resolved.mv
                                ),
                            )
                            .at(entry.span)
                            .with_ply(ply)
                            .with_text(entry.text.clone())
                            .with_help("the rest of the game reads only with that reading")
                            .with_position(pos.to_text()),
                        );
                        // Off the moves read beforehand: read each again from here.
                        clean = Vec::new();
                        *alt
                    } else {
                        // Kept as the rule reads it, off every reading of the rest: the next
                        // fault is its consequence and says so.
                        if diverged.is_none() {
                            let read = self.notation.write_after(&pos, previous, resolved.mv);
                            let others: Vec<String> = wanted
                                .iter()
                                .map(|&m| {
                                    format!(
                                        "`{}` ({m})",
                                        self.notation.write_after(&pos, previous, m)
                                    )
                                })
                                .collect();
                            diverged = Some((
                                ply,
                                entry.text.clone(),
                                format!("`{read}` ({})", resolved.mv),
                                others.join(" or "),
                            ));
                        }
                        off_readings = true;
                        resolved.mv
                    }
                }
                Err(err) => {
                    // A fault no reading covers, after choice points the search did not weigh
                    // with it: read again from the earliest of them, the fault in the window.
                    let uncovered = window.as_ref().is_none_or(|w| i >= w.1);
                    if uncovered
                        && accepting
                        && (windowed || no_reading.is_some())
                        && let Some(cp) = checkpoints
                            .iter()
                            .find(|c| c.i + REWIND >= i && rewound_to.is_none_or(|r| c.i > r))
                    {
                        let cp = cp.clone();
                        checkpoints.clear();
                        out.moves.truncate(cp.moves);
                        self.diagnostics.truncate(cp.diagnostics);
                        assumed.truncate(cp.assumed);
                        mismatches.truncate(cp.mismatches);
                        (pos, previous, checked, diverged) =
                            (cp.pos, cp.previous, cp.checked, cp.diverged);
                        let end = (i + WINDOW).min(texts.len());
                        match find_readings(
                            &pos,
                            previous,
                            &texts[cp.i..end],
                            self.notation,
                            options.limits,
                        ) {
                            Ok(r) => {
                                alive = (0..r.lines.len()).collect();
                                window = Some((cp.i, end, r));
                            }
                            Err(why) => {
                                no_reading = Some(why);
                                window = None;
                            }
                        }
                        rewound_to = Some(cp.i);
                        i = cp.i;
                        clean = Vec::new();
                        continue;
                    }
                    faulty = true;
                    let mut d = error_diagnostic(&err, entry, ply, &pos.to_text());
                    if let Some((at, text, read, other)) = diverged.take() {
                        // The consequence of a choice point read by the rule: say so.
                        d.help = Some(format!(
                            "ply {at} `{text}` was read as {read}; {other} makes this move legal{}",
                            if options.repair {
                                ""
                            } else {
                                " (--repair reads it so)"
                            }
                        ));
                        self.diagnostics.push(d);
                        self.stop(&mut accepting, &mut end, &mut unread, &pos, raw, i);
                        break;
                    }
                    if let Some((early, late)) = number_order.take() {
                        let (e, l) = (&raw.moves[early], &raw.moves[late]);
                        let written = |m: &MoveEntry<()>| {
                            let n = m.number.map_or_else(String::new, |n| {
                                format!("{}{}", n.value, if n.ellipsis { "..." } else { "." })
                            });
                            format!("`{n}{}` (line {})", m.text, m.span.start.line)
                        };
                        d.candidates.clear();
                        d.help = Some(format!(
                            "the move numbers order the moves otherwise: by its number {} comes before {}, and in the order of their numbers every move of the game is legal: are lines or moves out of order?",
                            written(l),
                            written(e)
                        ));
                        self.diagnostics.push(d);
                        self.stop(&mut accepting, &mut end, &mut unread, &pos, raw, i);
                        break;
                    }
                    // The move is the other side's, and the plies after it read so: a move
                    // left out (or, at the first, a start with the wrong side to move).
                    if let Some((passed, read)) = reads_after_pass(&pos, &texts[i..], self.notation)
                    {
                        let (mover, other) = (pos.side_to_move(), passed.side_to_move());
                        // The fix is a move added or another start, not another spelling.
                        d.candidates.clear();
                        d.help = Some(if i == 0 {
                            format!(
                                "`{}` is a move of {other}, but {mover} moves first from this start; with {other} to move, the {read} plies from here read: is the start position the game's?",
                                entry.text
                            )
                        } else {
                            format!(
                                "`{}` is a move of {other}, but {mover} is to move: a move of {mover} seems to be missing before it (with one, the {read} plies from here read)",
                                entry.text
                            )
                        });
                        self.diagnostics.push(d);
                        self.stop(&mut accepting, &mut end, &mut unread, &pos, raw, i);
                        break;
                    }
                    if (windowed || no_reading.is_some())
                        && window.as_ref().is_none_or(|w| i >= w.1)
                    {
                        let end = (i + WINDOW).min(texts.len());
                        match find_readings(
                            &pos,
                            previous,
                            &texts[i..end],
                            self.notation,
                            options.limits,
                        ) {
                            Ok(r) => {
                                alive = (0..r.lines.len()).collect();
                                window = Some((i, end, r));
                            }
                            Err(why) => {
                                no_reading = Some(why);
                                window = None;
                            }
                        }
                    }
                    let Some((offset, window_end, readings)) = window
                        .as_ref()
                        .filter(|w| i < w.1)
                        .map(|(o, e, r)| (*o, *e, r))
                    else {
                        d.help = Some(match (i + 1 < raw.moves.len(), no_reading) {
                            (true, Some(why)) => {
                                format!("{why}: the moves after this one were not checked")
                            }
                            (true, None) => "no reading of the rest of the game was found: the moves after this one were not checked".to_owned(),
                            (false, Some(why @ crate::NoReading::SearchLimit(_))) => why.to_string(),
                            (false, _) => "no legal move fits".to_owned(),
                        });
                        self.diagnostics.push(d);
                        self.stop(&mut accepting, &mut end, &mut unread, &pos, raw, i);
                        break;
                    };
                    // What follows the fault within the window: the rest of the game, or the
                    // next plies.
                    let plies_after = window_end - i - 1;
                    let rest = if window_end == raw.moves.len() {
                        "the rest of the game".to_owned()
                    } else {
                        format!("the next {plies_after} plies")
                    };
                    let mut choices: Vec<P::Move> = Vec::new();
                    for &k in &alive {
                        let m = readings.lines[k][i - offset];
                        if !choices.contains(&m) {
                            choices.push(m);
                        }
                    }
                    if choices.is_empty() {
                        // Off every reading (no reading agrees with the moves followed).
                        d.help = Some("no reading of the rest of the game was found: the moves after this one were not checked".to_owned());
                        self.diagnostics.push(d);
                        self.stop(&mut accepting, &mut end, &mut unread, &pos, raw, i);
                        break;
                    }
                    let written: Vec<String> = choices
                        .iter()
                        .map(|&m| self.notation.write_after(&pos, previous, m))
                        .collect();
                    if let ([only], [text]) = (choices.as_slice(), written.as_slice()) {
                        // The rest of the game decides when it rules out other moves spelt as
                        // near, or when several plies after the fault read with this one.
                        let near = near_moves(&pos, previous, &entry.text, self.notation);
                        let nearest = near.len();
                        // Readings cut short by the search's limits prove nothing.
                        let decided =
                            readings.complete && (nearest >= 2 || plies_after >= CONFIRMING_PLIES);
                        if options.repair && accepting && decided {
                            let mut w = Diagnostic::new(
                                Severity::Warning,
                                "repaired-move",
                                format!(
                                    "`{}` repaired to `{text}` ({})",
                                    entry.text,
                                    d.message_with_candidates()
                                ),
                            );
                            w.span = d.span;
                            let why = if nearest >= 2 {
                                format!(
                                    "`{text}` is the only move spelt nearly so that lets {rest} be read"
                                )
                            } else {
                                format!(
                                    "`{text}` is the only move spelt nearly so, and the {plies_after} plies after it read with it"
                                )
                            };
                            self.diagnostics.push(
                                w.with_ply(ply)
                                    .with_text(entry.text.clone())
                                    .with_help(why)
                                    .with_position(pos.to_text()),
                            );
                        } else {
                            d.candidates = if readings.complete {
                                written.clone()
                            } else {
                                // Every near spelling: the readings found are not all there are.
                                near.iter()
                                    .map(|&m| self.notation.write_after(&pos, previous, m))
                                    .collect()
                            };
                            d.help = Some(if decided {
                                format!("{rest} reads only with `{text}`")
                            } else if !readings.complete {
                                format!(
                                    "{rest} has more readings than the search weighs, so it cannot choose among these"
                                )
                            } else {
                                format!(
                                    "`{text}` is the nearest legal spelling, but too little of the game follows to confirm it"
                                )
                            });
                            self.diagnostics.push(d);
                            self.stop(&mut accepting, &mut end, &mut unread, &pos, raw, i);
                        }
                        *only
                    } else {
                        let help = if plies_after == 0 {
                            "nothing after it in the game decides between them".to_owned()
                        } else {
                            let transposed =
                                transposition(&pos, (i, offset), readings, &alive, &choices);
                            format!(
                                "{rest} fits {} readings{}",
                                written.len(),
                                transposed.map_or_else(String::new, |p| format!(
                                    "; they transpose: the positions agree again after ply {p}"
                                ))
                            )
                        };
                        if written.len() > MAX_CANDIDATES {
                            d.candidates = Vec::new();
                            d.help = Some(format!(
                                "{} legal moves are spelt nearly so; {help}",
                                written.len()
                            ));
                        } else {
                            d.candidates = written.clone();
                            d.help = Some(help);
                        }
                        self.diagnostics.push(d);
                        self.stop(&mut accepting, &mut end, &mut unread, &pos, raw, i);
                        choices[0]
                    }
                }
            };
            if let Some((offset, end, readings)) = window.as_ref()
                && i < *end
                && !off_readings
            {
                alive.retain(|&k| readings.lines[k][i - offset] == mv);
            }
            if accepting {
                out.moves
                    .push(self.accepted(entry, mv, &pos, previous, ply, self.moved));
            } else if faulty {
                assumed.push((
                    self.diagnostics.len(),
                    ply,
                    self.notation.write_after(&pos, previous, mv),
                ));
            }
            pos.play_unchecked(mv);
            previous = Some(mv);
            checked += 1;
            i += 1;
        }
        // Each diagnostic after a faulty ply read on says which reading its position rests on:
        // the latest such ply before it, and how many came earlier. `assumed` is in the order
        // of the diagnostics and of the plies, so a pointer and a binary search find them.
        let mut known = 0;
        for (k, d) in self.diagnostics.iter_mut().enumerate() {
            while known < assumed.len() && assumed[known].0 <= k {
                known += 1;
            }
            let Some(at) = d.ply else { continue };
            let before = assumed[..known].partition_point(|a| a.1 < at);
            let Some((_, ply, text)) = before.checked_sub(1).map(|j| &assumed[j]) else {
                continue;
            };
            let note = match before - 1 {
                0 => format!("the position before it reads ply {ply} as `{text}`"),
                n => format!(
                    "the position before it reads ply {ply} as `{text}` (and {n} earlier faulty {} as their nearest readings)",
                    if n == 1 { "ply" } else { "plies" }
                ),
            };
            d.help = Some(match d.help.take() {
                Some(help) => format!("{help}; {note}"),
                None => note,
            });
        }
        self.insert_mismatches(mismatches, raw);
        MainLine {
            line: out,
            end: end.unwrap_or(pos),
            unread,
            checked,
        }
    }

    /// Ends the accepted part of the main line before move `i`.
    fn stop<P: Position>(
        &mut self,
        accepting: &mut bool,
        end: &mut Option<P>,
        unread: &mut Vec<MoveEntry<()>>,
        pos: &P,
        raw: &Line<()>,
        i: usize,
    ) {
        if *accepting {
            *accepting = false;
            *end = Some(pos.clone());
            *unread = raw.moves[i..].to_vec();
        }
    }

    /// The record entry of an accepted move, with its variations replayed (`pos` and
    /// `previous`: the position before the move and the move before it); with `moved`, without
    /// its text, clock, comments and NAGs (see [`replay_into`]).
    fn accepted<P>(
        &mut self,
        entry: &MoveEntry<()>,
        mv: P::Move,
        pos: &P,
        previous: Option<P::Move>,
        ply: u32,
        moved: bool,
    ) -> MoveEntry<P::Move>
    where
        P: Position,
        N: TextNotation<P>,
    {
        let variations = entry
            .variations
            .iter()
            .map(|v| {
                let (line, rest) = self.variation(v, pos.clone(), previous, ply);
                keep_unread_as_comment(line, &rest)
            })
            .collect();
        if moved {
            // A main-line move's: moved there by `replay_into`.
            return MoveEntry {
                mv,
                text: String::new(),
                span: entry.span,
                number: entry.number,
                comments: Vec::new(),
                nags: Vec::new(),
                clock: None,
                variations,
            };
        }
        MoveEntry {
            mv,
            text: entry.text.clone(),
            span: entry.span,
            number: entry.number,
            comments: entry.comments.clone(),
            nags: entry.nags.clone(),
            clock: entry.clock.clone(),
            variations,
        }
    }

    /// Replays a variation from `pos` (after the move `previous`); `ply` is the ply of its
    /// first move. Returns the resolved moves and the unread rest.
    fn variation<P>(
        &mut self,
        line: &Line<()>,
        mut pos: P,
        mut previous: Option<P::Move>,
        mut ply: u32,
    ) -> (Line<P::Move>, Vec<MoveEntry<()>>)
    where
        P: Position,
        N: TextNotation<P>,
    {
        let mut out = Line {
            comments: line.comments.clone(),
            moves: Vec::with_capacity(line.moves.len()),
        };
        for (i, entry) in line.moves.iter().enumerate() {
            match self.notation.read_after(&pos, previous, &entry.text) {
                Ok(resolved) => {
                    for w in &resolved.warnings {
                        self.diagnostics.push(
                            Diagnostic::from_warning(w)
                                .at(entry.span)
                                .with_ply(ply)
                                .with_text(entry.text.clone())
                                .with_position(pos.to_text()),
                        );
                    }
                    out.moves
                        .push(self.accepted(entry, resolved.mv, &pos, previous, ply, false));
                    pos.play_unchecked(resolved.mv);
                    previous = Some(resolved.mv);
                    ply += 1;
                }
                Err(err) => {
                    let d = error_diagnostic(&err, entry, ply, &pos.to_text())
                        .with_help("in a variation: its moves from here on are kept as a comment");
                    self.diagnostics.push(d);
                    return (out, line.moves[i..].to_vec());
                }
            }
        }
        (out, Vec::new())
    }

    /// The move numbers that did not fit their plies, among the diagnostics where they stand:
    /// each on its own when there are at most [`MISMATCHES_SAID`], else one warning for the
    /// game at the first (saying whether the numbers count the lines of the movetext).
    fn insert_mismatches(
        &mut self,
        mismatches: Vec<(usize, Diagnostic, MoveNumber)>,
        raw: &Line<()>,
    ) {
        if mismatches.len() <= MISMATCHES_SAID {
            for (at, d, _) in mismatches.into_iter().rev() {
                self.diagnostics.insert(at.min(self.diagnostics.len()), d);
            }
            return;
        }
        let first_line = raw.moves.first().map_or(1, |m| {
            m.number.map_or(m.span.start.line, |n| n.span.start.line)
        });
        let lines = mismatches
            .iter()
            .all(|(_, _, n)| n.value == n.span.start.line.saturating_sub(first_line) + 1);
        let count = mismatches.len();
        let (at, mut d, _) = mismatches.into_iter().next().expect("many mismatches");
        d.message = format!(
            "{count} move numbers do not fit their plies; the first: {}",
            d.message
        );
        d.help = Some(if lines {
            "they count the lines of the movetext, not the moves: the moves are read as they stand, numbers aside".to_owned()
        } else {
            "the moves are read as they stand, numbers aside".to_owned()
        });
        self.diagnostics.insert(at.min(self.diagnostics.len()), d);
    }

    /// A `move-number-mismatch` warning when `number` does not fit the ply.
    fn check_number<P: Position>(
        &mut self,
        pos: &P,
        number: MoveNumber,
        entry: &MoveEntry<()>,
        ply: u32,
    ) -> Option<Diagnostic> {
        let (ply_number, pair) = (pos.ply_number(), pos.move_number());
        let second = !P::is_first_player(pos.side_to_move());
        let fits = match self.numbering {
            Numbering::PerPly => number.value == ply_number,
            // A pair's number may stand before the second player's move without an ellipsis
            // (a comment interrupted the pair), but an ellipsis never precedes a first player's
            // move.
            Numbering::PerPair => number.value == pair && (second || !number.ellipsis),
        };
        if !fits {
            // Built only for a misfit: a text per move cost 5 % of checking a KIF file.
            let expected = match self.numbering {
                Numbering::PerPly => format!("{ply_number}."),
                Numbering::PerPair if second => format!("{pair}..."),
                Numbering::PerPair => format!("{pair}."),
            };
            let written = if number.ellipsis {
                format!("{}...", number.value)
            } else {
                format!("{}.", number.value)
            };
            return Some(
                Diagnostic::new(
                    Severity::Warning,
                    "move-number-mismatch",
                    format!(
                        "move number `{written}` does not fit ply {ply}: expected `{expected}`"
                    ),
                )
                .at(number.span)
                .with_ply(ply)
                .with_text(entry.text.clone()),
            );
        }
        None
    }
}

/// Where a line's move numbers put its moves in another order than they stand in, and in that
/// order every move reads from `start`: (the index of the first move out of place, the index
/// of the move its number puts there). A move without a number follows the one before it.
fn reordered_by_numbers<P, N>(start: &P, raw: &Line<()>, notation: &N) -> Option<(usize, usize)>
where
    P: Position,
    N: TextNotation<P> + ?Sized,
{
    // Each move's place by its numbers: the last number written, then how many moves after it.
    let mut key = (0u32, 0usize);
    let keys: Vec<(u32, usize)> = raw
        .moves
        .iter()
        .map(|m| {
            key = match m.number {
                Some(n) => (n.value, usize::from(n.ellipsis)),
                None => (key.0, key.1 + 1),
            };
            key
        })
        .collect();
    let mut order: Vec<usize> = (0..keys.len()).collect();
    order.sort_by_key(|&k| keys[k]);
    let early = order.iter().enumerate().position(|(k, &o)| k != o)?;
    let texts: Vec<&str> = order.iter().map(|&k| raw.moves[k].text.as_str()).collect();
    reads_cleanly(start, &texts, notation).then_some((early, order[early]))
}

/// The plies read to tell a move left out: the texts from the fault on must all read with the
/// other side to move, up to this many (at least two).
const MISSING_CONFIRM: usize = 8;

/// The position with the other side to move and how many of `texts` read in turn from it: all
/// of the first [`MISSING_CONFIRM`] (or of all there are, at least two); `None` otherwise.
fn reads_after_pass<P, N>(pos: &P, texts: &[&str], notation: &N) -> Option<(P, usize)>
where
    P: Position,
    N: TextNotation<P> + ?Sized,
{
    let wanted = texts.len().min(MISSING_CONFIRM);
    if wanted < 2 {
        return None;
    }
    let passed = pos.passed()?;
    reads_cleanly(&passed, &texts[..wanted], notation).then_some((passed, wanted))
}

/// Whether every text reads in turn from `start`.
fn reads_cleanly<P, N>(start: &P, texts: &[&str], notation: &N) -> bool
where
    P: Position,
    N: TextNotation<P> + ?Sized,
{
    read_in_turn(start, texts, notation, |_| {})
}

/// Whether every text reads in turn from `start` (quickly: an error is only a `false`), each
/// move read handed to `keep` in order.
pub(crate) fn read_in_turn<P, N>(
    start: &P,
    texts: &[&str],
    notation: &N,
    mut keep: impl FnMut(Resolved<P::Move>),
) -> bool
where
    P: Position,
    N: TextNotation<P> + ?Sized,
{
    let mut pos = start.clone();
    let mut previous = None;
    for text in texts {
        match notation.read_quickly_after(&pos, previous, text) {
            Ok(r) => {
                pos.play_unchecked(r.mv);
                previous = Some(r.mv);
                keep(r);
            }
            Err(_) => return false,
        }
    }
    true
}

fn error_diagnostic(
    err: &NotationError,
    entry: &MoveEntry<()>,
    ply: u32,
    position: &str,
) -> Diagnostic {
    let mut d = Diagnostic::from_notation_error(err);
    d.span = Some(match err {
        NotationError::Syntax(e) => e.span.relative_to(entry.span.start),
        NotationError::Move(_) => entry.span,
    });
    d.with_ply(ply)
        .with_text(entry.text.clone())
        .with_position(position)
}

/// The first ply after which the readings that differ at move `i` reach the same position again
/// (board, side to move and hands; counters aside).
fn transposition<P: Position>(
    pos: &P,
    (i, offset): (usize, usize),
    readings: &Readings<P::Move>,
    alive: &[usize],
    choices: &[P::Move],
) -> Option<u32> {
    // `readings` begin at move `offset` of the line.
    let i_local = i - offset;
    let reps: Vec<usize> = choices
        .iter()
        .filter_map(|&c| {
            alive
                .iter()
                .copied()
                .find(|&k| readings.lines[k][i_local] == c)
        })
        .collect();
    let mut positions: Vec<P> = reps.iter().map(|_| pos.clone()).collect();
    let len = readings.lines.first().map_or(0, Vec::len);
    for j in i_local..len {
        for (p, &k) in positions.iter_mut().zip(&reps) {
            p.play_unchecked(readings.lines[k][j]);
        }
        let key = |p: &P| {
            let text = p.to_text();
            let fields: Vec<&str> = text.split_whitespace().collect();
            match fields.len() {
                // SFEN: board, side, hands; FEN: board and side.
                4 => fields[..3].join(" "),
                _ => fields.iter().take(2).copied().collect::<Vec<_>>().join(" "),
            }
        };
        let first = key(&positions[0]);
        if positions.iter().all(|p| key(p) == first) {
            return Some((j + offset) as u32 + 1);
        }
    }
    None
}

/// A variation read up to a bad move keeps the rest of its text as a comment, so nothing is
/// lost.
fn keep_unread_as_comment<M>(mut line: Line<M>, rest: &[MoveEntry<()>]) -> Line<M> {
    if rest.is_empty() {
        return line;
    }
    let comment = format!("unread: {}", crate::write_unread_moves(rest));
    match line.moves.last_mut() {
        Some(m) => m.comments.push(comment),
        None => line.comments.push(comment),
    }
    line
}
