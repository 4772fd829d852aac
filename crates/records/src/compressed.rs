//! Compressed inputs: gzip, bzip2 and xz streams, and ZIP archives, told by their first bytes
//! (their magic numbers), never by the file name.
//!
//! A gzip, bzip2 or xz stream is decompressed as it is read (the text behind it streams like a
//! plain file). A ZIP archive holds several files: [`Members`] gives one [`Input`] per member,
//! named `archive.zip:member.pgn` so that every diagnostic names its member; a member is read
//! into memory when its turn comes (memory bounded by the largest member).
//!
//! Guard against compression bombs: the bytes a compressed input expands to are capped
//! ([`ReadOptions::max_expanded`], [`MAX_EXPANDED`] by default), for a stream and for all the
//! members of an archive together; past the cap reading stops with an error that says so.
//!
//! Formats: gzip (RFC 1952, magic `1f 8b`, several members read as one stream), bzip2 (`BZh`
//! and the block size digit), xz (`fd 37 7a 58 5a 00`, the XZ file format 1.0.4), ZIP (APPNOTE,
//! local file header `PK 03 04`, or `PK 05 06` for an empty archive; stored and deflated
//! members).

use std::fs::File;
use std::io::{self, Read, Seek};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::{Input, InputError, ReadOptions, display_name};

/// The default cap on the bytes one compressed input expands to: 1 GiB.
pub const MAX_EXPANDED: u64 = 1 << 30;

/// A kind of compression kifu reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Compression {
    Gzip,
    Bzip2,
    Xz,
    Zip,
}

impl Compression {
    /// The compression of a file from its first bytes.
    pub(crate) fn detect(prefix: &[u8]) -> Option<Compression> {
        if prefix.starts_with(b"\x1f\x8b") {
            Some(Compression::Gzip)
        } else if prefix.starts_with(b"BZh")
            && prefix.get(3).is_some_and(|d| (b'1'..=b'9').contains(d))
        {
            Some(Compression::Bzip2)
        } else if prefix.starts_with(b"\xFD7zXZ\x00") {
            Some(Compression::Xz)
        } else if prefix.starts_with(b"PK\x03\x04") || prefix.starts_with(b"PK\x05\x06") {
            Some(Compression::Zip)
        } else {
            None
        }
    }

    /// A reader of the decompressed bytes of a gzip, bzip2 or xz stream; `None` for a ZIP
    /// archive (it holds files, not one stream).
    pub(crate) fn decoder(self, inner: Box<dyn Read + Send>) -> Option<Box<dyn Read + Send>> {
        Some(match self {
            Compression::Gzip => Box::new(flate2::read::MultiGzDecoder::new(inner)),
            Compression::Bzip2 => Box::new(bzip2::read::MultiBzDecoder::new(inner)),
            Compression::Xz => Box::new(lzma_rust2::XzReader::new(inner, true)),
            Compression::Zip => return None,
        })
    }
}

/// The error when a compressed input expands past its cap.
fn too_large(cap: u64) -> io::Error {
    io::Error::new(
        io::ErrorKind::FileTooLarge,
        format!(
            "the compressed input expands to more than {cap} bytes, the cap: not read further (a compression bomb?)"
        ),
    )
}

/// A reader that fails once more than `cap` bytes came through it (counted in `count`, shared
/// by the members of one archive).
pub(crate) struct Capped<R> {
    pub(crate) inner: R,
    pub(crate) count: Arc<AtomicU64>,
    pub(crate) cap: u64,
}

impl<R: Read> Read for Capped<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let so_far = self.count.load(Ordering::Relaxed);
        if so_far > self.cap {
            return Err(too_large(self.cap));
        }
        // One byte past the cap is read to tell a stream of exactly `cap` bytes from a longer one.
        let room = usize::try_from(self.cap - so_far + 1).unwrap_or(usize::MAX);
        let want = buf.len().min(room);
        let n = self.inner.read(&mut buf[..want])?;
        let total = so_far + n as u64;
        self.count.store(total, Ordering::Relaxed);
        if total > self.cap {
            return Err(too_large(self.cap));
        }
        Ok(n)
    }
}

/// Something a ZIP archive is read from: a file or bytes in memory.
trait Source: Read + Seek + Send {}
impl<T: Read + Seek + Send> Source for T {}

/// The inputs of one path or byte buffer: the file itself, or each member of a ZIP archive;
/// an iterator of `Result<Input, InputError>`.
///
/// A gzip, bzip2 or xz file is one input, decompressed as it is read ([`Input::open`]). A ZIP
/// archive gives one input per file member (folders skipped), in the archive's order, named
/// `NAME:MEMBER`; a member that cannot be read is an error of its own, and the next member is
/// read.
///
/// # Examples
///
/// ```
/// use kifu_records::{Games, Members, ReadOptions};
///
/// let options = ReadOptions::default();
/// let mut names = Vec::new();
/// for input in Members::open("../../testdata/compressed/two-members.zip".as_ref(), &options) {
///     let input = input?;
///     names.push(input.name.clone());
///     for game in Games::new(input, options) {
///         assert!(!game?.has_errors());
///     }
/// }
/// assert_eq!(names, [
///     "../../testdata/compressed/two-members.zip:xiangqi-iccs.pgn",
///     "../../testdata/compressed/two-members.zip:shogi/real-game.psn",
/// ]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Members {
    state: State,
    options: ReadOptions,
}

