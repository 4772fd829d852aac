//! Telling KIF and KI2 files by their content, in either of their encodings (Shift_JIS, as
//! `.kif` and `.ki2` files are by the Kakinoki page, or UTF-8, as `.kifu` and `.ki2u` are),
//! and the encoding a file declares on its `#KIF version=2.0 encoding=...` line.
//!
//! The content is searched byte by byte for the lines only these formats have, in both
//! encodings (the Shift_JIS bytes of each marker are checked against encoding_rs in the
//! tests): the declaration (`#KIF`, `#KI2`), the KIF moves header `手数----指手`, KIF move lines
//! (`   1 ７六歩(77)`), KI2 move lines (`▲７六歩`), header lines (`手合割：`, `先手：`, `後手：`,
//! `下手：`, `上手：`, `開始日時：`, `棋戦：`, ...), hand lines (`...の持駒：`) and ending lines
//! (`まで`).
//!
//! Rule: the Kakinoki KIF page (the encodings by extension, the `#KIF` line of Kifu for
//! Windows V7); the files of ../shared/specimens/kif-csa, where a Shift_JIS `.kif` still
//! declares `encoding=UTF-8` (converted by nkf): the bytes decide.

use notation_traits::Confidence;

/// A text's bytes in UTF-8 and in Shift_JIS.
struct Marker {
    utf8: &'static [u8],
    sjis: &'static [u8],
}

impl Marker {
    fn starts(&self, line: &[u8]) -> bool {
        line.starts_with(self.utf8) || line.starts_with(self.sjis)
    }

    fn within(&self, line: &[u8]) -> bool {
        contains(line, self.utf8) || contains(line, self.sjis)
    }
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    notation_traits::find_bytes(hay, needle).is_some()
}

/// `手数----指手`.
const MOVES_HEADER: Marker = Marker {
    utf8: "手数----指手".as_bytes(),
    sjis: b"\x8e\xe8\x90\x94----\x8e\x77\x8e\xe8",
};

/// The header keys every program writes.
const HEADER_KEYS: [Marker; 9] = [
    Marker {
        utf8: "手合割：".as_bytes(),
        sjis: b"\x8e\xe8\x8d\x87\x8a\x84\x81\x46",
    },
    Marker {
        utf8: "先手：".as_bytes(),
        sjis: b"\x90\xe6\x8e\xe8\x81\x46",
    },
    Marker {
        utf8: "後手：".as_bytes(),
        sjis: b"\x8c\xe3\x8e\xe8\x81\x46",
    },
    Marker {
        utf8: "下手：".as_bytes(),
        sjis: b"\x89\xba\x8e\xe8\x81\x46",
    },
    Marker {
        utf8: "上手：".as_bytes(),
        sjis: b"\x8f\xe3\x8e\xe8\x81\x46",
    },
    Marker {
        utf8: "開始日時：".as_bytes(),
        sjis: b"\x8a\x4a\x8e\x6e\x93\xfa\x8e\x9e\x81\x46",
    },
    Marker {
        utf8: "終了日時：".as_bytes(),
        sjis: b"\x8f\x49\x97\xb9\x93\xfa\x8e\x9e\x81\x46",
    },
    Marker {
        utf8: "棋戦：".as_bytes(),
        sjis: b"\x8a\xfb\x90\xed\x81\x46",
    },
    Marker {
        utf8: "対局日：".as_bytes(),
        sjis: b"\x91\xce\x8b\xc7\x93\xfa\x81\x46",
    },
];

/// `の持駒：`, in every hand line of a diagram.
const HAND: Marker = Marker {
    utf8: "の持駒：".as_bytes(),
    sjis: b"\x82\xcc\x8e\x9d\x8b\xee\x81\x46",
};

/// `まで`, the start of an ending line.
const ENDING: Marker = Marker {
    utf8: "まで".as_bytes(),
    sjis: b"\x82\xdc\x82\xc5",
};

/// `同`.
const SAME: Marker = Marker {
    utf8: "同".as_bytes(),
    sjis: b"\x93\xaf",
};

/// Whether `rest` starts with a full-width file digit `１`-`９` or `同`, in either encoding.
fn starts_square(rest: &[u8]) -> bool {
    match rest {
        [0xEF, 0xBC, 0x91..=0x99, ..] => true,
        [0x82, 0x50..=0x58, ..] => true,
        _ => SAME.starts(rest),
    }
}

