//! `kifu.Position`: a xiangqi or shogi position, from FEN or SFEN; its legal moves in
//! coordinates, moves played in coordinates or read in any notation, and written back.

use notation_traits::{Diagnostic, Position as _, Severity};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::diagram::{Diagram, DiagramArgs};
use crate::errors::{raise, raise_new};
use crate::notation::{self, SHOGI_READ, Shogi, Spelling, XIANGQI_READ, Xiangqi};
use crate::options;

/// The position of one game or the other.
#[derive(Debug, Clone)]
pub(crate) enum Board {
    Xiangqi(xiangqi_board::Position),
    Shogi(shogi_board::Position),
}

/// A position of xiangqi or shogi.
///
/// `Position()` and `Position(game="shogi")` are the start positions; `Position(fen)` reads a
/// FEN (xiangqi: `rnbakabnr/9/... w - - 0 1`) or an SFEN (shogi: `lnsgkgsnl/... b - 1`), the
/// game told by the text or by `game`; `"startpos"` is the start of `game`.
///
/// Moves in coordinates are ICCS with ranks 0-9 (`h2e2`) for xiangqi and USI (`7g7f`,
/// `8h2b+`, `P*5e`) for shogi. `play` changes the position in place (`copy()` keeps one).
#[pyclass(module = "kifu", eq)]
#[derive(Debug, Clone)]
pub(crate) struct Position {
    pub(crate) board: Board,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        match (&self.board, &other.board) {
            (Board::Xiangqi(a), Board::Xiangqi(b)) => a == b,
            (Board::Shogi(a), Board::Shogi(b)) => a.same_position(b),
            _ => false,
        }
    }
}

impl Position {
    /// A xiangqi position.
    pub(crate) fn xiangqi(p: xiangqi_board::Position) -> Position {
        Position {
            board: Board::Xiangqi(p),
        }
    }

    /// A shogi position.
    pub(crate) fn shogi(p: shogi_board::Position) -> Position {
        Position {
            board: Board::Shogi(p),
        }
    }

    /// Reads `text` as a position of `game` (`None`: a FEN's ten ranks are xiangqi, an SFEN's
    /// nine shogi).
    pub(crate) fn parse(text: &str, game: Option<&str>) -> PyResult<Position> {
        let text = text.trim();
        let variant = match game {
            Some(g) => options::variant(g)?,
            None if text == "startpos" => {
                return Err(PyValueError::new_err(
                    "`startpos` needs game=\"xiangqi\" or game=\"shogi\"",
                ));
            }
            None => {
                let board = text.split_whitespace().next().unwrap_or("");
                if board.matches('/').count() == 9 {
                    kifu_records::Variant::Xiangqi
                } else {
                    kifu_records::Variant::Shogi
                }
            }
        };
        match variant {
            kifu_records::Variant::Xiangqi if text == "startpos" => {
                Ok(Position::xiangqi(xiangqi_board::Position::new()))
            }
            kifu_records::Variant::Shogi if text == "startpos" => {
                Ok(Position::shogi(shogi_board::Position::new()))
            }
            kifu_records::Variant::Xiangqi => xiangqi_board::Position::from_fen(text)
                .map(Position::xiangqi)
                .map_err(|e| raise_new("bad-fen", e.to_string())),
            kifu_records::Variant::Shogi => shogi_board::Position::from_sfen(text)
                .map(Position::shogi)
                .map_err(|e| raise_new("bad-sfen", e.to_string())),
        }
    }

    fn text(&self) -> String {
        match &self.board {
            Board::Xiangqi(p) => p.to_text(),
            Board::Shogi(p) => p.to_text(),
        }
    }

    /// The coordinate move `mv`, checked against the rules.
    fn checked_xiangqi(p: &xiangqi_board::Position, mv: &str) -> PyResult<xiangqi_board::Move> {
        let m: xiangqi_board::Move = mv
            .parse()
            .map_err(|e: xiangqi_board::ParseMoveError| bad_coord(mv, &e.to_string(), p))?;
        p.check_move(m)
            .map_err(|rule| illegal(mv, rule, p.to_text()))?;
        Ok(m)
    }

    fn checked_shogi(p: &shogi_board::Position, mv: &str) -> PyResult<shogi_board::Move> {
        let m: shogi_board::Move = mv
            .parse()
            .map_err(|e: shogi_board::ParseMoveError| bad_coord(mv, &e.to_string(), p))?;
        p.check_move(m)
            .map_err(|rule| illegal(mv, rule, p.to_text()))?;
        Ok(m)
    }

