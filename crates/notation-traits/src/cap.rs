//! The cap on the diagnostics one game keeps: a game can hold a fault in every token (2 MB of
//! stray `}` are a million diagnostics, some 650 bytes each), and each is kept until its game
//! is reported, so past [`MAX_DIAGNOSTICS`] they are counted, not kept: one error
//! `too-many-diagnostics` says how many more there were and where the first of them is.

use crate::{Diagnostic, Severity};

/// The most diagnostics one game keeps (docs/cli.md, "Limits on untrusted input").
pub const MAX_DIAGNOSTICS: usize = 10_000;

/// The code of the error that stands for the diagnostics past the cap.
const CODE: &str = "too-many-diagnostics";

/// The error standing for `dropped` diagnostics past the cap, placed at the first of them.
fn too_many(dropped: usize, first: &Diagnostic) -> Diagnostic {
    let mut d = Diagnostic::new(
        Severity::Error,
        CODE,
        format!(
            "{dropped} more diagnostics of this game are not kept (at most {MAX_DIAGNOSTICS} are, in order): fix the first ones and check again"
        ),
    );
    d.span = first.span;
    d.ply = first.ply;
    d
}

/// How many diagnostics a `too-many-diagnostics` error stands for.
fn stands_for(d: &Diagnostic) -> usize {
    let digits: String = d.message.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().unwrap_or(0)
}

/// Caps a game's diagnostics at [`MAX_DIAGNOSTICS`]: the first are kept in order, the rest
/// counted in one `too-many-diagnostics` error after them (merged with such an error already
/// there, so that capping twice counts once).
///
/// ```
/// use notation_traits::{Diagnostic, MAX_DIAGNOSTICS, Severity, cap_diagnostics};
///
/// let stray = || Diagnostic::new(Severity::Error, "stray-bracket", "a `}` with no `{` before it".to_owned());
/// let mut list = vec![stray(); MAX_DIAGNOSTICS + 5];
/// cap_diagnostics(&mut list);
/// assert_eq!(list.len(), MAX_DIAGNOSTICS + 1);
/// assert!(list[MAX_DIAGNOSTICS].message.starts_with("5 more diagnostics of this game are not kept"));
/// list.extend(vec![stray(); 3]);
/// cap_diagnostics(&mut list);
/// assert_eq!(list.len(), MAX_DIAGNOSTICS + 1);
/// assert!(list[MAX_DIAGNOSTICS].message.starts_with("8 more diagnostics"));
/// ```
pub fn cap_diagnostics(list: &mut Vec<Diagnostic>) {
    if list.len() <= MAX_DIAGNOSTICS {
        return;
    }
    let rest = list.split_off(MAX_DIAGNOSTICS);
    let mut dropped = 0;
    let mut first: Option<Diagnostic> = None;
    for d in rest {
        if d.code == CODE {
            dropped += stands_for(&d);
        } else {
            dropped += 1;
        }
        if first.is_none() {
            first = Some(d);
        }
    }
    if let Some(first) = first {
        list.push(too_many(dropped, &first));
    }
}

/// A game's diagnostics as a reader collects them: at most [`MAX_DIAGNOSTICS`] kept, the rest
/// counted, so that memory stays bounded whatever the text holds.
#[derive(Clone, Debug, Default)]
pub struct Collected {
    list: Vec<Diagnostic>,
    dropped: usize,
    first_dropped: Option<Diagnostic>,
}

impl Collected {
    /// Adds `d`, or counts it past the cap.
    pub fn push(&mut self, d: Diagnostic) {
        if self.list.len() < MAX_DIAGNOSTICS {
            self.list.push(d);
        } else {
            self.dropped += 1;
            if self.first_dropped.is_none() {
                self.first_dropped = Some(d);
            }
        }
    }

    /// The diagnostics kept so far.
    pub fn as_slice(&self) -> &[Diagnostic] {
        &self.list
    }

    /// The diagnostics kept, with the `too-many-diagnostics` error after them when some were
    /// dropped.
    pub fn finish(mut self) -> Vec<Diagnostic> {
        if let Some(first) = &self.first_dropped {
            self.list.push(too_many(self.dropped, first));
        }
        self.list
    }
}
