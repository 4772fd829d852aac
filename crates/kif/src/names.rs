//! The characters of Japanese records: square numerals, piece names, counts.
//!
//! Files are full-width digits `１`..`９`, ranks kanji numerals `一`..`九` (`７六`); readers also
//! take ASCII digits and full-width digits for the rank (`76`, `7六`, `７６`), which
//! hand-typed files have. Piece names are those of the Kakinoki page, with the one-character
//! forms of the promoted minor pieces (`全` 成銀, `圭` 成桂, `杏` 成香) and both `龍`/`竜` and
//! `玉`/`王`.
//!
//! Rule: the Kakinoki KIF page (<http://kakinoki.o.oo7.jp/kif_format.html>), 駒の名前; the BOD
//! diagram's one-character names as Kifu for Windows writes them.

use shogi_board::PieceKind;

/// The full-width file digits, file 1 first.
pub(crate) const FILE_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

/// The kanji numerals of the ranks, rank 1 (`a`) first.
pub(crate) const RANK_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// A file digit (1-9) and whether it is written the canonical way (full-width).
pub(crate) fn file_digit(c: char) -> Option<(u8, bool)> {
    match c {
        '１'..='９' => Some(((c as u32 - '１' as u32) as u8 + 1, true)),
        '1'..='9' => Some((c as u8 - b'0', false)),
        _ => None,
    }
}

/// A rank numeral (1-9) and whether it is written the canonical way (a kanji numeral).
pub(crate) fn rank_digit(c: char) -> Option<(u8, bool)> {
    if let Some(i) = RANK_NUMERALS.iter().position(|&k| k == c) {
        return Some((i as u8 + 1, true));
    }
    file_digit(c).map(|(n, _)| (n, false))
}

/// The value of a kanji numeral 一..九, 十.
fn kanji_digit(c: char) -> Option<u32> {
    if c == '十' {
        return Some(10);
    }
    RANK_NUMERALS
        .iter()
        .position(|&k| k == c)
        .map(|i| i as u32 + 1)
}

/// A count written in kanji (`二`, `十`, `十五`, `十八`) or digits (`15`, `１５`): the value.
pub(crate) fn count(text: &str) -> Option<u32> {
    if text.is_empty() {
        return None;
    }
    if let Some(n) = digits(text) {
        return Some(n);
    }
    let mut value = 0;
    let mut chars = text.chars().peekable();
    let first = kanji_digit(*chars.peek()?)?;
    chars.next();
    if first == 10 {
        value = 10;
        if let Some(c) = chars.next() {
            let d = kanji_digit(c)?;
            if d == 10 {
                return None;
            }
            value += d;
        }
    } else {
        value = value * 10 + first;
        if let Some(c) = chars.next() {
            // `二十` and more: more pieces than any kind has.
            if kanji_digit(c)? != 10 {
                return None;
            }
            value *= 10;
            if let Some(c) = chars.next() {
                value += kanji_digit(c).filter(|&d| d < 10)?;
            }
        }
    }
    chars.next().is_none().then_some(value)
}

/// A number written in ASCII or full-width digits.
pub(crate) fn digits(text: &str) -> Option<u32> {
    if text.is_empty() {
        return None;
    }
    let mut value: u32 = 0;
    for c in text.chars() {
        let d = match c {
            '0'..='9' => c as u32 - '0' as u32,
            '０'..='９' => c as u32 - '０' as u32,
            _ => return None,
        };
        value = value.checked_mul(10)?.checked_add(d)?;
    }
    Some(value)
}

/// The kanji count of a hand (`二`, `十`, `十五`), for 2 to 18 pieces.
pub(crate) fn kanji_count(n: u8) -> String {
    let mut out = String::new();
    if n >= 10 {
        out.push('十');
    }
    if !n.is_multiple_of(10) {
        out.push(RANK_NUMERALS[(n % 10 - 1) as usize]);
    }
    out
}

/// The piece name at the start of `text`: its kind and the name as written. The names a move
/// may use: 歩 香 桂 銀 金 角 飛 玉 王 と 成香 杏 成桂 圭 成銀 全 馬 龍 竜.
pub(crate) fn piece_prefix(text: &str) -> Option<(PieceKind, &'static str)> {
    // Told by the first character, or by the second after 成: a match on characters (a
    // string comparison per name cost a tenth of reading a KIF move).
    let mut chars = text.chars();
    Some(match chars.next()? {
        '歩' => (PieceKind::Pawn, "歩"),
        '香' => (PieceKind::Lance, "香"),
        '桂' => (PieceKind::Knight, "桂"),
        '銀' => (PieceKind::Silver, "銀"),
        '金' => (PieceKind::Gold, "金"),
        '角' => (PieceKind::Bishop, "角"),
        '飛' => (PieceKind::Rook, "飛"),
        '玉' => (PieceKind::King, "玉"),
        '王' => (PieceKind::King, "王"),
        'と' => (PieceKind::ProPawn, "と"),
        '杏' => (PieceKind::ProLance, "杏"),
        '圭' => (PieceKind::ProKnight, "圭"),
        '全' => (PieceKind::ProSilver, "全"),
        '馬' => (PieceKind::Horse, "馬"),
        '龍' => (PieceKind::Dragon, "龍"),
        '竜' => (PieceKind::Dragon, "竜"),
        '成' => match chars.next()? {
            '香' => (PieceKind::ProLance, "成香"),
            '桂' => (PieceKind::ProKnight, "成桂"),
            '銀' => (PieceKind::ProSilver, "成銀"),
            _ => return None,
        },
        _ => return None,
    })
}

