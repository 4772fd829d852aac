//! Text encodings: which one a file is in (detected from its bytes, or given), decoding it to
//! UTF-8 as it is read, and encoding output.
//!
//! Detection looks at the first 64 KiB ([`SNIFF`]), or, when they are all ASCII, at the first
//! other bytes and the 64 KiB after them: a byte-order mark (UTF-8, UTF-16), then valid UTF-8,
//! UTF-16 by its zero bytes, else chardetng's guess among GBK, GB18030, Big5, Shift_JIS and
//! EUC-JP. Bytes that are not valid in the encoding are an input error naming their offset,
//! never replacement characters.

use std::io::{self, Read};

use encoding_rs::{Decoder, DecoderResult, Encoding, UTF_8};

/// How many bytes detection (of the encoding and of the format) looks at.
pub const SNIFF: usize = 64 * 1024;

/// Input read as ASCII until its first byte above 127; then the next 64 KiB decide as [`detect`]
/// does: UTF-8 reads on as it is, a detected legacy encoding (GBK, Big5, Shift_JIS, ...)
/// decodes the rest. When nothing fits, the bytes pass as they are and the game reader reports
/// the line that is not UTF-8.
pub(crate) enum LateDetected {
    /// Nothing but ASCII so far.
    Ascii {
        inner: Box<dyn Read + Send>,
        shogi: bool,
        /// Bytes handed out so far.
        passed: u64,
    },
    /// Decided.
    Decided(Box<dyn Read + Send>),
}

impl Read for LateDetected {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let (inner, shogi, passed) = match self {
            LateDetected::Decided(r) => return r.read(buf),
            LateDetected::Ascii {
                inner,
                shogi,
                passed,
            } => (inner, *shogi, passed),
        };
        let n = inner.read(buf)?;
        let Some(k) = buf[..n].iter().position(|b| !b.is_ascii()) else {
            *passed += n as u64;
            return Ok(n);
        };
        let offset = *passed + k as u64;
        // Hand out the ASCII before the first other byte; that byte and the 64 KiB after it
        // decide the rest.
        let mut window = buf[k..n].to_vec();
        let taken = std::mem::replace(inner, Box::new(io::empty()));
        let mut rest = taken;
        rest.by_ref().take(SNIFF as u64).read_to_end(&mut window)?;
        let complete = window.len() < SNIFF + (n - k);
        let encoding = match detect_without_bom(&window, complete, shogi, false) {
            Ok((e, _)) => e,
            Err(_) => UTF_8,
        };
        let chained = io::Cursor::new(window).chain(rest);
        *self = LateDetected::Decided(if encoding == UTF_8 {
            Box::new(chained)
        } else {
            let mut decoded = Decoded::new(chained, encoding, false);
            decoded.consumed = offset;
            Box::new(decoded)
        });
        if k == 0 {
            // Nothing to hand out before the decision: read on in the decided encoding.
            return self.read(buf);
        }
        Ok(k)
    }
}

/// The encodings kifu guesses besides UTF-8 and UTF-16: those of Chinese (GBK, GB18030, Big5) and
/// Japanese (Shift_JIS, EUC-JP) game files. Text in another encoding needs `--encoding`.
const DETECTED: [&Encoding; 5] = [
    encoding_rs::GBK,
    encoding_rs::GB18030,
    encoding_rs::BIG5,
    encoding_rs::SHIFT_JIS,
    encoding_rs::EUC_JP,
];

