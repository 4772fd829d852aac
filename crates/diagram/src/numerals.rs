//! Numbers as Japanese and Chinese records write them: kanji numerals (一 .. 十八, the counts of
//! a shogi hand, the ranks 一 .. 九, xiangqi's Red files 九 .. 一) and full-width digits (shogi
//! files １ .. ９).

/// The kanji numeral of `n` for 1 to 99 (`一`, `九`, `十`, `十八`, `二十`); other numbers in
/// digits.
///
/// Rule: Japanese and Chinese numerals: tens as 十 with a multiplier before it from 二十 on, the
/// units after it.
pub(crate) fn kanji(n: u32) -> String {
    const DIGITS: [&str; 10] = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    match n {
        1..=9 => DIGITS[n as usize].to_owned(),
        10..=99 => {
            let (tens, units) = (n / 10, n % 10);
            let tens = if tens == 1 { "" } else { DIGITS[tens as usize] };
            format!("{tens}十{}", DIGITS[units as usize])
        }
        _ => n.to_string(),
    }
}

/// The full-width digit of `n` (0-9): `１` for 1.
pub(crate) fn full_width_digit(n: u8) -> char {
    char::from_u32(0xFF10 + u32::from(n % 10)).unwrap_or('０')
}

#[cfg(test)]
mod tests {
    use super::{full_width_digit, kanji};
    use rstest::rstest;

    #[rstest]
    #[case::one(1, "一")]
    #[case::nine(9, "九")]
    #[case::ten(10, "十")]
    #[case::eighteen(18, "十八")]
    #[case::twenty(20, "二十")]
    #[case::twenty_one(21, "二十一")]
    fn kanji_numerals(#[case] n: u32, #[case] expected: &str) {
        // The pawn counts of KIF hands: Kifu for Windows writes `歩十五` (everyday_20220604.kifu).
        assert_eq!(kanji(n), expected);
    }

    #[test]
    fn full_width_digits() {
        assert_eq!(full_width_digit(1), '１');
        assert_eq!(full_width_digit(9), '９');
    }
}
