//! Opening an input (a file, standard input, bytes in memory): its format, from its first
//! bytes; its encoding, when it is text (forced, declared by the file, or detected); a reader of
//! its UTF-8 text (or its bytes, for a binary format) that streams.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use encoding_rs::{Encoding, UTF_8};

use crate::compressed::{Capped, Compression, MAX_EXPANDED};
use crate::encoding::{Decoded, LateDetected, SNIFF, detect};
use crate::line_decoded::{BadBytesLog, LineDecoded};
use crate::{FormatRef, ReadOptions, display_name, formats, registry};

/// One input, opened: its name for messages, its format, and a buffered reader of its UTF-8
/// text (the bytes as they are, for a binary format).
pub struct Input {
    /// The name for messages: the path as given, `<stdin>` for standard input.
    pub name: String,
    /// The format its games are read in.
    pub format: FormatRef,
    /// Its text (decoded to UTF-8) or, for a binary format, its bytes.
    pub reader: Box<dyn BufRead + Send>,
    /// Bytes of the input read so far (for a progress bar).
    pub read: Arc<AtomicU64>,
    /// The text encoding; `None` for a binary format.
    pub encoding: Option<&'static Encoding>,
    /// Whether the encoding was guessed (not forced, declared or plain UTF-8).
    pub encoding_detected: bool,
    /// Where the text is decoded line by line (a PGN-style format): the bytes valid in no
    /// encoding tried, for [`crate::Games`] to report in the game holding them.
    pub(crate) bad_bytes: Option<BadBytesLog>,
}

impl std::fmt::Debug for Input {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Input")
            .field("name", &self.name)
            .field("format", &self.format)
            .field("encoding", &self.encoding.map(Encoding::name))
            .field("encoding_detected", &self.encoding_detected)
            .finish()
    }
}

/// Why an input cannot be read: its name and the error (a missing file, bytes in no encoding
/// kifu reads, a file of a kind kifu does not read).
#[derive(Debug)]
pub struct InputError {
    /// The input's name for messages.
    pub name: String,
    /// What went wrong.
    pub error: io::Error,
}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.name, self.error)
    }
}

impl std::error::Error for InputError {}

