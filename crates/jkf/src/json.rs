//! A JSON reader that keeps the place of every value, so that a diagnostic about a JKF file
//! can point at the field it is about, and a writer of the same values (pretty, as the JKF
//! files of Kifu for JS and its converters are written, or compact for a move's text).
//!
//! Rule: RFC 8259 (JSON): objects, arrays, strings with the escapes `\" \\ \/ \b \f \n \r \t
//! \uXXXX` (surrogate pairs joined), numbers, `true`, `false`, `null`; whitespace is space, tab,
//! line feed and carriage return. Object keys keep their order; a key given twice keeps both.

use notation_traits::{Pos, Span};

/// A JSON value with its place.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Node {
    pub(crate) value: Value,
    pub(crate) span: Span,
}

/// A JSON value.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Value {
    Null,
    Bool(bool),
    /// A number as written; `int` when it is an integer that fits.
    Number {
        text: String,
        int: Option<i64>,
    },
    String(String),
    Array(Vec<Node>),
    /// Members in their order, each key with its place.
    Object(Vec<(String, Span, Node)>),
}

impl Node {
    /// The member `key` of an object, if any.
    pub(crate) fn get(&self, key: &str) -> Option<&Node> {
        match &self.value {
            Value::Object(members) => members.iter().find(|(k, _, _)| k == key).map(|(_, _, v)| v),
            _ => None,
        }
    }

    /// The members of an object.
    pub(crate) fn members(&self) -> &[(String, Span, Node)] {
        match &self.value {
            Value::Object(members) => members,
            _ => &[],
        }
    }

