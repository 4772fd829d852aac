//! Writing an XQF file: a header with the tags, the start position and the result, then the
//! move tree in pre-order.
//!
//! Rule: ../shared/research/xqf-format.md §9 and XQStudio 1.63 `iSaveXQFile`. Every version
//! 0x0A-0x12 can be written ([`XqfOptions::version`]); the default is 0x12 with all keys 0
//! (see the crate docs for why). Records: up to 0x0A, from + 0x18, to + 0x20, flags 0xF0 for
//! a reply and 0x0F for a later alternative, a reserved byte and the comment length always;
//! from 0x0B, the points plus the derived keys, flags 0x80/0x40/0x20, and the length word
//! (plus KeyRMKSize) only with a comment; from 0x0C the piece table rotated. The root record
//! is `18 20 F0 FF` up to 0x0A and `XQ` after, as XQStudio writes them. Comments are GB18030
//! with CR LF line ends.

use notation_traits::{CheckedGame, Diagnostic, GameResult, Severity, Written, WrittenGame};
use xiangqi_board::{Color, Position, Square};

use super::header::{
    CODE_A, HEADER_LEN, NEWEST, PIECES, PLAY_RESULT, PLAY_STEP_NO, RECORD_TYPE_TAG, STRINGS,
    VERSION, WHO_PLAY, record_type_name, record_type_of,
};
use super::keys::{XqfKeys, encrypt};
use crate::export::{Export, WriteMove, export};
use crate::setup::slots_of;
use crate::text::{crlf_lines, encode_gb, encode_gb_within};
use crate::tree::Tree;

/// How to write an XQF file: the version and, for the encrypted versions (0x0B-0x12), the
/// keys.
///
/// # Examples
///
/// ```
/// use xiangqi_archive::{XqfKeys, XqfOptions};
///
/// let plain = XqfOptions::plain();
/// assert_eq!(plain.version, 0x0A);
/// let default = XqfOptions::default();
/// assert_eq!((default.version, default.keys), (0x12, XqfKeys::ZERO));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct XqfOptions {
    /// The version byte, 0x0A (or below: written as 0x0A) to 0x12.
    pub version: u8,
    /// The key bytes, for versions 0x0B-0x12 (plain versions write zeros).
    pub keys: XqfKeys,
}

impl XqfOptions {
    /// XQF 1.0: version 0x0A, unencrypted.
    pub const fn plain() -> XqfOptions {
        XqfOptions {
            version: 0x0A,
            keys: XqfKeys::ZERO,
        }
    }

    /// The version `text` names: a version byte in decimal (`10`-`18`) or hex (`0x0A`-`0x12`),
    /// or an XQStudio release (`1.0`, `1.63`). `None` for anything else.
    ///
    /// ```
    /// use xiangqi_archive::XqfOptions;
    ///
    /// assert_eq!(XqfOptions::for_version("10").map(|o| o.version), Some(0x0A));
    /// assert_eq!(XqfOptions::for_version("0x12").map(|o| o.version), Some(0x12));
    /// assert_eq!(XqfOptions::for_version("1.63").map(|o| o.version), Some(0x12));
    /// assert_eq!(XqfOptions::for_version("19"), None);
    /// ```
    pub fn for_version(text: &str) -> Option<XqfOptions> {
        let t = text.trim().to_ascii_lowercase();
        let version = match t.as_str() {
            "1.0" => 0x0A,
            "1.63" => 0x12,
            _ => match t.strip_prefix("0x") {
                Some(hex) => u8::from_str_radix(hex, 16).ok()?,
                None => t.parse().ok()?,
            },
        };
        (0x0A..=NEWEST).contains(&version).then_some(XqfOptions {
            version,
            keys: XqfKeys::ZERO,
        })
    }
}

impl Default for XqfOptions {
    /// Version 0x12 (XQStudio 1.63's), keys all 0.
    fn default() -> Self {
        XqfOptions {
            version: NEWEST,
            keys: XqfKeys::ZERO,
        }
    }
}

/// Tags the format keeps elsewhere or that name the notation of a text file: not lost.
const CONSUMED: [&str; 7] = [
    "Result", "FEN", "SetUp", "Game", "Format", "Language", "Variant",
];

