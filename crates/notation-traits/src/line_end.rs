//! Reading a text line by line where lines end in `\n`, `\r\n` or a lone `\r` (old Mac files,
//! and some Windows programs' KIF exports): one line at a time, so that a file of lone `\r`
//! streams as any other does instead of being read whole as one line.

use std::io::{self, BufRead};

use crate::Pos;

/// Appends the next line of `input` to `line`, without its line end (`\n`, `\r\n` or a lone
/// `\r`); returns how many bytes it took from `input`, line end included (0 at the end of the
/// input).
///
/// # Errors
///
/// The input's read error (an interrupted read is tried again).
///
/// # Examples
///
/// ```
/// use notation_traits::read_line_bytes;
///
/// let mut input: &[u8] = b"a\rb\r\nc\nd";
/// let mut lines = Vec::new();
/// loop {
///     let mut line = Vec::new();
///     match read_line_bytes(&mut input, &mut line)? {
///         0 => break,
///         n => lines.push((String::from_utf8(line)?, n)),
///     }
/// }
/// let expected = [("a", 2), ("b", 3), ("c", 2), ("d", 1)].map(|(l, n)| (l.to_owned(), n));
/// assert_eq!(lines, expected);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_line_bytes<R: BufRead + ?Sized>(
    input: &mut R,
    line: &mut Vec<u8>,
) -> io::Result<usize> {
    let mut taken = 0;
    loop {
        let (end, used) = {
            let available = match input.fill_buf() {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                return Ok(taken);
            }
            match available.iter().position(|&b| b == b'\n' || b == b'\r') {
                Some(i) => {
                    line.extend_from_slice(&available[..i]);
                    (Some(available[i]), i + 1)
                }
                None => {
                    line.extend_from_slice(available);
                    (None, available.len())
                }
            }
        };
        input.consume(used);
        taken += used;
        match end {
            // `\r\n` is one line end: take the `\n` too (it may come in the next buffer).
            Some(b'\r') => loop {
                match input.fill_buf() {
                    Ok(next) => {
                        if next.first() == Some(&b'\n') {
                            input.consume(1);
                            taken += 1;
                        }
                        return Ok(taken);
                    }
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(e),
                }
            },
            Some(_) => return Ok(taken),
            None => {}
        }
    }
}

/// [`read_line_bytes`] for a reader that places its lines: `next` is where the line starts
/// (moved on past its line end: one more line, the bytes taken), a UTF-8 byte-order mark
/// opening it is taken off when `bom` (the first line of a file, or any line where joined
/// files each open with one); returns the line's place (after the mark), `None` at the end.
///
/// # Errors
///
/// The input's read error.
pub fn read_placed_line<R: BufRead + ?Sized>(
    input: &mut R,
    line: &mut Vec<u8>,
    next: &mut Pos,
    bom: bool,
) -> io::Result<Option<Pos>> {
    let n = read_line_bytes(input, line)?;
    if n == 0 {
        return Ok(None);
    }
    let mut at = *next;
    *next = Pos {
        offset: at.offset + n,
        line: at.line + 1,
        column: 1,
    };
    if bom && line.starts_with(b"\xEF\xBB\xBF") {
        line.drain(..3);
        at.offset += 3;
    }
    Ok(Some(at))
}

/// The lines of a text (a comment) as every line reader takes them: split at `\n`, `\r\n` and
/// a lone `\r`, as [`str::split`] splits (a line end at the end gives an empty last line), so
/// that a writer puts each on a line of its own and none holds a `\r` that would end it early.
///
/// ```
/// let lines: Vec<&str> = notation_traits::text_lines("a\r\nb\rc\n").collect();
/// assert_eq!(lines, ["a", "b", "c", ""]);
/// ```
pub fn text_lines(text: &str) -> impl Iterator<Item = &str> {
    text.split('\n')
        .flat_map(|line| line.strip_suffix('\r').unwrap_or(line).split('\r'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_end_split_between_two_buffers_is_one_line_end() {
        // A reader of one byte a buffer: `\r` and `\n` always come apart.
        let text = b"ab\r\ncd\r\ref\n";
        let mut input = io::BufReader::with_capacity(1, &text[..]);
        let mut lines = Vec::new();
        loop {
            let mut line = Vec::new();
            match read_line_bytes(&mut input, &mut line).unwrap() {
                0 => break,
                n => lines.push((line, n)),
            }
        }
        let expected: Vec<(Vec<u8>, usize)> = [("ab", 4), ("cd", 3), ("", 1), ("ef", 3)]
            .iter()
            .map(|&(l, n)| (l.as_bytes().to_vec(), n))
            .collect();
        assert_eq!(lines, expected);
    }
}
