//! The names of a shogi record's game information in PSN and in the Japanese formats.
//!
//! PSN writes PGN's tag names (`[Sente "..."]`, `[Event "..."]`, `[Date "2006.12.15"]`); KIF,
//! KI2, CSA and JKF share KIF's header names (`先手：...`, `棋戦：...`), which JKF's `header`
//! takes over and kifu's CSA reader gives its `N+`, `$EVENT`, ... lines. A record read in one
//! family and written in the other keeps its information under the other family's name:
//!
//! | PSN | KIF, KI2, CSA, JKF |
//! |---|---|
//! | `Sente` (PSN2: `Black`) | `先手`; `下手` in a handicap game |
//! | `Gote` (PSN2: `White`) | `後手`; `上手` in a handicap game |
//! | `Event` | `棋戦` |
//! | `Site` | `場所` |
//! | `Date` (`2006.12.15`) | `開始日時` (`2006/12/15`; a start with its time of day keeps the KIF name) |
//! | `Opening` | `戦型` |
//! | `TimeControl` | `持ち時間` |
//!
//! Any other name is its own in both families. A name is only translated where the record
//! does not hold the target name already, so that nothing is written twice (see the writers).
//!
//! Rule: the PGN standard, 8.1 (the Seven Tag Roster, `Date` as `YYYY.MM.DD`), as PSN takes it
//! over; the header names of the Kakinoki page "棋譜ファイル KIF 形式" (先手, 後手, 下手, 上手,
//! 棋戦, 場所, 開始日時, 戦型, 持ち時間; 下手 and 上手 in handicap games, 上手 moving first).

use notation_traits::Tag;

/// The PSN name and the KIF names of each field, in the order of the table above.
const FIELDS: [(&str, &[&str]); 7] = [
    ("Sente", &["先手", "下手"]),
    ("Gote", &["後手", "上手"]),
    ("Event", &["棋戦"]),
    ("Site", &["場所"]),
    ("Date", &["開始日時"]),
    ("Opening", &["戦型"]),
    ("TimeControl", &["持ち時間"]),
];

/// The PSN tag for a tag of the Japanese formats: its name and value, or `None` when PSN has no
/// name of its own for it (it is then written under its Japanese name).
///
/// `開始日時` becomes `Date` only as a bare date (`2006/12/15` is `2006.12.15`; a time of day
/// would be lost).
///
/// ```
/// use shogi_board::psn_tag;
/// assert_eq!(psn_tag("下手", "A"), Some(("Sente", "A".to_owned())));
/// assert_eq!(psn_tag("開始日時", "2006/12/15"), Some(("Date", "2006.12.15".to_owned())));
/// assert_eq!(psn_tag("開始日時", "2006/12/15 10:00:00"), None);
/// assert_eq!(psn_tag("表題", "名人戦"), None);
/// ```
pub fn psn_tag(name: &str, value: &str) -> Option<(&'static str, String)> {
    let (psn, _) = FIELDS.iter().find(|(_, kif)| kif.contains(&name))?;
    if *psn == "Date" {
        return date(value, '/', '.').map(|d| (*psn, d));
    }
    Some((psn, value.to_owned()))
}

/// The tag of the Japanese formats for a PSN tag (any case; PSN2's `Black` and `White` too):
/// its name and value, or `None` when KIF has no name of its own for it.
///
/// `handicap`: the game starts from a handicap, where the players are `下手` (sente) and `上手`
/// (gote). `Date` becomes `開始日時` only as a date `YYYY.MM.DD` (`2006/12/15`); PGN's unknown
/// parts (`????.??.??`) keep the PSN name.
///
/// ```
/// use shogi_board::kif_tag;
/// assert_eq!(kif_tag("Sente", "A", false), Some(("先手", "A".to_owned())));
/// assert_eq!(kif_tag("white", "B", true), Some(("上手", "B".to_owned())));
/// assert_eq!(kif_tag("Date", "2006.12.15", false), Some(("開始日時", "2006/12/15".to_owned())));
/// assert_eq!(kif_tag("Round", "6", false), None);
/// ```
pub fn kif_tag(name: &str, value: &str, handicap: bool) -> Option<(&'static str, String)> {
    let psn = match name.to_ascii_lowercase().as_str() {
        "black" => "Sente",
        "white" => "Gote",
        _ => name,
    };
    let (psn, kif) = FIELDS.iter().find(|(p, _)| p.eq_ignore_ascii_case(psn))?;
    if *psn == "Date" {
        return date(value, '.', '/').map(|d| (kif[0], d));
    }
    let index = usize::from(handicap && kif.len() > 1);
    Some((kif[index], value.to_owned()))
}

