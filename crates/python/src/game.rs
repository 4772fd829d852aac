//! `kifu.Game` and `kifu.Move`: a game read and checked, as the command line's JSON record
//! (docs/kifu.schema.json) shows it: tags, start, moves (each with its text, coordinates, ply,
//! comments, clock, glyphs and variations), result, final position, and its diagnostics.

use kifu_records::{Game as RecordGame, GameBody, Writer};
use notation_traits::{Line, MoveEntry};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use crate::diagnostic::Diagnostic;
use crate::diagram::{Diagram, DiagramArgs};
use crate::errors::{raise, raise_new};
use crate::options::WriteArgs;
use crate::position::Position;

/// One move of a game as it was read.
///
/// `coord` is the move in coordinates: ICCS with ranks 0-9 (`h2e2`) for xiangqi, USI (`7g7f`,
/// `8h2b+`, `P*5e`) for shogi. `ply` is 1 for the record's first move; a variation's first
/// move has the ply of the move it replaces.
#[pyclass(module = "kifu", frozen, get_all)]
#[derive(Debug, Clone)]
pub(crate) struct Move {
    /// The ply, from 1.
    pub(crate) ply: u32,
    /// The move as the input wrote it (`T2=5`, `P-7f`, `▲７六歩`).
    pub(crate) text: String,
    /// The move in coordinates (`h2e2`, `7g7f`).
    pub(crate) coord: String,
    /// The comments after it.
    pub(crate) comments: Vec<String>,
    /// Its clock time, as written.
    pub(crate) clock: Option<String>,
    /// Its annotation glyphs as PGN NAG numbers (`!?` is 5).
    pub(crate) nags: Vec<u16>,
    /// Its line in the input, from 1 (`None` for a binary format).
    pub(crate) line: Option<u32>,
    /// Its column, from 1, in characters.
    pub(crate) column: Option<u32>,
    /// The alternatives to it: each a list of moves, the first played instead of this one.
    pub(crate) variations: Vec<Vec<Move>>,
}

#[pymethods]
impl Move {
    fn __str__(&self) -> &str {
        &self.coord
    }

    fn __repr__(&self) -> String {
        format!(
            "<Move ply={} coord={:?} text={:?}>",
            self.ply, self.coord, self.text
        )
    }
}

/// The moves of a line from ply `first`.
fn moves_of<M: std::fmt::Display>(line: &Line<M>, first: u32) -> Vec<Move> {
    line.moves
        .iter()
        .enumerate()
        .map(|(i, m)| move_of(m, first + i as u32))
        .collect()
}

fn move_of<M: std::fmt::Display>(m: &MoveEntry<M>, ply: u32) -> Move {
    let (line, column) = if m.span.start.is_byte() {
        (None, None)
    } else {
        (Some(m.span.start.line), Some(m.span.start.column))
    };
    Move {
        ply,
        text: m.text.clone(),
        coord: m.mv.to_string(),
        comments: m.comments.clone(),
        clock: m.clock.clone(),
        nags: m.nags.clone(),
        line,
        column,
        variations: m.variations.iter().map(|v| moves_of(v, ply)).collect(),
    }
}

/// A game read and checked: every move resolved in its position, everything found about it in
/// `diagnostics`.
///
/// A game with errors still holds the moves read before the first one; `unread` keeps the rest
/// as written. A game kifu could not read at all (no notation fits, a bad start position) has
/// no moves, `notation` and `start` are `None`, and its error is in `diagnostics`.
#[pyclass(module = "kifu", frozen)]
pub(crate) struct Game {
    pub(crate) inner: RecordGame,
    pub(crate) name: String,
}

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game")
            .field("inner", &self.inner)
            .field("name", &self.name)
            .finish()
    }
}

#[pymethods]
impl Game {
    /// The game's index in its input, from 1.
    #[getter]
    fn index(&self) -> usize {
        self.inner.index
    }

