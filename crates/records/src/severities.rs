//! Which diagnostics count as errors and which are not reported: the warnings a user allows
//! (`--allow CODE`), those made errors (`--deny CODE`), and every warning an error under
//! `--strict`. An error is always an error; the codes are those of docs/codes.md.

use notation_traits::{Diagnostic, Severity};

/// A user's choice of severities; the default reports every diagnostic as it is.
///
/// ```
/// use kifu_records::{Games, Input, ReadOptions, Severities};
///
/// // A game whose move numbers skip: warnings only.
/// let read = ReadOptions::default();
/// let input = Input::open("../../testdata/errors/move-number-mismatch.pgn".as_ref(), &read)?;
/// let game = Games::new(input, read).next().unwrap()?;
/// let d = game.diagnostics.iter().find(|d| d.code == "move-number-mismatch").unwrap();
/// assert!(!Severities::default().is_error(d));
/// let strict = Severities { strict: true, ..Severities::default() };
/// assert!(strict.is_error(d));
/// let allowed = Severities { strict: true, allow: vec![d.code.clone()], ..Severities::default() };
/// assert!(allowed.reported(d).is_none());
/// let denied = Severities { deny: vec![d.code.clone()], ..Severities::default() };
/// assert_eq!(denied.reported(d).unwrap().severity, notation_traits::Severity::Error);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Severities {
    /// Every warning is an error (`--strict`), except the allowed ones.
    pub strict: bool,
    /// Warning codes not reported nor counted (`--allow`), even under `strict`.
    pub allow: Vec<String>,
    /// Warning codes that are errors (`--deny`).
    pub deny: Vec<String>,
}

impl Severities {
    /// Whether `d` is a warning the user allowed: not reported, not counted.
    pub fn is_allowed(&self, d: &Diagnostic) -> bool {
        !d.is_error() && self.allow.contains(&d.code)
    }

    /// Whether `d` counts as an error.
    pub fn is_error(&self, d: &Diagnostic) -> bool {
        d.is_error() || (!self.is_allowed(d) && (self.strict || self.deny.contains(&d.code)))
    }

    /// `d` as it is reported: `None` when allowed, an error when it counts as one.
    pub fn reported(&self, d: &Diagnostic) -> Option<Diagnostic> {
        if self.is_allowed(d) {
            return None;
        }
        let mut d = d.clone();
        if self.is_error(&d) {
            d.severity = Severity::Error;
        }
        Some(d)
    }
}
