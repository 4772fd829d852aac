//! An API call's parameters: a JSON object in the body, or, when the body is a file's bytes,
//! the query string; the record's bytes (text, base64 or the raw body); the reading options
//! (game, format or notation, letters, dialect, encoding, repair) as `kifu convert` takes them.

use base64::Engine as _;
use kifu_records::{Notation, ReadOptions, Variant};
use serde_json::{Map, Value};
use xiangqi_board::Language;

use crate::reply::ApiError;

/// The parameters of one call.
#[derive(Debug, Default)]
pub(crate) struct Params {
    /// The named values: the JSON body's members, or the query string's pairs as strings.
    pub(crate) values: Map<String, Value>,
    /// The body, when it is a file's bytes rather than JSON.
    pub(crate) raw: Option<Vec<u8>>,
}

impl Params {
    /// The parameters of a call: a JSON body (`Content-Type: application/json`, a body that
    /// starts with `{` and has no content type, or, whatever its content type, a body that is
    /// a JSON object holding a record or position: `text`, `base64`, `a` and `b`, or `position`, so that
    /// `curl -d '{"text": ...}'`, which says `application/x-www-form-urlencoded`, is not read
    /// as a PGN comment) gives them; any other body is the record's bytes and the query string
    /// gives them.
    ///
    /// # Errors
    ///
    /// 400 for JSON that does not parse or is not an object.
    pub(crate) fn parse(
        content_type: Option<&str>,
        query: &str,
        body: Vec<u8>,
    ) -> Result<Params, ApiError> {
        let json = content_type.is_some_and(|t| {
            t.trim()
                .to_ascii_lowercase()
                .starts_with("application/json")
        });
        let mut values = Map::new();
        for (k, v) in form_urlencoded::parse(query.as_bytes()) {
            values.insert(k.into_owned(), Value::String(v.into_owned()));
        }
        let object = (!json).then(|| api_object(&body)).flatten();
        if let Some(object) = object {
            values.extend(object);
            return Ok(Params { values, raw: None });
        }
        if json || (content_type.is_none() && body.first() == Some(&b'{')) {
            let parsed: Value = serde_json::from_slice(&body)
                .map_err(|e| ApiError::bad(format!("the request body is not valid JSON: {e}")))?;
            let Value::Object(object) = parsed else {
                return Err(ApiError::bad("the request body must be a JSON object"));
            };
            values.extend(object);
            return Ok(Params { values, raw: None });
        }
        let raw = (!body.is_empty()).then_some(body);
        Ok(Params { values, raw })
    }

    /// The parameters of a member that is an object itself (`a` and `b` of a comparison).
    pub(crate) fn member(&self, name: &str) -> Result<Params, ApiError> {
        match self.values.get(name) {
            Some(Value::Object(o)) => Ok(Params {
                values: o.clone(),
                raw: None,
            }),
            Some(_) => Err(ApiError::bad(format!("`{name}` must be an object"))),
            None => Err(ApiError::bad(format!("`{name}` is missing"))),
        }
    }

