//! Repairing a game typed by hand: the readings of a line that need the fewest changes.
//!
//! A move read cleanly can still be a choice point: its text names another legal move under
//! another reading the notation knows (a WXF spelling the 2018 rules read as another pawn, a
//! PSN move without `+` that could promote; [`crate::Resolved::alternatives`]). Taking that
//! reading is a change too. Readings that take every text as written, changing only choice
//! points, are preferred to any that respells a text.
//!
//! A move that cannot be read, or fits several legal moves, is compared with the legal moves of
//! its position: for an ambiguous move every fitting move, otherwise the legal moves whose
//! spelling in the same notation is nearest to the text (edit distance at most 2, the nearest
//! kept). Each choice is followed through the rest of the line, branching again at every later
//! faulty move (an ambiguous move is followed in all its readings without counting as a change).
//! The readings that reach the end of the line with the fewest changes are kept;
//! where they all agree on a move, that move is the repair; where they differ, the move stays
//! an error listing the readings.

use std::collections::HashSet;

use crate::{MoveError, NotationError, Position, TextNotation, edit_distance};

/// Limits of the search for readings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RepairLimits {
    /// The most changed moves a reading may hold.
    pub max_changes: usize,
    /// The most positions the search may visit before it gives up.
    pub max_nodes: usize,
    /// The most readings kept.
    pub max_readings: usize,
}

impl Default for RepairLimits {
    fn default() -> Self {
        RepairLimits {
            max_changes: 8,
            max_nodes: 20_000,
            max_readings: 32,
        }
    }
}

/// The readings of a line that need the fewest changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Readings<M> {
    /// Each reading: one move per text of the line.
    pub lines: Vec<Vec<M>>,
    /// The number of moves each reading changes (the same for all).
    pub changes: usize,
    /// Whether these are all the readings with that many changes: false when the search
    /// stopped at [`RepairLimits::max_readings`] or [`RepairLimits::max_nodes`], in which case
    /// their agreeing on a move proves nothing.
    pub complete: bool,
}

/// The moves a faulty text may have meant in `pos`, after the move `previous` (see
/// [`TextNotation::read_after`]): for an ambiguous move its candidates, else the legal moves
/// whose spelling is nearest to the text (edit distance 1, else 2): those whose spelling starts
/// with the text's first character (the piece it names) first, then in the order of their
/// spellings.
pub fn near_moves<P, N>(
    pos: &P,
    previous: Option<P::Move>,
    text: &str,
    notation: &N,
) -> Vec<P::Move>
where
    P: Position,
    N: TextNotation<P> + ?Sized,
{
    if let Err(NotationError::Move(MoveError::Ambiguous { candidates, .. })) =
        notation.read_quickly_after(pos, previous, text)
    {
        let moves: Vec<P::Move> = candidates
            .iter()
            .filter_map(|c| {
                notation
                    .read_quickly_after(pos, previous, c)
                    .ok()
                    .map(|r| r.mv)
            })
            .collect();
        if !moves.is_empty() {
            return moves;
        }
    }
    let wanted = spelling_key(text);
    // No legal move is spelt within two edits of a long text: don't compare at all.
    if wanted.len() > MAX_SPELLING {
        return Vec::new();
    }
    let first = text.chars().next();
    let mut scored: Vec<(usize, bool, String, P::Move)> = pos
        .legal_moves()
        .into_iter()
        .map(|m| {
            let written = notation.write_after(pos, previous, m);
            let distance = edit_distance(&spelling_key(&written), &wanted);
            (distance, written.chars().next() != first, written, m)
        })
        .collect();
    let best = scored.iter().map(|(d, ..)| *d).min().unwrap_or(usize::MAX);
    if best > 2 {
        return Vec::new();
    }
    // An order of their own, not the move generator's: the moves of the piece the text names
    // (the same first character) first, then by spelling.
    scored.retain(|(d, ..)| *d == best);
    scored.sort_by(|a, b| (a.1, &a.2).cmp(&(b.1, &b.2)));
    scored.into_iter().map(|(.., m)| m).collect()
}

/// The longest text compared with the legal moves' spellings.
const MAX_SPELLING: usize = 24;

/// A spelling compared for nearness: ASCII for full-width characters, upper case, one sideways
/// sign.
fn spelling_key(text: &str) -> Vec<char> {
    text.chars()
        .map(|c| {
            let c = if ('\u{FF01}'..='\u{FF5E}').contains(&c) {
                char::from_u32(c as u32 - 0xFEE0).unwrap_or(c)
            } else {
                c
            };
            match c.to_ascii_uppercase() {
                '=' => '.',
                c => c,
            }
        })
        .collect()
}

/// Why [`find_readings`] found no reading of a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoReading {
    /// Every way through the line needs more changed moves than
    /// [`RepairLimits::max_changes`] (this many), or meets a text no legal move is spelt near.
    TooManyChanges(usize),
    /// The search visited [`RepairLimits::max_nodes`] positions (this many) and stopped.
    SearchLimit(usize),
}

impl std::fmt::Display for NoReading {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoReading::TooManyChanges(n) => write!(
                f,
                "no reading of the rest of the game with at most {n} changed moves was found"
            ),
            NoReading::SearchLimit(n) => write!(
                f,
                "the search for a reading of the rest of the game stopped after {n} positions"
            ),
        }
    }
}

