//! Text of a PGN-style file decoded line by line, so that one file may hold games in several
//! encodings (what `cat a.pgn b.pgn` makes of a UTF-8 file and a GBK file) and a byte that is
//! valid in none spoils only the game it stands in.
//!
//! Each line that is valid UTF-8 is read as UTF-8; another line is read in the file's legacy
//! encoding (GBK, GB18030, Big5, Shift_JIS or EUC-JP: the one given with `--encoding` or
//! declared, else detected from the first such line and the text after it). A line valid in
//! both (a lone CJK character whose GBK bytes happen to be UTF-8 too, as 士 `CA BF`) follows the
//! other lines of its game. The line splitting is safe in all these encodings: none uses the
//! bytes of `\n` and `\r` inside a character. Bytes valid in neither become U+FFFD, and their
//! place goes to a [`BadBytesLog`] that [`crate::Games`] turns into an `invalid-bytes` error of
//! the game holding them (the game is then kept as text).

use std::collections::VecDeque;
use std::io::{self, BufRead, Read};
use std::sync::{Arc, Mutex};

use encoding_rs::{DecoderResult, Encoding, UTF_8};

/// Bytes valid in none of the encodings tried, at their place in the text as the game reader
/// counts it (lines ended by `\n`, `\r\n` or a lone `\r`, columns in characters, from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct BadBytes {
    /// The line, from 1.
    pub line: u32,
    /// The column of the first bad byte, in characters from 1.
    pub column: u32,
    /// The bad bytes (the first malformed sequence of the line).
    pub bytes: Vec<u8>,
    /// The encodings the line was tried in, by name (`UTF-8 or GBK`).
    pub tried: String,
    /// Whether the encoding came from the user (`--encoding`) or the file.
    pub given: bool,
    /// How many other malformed sequences the line holds.
    pub more: usize,
}

/// The bad bytes met so far, in order; shared between the decoder and the game reader.
pub(crate) type BadBytesLog = Arc<Mutex<VecDeque<BadBytes>>>;

/// How long a line may be before it is decoded in parts of this many bytes: parts end at a
/// character boundary of the line's encoding, so a line of 200 MB is never held twice.
const PART: usize = 1 << 16;

/// A reader of UTF-8 text over `inner`'s bytes, decoded line by line (see the module doc).
pub(crate) struct LineDecoded<R> {
    inner: R,
    /// Whether a line that is valid UTF-8 is read as UTF-8 (not when the user gave another
    /// encoding).
    utf8_first: bool,
    /// The legacy encoding, once known.
    legacy: Option<&'static Encoding>,
    /// Whether the legacy encoding may still be detected (it was not given).
    detect: bool,
    /// Japanese encodings first (a shogi format or a `.psn` file).
    shogi: bool,
    /// The legacy encoding the file's first bytes suggest, tried first when detecting.
    hint: Option<&'static Encoding>,
    /// Decoded text not handed out yet: `out[pos..]`.
    out: Vec<u8>,
    pos: usize,
    /// The line number of the next line.
    line: u32,
    /// Whether the part read last ended in a `\r` whose line end is told by the next byte
    /// (`\r\n` is one line end, a lone `\r` another).
    cr_pending: bool,
    /// Whether the current game's last line with other than ASCII was read in the legacy
    /// encoding.
    game_legacy: bool,
    /// Whether the line before (not blank) was a tag pair: a tag pair after other text starts
    /// a game.
    in_tags: bool,
    log: BadBytesLog,
}

impl<R: BufRead> LineDecoded<R> {
    /// A decoder over `inner`. `given`: the encoding the user gave or the file declares (no
    /// UTF-8 first unless it is UTF-8, no detection); `hint`: the one detection guessed from
    /// the file's first bytes.
    pub(crate) fn new(
        inner: R,
        given: Option<&'static Encoding>,
        hint: Option<&'static Encoding>,
        shogi: bool,
        log: BadBytesLog,
    ) -> Self {
        LineDecoded {
            inner,
            utf8_first: given.is_none_or(|e| e == UTF_8),
            legacy: given.filter(|&e| e != UTF_8),
            detect: given.is_none(),
            shogi,
            hint: hint.filter(|&e| e != UTF_8),
            out: Vec::new(),
            pos: 0,
            line: 1,
            cr_pending: false,
            game_legacy: false,
            in_tags: false,
            log,
        }
    }