    /// Reads `text` in `notation` (`None`: each of the game's notations in turn) and returns
    /// the move in coordinates.
    fn read(&self, text: &str, notation: Option<&str>, lang: Option<&str>) -> PyResult<String> {
        let lang = lang.map(options::language).transpose()?;
        match &self.board {
            Board::Xiangqi(p) => {
                let names: Vec<&str> = notation.map_or(XIANGQI_READ.to_vec(), |n| vec![n]);
                let mut tried = Vec::new();
                for n in &names {
                    tried.push(notation::xiangqi_reader(n, lang)?);
                }
                read_in(p, text, &tried).map(|m| m.to_string())
            }
            Board::Shogi(p) => {
                let names: Vec<&str> = notation.map_or(SHOGI_READ.to_vec(), |n| vec![n]);
                let mut tried = Vec::new();
                for n in &names {
                    tried.push(notation::shogi_reader(n)?);
                }
                read_in(p, text, &tried).map(|m| m.to_string())
            }
        }
    }
}

/// `text` read in the first of `notations` that reads it; else the error of the first whose
/// syntax it has (of the first notation when none has).
fn read_in<P: notation_traits::Position>(
    pos: &P,
    text: &str,
    notations: &[Box<dyn notation_traits::TextNotation<P> + Send + Sync>],
) -> PyResult<P::Move> {
    let mut first_error = None;
    for n in notations {
        match n.read(pos, text) {
            Ok(r) => return Ok(r.mv),
            Err(e) => {
                let parsed = n.parses(text);
                if first_error.as_ref().is_none_or(|(p, _)| !p && parsed) {
                    first_error = Some((parsed, e));
                }
            }
        }
    }
    let (_, e) = first_error.expect("one notation at least");
    let d = Diagnostic::from_notation_error(&e)
        .with_text(text)
        .with_position(pos.to_text());
    Err(raise(&d))
}

fn bad_coord(mv: &str, why: &str, pos: &impl notation_traits::Position) -> PyErr {
    raise(
        &Diagnostic::new(Severity::Error, "syntax", why.to_owned())
            .with_text(mv)
            .with_position(pos.to_text()),
    )
}

fn illegal(mv: &str, rule: notation_traits::Rule, position: String) -> PyErr {
    raise(
        &Diagnostic::new(
            Severity::Error,
            rule.code(),
            format!("illegal move `{mv}`: {rule}"),
        )
        .with_text(mv)
        .with_position(position),
    )
}

fn spelling(
    lang: Option<&str>,
    style: Option<String>,
    sideways: Option<&str>,
    squares: Option<&str>,
) -> PyResult<Spelling> {
    Ok(Spelling {
        lang: lang.map(options::language).transpose()?,
        style,
        sideways: sideways.map(options::sideways).transpose()?,
        squares: squares.map(options::squares).transpose()?,
    })
}

#[pymethods]
impl Position {
    #[new]
    #[pyo3(signature = (fen=None, *, game=None))]
    fn py_new(fen: Option<&str>, game: Option<&str>) -> PyResult<Position> {
        match fen {
            Some(f) => Position::parse(f, game),
            None => Position::parse("startpos", Some(game.unwrap_or("xiangqi"))),
        }
    }

    /// A xiangqi position from a FEN (`None`: the start position).
    #[staticmethod]
    #[pyo3(signature = (fen=None))]
    fn from_fen(fen: Option<&str>) -> PyResult<Position> {
        Position::parse(fen.unwrap_or("startpos"), Some("xiangqi"))
    }

    /// A shogi position from an SFEN (`None`: the start position).
    #[staticmethod]
    #[pyo3(signature = (sfen=None))]
    fn from_sfen(sfen: Option<&str>) -> PyResult<Position> {
        Position::parse(sfen.unwrap_or("startpos"), Some("shogi"))
    }

