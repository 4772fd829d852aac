//! The game information lines (`N+`, `N-`, `$KEY:value`) and the tags they become.
//!
//! A record's tags carry the names the Japanese formats share (KIF's header names, which JKF's
//! `header` takes over), so that a CSA record converts to KIF or JKF with its information in
//! place: `N+` is `先手`, `N-` is `後手`, and the V2.2 and V3.0 keys are
//!
//! | CSA | tag |
//! |---|---|
//! | `$EVENT` | `棋戦` |
//! | `$SITE` | `場所` |
//! | `$START_TIME` | `開始日時` |
//! | `$END_TIME` | `終了日時` |
//! | `$TIME_LIMIT` (V2.2, `00:25+00`) and `$TIME` (V3.0, `1500+0+0`) | `持ち時間` |
//! | `$TIME+`, `$TIME-` (V3.0) | `先手持ち時間`, `後手持ち時間` |
//! | `$OPENING` | `戦型` |
//! | `$MAX_MOVES` (V3.0) | `最大手数` |
//! | `$JISHOGI` (V3.0) | `持将棋` |
//! | `$NOTE` (V3.0) | `備考` |
//!
//! Any other key is kept under its own name (`$FOO:bar` is the tag `FOO`), and written back as
//! `$FOO:bar`; so is a tag from another format (`$表題:...`), except those that name the start
//! position (`手合割`, `SFEN`, `Handicap`, `FEN`), which CSA holds in its `PI` and `P` lines.
//!
//! Rule: CSA standard file format V3.0, 2.4 (棋譜情報); the names of the KIF header (Kakinoki,
//! "棋譜ファイル KIF 形式") as JKF's `header` uses them (Kifu for JS, json-kifu-format).

/// The CSA keys and their tag names.
const KEYS: [(&str, &str); 12] = [
    ("EVENT", "棋戦"),
    ("SITE", "場所"),
    ("START_TIME", "開始日時"),
    ("END_TIME", "終了日時"),
    ("TIME_LIMIT", "持ち時間"),
    ("TIME", "持ち時間"),
    ("TIME+", "先手持ち時間"),
    ("TIME-", "後手持ち時間"),
    ("OPENING", "戦型"),
    ("MAX_MOVES", "最大手数"),
    ("JISHOGI", "持将棋"),
    ("NOTE", "備考"),
];

/// The tag name of sente's player (`N+`).
pub(crate) const SENTE: &str = "先手";
/// The tag name of gote's player (`N-`).
pub(crate) const GOTE: &str = "後手";

/// The tag name of a `$` key (without the `$`): the Japanese name of a CSA key, else the key.
///
/// ```
/// assert_eq!(csa::tag_name("EVENT"), "棋戦");
/// assert_eq!(csa::tag_name("TIME"), "持ち時間");
/// assert_eq!(csa::tag_name("ROUND"), "ROUND");
/// ```
pub fn tag_name(key: &str) -> &str {
    KEYS.iter()
        .find(|(k, _)| *k == key)
        .map_or(key, |(_, name)| name)
}