    /// Reads and decodes the next line into `out`; false at the end of the input.
    fn next_line(&mut self) -> io::Result<bool> {
        if self.next_ascii_lines()? {
            return Ok(true);
        }
        let mut raw = Vec::new();
        // A line longer than PART is read in parts ending at a character boundary: after two
        // ASCII bytes in a row (in the encodings decoded here the second is a character of its
        // own, whether the first is one or the last byte of a two-byte character).
        loop {
            let buf = self.inner.fill_buf()?;
            if buf.is_empty() {
                break;
            }
            let end = buf.iter().position(|&b| b == b'\n');
            let take = end.map_or(buf.len(), |i| i + 1);
            raw.extend_from_slice(&buf[..take]);
            self.inner.consume(take);
            if end.is_some() || (raw.len() >= PART && raw[raw.len() - 2..].is_ascii()) {
                break;
            }
        }
        if raw.is_empty() {
            return Ok(false);
        }
        self.note_game_start(&raw);
        let text = self.decode(raw);
        self.count_line_ends(text.as_bytes());
        self.out = text.into_bytes();
        self.pos = 0;
        Ok(true)
    }

    /// The lines up to the last line end `inner` holds buffered, when they are all ASCII (most
    /// of nearly every file): handed on in one piece, as they are, since ASCII reads the same
    /// in every encoding decoded here; each line still noted for the game it may start. False
    /// (nothing read) when they are not, or no line end is buffered.
    fn next_ascii_lines(&mut self) -> io::Result<bool> {
        let buf = self.inner.fill_buf()?;
        // Only the ASCII bytes before the first other are looked at (a file of Chinese lines
        // costs a few bytes a line here, not a scan of the whole buffer).
        let ascii = buf.iter().position(|b| !b.is_ascii()).unwrap_or(buf.len());
        let Some(last) = buf[..ascii].iter().rposition(|&b| b == b'\n') else {
            return Ok(false);
        };
        let lines = &buf[..=last];
        let mut out = std::mem::take(&mut self.out);
        out.clear();
        out.extend_from_slice(lines);
        self.inner.consume(out.len());
        for line in out.split_inclusive(|&b| b == b'\n') {
            self.note_game_start(line);
        }
        self.count_line_ends(&out);
        self.out = out;
        self.pos = 0;
        Ok(true)
    }

    /// Counts the line ends of decoded `bytes` as the game reader counts them
    /// (notation_traits::read_line_bytes): each `\n`, `\r\n` and lone `\r` ends one.
    fn count_line_ends(&mut self, bytes: &[u8]) {
        let mut ends = 0u32;
        if std::mem::take(&mut self.cr_pending) && bytes.first() != Some(&b'\n') {
            ends += 1;
        }
        for (i, &b) in bytes.iter().enumerate() {
            if b == b'\n' {
                ends += 1;
            } else if b == b'\r' {
                match bytes.get(i + 1) {
                    Some(b'\n') => {}
                    Some(_) => ends += 1,
                    None => self.cr_pending = true,
                }
            }
        }
        self.line += ends;
    }

    /// Whether `raw` starts a game by the rule the game reader mostly follows (a tag pair
    /// after other text): the next line with other than ASCII decides its game afresh.
    fn note_game_start(&mut self, raw: &[u8]) {
        let t = raw.trim_ascii();
        let t = t.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(t);
        if t.is_empty() {
            return;
        }
        let tag = t.starts_with(b"[") && t.ends_with(b"]");
        if tag && !self.in_tags {
            self.game_legacy = false;
        }
        self.in_tags = tag;
    }