/// Finds the readings of `texts` from `start` that need the fewest changes; `previous` is the
/// move played just before the first text, if known (see [`TextNotation::read_after`]).
///
/// # Errors
///
/// [`NoReading`] when no reading within `limits` reaches the end of the line, saying which
/// limit ended the search.
pub fn find_readings<P, N>(
    start: &P,
    previous: Option<P::Move>,
    texts: &[&str],
    notation: &N,
    limits: RepairLimits,
) -> Result<Readings<P::Move>, NoReading>
where
    P: Position,
    N: TextNotation<P> + ?Sized,
{
    let mut search = Search {
        notation,
        texts,
        limits,
        nodes: 0,
        respell: false,
        failed: HashSet::new(),
        found: Vec::new(),
        path: Vec::with_capacity(texts.len()),
    };
    // First the readings that take every text as written, changing only choice points (a
    // dialect's reading, an unmarked promotion); only when there is none, those that also
    // respell faulty texts. A reading under which every text is valid beats any with a typo.
    for respell in [false, true] {
        search.respell = respell;
        search.failed.clear();
        for changes in 0..=limits.max_changes {
            search.walk(start, previous, changes);
            if !search.found.is_empty() {
                let complete =
                    search.found.len() < limits.max_readings && search.nodes < limits.max_nodes;
                return Ok(Readings {
                    lines: search.found,
                    changes,
                    complete,
                });
            }
            if search.nodes >= limits.max_nodes {
                return Err(NoReading::SearchLimit(limits.max_nodes));
            }
        }
    }
    Err(NoReading::TooManyChanges(limits.max_changes))
}

struct Search<'a, P: Position, N: ?Sized> {
    notation: &'a N,
    texts: &'a [&'a str],
    limits: RepairLimits,
    nodes: usize,
    /// Whether faulty texts may be read as their nearest spellings (else only choice points
    /// and ambiguities branch).
    respell: bool,
    /// (index, position, the previous move, changes left) known to reach no end.
    failed: HashSet<(usize, String, Option<String>, usize)>,
    found: Vec<Vec<P::Move>>,
    path: Vec<P::Move>,
}

/// A text of the line being followed: where, with what left, and the moves still to try.
struct Frame<P: Position> {
    pos: P,
    i: usize,
    left: usize,
    key: (usize, String, Option<String>, usize),
    /// Each move the text may mean, with the changes it costs.
    options: Vec<(P::Move, usize)>,
    next: usize,
    reached: bool,
}

impl<P, N> Search<'_, P, N>
where
    P: Position,
    N: TextNotation<P> + ?Sized,
{
    /// The moves text `i` may mean in `pos` after `previous`, each with the changes it costs:
    /// the move it reads to (none) and its other readings (one each: a choice point); for an
    /// ambiguous text every candidate (none: an ambiguity is no typo, so a later ambiguity
    /// never makes one reading look better than another); for a faulty one the nearest
    /// spellings (one each), when a change is left.
    fn options(
        &self,
        pos: &P,
        previous: Option<P::Move>,
        i: usize,
        left: usize,
    ) -> Vec<(P::Move, usize)> {
        let text = self.texts[i];
        match self.notation.read_quickly_after(pos, previous, text) {
            Ok(r) => std::iter::once((r.mv, 0))
                .chain(r.alternatives.into_iter().map(|m| (m, 1)))
                .collect(),
            Err(NotationError::Move(MoveError::Ambiguous { .. })) => {
                near_moves(pos, previous, text, self.notation)
                    .into_iter()
                    .map(|m| (m, 0))
                    .collect()
            }
            Err(_) if left == 0 || !self.respell => Vec::new(),
            Err(_) => near_moves(pos, previous, text, self.notation)
                .into_iter()
                .map(|m| (m, 1))
                .collect(),
        }
    }

    /// A frame for text `i` in `pos`, or `None` when the search stops there (a limit met, or
    /// the place known to reach no end).
    fn frame(
        &mut self,
        pos: P,
        previous: Option<P::Move>,
        i: usize,
        left: usize,
    ) -> Option<Frame<P>> {
        self.nodes += 1;
        if self.nodes >= self.limits.max_nodes || self.found.len() >= self.limits.max_readings {
            return None;
        }
        let key = (i, pos.to_text(), previous.map(|m| m.to_string()), left);
        if self.failed.contains(&key) {
            return None;
        }
        let options = self.options(&pos, previous, i, left);
        Some(Frame {
            pos,
            i,
            left,
            key,
            options,
            next: 0,
            reached: false,
        })
    }

    /// Follows the line from its first text in `start` (after `previous`) with `left` changes
    /// allowed, keeping every reading that reaches the end. The walk keeps its own stack (one
    /// frame per text), so no input can make it overflow the thread's.
    fn walk(&mut self, start: &P, previous: Option<P::Move>, left: usize) {
        if self.texts.is_empty() {
            if self.found.len() < self.limits.max_readings {
                self.found.push(Vec::new());
            }
            return;
        }
        self.path.clear();
        let mut stack: Vec<Frame<P>> = Vec::new();
        stack.extend(self.frame(start.clone(), previous, 0, left));
        while let Some(top) = stack.last_mut() {
            if let Some(&(mv, cost)) = top.options.get(top.next) {
                top.next += 1;
                if cost > top.left {
                    continue;
                }
                let (i, left) = (top.i + 1, top.left - cost);
                let mut pos = top.pos.clone();
                pos.play_unchecked(mv);
                self.path.push(mv);
                if i == self.texts.len() {
                    if self.found.len() < self.limits.max_readings {
                        self.found.push(self.path.clone());
                    }
                    top.reached = true;
                    self.path.pop();
                    continue;
                }
                match self.frame(pos, Some(mv), i, left) {
                    Some(child) => stack.push(child),
                    None => {
                        self.path.pop();
                    }
                }
            } else {
                let done = stack.pop().expect("the loop holds a frame");
                if !done.reached {
                    self.failed.insert(done.key);
                }
                if let Some(parent) = stack.last_mut() {
                    parent.reached |= done.reached;
                    self.path.pop();
                }
            }
        }
    }
}