/// The encoding of a text from its first bytes (`complete`: all of them): a byte-order mark,
/// valid UTF-8, UTF-16 by its zero bytes, else chardetng's guess among GBK, GB18030, Big5,
/// Shift_JIS and EUC-JP, asked again as if the text came from China, Taiwan or Japan when its
/// first guess is another (the language of the game comes first: Japan when `shogi`). The
/// flag says whether it is a guess.
///
/// ```
/// let (encoding, guessed) = kifu_records::detect_encoding(b"[Event \"x\"]", true, false)?;
/// assert_eq!((encoding, guessed), (encoding_rs::UTF_8, false));
/// // 炮二平五 in GBK.
/// let (encoding, guessed) = kifu_records::detect_encoding(b"1. \xc5\xda\xb6\xfe\xc6\xbd\xce\xe5", true, false)?;
/// assert_eq!((encoding, guessed), (encoding_rs::GBK, true));
/// // A real file: traditional characters in Big5.
/// let bytes = std::fs::read("../../testdata/xiangqi/xiangqi-chinese-big5-traditional.pgn")?;
/// assert_eq!(kifu_records::detect_encoding(&bytes, true, false)?, (encoding_rs::BIG5, true));
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
///
/// Bytes that are not UTF-8 and that chardetng takes for none of those (a Western or
/// Cyrillic code page, or binary data): the line and column where UTF-8 fails, and what they
/// look like.
pub fn detect(prefix: &[u8], complete: bool, shogi: bool) -> io::Result<(&'static Encoding, bool)> {
    reject_utf32(prefix)?;
    if let Some((encoding, _)) = Encoding::for_bom(prefix) {
        return Ok((encoding, false));
    }
    detect_without_bom(prefix, complete, shogi, true)
}

/// An error for text in UTF-32 (by its byte-order mark, which begins like UTF-16LE's):
/// encoding_rs has no UTF-32.
pub(crate) fn reject_utf32(prefix: &[u8]) -> io::Result<()> {
    if prefix.starts_with(&[0xFF, 0xFE, 0, 0]) || prefix.starts_with(&[0, 0, 0xFE, 0xFF]) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "the input is UTF-32 (its byte-order mark says so), which kifu does not read: convert it to UTF-8",
        ));
    }
    Ok(())
}

/// [`detect`] after the byte-order mark: UTF-8, else (with `utf16`) UTF-16 by its zero bytes,
/// else chardetng's guess among the encodings kifu detects.
fn detect_without_bom(
    prefix: &[u8],
    complete: bool,
    shogi: bool,
    utf16: bool,
) -> io::Result<(&'static Encoding, bool)> {
    // UTF-16 of ASCII text is valid UTF-8 full of NUL characters: its zero bytes tell it first.
    if let Some(utf16) = utf16_by_zeros(prefix).filter(|_| utf16) {
        return Ok((utf16, true));
    }
    let bad = match std::str::from_utf8(prefix) {
        Ok(_) => return Ok((UTF_8, false)),
        // A character cut at the end of the sniffed part is still UTF-8.
        Err(e) if e.error_len().is_none() && !complete => return Ok((UTF_8, false)),
        Err(e) => e.valid_up_to(),
    };
    // Where UTF-8 fails, counted as the text reader counts: lines and characters from 1.
    let before = String::from_utf8_lossy(&prefix[..bad]);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    let decodes = |e: &'static Encoding| {
        let mut decoder = e.new_decoder_without_bom_handling();
        let mut out = String::with_capacity(prefix.len() * 3);
        let (result, _) = decoder.decode_to_string_without_replacement(prefix, &mut out, complete);
        matches!(result, DecoderResult::InputEmpty)
    };
    if let Some(&guess) = guesses(prefix, complete, shogi)
        .iter()
        .find(|&&e| decodes(e))
    {
        return Ok((guess, true));
    }
    let mut detector = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
    detector.feed(prefix, complete);
    let first = detector.guess(None, chardetng::Utf8Detection::Allow);
    Err(io::Error::new(
        io::ErrorKind::InvalidData,
        format!(
            "line {line}, column {column}: not UTF-8, and the text does not look like GBK, GB18030, Big5, Shift_JIS or EUC-JP (at best like {}): give its encoding with --encoding",
            first.name()
        ),
    ))
}

/// The encodings kifu detects that chardetng takes `text` for, best first: its plain guess,
/// then its guesses as if the text came from China, Taiwan or Japan (Japan first when `shogi`).
/// A short GBK text can also decode as EUC-JP or Shift_JIS: outside a shogi file a Japanese
/// plain guess comes after the Chinese ones.
pub(crate) fn guesses(text: &[u8], complete: bool, shogi: bool) -> Vec<&'static Encoding> {
    let mut detector = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
    detector.feed(text, complete);
    let first = detector.guess(None, chardetng::Utf8Detection::Allow);
    let regions: [&[u8]; 3] = if shogi {
        [b"jp", b"cn", b"tw"]
    } else {
        [b"cn", b"tw", b"jp"]
    };
    let japanese = first == encoding_rs::EUC_JP || first == encoding_rs::SHIFT_JIS;
    let regional = regions
        .iter()
        .map(|tld| detector.guess(Some(tld), chardetng::Utf8Detection::Allow));
    let ordered: Vec<&'static Encoding> = if japanese && !shogi {
        regional.chain(std::iter::once(first)).collect()
    } else {
        std::iter::once(first).chain(regional).collect()
    };
    let mut out: Vec<&'static Encoding> = Vec::new();
    for e in ordered {
        if DETECTED.contains(&e) && !out.contains(&e) {
            out.push(e);
        }
    }
    out
}

