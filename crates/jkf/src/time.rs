//! JKF's `time` (`{"now": {"m": 0, "s": 12}, "total": {"h": 0, "m": 0, "s": 12}}`: this
//! move, and the mover's total) as a clock text, and back.
//!
//! The clock text is KIF's form without its parentheses, `0:12/00:00:12`: each part `m:ss` or
//! `h:mm:ss`, as the object gives `h` or not, so that it converts back to the same object;
//! KIF's `( 0:16/00:00:16)` and PSN's `00:03 / 00:00:03` are the same form. A clock text of
//! another format (CSA's `T12`, `T6.123`) gives the time of the move; the total is then the
//! sum of the mover's times so far.
//!
//! Rule: json-kifu-format.schema.json (`consumption`: now, total; `time`: h?, m, s); the KIF
//! time `(m:ss/h:mm:ss)` (Kakinoki); CSA V3.0, 2.6 (`T` seconds).

use crate::json::{Node, Out};

/// A JKF time object: `h` where given, `m`, `s`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Hms {
    pub(crate) h: Option<u64>,
    pub(crate) m: u64,
    pub(crate) s: u64,
}

impl Hms {
    /// The seconds it stands for.
    pub(crate) fn seconds(self) -> u64 {
        self.h.unwrap_or(0) * 3600 + self.m * 60 + self.s
    }

    /// Seconds as JKF writes them: `h` only where there are hours (`now`), or always
    /// (`total`).
    pub(crate) fn of_seconds(seconds: u64, with_h: bool) -> Hms {
        let h = seconds / 3600;
        Hms {
            h: (with_h || h > 0).then_some(h),
            m: (seconds / 60) % 60,
            s: seconds % 60,
        }
    }

    fn of_node(node: &Node) -> Option<Hms> {
        let mut hms = Hms {
            h: None,
            m: 0,
            s: 0,
        };
        let (mut m, mut s) = (false, false);
        for (key, _, value) in node.members() {
            let n = u64::try_from(value.as_int()?).ok();
            match key.as_str() {
                "h" if value.is_null() => {}
                "h" => hms.h = Some(n?),
                "m" => {
                    hms.m = n?;
                    m = true;
                }
                "s" => {
                    hms.s = n?;
                    s = true;
                }
                _ => return None,
            }
        }
        (m && s).then_some(hms)
    }

    fn text(self, pad: bool) -> String {
        match (self.h, pad) {
            (Some(h), true) => format!("{h:02}:{:02}:{:02}", self.m, self.s),
            (Some(h), false) => format!("{h}:{:02}:{:02}", self.m, self.s),
            (None, true) => format!("{:02}:{:02}", self.m, self.s),
            (None, false) => format!("{}:{:02}", self.m, self.s),
        }
    }

    fn parse(text: &str) -> Option<Hms> {
        let parts: Vec<u64> = text
            .trim()
            .split(':')
            .map(|p| {
                (!p.is_empty() && p.len() <= 12 && p.bytes().all(|b| b.is_ascii_digit()))
                    .then(|| p.parse().ok())
                    .flatten()
            })
            .collect::<Option<_>>()?;
        match parts[..] {
            [m, s] => Some(Hms { h: None, m, s }),
            [h, m, s] => Some(Hms { h: Some(h), m, s }),
            _ => None,
        }
    }

    pub(crate) fn out(self) -> Out {
        let mut members = Vec::new();
        if let Some(h) = self.h {
            members.push(("h".to_owned(), Out::Int(h as i64)));
        }
        members.push(("m".to_owned(), Out::Int(self.m as i64)));
        members.push(("s".to_owned(), Out::Int(self.s as i64)));
        Out::Obj(members)
    }
}

/// The clock text of a JKF time object (`0:12/00:00:12`); `None` when it is not one.
pub(crate) fn clock_text(node: &Node) -> Option<String> {
    let mut now = None;
    let mut total = None;
    for (key, _, value) in node.members() {
        match key.as_str() {
            "now" => now = Some(Hms::of_node(value)?),
            "total" if value.is_null() => {}
            "total" => total = Some(Hms::of_node(value)?),
            _ => return None,
        }
    }
    let now = now?.text(false);
    Some(match total {
        Some(t) => format!("{now}/{}", t.text(true)),
        None => now,
    })
}

