//! Hand-made CCBridge records and libraries, built from the layout in xusheng6/pikaboard
//! `docs/ccbridge-format.md` (version 2) and vschess's reading of version 1.

use super::GameTree;

/// Field offsets of a version-2 record: (offset, size) by the description's names.
pub const V2_TITLE: (usize, usize) = (180, 128);
pub const V2_EVENT: (usize, usize) = (692, 64);
pub const V2_ROUND: (usize, usize) = (756, 64);
pub const V2_DATE: (usize, usize) = (884, 64);
pub const V2_SITE: (usize, usize) = (948, 64);
pub const V2_RED: (usize, usize) = (1076, 64);
pub const V2_RED_TEAM: (usize, usize) = (1140, 64);
pub const V2_BLACK: (usize, usize) = (1300, 64);
pub const V2_COMMENTATOR: (usize, usize) = (1652, 64);
pub const V2_ENDING: (usize, usize) = (2080, 32);

/// A hand-made CCBridge record.
#[derive(Clone, Debug)]
pub struct HandCbr {
    pub version: u8,
    pub strings: Vec<((usize, usize), String)>,
    pub kind: u8,
    pub result: u8,
    pub side: u8,
    pub number: u16,
    pub board: [u8; 90],
    pub stream: Vec<u8>,
}

impl HandCbr {
    /// A record of `version` (1 or 2) for the position `fen`, without moves.
    pub fn new(version: u8, fen: &str) -> HandCbr {
        let mut board = [0u8; 90];
        let mut fields = fen.split(' ');
        let rows = fields.next().unwrap();
        // The board is top row first, left to right: FEN's own order.
        let mut i = 0;
        for c in rows.chars() {
            match c {
                '/' => {}
                '1'..='9' => i += c.to_digit(10).unwrap() as usize,
                _ => {
                    let colour = if c.is_ascii_uppercase() { 0x10 } else { 0x20 };
                    let piece = match c.to_ascii_lowercase() {
                        'r' => 1,
                        'n' => 2,
                        'b' => 3,
                        'a' => 4,
                        'k' => 5,
                        'c' => 6,
                        'p' => 7,
                        _ => panic!("piece {c}"),
                    };
                    board[i] = colour | piece;
                    i += 1;
                }
            }
        }
        let side = if fields.next() == Some("b") { 2 } else { 1 };
        let number = fields.nth(3).and_then(|n| n.parse().ok()).unwrap_or(1);
        HandCbr {
            version,
            strings: Vec::new(),
            kind: 0,
            result: 0,
            side,
            number,
            board,
            stream: Vec::new(),
        }
    }

    /// A point as the record stores it.
    pub fn point(&self, square: &str) -> u8 {
        let b = square.as_bytes();
        let (file, rank) = (b[0] - b'a', b[1] - b'0');
        if self.version == 1 {
            (file << 4) | (9 - rank)
        } else {
            (9 - rank) * 9 + file
        }
    }

    /// Appends a record: flags, an unused byte, the points, and the comment (UTF-16LE, its
    /// byte length first) when given.
    pub fn record(&mut self, flags: u8, from: u8, to: u8, comment: Option<&str>) {
        let flags = flags | if comment.is_some() { 0x04 } else { 0 };
        self.stream.extend_from_slice(&[flags, 0xCC, from, to]);
        if let Some(c) = comment {
            let units: Vec<u8> = c.encode_utf16().flat_map(u16::to_le_bytes).collect();
            self.stream
                .extend_from_slice(&(units.len() as u32).to_le_bytes());
            self.stream.extend_from_slice(&units);
        }
    }

    /// The start record and the moves of `tree` in pre-order: 0x01 when a move has no reply,
    /// 0x02 when another move from its position follows.
    pub fn tree(&mut self, tree: &GameTree) {
        for (i, cont, alt) in tree.preorder() {
            let node = &tree.nodes[i];
            let flags = (if cont { 0 } else { 0x01 }) | (if alt { 0x02 } else { 0 });
            if i == 0 {
                self.record(flags, 0, 0, node.comment.as_deref());
            } else {
                let (from, to) = (self.point(&node.mv[..2]), self.point(&node.mv[2..]));
                self.record(flags, from, to, node.comment.as_deref());
            }
        }
    }

    /// The record's bytes.
    pub fn bytes(&self) -> Vec<u8> {
        let (side, number, board, moves, kind, result) = if self.version == 1 {
            (1856, 1860, 1864, 1958, 1784, 1820)
        } else {
            (2112, 2116, 2120, 2214, 2040, 2076)
        };
        let mut out = vec![0u8; moves];
        out[..16].copy_from_slice(b"CCBridge Record\0");
        out[19] = self.version;
        for ((offset, size), text) in &self.strings {
            let units: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
            assert!(units.len() < *size, "the text fits its field");
            out[*offset..offset + units.len()].copy_from_slice(&units);
        }
        out[kind] = self.kind;
        out[result] = self.result;
        out[side] = self.side;
        out[number..number + 2].copy_from_slice(&self.number.to_le_bytes());
        out[board..board + 90].copy_from_slice(&self.board);
        // The playback state (version 2) is usually FF FF FF FF.
        if self.version == 2 {
            out[2210..2214].copy_from_slice(&[0xFF; 4]);
        }
        out.extend_from_slice(&self.stream);
        out
    }
}

/// A library of `records` with an index built for `slots` slots, named `name`; every record
/// padded with `pad` to whole 4096-byte slots.
pub fn library(records: &[Vec<u8>], slots: u32, name: &str, pad: u8) -> Vec<u8> {
    let mut out = vec![0u8; 66624 + slots as usize * 276];
    out[..16].copy_from_slice(b"CCBridgeLibrary\0");
    out[52..56].copy_from_slice(&[0xFF, 0xFF, 0xFF, 0x7F]);
    out[60..64].copy_from_slice(&slots.to_le_bytes());
    let units: Vec<u8> = name.encode_utf16().flat_map(u16::to_le_bytes).collect();
    out[64..64 + units.len()].copy_from_slice(&units);
    for r in records {
        let mut r = r.clone();
        let size = r.len().div_ceil(4096) * 4096;
        r.resize(size, pad);
        out.extend_from_slice(&r);
    }
    out
}