/// UTF-16 without a byte-order mark, told by its zero bytes: text that is mostly ASCII (tags,
/// move numbers, ICCS) has a zero in every other byte.
pub(crate) fn utf16_by_zeros(prefix: &[u8]) -> Option<&'static Encoding> {
    let pairs = prefix.len() / 2;
    if pairs < 4 {
        return None;
    }
    let zeros = |parity: usize| {
        prefix
            .iter()
            .skip(parity)
            .step_by(2)
            .filter(|&&b| b == 0)
            .count()
    };
    let (even, odd) = (zeros(0), zeros(1));
    if odd * 2 > pairs && even * 10 < pairs {
        Some(encoding_rs::UTF_16LE)
    } else if even * 2 > pairs && odd * 10 < pairs {
        Some(encoding_rs::UTF_16BE)
    } else if std::str::from_utf8(prefix).is_ok() {
        // ASCII with a stray NUL, not UTF-16.
        None
    } else if odd > 0 && even == 0 && clean_utf16(prefix, encoding_rs::UTF_16LE) {
        // Text of CJK characters has few zero bytes (only its spaces and line ends), all on one
        // side, and is no UTF-8: it is UTF-16 when it decodes to text with no control character.
        Some(encoding_rs::UTF_16LE)
    } else if even > 0 && odd == 0 && clean_utf16(prefix, encoding_rs::UTF_16BE) {
        Some(encoding_rs::UTF_16BE)
    } else {
        None
    }
}

/// Whether `prefix` decodes from `encoding` (UTF-16) without a malformed sequence (a cut last
/// character aside) to text whose only control characters are tab, line feed and carriage
/// return.
fn clean_utf16(prefix: &[u8], encoding: &'static Encoding) -> bool {
    let even = &prefix[..prefix.len() & !1];
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut out = String::with_capacity(even.len() * 2);
    let (result, _) = decoder.decode_to_string_without_replacement(even, &mut out, false);
    matches!(result, DecoderResult::InputEmpty)
        && out
            .chars()
            .all(|c| !c.is_control() || matches!(c, '\t' | '\n' | '\r'))
}

/// A reader that decodes `inner` from `encoding` to UTF-8. Malformed bytes are an
/// [`io::ErrorKind::InvalidData`] error after the text before them, and the end of the text:
/// they mean the encoding is not the file's, so what follows would be garbage.
pub(crate) struct Decoded<R> {
    inner: R,
    decoder: Decoder,
    encoding: &'static Encoding,
    /// Undecoded input: `raw[start..end]`.
    raw: Vec<u8>,
    start: usize,
    end: usize,
    /// Whether `inner` is exhausted.
    eof: bool,
    out: String,
    out_pos: usize,
    /// Bytes of the input decoded so far.
    pub(crate) consumed: u64,
    /// The error to return once the text before the malformed bytes is read.
    pending: Option<io::Error>,
    done: bool,
    /// Whether the user gave the encoding.
    forced: bool,
}

impl<R: Read> Decoded<R> {
    pub(crate) fn new(inner: R, encoding: &'static Encoding, forced: bool) -> Decoded<R> {
        Decoded {
            inner,
            decoder: encoding.new_decoder_with_bom_removal(),
            encoding,
            raw: vec![0; 1 << 15],
            start: 0,
            end: 0,
            eof: false,
            out: String::new(),
            out_pos: 0,
            consumed: 0,
            pending: None,
            done: false,
            forced,
        }
    }

