//! How much of an input the readers take into memory: a whole XQF, CBR or DhtmlXQ file, one
//! record of a CBL library. No archive file comes near the limit; a larger input is an input
//! error ([`io::ErrorKind::InvalidData`]) instead of filling the memory.

use std::io::{self, BufRead, Read};

/// The most bytes a whole-file reader takes (and a CBL record may span): 64 MiB.
pub(crate) const MAX_FILE: usize = 64 << 20;

/// All of `input`.
///
/// # Errors
///
/// The input's read error, or [`io::ErrorKind::InvalidData`] when it holds more than
/// [`MAX_FILE`] bytes, more than any `format` file.
pub(crate) fn read_limited(input: Box<dyn BufRead + '_>, format: &str) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    input.take(MAX_FILE as u64 + 1).read_to_end(&mut bytes)?;
    if bytes.len() > MAX_FILE {
        return Err(too_large(format));
    }
    Ok(bytes)
}

/// The error of an input (or record) larger than any `format` file.
pub(crate) fn too_large(format: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!(
            "the input holds more than {} MiB, more than any {format} file: it is not read",
            MAX_FILE >> 20
        ),
    )
}