    /// A string parameter (`None` when absent, null or empty).
    pub(crate) fn str(&self, name: &str) -> Result<Option<&str>, ApiError> {
        match self.values.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) if s.is_empty() => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(_) => Err(ApiError::bad(format!("`{name}` must be a string"))),
        }
    }

    /// A yes-or-no parameter (`true`, `false`, or in a query string `true`, `1`, `false`, `0`).
    pub(crate) fn bool(&self, name: &str) -> Result<bool, ApiError> {
        match self.values.get(name) {
            None | Some(Value::Null) => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(Value::String(s)) if matches!(s.as_str(), "true" | "1" | "yes" | "on") => Ok(true),
            Some(Value::String(s)) if matches!(s.as_str(), "false" | "0" | "no" | "off" | "") => {
                Ok(false)
            }
            Some(other) => Err(ApiError::bad(format!(
                "`{name}` must be true or false, found {other}"
            ))),
        }
    }

    /// A whole-number parameter.
    pub(crate) fn number(&self, name: &str) -> Result<Option<u64>, ApiError> {
        let bad = || ApiError::bad(format!("`{name}` must be a whole number"));
        match self.values.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Number(n)) => n.as_u64().map(Some).ok_or_else(bad),
            Some(Value::String(s)) if s.is_empty() => Ok(None),
            Some(Value::String(s)) => s.trim().parse().map(Some).map_err(|_| bad()),
            Some(_) => Err(bad()),
        }
    }

    /// The record: its name for messages, its bytes, and whether it was given as text (then
    /// it is UTF-8 and no encoding is detected).
    ///
    /// # Errors
    ///
    /// 400 when no record is given, or its base64 does not decode.
    pub(crate) fn record(&self) -> Result<Record, ApiError> {
        let name = self.str("name")?.unwrap_or("record").to_owned();
        if let Some(raw) = &self.raw {
            return Ok(Record {
                name,
                bytes: raw.clone(),
                text: false,
            });
        }
        if let Some(text) = self.values.get("text") {
            let Value::String(text) = text else {
                return Err(ApiError::bad("`text` must be a string"));
            };
            return Ok(Record {
                name,
                bytes: text.clone().into_bytes(),
                text: true,
            });
        }
        if let Some(b64) = self.str("base64")? {
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(b64.trim())
                .map_err(|e| ApiError::bad(format!("`base64` is not base64: {e}")))?;
            return Ok(Record {
                name,
                bytes,
                text: false,
            });
        }
        Err(ApiError::bad(
            "no record: give `text` (the record as text) or `base64` (a file's bytes) in a JSON body, or send the file's bytes as the body",
        ))
    }

    /// The reading options, as `kifu convert` takes them: `variant`, `from` (a notation or a
    /// format), `lang`, `dialect`, `encoding`, `repair`.
    ///
    /// # Errors
    ///
    /// 400 naming the parameter and the values it takes.
    pub(crate) fn read_options(&self) -> Result<ReadOptions, ApiError> {
        let mut o = ReadOptions {
            repair: self.bool("repair")?,
            ..ReadOptions::default()
        };
        if let Some(v) = self.str("variant")? {
            o.variant = Some(
                v.parse::<Variant>()
                    .map_err(|e| ApiError::bad(format!("`variant`: {e}")))?,
            );
        }
        if let Some(f) = self.str("from")? {
            match f.parse::<Notation>() {
                Ok(n) => o.notation = Some(n),
                Err(_) => match kifu_records::format(f) {
                    Some(format) => o.format = Some(format),
                    None => {
                        return Err(ApiError::bad(format!(
                            "`from`: expected a notation ({}) or a format ({}), found `{f}`",
                            Notation::ALL.map(Notation::name).join(", "),
                            kifu_records::formats()
                                .iter()
                                .map(|f| f.name())
                                .collect::<Vec<_>>()
                                .join(", ")
                        )));
                    }
                },
            }
        }
        if let (Some(v), Some(n)) = (o.variant, o.notation)
            && n.variant() != v
        {
            return Err(ApiError::bad(format!(
                "`from` {n} is a {} notation, but `variant` is {v}",
                n.variant()
            )));
        }
        o.language = language(self, "lang")?;
        if let Some(d) = self.str("dialect")? {
            o.dialect = Some(match d.to_ascii_lowercase().as_str() {
                "wxf" => wxf_notation::Dialect::Wxf,
                "wxr2018" => wxf_notation::Dialect::Wxr2018,
                "xqbase" => wxf_notation::Dialect::Xqbase,
                _ => {
                    return Err(ApiError::bad(format!(
                        "`dialect`: expected wxf, wxr2018 or xqbase, found `{d}`"
                    )));
                }
            });
        }
        if let Some(e) = self.str("encoding")? {
            o.encoding = Some(
                kifu_records::parse_encoding(e)
                    .map_err(|m| ApiError::bad(format!("`encoding`: {m}")))?,
            );
        }
        Ok(o)
    }
}

/// `body` as a JSON object when it is one that holds a record or a position (`text`, `base64`, `position`, or the
/// comparison's `a`): no record in any format kifu reads is such an object (a PGN comment
/// `{...}` is not JSON with those members).
fn api_object(body: &[u8]) -> Option<Map<String, Value>> {
    if body.trim_ascii_start().first() != Some(&b'{') {
        return None;
    }
    match serde_json::from_slice(body) {
        Ok(Value::Object(o))
            if ["text", "base64", "a", "position"]
                .iter()
                .any(|k| o.contains_key(*k)) =>
        {
            Some(o)
        }
        _ => None,
    }
}

/// A letter set parameter (`en`, `fi`, `de`).
pub(crate) fn language(params: &Params, name: &str) -> Result<Option<Language>, ApiError> {
    params
        .str(name)?
        .map(|l| {
            l.parse::<Language>()
                .map_err(|e| ApiError::bad(format!("`{name}`: {e}")))
        })
        .transpose()
}

/// A record as sent.
#[derive(Debug, Clone)]
pub(crate) struct Record {
    /// Its name for messages.
    pub(crate) name: String,
    /// Its bytes.
    pub(crate) bytes: Vec<u8>,
    /// Whether it came as text (UTF-8 by construction).
    pub(crate) text: bool,
}
