//! Finding a byte string in a file's first bytes, as the formats' sniffers do for every input:
//! by its first byte, then the rest, instead of comparing every window of the prefix (which
//! cost more than reading and checking a whole KIF record).

/// Where `needle` first occurs in `hay` (an empty needle at 0).
///
/// ```
/// use notation_traits::find_bytes;
///
/// assert_eq!(find_bytes(b"[Event \"x\"]\n[Sente \"A\"]", b"[Sente "), Some(12));
/// assert_eq!(find_bytes(b"[Event \"x\"]", b"[Sente "), None);
/// ```
pub fn find_bytes(hay: &[u8], needle: &[u8]) -> Option<usize> {
    find_by(hay, needle, |a, b| a == b)
}

/// [`find_bytes`] with ASCII letters of either case alike.
///
/// ```
/// use notation_traits::find_bytes_ignore_ascii_case;
///
/// assert_eq!(find_bytes_ignore_ascii_case(b"<x>[DhtmlXQ_movelist]", b"[dhtmlxq_movelist]"), Some(3));
/// ```
pub fn find_bytes_ignore_ascii_case(hay: &[u8], needle: &[u8]) -> Option<usize> {
    find_by(hay, needle, |a, b| a.eq_ignore_ascii_case(&b))
}

fn find_by(hay: &[u8], needle: &[u8], same: impl Fn(u8, u8) -> bool) -> Option<usize> {
    let Some((&first, rest)) = needle.split_first() else {
        return Some(0);
    };
    // A first byte that is no letter is looked for as it is: the quicker loop.
    let exact = !first.is_ascii_alphabetic();
    let mut from = 0;
    while let Some(i) = hay
        .get(from..)?
        .iter()
        .position(|&b| if exact { b == first } else { same(b, first) })
    {
        let at = from + i;
        let after = &hay[at + 1..];
        if after.len() >= rest.len() && after.iter().zip(rest).all(|(&a, &b)| same(a, b)) {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_place_is_found_as_the_windows_find_it() {
        let hay = b"aab[Sente [Sen [Sente \"x\"] SENTE";
        for needle in [
            &b"[Sente "[..],
            b"[Sen",
            b"x\"]",
            b"E",
            b"SENTE",
            b"[Gote ",
            b"",
            b"aab[",
        ] {
            let windows = if needle.is_empty() {
                Some(0)
            } else {
                hay.windows(needle.len()).position(|w| w == needle)
            };
            assert_eq!(find_bytes(hay, needle), windows, "{needle:?}");
            let lower = hay.to_ascii_lowercase();
            let needle_lower = needle.to_ascii_lowercase();
            let windows = if needle.is_empty() {
                Some(0)
            } else {
                lower
                    .windows(needle.len())
                    .position(|w| w == needle_lower.as_slice())
            };
            assert_eq!(
                find_bytes_ignore_ascii_case(hay, needle),
                windows,
                "{needle:?}"
            );
        }
        assert_eq!(find_bytes(b"ab", b"abc"), None);
    }
}
