//! Where games come from: text (`str`, read as UTF-8), bytes (encoding and format detected,
//! as the command line reads a file) or a path (`os.PathLike`); read and checked with the GIL
//! released.

use std::path::PathBuf;

use kifu_records::{Games, Input, InputError, ReadOptions};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::errors::{raise, raise_new};

/// An input handed to a function.
#[derive(Debug)]
pub(crate) enum Source {
    /// Text, already decoded.
    Text(String),
    /// Bytes, their encoding detected.
    Bytes(Vec<u8>),
    /// A file.
    Path(PathBuf),
}

impl Source {
    /// `str` and `bytes` as text and bytes; `os.PathLike` as a file when `paths` allows.
    ///
    /// # Errors
    ///
    /// `TypeError` for anything else.
    pub(crate) fn extract(obj: &Bound<'_, PyAny>, paths: bool) -> PyResult<Source> {
        if let Ok(s) = obj.cast::<PyString>() {
            return Ok(Source::Text(s.to_cow()?.into_owned()));
        }
        if let Ok(b) = obj.cast::<PyBytes>() {
            return Ok(Source::Bytes(b.as_bytes().to_vec()));
        }
        if paths && obj.hasattr("__fspath__")? {
            let p: PathBuf = obj.extract()?;
            return Ok(Source::Path(p));
        }
        let expected = if paths {
            "str (a record's text), bytes or os.PathLike (a file)"
        } else {
            "str or bytes (use kifu.read_file for a path)"
        };
        Err(PyTypeError::new_err(format!(
            "expected {expected}, found {}",
            obj.get_type().name()?
        )))
    }

    /// The name diagnostics give for it.
    pub(crate) fn name(&self) -> String {
        match self {
            Source::Text(_) => "<string>".to_owned(),
            Source::Bytes(_) => "<bytes>".to_owned(),
            Source::Path(p) => kifu_records::display_name(p),
        }
    }

    /// Every game of it, read and checked with `options` (text is read as UTF-8, whatever
    /// `options` says about the encoding).
    ///
    /// # Errors
    ///
    /// `ReadError`: the input cannot be opened, or its bytes are in no format or encoding
    /// kifu reads.
    pub(crate) fn games(
        self,
        py: Python<'_>,
        options: ReadOptions,
    ) -> PyResult<Vec<kifu_records::Game>> {
        let result = py.detach(move || read_all(self, options));
        result.map_err(|e| raise_new("io", e))
    }
}

/// The games of `source`, or the message of what stopped the reading.
fn read_all(source: Source, mut options: ReadOptions) -> Result<Vec<kifu_records::Game>, String> {
    let input = match source {
        Source::Text(t) => {
            options.encoding = Some(encoding_rs::UTF_8);
            Input::from_bytes("<string>", t.into_bytes(), &options)
        }
        Source::Bytes(b) => Input::from_bytes("<bytes>", b, &options),
        Source::Path(p) => Input::open(&p, &options),
    }
    .map_err(|e: InputError| e.to_string())?;
    let name = input.name.clone();
    let mut games = Vec::new();
    for (i, game) in Games::new(input, options).enumerate() {
        match game {
            Ok(g) => games.push(g),
            Err(e) => return Err(format!("{name}: game {}: {e}", i + 1)),
        }
    }
    Ok(games)
}

/// The first error among `games`' diagnostics, raised, for `strict=True`.
pub(crate) fn first_error(games: &[kifu_records::Game], strict: bool) -> PyResult<()> {
    if !strict {
        return Ok(());
    }
    for g in games {
        if let Some(d) = g.diagnostics.iter().find(|d| d.is_error()) {
            return Err(raise(&d.clone().in_game(g.index)));
        }
    }
    Ok(())
}
