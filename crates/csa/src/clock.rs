//! Clock times: CSA's `T` line (seconds spent on the move: `T12`, V3.0 also `T6.123`), and the
//! time of a move as other formats write it, for writing a record read from them.
//!
//! Rule: CSA standard file format V3.0, 2.6 (消費時間: `T` and the seconds, to the millisecond
//! since V3.0); the KIF time `( 0:16/00:00:16)` (this move m:ss / total h:mm:ss, 81Dojo's
//! unpadded `(0:4/0:0:4)`), PSN's `(00:03 / 00:00:03)`, JKF's `time` as kifu writes it
//! (`0:12/00:00:12`).

/// The time a clock text gives for its move, in milliseconds: `T12` (12,000), `T6.123`
/// (6,123), `0:16/00:00:16` and `( 0:16/00:00:16)` (16,000: the part before the `/`, as
/// `m:ss` or `h:mm:ss`). `None` for any other text ([`notation_traits::move_time_millis`]).
pub(crate) fn move_millis(text: &str) -> Option<u64> {
    notation_traits::move_time_millis(text)
}

pub(crate) use notation_traits::seconds_millis;

/// A `T` line for `millis`: whole seconds as `T12`, else (with `fractions`) `T6.123`
/// without trailing zeros; without `fractions` the seconds are cut to whole ones.
pub(crate) fn t_line(millis: u64, fractions: bool) -> String {
    let (s, ms) = (millis / 1000, millis % 1000);
    if ms == 0 || !fractions {
        return format!("T{s}");
    }
    let frac = format!("{ms:03}");
    format!("T{s}.{}", frac.trim_end_matches('0'))
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use super::*;

    #[rstest]
    #[case::csa("T12", Some(12_000))]
    #[case::csa_zero("T0", Some(0))]
    #[case::v3_decimal("T6.123", Some(6_123))]
    #[case::v3_tenths("T10.5", Some(10_500))]
    #[case::kif("( 0:16/00:00:16)", Some(16_000))]
    #[case::dojo("(0:4/0:0:4)", Some(4_000))]
    #[case::psn("00:03 / 00:00:03", Some(3_000))]
    #[case::jkf_hours("1:02:03/01:02:03", Some(3_723_000))]
    #[case::bad_t("Tabc", None)]
    #[case::bare_dot("T5.", None)]
    #[case::words("soon", None)]
    fn clocks_give_the_time_of_the_move(#[case] text: &str, #[case] millis: Option<u64>) {
        assert_eq!(move_millis(text), millis);
    }

    #[rstest]
    #[case(12_000, true, "T12")]
    #[case(6_123, true, "T6.123")]
    #[case(10_500, true, "T10.5")]
    #[case(6_123, false, "T6")]
    fn t_lines(#[case] millis: u64, #[case] fractions: bool, #[case] line: &str) {
        assert_eq!(t_line(millis, fractions), line);
    }
}
