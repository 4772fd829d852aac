//! What the API calls share: the write options (`lang`, `style`, `squares`, `sideways`,
//! `output_encoding`, `version`) read from a call's parameters.

use kifu_records::{Style, Target, WriteOptions};

use crate::params::{Params, language};
use crate::reply::ApiError;

/// The write options for `target`: `{prefix}lang`, `{prefix}style`, `{prefix}squares`,
/// `{prefix}sideways`, and for a file `output_encoding` and `version`.
///
/// # Errors
///
/// 400 naming the parameter, or a style that is not one of the target's.
pub(crate) fn write_options(
    params: &Params,
    target: Target,
    prefix: &str,
) -> Result<WriteOptions, ApiError> {
    let mut o = WriteOptions::new(target);
    let key = |k: &str| format!("{prefix}{k}");
    o.language = language(params, &key("lang"))?;
    if let Some(s) = params.str(&key("style"))? {
        let style: Style = s
            .parse()
            .map_err(|e| ApiError::bad(format!("`{}`: {e}", key("style"))))?;
        if !target.notation.is_some_and(|n| style.fits(n)) {
            return Err(ApiError::bad(format!(
                "`{}`: {style} is not a style of {}",
                key("style"),
                target.name
            )));
        }
        o.style = Some(style);
    }
    if let Some(s) = params.str(&key("squares"))? {
        o.squares = Some(match s {
            "letters" => psn::Squares::Letters,
            "digits" => psn::Squares::Digits,
            _ => {
                return Err(ApiError::bad(format!(
                    "`{}`: expected letters or digits, found `{s}`",
                    key("squares")
                )));
            }
        });
    }
    if let Some(s) = params.str(&key("sideways"))? {
        o.sideways = Some(match s {
            "." => wxf_notation::Sideways::Dot,
            "=" => wxf_notation::Sideways::Equals,
            "none" => wxf_notation::Sideways::Omitted,
            _ => {
                return Err(ApiError::bad(format!(
                    "`{}`: expected `.`, `=` or `none`, found `{s}`",
                    key("sideways")
                )));
            }
        });
    }
    if let Some(e) = params.str("output_encoding")? {
        o.encoding = kifu_records::parse_encoding(e)
            .map_err(|m| ApiError::bad(format!("`output_encoding`: {m}")))?;
    }
    o.version = params.str("version")?.map(str::to_owned);
    Ok(o)
}

/// The target named by the parameter `name`.
///
/// # Errors
///
/// 400 when it is missing (and `required`) or names no target.
pub(crate) fn target(
    params: &Params,
    name: &str,
    required: bool,
) -> Result<Option<Target>, ApiError> {
    match params.str(name)? {
        None if required => Err(ApiError::bad(format!(
            "`{name}` is missing: give a notation or format to write ({})",
            names()
        ))),
        None => Ok(None),
        Some(t) => Target::named(t).map(Some).ok_or_else(|| {
            ApiError::bad(format!(
                "`{name}`: expected one of {}, found `{t}`",
                names()
            ))
        }),
    }
}

fn names() -> String {
    kifu_records::targets()
        .iter()
        .map(|t| t.name)
        .collect::<Vec<_>>()
        .join(", ")
}
