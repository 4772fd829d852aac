//! Hand-made XQF files, built from ../shared/research/xqf-format.md alone (its formulas in
//! XQStudio's own nested form, so that they are not the crate's code written twice).

use super::GameTree;

/// The 32 bytes the stream key is cut from (§5).
const COPYRIGHT: [u8; 32] = [
    0x5B, 0x28, 0x43, 0x29, 0x20, 0x43, 0x6F, 0x70, 0x79, 0x72, 0x69, 0x67, 0x68, 0x74, 0x20, 0x4D,
    0x72, 0x2E, 0x20, 0x44, 0x6F, 0x6E, 0x67, 0x20, 0x53, 0x68, 0x69, 0x77, 0x65, 0x69, 0x2E, 0x5D,
];

/// The key bytes of a hand-made file.
#[derive(Clone, Copy, Debug)]
pub struct Keys {
    pub mask: u8,
    pub or_keys: [u8; 4],
    pub sum: u8,
    pub seeds: [u8; 3],
}

impl Keys {
    pub const ZERO: Keys = Keys {
        mask: 0,
        or_keys: [0; 4],
        sum: 0,
        seeds: [0; 3],
    };

    /// The keys of the worked example (§5, UnitTest.xqf).
    pub const UNIT_TEST: Keys = Keys {
        mask: 0xAE,
        or_keys: [0x11, 0xF0, 0x9E, 0x61],
        sum: 0x73,
        seeds: [0x8D, 0x11, 0xEF],
    };

    /// Keys with the seeds, mask and OR keys, and KeysSum = −(seeds) mod 256.
    pub fn seeded(seeds: [u8; 3], mask: u8, or_keys: [u8; 4]) -> Keys {
        let total: u32 = seeds.iter().map(|&s| u32::from(s)).sum();
        Keys {
            mask,
            or_keys,
            sum: ((256 - total % 256) % 256) as u8,
            seeds,
        }
    }
}

/// XQStudio's form of 54·b² + 221: ((((b·b)·3 + 9)·3 + 8)·2 + 1)·3 + 8.
fn g(b: u8) -> u32 {
    let b = u32::from(b);
    ((((b * b) * 3 + 9) * 3 + 8) * 2 + 1) * 3 + 8
}

/// The derived keys of §5 (all 0 up to 0x0A): (KeyXY′, KeyXYf′, KeyXYt′, KeyRMKSize).
pub fn derived(version: u8, keys: &Keys) -> (u8, u8, u8, u32) {
    if version <= 10 {
        return (0, 0, 0, 0);
    }
    let [a, b, c] = keys.seeds;
    let xy = (g(a) * u32::from(a)) & 0xFF;
    let xyf = (g(b) * xy) & 0xFF;
    let xyt = (g(c) * xyf) & 0xFF;
    let rmk = (u32::from(keys.sum) * 256 + u32::from(a)) % 32000 + 767;
    (xy as u8, xyf as u8, xyt as u8, rmk)
}

/// The stream key F of §5.
pub fn stream_key(keys: &Keys) -> [u8; 32] {
    let raw = [keys.sum, keys.seeds[0], keys.seeds[1], keys.seeds[2]];
    let mut f = [0u8; 32];
    for j in 0..32 {
        let k = (raw[j % 4] & keys.mask) | keys.or_keys[j % 4];
        f[j] = COPYRIGHT[j] & k;
    }
    f
}

/// One record as stored before the stream key (the points already offset and keyed).
#[derive(Clone, Debug)]
pub struct Record {
    pub bytes: [u8; 4],
    /// The length word (always for ≤ 0x0A, with flag 0x20 after), or `None`.
    pub length: Option<u32>,
    pub comment: Vec<u8>,
}

/// A hand-made XQF file.
#[derive(Clone, Debug)]
pub struct HandXqf {
    pub version: u8,
    pub keys: Keys,
    /// The point (X·10 + Y) of each slot, `None` when absent.
    pub slots: [Option<u8>; 32],
    /// The byte an absent slot is stored as before the key (0xFF, or 90-244).
    pub absent: u8,
    pub who_play: u8,
    pub step_no: u16,
    pub result: u8,
    pub code_a: u16,
    /// (offset, text bytes) of short strings; the length byte is the text's length.
    pub strings: Vec<(usize, Vec<u8>)>,
    pub records: Vec<Record>,
    pub trailing: Vec<u8>,
}

impl HandXqf {
    /// A file of `version` with `keys`, the pieces of `fen`, and no records yet.
    pub fn new(version: u8, keys: Keys, fen: &str) -> HandXqf {
        let mut slots = [None; 32];
        // Slot kinds per colour (§1): 车马相仕帅仕相马车炮炮兵兵兵兵兵.
        let kinds = b"rnbakabnrccppppp";
        let board = fen.split(' ').next().unwrap();
        for (row, rank_text) in board.split('/').enumerate() {
            let y = 9 - row as u8;
            let mut x = 0u8;
            for c in rank_text.chars() {
                if let Some(d) = c.to_digit(10) {
                    x += d as u8;
                    continue;
                }
                let base = if c.is_ascii_uppercase() { 0 } else { 16 };
                let lower = c.to_ascii_lowercase() as u8;
                let slot = (0..16)
                    .find(|&i| kinds[i] == lower && slots[base + i].is_none())
                    .expect("a free slot for the piece");
                slots[base + slot] = Some(x * 10 + y);
                x += 1;
            }
        }
        let black = fen.split(' ').nth(1) == Some("b");
        let number: u16 = fen
            .split(' ')
            .nth(5)
            .and_then(|n| n.parse().ok())
            .unwrap_or(1);
        HandXqf {
            version,
            keys,
            slots,
            absent: if version <= 10 { 0xFF } else { 90 },
            who_play: u8::from(black),
            step_no: 2 * (number - 1) + u16::from(black),
            result: 0,
            code_a: 0,
            strings: Vec::new(),
            records: Vec::new(),
            trailing: Vec::new(),
        }
    }

