//! The exceptions of the module: `kifu.NotationError` and its subclasses, each carrying the
//! fields of a diagnostic (code, severity, line, column, ply, text, message, help, candidates,
//! position), as `kifu check --format json` prints them.
//!
//! Which class a diagnostic raises follows its code: `syntax` is a `MoveSyntaxError`,
//! `ambiguous-move` an `AmbiguousMoveError`, a broken rule (`horse-leg`, `nifu`, ...),
//! `no-such-piece` and `form-not-allowed` an `IllegalMoveError`, a bad FEN, SFEN, handicap or
//! board a `PositionError`, a file that cannot be read a `ReadError`, a game a target cannot
//! hold a `WriteError`; anything else the base class.

use notation_traits::{Diagnostic, Rule, Severity};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyList;

create_exception!(
    kifu,
    NotationError,
    PyValueError,
    "A fault in a record, a move or a position, with the fields of a diagnostic: code, severity, line, column, ply, text, message, help, candidates, position."
);
create_exception!(
    kifu,
    MoveSyntaxError,
    NotationError,
    "A move that is not written in the notation at all (code `syntax`)."
);
create_exception!(
    kifu,
    IllegalMoveError,
    NotationError,
    "A move that names no legal move: the rule it breaks is its code (`horse-leg`, `nifu`), or `no-such-piece`."
);
create_exception!(
    kifu,
    AmbiguousMoveError,
    NotationError,
    "A move that fits several legal moves (code `ambiguous-move`); `candidates` spells each."
);
create_exception!(
    kifu,
    PositionError,
    NotationError,
    "A FEN, SFEN, handicap or board that cannot be read (codes `bad-fen`, `bad-sfen`, ...)."
);
create_exception!(
    kifu,
    ReadError,
    NotationError,
    "An input that cannot be read: a missing file, bytes in no encoding kifu reads, a kind of file kifu does not read (code `io`, `undecodable-text`, ...)."
);
create_exception!(
    kifu,
    WriteError,
    NotationError,
    "A game the target cannot hold: the other game's notation, a second game in a one-game format, a character the encoding lacks (code `wrong-variant`, `not-writable`, `encoding`; `write-failed` when a file cannot be written)."
);

/// The codes of the rules a move can break.
const RULES: [Rule; 19] = [
    Rule::Movement,
    Rule::OwnPiece,
    Rule::PathBlocked,
    Rule::CannonScreen,
    Rule::HorseLeg,
    Rule::ElephantEye,
    Rule::Palace,
    Rule::River,
    Rule::PawnBeforeRiver,
    Rule::FlyingGeneral,
    Rule::KingLeftInCheck,
    Rule::Nifu,
    Rule::Uchifuzume,
    Rule::DeadPiece,
    Rule::ForcedPromotion,
    Rule::PromotionNotAllowed,
    Rule::NotInHand,
    Rule::DropOnOccupied,
    Rule::WrongSide,
];

/// The exception a diagnostic raises, with its fields set as attributes.
pub(crate) fn raise(d: &Diagnostic) -> PyErr {
    let code = d.code.as_str();
    let message = d.message_with_candidates();
    let err = match code {
        "syntax" => MoveSyntaxError::new_err(message),
        "ambiguous-move" => AmbiguousMoveError::new_err(message),
        "no-such-piece" | "form-not-allowed" => IllegalMoveError::new_err(message),
        "bad-fen" | "bad-sfen" | "bad-handicap" | "bad-board" | "bad-position" => {
            PositionError::new_err(message)
        }
        "io" | "undecodable-text" | "truncated-file" | "trailing-bytes" => {
            ReadError::new_err(message)
        }
        "wrong-variant" | "not-writable" | "one-game-per-file" | "encoding" | "write-failed" => {
            WriteError::new_err(message)
        }
        c if RULES.iter().any(|r| r.code() == c) => IllegalMoveError::new_err(message),
        _ => NotationError::new_err(message),
    };
    Python::attach(|py| {
        let value = err.value(py);
        // Setting attributes on a fresh exception object cannot fail.
        let set = |name: &str, v: Bound<'_, PyAny>| {
            let _ = value.setattr(name, v);
        };
        let opt = |v: Option<u32>| v.into_pyobject(py).map(Bound::into_any);
        set(
            "code",
            d.code.as_str().into_pyobject(py).unwrap().into_any(),
        );
        set(
            "severity",
            d.severity.as_str().into_pyobject(py).unwrap().into_any(),
        );
        let (line, column) = match d.span {
            Some(s) if !s.start.is_byte() => (Some(s.start.line), Some(s.start.column)),
            _ => (None, None),
        };
        set("line", opt(line).unwrap());
        set("column", opt(column).unwrap());
        set("ply", opt(d.ply).unwrap());
        set("game", d.game.into_pyobject(py).unwrap().into_any());
        set(
            "text",
            d.text.as_deref().into_pyobject(py).unwrap().into_any(),
        );
        set(
            "message",
            d.message.as_str().into_pyobject(py).unwrap().into_any(),
        );
        set(
            "help",
            d.help.as_deref().into_pyobject(py).unwrap().into_any(),
        );
        set(
            "candidates",
            PyList::new(py, &d.candidates).unwrap().into_any(),
        );
        set(
            "position",
            d.position.as_deref().into_pyobject(py).unwrap().into_any(),
        );
    });
    err
}

/// An error diagnostic of `code` with `message` and nothing else, raised.
pub(crate) fn raise_new(code: &str, message: impl Into<String>) -> PyErr {
    raise(&Diagnostic::new(Severity::Error, code, message))
}

/// Adds the exception classes to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("NotationError", py.get_type::<NotationError>())?;
    m.add("MoveSyntaxError", py.get_type::<MoveSyntaxError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("AmbiguousMoveError", py.get_type::<AmbiguousMoveError>())?;
    m.add("PositionError", py.get_type::<PositionError>())?;
    m.add("ReadError", py.get_type::<ReadError>())?;
    m.add("WriteError", py.get_type::<WriteError>())?;
    Ok(())
}
