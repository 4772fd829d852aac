//! A closed standard output (`kifu convert a.pgn >&-`): at start-up Rust's runtime puts
//! `/dev/null` in the place of a closed standard descriptor (so that no file opened later takes
//! it), and every write then succeeds. kifu finds out once, at the start, and every write to
//! standard output then fails (exit 3) instead of reporting success.

use std::sync::atomic::{AtomicBool, Ordering};

static CLOSED: AtomicBool = AtomicBool::new(false);

/// Finds out whether standard output was closed when kifu started: on Linux, descriptor 1 is
/// `/dev/null` opened for reading and writing, as the runtime opens it (a shell's `>/dev/null`
/// opens it for writing only). Elsewhere nothing is found.
pub(crate) fn guard() {
    #[cfg(target_os = "linux")]
    {
        let is_null = std::fs::read_link("/proc/self/fd/1")
            .is_ok_and(|target| target == std::path::Path::new("/dev/null"));
        if !is_null {
            return;
        }
        let info = std::fs::read_to_string("/proc/self/fdinfo/1").unwrap_or_default();
        let read_write = info
            .lines()
            .find_map(|l| l.strip_prefix("flags:"))
            .and_then(|f| u32::from_str_radix(f.trim(), 8).ok())
            .is_some_and(|flags| flags & 0o3 == 0o2);
        CLOSED.store(read_write, Ordering::Relaxed);
    }
}

/// Whether standard output was closed when kifu started.
pub(crate) fn closed() -> bool {
    CLOSED.load(Ordering::Relaxed)
}

/// The error of a write to a closed standard output (not a broken pipe, which ends kifu quietly
/// with exit 0 as Unix filters do: nothing was ever written here, and that fails).
pub(crate) fn closed_error() -> std::io::Error {
    std::io::Error::other("standard output is closed")
}

/// Standard output as converted games go to it: buffered; every write fails when standard
/// output was closed at the start ([`closed`]); a closed pipe (`kifu convert ... | head`) ends
/// kifu quietly with exit 0 ([`crate::report::stdout_failed`]).
pub(crate) struct Stdout(std::io::BufWriter<std::io::Stdout>);

impl Stdout {
    pub(crate) fn new() -> Stdout {
        Stdout(std::io::BufWriter::new(std::io::stdout()))
    }
}

/// A closed standard output pipe ends the program quietly; any other result is returned.
fn closed_pipe<T>(result: std::io::Result<T>) -> std::io::Result<T> {
    if let Err(e) = &result
        && e.kind() == std::io::ErrorKind::BrokenPipe
    {
        crate::report::stdout_failed(e);
    }
    result
}

impl std::io::Write for Stdout {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        if closed() {
            return Err(closed_error());
        }
        closed_pipe(self.0.write(bytes))
    }

    fn write_all(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        if closed() {
            return Err(closed_error());
        }
        closed_pipe(self.0.write_all(bytes))
    }

    fn flush(&mut self) -> std::io::Result<()> {
        closed_pipe(self.0.flush())
    }
}
