//! XQF's keys: the header bytes 0x003 and 0x008-0x00F, the keys derived from them, and the
//! stream cipher over the bytes from 0x400 on.
//!
//! Rule (../shared/research/xqf-format.md §4-§6; XQStudio 1.63 `XQFileRW.pas`,
//! `dCalculateSecurityKeys` and `dTXqfStream`): with g(b) = 54·b² + 221, the piece-table key is
//! g(KeyXY)·KeyXY, the from-point key g(KeyXYf)·(piece-table key), the to-point key
//! g(KeyXYt)·(from-point key), all modulo 256, and the comment-length offset
//! (KeysSum·256 + KeyXY) mod 32000 + 767; versions up to 0x0A derive all four as 0. The stream
//! key is the 32 bytes of `[(C) Copyright Mr. Dong Shiwei.]`, byte j AND-ed with
//! (seed AND KeyMask) OR KeyOr of column j mod 4 (KeysSum, KeyXY, KeyXYf, KeyXYt with KeyOrA-D);
//! every byte at file offset p ≥ 0x400 is stored as plain + key[p mod 32], in every version
//! (a plain file's key bytes are 0, so its key is 0).

/// The 32 bytes the stream key is cut from.
const COPYRIGHT: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

/// The key bytes of an XQF header: 0x003 (KeyMask), 0x008-0x00B (KeyOrA-D), 0x00C (KeysSum)
/// and 0x00D-0x00F (the seeds KeyXY, KeyXYf, KeyXYt).
///
/// XQStudio refuses a file whose KeysSum and seeds do not add up to 0 modulo 256
/// ([`XqfKeys::checksum`]); [`XqfKeys::with_seeds`] makes keys that do.
///
/// # Examples
///
/// ```
/// use xiangqi_archive::XqfKeys;
///
/// // The keys of the worked example (xqf-format.md §5, UnitTest.xqf).
/// let keys = XqfKeys::with_seeds([0x8D, 0x11, 0xEF], 0xAE, [0x11, 0xF0, 0x9E, 0x61]);
/// assert_eq!(keys.sum, 0x73);
/// assert_eq!(keys.checksum(), 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct XqfKeys {
    /// KeyMask, header byte 0x003.
    pub mask: u8,
    /// KeyOrA-KeyOrD, header bytes 0x008-0x00B.
    pub or_keys: [u8; 4],
    /// KeysSum, header byte 0x00C.
    pub sum: u8,
    /// KeyXY, KeyXYf, KeyXYt, header bytes 0x00D-0x00F: the seeds of the piece-table, from-point
    /// and to-point keys.
    pub seeds: [u8; 3],
}

impl XqfKeys {
    /// All zero: valid for every version (the derived keys are then 0 and the comment-length
    /// offset 767).
    pub const ZERO: XqfKeys = XqfKeys {
        mask: 0,
        or_keys: [0; 4],
        sum: 0,
        seeds: [0; 3],
    };

    /// Keys with the given seeds, mask and OR keys, and the KeysSum that makes the checksum 0.
    pub fn with_seeds(seeds: [u8; 3], mask: u8, or_keys: [u8; 4]) -> XqfKeys {
        let seed_sum = seeds.iter().fold(0u8, |a, &b| a.wrapping_add(b));
        XqfKeys {
            mask,
            or_keys,
            sum: 0u8.wrapping_sub(seed_sum),
            seeds,
        }
    }

    /// The keys of header bytes 0x000-0x00F (`header` holds at least 16 bytes).
    pub(crate) fn from_header(header: &[u8]) -> XqfKeys {
        XqfKeys {
            mask: header[0x03],
            or_keys: [header[0x08], header[0x09], header[0x0A], header[0x0B]],
            sum: header[0x0C],
            seeds: [header[0x0D], header[0x0E], header[0x0F]],
        }
    }

    /// KeysSum plus the three seeds, modulo 256: 0 in every file XQStudio opens.
    pub fn checksum(&self) -> u8 {
        self.seeds.iter().fold(self.sum, |a, &b| a.wrapping_add(b))
    }

    /// Whether every key byte is 0.
    pub(crate) fn is_zero(&self) -> bool {
        *self == XqfKeys::ZERO
    }

