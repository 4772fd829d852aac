//! The text inside the archives: GBK/GB18030 bytes (XQF), UTF-16LE code units (CBR, CBL), and
//! their line breaks.
//!
//! - XQF text is in the ANSI code page of Chinese Windows, GBK. It is decoded as GB18030, the
//!   superset of GBK that also has four-byte forms, so files written in either read the same:
//!   the GBK bytes mean the same characters in both. Bytes that are neither become U+FFFD and
//!   the caller warns. Written text is encoded as GB18030 too: GBK for every character GBK
//!   has, a four-byte form for the rare others.
//! - CBR/CBL text is UTF-16LE, ended by a NUL code unit inside its fixed field. Unpaired
//!   surrogates become U+FFFD and the caller warns.
//! - Line breaks: both programs write CR LF; the reader turns CR LF and lone CR into LF and
//!   drops the line breaks at the end of a comment; the XQF writer writes CR LF.

use encoding_rs::GB18030;

/// Text decoded from bytes, and whether some bytes did not decode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Decoded {
    /// The text (undecodable bytes as U+FFFD).
    pub(crate) text: String,
    /// Whether some bytes did not decode.
    pub(crate) damaged: bool,
}

/// Decodes GBK or GB18030 bytes.
pub(crate) fn decode_gb(bytes: &[u8]) -> Decoded {
    let (text, damaged) = GB18030.decode_without_bom_handling(bytes);
    Decoded {
        text: text.into_owned(),
        damaged,
    }
}

/// Encodes text as GB18030 (GBK for every character GBK has).
pub(crate) fn encode_gb(text: &str) -> Vec<u8> {
    // GB18030 encodes every Unicode scalar value, so nothing is replaced.
    let (bytes, _, _) = GB18030.encode(text);
    bytes.into_owned()
}

/// The longest start of `text` whose GB18030 encoding fits in `capacity` bytes, cut on a
/// character boundary, and whether it had to be cut.
pub(crate) fn encode_gb_within(text: &str, capacity: usize) -> (Vec<u8>, bool) {
    let mut out = Vec::new();
    for (i, c) in text.char_indices() {
        let bytes = encode_gb(&text[i..i + c.len_utf8()]);
        if out.len() + bytes.len() > capacity {
            return (out, true);
        }
        out.extend_from_slice(&bytes);
    }
    (out, false)
}

/// Decodes UTF-16LE code units up to the first NUL unit (or the end; an odd last byte is
/// ignored).
pub(crate) fn decode_utf16le(bytes: &[u8]) -> Decoded {
    let units: Vec<u16> = bytes
        .chunks_exact(2)
        .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
        .take_while(|&u| u != 0)
        .collect();
    let mut damaged = false;
    let text = char::decode_utf16(units)
        .map(|r| {
            r.unwrap_or_else(|_| {
                damaged = true;
                char::REPLACEMENT_CHARACTER
            })
        })
        .collect();
    Decoded { text, damaged }
}

/// A comment as kifu keeps it: CR LF and lone CR become LF, line breaks and NULs at the end are
/// dropped.
pub(crate) fn normalize_comment(text: &str) -> String {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    text.trim_end_matches(['\n', '\0']).to_owned()
}

/// A comment as XQStudio stores it: lines separated by CR LF, the last one ended by CR LF
/// (XQStudio writes the text of a line list).
pub(crate) fn crlf_lines(text: &str) -> String {
    let mut out = text.replace("\r\n", "\n").replace('\n', "\r\n");
    out.push_str("\r\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gbk_bytes_read_as_chinese() {
        // "棋局注解" in GBK (the worked example of ../shared/research/xqf-format.md §5).
        let d = decode_gb(&[0xC6, 0xE5, 0xBE, 0xD6, 0xD7, 0xA2, 0xBD, 0xE2]);
        assert_eq!(d.text, "棋局注解");
        assert!(!d.damaged);
    }

    #[test]
    fn a_cut_character_is_damage() {
        let d = decode_gb(&[0xC6, 0xE5, 0xBE]);
        assert!(d.damaged);
        assert!(d.text.starts_with('棋'));
    }

    #[test]
    fn encoding_cuts_on_a_character_boundary() {
        let (bytes, cut) = encode_gb_within("棋局", 3);
        assert_eq!(bytes, [0xC6, 0xE5]);
        assert!(cut);
        let (bytes, cut) = encode_gb_within("ab", 3);
        assert_eq!(bytes, b"ab");
        assert!(!cut);
    }

    #[test]
    fn utf16_stops_at_nul() {
        let d = decode_utf16le(&[0x2D, 0x4E, 0x00, 0x00, 0x41, 0x00]);
        assert_eq!(d.text, "中");
        let d = decode_utf16le(&[0x00, 0xD8, 0x41, 0x00]);
        assert!(d.damaged);
        assert_eq!(d.text, "\u{FFFD}A");
    }

    #[test]
    fn comments_lose_their_last_line_break() {
        assert_eq!(normalize_comment("a\r\nb\rc\r\n\r\n"), "a\nb\nc");
        assert_eq!(crlf_lines("a\nb"), "a\r\nb\r\n");
    }
}