    pub(crate) fn as_str(&self) -> Option<&str> {
        match &self.value {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    pub(crate) fn as_int(&self) -> Option<i64> {
        match &self.value {
            Value::Number { int, .. } => *int,
            _ => None,
        }
    }

    pub(crate) fn as_array(&self) -> Option<&[Node]> {
        match &self.value {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    pub(crate) fn is_null(&self) -> bool {
        self.value == Value::Null
    }

    /// The kind of value, for messages: `a string`, `an object`.
    pub(crate) fn kind(&self) -> &'static str {
        match &self.value {
            Value::Null => "null",
            Value::Bool(_) => "a boolean",
            Value::Number { .. } => "a number",
            Value::String(_) => "a string",
            Value::Array(_) => "an array",
            Value::Object(_) => "an object",
        }
    }

    /// The value written compactly.
    pub(crate) fn compact(&self) -> String {
        let mut out = String::new();
        Out::of(self).compact(&mut out);
        out
    }
}

/// Writes a JSON string literal.
pub(crate) fn write_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => {
                out.push_str(&format!("\\u{:04x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A JSON text is not well formed: where, and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct JsonError {
    pub(crate) span: Span,
    pub(crate) message: String,
}

/// How deep arrays and objects may nest (a JKF file needs about 10 levels per fork).
const MAX_DEPTH: usize = 512;

/// A reader of JSON values from a text, one after another.
pub(crate) struct Parser<'a> {
    text: &'a str,
    at: usize,
    /// The place of `at`.
    pos: Pos,
}

impl<'a> Parser<'a> {
    /// A parser of `text` whose first character stands at `start`.
    pub(crate) fn new(text: &'a str, start: Pos) -> Self {
        Parser {
            text,
            at: 0,
            pos: start,
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        self.pos.offset += c.len_utf8();
        if c == '\n' {
            self.pos.line += 1;
            self.pos.column = 1;
        } else {
            self.pos.column += 1;
        }
        Some(c)
    }

    /// Skips whitespace; returns whether the text is at its end then.
    pub(crate) fn at_end(&mut self) -> bool {
        self.skip_ws();
        self.at >= self.text.len()
    }

    /// The place of the next character.
    pub(crate) fn place(&self) -> Pos {
        self.pos
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t' | '\n' | '\r')) {
            self.bump();
        }
    }

    /// An error at the next character (or the end).
    fn error(&self, expected: &str) -> JsonError {
        let found = match self.peek() {
            Some(c) => format!("`{c}`"),
            None => "the end of the text".to_owned(),
        };
        let mut end = self.pos;
        if let Some(c) = self.peek() {
            end.offset += c.len_utf8();
            end.column += 1;
        }
        JsonError {
            span: Span {
                start: self.pos,
                end,
            },
            message: format!("expected {expected}, found {found}"),
        }
    }

    /// Reads one value.
    pub(crate) fn value(&mut self) -> Result<Node, JsonError> {
        self.value_at(0)
    }

    fn value_at(&mut self, depth: usize) -> Result<Node, JsonError> {
        self.skip_ws();
        let start = self.pos;
        let value = match self.peek() {
            Some('{') => {
                if depth >= MAX_DEPTH {
                    return Err(self.error("at most 512 nested arrays and objects"));
                }
                self.object(depth)?
            }
            Some('[') => {
                if depth >= MAX_DEPTH {
                    return Err(self.error("at most 512 nested arrays and objects"));
                }
                self.array(depth)?
            }
            Some('"') => Value::String(self.string()?),
            Some('t') => self.word("true", Value::Bool(true))?,
            Some('f') => self.word("false", Value::Bool(false))?,
            Some('n') => self.word("null", Value::Null)?,
            Some('-' | '0'..='9') => self.number()?,
            _ => return Err(self.error("a JSON value")),
        };
        Ok(Node {
            value,
            span: Span {
                start,
                end: self.pos,
            },
        })
    }

    fn word(&mut self, word: &str, value: Value) -> Result<Value, JsonError> {
        if self.text[self.at..].starts_with(word) {
            for _ in 0..word.len() {
                self.bump();
            }
            Ok(value)
        } else {
            Err(self.error(&format!("`{word}`")))
        }
    }

    fn number(&mut self) -> Result<Value, JsonError> {
        let from = self.at;
        if self.peek() == Some('-') {
            self.bump();
        }
        match self.peek() {
            Some('0') => {
                self.bump();
            }
            Some('1'..='9') => {
                while matches!(self.peek(), Some('0'..='9')) {
                    self.bump();
                }
            }
            _ => return Err(self.error("a digit")),
        }
        let mut integer = true;
        if self.peek() == Some('.') {
            integer = false;
            self.bump();
            if !matches!(self.peek(), Some('0'..='9')) {
                return Err(self.error("a digit after the decimal point"));
            }
            while matches!(self.peek(), Some('0'..='9')) {
                self.bump();
            }
        }
        if matches!(self.peek(), Some('e' | 'E')) {
            integer = false;
            self.bump();
            if matches!(self.peek(), Some('+' | '-')) {
                self.bump();
            }
            if !matches!(self.peek(), Some('0'..='9')) {
                return Err(self.error("a digit of the exponent"));
            }
            while matches!(self.peek(), Some('0'..='9')) {
                self.bump();
            }
        }
        let text = self.text[from..self.at].to_owned();
        let int = if integer { text.parse().ok() } else { None };
        Ok(Value::Number { text, int })
    }

    fn hex4(&mut self) -> Result<u32, JsonError> {
        let mut n = 0;
        for _ in 0..4 {
            let Some(d) = self.peek().and_then(|c| c.to_digit(16)) else {
                return Err(self.error("four hexadecimal digits after `\\u`"));
            };
            self.bump();
            n = n * 16 + d;
        }
        Ok(n)
    }

    fn string(&mut self) -> Result<String, JsonError> {
        self.bump();
        let mut out = String::new();
        loop {
            match self.peek() {
                None => return Err(self.error("`\"` closing the string")),
                Some('"') => {
                    self.bump();
                    return Ok(out);
                }
                Some('\\') => {
                    self.bump();
                    let Some(c) = self.peek() else {
                        return Err(self.error("an escape after `\\`"));
                    };
                    let escaped = match c {
                        '"' => '"',
                        '\\' => '\\',
                        '/' => '/',
                        'b' => '\u{8}',
                        'f' => '\u{c}',
                        'n' => '\n',
                        'r' => '\r',
                        't' => '\t',
                        'u' => {
                            self.bump();
                            let high = self.hex4()?;
                            let code = if (0xD800..0xDC00).contains(&high) {
                                if !self.text[self.at..].starts_with("\\u") {
                                    return Err(self.error("`\\u` and the low surrogate of a pair"));
                                }
                                self.bump();
                                self.bump();
                                let low = self.hex4()?;
                                if !(0xDC00..0xE000).contains(&low) {
                                    return Err(self.error("a low surrogate (DC00-DFFF)"));
                                }
                                0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                            } else {
                                high
                            };
                            match char::from_u32(code) {
                                Some(c) => out.push(c),
                                None => return Err(self.error("a character, not a lone surrogate")),
                            }
                            continue;
                        }
                        _ => {
                            return Err(
                                self.error("an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u)")
                            );
                        }
                    };
                    self.bump();
                    out.push(escaped);
                }
                Some(c) if (c as u32) < 0x20 => {
                    return Err(
                        self.error("a character of the string (control characters are escaped)")
                    );
                }
                Some(c) => {
                    self.bump();
                    out.push(c);
                }
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Value, JsonError> {
        self.bump();
        let mut items = Vec::new();
        self.skip_ws();
        if self.peek() == Some(']') {
            self.bump();
            return Ok(Value::Array(items));
        }
        loop {
            items.push(self.value_at(depth + 1)?);
            self.skip_ws();
            match self.peek() {
                Some(',') => {
                    self.bump();
                }
                Some(']') => {
                    self.bump();
                    return Ok(Value::Array(items));
                }
                _ => return Err(self.error("`,` or `]`")),
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value, JsonError> {
        self.bump();
        let mut members = Vec::new();
        self.skip_ws();
        if self.peek() == Some('}') {
            self.bump();
            return Ok(Value::Object(members));
        }
        loop {
            self.skip_ws();
            if self.peek() != Some('"') {
                return Err(self.error("a key (a string)"));
            }
            let start = self.pos;
            let key = self.string()?;
            let key_span = Span {
                start,
                end: self.pos,
            };
            self.skip_ws();
            if self.peek() != Some(':') {
                return Err(self.error("`:` after the key"));
            }
            self.bump();
            let value = self.value_at(depth + 1)?;
            members.push((key, key_span, value));
            self.skip_ws();
            match self.peek() {
                Some(',') => {
                    self.bump();
                }
                Some('}') => {
                    self.bump();
                    return Ok(Value::Object(members));
                }
                _ => return Err(self.error("`,` or `}`")),
            }
        }
    }
}

/// Reads the one JSON value of `text` (nothing but whitespace after it).
pub(crate) fn parse(text: &str) -> Result<Node, JsonError> {
    let mut p = Parser::new(text, Pos::START);
    let node = p.value()?;
    if !p.at_end() {
        return Err(p.error("the end of the text after the value"));
    }
    Ok(node)
}

/// A JSON value to write: objects keep the order given.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Out {
    Null,
    Bool(bool),
    Int(i64),
    /// A number as read, written as it was.
    Raw(String),
    Str(String),
    Arr(Vec<Out>),
    Obj(Vec<(String, Out)>),
}

impl Out {
    /// The value of a node as read.
    pub(crate) fn of(node: &Node) -> Out {
        match &node.value {
            Value::Null => Out::Null,
            Value::Bool(b) => Out::Bool(*b),
            Value::Number { text, .. } => Out::Raw(text.clone()),
            Value::String(s) => Out::Str(s.clone()),
            Value::Array(items) => Out::Arr(items.iter().map(Out::of).collect()),
            Value::Object(members) => Out::Obj(
                members
                    .iter()
                    .map(|(k, _, v)| (k.clone(), Out::of(v)))
                    .collect(),
            ),
        }
    }

    /// Written with two spaces of indent a level, `"key": value`, as Kifu for JS and
    /// serde_json's pretty printer write JKF.
    pub(crate) fn pretty(&self, out: &mut String, indent: usize) {
        match self {
            Out::Null => out.push_str("null"),
            Out::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Out::Int(n) => out.push_str(&n.to_string()),
            Out::Raw(t) => out.push_str(t),
            Out::Str(s) => write_string(s, out),
            Out::Arr(items) if items.is_empty() => out.push_str("[]"),
            Out::Arr(items) => {
                out.push_str("[\n");
                for (i, item) in items.iter().enumerate() {
                    push_indent(out, indent + 1);
                    item.pretty(out, indent + 1);
                    if i + 1 < items.len() {
                        out.push(',');
                    }
                    out.push('\n');
                }
                push_indent(out, indent);
                out.push(']');
            }
            Out::Obj(members) if members.is_empty() => out.push_str("{}"),
            Out::Obj(members) => {
                out.push_str("{\n");
                for (i, (k, v)) in members.iter().enumerate() {
                    push_indent(out, indent + 1);
                    write_string(k, out);
                    out.push_str(": ");
                    v.pretty(out, indent + 1);
                    if i + 1 < members.len() {
                        out.push(',');
                    }
                    out.push('\n');
                }
                push_indent(out, indent);
                out.push('}');
            }
        }
    }

    /// Written without whitespace.
    pub(crate) fn compact(&self, out: &mut String) {
        match self {
            Out::Arr(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    item.compact(out);
                }
                out.push(']');
            }
            Out::Obj(members) => {
                out.push('{');
                for (i, (k, v)) in members.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_string(k, out);
                    out.push(':');
                    v.compact(out);
                }
                out.push('}');
            }
            other => other.pretty(out, 0),
        }
    }
}

fn push_indent(out: &mut String, indent: usize) {
    for _ in 0..indent {
        out.push_str("  ");
    }
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use super::*;

    #[test]
    fn values_keep_their_places() {
        let text = "{\n  \"moves\": [\n    {\"move\": {\"to\": {\"x\": 7, \"y\": 6}}}\n  ]\n}";
        let node = parse(text).unwrap();
        let first = &node.get("moves").unwrap().as_array().unwrap()[0];
        let mv = first.get("move").unwrap();
        assert_eq!((mv.span.start.line, mv.span.start.column), (3, 14));
        assert_eq!(mv.compact(), r#"{"to":{"x":7,"y":6}}"#);
        assert_eq!(
            &text[mv.span.start.offset..mv.span.end.offset],
            r#"{"to": {"x": 7, "y": 6}}"#
        );
    }

    #[rstest]
    #[case::escapes(r#""a\"b\\c\/d\n\u00e9\ud83d\ude00""#, "a\"b\\c/d\né😀")]
    #[case::plain(r#""七六歩""#, "七六歩")]
    fn strings_unescape(#[case] text: &str, #[case] value: &str) {
        assert_eq!(parse(text).unwrap().as_str(), Some(value));
        let mut out = String::new();
        write_string(value, &mut out);
        assert_eq!(parse(&out).unwrap().as_str(), Some(value));
    }

    #[rstest]
    #[case::unclosed("{\"a\": 1", 1, 8, "expected `,` or `}`")]
    #[case::trailing_comma("[1,]", 1, 4, "expected a JSON value")]
    #[case::bad_escape(r#""\x""#, 1, 3, "expected an escape")]
    #[case::lone_surrogate(r#""\udc00""#, 1, 8, "expected a character, not a lone surrogate")]
    #[case::leading_zero("01", 1, 2, "expected the end of the text")]
    #[case::second_line("{\n  x}", 2, 3, "expected a key")]
    fn errors_have_places(
        #[case] text: &str,
        #[case] line: u32,
        #[case] column: u32,
        #[case] says: &str,
    ) {
        let e = parse(text).unwrap_err();
        assert_eq!(
            (e.span.start.line, e.span.start.column),
            (line, column),
            "{}",
            e.message
        );
        assert!(e.message.starts_with(says), "{}", e.message);
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let text = "[".repeat(100_000);
        assert!(parse(&text).is_err());
    }

    #[test]
    fn pretty_output_is_what_serde_json_writes() {
        // Keys in serde_json's (sorted) order.
        let text = r#"{"e":[],"header":{"先手":"a"},"moves":[{},{"move":{"to":{"x":7,"y":6}}}],"n":-1.5e3}"#;
        let node = parse(text).unwrap();
        let mut out = String::new();
        Out::of(&node).pretty(&mut out, 0);
        let v: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(
            out,
            serde_json::to_string_pretty(&v)
                .unwrap()
                .replace("-1500.0", "-1.5e3")
        );
    }
}