enum State {
    /// One input, not handed out yet.
    One(Option<Result<Input, InputError>>),
    /// The members of an archive, from `next` on.
    Zip {
        name: String,
        archive: Box<zip::ZipArchive<Box<dyn Source>>>,
        next: usize,
        expanded: Arc<AtomicU64>,
    },
}

impl std::fmt::Debug for Members {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.state {
            State::One(_) => f.write_str("Members::One"),
            State::Zip { name, next, .. } => f
                .debug_struct("Members::Zip")
                .field("name", name)
                .field("next", next)
                .finish(),
        }
    }
}

impl Members {
    /// The inputs of `path` (`-` is standard input; a ZIP archive there is read into memory,
    /// up to the cap).
    pub fn open(path: &Path, options: &ReadOptions) -> Members {
        let name = display_name(path);
        let options = *options;
        let mut source: Box<dyn Read + Send> = if path.as_os_str() == "-" {
            Box::new(io::stdin())
        } else {
            match File::open(path) {
                Ok(mut file) => {
                    let mut magic = [0u8; 4];
                    let zip = read_up_to(&mut file, &mut magic)
                        .is_ok_and(|n| Compression::detect(&magic[..n]) == Some(Compression::Zip));
                    if zip && file.rewind().is_ok() {
                        return Members::archive(name, Box::new(io::BufReader::new(file)), options);
                    }
                    return Members::one(Input::open(path, &options), options);
                }
                Err(error) => return Members::one(Err(InputError { name, error }), options),
            }
        };
        // Standard input cannot seek: a ZIP archive there is read into memory (up to the cap),
        // anything else streams on after the bytes looked at.
        let mut magic = [0u8; 4];
        let n = match read_up_to(&mut source, &mut magic) {
            Ok(n) => n,
            Err(error) => return Members::one(Err(InputError { name, error }), options),
        };
        let head = io::Cursor::new(magic[..n].to_vec());
        if Compression::detect(&magic[..n]) == Some(Compression::Zip) {
            let mut bytes = Vec::new();
            let mut capped = Capped {
                inner: head.chain(source),
                count: Arc::new(AtomicU64::new(0)),
                cap: options.max_expanded.unwrap_or(MAX_EXPANDED),
            };
            if let Err(error) = capped.read_to_end(&mut bytes) {
                return Members::one(Err(InputError { name, error }), options);
            }
            return Members::archive(name, Box::new(io::Cursor::new(bytes)), options);
        }
        let stream = Box::new(head.chain(source));
        Members::one(Input::from_reader(name, stream, &options, false), options)
    }

    /// The inputs of bytes held in memory under the name `name`.
    pub fn from_bytes(name: &str, bytes: Vec<u8>, options: &ReadOptions) -> Members {
        let options = *options;
        if Compression::detect(&bytes) == Some(Compression::Zip) {
            return Members::archive(name.to_owned(), Box::new(io::Cursor::new(bytes)), options);
        }
        Members::one(Input::from_bytes(name, bytes, &options), options)
    }

    fn one(input: Result<Input, InputError>, options: ReadOptions) -> Members {
        Members {
            state: State::One(Some(input)),
            options,
        }
    }

    fn archive(name: String, source: Box<dyn Source>, options: ReadOptions) -> Members {
        match zip::ZipArchive::new(source) {
            Ok(archive) => Members {
                state: State::Zip {
                    name,
                    archive: Box::new(archive),
                    next: 0,
                    expanded: Arc::new(AtomicU64::new(0)),
                },
                options,
            },
            Err(e) => Members::one(
                Err(InputError {
                    name,
                    error: io::Error::new(
                        io::ErrorKind::InvalidData,
                        format!("not a ZIP archive kifu can read: {e}"),
                    ),
                }),
                options,
            ),
        }
    }
}

/// Reads up to `buf.len()` bytes (fewer only at the end of the input).
fn read_up_to(r: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match r.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

impl Iterator for Members {
    type Item = Result<Input, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        let options = self.options;
        match &mut self.state {
            State::One(input) => input.take(),
            State::Zip {
                name,
                archive,
                next,
                expanded,
            } => loop {
                if *next >= archive.len() {
                    return None;
                }
                let index = *next;
                *next += 1;
                let cap = options.max_expanded.unwrap_or(MAX_EXPANDED);
                let mut member = match archive.by_index(index) {
                    Ok(m) => m,
                    Err(e) => {
                        return Some(Err(InputError {
                            name: format!("{name}:#{}", index + 1),
                            error: io::Error::new(
                                io::ErrorKind::InvalidData,
                                format!(
                                    "member {} of the ZIP archive cannot be read: {e}",
                                    index + 1
                                ),
                            ),
                        }));
                    }
                };
                if member.is_dir() {
                    continue;
                }
                let member_name = match member.name() {
                    Ok(n) => format!("{name}:{n}"),
                    Err(_) => format!("{name}:#{}", index + 1),
                };
                let mut bytes = Vec::new();
                let mut capped = Capped {
                    inner: &mut member,
                    count: Arc::clone(expanded),
                    cap,
                };
                if let Err(error) = capped.read_to_end(&mut bytes) {
                    return Some(Err(InputError {
                        name: member_name,
                        error,
                    }));
                }
                return Some(Input::from_bytes(&member_name, bytes, &options));
            },
        }
    }
}
