//! Single-move notations by name, for `Position`: the notations of PGN-style files (`wxf`,
//! `chinese`, `iccs`, `uci`, `algebraic`, `winboard`, `psn`, `usi`) and the move forms of
//! KIF, KI2 and CSA (`kif`, `ki2`, `csa`), read and written as the files write them.

use iccs_algebraic::IccsStyle;
use notation_traits::TextNotation;
use psn::{Psn, PsnStyle};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use wxf_notation::{ChineseStyle, WxfStyle};
use xiangqi_board::Language;
use xiangqi_pgn::{Output, Reading, XiangqiNotation};

/// A xiangqi notation.
pub(crate) type Xiangqi = Box<dyn TextNotation<xiangqi_board::Position> + Send + Sync>;
/// A shogi notation.
pub(crate) type Shogi = Box<dyn TextNotation<shogi_board::Position> + Send + Sync>;

/// The notations tried, in order, when `notation=None` reads a xiangqi move.
pub(crate) const XIANGQI_READ: [&str; 4] = ["wxf", "chinese", "iccs", "algebraic"];
/// The notations tried, in order, when `notation=None` reads a shogi move.
pub(crate) const SHOGI_READ: [&str; 5] = ["usi", "psn", "kif", "ki2", "csa"];

/// How to write one move: the style, sideways sign and squares keywords.
#[derive(Debug, Default, Clone)]
pub(crate) struct Spelling {
    pub(crate) lang: Option<Language>,
    pub(crate) style: Option<String>,
    pub(crate) sideways: Option<wxf_notation::Sideways>,
    pub(crate) squares: Option<psn::Squares>,
}

fn unknown(game: &str, name: &str, names: &str) -> PyErr {
    PyValueError::new_err(format!(
        "expected a {game} notation ({names}), found `{name}`"
    ))
}

fn xiangqi_kind(name: &str) -> PyResult<XiangqiNotation> {
    name.parse::<kifu_records::Notation>()
        .ok()
        .and_then(kifu_records::Notation::xiangqi)
        .ok_or_else(|| {
            unknown(
                "xiangqi",
                name,
                "wxf, chinese, iccs, uci, algebraic, winboard",
            )
        })
}

/// The xiangqi notation `name` for reading, in `lang` (English when `None`).
pub(crate) fn xiangqi_reader(name: &str, lang: Option<Language>) -> PyResult<Xiangqi> {
    let kind = xiangqi_kind(name)?;
    Ok(Reading::new(kind, lang, wxf_notation::Dialect::Wxf).notation)
}

/// The xiangqi notation `name` for writing, spelt as `s` says.
pub(crate) fn xiangqi_writer(name: &str, s: &Spelling) -> PyResult<Xiangqi> {
    let kind = xiangqi_kind(name)?;
    let lang = s.lang.unwrap_or_default();
    let style = s.style.as_deref();
    let bad_style = |st: &str| PyValueError::new_err(format!("`{st}` is not a style of `{name}`"));
    let out = match kind {
        XiangqiNotation::Wxf => match style {
            None | Some("wxf") => Output::wxf(lang, s.sideways, WxfStyle::Wxf),
            Some("wxr2018") => Output::wxf(
                lang,
                s.sideways.or(Some(wxf_notation::Sideways::Equals)),
                WxfStyle::Wxr2018,
            ),
            Some(st) => return Err(bad_style(st)),
        },
        XiangqiNotation::Chinese => match style {
            None | Some("simplified") => Output::chinese(ChineseStyle::Simplified),
            Some("traditional") => Output::chinese(ChineseStyle::Traditional),
            Some(st) => return Err(bad_style(st)),
        },
        XiangqiNotation::Iccs => match style {
            None | Some("engine") => Output::iccs(IccsStyle::Engine),
            Some("pgn") => Output::iccs(IccsStyle::Pgn),
            Some(st) => return Err(bad_style(st)),
        },
        XiangqiNotation::Uci => Output::uci(),
        XiangqiNotation::Algebraic => Output::algebraic(lang),
        XiangqiNotation::Winboard => Output::winboard(lang),
    };
    Ok(out.notation)
}

/// The shogi notation `name` for reading.
pub(crate) fn shogi_reader(name: &str) -> PyResult<Shogi> {
    shogi_writer(name, &Spelling::default())
}

/// The shogi notation `name` for writing, spelt as `s` says.
pub(crate) fn shogi_writer(name: &str, s: &Spelling) -> PyResult<Shogi> {
    let squares = s.squares.unwrap_or_default();
    Ok(match name.to_ascii_lowercase().as_str() {
        "psn" => match s.style.as_deref() {
            None | Some("short") => Box::new(Psn::new(PsnStyle::Short, squares)),
            Some("long") => Box::new(Psn::new(PsnStyle::Long, squares)),
            Some(st) => {
                return Err(PyValueError::new_err(format!(
                    "`{st}` is not a style of `psn` (short, long)"
                )));
            }
        },
        "usi" => Box::new(psn::Usi),
        "kif" => Box::new(kif::KifNotation),
        "ki2" => Box::new(kif::Ki2Notation),
        "csa" => Box::new(csa::CsaNotation),
        _ => return Err(unknown("shogi", name, "usi, psn, kif, ki2, csa")),
    })
}
