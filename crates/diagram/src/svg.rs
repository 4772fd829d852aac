//! The SVG writing both games share: numbers at a fixed precision, the root element with its
//! `<title>` and `<desc>`, the check marker, arrows and circles.
//!
//! Every picture is written by hand, element by element, in one fixed order, with presentation
//! attributes only (no `<style>` element and no `style` attribute, so a page with a strict
//! Content-Security-Policy shows it unchanged): the same position and options give the same
//! bytes.

use std::fmt::{self, Write as _};

use crate::{Arrow, Escaped, Mark};

/// A number written with at most two decimals, trailing zeros dropped (`12`, `12.5`, `-3.25`);
/// never `-0`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Num(pub(crate) f64);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rounded = (self.0 * 100.0).round() / 100.0;
        let text = format!("{rounded:.2}");
        let text = text.trim_end_matches('0').trim_end_matches('.');
        f.write_str(if text == "-0" { "0" } else { text })
    }
}

/// The fonts of kanji shogi pieces, the Mincho (serif) faces first as books print them, then
/// the Gothic ones, each system's own (Windows, macOS, Linux, Android), then any serif.
pub(crate) const FONTS_JAPANESE: &str = "'Noto Serif CJK JP', 'Source Han Serif JP', \
'Hiragino Mincho ProN', 'Yu Mincho', YuMincho, 'MS PMincho', 'MS Mincho', 'IPAexMincho', \
'IPAMincho', 'Noto Sans CJK JP', 'Hiragino Sans', 'Yu Gothic', Meiryo, 'IPAexGothic', \
'Droid Sans Japanese', serif";

/// The fonts of traditional xiangqi characters: Kai (brush) faces first, then Ming (serif).
pub(crate) const FONTS_TRADITIONAL: &str = "'BiauKai', 'DFKai-SB', 'Kaiti TC', 'AR PL UKai TW', \
'Noto Serif CJK TC', 'Source Han Serif TC', 'PMingLiU', 'MingLiU', 'Songti TC', \
'Noto Sans CJK TC', 'Microsoft JhengHei', 'Noto Serif CJK SC', serif";

/// The fonts of simplified xiangqi characters: Kai (brush) faces first, then Song (serif).
pub(crate) const FONTS_SIMPLIFIED: &str = "'KaiTi', 'STKaiti', 'Kaiti SC', 'AR PL UKai CN', \
'Noto Serif CJK SC', 'Source Han Serif SC', 'SimSun', 'Songti SC', 'STSong', \
'Noto Sans CJK SC', 'Microsoft YaHei', 'WenQuanYi Zen Hei', serif";

/// The fonts of letters, digits and the frame's text: faces every system has.
pub(crate) const FONTS_LATIN: &str =
    "'DejaVu Sans', Verdana, 'Helvetica Neue', Helvetica, Arial, sans-serif";

/// Opens the root element: `width` units wide and `height` high (the `viewBox`), drawn `size`
/// CSS pixels wide when given, with a `<title>` and a `<desc>` (the position in its text
/// form, then `desc`'s lines), `lang` the language of the characters drawn.
pub(crate) fn open(
    out: &mut String,
    class: &str,
    (width, height): (f64, f64),
    size: Option<u32>,
    lang: &str,
    title: &str,
    desc: &str,
) {
    let (w, h) = match size {
        Some(px) => {
            let px = f64::from(px);
            (px, px * height / width)
        }
        None => (width, height),
    };
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"{class}\" width=\"{}\" height=\"{}\" \
viewBox=\"0 0 {} {}\" xml:lang=\"{lang}\" font-family=\"{}\" role=\"img\">\n<title>{}</title>\n<desc>{}</desc>\n",
        Num(w),
        Num(h),
        Num(width),
        Num(height),
        FONTS_LATIN,
        Escaped(title),
        Escaped(desc),
    );
}

