//! `kifu.compare`: two transcriptions of the same games, each resolving the other's faulty or
//! ambiguous moves, as `kifu compare` reports them.

use pyo3::prelude::*;

/// A ply one transcription resolves in the other.
#[pyclass(module = "kifu", frozen, get_all)]
#[derive(Debug, Clone)]
pub(crate) struct Resolution {
    /// The ply, from 1.
    pub(crate) ply: usize,
    /// Which input holds the faulty text: 0 for the first, 1 for the second.
    pub(crate) faulty: usize,
    /// The faulty text.
    pub(crate) text: String,
    /// Its line, from 1.
    pub(crate) line: u32,
    /// Its column, from 1, in characters.
    pub(crate) column: u32,
    /// What is wrong with it.
    pub(crate) problem: String,
    /// The other input's text for the ply.
    pub(crate) other_text: String,
    /// Its line.
    pub(crate) other_line: u32,
    /// Its column.
    pub(crate) other_column: u32,
    /// The move, in the faulty transcription's notation.
    pub(crate) spelled: String,
    /// The move in coordinates.
    pub(crate) coord: String,
    /// The one-line description, as `kifu compare` prints it.
    pub(crate) description: String,
}

#[pymethods]
impl Resolution {
    fn __repr__(&self) -> String {
        format!("<Resolution {}>", self.description)
    }
}

/// The comparison of one pair of games.
#[pyclass(module = "kifu", frozen, get_all)]
#[derive(Debug, Clone)]
pub(crate) struct GameComparison {
    /// The game's index, from 1.
    pub(crate) game: usize,
    /// The notation each transcription was read in.
    pub(crate) readings: (String, String),
    /// How many plies agree.
    pub(crate) plies: usize,
    /// The final position, when the games are the same.
    pub(crate) final_position: Option<String>,
    /// The plies one resolves in the other.
    pub(crate) resolved: Vec<Resolution>,
    /// Where the transcriptions describe different games.
    pub(crate) difference: Option<String>,
    /// Why the comparison could not go on.
    pub(crate) undecided: Option<String>,
    /// Whether they are the same game.
    pub(crate) same: bool,
}

/// The comparison of two inputs.
#[pyclass(module = "kifu", frozen, get_all)]
#[derive(Debug, Clone)]
pub(crate) struct Comparison {
    /// Each pair of games, in order.
    pub(crate) games: Vec<GameComparison>,
    /// How many games each input holds.
    pub(crate) counts: (usize, usize),
    /// Whether every game is the same and both hold as many.
    pub(crate) same: bool,
}

#[pymethods]
impl Comparison {
    fn __bool__(&self) -> bool {
        self.same
    }

    fn __repr__(&self) -> String {
        format!(
            "<Comparison same={} games={} resolved={}>",
            self.same,
            self.games.len(),
            self.games.iter().map(|g| g.resolved.len()).sum::<usize>()
        )
    }
}

/// The Python form of the library's comparison, the inputs named `names`.
pub(crate) fn convert(c: &kifu_records::Comparison, names: [&str; 2]) -> Comparison {
    Comparison {
        games: c
            .games
            .iter()
            .map(|g| GameComparison {
                game: g.game,
                readings: (g.readings[0].clone(), g.readings[1].clone()),
                plies: g.plies,
                final_position: g.final_position.clone(),
                resolved: g
                    .resolved
                    .iter()
                    .map(|r| Resolution {
                        ply: r.ply,
                        faulty: r.faulty,
                        text: r.text.clone(),
                        line: r.line,
                        column: r.column,
                        problem: r.problem.clone(),
                        other_text: r.other_text.clone(),
                        other_line: r.other_line,
                        other_column: r.other_column,
                        spelled: r.spelled.clone(),
                        coord: r.coord.clone(),
                        description: r.describe(names),
                    })
                    .collect(),
                difference: g.difference.clone(),
                undecided: g.undecided.clone(),
                same: g.same(),
            })
            .collect(),
        counts: (c.counts[0], c.counts[1]),
        same: c.same(),
    }
}
