//! Escaping text for XML and HTML: every text a record holds (tags, comments, move texts,
//! captions) goes through here, so a comment holding `<script>` or `"><img onerror=...>` is
//! shown as the text it is.

use std::fmt;

/// Text escaped for an XML/HTML element's content or a double- or single-quoted attribute
/// value: `&` `<` `>` `"` `'` become entities; control characters other than tab and line
/// breaks (not allowed in XML 1.0) are dropped.
///
/// ```
/// use kifu_diagram::Escaped;
///
/// let shown = Escaped("\"><img src=x onerror=alert(1)> & <script>").to_string();
/// assert_eq!(shown, "&quot;&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &lt;script&gt;");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Escaped<'a>(pub &'a str);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut rest = self.0;
        while let Some(i) = rest.find(|c: char| {
            matches!(c, '&' | '<' | '>' | '"' | '\'')
                || (c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
        }) {
            f.write_str(&rest[..i])?;
            let c = rest[i..].chars().next().unwrap_or(' ');
            match c {
                '&' => f.write_str("&amp;")?,
                '<' => f.write_str("&lt;")?,
                '>' => f.write_str("&gt;")?,
                '"' => f.write_str("&quot;")?,
                '\'' => f.write_str("&#39;")?,
                _ => {}
            }
            rest = &rest[i + c.len_utf8()..];
        }
        f.write_str(rest)
    }
}

#[cfg(test)]
mod tests {
    use super::Escaped;
    use rstest::rstest;

    #[rstest]
    #[case::plain("炮二平五", "炮二平五")]
    #[case::markup("<b>&</b>", "&lt;b&gt;&amp;&lt;/b&gt;")]
    #[case::quotes("a\"b'c", "a&quot;b&#39;c")]
    #[case::control("a\u{0}b\u{1b}c\nd", "abc\nd")]
    fn escapes_as_xml_asks(#[case] text: &str, #[case] expected: &str) {
        // XML 1.0 section 2.4 (character data) and 2.2 (allowed characters).
        assert_eq!(Escaped(text).to_string(), expected);
    }
}