/// The name written in a move: 歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 竜 (竜, not 龍, as
/// the JSA rules and Kifu for Windows (Pro) write moves; its board diagram keeps 龍).
pub(crate) const fn move_name(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::Dragon => "竜",
        _ => kind.japanese(),
    }
}

/// The one-character name of a board diagram: 歩 香 桂 銀 金 角 飛 玉 と 杏 圭 全 馬 龍.
pub(crate) const fn board_char(kind: PieceKind) -> char {
    match kind {
        PieceKind::Pawn => '歩',
        PieceKind::Lance => '香',
        PieceKind::Knight => '桂',
        PieceKind::Silver => '銀',
        PieceKind::Gold => '金',
        PieceKind::Bishop => '角',
        PieceKind::Rook => '飛',
        PieceKind::King => '玉',
        PieceKind::ProPawn => 'と',
        PieceKind::ProLance => '杏',
        PieceKind::ProKnight => '圭',
        PieceKind::ProSilver => '全',
        PieceKind::Horse => '馬',
        PieceKind::Dragon => '龍',
    }
}

/// The kind of a board diagram's one-character name (also 王, 竜).
pub(crate) fn board_kind(c: char) -> Option<PieceKind> {
    Some(match c {
        '歩' => PieceKind::Pawn,
        '香' => PieceKind::Lance,
        '桂' => PieceKind::Knight,
        '銀' => PieceKind::Silver,
        '金' => PieceKind::Gold,
        '角' => PieceKind::Bishop,
        '飛' => PieceKind::Rook,
        '玉' | '王' => PieceKind::King,
        'と' => PieceKind::ProPawn,
        '杏' => PieceKind::ProLance,
        '圭' => PieceKind::ProKnight,
        '全' => PieceKind::ProSilver,
        '馬' => PieceKind::Horse,
        '龍' | '竜' => PieceKind::Dragon,
        _ => return None,
    })
}

/// How wide a text is in half-width columns, as the fixed-width layouts of Kifu for Windows
/// count: ASCII 1, everything else 2.
pub(crate) fn width(text: &str) -> usize {
    text.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("二", Some(2))]
    #[case("十", Some(10))]
    #[case("十五", Some(15))]
    #[case("十八", Some(18))]
    #[case("15", Some(15))]
    #[case("１８", Some(18))]
    #[case("十十", None)]
    #[case("五十", Some(50))]
    #[case("x", None)]
    #[case("", None)]
    fn counts(#[case] text: &str, #[case] expected: Option<u32>) {
        assert_eq!(count(text), expected);
    }

    #[test]
    fn kanji_counts_read_back() {
        for n in 2..=18u8 {
            assert_eq!(count(&kanji_count(n)), Some(u32::from(n)), "{n}");
        }
    }

    #[test]
    fn every_kind_has_names_that_read_back() {
        for kind in PieceKind::ALL {
            assert_eq!(piece_prefix(move_name(kind)).map(|p| p.0), Some(kind));
            assert_eq!(board_kind(board_char(kind)), Some(kind));
        }
        assert_eq!(
            piece_prefix("成銀(45)"),
            Some((PieceKind::ProSilver, "成銀"))
        );
        assert_eq!(piece_prefix("竜"), Some((PieceKind::Dragon, "竜")));
        assert_eq!(piece_prefix("龍(28)"), Some((PieceKind::Dragon, "龍")));
        assert_eq!(piece_prefix("王"), Some((PieceKind::King, "王")));
        assert_eq!(piece_prefix("杏"), Some((PieceKind::ProLance, "杏")));
        // 成 names a piece only with 香, 桂 or 銀 after it.
        assert_eq!(piece_prefix("成"), None);
        assert_eq!(piece_prefix("成金"), None);
        assert_eq!(piece_prefix("同"), None);
    }

    #[test]
    fn squares() {
        assert_eq!(file_digit('７'), Some((7, true)));
        assert_eq!(file_digit('7'), Some((7, false)));
        assert_eq!(rank_digit('六'), Some((6, true)));
        assert_eq!(rank_digit('６'), Some((6, false)));
        assert_eq!(rank_digit('十'), None);
    }
}
