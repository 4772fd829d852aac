//! The keyword arguments the functions share, turned into the records library's options: the
//! same names and values as the command line's flags (docs/cli.md), and a `ValueError` that
//! lists the values allowed for a wrong one.

use kifu_records::{Notation, ReadOptions, Style, Target, Variant, WriteOptions};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use xiangqi_board::Language;

/// What the reading keywords say: `game`, `notation` (a notation or a format, as `--from`),
/// `lang`, `dialect`, `encoding`, `repair`.
#[derive(Debug, Default, Clone)]
pub(crate) struct ReadArgs {
    pub(crate) game: Option<String>,
    pub(crate) notation: Option<String>,
    pub(crate) lang: Option<String>,
    pub(crate) dialect: Option<String>,
    pub(crate) encoding: Option<String>,
    pub(crate) repair: bool,
}

impl ReadArgs {
    /// The library's read options.
    ///
    /// # Errors
    ///
    /// `ValueError` for a name that is not one of the values allowed.
    pub(crate) fn options(&self) -> PyResult<ReadOptions> {
        let mut o = ReadOptions {
            repair: self.repair,
            ..ReadOptions::default()
        };
        if let Some(g) = &self.game {
            o.variant = Some(variant(g)?);
        }
        if let Some(n) = &self.notation {
            match n.parse::<Notation>() {
                Ok(n) => {
                    o.notation = Some(n);
                    o.variant.get_or_insert(n.variant());
                }
                Err(_) => match kifu_records::format(n).filter(|f| !f.is_pgn_style() && f.reads()) {
                    Some(f) => {
                        o.format = Some(f);
                        if let Some(v) = f.variant() {
                            o.variant.get_or_insert(v);
                        }
                    }
                    None => {
                        return Err(PyValueError::new_err(format!(
                            "expected a notation or a format ({}), found `{n}`",
                            from_names().join(", ")
                        )));
                    }
                },
            }
        }
        if let Some(l) = &self.lang {
            o.language = Some(language(l)?);
        }
        if let Some(d) = &self.dialect {
            o.dialect = Some(match d.to_ascii_lowercase().as_str() {
                "wxf" => wxf_notation::Dialect::Wxf,
                "wxr2018" => wxf_notation::Dialect::Wxr2018,
                "xqbase" => wxf_notation::Dialect::Xqbase,
                _ => {
                    return Err(PyValueError::new_err(format!(
                        "expected a dialect (wxf, wxr2018, xqbase), found `{d}`"
                    )));
                }
            });
        }
        if let Some(e) = &self.encoding {
            o.encoding = Some(encoding(e)?);
        }
        Ok(o)
    }
}

/// What `notation=` accepts: the notations, then the formats that are not PGN-style.
fn from_names() -> Vec<&'static str> {
    let mut names: Vec<&str> = Notation::ALL.iter().map(|n| n.name()).collect();
    names.extend(
        kifu_records::formats()
            .iter()
            .filter(|f| !f.is_pgn_style() && f.reads())
            .map(|f| f.name()),
    );
    names
}

/// `xiangqi` or `shogi`.
pub(crate) fn variant(name: &str) -> PyResult<Variant> {
    name.parse().map_err(PyValueError::new_err)
}

/// `en`, `fi` or `de`.
pub(crate) fn language(name: &str) -> PyResult<Language> {
    name.parse()
        .map_err(|e: xiangqi_board::ParseLanguageError| PyValueError::new_err(e.to_string()))
}

/// An encoding label (`utf-8`, `gbk`, `big5`, `shift_jis`).
pub(crate) fn encoding(name: &str) -> PyResult<&'static encoding_rs::Encoding> {
    kifu_records::parse_encoding(name).map_err(PyValueError::new_err)
}

/// What the writing keywords say: `to`, `lang`, `style`, `sideways`, `squares`, `encoding`,
/// `version`.
#[derive(Debug, Default, Clone)]
pub(crate) struct WriteArgs {
    pub(crate) to: String,
    pub(crate) lang: Option<String>,
    pub(crate) style: Option<String>,
    pub(crate) sideways: Option<String>,
    pub(crate) squares: Option<String>,
    pub(crate) encoding: Option<String>,
    pub(crate) version: Option<String>,
}

impl WriteArgs {
    /// The library's write options.
    ///
    /// # Errors
    ///
    /// `ValueError` for a name that is not one of the values allowed, or a style of another
    /// notation than the target's.
    pub(crate) fn options(&self) -> PyResult<WriteOptions> {
        let target = target(&self.to)?;
        let mut o = WriteOptions::new(target);
        if let Some(l) = &self.lang {
            o.language = Some(language(l)?);
        }
        if let Some(s) = &self.style {
            let style: Style = s.parse().map_err(PyValueError::new_err)?;
            if !target.notation.is_some_and(|n| style.fits(n)) {
                return Err(PyValueError::new_err(format!(
                    "style `{style}` is not a style of `{}` (wxf: wxf, wxr2018; chinese: simplified, traditional; iccs: pgn, engine, position; usi: position; psn: short, long)",
                    target.name
                )));
            }
            o.style = Some(style);
        }
        if let Some(s) = &self.sideways {
            o.sideways = Some(sideways(s)?);
        }
        if let Some(s) = &self.squares {
            o.squares = Some(squares(s)?);
        }
        if let Some(e) = &self.encoding {
            o.encoding = encoding(e)?;
        }
        o.version.clone_from(&self.version);
        Ok(o)
    }
}

/// A target by name (`wxf`, `psn`, `json`, `xqf`, `kif`, ...).
pub(crate) fn target(name: &str) -> PyResult<Target> {
    Target::named(name).ok_or_else(|| {
        let names: Vec<&str> = kifu_records::targets().iter().map(|t| t.name).collect();
        PyValueError::new_err(format!(
            "expected a target ({}), found `{name}`",
            names.join(", ")
        ))
    })
}

/// `.` or `=`.
pub(crate) fn sideways(s: &str) -> PyResult<wxf_notation::Sideways> {
    match s {
        "." => Ok(wxf_notation::Sideways::Dot),
        "=" => Ok(wxf_notation::Sideways::Equals),
        _ => Err(PyValueError::new_err(format!(
            "expected a sideways sign (., =), found `{s}`"
        ))),
    }
}

/// `letters` or `digits`.
pub(crate) fn squares(s: &str) -> PyResult<psn::Squares> {
    match s.to_ascii_lowercase().as_str() {
        "letters" => Ok(psn::Squares::Letters),
        "digits" => Ok(psn::Squares::Digits),
        _ => Err(PyValueError::new_err(format!(
            "expected squares (letters, digits), found `{s}`"
        ))),
    }
}
