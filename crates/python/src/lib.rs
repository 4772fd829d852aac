//! The `kifu` Python module: shogi and xiangqi game records read (format, encoding, game and
//! notation detected), checked move by move, converted, compared and drawn, with the names
//! and values of the command line (docs/cli.md) and the fields of its JSON
//! (docs/kifu.schema.json). Built by maturin (crates/python/pyproject.toml); the stubs are
//! kifu.pyi beside it.

mod comparison;
mod diagnostic;
mod diagram;
mod errors;
mod game;
mod notation;
mod options;
mod position;
mod source;

use pyo3::prelude::*;

use crate::diagnostic::Diagnostic;
use crate::game::Game;
use crate::options::{ReadArgs, WriteArgs};
use crate::source::Source;

/// Reads every game of `source` into `Game`s, each checked move by move.
fn read_games(
    py: Python<'_>,
    source: Source,
    args: &ReadArgs,
    strict: bool,
) -> PyResult<Vec<Game>> {
    let options = args.options()?;
    let name = source.name();
    let games = source.games(py, options)?;
    source::first_error(&games, strict)?;
    Ok(games
        .into_iter()
        .map(|inner| Game {
            inner,
            name: name.clone(),
        })
        .collect())
}

/// Reads the games of a record's text (`str`) or bytes (encoding detected), each checked.
///
/// `game` (`"xiangqi"`, `"shogi"`), `notation` (a notation: `wxf`, `chinese`, `iccs`, `uci`,
/// `algebraic`, `winboard`, `psn`, `usi`; or a format: `kif`, `ki2`, `csa`, `jkf`, `json`,
/// `xqf`, `cbr`, `cbl`, `dhtmlxq`), `lang` (`en`, `fi`, `de`), `dialect` (`wxf`, `wxr2018`,
/// `xqbase`) and `encoding` are detected when `None`, as `kifu check` detects them; `repair`
/// repairs the faulty moves the rest of the game decides; `strict` raises the first error
/// (a `NotationError` subclass) in place of returning it among `Game.diagnostics`.
///
/// Raises `ReadError` for bytes in no format or encoding kifu reads, `ValueError` for an
/// unknown keyword value.
#[pyfunction]
#[pyo3(signature = (source, *, game=None, notation=None, encoding=None, lang=None, dialect=None, repair=false, strict=false))]
#[allow(clippy::too_many_arguments)]
fn read(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    game: Option<String>,
    notation: Option<String>,
    encoding: Option<String>,
    lang: Option<String>,
    dialect: Option<String>,
    repair: bool,
    strict: bool,
) -> PyResult<Vec<Game>> {
    let source = Source::extract(source, false)?;
    let args = ReadArgs {
        game,
        notation,
        lang,
        dialect,
        encoding,
        repair,
    };
    read_games(py, source, &args, strict)
}

/// Reads the games of the file at `path`, as `kifu.read` reads text (its format and encoding
/// detected from its bytes, a `.psn` name preferring shogi).
///
/// Raises `ReadError` for a file that is missing or cannot be read.
#[pyfunction]
#[pyo3(signature = (path, *, game=None, notation=None, encoding=None, lang=None, dialect=None, repair=false, strict=false))]
#[allow(clippy::too_many_arguments)]
fn read_file(
    py: Python<'_>,
    path: std::path::PathBuf,
    game: Option<String>,
    notation: Option<String>,
    encoding: Option<String>,
    lang: Option<String>,
    dialect: Option<String>,
    repair: bool,
    strict: bool,
) -> PyResult<Vec<Game>> {
    let args = ReadArgs {
        game,
        notation,
        lang,
        dialect,
        encoding,
        repair,
    };
    read_games(py, Source::Path(path), &args, strict)
}

/// Reads and checks `source` (text, bytes or an `os.PathLike` file) and returns every
/// diagnostic of every game, as `kifu check --format json` lists them (each with its `game`).
///
/// The keywords are `kifu.read`'s; `strict` raises the first error instead.
#[pyfunction]
#[pyo3(signature = (source, *, game=None, notation=None, encoding=None, lang=None, dialect=None, repair=false, strict=false))]
#[allow(clippy::too_many_arguments)]
fn check(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    game: Option<String>,
    notation: Option<String>,
    encoding: Option<String>,
    lang: Option<String>,
    dialect: Option<String>,
    repair: bool,
    strict: bool,
) -> PyResult<Vec<Diagnostic>> {
    let source = Source::extract(source, true)?;
    let args = ReadArgs {
        game,
        notation,
        lang,
        dialect,
        encoding,
        repair,
    };
    let games = read_games(py, source, &args, strict)?;
    Ok(games
        .iter()
        .flat_map(|g| {
            g.inner
                .diagnostics
                .iter()
                .map(|d| Diagnostic::new(&d.clone().in_file(&g.name).in_game(g.inner.index)))
        })
        .collect())
}