    /// `"xiangqi"` or `"shogi"`.
    #[getter]
    fn game(&self) -> &'static str {
        self.inner.variant().name()
    }

    /// The format it was read in (`pgn`, `psn`, `kif`, `csa`, `xqf`, `json`, ...).
    #[getter]
    fn format(&self) -> &'static str {
        self.inner.format.name()
    }

    /// The notation its moves were read in (`WXF descriptive notation, Finnish letters`);
    /// `None` for a game that could not be read.
    #[getter]
    fn notation(&self) -> Option<String> {
        match &self.inner.body {
            GameBody::Xiangqi(c) => Some(c.notation_name.clone()),
            GameBody::Shogi(c) => Some(c.notation_name.clone()),
            GameBody::Unreadable { .. } => None,
        }
    }

    /// What detection chose, when it chose (`detected WXF descriptive notation, Finnish
    /// letters (80 of 80 plies read)`).
    #[getter]
    fn detected(&self) -> Option<String> {
        self.inner.detected.clone()
    }

    /// Every tag as written, in file order (a repeated name's later values under `Name (2)`,
    /// `Name (3)`, as kifu's JSON has them).
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for t in self.inner.tags() {
            let mut key = t.name.clone();
            let mut n = 1;
            while dict.contains(&key)? {
                n += 1;
                key = format!("{} ({n})", t.name);
            }
            dict.set_item(key, &t.value)?;
        }
        Ok(dict)
    }

    /// The main-line moves read.
    #[getter]
    fn moves(&self) -> Vec<Move> {
        match &self.inner.body {
            GameBody::Xiangqi(c) => moves_of(&c.game.replayed.record.main, 1),
            GameBody::Shogi(c) => moves_of(&c.game.replayed.record.main, 1),
            GameBody::Unreadable { .. } => Vec::new(),
        }
    }

    /// The main-line moves in coordinates only (`["h2e2", "h9g7", ...]`).
    #[getter]
    fn coords(&self) -> Vec<String> {
        self.inner.coordinates()
    }

    /// The comments before the first move.
    #[getter]
    fn comments(&self) -> Vec<String> {
        self.inner.raw.record.main.comments.clone()
    }

    /// Everything found, in order: the reader's findings about the file, then the moves'.
    #[getter]
    fn diagnostics(&self) -> Vec<Diagnostic> {
        self.inner
            .diagnostics
            .iter()
            .map(|d| Diagnostic::new(&d.clone().in_file(&self.name).in_game(self.inner.index)))
            .collect()
    }

    /// Whether no diagnostic is an error (warnings allowed).
    #[getter]
    fn ok(&self) -> bool {
        !self.inner.has_errors()
    }

    /// `"1-0"` (Red or Black/sente won), `"0-1"`, `"1/2-1/2"`, or `None` when unknown.
    #[getter]
    fn result(&self) -> Option<&'static str> {
        self.inner.result().map(|r| r.as_str())
    }

    /// How the game ended (`checkmate`, `resignation`, `repetition`, ...), from a terminal
    /// word or the position; `None` when not known.
    #[getter]
    fn termination(&self) -> Option<&'static str> {
        match &self.inner.body {
            GameBody::Xiangqi(c) => c.game.termination().map(|t| t.as_str()),
            GameBody::Shogi(c) => c.game.termination().map(|t| t.as_str()),
            GameBody::Unreadable { .. } => None,
        }
    }

    /// The start position as FEN (xiangqi, six fields) or SFEN (shogi, four fields).
    #[getter]
    fn start(&self) -> Option<String> {
        self.inner.start_position()
    }

    /// The position after the last move read, as FEN or SFEN.
    #[getter]
    fn r#final(&self) -> Option<String> {
        self.inner.final_position()
    }

    /// The moves from the first one kifu could not read, as written, with the reason.
    #[getter]
    fn unread(&self) -> Option<String> {
        match &self.inner.body {
            GameBody::Xiangqi(c) => c.game.unread_comment(),
            GameBody::Shogi(c) => c.game.unread_comment(),
            GameBody::Unreadable { .. } => None,
        }
    }

    /// The position after `ply` plies (0: the start; `None`: after the last move read).
    ///
    /// Raises `ValueError` for a ply past the last move read, `NotationError` for a game that
    /// could not be read.
    #[pyo3(signature = (ply=None))]
    fn position(&self, ply: Option<usize>) -> PyResult<Position> {
        fn at<P: notation_traits::Position>(
            c: &kifu_records::Checked<P>,
            ply: Option<usize>,
        ) -> PyResult<P> {
            let r = &c.game.replayed;
            let moves = &r.record.main.moves;
            let n = ply.unwrap_or(moves.len());
            if n > moves.len() {
                return Err(pyo3::exceptions::PyValueError::new_err(format!(
                    "ply {n} is past the last move read (ply {})",
                    moves.len()
                )));
            }
            let mut pos = r.start.clone();
            for m in &moves[..n] {
                pos.play_unchecked(m.mv);
            }
            Ok(pos)
        }
        match &self.inner.body {
            GameBody::Xiangqi(c) => Ok(Position::xiangqi(at(c, ply)?)),
            GameBody::Shogi(c) => Ok(Position::shogi(at(c, ply)?)),
            GameBody::Unreadable { error, .. } => Err(raise(error)),
        }
    }

    /// The game written in another notation or format, as `kifu convert --to TO` writes it.
    ///
    /// `to` is a notation (`wxf`, `chinese`, `iccs`, `uci`, `algebraic`, `winboard`, `psn`,
    /// `usi`) or a format (`json`, `kif`, `ki2`, `csa`, `jkf`, `xqf`, `dhtmlxq`, `html`);
    /// `lang` the piece letters (`en`, `fi`, `de`), `style` the notation's style (`wxf`,
    /// `wxr2018`, `simplified`, `traditional`, `pgn`, `engine`, `position`, `short`, `long`),
    /// `sideways` `.` or `=`, `squares` `letters` or `digits`, `encoding` the output's
    /// (returned as bytes when not UTF-8), `version` a format version (XQF `10`, CSA `2.2`).
    /// Returns `str`, or `bytes` for a binary format (XQF) or another encoding.
    ///
    /// Raises `WriteError` when the target cannot hold the game (the other game's notation).
    #[pyo3(signature = (to="wxf", *, lang=None, style=None, sideways=None, squares=None, encoding=None, version=None))]
    #[allow(clippy::too_many_arguments)]
    fn write<'py>(
        &self,
        py: Python<'py>,
        to: &str,
        lang: Option<String>,
        style: Option<String>,
        sideways: Option<String>,
        squares: Option<String>,
        encoding: Option<String>,
        version: Option<String>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let args = WriteArgs {
            to: to.to_owned(),
            lang,
            style,
            sideways,
            squares,
            encoding,
            version,
        };
        let writer = Writer::new(args.options()?);
        write_games(py, &writer, std::slice::from_ref(&self.inner))
    }

    /// A diagram of the position after `ply` (0: the start; `None`: the last position read),
    /// the move just played marked; see `kifu.diagram`.
    #[pyo3(signature = (ply=None, *, format="svg", flip=false, pieces=None, coordinates=None, size=None))]
    fn diagram(
        &self,
        ply: Option<usize>,
        format: &str,
        flip: bool,
        pieces: Option<String>,
        coordinates: Option<String>,
        size: Option<u32>,
    ) -> PyResult<Diagram> {
        let args = DiagramArgs::new(format, flip, pieces, coordinates, size)?;
        crate::diagram::of_game(&self.inner, ply, &args)
    }

    /// The number of main-line moves read.
    fn __len__(&self) -> usize {
        match &self.inner.body {
            GameBody::Xiangqi(c) => c.game.replayed.record.main.moves.len(),
            GameBody::Shogi(c) => c.game.replayed.record.main.moves.len(),
            GameBody::Unreadable { .. } => 0,
        }
    }

    fn __repr__(&self) -> String {
        let errors = self
            .inner
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .count();
        format!(
            "<Game {} #{} ({}): {} moves, {} errors, {} warnings>",
            self.inner.variant().name(),
            self.inner.index,
            self.inner.format.name(),
            self.__len__(),
            errors,
            self.inner.diagnostics.len() - errors
        )
    }
}

/// Games written one after the other by `writer`: `str` for UTF-8 text, else `bytes`.
///
/// # Errors
///
/// `WriteError` when the target refuses a game or the encoding cannot hold it.
pub(crate) fn write_games<'py>(
    py: Python<'py>,
    writer: &Writer,
    games: &[RecordGame],
) -> PyResult<Bound<'py, PyAny>> {
    let mut bytes = Vec::new();
    for (i, g) in games.iter().enumerate() {
        match writer.write(g, i) {
            Ok(w) => bytes.extend(w.bytes),
            Err(kifu_records::WriteError::Encoding(m)) => return Err(raise_new("encoding", m)),
            Err(
                kifu_records::WriteError::WrongVariant(d) | kifu_records::WriteError::Refused(d),
            ) => return Err(raise(&d.in_game(g.index))),
        }
    }
    let binary = writer.options().target.format.info().binary;
    if !binary && writer.options().encoding == encoding_rs::UTF_8 {
        match String::from_utf8(bytes) {
            Ok(s) => Ok(s.into_pyobject(py)?.into_any()),
            Err(e) => Ok(PyBytes::new(py, e.as_bytes()).into_any()),
        }
    } else {
        Ok(PyBytes::new(py, &bytes).into_any())
    }
}