/// The CSA line a tag is written as, if it is one: `N+name`, `$EVENT:...`, `$FOO:bar`.
///
/// Player tags are `先手` or `下手` (and PSN's `Sente`, `Black`) for `N+`, `後手` or `上手`
/// (`Gote`, `White`) for `N-`; PSN's `Event`, `Site` and `Opening` are `$EVENT`, `$SITE` and
/// `$OPENING`. `持ち時間` is `$TIME_LIMIT` in the V2.2 form (`00:25+00`), `$TIME` in the V3.0
/// form (`1500+0+0`), else kept under its own name. `None` for the tags of the start position
/// (`手合割`, `SFEN`, `Handicap`, `FEN`) and for a name CSA cannot write (one holding `:` or a
/// line break, or empty).
///
/// ```
/// assert_eq!(csa::tag_line("先手", "NAKAHARA").as_deref(), Some("N+NAKAHARA"));
/// assert_eq!(csa::tag_line("持ち時間", "00:25+00").as_deref(), Some("$TIME_LIMIT:00:25+00"));
/// assert_eq!(csa::tag_line("持ち時間", "各15分").as_deref(), Some("$持ち時間:各15分"));
/// assert_eq!(csa::tag_line("手合割", "平手"), None);
/// ```
pub fn tag_line(name: &str, value: &str) -> Option<String> {
    let ascii = name.to_ascii_lowercase();
    if matches!(name, "手合割") || matches!(ascii.as_str(), "sfen" | "handicap" | "fen") {
        return None;
    }
    if name.is_empty() || name.contains([':', '\n', '\r']) {
        return None;
    }
    match name {
        "先手" | "下手" => return Some(format!("N+{value}")),
        "後手" | "上手" => return Some(format!("N-{value}")),
        _ => {}
    }
    match ascii.as_str() {
        "sente" | "black" => return Some(format!("N+{value}")),
        "gote" | "white" => return Some(format!("N-{value}")),
        "event" => return Some(format!("$EVENT:{value}")),
        "site" => return Some(format!("$SITE:{value}")),
        "opening" => return Some(format!("$OPENING:{value}")),
        _ => {}
    }
    let key = match name {
        "持ち時間" if is_v2_time(value) => "TIME_LIMIT",
        "持ち時間" if is_v3_time(value) => "TIME",
        "先手持ち時間" if is_v3_time(value) => "TIME+",
        "後手持ち時間" if is_v3_time(value) => "TIME-",
        "持ち時間" | "先手持ち時間" | "後手持ち時間" => name,
        _ => KEYS
            .iter()
            .find(|(_, n)| *n == name)
            .map_or(name, |(k, _)| k),
    };
    let value = if key == "NOTE" {
        escape_note(value)
    } else {
        value.to_owned()
    };
    Some(format!("${key}:{value}"))
}

/// Whether a time limit is in the V2.2 form `HH:MM+SS` (`00:25+00`).
fn is_v2_time(value: &str) -> bool {
    let Some((hm, s)) = value.split_once('+') else {
        return false;
    };
    let Some((h, m)) = hm.split_once(':') else {
        return false;
    };
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    digits(h) && m.len() == 2 && digits(m) && digits(s)
}

/// Whether a time limit is in the V3.0 form `seconds+byoyomi+increment` (`1500+0+0`,
/// `300.5+0+10`).
fn is_v3_time(value: &str) -> bool {
    let parts: Vec<&str> = value.split('+').collect();
    parts.len() == 3
        && parts.iter().all(|p| {
            !p.is_empty()
                && p.bytes().all(|b| b.is_ascii_digit() || b == b'.')
                && p.bytes().filter(|&b| b == b'.').count() <= 1
        })
}

/// A `$NOTE` value as written: a line break as `\n`, a backslash as `\\`.
fn escape_note(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace("\r\n", "\n")
        .replace('\n', "\\n")
}

/// A `$NOTE` value as read: `\n` is a line break, `\\` a backslash; any other backslash stays.
pub(crate) fn unescape_note(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('\\') => out.push('\\'),
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use super::*;

    #[rstest]
    #[case::event(
        "棋戦",
        "13th World Computer Shogi Championship",
        "$EVENT:13th World Computer Shogi Championship"
    )]
    #[case::site("場所", "KAZUSA ARC", "$SITE:KAZUSA ARC")]
    #[case::start("開始日時", "2003/05/03 10:30:00", "$START_TIME:2003/05/03 10:30:00")]
    #[case::v3_time("持ち時間", "600+10+0", "$TIME:600+10+0")]
    #[case::black_time("先手持ち時間", "450+0+5", "$TIME+:450+0+5")]
    #[case::max_moves("最大手数", "256", "$MAX_MOVES:256")]
    #[case::jishogi("持将棋", "27", "$JISHOGI:27")]
    #[case::note("備考", "first\nsecond\\path", "$NOTE:first\\nsecond\\\\path")]
    #[case::shitate("下手", "A", "N+A")]
    #[case::psn_gote("Gote", "B", "N-B")]
    #[case::unknown("ROUND", "3", "$ROUND:3")]
    fn tags_are_written_as_csa_lines(#[case] name: &str, #[case] value: &str, #[case] line: &str) {
        assert_eq!(tag_line(name, value).as_deref(), Some(line));
    }

    #[test]
    fn every_key_reads_back_to_its_tag() {
        for (key, name) in KEYS {
            assert_eq!(tag_name(key), name);
        }
        assert_eq!(
            unescape_note("first\\nsecond\\\\path"),
            "first\nsecond\\path"
        );
        assert_eq!(unescape_note("a\\tb\\"), "a\\tb\\");
    }
}
