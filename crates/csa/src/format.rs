//! CSA as a record format of the plug-in point: what it is, how sure it is that some bytes are
//! a CSA file, the encoding such a file declares, reading and writing.
//!
//! Rule: CSA standard file format V3.0, 2.2 (文字コード: the first line `'CSA encoding=UTF-8`
//! or `SHIFT_JIS`; without it Shift_JIS) and 2.3 (バージョン: `V2`, `V2.1`, `V2.2`, `V3.0`).

use std::io::BufRead;

use notation_traits::{
    CheckedGame, Confidence, Diagnostic, FormatGames, FormatInfo, RecordFormat, WriteSettings,
    WrittenGame,
};
use shogi_board::Position;

use crate::{CsaReader, write_game};

/// The CSA standard file format, read (V2, V2.1, V2.2, V3.0) and written (V3.0, or V2.2 with
/// `WriteSettings::version` = `2.2`).
///
/// ```
/// use csa::Csa;
/// use notation_traits::{Confidence, RecordFormat};
/// use shogi_board::Position;
///
/// let format: &dyn RecordFormat<Position> = &Csa;
/// assert_eq!(format.info().name, "csa");
/// assert_eq!(format.sniff(b"'CSA encoding=UTF-8\nV3.0\nPI\n+\n"), Confidence::CERTAIN);
/// assert_eq!(format.declared_encoding(b"'CSA encoding=SHIFT_JIS\r\nV3.0\r\n"), Some("Shift_JIS"));
/// assert_eq!(format.declared_encoding(b"V2.2\nPI\n+\n"), None);
/// assert_eq!(format.sniff(b"[Sente \"A\"]\n1.P-7f\n"), Confidence::NONE);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Csa;

/// What [`Csa`] is.
pub static INFO: FormatInfo = FormatInfo {
    name: "csa",
    title: "CSA standard file format",
    extensions: &["csa"],
    binary: false,
    writes: true,
    default_encoding: Some("Shift_JIS"),
    source: "CSA standard file format V3.0 (2024-05-14), http://www2.computer-shogi.org/protocol/record_v3.html",
};

/// The lines of a byte prefix, without line ends and a byte-order mark.
fn lines(prefix: &[u8]) -> impl Iterator<Item = &[u8]> {
    let prefix = prefix.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(prefix);
    prefix
        .split(|&b| b == b'\n' || b == b'\r')
        .map(<[u8]>::trim_ascii_end)
}

/// Whether a statement (no comment) is one of CSA's.
fn is_csa_statement(s: &[u8]) -> bool {
    let digit = |b: &u8| b.is_ascii_digit();
    let upper = |b: &u8| b.is_ascii_uppercase();
    match s {
        [b'V', rest @ ..] => !rest.is_empty() && rest.iter().all(|b| digit(b) || *b == b'.'),
        [b'N', b'+' | b'-', ..] | [b'P', b'I', ..] | [b'P', b'+' | b'-', ..] => true,
        [b'$', rest @ ..] => {
            rest.iter()
                .take_while(|&&b| b != b':')
                .all(|b| upper(b) || digit(b) || matches!(b, b'_' | b'+' | b'-'))
                && rest.contains(&b':')
        }
        [b'P', b'1'..=b'9', rest @ ..] => rest
            .iter()
            .all(|b| matches!(b, b' ' | b'*' | b'+' | b'-') || upper(b)),
        [b'+' | b'-'] => true,
        [b'+' | b'-', a, b, c, d, e, f] => {
            [a, b, c, d].into_iter().all(digit) && upper(e) && upper(f)
        }
        [b'%', rest @ ..] => {
            !rest.is_empty()
                && rest
                    .iter()
                    .all(|b| upper(b) || matches!(b, b'_' | b'+' | b'-'))
        }
        [b'T', rest @ ..] => !rest.is_empty() && rest.iter().all(|b| digit(b) || *b == b'.'),
        _ => false,
    }
}

impl RecordFormat<Position> for Csa {
    fn info(&self) -> &'static FormatInfo {
        &INFO
    }

    /// Certain for the V3.0 encoding line or a version line (`V2.2`) as the first statement;
    /// likely when the first statements are CSA's (`PI`, `P1` rows, `+7776FU`, ...) and none is
    /// another's; none otherwise.
    fn sniff(&self, prefix: &[u8]) -> Confidence {
        let mut csa = 0usize;
        let mut other = 0usize;
        for (i, line) in lines(prefix).enumerate() {
            if i == 0 && line.starts_with(b"'CSA encoding=") {
                return Confidence::CERTAIN;
            }
            if line.is_empty() || line.starts_with(b"'") || line == b"/" {
                continue;
            }
            let mut statements = 0;
            for s in line.split(|&b| b == b',') {
                let s = s.trim_ascii();
                if s.is_empty() {
                    continue;
                }
                if csa == 0
                    && other == 0
                    && statements == 0
                    && s.first() == Some(&b'V')
                    && is_csa_statement(s)
                {
                    return Confidence::CERTAIN;
                }
                statements += 1;
                if is_csa_statement(s) {
                    csa += 1;
                } else {
                    other += 1;
                }
            }
            if csa + other >= 40 {
                break;
            }
        }
        match (csa, other) {
            (0, _) => Confidence::NONE,
            (c, 0) if c >= 2 => Confidence::LIKELY,
            (c, o) if c >= 4 * o => Confidence::WEAK,
            _ => Confidence::NONE,
        }
    }

    /// The encoding of the V3.0 first line `'CSA encoding=...` (`UTF-8`, `Shift_JIS`).
    fn declared_encoding(&self, prefix: &[u8]) -> Option<&'static str> {
        let first = lines(prefix).next()?;
        let name = first.strip_prefix(b"'CSA encoding=")?.trim_ascii();
        let name = String::from_utf8_lossy(name).to_ascii_lowercase();
        match name.as_str() {
            "utf-8" | "utf8" => Some("UTF-8"),
            "shift_jis" | "shift-jis" | "sjis" | "cp932" | "windows-31j" => Some("Shift_JIS"),
            "euc-jp" => Some("EUC-JP"),
            _ => None,
        }
    }

    fn read<'a>(&'a self, input: Box<dyn BufRead + Send + 'a>) -> FormatGames<'a, Position> {
        Box::new(CsaReader::new(input))
    }

    fn write(
        &self,
        game: &CheckedGame<Position>,
        settings: &WriteSettings<'_, Position>,
    ) -> Result<WrittenGame, Box<Diagnostic>> {
        write_game(game, settings)
    }
}