/// Writes `game` as an XQF file.
pub(crate) fn write_xqf(
    game: &CheckedGame<Position>,
    options: &XqfOptions,
) -> Result<WrittenGame, Box<Diagnostic>> {
    let version = options.version.clamp(0x0A, NEWEST);
    let keys = if version <= 0x0A {
        XqfKeys::ZERO
    } else {
        options.keys
    };
    if keys.checksum() != 0 {
        return Err(Box::new(Diagnostic::new(
            Severity::Error,
            "bad-header",
            format!(
                "the XQF keys add up to 0x{:02X}, not 0: XQStudio would refuse the file (make them with XqfKeys::with_seeds)",
                keys.checksum()
            ),
        )));
    }
    let derived = keys.derived(version);
    let Export { tree, mut lost } = export(game);
    let start = &game.replayed.start;
    let record = &game.replayed.record;

    let mut out = vec![0u8; HEADER_LEN];
    out[0] = b'X';
    out[1] = b'Q';
    out[VERSION] = version;
    out[0x03] = keys.mask;
    out[0x08..0x0C].copy_from_slice(&keys.or_keys);
    out[0x0C] = keys.sum;
    out[0x0D..0x10].copy_from_slice(&keys.seeds);

    // The piece table.
    let slots = slots_of(start);
    for (slot, sq) in slots.iter().enumerate() {
        let value = match sq {
            Some(sq) => point(*sq),
            None if version <= 0x0A => 0xFF,
            None => 90,
        };
        let index = if version >= 0x0C {
            // (slot − 1 − KeyXY′) mod 32.
            (slot + 31 + 32 - usize::from(derived.piece) % 32) % 32
        } else {
            slot
        };
        out[PIECES + index] = if version <= 0x0A {
            value
        } else {
            value.wrapping_add(derived.piece)
        };
    }
    // The start's ply count, side to move and the result.
    let black = start.side_to_move() == Color::Black;
    let steps = 2 * (start.fullmove_number().max(1) - 1) + u32::from(black);
    let steps = u16::try_from(steps).unwrap_or(u16::MAX);
    out[PLAY_STEP_NO..PLAY_STEP_NO + 2].copy_from_slice(&steps.to_le_bytes());
    out[WHO_PLAY] = u8::from(black);
    out[PLAY_RESULT] = match game.result() {
        None => 0,
        Some(GameResult::FirstPlayerWins) => 1,
        Some(GameResult::SecondPlayerWins) => 2,
        Some(GameResult::Draw) => 3,
    };
    if start.halfmove_clock() != 0 {
        lost.add(format!(
            "the start position's half-move clock ({})",
            start.halfmove_clock()
        ));
    }
    // The record type: the tag's, except that a set-up start needs one of the last two.
    let initial = Position::new();
    let standard = Square::all().all(|sq| start.piece_at(sq) == initial.piece_at(sq));
    let stated = record.tag(RECORD_TYPE_TAG).and_then(record_type_of);
    let mut code = stated.unwrap_or(if standard { 0 } else { 3 });
    if code <= 1 && !standard {
        if let Some(s) = stated {
            lost.add(format!(
                "the record type `{}`, written as `endgame`: readers take a full game or an opening to start from the standard array",
                record_type_name(s)
            ));
        }
        code = 3;
    }
    out[CODE_A..CODE_A + 2].copy_from_slice(&code.to_le_bytes());

    // The text fields.
    for field in STRINGS {
        let Some(value) = record.tag(field.tag) else {
            continue;
        };
        let (bytes, cut) = encode_gb_within(value, field.capacity());
        if cut {
            lost.add(format!(
                "the end of [{} \"{value}\"]: XQF holds {} bytes of it",
                field.tag,
                field.capacity()
            ));
        }
        out[field.offset] = bytes.len() as u8;
        out[field.offset + 1..field.offset + 1 + bytes.len()].copy_from_slice(&bytes);
    }
    let mut other: Vec<String> = Vec::new();
    for tag in &record.tags {
        let known = STRINGS
            .iter()
            .any(|f| f.tag.eq_ignore_ascii_case(&tag.name))
            || CONSUMED.iter().any(|c| c.eq_ignore_ascii_case(&tag.name))
            || tag.name.eq_ignore_ascii_case(RECORD_TYPE_TAG);
        if !known && !other.contains(&tag.name) {
            other.push(tag.name.clone());
        }
    }
    if !other.is_empty() {
        let names: Vec<String> = other.iter().map(|n| format!("[{n}]")).collect();
        lost.add(format!("tags XQF has no field for: {}", names.join(" ")));
    }

    // The records, in pre-order: a node, its reply's subtree, its next sibling.
    let mut stack: Vec<(usize, bool)> = vec![(Tree::<WriteMove>::ROOT, false)];
    while let Some((index, has_next)) = stack.pop() {
        let node = tree.node(index);
        let continued = !node.children.is_empty();
        let comment = if node.data.comment.is_empty() {
            Vec::new()
        } else {
            encode_gb(&crlf_lines(&node.data.comment))
        };
        let (b0, b1, reserved) = match node.data.mv {
            None if version <= 0x0A => (0x18, 0x20, 0xFF),
            None => (b'X', b'Q', 0),
            Some(mv) if version <= 0x0A => (point(mv.from()) + 0x18, point(mv.to()) + 0x20, 0),
            Some(mv) => (
                (point(mv.from()) + 0x18).wrapping_add(derived.from),
                (point(mv.to()) + 0x20).wrapping_add(derived.to),
                0,
            ),
        };
        let flags = if version <= 0x0A {
            (if continued { 0xF0 } else { 0 }) | (if has_next { 0x0F } else { 0 })
        } else {
            (if continued { 0x80 } else { 0 })
                | (if has_next { 0x40 } else { 0 })
                | (if comment.is_empty() { 0 } else { 0x20 })
        };
        out.extend_from_slice(&[b0, b1, flags, reserved]);
        if version <= 0x0A {
            out.extend_from_slice(&(comment.len() as u32).to_le_bytes());
        } else if !comment.is_empty() {
            let stored = comment.len() as u32 + derived.comment;
            out.extend_from_slice(&stored.to_le_bytes());
        }
        out.extend_from_slice(&comment);
        let count = node.children.len();
        for (i, &child) in node.children.iter().enumerate().rev() {
            stack.push((child, i + 1 < count));
        }
    }
    encrypt(&mut out[HEADER_LEN..], &keys.stream());
    Ok(WrittenGame {
        output: Written::Bytes(out),
        lost: lost.into_vec(),
    })
}

/// The XQF point byte of a square: file · 10 + rank.
fn point(sq: Square) -> u8 {
    sq.file().index() * 10 + sq.rank().index()
}