    /// The text of one line.
    fn decode(&mut self, raw: Vec<u8>) -> String {
        if raw.is_ascii() {
            return String::from_utf8(raw).unwrap_or_default();
        }
        let utf8 = self.utf8_first && std::str::from_utf8(&raw).is_ok();
        if !utf8 || self.game_legacy {
            self.decide_legacy(&raw);
        }
        let legacy = self
            .legacy
            .and_then(|e| e.decode_without_bom_handling_and_without_replacement(&raw));
        match (utf8, legacy) {
            // Valid in both: as the game's other lines.
            (true, Some(text)) if self.game_legacy => text.into_owned(),
            (true, _) => {
                self.game_legacy = false;
                String::from_utf8(raw).unwrap_or_default()
            }
            (false, Some(text)) => {
                self.game_legacy = true;
                text.into_owned()
            }
            (false, None) => self.bad_line(&raw),
        }
    }

    /// Detects the legacy encoding when it is not known yet, from `raw` and the text after
    /// it (what is buffered): the first guess that reads `raw`.
    fn decide_legacy(&mut self, raw: &[u8]) {
        if self.legacy.is_some() || !self.detect {
            return;
        }
        let mut sample = raw.to_vec();
        if let Ok(ahead) = self.inner.fill_buf() {
            for l in ahead.split(|&b| b == b'\n') {
                if std::str::from_utf8(l).is_err() {
                    sample.extend_from_slice(l);
                    sample.push(b'\n');
                }
            }
        }
        let fits = |e: &'static Encoding| {
            e.decode_without_bom_handling_and_without_replacement(raw)
                .is_some()
        };
        self.legacy = self.hint.filter(|&e| fits(e)).or_else(|| {
            crate::encoding::guesses(&sample, false, self.shogi)
                .into_iter()
                .find(|&e| fits(e))
        });
    }

    /// A line valid in no encoding tried: decoded with U+FFFD for the bad bytes (in the
    /// encoding that reads more of it), its first bad bytes logged.
    fn bad_line(&mut self, raw: &[u8]) -> String {
        let legacy = self.legacy.or_else(|| {
            crate::encoding::guesses(raw, true, self.shogi)
                .first()
                .copied()
        });
        let mut tried: Vec<&'static Encoding> = Vec::new();
        if self.utf8_first {
            tried.push(UTF_8);
        }
        tried.extend(legacy);
        let decoded: Vec<Marked> = tried.iter().map(|&e| decode_marking(e, raw)).collect();
        // The encoding that reads further before its first bad bytes.
        let best = (0..decoded.len())
            .max_by_key(|&i| {
                (
                    decoded[i].1.as_ref().map_or(usize::MAX, |(at, _)| *at),
                    usize::MAX - i,
                )
            })
            .unwrap_or(0);
        let (text, first, more) = decoded.into_iter().nth(best).unwrap_or_default();
        if let Some((at, bytes)) = first {
            // Its line and column as the game reader counts them: after the last lone `\r`
            // before it, a byte-order mark opening the line not counted.
            let before = &text[..at];
            let line = self.line + before.bytes().filter(|&b| b == b'\r').count() as u32;
            let part = before.rsplit('\r').next().unwrap_or_default();
            let part = part.strip_prefix('\u{feff}').unwrap_or(part);
            let names: Vec<&str> = tried.iter().map(|e| e.name()).collect();
            let mut log = self
                .log
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            log.push_back(BadBytes {
                line,
                column: part.chars().count() as u32 + 1,
                bytes,
                tried: names.join(" or "),
                given: !self.detect,
                more,
            });
        }
        text
    }
}

/// A line decoded with U+FFFD for malformed bytes: the text, the text's byte offset and the
/// bytes of the first malformed sequence, how many more there are.
type Marked = (String, Option<(usize, Vec<u8>)>, usize);

