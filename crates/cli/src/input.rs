//! Opening the inputs: files or standard input, decoded to UTF-8 and read game by game.
//!
//! The encoding is forced with `--encoding`, else detected from the first 64 KiB (or, when they
//! are all ASCII, from the first other bytes and the 64 KiB after them): a byte-order
//! mark (UTF-8, UTF-16), then valid UTF-8, else chardetng's guess (GBK, Big5, Shift_JIS, ...).
//! Bytes that are not valid in the encoding are an input error (exit code 3) naming their
//! offset, never replacement characters.

use std::cell::Cell;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::rc::Rc;

use encoding_rs::{Decoder, DecoderResult, Encoding, UTF_8};

/// One input: its name for messages, a buffered UTF-8 reader, and the encoding it was read in.
pub(crate) struct Input {
    pub(crate) name: String,
    pub(crate) reader: Box<dyn BufRead>,
    /// Bytes of the input read so far (for a progress bar).
    pub(crate) read: Rc<Cell<u64>>,
    /// The encoding, and whether it was detected rather than forced or plain UTF-8.
    pub(crate) encoding: &'static Encoding,
    pub(crate) detected: bool,
}

/// How many bytes detection looks at.
const SNIFF: usize = 64 * 1024;

/// Opens `path` (`-` is standard input), decoding it from `forced` or the detected encoding.
pub(crate) fn open(
    path: &Path,
    forced: Option<&'static Encoding>,
) -> Result<Input, (String, io::Error)> {
    let name = display_name(path);
    let (name, raw): (String, Box<dyn Read>) = if path.as_os_str() == "-" {
        (name, Box::new(io::stdin()))
    } else {
        match File::open(path) {
            Ok(f) => (name, Box::new(f)),
            Err(e) => return Err((name, e)),
        }
    };
    let read = Rc::new(Cell::new(0));
    let mut raw = Counting {
        inner: raw,
        count: Rc::clone(&read),
    };
    let mut prefix = Vec::with_capacity(SNIFF);
    if let Err(e) = raw.by_ref().take(SNIFF as u64).read_to_end(&mut prefix) {
        return Err((name, e));
    }
    let complete = prefix.len() < SNIFF;
    let shogi = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("psn"));
    let (encoding, detected) = match forced {
        Some(e) => (e, false),
        None => detect(&prefix, complete, shogi).map_err(|e| (name.clone(), e))?,
    };
    // A file whose first 64 KiB are ASCII may still be GBK further on: its first other bytes
    // decide (all the encodings detected agree with ASCII on what came before).
    let late = forced.is_none() && encoding == UTF_8 && !complete && prefix.is_ascii();
    let chained = io::Cursor::new(prefix).chain(raw);
    let reader: Box<dyn BufRead> = if late {
        Box::new(BufReader::with_capacity(
            1 << 16,
            LateDetected::Ascii {
                inner: Box::new(chained),
                shogi,
                passed: 0,
            },
        ))
    } else if encoding == UTF_8 {
        Box::new(BufReader::with_capacity(1 << 16, chained))
    } else {
        Box::new(BufReader::with_capacity(
            1 << 16,
            Decoded::new(chained, encoding, forced.is_some()),
        ))
    };
    Ok(Input {
        name,
        reader,
        read,
        encoding,
        detected,
    })
}

/// Input read as ASCII until its first byte above 127; then the next 64 KiB decide as [`detect`]
/// does: UTF-8 reads on as it is, a detected legacy encoding (GBK, Big5, Shift_JIS, ...)
/// decodes the rest. When nothing fits, the bytes pass as they are and the game reader reports
/// the line that is not UTF-8.
enum LateDetected {
    /// Nothing but ASCII so far.
    Ascii {
        inner: Box<dyn Read>,
        shogi: bool,
        /// Bytes handed out so far.
        passed: u64,
    },
    /// Decided.
    Decided(Box<dyn Read>),
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

/// A reader that counts the bytes read through it.
struct Counting<R> {
    inner: R,
    count: Rc<Cell<u64>>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.set(self.count.get() + n as u64);
        Ok(n)
    }
}