    /// `"xiangqi"` or `"shogi"`.
    #[getter]
    fn game(&self) -> &'static str {
        match self.board {
            Board::Xiangqi(_) => "xiangqi",
            Board::Shogi(_) => "shogi",
        }
    }

    /// The position as FEN (xiangqi, six fields) or SFEN (shogi, four fields).
    #[getter]
    fn fen(&self) -> String {
        self.text()
    }

    /// The same as `fen`: the SFEN of a shogi position.
    #[getter]
    fn sfen(&self) -> String {
        self.text()
    }

    /// The side to move: `"red"` or `"black"` (xiangqi), `"black"` (sente) or `"white"`
    /// (gote) (shogi).
    #[getter]
    fn side_to_move(&self) -> &'static str {
        match &self.board {
            Board::Xiangqi(p) => match p.side_to_move() {
                xiangqi_board::Color::Red => "red",
                xiangqi_board::Color::Black => "black",
            },
            Board::Shogi(p) => match p.side_to_move() {
                shogi_board::Color::Black => "black",
                shogi_board::Color::White => "white",
            },
        }
    }

    /// The ply the next move is, counted as the FEN's or SFEN's move number counts.
    #[getter]
    fn ply(&self) -> u32 {
        match &self.board {
            Board::Xiangqi(p) => p.ply_number(),
            Board::Shogi(p) => p.ply_number(),
        }
    }

    /// Every legal move, in coordinates, in no particular order.
    fn legal_moves(&self) -> Vec<String> {
        match &self.board {
            Board::Xiangqi(p) => p.legal_moves().iter().map(ToString::to_string).collect(),
            Board::Shogi(p) => p.legal_moves().iter().map(ToString::to_string).collect(),
        }
    }

    /// Whether the coordinate move `move` is legal here (`False` for text that is no move).
    fn is_legal(&self, r#move: &str) -> bool {
        match &self.board {
            Board::Xiangqi(p) => r#move.parse().is_ok_and(|m| p.is_legal(m)),
            Board::Shogi(p) => r#move.parse().is_ok_and(|m| p.is_legal(m)),
        }
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        match &self.board {
            Board::Xiangqi(p) => p.is_check(),
            Board::Shogi(p) => p.is_check(),
        }
    }

    /// `(result, termination)` when the side to move has no legal move (`("0-1",
    /// "checkmate")`), else `None`.
    fn outcome(&self) -> Option<(&'static str, &'static str)> {
        let o = match &self.board {
            Board::Xiangqi(p) => p.outcome(),
            Board::Shogi(p) => p.outcome(),
        };
        o.map(|(r, t)| (r.as_str(), t.as_str()))
    }

    /// Plays the coordinate move `move` (`h2e2`, `7g7f`, `P*5e`) in place.
    ///
    /// Raises `MoveSyntaxError` for text that is no coordinate move, `IllegalMoveError` (its
    /// code the rule broken) for an illegal one.
    fn play(&mut self, r#move: &str) -> PyResult<()> {
        match &mut self.board {
            Board::Xiangqi(p) => {
                let m = Position::checked_xiangqi(p, r#move)?;
                p.play_unchecked(m);
            }
            Board::Shogi(p) => {
                let m = Position::checked_shogi(p, r#move)?;
                p.play_unchecked(m);
            }
        }
        Ok(())
    }

    /// Plays the coordinate moves `moves` one after the other, in place: `play` for a list,
    /// every move read and checked in one call.
    ///
    /// Raises as `play` does, the error's `ply` the failing move's place in `moves` (from 1);
    /// the moves before it stay played.
    fn play_moves(&mut self, moves: Vec<String>) -> PyResult<()> {
        let at = |e: PyErr, i: usize| {
            Python::attach(|py| {
                let _ = e.value(py).setattr("ply", i + 1);
            });
            e
        };
        match &mut self.board {
            Board::Xiangqi(p) => {
                for (i, mv) in moves.iter().enumerate() {
                    let m = Position::checked_xiangqi(p, mv).map_err(|e| at(e, i))?;
                    p.play_unchecked(m);
                }
            }
            Board::Shogi(p) => {
                for (i, mv) in moves.iter().enumerate() {
                    let m = Position::checked_shogi(p, mv).map_err(|e| at(e, i))?;
                    p.play_unchecked(m);
                }
            }
        }
        Ok(())
    }

    /// Plays a move written in `notation` (`wxf`, `chinese`, `iccs`, `algebraic`, ...; `psn`,
    /// `usi`, `kif`, `ki2`, `csa`; `None`: the game's notations in turn), in the piece letters
    /// `lang`, in place, and returns it in coordinates.
    ///
    /// Raises `MoveSyntaxError`, `IllegalMoveError` or `AmbiguousMoveError` (with the
    /// candidates, spelt in the notation).
    #[pyo3(signature = (text, *, notation=None, lang=None))]
    fn move_to(
        &mut self,
        text: &str,
        notation: Option<&str>,
        lang: Option<&str>,
    ) -> PyResult<String> {
        let coord = self.read(text, notation, lang)?;
        self.play(&coord)?;
        Ok(coord)
    }

    /// Reads a move written in `notation` (as `move_to`) without playing it; returns it in
    /// coordinates.
    #[pyo3(signature = (text, *, notation=None, lang=None))]
    fn read_move(
        &self,
        text: &str,
        notation: Option<&str>,
        lang: Option<&str>,
    ) -> PyResult<String> {
        self.read(text, notation, lang)
    }

    /// The legal coordinate move `move` written in `to` (`None`: WXF for xiangqi, PSN for
    /// shogi), with `lang`, `style`, `sideways` and `squares` as in `Game.write`.
    #[pyo3(signature = (r#move, to=None, *, lang=None, style=None, sideways=None, squares=None))]
    fn write_move(
        &self,
        r#move: &str,
        to: Option<&str>,
        lang: Option<&str>,
        style: Option<String>,
        sideways: Option<&str>,
        squares: Option<&str>,
    ) -> PyResult<String> {
        let s = spelling(lang, style, sideways, squares)?;
        match &self.board {
            Board::Xiangqi(p) => {
                let n: Xiangqi = notation::xiangqi_writer(to.unwrap_or("wxf"), &s)?;
                let m = Position::checked_xiangqi(p, r#move)?;
                Ok(n.write(p, m))
            }
            Board::Shogi(p) => {
                let n: Shogi = notation::shogi_writer(to.unwrap_or("psn"), &s)?;
                let m = Position::checked_shogi(p, r#move)?;
                Ok(n.write(p, m))
            }
        }
    }

    /// The coordinate moves `moves`, played one after the other from this position (which
    /// stays as it is), each written in `to` as `write_move` writes it. KIF's `同` refers to
    /// the move before.
    #[pyo3(signature = (moves, to=None, *, lang=None, style=None, sideways=None, squares=None))]
    fn write_moves(
        &self,
        moves: Vec<String>,
        to: Option<&str>,
        lang: Option<&str>,
        style: Option<String>,
        sideways: Option<&str>,
        squares: Option<&str>,
    ) -> PyResult<Vec<String>> {
        let s = spelling(lang, style, sideways, squares)?;
        let mut out = Vec::with_capacity(moves.len());
        match &self.board {
            Board::Xiangqi(p) => {
                let n: Xiangqi = notation::xiangqi_writer(to.unwrap_or("wxf"), &s)?;
                let mut pos = *p;
                let mut previous = None;
                for mv in &moves {
                    let m = Position::checked_xiangqi(&pos, mv)?;
                    out.push(n.write_after(&pos, previous, m));
                    pos.play_unchecked(m);
                    previous = Some(m);
                }
            }
            Board::Shogi(p) => {
                let n: Shogi = notation::shogi_writer(to.unwrap_or("psn"), &s)?;
                let mut pos = *p;
                let mut previous = None;
                for mv in &moves {
                    let m = Position::checked_shogi(&pos, mv)?;
                    out.push(n.write_after(&pos, previous, m));
                    pos.play_unchecked(m);
                    previous = Some(m);
                }
            }
        }
        Ok(out)
    }

    /// A copy, to play on without changing this one.
    fn copy(&self) -> Position {
        self.clone()
    }

    fn __copy__(&self) -> Position {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Position {
        self.clone()
    }

    /// A diagram of the position; see `kifu.diagram`.
    #[pyo3(signature = (*, format="svg", flip=false, pieces=None, coordinates=None, size=None))]
    fn diagram(
        &self,
        format: &str,
        flip: bool,
        pieces: Option<String>,
        coordinates: Option<String>,
        size: Option<u32>,
    ) -> PyResult<Diagram> {
        let args = DiagramArgs::new(format, flip, pieces, coordinates, size)?;
        crate::diagram::of_position(self, &args)
    }

    /// The SVG picture Jupyter shows.
    fn _repr_svg_(&self) -> PyResult<String> {
        let args = DiagramArgs::new("svg", false, None, None, None)?;
        Ok(crate::diagram::of_position(self, &args)?.text)
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        format!("Position({:?}, game={:?})", self.text(), self.game())
    }
}