/// A clock text read as JKF's `now` and `total`: the KIF-like form exactly (`total` where
/// it is given), else the time of the move of a clock text of another format (CSA `T12`) in
/// milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Clock {
    /// `m:ss/h:mm:ss` (or `m:ss`): `now` and `total` as given.
    Jkf { now: Hms, total: Option<Hms> },
    /// The milliseconds of the move.
    Millis(u64),
}

/// Reads a clock text of any form kifu writes (`0:12/00:00:12`, `( 0:16/00:00:16)`,
/// `00:03 / 00:00:03`, `T12`, `T6.123`).
pub(crate) fn read_clock(text: &str) -> Option<Clock> {
    let t = text.trim();
    if let Some(seconds) = t.strip_prefix('T') {
        return millis(seconds).map(Clock::Millis);
    }
    let t = t
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .unwrap_or(t);
    let (now, total) = match t.split_once('/') {
        Some((now, total)) => (Hms::parse(now)?, Some(Hms::parse(total)?)),
        None => (Hms::parse(t)?, None),
    };
    Some(Clock::Jkf { now, total })
}

/// Seconds with up to three decimals (`6.123`) in milliseconds.
fn millis(text: &str) -> Option<u64> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || whole.len() > 12 || !digits(whole) || !digits(fraction) {
        return None;
    }
    if text.contains('.') && fraction.is_empty() {
        return None;
    }
    let mut ms = whole.parse::<u64>().ok()? * 1000;
    for (i, b) in fraction.bytes().take(3).enumerate() {
        ms += u64::from(b - b'0') * [100, 10, 1][i];
    }
    Some(ms)
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use super::*;
    use crate::json::parse;

    #[rstest]
    // The v22 specimen's first move: T12.
    #[case::minutes(
        r#"{"now":{"m":0,"s":12},"total":{"h":0,"m":0,"s":12}}"#,
        "0:12/00:00:12"
    )]
    #[case::hours(
        r#"{"now":{"h":1,"m":2,"s":3},"total":{"m":62,"s":3}}"#,
        "1:02:03/62:03"
    )]
    #[case::now_only(r#"{"now":{"m":5,"s":0}}"#, "5:00")]
    fn time_objects_are_clock_texts_and_back(#[case] json: &str, #[case] text: &str) {
        let node = parse(json).unwrap();
        assert_eq!(clock_text(&node).as_deref(), Some(text));
        let Some(Clock::Jkf { now, total }) = read_clock(text) else {
            panic!("{text}");
        };
        let mut out = vec![("now".to_owned(), now.out())];
        if let Some(t) = total {
            out.push(("total".to_owned(), t.out()));
        }
        let mut written = String::new();
        Out::Obj(out).compact(&mut written);
        assert_eq!(written, json);
    }

    #[rstest]
    #[case::csa("T12", Some(Clock::Millis(12_000)))]
    #[case::csa_v3("T6.123", Some(Clock::Millis(6_123)))]
    #[case::kif("( 0:16/00:00:16)", Some(Clock::Jkf { now: Hms { h: None, m: 0, s: 16 }, total: Some(Hms { h: Some(0), m: 0, s: 16 }) }))]
    #[case::words("soon", None)]
    fn other_clocks(#[case] text: &str, #[case] clock: Option<Clock>) {
        assert_eq!(read_clock(text), clock);
    }

    #[test]
    fn seconds_as_jkf_writes_them() {
        assert_eq!(
            Hms::of_seconds(12, false),
            Hms {
                h: None,
                m: 0,
                s: 12
            }
        );
        assert_eq!(
            Hms::of_seconds(3725, false),
            Hms {
                h: Some(1),
                m: 2,
                s: 5
            }
        );
        assert_eq!(
            Hms::of_seconds(849, true),
            Hms {
                h: Some(0),
                m: 14,
                s: 9
            }
        );
    }
}
