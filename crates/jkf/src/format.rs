//! JKF as a record format of the plug-in point: what it is, how sure it is that some bytes are
//! a JKF file, reading and writing.
//!
//! Rule: json-kifu-format.schema.json (a record is an object with `header` and `moves`, and
//! optionally `initial`); JSON text is UTF-8 (RFC 8259, 8.1).

use std::io::BufRead;

use notation_traits::{
    CheckedGame, Confidence, Diagnostic, FormatGames, FormatInfo, RecordFormat, WriteSettings,
    WrittenGame,
};
use shogi_board::Position;

use crate::{JkfReader, write_game};

/// JKF, the JSON Kifu Format of Kifu for JS, read and written.
///
/// ```
/// use jkf::Jkf;
/// use notation_traits::{Confidence, RecordFormat};
/// use shogi_board::Position;
///
/// let format: &dyn RecordFormat<Position> = &Jkf;
/// assert_eq!(format.info().extensions, ["jkf", "json"]);
/// assert_eq!(format.sniff(br#"{"header": {}, "moves": [{}]}"#), Confidence::CERTAIN);
/// // kifu's own JSON output is no JKF.
/// assert_eq!(format.sniff(br#"{"variant":"shogi","tags":{},"moves":[]}"#), Confidence::NONE);
/// assert_eq!(format.sniff(b"V2.2\nPI\n+\n"), Confidence::NONE);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Jkf;

/// What [`Jkf`] is.
pub static INFO: FormatInfo = FormatInfo {
    name: "jkf",
    title: "JKF (JSON Kifu Format)",
    extensions: &["jkf", "json"],
    binary: false,
    writes: true,
    default_encoding: Some("UTF-8"),
    source: "json-kifu-format README and json-kifu-format.schema.json (na2hiro/Kifu-for-JS)",
};

/// The top-level keys of the first object of a JSON text: those met at depth 1 before the
/// prefix ends (a cheap scan, no full parse).
fn top_keys(prefix: &[u8]) -> Vec<String> {
    let mut keys = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    let mut expect_key = false;
    while i < prefix.len() {
        match prefix[i] {
            b'{' => {
                depth += 1;
                expect_key = depth == 1;
            }
            b'[' => depth += 1,
            b'}' | b']' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    break;
                }
            }
            b',' if depth == 1 => expect_key = true,
            b'"' => {
                let start = i + 1;
                i += 1;
                while i < prefix.len() && prefix[i] != b'"' {
                    if prefix[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
                if depth == 1 && expect_key {
                    keys.push(
                        String::from_utf8_lossy(&prefix[start..i.min(prefix.len())]).into_owned(),
                    );
                    expect_key = false;
                }
            }
            _ => {}
        }
        i += 1;
    }
    keys
}

impl RecordFormat<Position> for Jkf {
    fn info(&self) -> &'static FormatInfo {
        &INFO
    }

    /// Certain for a JSON object (or an array of them) whose members are JKF's and hold
    /// `header`, `initial` or `moves`; none otherwise.
    fn sniff(&self, prefix: &[u8]) -> Confidence {
        let prefix = prefix.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(prefix);
        let text = prefix.trim_ascii_start();
        let text = match text.first() {
            Some(b'[') => text[1..].trim_ascii_start(),
            _ => text,
        };
        if text.first() != Some(&b'{') {
            return Confidence::NONE;
        }
        let keys = top_keys(text);
        let jkf = |k: &String| matches!(k.as_str(), "header" | "initial" | "moves");
        if keys.iter().any(jkf) && keys.iter().all(jkf) {
            Confidence::CERTAIN
        } else if keys.iter().any(|k| k == "header" || k == "initial") {
            Confidence::LIKELY
        } else {
            Confidence::NONE
        }
    }

    fn read<'a>(&'a self, input: Box<dyn BufRead + Send + 'a>) -> FormatGames<'a, Position> {
        Box::new(JkfReader::new(input))
    }

    fn write(
        &self,
        game: &CheckedGame<Position>,
        settings: &WriteSettings<'_, Position>,
    ) -> Result<WrittenGame, Box<Diagnostic>> {
        write_game(game, settings)
    }
}