impl Input {
    /// Opens `path` (`-` is standard input).
    ///
    /// # Errors
    ///
    /// The file cannot be opened or read, or its first bytes are in no format and no encoding
    /// kifu reads.
    ///
    /// # Examples
    ///
    /// A GBK file, its format and encoding detected, its first game written in UTF-8 ICCS:
    ///
    /// ```
    /// use kifu_records::{Games, Input, ReadOptions, Target, WriteOptions, Writer};
    ///
    /// let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/xiangqi/xiangqi-chinese-gbk-crlf.pgn");
    /// let read = ReadOptions::default();
    /// let input = Input::open(path.as_ref(), &read)?;
    /// assert_eq!(input.format.name(), "pgn");
    /// assert_eq!(input.encoding, Some(encoding_rs::GBK));
    /// let game = Games::new(input, read).next().unwrap()?;
    /// let iccs = Writer::new(WriteOptions::new(Target::named("iccs").unwrap()));
    /// let text = String::from_utf8(iccs.write(&game, 0)?.bytes)?;
    /// assert!(text.contains("[Format \"ICCS\"]"), "{text}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn open(path: &Path, options: &ReadOptions) -> Result<Input, InputError> {
        let name = display_name(path);
        let raw: Box<dyn Read + Send> = if path.as_os_str() == "-" {
            Box::new(io::stdin())
        } else {
            match File::open(path) {
                Ok(f) => Box::new(f),
                Err(error) => return Err(InputError { name, error }),
            }
        };
        // `games.psn.gz`: the name under the compression's extension.
        let plain = match path.extension().and_then(|e| e.to_str()) {
            Some(e)
                if ["gz", "bz2", "xz"]
                    .iter()
                    .any(|c| e.eq_ignore_ascii_case(c)) =>
            {
                Path::new(path.file_stem().unwrap_or_default())
            }
            _ => path,
        };
        let psn_extension = plain
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("psn"));
        Input::from_reader(name, raw, options, psn_extension)
    }

    /// Opens bytes held in memory under the name `name`.
    ///
    /// # Errors
    ///
    /// As [`Input::open`].
    pub fn from_bytes(
        name: &str,
        bytes: Vec<u8>,
        options: &ReadOptions,
    ) -> Result<Input, InputError> {
        Input::from_reader(
            name.to_owned(),
            Box::new(io::Cursor::new(bytes)),
            options,
            false,
        )
    }

    /// Opens a reader; `shogi_hint` says that a guess between Chinese and Japanese encodings
    /// should try Japanese first (a `.psn` file name), when the format does not say.
    pub(crate) fn from_reader(
        name: String,
        raw: Box<dyn Read + Send>,
        options: &ReadOptions,
        shogi_hint: bool,
    ) -> Result<Input, InputError> {
        let read = Arc::new(AtomicU64::new(0));
        let mut raw: Box<dyn Read + Send> = Box::new(Counting {
            inner: raw,
            count: Arc::clone(&read),
        });
        let mut prefix = Vec::with_capacity(SNIFF);
        // A gzip, bzip2 or xz stream (told by its bytes) is read through its decoder; two
        // layers at most (`.tar` is no format kifu reads, so deeper nesting is no record).
        let mut layers = 0;
        loop {
            prefix.clear();
            if let Err(error) = raw.by_ref().take(SNIFF as u64).read_to_end(&mut prefix) {
                return Err(InputError { name, error });
            }
            match Compression::detect(&prefix) {
                Some(Compression::Zip) => {
                    return Err(InputError {
                        name,
                        error: io::Error::new(
                            io::ErrorKind::InvalidData,
                            "this is a ZIP archive: its members are inputs of their own (kifu_records::Members reads them)",
                        ),
                    });
                }
                Some(compression) if layers < 2 => {
                    layers += 1;
                    let chained = Box::new(io::Cursor::new(std::mem::take(&mut prefix)).chain(raw));
                    let Some(decoder) = compression.decoder(chained) else {
                        unreachable!("only a ZIP archive has no decoder")
                    };
                    raw = Box::new(Capped {
                        inner: decoder,
                        count: Arc::new(AtomicU64::new(0)),
                        cap: options.max_expanded.unwrap_or(MAX_EXPANDED),
                    });
                }
                _ => break,
            }
        }
        let complete = prefix.len() < SNIFF;
        let format =
            match options.format {
                Some(f) => f,
                None => choose_format(&prefix, complete, shogi_hint, options.encoding).map_err(
                    |error| InputError {
                        name: name.clone(),
                        error,
                    },
                )?,
            };
        let chained = io::Cursor::new(prefix.clone()).chain(raw);
        if format.info().binary {
            return Ok(Input {
                name,
                format,
                reader: Box::new(BufReader::with_capacity(1 << 16, chained)),
                read,
                encoding: None,
                encoding_detected: false,
                bad_bytes: None,
            });
        }
        // A Japanese format (or a `.psn` file) tries the Japanese encodings first.
        let japanese = shogi_hint || format.variant() == Some(crate::Variant::Shogi);
        let declared = format
            .declared_encoding(&prefix)
            .and_then(|label| Encoding::for_label(label.as_bytes()));
        let given = options.encoding.or(declared);
        let detected = match given {
            Some(_) => None,
            None => Some(detect(&prefix, complete, japanese)),
        };
        let utf16 = |e: &'static Encoding| e == encoding_rs::UTF_16LE || e == encoding_rs::UTF_16BE;
        // A PGN-style file is decoded line by line, so that its games may differ in encoding
        // and bytes valid in none spoil only their game (even within the first 64 KiB, which
        // then fit no encoding). UTF-16 is decoded as a whole.
        if format.is_pgn_style()
            && !given.is_some_and(utf16)
            && !matches!(&detected, Some(Ok((e, _))) if utf16(e))
        {
            let (encoding, guessed) = match (given, detected) {
                (Some(e), _) => (e, false),
                (None, Some(Ok(found))) => found,
                (None, _) => (UTF_8, false),
            };
            let log = BadBytesLog::default();
            let decoded = LineDecoded::new(
                BufReader::with_capacity(1 << 16, chained),
                given,
                Some(encoding),
                japanese,
                Arc::clone(&log),
            );
            return Ok(Input {
                name,
                format,
                reader: Box::new(decoded),
                read,
                encoding: Some(encoding),
                encoding_detected: guessed,
                bad_bytes: Some(log),
            });
        }
        let (encoding, detected, given) = match given {
            Some(e) => (e, false, true),
            None => {
                let (e, guessed) = detected
                    .unwrap_or_else(|| detect(&prefix, complete, japanese))
                    .map_err(|error| InputError {
                        name: name.clone(),
                        error,
                    })?;
                (e, guessed, false)
            }
        };
        // A file whose first 64 KiB are ASCII may still be GBK further on: its first other
        // bytes decide (all the encodings detected agree with ASCII on what came before).
        let late = !given && encoding == UTF_8 && !complete && prefix.is_ascii();
        let reader: Box<dyn BufRead + Send> = if late {
            Box::new(BufReader::with_capacity(
                1 << 16,
                LateDetected::Ascii {
                    inner: Box::new(chained),
                    shogi: japanese,
                    passed: 0,
                },
            ))
        } else if encoding == UTF_8 {
            Box::new(BufReader::with_capacity(1 << 16, chained))
        } else {
            Box::new(BufReader::with_capacity(
                1 << 16,
                Decoded::new(chained, encoding, options.encoding.is_some()),
            ))
        };
        Ok(Input {
            name,
            format,
            reader,
            read,
            encoding: Some(encoding),
            encoding_detected: detected,
            bad_bytes: None,
        })
    }

    /// Bytes of the input read so far.
    pub fn bytes_read(&self) -> u64 {
        self.read.load(Ordering::Relaxed)
    }
}