    /// Decodes the next chunk into `out`, up to malformed bytes if any.
    fn refill(&mut self) -> io::Result<()> {
        self.out.clear();
        self.out_pos = 0;
        if self.start == self.end && !self.eof {
            let n = loop {
                match self.inner.read(&mut self.raw) {
                    Ok(n) => break n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(e),
                }
            };
            (self.start, self.end, self.eof) = (0, n, n == 0);
        }
        let last = self.eof;
        loop {
            let src = &self.raw[self.start..self.end];
            let need = self
                .decoder
                .max_utf8_buffer_length_without_replacement(src.len())
                .unwrap_or(4 * src.len() + 16);
            self.out.reserve(need);
            let (result, read) =
                self.decoder
                    .decode_to_string_without_replacement(src, &mut self.out, last);
            self.consumed += read as u64;
            self.start += read;
            match result {
                DecoderResult::InputEmpty => break,
                DecoderResult::OutputFull => {}
                DecoderResult::Malformed(bad, _) => {
                    let at = self.consumed - u64::from(bad);
                    self.pending = Some(io::Error::new(
                        io::ErrorKind::InvalidData,
                        format!(
                            "byte {at} is not valid {}{}",
                            self.encoding.name(),
                            if self.forced {
                                " (the encoding given with --encoding)"
                            } else {
                                ": give the file's encoding with --encoding"
                            }
                        ),
                    ));
                    self.done = true;
                    return Ok(());
                }
            }
        }
        if last {
            self.done = true;
        }
        Ok(())
    }
}

impl<R: Read> Read for Decoded<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.out_pos >= self.out.len() {
            if let Some(e) = self.pending.take() {
                return Err(e);
            }
            if self.done {
                return Ok(0);
            }
            self.refill()?;
        }
        let bytes = &self.out.as_bytes()[self.out_pos..];
        let n = bytes.len().min(buf.len());
        buf[..n].copy_from_slice(&bytes[..n]);
        self.out_pos += n;
        Ok(n)
    }
}

/// An encoding from its name: `utf-8`, `gbk`, `gb18030`, `big5`, `shift_jis` and every WHATWG
/// label.
///
/// # Errors
///
/// A message naming what was expected, for a name that is no label, or the WHATWG
/// replacement encoding.
pub fn parse_encoding(s: &str) -> Result<&'static Encoding, String> {
    if Encoding::for_label(s.as_bytes()) == Some(encoding_rs::REPLACEMENT) {
        return Err(format!(
            "`{s}` names the WHATWG replacement encoding, which turns every character into U+FFFD"
        ));
    }
    Encoding::for_label(s.as_bytes()).ok_or_else(|| {
        format!(
            "expected an encoding (utf-8, gbk, gb18030, big5, shift_jis, euc-jp, or another WHATWG label such as windows-1252), found `{s}`"
        )
    })
}

/// Encodes `text` for output (UTF-16 as UTF-16, not as encoding_rs's UTF-8 for web forms).
///
/// # Errors
///
/// The first character the encoding cannot hold, with its line in `text`.
pub fn encode(text: &str, encoding: &'static Encoding) -> Result<Vec<u8>, String> {
    if encoding == UTF_8 {
        return Ok(text.as_bytes().to_vec());
    }
    // encoding_rs encodes UTF-16 as UTF-8 (the WHATWG rule for web forms); a file wants UTF-16.
    if encoding == encoding_rs::UTF_16LE {
        return Ok(text.encode_utf16().flat_map(u16::to_le_bytes).collect());
    }
    if encoding == encoding_rs::UTF_16BE {
        return Ok(text.encode_utf16().flat_map(u16::to_be_bytes).collect());
    }
    let mut encoder = encoding.new_encoder();
    let mut out = vec![
        0;
        encoder
            .max_buffer_length_from_utf8_without_replacement(text.len())
            .unwrap_or(4 * text.len() + 16)
    ];
    let (result, read, written) =
        encoder.encode_from_utf8_without_replacement(text, &mut out, true);
    match result {
        encoding_rs::EncoderResult::Unmappable(c) => {
            let line = text[..read].lines().count().max(1);
            let hint = if encoding == encoding_rs::BIG5 {
                ": Big5 holds traditional characters (--style traditional)"
            } else {
                ""
            };
            Err(format!(
                "the output encoding {} cannot hold `{c}` (U+{:04X}, line {line} of the game's output){hint}",
                encoding.name(),
                c as u32
            ))
        }
        _ => {
            out.truncate(written);
            Ok(out)
        }
    }
}
