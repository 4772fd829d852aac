//! `kifu.Diagram` and `kifu.diagram`: the board of a game's position or of a bare position,
//! drawn by kifu-diagram in SVG (shown by Jupyter through `_repr_svg_`, as cshogi's boards
//! are) or as text (KIF's board diagram for shogi, a character board for xiangqi).

use kifu_records::{DiagramFormat, DiagramOptions, Plies};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use crate::game::Game;
use crate::position::{Board, Position};

/// A drawn board: SVG or text.
///
/// In a notebook an SVG diagram shows as the board (`_repr_svg_`); `str(diagram)` is its
/// text; `save(path)` writes it to a file.
#[pyclass(module = "kifu", frozen, get_all)]
#[derive(Debug, Clone)]
pub(crate) struct Diagram {
    /// `"svg"` or `"text"`.
    pub(crate) format: String,
    /// The SVG picture or the text board.
    pub(crate) text: String,
    /// The position drawn, as FEN or SFEN.
    pub(crate) position: String,
    /// The plies played to reach it (0: the start); `None` for a bare position.
    pub(crate) ply: Option<usize>,
}

#[pymethods]
impl Diagram {
    /// The SVG picture (`None` for a text diagram), for Jupyter.
    fn _repr_svg_(&self) -> Option<String> {
        (self.format == "svg").then(|| self.text.clone())
    }

    /// Writes the picture or text to `path` (UTF-8).
    fn save(&self, path: std::path::PathBuf) -> PyResult<()> {
        std::fs::write(&path, &self.text)
            .map_err(|e| crate::errors::raise_new("write-failed", format!("{}: {e}", path.display())))
    }

    fn __str__(&self) -> &str {
        &self.text
    }

    fn __repr__(&self) -> String {
        let ply = self.ply.map_or("None".to_owned(), |p| p.to_string());
        format!(
            "<Diagram {} ply={ply} position={:?}>",
            self.format, self.position
        )
    }
}

/// The diagram keywords: `format`, `flip`, `pieces`, `coordinates`, `size`.
#[derive(Debug, Clone)]
pub(crate) struct DiagramArgs {
    options: DiagramOptions,
}

impl DiagramArgs {
    /// The options, checked.
    ///
    /// # Errors
    ///
    /// `ValueError` for a format other than `svg` and `text`.
    pub(crate) fn new(
        format: &str,
        flip: bool,
        pieces: Option<String>,
        coordinates: Option<String>,
        size: Option<u32>,
    ) -> PyResult<DiagramArgs> {
        let format = match format.to_ascii_lowercase().as_str() {
            "svg" => DiagramFormat::Svg,
            "text" => DiagramFormat::Text,
            _ => {
                return Err(PyValueError::new_err(format!(
                    "expected a diagram format (svg, text), found `{format}`"
                )));
            }
        };
        Ok(DiagramArgs {
            options: DiagramOptions {
                format,
                flip,
                pieces,
                coordinates,
                size,
                last_move: None,
            },
        })
    }

    fn format_name(&self) -> String {
        match self.options.format {
            DiagramFormat::Svg => "svg".to_owned(),
            DiagramFormat::Text => "text".to_owned(),
        }
    }
}

/// The diagram of `game` after `ply` (`None`: its last position read).
pub(crate) fn of_game(
    game: &kifu_records::Game,
    ply: Option<usize>,
    args: &DiagramArgs,
) -> PyResult<Diagram> {
    let plies = ply.map_or(Plies::End, Plies::At);
    let drawn =
        kifu_records::diagrams(game, plies, &args.options).map_err(PyValueError::new_err)?;
    let d = drawn
        .into_iter()
        .next()
        .ok_or_else(|| PyValueError::new_err("no position to draw"))?;
    Ok(Diagram {
        format: args.format_name(),
        text: d.text,
        position: d.position,
        ply: Some(d.ply),
    })
}

/// The diagram of a bare position.
pub(crate) fn of_position(pos: &Position, args: &DiagramArgs) -> PyResult<Diagram> {
    let (variant, text) = match &pos.board {
        Board::Xiangqi(p) => (kifu_records::Variant::Xiangqi, p.to_fen()),
        Board::Shogi(p) => (kifu_records::Variant::Shogi, p.to_sfen()),
    };
    let drawn = kifu_records::position_diagram(variant, &text, &args.options)
        .map_err(PyValueError::new_err)?;
    Ok(Diagram {
        format: args.format_name(),
        text: drawn,
        position: text,
        ply: None,
    })
}

/// A board diagram of a game's position, a `Position`, or a FEN/SFEN string.
///
/// `source` is a `Game` (drawn after `ply`: 0 is the start, `None` the last position read;
/// the move just played is marked and named in the game's notation), a `Position`, or a FEN
/// or SFEN (`game` tells which when the text does not; `"startpos"` needs it). `format` is
/// `"svg"` or `"text"`; `flip` draws it from the second player's side; `pieces` (`kanji`,
/// `letters` for shogi; `traditional`, `simplified`, `letters`, `letters-fi`, `letters-de`
/// for xiangqi) and `coordinates` (`japanese`, `digits`, `letters`, `none`; `wxf`, `iccs`,
/// `none`) as kifu-diagram names them; `size` the SVG's width in pixels.
///
/// Raises `ValueError` for a ply past the last move read or an unknown style,
/// `PositionError` for a FEN or SFEN that cannot be read.
#[pyfunction]
#[pyo3(signature = (source, ply=None, *, game=None, format="svg", flip=false, pieces=None, coordinates=None, size=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn diagram(
    source: &Bound<'_, PyAny>,
    ply: Option<usize>,
    game: Option<&str>,
    format: &str,
    flip: bool,
    pieces: Option<String>,
    coordinates: Option<String>,
    size: Option<u32>,
) -> PyResult<Diagram> {
    let args = DiagramArgs::new(format, flip, pieces, coordinates, size)?;
    if let Ok(g) = source.cast::<Game>() {
        return of_game(&g.get().inner, ply, &args);
    }
    if let Ok(p) = source.cast::<Position>() {
        return of_position(&p.borrow(), &args);
    }
    if let Ok(text) = source.extract::<String>() {
        let pos = Position::parse(&text, game)?;
        return of_position(&pos, &args);
    }
    Err(PyTypeError::new_err(format!(
        "expected a Game, a Position or a FEN/SFEN string, found {}",
        source.get_type().name()?
    )))
}
