//! Which diagnostic codes are warnings: the codes a caller may leave unreported (the command
//! line's `--allow`), as docs/codes.md lists them with their severity.

/// Every warning code, sorted: the codes of [`notation_traits::CODES`] whose diagnostics are
/// warnings (docs/codes.md, column "severity"); every other code is an error.
pub const WARNING_CODES: &[&str] = &[
    "bad-clock",
    "brace-in-comment",
    "capture-mark",
    "capture-shorthand",
    "check-mark",
    "check-sign",
    "dialect-collision",
    "drop-without-mark",
    "duplicate-tag",
    "fen-mismatch",
    "field-mismatch",
    "forced-promotion-unmarked",
    "full-width",
    "handicap-mismatch",
    "jkf-field",
    "language-hint",
    "letter-alias",
    "letter-case",
    "lowercase-letter",
    "marker-before-letter",
    "mate-sign",
    "misplaced-line",
    "move-number-mismatch",
    "needless-declined-mark",
    "numeral-style",
    "piece-character-color",
    "piece-left-out",
    "promoted-piece-unmarked",
    "promotion-unmarked",
    "redundant-marker",
    "repaired-move",
    "result-conflict",
    "result-in-variation",
    "result-mismatch",
    "sideways-sign",
    "tandem-file-digit",
    "tandem-file-missing",
    "terminal-mismatch",
    "text-after-result",
    "trailing-bytes",
    "undecodable-text",
    "unescaped-quote",
    "unknown-line",
    "unread-moves",
    "variation-dropped",
    "variation-without-move",
    "wxf-form",
    "wxr2018-form",
    "xqbase-form",
];

/// Whether `code` is the code of a warning (one of [`WARNING_CODES`]); `false` for an error
/// code and for a string that is no code.
///
/// # Examples
///
/// ```
/// assert!(kifu_records::is_warning_code("move-number-mismatch"));
/// assert!(!kifu_records::is_warning_code("illegal-move"));
/// assert!(!kifu_records::is_warning_code("no-such-code"));
/// ```
pub fn is_warning_code(code: &str) -> bool {
    WARNING_CODES.binary_search(&code).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The list is docs/codes.md's warnings, and each is a code.
    #[test]
    fn the_warnings_are_those_of_codes_md() {
        let doc =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/codes.md"))
                .expect("docs/codes.md");
        let mut warnings: Vec<String> = Vec::new();
        for line in doc.lines().filter(|l| l.starts_with("| `")) {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            if cells[2] == "warning" {
                warnings.push(cells[1].trim_matches('`').to_owned());
            }
        }
        warnings.sort();
        assert_eq!(warnings, WARNING_CODES);
        assert!(
            WARNING_CODES
                .iter()
                .all(|c| notation_traits::CODES.contains(c))
        );
    }
}