    /// The keys derived for `version`.
    pub(crate) fn derived(&self, version: u8) -> DerivedKeys {
        if version <= 0x0A {
            return DerivedKeys::default();
        }
        let g = |b: u8| -> u32 {
            let b = u32::from(b);
            (54 * b * b + 221) % 256
        };
        let [xy, xyf, xyt] = self.seeds;
        let piece = (g(xy) * u32::from(xy)) % 256;
        let from = (g(xyf) * piece) % 256;
        let to = (g(xyt) * from) % 256;
        let comment = (u32::from(self.sum) * 256 + u32::from(xy)) % 32000 + 767;
        DerivedKeys {
            piece: piece as u8,
            from: from as u8,
            to: to as u8,
            comment,
        }
    }

    /// The 32-byte stream key.
    pub(crate) fn stream(&self) -> [u8; 32] {
        let column = [self.sum, self.seeds[0], self.seeds[1], self.seeds[2]];
        let mut key = [0u8; 32];
        for (j, k) in key.iter_mut().enumerate() {
            let c = (column[j % 4] & self.mask) | self.or_keys[j % 4];
            *k = COPYRIGHT[j] & c;
        }
        key
    }
}

/// The keys derived from the seeds (all 0 up to version 0x0A).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct DerivedKeys {
    /// Added to each piece-table byte (KeyXY′).
    pub(crate) piece: u8,
    /// Added to each from-point byte, after 0x18 (KeyXYf′).
    pub(crate) from: u8,
    /// Added to each to-point byte, after 0x20 (KeyXYt′).
    pub(crate) to: u8,
    /// Added to each comment length (KeyRMKSize, 767-32766; 0 up to 0x0A).
    pub(crate) comment: u32,
}

/// Removes the stream key from the bytes of a file from offset 0x400 on (`tail[0]` is at 0x400,
/// a multiple of 32).
pub(crate) fn decrypt(tail: &mut [u8], key: &[u8; 32]) {
    for (i, b) in tail.iter_mut().enumerate() {
        *b = b.wrapping_sub(key[i % 32]);
    }
}

/// Adds the stream key to the bytes of a file from offset 0x400 on.
pub(crate) fn encrypt(tail: &mut [u8], key: &[u8; 32]) {
    for (i, b) in tail.iter_mut().enumerate() {
        *b = b.wrapping_add(key[i % 32]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The worked example of xqf-format.md §5 (UnitTest.xqf, version 0x12).
    #[test]
    fn the_worked_example_keys() {
        let header = [
            b'X', b'Q', 0x12, 0xAE, 0, 0, 0, 0, 0x11, 0xF0, 0x9E, 0x61, 0x73, 0x8D, 0x11, 0xEF,
        ];
        let keys = XqfKeys::from_header(&header);
        assert_eq!(keys.checksum(), 0);
        let d = keys.derived(0x12);
        assert_eq!((d.piece, d.from, d.to, d.comment), (39, 37, 127, 30348));
        let stream = keys.stream();
        assert_eq!(
            stream[..8],
            [0x13, 0x28, 0x02, 0x29, 0x20, 0x40, 0x0E, 0x60]
        );
        let mut tail = [0x6B, 0x79, 0xC0, 0xBA, 0xB6, 0xB6, 0x0E, 0x60];
        decrypt(&mut tail, &stream);
        assert_eq!(tail, [0x58, 0x51, 0xBE, 0x91, 0x96, 0x76, 0x00, 0x00]);
        encrypt(&mut tail, &stream);
        assert_eq!(tail, [0x6B, 0x79, 0xC0, 0xBA, 0xB6, 0xB6, 0x0E, 0x60]);
    }

    #[test]
    fn plain_versions_derive_nothing() {
        let keys = XqfKeys::with_seeds([1, 2, 3], 0xFF, [1, 2, 3, 4]);
        assert_eq!(keys.derived(0x0A), DerivedKeys::default());
        assert_eq!(XqfKeys::ZERO.derived(0x12).comment, 767);
        assert_eq!(XqfKeys::ZERO.stream(), [0; 32]);
    }
}