/// The size of the files among `inputs`, in bytes (standard input counts nothing).
pub(crate) fn total_size(inputs: &[Result<InputPath, (String, io::Error)>]) -> u64 {
    inputs
        .iter()
        .flatten()
        .filter_map(|i| std::fs::metadata(&i.path).ok())
        .map(|m| m.len())
        .sum()
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

/// The encoding of a text from its first bytes: a byte-order mark, valid UTF-8, UTF-16 by its
/// zero bytes, else chardetng's guess among [`DETECTED`], asked again as if the text came from
/// China, Taiwan or Japan when its first guess is another (the language of the game comes
/// first: Japan for `.psn`). The flag says whether it is a guess.
///
/// # Errors
///
/// Bytes that are not UTF-8 and that chardetng takes for none of [`DETECTED`] (a Western or
/// Cyrillic code page, or binary data): the line and column where UTF-8 fails, and what they
/// look like.
fn detect(prefix: &[u8], complete: bool, shogi: bool) -> io::Result<(&'static Encoding, bool)> {
    // UTF-32's marks begin like UTF-16LE's; encoding_rs has no UTF-32.
    if prefix.starts_with(&[0xFF, 0xFE, 0, 0]) || prefix.starts_with(&[0, 0, 0xFE, 0xFF]) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "the input is UTF-32 (its byte-order mark says so), which kifu does not read: convert it to UTF-8",
        ));
    }
    if let Some((encoding, _)) = Encoding::for_bom(prefix) {
        return Ok((encoding, false));
    }
    detect_without_bom(prefix, complete, shogi, true)
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
    let mut detector = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
    detector.feed(prefix, complete);
    let first = detector.guess(None, chardetng::Utf8Detection::Allow);
    let regions: [&[u8]; 3] = if shogi {
        [b"jp", b"cn", b"tw"]
    } else {
        [b"cn", b"tw", b"jp"]
    };
    let decodes = |e: &'static Encoding| {
        let mut decoder = e.new_decoder_without_bom_handling();
        let mut out = String::with_capacity(prefix.len() * 3);
        let (result, _) = decoder.decode_to_string_without_replacement(prefix, &mut out, complete);
        matches!(result, DecoderResult::InputEmpty)
    };
    // chardetng's plain guess first, then the regional ones (Chinese for a .pgn file, Japanese
    // for a .psn file). A short GBK text can also decode as EUC-JP or Shift_JIS: outside a .psn
    // file a Japanese plain guess comes after the Chinese ones.
    let japanese = first == encoding_rs::EUC_JP || first == encoding_rs::SHIFT_JIS;
    let regional = regions
        .iter()
        .map(|tld| detector.guess(Some(tld), chardetng::Utf8Detection::Allow));
    let guesses: Vec<&'static Encoding> = if japanese && !shogi {
        regional.chain(std::iter::once(first)).collect()
    } else {
        std::iter::once(first).chain(regional).collect()
    };
    for guess in guesses {
        if DETECTED.contains(&guess) && decodes(guess) {
            return Ok((guess, true));
        }
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidData,
        format!(
            "line {line}, column {column}: not UTF-8, and the text does not look like GBK, GB18030, Big5, Shift_JIS or EUC-JP (at best like {}): give its encoding with --encoding",
            first.name()
        ),
    ))
}

/// UTF-16 without a byte-order mark, told by its zero bytes: text that is mostly ASCII (tags,
/// move numbers, ICCS) has a zero in every other byte.
fn utf16_by_zeros(prefix: &[u8]) -> Option<&'static Encoding> {
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
    } else {
        None
    }
}