    /// Adds a record; `points` are (from, to) as X·10 + Y, `None` for the root (stored `XQ`
    /// from 0x0B, `18 20` before); `cont`/`alt` the flags; `noise` extra flag bits.
    pub fn record(
        &mut self,
        points: Option<(u8, u8)>,
        cont: bool,
        alt: bool,
        comment: Option<&[u8]>,
        noise: u8,
        reserved: u8,
    ) {
        let (_, kf, kt, rmk) = derived(self.version, &self.keys);
        let plain = self.version <= 10;
        let (b0, b1) = match points {
            None if plain => (0x18, 0x20),
            None => (b'X', b'Q'),
            Some((f, t)) => (
                f.wrapping_add(0x18).wrapping_add(kf),
                t.wrapping_add(0x20).wrapping_add(kt),
            ),
        };
        let comment = comment.unwrap_or_default().to_vec();
        let flags = if plain {
            (if cont { 0xF0 } else { 0 }) | (if alt { 0x0F } else { 0 })
        } else {
            (if cont { 0x80 } else { 0 })
                | (if alt { 0x40 } else { 0 })
                | (if comment.is_empty() { 0 } else { 0x20 })
                | (noise & 0x1F)
        };
        let length = if plain {
            Some(comment.len() as u32)
        } else if comment.is_empty() {
            None
        } else {
            Some(comment.len() as u32 + rmk)
        };
        self.records.push(Record {
            bytes: [b0, b1, flags, reserved],
            length,
            comment,
        });
    }

    /// Adds the records of `tree` in pre-order (comments as GBK with CR LF through `gbk`).
    /// The root's reserved byte is FF in plain files, as XQStudio 1.0 writes it (§9).
    pub fn tree(&mut self, tree: &GameTree, gbk: impl Fn(&str) -> Vec<u8>) {
        for (i, cont, alt) in tree.preorder() {
            let node = &tree.nodes[i];
            let points = (i != 0).then(|| (point(&node.mv[..2]), point(&node.mv[2..])));
            let comment = node
                .comment
                .as_ref()
                .map(|c| gbk(&format!("{}\r\n", c.replace('\n', "\r\n"))));
            let reserved = if i == 0 && self.version <= 10 {
                0xFF
            } else {
                0
            };
            self.record(points, cont, alt, comment.as_deref(), 0, reserved);
        }
    }

    /// Sets a short string.
    pub fn string(&mut self, offset: usize, text: &[u8]) {
        self.strings.push((offset, text.to_vec()));
    }

    /// The file's bytes.
    pub fn bytes(&self) -> Vec<u8> {
        let (kxy, _, _, _) = derived(self.version, &self.keys);
        let mut h = vec![0u8; 1024];
        h[0] = b'X';
        h[1] = b'Q';
        h[2] = self.version;
        h[3] = self.keys.mask;
        h[8..12].copy_from_slice(&self.keys.or_keys);
        h[12] = self.keys.sum;
        h[13..16].copy_from_slice(&self.keys.seeds);
        for j in 0..32 {
            // §6: header index j holds slot (j + 1 + KeyXY′) mod 32 from 0x0C, slot j before.
            let slot = if self.version >= 12 {
                (j + 1 + usize::from(kxy)) % 32
            } else {
                j
            };
            let value = self.slots[slot].unwrap_or(self.absent);
            h[0x10 + j] = value.wrapping_add(kxy);
        }
        h[0x30..0x32].copy_from_slice(&self.step_no.to_le_bytes());
        h[0x32] = self.who_play;
        h[0x33] = self.result;
        h[0x40..0x42].copy_from_slice(&self.code_a.to_le_bytes());
        for (offset, text) in &self.strings {
            h[*offset] = text.len() as u8;
            h[offset + 1..offset + 1 + text.len()].copy_from_slice(text);
        }
        let mut tail = Vec::new();
        for r in &self.records {
            tail.extend_from_slice(&r.bytes);
            if let Some(l) = r.length {
                tail.extend_from_slice(&l.to_le_bytes());
            }
            tail.extend_from_slice(&r.comment);
        }
        tail.extend_from_slice(&self.trailing);
        let f = stream_key(&self.keys);
        for (i, b) in tail.iter_mut().enumerate() {
            // The offset from 0x400 is the absolute offset mod 32.
            *b = b.wrapping_add(f[i % 32]);
        }
        h.extend_from_slice(&tail);
        h
    }
}

/// The XQF point of an ICCS square (`h2` = 72).
pub fn point(square: &str) -> u8 {
    let b = square.as_bytes();
    (b[0] - b'a') * 10 + (b[1] - b'0')
}
