//! `kifu.Diagnostic`: one thing found about a game, with the fields of the command line's JSON
//! diagnostics (docs/cli.md, docs/kifu.schema.json).

use pyo3::prelude::*;

/// One thing found about a game: an error or a warning, where it is and what to do.
///
/// `line` and `column` count from 1, columns in characters (`None` for a binary format or a
/// fault of the whole game); `ply` counts from 1 at the record's first move; `candidates` are
/// the legal moves the text may mean, in the notation of the input.
#[pyclass(module = "kifu", frozen)]
#[derive(Debug, Clone)]
pub(crate) struct Diagnostic {
    /// `"error"` or `"warning"`.
    #[pyo3(get)]
    pub(crate) severity: String,
    /// The stable code (`ambiguous-move`, `horse-leg`, `move-number-mismatch`; docs/codes.md).
    #[pyo3(get)]
    pub(crate) code: String,
    /// What is wrong and what was expected.
    #[pyo3(get)]
    pub(crate) message: String,
    /// A help line: the spelling the rest of the game reads, or what to do.
    #[pyo3(get)]
    pub(crate) help: Option<String>,
    /// The legal moves the user may have meant, in the input's notation.
    #[pyo3(get)]
    pub(crate) candidates: Vec<String>,
    /// The line, from 1.
    #[pyo3(get)]
    pub(crate) line: Option<u32>,
    /// The column, from 1, in characters.
    #[pyo3(get)]
    pub(crate) column: Option<u32>,
    /// The ply of the move concerned, from 1.
    #[pyo3(get)]
    pub(crate) ply: Option<u32>,
    /// The move's text as written.
    #[pyo3(get)]
    pub(crate) text: Option<String>,
    /// The position before the move, as FEN or SFEN.
    #[pyo3(get)]
    pub(crate) position: Option<String>,
    /// The game's index in its input, from 1.
    #[pyo3(get)]
    pub(crate) game: Option<usize>,
    /// The input's name (`<string>`, `<bytes>` or the path).
    #[pyo3(get)]
    pub(crate) file: Option<String>,
    /// The one-line form, as the command line prints it.
    line_text: String,
}

impl Diagnostic {
    /// The Python form of a library diagnostic.
    pub(crate) fn new(d: &notation_traits::Diagnostic) -> Diagnostic {
        let (line, column) = match d.span {
            Some(s) if !s.start.is_byte() => (Some(s.start.line), Some(s.start.column)),
            _ => (None, None),
        };
        Diagnostic {
            severity: d.severity.as_str().to_owned(),
            code: d.code.clone(),
            message: d.message.clone(),
            help: d.help.clone(),
            candidates: d.candidates.clone(),
            line,
            column,
            ply: d.ply,
            text: d.text.clone(),
            position: d.position.clone(),
            game: d.game,
            file: d.file.clone(),
            line_text: d.to_string(),
        }
    }
}

#[pymethods]
impl Diagnostic {
    /// Whether it is an error (a warning is not).
    #[getter]
    fn is_error(&self) -> bool {
        self.severity == "error"
    }

    fn __str__(&self) -> &str {
        &self.line_text
    }

    fn __repr__(&self) -> String {
        fn py<T: std::fmt::Display>(v: &Option<T>) -> String {
            v.as_ref().map_or("None".to_owned(), ToString::to_string)
        }
        format!(
            "<Diagnostic {} {} line={} column={} ply={} text={}>",
            self.severity,
            self.code,
            py(&self.line),
            py(&self.column),
            py(&self.ply),
            self.text
                .as_ref()
                .map_or("None".to_owned(), |t| format!("{t:?}"))
        )
    }
}