/// Reads `source` (text, bytes or an `os.PathLike` file) and writes every game in `to`, as
/// `kifu convert --to TO` does: a game with an error is written up to it, the rest kept as a
/// comment (`on_error="skip"` leaves it out, `"raise"` raises its first error).
///
/// Reading keywords as `kifu.read` (`lang` is the input's letters); writing keywords as
/// `Game.write` (`out_lang` the output's letters, `lang` when `None`). Returns `str`, or
/// `bytes` for a binary format or an encoding other than UTF-8.
#[pyfunction]
#[pyo3(signature = (source, to, *, game=None, notation=None, encoding=None, lang=None, dialect=None, repair=false, out_lang=None, style=None, sideways=None, squares=None, output_encoding=None, version=None, on_error="keep"))]
#[allow(clippy::too_many_arguments)]
fn convert<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    to: &str,
    game: Option<String>,
    notation: Option<String>,
    encoding: Option<String>,
    lang: Option<String>,
    dialect: Option<String>,
    repair: bool,
    out_lang: Option<String>,
    style: Option<String>,
    sideways: Option<String>,
    squares: Option<String>,
    output_encoding: Option<String>,
    version: Option<String>,
    on_error: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let source = Source::extract(source, true)?;
    let write = WriteArgs {
        to: to.to_owned(),
        lang: out_lang.or_else(|| lang.clone()),
        style,
        sideways,
        squares,
        encoding: output_encoding,
        version,
    };
    let writer = kifu_records::Writer::new(write.options()?);
    let (skip, strict) = match on_error {
        "keep" => (false, false),
        "skip" => (true, false),
        "raise" => (false, true),
        _ => {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "expected on_error keep, skip or raise, found `{on_error}`"
            )));
        }
    };
    let args = ReadArgs {
        game,
        notation,
        lang,
        dialect,
        encoding,
        repair,
    };
    let options = args.options()?;
    let mut games = source.games(py, options)?;
    source::first_error(&games, strict)?;
    if skip {
        games.retain(|g| !g.has_errors());
    }
    game::write_games(py, &writer, &games)
}

/// Compares two transcriptions of the same games (text, bytes or `os.PathLike` files, any
/// notations), as `kifu compare` does: where they differ, and which faulty or ambiguous ply
/// of one the other resolves. The reading keywords are `kifu.read`'s, for both.
#[pyfunction]
#[pyo3(signature = (a, b, *, game=None, lang=None, dialect=None, encoding=None))]
fn compare(
    py: Python<'_>,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
    game: Option<String>,
    lang: Option<String>,
    dialect: Option<String>,
    encoding: Option<String>,
) -> PyResult<comparison::Comparison> {
    let args = ReadArgs {
        game,
        lang,
        dialect,
        encoding,
        ..ReadArgs::default()
    };
    let options = args.options()?;
    let (a, b) = (Source::extract(a, true)?, Source::extract(b, true)?);
    let names = [a.name(), b.name()];
    let ga = a.games(py, options)?;
    let gb = b.games(py, options)?;
    let c = py.detach(|| kifu_records::compare(&ga, &gb, [&names[0], &names[1]]));
    Ok(comparison::convert(&c, [&names[0], &names[1]]))
}

/// The module `kifu`.
#[pymodule]
fn kifu(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(read_file, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(convert, m)?)?;
    m.add_function(wrap_pyfunction!(compare, m)?)?;
    m.add_function(wrap_pyfunction!(diagram::diagram, m)?)?;
    m.add_class::<Game>()?;
    m.add_class::<game::Move>()?;
    m.add_class::<Diagnostic>()?;
    m.add_class::<position::Position>()?;
    m.add_class::<diagram::Diagram>()?;
    m.add_class::<comparison::Comparison>()?;
    m.add_class::<comparison::GameComparison>()?;
    m.add_class::<comparison::Resolution>()?;
    errors::register(m)?;
    Ok(())
}