/// Whether `line` starts with a side mark (▲ △ ☗ ☖) and a square or `同`.
fn is_ki2_line(line: &[u8]) -> bool {
    let line = trim_start(line);
    let rest = match line {
        [0xE2, 0x96, 0xB2 | 0xB3, rest @ ..] => rest,
        [0xE2, 0x98, 0x96 | 0x97, rest @ ..] => rest,
        [0x81, 0xA2 | 0xA3, rest @ ..] => rest,
        _ => return false,
    };
    starts_square(rest)
}

/// Whether `line` is a KIF move line: a number, spaces, a square or `同`.
fn is_kif_move_line(line: &[u8]) -> bool {
    let line = trim_start(line);
    let digits = line.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || digits > 6 {
        return false;
    }
    let rest = &line[digits..];
    let spaces = rest
        .iter()
        .take_while(|&&b| b == b' ' || b == b'\t')
        .count();
    spaces > 0 && starts_square(&rest[spaces..])
}

fn trim_start(line: &[u8]) -> &[u8] {
    let mut line = line;
    loop {
        match line {
            [b' ' | b'\t', rest @ ..] => line = rest,
            [0xE3, 0x80, 0x80, rest @ ..] => line = rest,
            [0x81, 0x40, rest @ ..] => line = rest,
            _ => return line,
        }
    }
}

/// What a prefix of a file holds.
#[derive(Debug, Default)]
struct Features {
    kif_declaration: bool,
    ki2_declaration: bool,
    moves_header: bool,
    kif_moves: usize,
    ki2_moves: usize,
    header: usize,
}

fn features(prefix: &[u8]) -> Features {
    let prefix = prefix.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(prefix);
    let mut f = Features::default();
    for line in prefix.split(|&b| b == b'\n' || b == b'\r') {
        if line.starts_with(b"#KIF") {
            f.kif_declaration = true;
        } else if line.starts_with(b"#KI2") {
            f.ki2_declaration = true;
        } else if MOVES_HEADER.starts(line) {
            f.moves_header = true;
        } else if is_kif_move_line(line) {
            f.kif_moves += 1;
        } else if is_ki2_line(line) {
            f.ki2_moves += 1;
        } else if HEADER_KEYS.iter().any(|k| k.starts(line))
            || HAND.within(line)
            || ENDING.starts(trim_start(line))
        {
            f.header += 1;
        }
    }
    f
}

/// How sure it is that `prefix` is a KIF file.
pub(crate) fn sniff_kif(prefix: &[u8]) -> Confidence {
    let f = features(prefix);
    if f.kif_declaration {
        return Confidence::CERTAIN;
    }
    if f.ki2_declaration {
        return Confidence::new(20);
    }
    if f.moves_header || f.kif_moves > f.ki2_moves {
        return Confidence::new(90);
    }
    if f.ki2_moves > 0 {
        return Confidence::new(20);
    }
    if f.header > 0 {
        return Confidence::LIKELY;
    }
    Confidence::NONE
}

/// How sure it is that `prefix` is a KI2 file.
pub(crate) fn sniff_ki2(prefix: &[u8]) -> Confidence {
    let f = features(prefix);
    if f.ki2_declaration {
        return Confidence::CERTAIN;
    }
    if f.kif_declaration || f.moves_header {
        return Confidence::new(20);
    }
    if f.ki2_moves > 0 && f.ki2_moves >= f.kif_moves {
        return Confidence::new(90);
    }
    if f.kif_moves > 0 {
        return Confidence::new(20);
    }
    if f.header > 0 {
        return Confidence::new(40);
    }
    Confidence::NONE
}

/// The encoding the bytes are in, as KIF and KI2 files can be: `UTF-8` when they are valid
/// UTF-8 (a character cut at the end of the prefix aside), else `Shift_JIS`.
///
/// ```
/// assert_eq!(kif::detect_encoding("手合割：平手".as_bytes()), "UTF-8");
/// assert_eq!(kif::detect_encoding(b"\x8e\xe8\x8d\x87\x8a\x84\x81\x46"), "Shift_JIS");
/// ```
pub fn detect_encoding(prefix: &[u8]) -> &'static str {
    match std::str::from_utf8(prefix) {
        Ok(_) => "UTF-8",
        Err(e) if e.error_len().is_none() => "UTF-8",
        Err(_) => "Shift_JIS",
    }
}

