//! Clock times of moves as the record formats write them, and the one form PGN-style files take.
//!
//! A move's clock is kept as its text ([`MoveEntry::clock`](crate::MoveEntry)), in the form its
//! format gives: KIF's `0:16/00:00:16` (this move / the mover's total), CSA's `T16` or
//! `T6.123` (seconds, V3.0 with milliseconds), PSN's `00:16 / 00:00:16` in parentheses. A writer
//! of another format reads the time of the move from any of them ([`move_time_millis`]) and
//! writes its own. PGN-style movetext (PSN, xiangqi PGN) reads a clock only in parentheses with
//! a colon (`(0:16)`): [`pgn_clock`] gives that form.
//!
//! Rule: CSA standard file format V3.0, 2.7 (消費時間 `T`); the Kakinoki KIF page (消費時間
//! `( 0:16/00:00:16)`); Shogidokoro's PSN (`(00:01 / 00:00:01)`).

/// The time a move took, in milliseconds, from a clock text in any form kifu reads: `T12`,
/// `T6.123` (CSA), `0:12/00:00:12` or `( 0:12/00:00:12)` (KIF: the part before `/`), `0:12`,
/// `1:02:03`, `0:06.123`, seconds alone (`3`, `6.5`). `None` for anything else (or past `u64` milliseconds).
///
/// ```
/// use notation_traits::move_time_millis;
/// assert_eq!(move_time_millis("T12"), Some(12_000));
/// assert_eq!(move_time_millis("T6.123"), Some(6_123));
/// assert_eq!(move_time_millis(" 1:05/00:03:10"), Some(65_000));
/// assert_eq!(move_time_millis("00:01 / 00:00:01"), Some(1_000));
/// assert_eq!(move_time_millis("0:06.5"), Some(6_500));
/// assert_eq!(move_time_millis("3"), Some(3_000));
/// assert_eq!(move_time_millis("%clk 0:10"), None);
/// ```
pub fn move_time_millis(text: &str) -> Option<u64> {
    let text = text.trim();
    if let Some(seconds) = text.strip_prefix('T') {
        return seconds_millis(seconds);
    }
    let text = text
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .unwrap_or(text);
    let this_move = text.split('/').next()?.trim();
    if !this_move.contains(':') {
        // Seconds alone (`3`, some PSN writers' `S6h(3)`).
        return seconds_millis(this_move);
    }
    let parts: Vec<&str> = this_move.split(':').collect();
    let (last, whole) = parts.split_last()?;
    if !(1..=2).contains(&whole.len()) {
        return None;
    }
    let mut seconds: u64 = 0;
    for p in whole {
        if p.is_empty() || p.len() > 9 || !p.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        seconds = seconds.checked_mul(60)?.checked_add(p.parse().ok()?)?;
    }
    seconds
        .checked_mul(60_000)?
        .checked_add(seconds_millis(last)?)
}

/// Seconds with up to three decimals (`6.123`, CSA's `T` time without its `T`) in
/// milliseconds; more decimals are cut; `None` for anything else (`6.`, `-1`, `1e3`).
///
/// ```
/// use notation_traits::seconds_millis;
/// assert_eq!(seconds_millis("6.1239"), Some(6_123));
/// assert_eq!(seconds_millis("6."), None);
/// ```
pub fn seconds_millis(text: &str) -> Option<u64> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty()
        || whole.len() > 12
        || !whole.bytes().all(|b| b.is_ascii_digit())
        || !fraction.bytes().all(|b| b.is_ascii_digit())
        || (text.contains('.') && fraction.is_empty())
    {
        return None;
    }
    let mut millis: u64 = whole.parse::<u64>().ok()?.checked_mul(1000)?;
    for (i, d) in fraction.bytes().take(3).enumerate() {
        millis += u64::from(d - b'0') * [100, 10, 1][i];
    }
    Some(millis)
}

/// A clock text as PGN-style movetext reads it back, without its parentheses: the text itself
/// where it is one already (digits, `:`, `/`, `.` and spaces, with a colon: `00:01 /
/// 00:00:01`), else the time of the move as `m:ss` (`m:ss.fff` with milliseconds) where
/// [`move_time_millis`] reads one (`T12` is `0:12`), else `None`.
///
/// ```
/// use notation_traits::pgn_clock;
/// assert_eq!(pgn_clock("00:01 / 00:00:01").as_deref(), Some("00:01 / 00:00:01"));
/// assert_eq!(pgn_clock("T12").as_deref(), Some("0:12"));
/// assert_eq!(pgn_clock("T6.123").as_deref(), Some("0:06.123"));
/// assert_eq!(pgn_clock("T125").as_deref(), Some("2:05"));
/// assert_eq!(pgn_clock("later"), None);
/// ```
pub fn pgn_clock(text: &str) -> Option<String> {
    if is_pgn_clock(text) {
        return Some(text.to_owned());
    }
    let millis = move_time_millis(text)?;
    let (seconds, fraction) = (millis / 1000, millis % 1000);
    let mut out = format!("{}:{:02}", seconds / 60, seconds % 60);
    if fraction != 0 {
        out.push_str(&format!(".{fraction:03}"));
    }
    Some(out)
}

/// Whether PGN-style movetext reads `(text)` as a clock: digits, colons, slashes, dots and
/// spaces only, with at least one colon.
pub(crate) fn is_pgn_clock(text: &str) -> bool {
    text.contains(':')
        && text
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, ':' | '/' | ' ' | '.'))
}