/// The format of a file from its first bytes: the registered format most sure of them (the
/// first registered on a tie, a `.psn` name putting PSN first among the PGN-style formats).
/// Text in UTF-16 is sniffed as UTF-8; text in another encoding (`encoding` when the user gave
/// it, else the Japanese-first guess of [`crate::encoding::detect`]) is sniffed decoded too
/// when no format is sure of its bytes, so that a KIF file in EUC-JP is known as KIF (the
/// formats sniff UTF-8 and their own default encoding, Shift_JIS for KIF).
///
/// # Errors
///
/// An [`io::ErrorKind::InvalidData`] error naming what the file looks like when no format is
/// sure of it and it is a kind of file kifu does not read (an archive, a chess PGN, a binary
/// file).
fn choose_format(
    prefix: &[u8],
    complete: bool,
    shogi_hint: bool,
    encoding: Option<&'static Encoding>,
) -> io::Result<FormatRef> {
    crate::encoding::reject_utf32(prefix)?;
    let text;
    let sniffed: &[u8] = match utf16_text(prefix) {
        Some(t) => {
            text = t;
            text.as_bytes()
        }
        None => prefix,
    };
    let (mut confidence, mut format) = most_sure(sniffed, shogi_hint);
    if confidence < notation_traits::Confidence::new(90) && std::str::from_utf8(sniffed).is_err() {
        let guess = match encoding {
            Some(e) => Some(e),
            None => crate::encoding::detect(prefix, complete, true)
                .ok()
                .map(|(e, _)| e),
        };
        if let Some(e) = guess.filter(|&e| e != UTF_8) {
            let (decoded, _) = e.decode_without_bom_handling(prefix);
            let (c, f) = most_sure(decoded.as_bytes(), shogi_hint);
            if c > confidence {
                (confidence, format) = (c, f);
            }
        }
    }
    if confidence < notation_traits::Confidence::new(90)
        && let Some(kind) = registry::unread_kind(sniffed)
    {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("this looks like {kind}; kifu does not read it"),
        ));
    }
    if confidence == notation_traits::Confidence::NONE {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "no format kifu reads fits the file (PGN, PSN, kifu's JSON)".to_owned(),
        ));
    }
    Ok(format)
}

/// The registered format most sure of `sniffed`, with its confidence (the first registered on
/// a tie, a `.psn` name putting PSN first among the PGN-style formats).
fn most_sure(sniffed: &[u8], shogi_hint: bool) -> (notation_traits::Confidence, FormatRef) {
    let mut best: Option<(notation_traits::Confidence, FormatRef)> = None;
    for &f in formats() {
        let c = f.sniff(sniffed);
        let better = match best {
            None => true,
            Some((b, g)) => {
                c > b || (c == b && shogi_hint && f.name() == "psn" && g.is_pgn_style())
            }
        };
        if better {
            best = Some((c, f));
        }
    }
    best.expect("formats are registered")
}

/// The text of a UTF-16 prefix (by its byte-order mark or its zero bytes), for sniffing.
fn utf16_text(prefix: &[u8]) -> Option<String> {
    let (encoding, skip) = match Encoding::for_bom(prefix) {
        Some((e, n)) if e == encoding_rs::UTF_16LE || e == encoding_rs::UTF_16BE => (e, n),
        Some(_) => return None,
        None => (crate::encoding::utf16_by_zeros(prefix)?, 0),
    };
    let (text, _) = encoding.decode_without_bom_handling(&prefix[skip..]);
    Some(text.into_owned())
}

/// A reader that counts the bytes read through it.
struct Counting<R> {
    inner: R,
    count: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}