/// A record's tags under PSN's names: each KIF header name becomes its PSN tag ([`psn_tag`])
/// unless the tags hold that PSN name already (`Sente` and `Black`, `Gote` and `White` count as
/// one), the first of several tags of one field only (CSA's `$TIME_LIMIT` and `$TIME` are both
/// `持ち時間`); every other tag as it is, in its order.
///
/// ```
/// use notation_traits::{Span, Tag};
/// let tag = |name: &str, value: &str| Tag { name: name.into(), value: value.into(), span: Span::default() };
/// let psn = shogi_board::psn_tags(&[tag("先手", "A"), tag("Gote", "B"), tag("後手", "C")]);
/// let names: Vec<&str> = psn.iter().map(|t| t.name.as_str()).collect();
/// assert_eq!(names, ["Sente", "Gote", "後手"]);
/// ```
pub fn psn_tags(tags: &[Tag]) -> Vec<Tag> {
    let holds = |name: &str| {
        let alias = match name {
            "Sente" => "Black",
            "Gote" => "White",
            _ => name,
        };
        tags.iter()
            .any(|t| t.name.eq_ignore_ascii_case(name) || t.name.eq_ignore_ascii_case(alias))
    };
    let mut taken = Vec::new();
    tags.iter()
        .map(|t| match psn_tag(&t.name, &t.value) {
            Some((name, value)) if !holds(name) && !taken.contains(&name) => {
                taken.push(name);
                renamed(t, name, value)
            }
            _ => t.clone(),
        })
        .collect()
}

/// A record's tags under KIF's header names: each PSN tag with a KIF name becomes it
/// ([`kif_tag`]; `handicap` as there) unless the tags hold that KIF name already, the first of
/// several tags of one field only; every other tag as it is, in its order.
///
/// ```
/// use notation_traits::{Span, Tag};
/// let tag = |name: &str, value: &str| Tag { name: name.into(), value: value.into(), span: Span::default() };
/// let kif = shogi_board::kif_tags(&[tag("Sente", "A"), tag("Event", "B"), tag("Round", "6")], true);
/// let names: Vec<&str> = kif.iter().map(|t| t.name.as_str()).collect();
/// assert_eq!(names, ["下手", "棋戦", "Round"]);
/// ```
pub fn kif_tags(tags: &[Tag], handicap: bool) -> Vec<Tag> {
    let holds = |name: &str| tags.iter().any(|t| t.name == name);
    let mut taken = Vec::new();
    tags.iter()
        .map(|t| match kif_tag(&t.name, &t.value, handicap) {
            Some((name, value)) if !holds(name) && !taken.contains(&name) => {
                taken.push(name);
                renamed(t, name, value)
            }
            _ => t.clone(),
        })
        .collect()
}

fn renamed(tag: &Tag, name: &str, value: String) -> Tag {
    Tag {
        name: name.to_owned(),
        value,
        span: tag.span,
    }
}

/// A date `YYYY<from>MM<from>DD` (digits only) written with `to` between its parts.
fn date(value: &str, from: char, to: char) -> Option<String> {
    let parts: Vec<&str> = value.trim().split(from).collect();
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    match parts.as_slice() {
        [y, m, d] if digits(y, 4) && digits(m, 2) && digits(d, 2) => {
            Some(format!("{y}{to}{m}{to}{d}"))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every field goes over and comes back under its own name (the even game's names).
    #[test]
    fn every_field_comes_back() {
        for (psn, kif) in FIELDS {
            let value = if psn == "Date" { "2021.11.07" } else { "x" };
            let (k, v) = kif_tag(psn, value, false).expect(psn);
            assert_eq!(k, kif[0]);
            assert_eq!(psn_tag(k, &v), Some((psn, value.to_owned())));
        }
    }

    #[test]
    fn dates_that_are_not_bare_dates_keep_their_names() {
        assert_eq!(kif_tag("Date", "????.??.??", false), None);
        assert_eq!(kif_tag("Date", "2006.12", false), None);
        assert_eq!(psn_tag("開始日時", "2006/12/15(金) 10:00"), None);
    }
}