/// `raw` decoded from `encoding` with U+FFFD for malformed bytes; the text's byte offset and
/// the bytes of the first malformed sequence; how many more there are.
fn decode_marking(
    encoding: &'static Encoding,
    raw: &[u8],
) -> (String, Option<(usize, Vec<u8>)>, usize) {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut text = String::with_capacity(raw.len() * 3 + 16);
    let mut first = None;
    let mut more = 0;
    let mut rest = raw;
    loop {
        let need = decoder
            .max_utf8_buffer_length_without_replacement(rest.len())
            .unwrap_or(4 * rest.len() + 16);
        text.reserve(need);
        let (result, read) = decoder.decode_to_string_without_replacement(rest, &mut text, true);
        match result {
            DecoderResult::InputEmpty => break,
            DecoderResult::OutputFull => {}
            DecoderResult::Malformed(bad, extra) => {
                let end = read - usize::from(extra);
                let start = end.saturating_sub(usize::from(bad));
                if first.is_none() {
                    first = Some((text.len(), rest[start..end].to_vec()));
                } else {
                    more += 1;
                }
                text.push('\u{fffd}');
            }
        }
        rest = &rest[read..];
    }
    (text, first, more)
}

impl<R: BufRead> Read for LineDecoded<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let bytes = self.fill_buf()?;
        let n = bytes.len().min(buf.len());
        buf[..n].copy_from_slice(&bytes[..n]);
        self.consume(n);
        Ok(n)
    }
}

/// The decoded text is its own buffer: a reader needs no `BufReader` (and no copy) over it.
impl<R: BufRead> BufRead for LineDecoded<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        while self.pos >= self.out.len() {
            if !self.next_line()? {
                return Ok(&[]);
            }
        }
        Ok(&self.out[self.pos..])
    }

    fn consume(&mut self, amount: usize) {
        self.pos = (self.pos + amount).min(self.out.len());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(bytes: &[u8]) -> (String, Vec<BadBytes>) {
        let log = BadBytesLog::default();
        let mut text = String::new();
        LineDecoded::new(bytes, None, None, false, Arc::clone(&log))
            .read_to_string(&mut text)
            .unwrap();
        let bad = log.lock().unwrap().drain(..).collect();
        (text, bad)
    }

    fn gbk(text: &str) -> Vec<u8> {
        encoding_rs::GBK.encode(text).0.into_owned()
    }

    #[test]
    fn utf8_and_gbk_games_in_one_file_each_read_in_their_own() {
        let utf8 = "[Red \"王天一\"]\n\n1. 炮二平五 *\n\n";
        let gbk_game = "[Red \"许银川\"]\n[Black \"士\"]\n\n1. 炮二平五 士四进五 *\n";
        let bytes = [utf8.as_bytes(), &gbk(gbk_game)].concat();
        let (text, bad) = decode(&bytes);
        assert_eq!(text, format!("{utf8}{gbk_game}"));
        assert!(bad.is_empty(), "{bad:?}");
    }

    #[test]
    fn a_bad_byte_is_logged_at_its_line_and_column() {
        let (text, bad) = decode(b"[Event \"1\"]\r\n1. C2.5\r{caf\xff} H8+7\n");
        assert_eq!(text, "[Event \"1\"]\r\n1. C2.5\r{caf\u{fffd}} H8+7\n");
        assert_eq!(
            bad,
            [BadBytes {
                line: 3,
                column: 5,
                bytes: vec![0xFF],
                tried: "UTF-8 or GBK".to_owned(),
                given: false,
                more: 0,
            }]
        );
    }

    #[test]
    fn lines_are_counted_as_the_game_reader_counts_them() {
        // `\r\r\n` is two line ends (a lone `\r`, then `\r\n`), as read_line_bytes reads it:
        // counted as one, a bad byte after it was placed a line too high (review of 7cab5e2).
        let (_, bad) = decode(b"[Event \"1\"]\r\r\n1. C2.5 *\r\r\n{\xff}\n");
        assert_eq!((bad[0].line, bad[0].column), (5, 2));
    }

    #[test]
    fn a_long_line_is_decoded_in_parts() {
        let line = format!("{{{}}}\n", "炮".repeat(PART));
        let bytes = gbk(&line);
        let (text, bad) = decode(&bytes);
        assert_eq!(text, line);
        assert!(bad.is_empty());
    }
}
