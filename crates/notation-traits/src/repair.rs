//! Repairing a game typed by hand: the readings of a line that need the fewest changes.
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
/// whose spelling is nearest to the text (edit distance 1, else 2).
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
    let scored: Vec<(usize, P::Move)> = pos
        .legal_moves()
        .into_iter()
        .map(|m| {
            (
                edit_distance(
                    &spelling_key(&notation.write_after(pos, previous, m)),
                    &wanted,
                ),
                m,
            )
        })
        .collect();
    let best = scored.iter().map(|(d, _)| *d).min().unwrap_or(usize::MAX);
    if best > 2 {
        return Vec::new();
    }
    scored
        .into_iter()
        .filter(|(d, _)| *d == best)
        .map(|(_, m)| m)
        .collect()
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
        failed: HashSet::new(),
        found: Vec::new(),
        path: Vec::with_capacity(texts.len()),
    };
    for changes in 0..=limits.max_changes {
        search.walk(start.clone(), previous, 0, changes);
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
    Err(NoReading::TooManyChanges(limits.max_changes))
}

struct Search<'a, P: Position, N: ?Sized> {
    notation: &'a N,
    texts: &'a [&'a str],
    limits: RepairLimits,
    nodes: usize,
    /// (index, position, the previous move, changes left) known to reach no end.
    failed: HashSet<(usize, String, Option<String>, usize)>,
    found: Vec<Vec<P::Move>>,
    path: Vec<P::Move>,
}

impl<P, N> Search<'_, P, N>
where
    P: Position,
    N: TextNotation<P> + ?Sized,
{
    /// Follows the line from text `i` in `pos` (after `previous`) with `left` changes allowed;
    /// returns whether some reading reached the end.
    fn walk(&mut self, pos: P, previous: Option<P::Move>, i: usize, left: usize) -> bool {
        if i == self.texts.len() {
            if self.found.len() < self.limits.max_readings {
                self.found.push(self.path.clone());
            }
            return true;
        }
        self.nodes += 1;
        if self.nodes >= self.limits.max_nodes || self.found.len() >= self.limits.max_readings {
            return false;
        }
        let key = (i, pos.to_text(), previous.map(|m| m.to_string()), left);
        if self.failed.contains(&key) {
            return false;
        }
        let text = self.texts[i];
        let (options, left) = match self.notation.read_quickly_after(&pos, previous, text) {
            Ok(r) => (vec![r.mv], left),
            // An ambiguous move is no typo: its readings are followed without counting a
            // change, so a later ambiguity never makes one reading look better than another.
            Err(NotationError::Move(MoveError::Ambiguous { .. })) => {
                (near_moves(&pos, previous, text, self.notation), left)
            }
            Err(_) if left == 0 => (Vec::new(), 0),
            Err(_) => (near_moves(&pos, previous, text, self.notation), left - 1),
        };
        let mut reached = false;
        for mv in options {
            let mut next = pos.clone();
            next.play_unchecked(mv);
            self.path.push(mv);
            reached |= self.walk(next, Some(mv), i + 1, left);
            self.path.pop();
        }
        if !reached {
            self.failed.insert(key);
        }
        reached
    }
}