/// The encoding the `#KIF`/`#KI2` line declares (`UTF-8`, `Shift_JIS`, `EUC-JP` as WHATWG
/// labels), unless the bytes contradict it: a file declaring UTF-8 whose bytes are not is read
/// as Shift_JIS (nkf converts the bytes and leaves the line), one declaring another encoding
/// whose bytes are UTF-8 with characters beyond ASCII as UTF-8.
pub(crate) fn declared_encoding(prefix: &[u8]) -> Option<&'static str> {
    let prefix = prefix.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(prefix);
    let line = prefix
        .split(|&b| b == b'\n' || b == b'\r')
        .take(20)
        .find(|l| l.starts_with(b"#KIF") || l.starts_with(b"#KI2"))?;
    let at = line
        .windows(9)
        .position(|w| w.eq_ignore_ascii_case(b"encoding="))?;
    let value: Vec<u8> = line[at + 9..]
        .iter()
        .copied()
        .take_while(|b| !b.is_ascii_whitespace())
        .collect();
    let value = String::from_utf8_lossy(&value).to_ascii_lowercase();
    let declared = match value.as_str() {
        "utf-8" | "utf8" => "UTF-8",
        "shift_jis" | "shift-jis" | "sjis" | "cp932" | "windows-31j" | "ms932" | "x-sjis" => {
            "Shift_JIS"
        }
        "euc-jp" | "eucjp" => "EUC-JP",
        _ => return None,
    };
    if prefix.is_ascii() {
        return Some(declared);
    }
    let content = detect_encoding(prefix);
    match (declared, content) {
        ("UTF-8", "Shift_JIS") => Some("Shift_JIS"),
        (_, "UTF-8") => Some("UTF-8"),
        _ => Some(declared),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sjis(text: &str) -> Vec<u8> {
        let (bytes, _, bad) = encoding_rs::SHIFT_JIS.encode(text);
        assert!(!bad, "{text}");
        bytes.into_owned()
    }

    #[test]
    fn the_shift_jis_markers_are_the_encodings_of_the_utf8_ones() {
        let mut markers = vec![&MOVES_HEADER, &HAND, &ENDING, &SAME];
        markers.extend(HEADER_KEYS.iter());
        for m in markers {
            let text = std::str::from_utf8(m.utf8).unwrap();
            assert_eq!(m.sjis, sjis(text).as_slice(), "{text}");
        }
        assert_eq!(sjis("▲△"), [0x81, 0xA3, 0x81, 0xA2]);
        assert_eq!(sjis("１９"), [0x82, 0x50, 0x82, 0x58]);
        assert_eq!(sjis("\u{3000}"), [0x81, 0x40]);
    }

    #[test]
    fn kif_and_ki2_are_told_apart_in_both_encodings() {
        let kif =
            "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:16/00:00:16)\n";
        let ki2 = "手合割：平手\n▲７六歩    △３四歩\nまで2手で中断\n";
        for (text, kif_c, ki2_c) in [(kif, 90, 20), (ki2, 20, 90)] {
            for bytes in [text.as_bytes().to_vec(), sjis(text)] {
                assert_eq!(sniff_kif(&bytes).get(), kif_c, "{text}");
                assert_eq!(sniff_ki2(&bytes).get(), ki2_c, "{text}");
            }
        }
        assert_eq!(
            sniff_kif(b"#KIF version=2.0 encoding=UTF-8\n"),
            Confidence::CERTAIN
        );
        assert_eq!(sniff_ki2(b"[Sente \"a\"]\n1.P-7f\n"), Confidence::NONE);
        assert_eq!(sniff_kif(b"PI\n+\n+7776FU\n"), Confidence::NONE);
        // Only a header: KIF before KI2.
        let header = sjis("先手：a\n後手：b\n");
        assert!(sniff_kif(&header) > sniff_ki2(&header));
    }

    #[test]
    fn the_declaration_is_checked_against_the_bytes() {
        let mut nkf = b"# converted by nkf\n#KIF version=2.0 encoding=UTF-8\n".to_vec();
        nkf.extend(sjis("手合割：平手\n"));
        assert_eq!(declared_encoding(&nkf), Some("Shift_JIS"));
        let utf8 = "#KIF version=2.0 encoding=UTF-8\n手合割：平手\n";
        assert_eq!(declared_encoding(utf8.as_bytes()), Some("UTF-8"));
        let sjis_declared = "#KIF version=2.0 encoding=Shift_JIS\n";
        assert_eq!(
            declared_encoding(sjis_declared.as_bytes()),
            Some("Shift_JIS")
        );
        // A UTF-8 character cut at the end of the prefix.
        let cut = &utf8.as_bytes()[..utf8.len() - 2];
        assert_eq!(declared_encoding(cut), Some("UTF-8"));
        assert_eq!(declared_encoding("手合割：平手\n".as_bytes()), None);
    }
}