/// The gradient of the check marker (python-chess's: red in the middle, fading out), with the
/// id `{prefix}check`.
pub(crate) fn check_gradient(out: &mut String, prefix: &str) {
    let _ = writeln!(
        out,
        "<defs><radialGradient id=\"{}check\"><stop offset=\"0%\" stop-color=\"#ff0000\" \
stop-opacity=\"1\"/><stop offset=\"50%\" stop-color=\"#e70000\" stop-opacity=\"1\"/>\
<stop offset=\"100%\" stop-color=\"#9e0000\" stop-opacity=\"0\"/></radialGradient></defs>",
        Escaped(prefix)
    );
}

/// The check marker: the gradient in a circle of radius `r` around `(x, y)`.
pub(crate) fn check_marker(out: &mut String, prefix: &str, (x, y): (f64, f64), r: f64) {
    let _ = writeln!(
        out,
        "<circle class=\"check\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"url(#{}check)\"/>",
        Num(x),
        Num(y),
        Num(r),
        Escaped(prefix)
    );
}

/// An arrow from the centre `tail` to the centre `head`, its shaft `width` wide, its head
/// `head_length` long (the tip on `head`'s centre); `names` are the two squares' names.
pub(crate) fn arrow<S>(
    out: &mut String,
    arrow: &Arrow<S>,
    (tail, head): ((f64, f64), (f64, f64)),
    width: f64,
    head_length: f64,
    names: (&str, &str),
) {
    let (dx, dy) = (head.0 - tail.0, head.1 - tail.1);
    let length = (dx * dx + dy * dy).sqrt();
    if length < 1e-9 {
        return;
    }
    let (ux, uy) = (dx / length, dy / length);
    let head_length = head_length.min(length);
    let base = (head.0 - ux * head_length, head.1 - uy * head_length);
    let half = width * 1.25;
    let (px, py) = (-uy * half, ux * half);
    let color = arrow.brush.color();
    let _ = writeln!(
        out,
        "<g class=\"arrow {}\" data-from=\"{}\" data-to=\"{}\" opacity=\"0.8\"><line x1=\"{}\" y1=\"{}\" \
x2=\"{}\" y2=\"{}\" stroke=\"{color}\" stroke-width=\"{}\"/><polygon points=\"{},{} {},{} {},{}\" \
fill=\"{color}\"/></g>",
        arrow.brush.name(),
        names.0,
        names.1,
        Num(tail.0),
        Num(tail.1),
        Num(base.0 + ux * 0.5),
        Num(base.1 + uy * 0.5),
        Num(width),
        Num(head.0),
        Num(head.1),
        Num(base.0 + px),
        Num(base.1 + py),
        Num(base.0 - px),
        Num(base.1 - py),
    );
}

/// A ring of radius `r` around `center`.
pub(crate) fn circle<S>(out: &mut String, mark: &Mark<S>, center: (f64, f64), r: f64, name: &str) {
    let _ = writeln!(
        out,
        "<circle class=\"circle {}\" data-square=\"{name}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" \
stroke=\"{}\" stroke-width=\"{}\" opacity=\"0.8\"/>",
        mark.brush.name(),
        Num(center.0),
        Num(center.1),
        Num(r),
        mark.brush.color(),
        Num(r / 7.0),
    );
}

/// A text at `(x, y)` (its baseline's middle), `size` units high, in `fill`, with more
/// attributes `extra` (starting with a space, or empty).
pub(crate) fn text(
    out: &mut String,
    (x, y): (f64, f64),
    size: f64,
    fill: &str,
    extra: &str,
    content: &str,
) {
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"{fill}\" text-anchor=\"middle\"{extra}>{}</text>",
        Num(x),
        Num(y),
        Num(size),
        Escaped(content)
    );
}

#[cfg(test)]
mod tests {
    use super::Num;
    use rstest::rstest;

    #[rstest]
    #[case::whole(12.0, "12")]
    #[case::half(12.5, "12.5")]
    #[case::rounded(1.0 / 3.0, "0.33")]
    #[case::negative(-3.25, "-3.25")]
    #[case::negative_zero(-0.001, "0")]
    fn numbers_have_two_decimals_at_most(#[case] value: f64, #[case] expected: &str) {
        assert_eq!(Num(value).to_string(), expected);
    }
}