/// A reader that decodes `inner` from `encoding` to UTF-8. Malformed bytes are an
/// [`io::ErrorKind::InvalidData`] error after the text before them, and the end of the text:
/// they mean the encoding is not the file's, so what follows would be garbage.
struct Decoded<R> {
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
    consumed: u64,
    /// The error to return once the text before the malformed bytes is read.
    pending: Option<io::Error>,
    done: bool,
    /// Whether the user gave the encoding.
    forced: bool,
}

impl<R: Read> Decoded<R> {
    fn new(inner: R, encoding: &'static Encoding, forced: bool) -> Decoded<R> {
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

/// One input to read, and where its output goes under `--output-dir`.
#[derive(Clone, Debug)]
pub(crate) struct InputPath {
    /// The path (`-` for standard input).
    pub(crate) path: PathBuf,
    /// The path of its output relative to the output folder, extension aside: the file's name,
    /// or its path inside a folder read with `--recursive`.
    pub(crate) out_rel: PathBuf,
}

/// The inputs to read: the files given (standard input when none), folders walked in name order
/// with `--recursive` (their `.pgn`, `.psn` and `.txt` files).
///
/// # Errors
///
/// A folder that cannot be listed, as `(name, error)` in its place.
pub(crate) fn expand(
    files: &[PathBuf],
    recursive: bool,
) -> Vec<Result<InputPath, (String, io::Error)>> {
    let given = if files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        files.to_vec()
    };
    let mut out = Vec::new();
    for path in given {
        // A folder without --recursive is a usage error said before this
        // (`cmd::folder_without_recursive`).
        if recursive && path.as_os_str() != "-" && path.is_dir() {
            walk(&path, &path, &mut out);
        } else {
            let out_rel = if path.as_os_str() == "-" {
                PathBuf::from("stdin")
            } else {
                PathBuf::from(path.file_name().unwrap_or_default())
            };
            out.push(Ok(InputPath { path, out_rel }));
        }
    }
    out
}

/// How messages name an input path: `<stdin>` for `-`.
pub(crate) fn display_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "<stdin>".to_owned()
    } else {
        path.display().to_string()
    }
}

/// Whether a file found in a folder is a game file: `.pgn`, `.psn` or `.txt`, any case.
fn is_game_file(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| ["pgn", "psn", "txt"].contains(&e.to_ascii_lowercase().as_str()))
}

/// The game files below `dir` (`.pgn`, `.psn`, `.txt`), in name order, hidden ones (`.name`)
/// left out. A folder reached twice (a symbolic link back up the tree) is read once.
fn walk(root: &Path, dir: &Path, out: &mut Vec<Result<InputPath, (String, io::Error)>>) {
    let mut seen = std::collections::HashSet::new();
    walk_in(root, dir, out, &mut seen);
}

fn walk_in(
    root: &Path,
    dir: &Path,
    out: &mut Vec<Result<InputPath, (String, io::Error)>>,
    seen: &mut std::collections::HashSet<PathBuf>,
) {
    if let Ok(real) = std::fs::canonicalize(dir)
        && !seen.insert(real)
    {
        return;
    }
    let mut entries: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(list) => list.filter_map(Result::ok).map(|e| e.path()).collect(),
        Err(e) => {
            out.push(Err((dir.display().to_string(), e)));
            return;
        }
    };
    entries.sort();
    for path in entries {
        if path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        {
            continue;
        }
        if path.is_dir() {
            walk_in(root, &path, out, seen);
        } else if is_game_file(&path) {
            let out_rel = path.strip_prefix(root).map_or_else(
                |_| PathBuf::from(path.file_name().unwrap_or_default()),
                Path::to_path_buf,
            );
            out.push(Ok(InputPath { path, out_rel }));
        }
    }
}

/// An encoding from a command-line name: `utf-8`, `gbk`, `gb18030`, `big5`, `shift_jis` and
/// every WHATWG label.
pub(crate) fn parse_encoding(s: &str) -> Result<&'static Encoding, String> {
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

/// Encodes `text` for output; the first character the encoding cannot hold is an error.
pub(crate) fn encode(text: &str, encoding: &'static Encoding) -> Result<Vec<u8>, String> {
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
