//! One diagnostic model for both games: what went wrong (or was normalised), where, at which ply,
//! in which position, and what to write instead.
//!
//! The command line renders a [`Diagnostic`] as text with the source line and a caret, or as one
//! JSON object per line with the fields of docs/cli.md (`severity`, `code`, `file`, `game`, `line`,
//! `column`, `ply`, `text`, `message`, `help`, `candidates`, `position`).

use std::borrow::Cow;
use std::fmt;

use crate::{MoveError, NotationError, Span, SyntaxError, Warning};

/// Every diagnostic code kifu emits, sorted: the values of [`Diagnostic::code`].
///
/// The codes are stable (scripts match on them; docs/codes.md says what each means), and each
/// has a bad input in testdata/errors/ whose exact diagnostic the test suite checks. The
/// command line's `--allow CODE` and `--deny CODE` accept exactly these.
///
/// Made from the string literals passed as the code to `Diagnostic::new`, `Warning::new` and
/// the text reader's `warn`/`error` (notation-traits/src/reader.rs), the codes of `Rule::code`
/// and `MoveError::code` / `NotationError::code` (notation-traits/src/error.rs), and the `io`
/// code of the command line's JSON (crates/cli/src/report.rs), with:
///
/// ```sh
/// { grep -rn -A4 'Diagnostic::new(\|Warning::new(\|b\.warn(\|b\.error(\|self\.warn(' crates/*/src \
///     | grep -oE '"[a-z][a-z0-9-]*"'
///   sed -n '/pub fn code(self)/,/^    }/p;/pub fn code(&self)/,/^    }/p' \
///     crates/notation-traits/src/error.rs | grep -oE '"[a-z][a-z0-9-]*"'
///   grep -rhoE '"code": "[a-z-]+"' crates/cli/src | grep -oE '"[a-z-]+"$'
/// } | tr -d '"' | sort -u
/// ```
///
/// Kebab-case strings that are no codes (move texts such as `"p-7f"`, handicap names such as
/// `"rook-lance"`, parser labels such as `"mark-or-end"`, terminations such as `"move-rule"`)
/// are not among them.
///
/// ```
/// assert!(notation_traits::CODES.contains(&"ambiguous-move"));
/// assert!(notation_traits::CODES.is_sorted());
/// ```
pub const CODES: &[&str] = &[
    "ambiguous-move",
    "bad-board",
    "bad-clock",
    "bad-fen",
    "bad-handicap",
    "bad-header",
    "bad-json",
    "bad-move-record",
    "bad-piece-table",
    "bad-position",
    "bad-sfen",
    "bad-tag",
    "bad-variation",
    "brace-in-comment",
    "cannon-screen",
    "capture-mark",
    "capture-shorthand",
    "check-mark",
    "check-sign",
    "dead-piece",
    "dialect-collision",
    "drop-on-occupied",
    "drop-without-mark",
    "duplicate-tag",
    "elephant-eye",
    "fen-mismatch",
    "field-mismatch",
    "flying-general",
    "forced-promotion",
    "forced-promotion-unmarked",
    "form-not-allowed",
    "full-width",
    "handicap-mismatch",
    "horse-leg",
    "invalid-bytes",
    "io",
    "jkf-field",
    "json-input",
    "king-left-in-check",
    "language-hint",
    "letter-alias",
    "letter-case",
    "lowercase-letter",
    "marker-before-letter",
    "mate-sign",
    "misplaced-line",
    "move-number-mismatch",
    "needless-declined-mark",
    "nifu",
    "no-such-piece",
    "not-in-hand",
    "not-writable",
    "notation-not-detected",
    "notation-tie",
    "numeral-style",
    "one-game-per-file",
    "own-piece",
    "palace",
    "path-blocked",
    "pawn-before-river",
    "piece-character-color",
    "piece-left-out",
    "piece-movement",
    "promoted-piece-unmarked",
    "promotion-not-allowed",
    "promotion-unmarked",
    "redundant-marker",
    "repaired-move",
    "result-conflict",
    "result-in-variation",
    "result-mismatch",
    "river",
    "sideways-sign",
    "stray-bracket",
    "stray-parenthesis",
    "syntax",
    "tandem-file-digit",
    "tandem-file-missing",
    "terminal-mismatch",
    "text-after-result",
    "too-many-diagnostics",
    "trailing-bytes",
    "truncated-file",
    "uchifuzume",
    "unclosed-comment",
    "unclosed-variation",
    "undecodable-text",
    "unescaped-quote",
    "unknown-line",
    "unread-moves",
    "variation-dropped",
    "variation-too-deep",
    "variation-without-move",
    "wrong-side",
    "wrong-side-to-move",
    "wrong-variant",
    "wxf-form",
    "wxr2018-form",
    "xqbase-form",
];

/// How bad a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// A normalisation or a tolerated form; the move was read.
    Warning,
    /// The move or game could not be read as written.
    Error,
}

impl Severity {
    /// `warning` or `error`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A finding about the input, with everything needed to find and fix it.
///
/// # Examples
///
/// ```
/// use notation_traits::{Diagnostic, Severity, Span};
///
/// let d = Diagnostic::new(Severity::Error, "ambiguous-move", "ambiguous move: two red horses can reach g3")
///     .at(Span::locate("\n\n\n\n\n\n\n\n\n\n\n    Hg3", 15, 18))
///     .with_ply(17)
///     .with_text("Hg3")
///     .with_candidates(vec!["Hhg3".into(), "Hbg3".into()]);
/// assert_eq!(
///     d.to_string(),
///     "error: line 12, column 5, ply 17 (`Hg3`): ambiguous move: two red horses can reach g3: write Hhg3 or Hbg3"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// Stable kebab-case code (`ambiguous-move`, `flying-general`, `move-number-mismatch`).
    pub code: String,
    /// The file name as given on the command line, if any.
    pub file: Option<String>,
    /// The game's index in its file, starting at 1.
    pub game: Option<usize>,
    /// Where in the file.
    pub span: Option<Span>,
    /// The ply of the move concerned, starting at 1 at the record's first move.
    pub ply: Option<u32>,
    /// The move's text as written.
    pub text: Option<String>,
    /// What is wrong and what was expected.
    pub message: String,
    /// A help line: the corrected spelling or what to do.
    pub help: Option<String>,
    /// Legal moves the user may have meant, written in the notation of the input.
    pub candidates: Vec<String>,
    /// The position before the move (FEN or SFEN).
    pub position: Option<String>,
}

impl Diagnostic {
    /// A diagnostic with a severity, a code and a message, and nothing else yet.
    pub fn new(severity: Severity, code: impl Into<String>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity,
            code: code.into(),
            file: None,
            game: None,
            span: None,
            ply: None,
            text: None,
            message: message.into(),
            help: None,
            candidates: Vec::new(),
            position: None,
        }
    }

    /// An error diagnostic from a move that could not be read; candidates are kept apart from
    /// the message.
    pub fn from_notation_error(err: &NotationError) -> Self {
        match err {
            NotationError::Syntax(e) => Diagnostic::from_syntax_error(e),
            NotationError::Move(e) => Diagnostic::from_move_error(e),
        }
    }

    /// An error diagnostic from a syntax error (the span is the error's own).
    pub fn from_syntax_error(err: &SyntaxError) -> Self {
        Diagnostic::new(Severity::Error, "syntax", err.to_string()).at(err.span)
    }

    /// An error diagnostic from a move error.
    pub fn from_move_error(err: &MoveError) -> Self {
        Diagnostic::new(
            Severity::Error,
            err.code(),
            err.message_without_candidates(),
        )
        .with_candidates(err.candidates().to_vec())
    }

    /// A warning diagnostic from a reader's warning.
    pub fn from_warning(w: &Warning) -> Self {
        Diagnostic::new(Severity::Warning, w.code, w.message.clone())
    }

    /// Sets the place.
    #[must_use]
    pub fn at(mut self, span: Span) -> Self {
        self.span = Some(span);
        self
    }

    /// Sets the ply.
    #[must_use]
    pub fn with_ply(mut self, ply: u32) -> Self {
        self.ply = Some(ply);
        self
    }

    /// Sets the move text.
    #[must_use]
    pub fn with_text(mut self, text: impl Into<String>) -> Self {
        self.text = Some(text.into());
        self
    }

    /// Sets the help line.
    #[must_use]
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Sets the candidates.
    #[must_use]
    pub fn with_candidates(mut self, candidates: Vec<String>) -> Self {
        self.candidates = candidates;
        self
    }

    /// Sets the position before the move.
    #[must_use]
    pub fn with_position(mut self, position: impl Into<String>) -> Self {
        self.position = Some(position.into());
        self
    }

    /// Sets the game index (from 1).
    #[must_use]
    pub fn in_game(mut self, game: usize) -> Self {
        self.game = Some(game);
        self
    }

    /// Sets the file name.
    #[must_use]
    pub fn in_file(mut self, file: impl Into<String>) -> Self {
        self.file = Some(file.into());
        self
    }

    /// Whether this is an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// The move's text as a message quotes it: [`shown_text`] of [`Diagnostic::text`].
    pub fn shown_text(&self) -> Option<Cow<'_, str>> {
        self.text.as_deref().map(shown_text)
    }

    /// The message followed by the candidates (`...: write A or B`), as one line.
    pub fn message_with_candidates(&self) -> String {
        match self.candidates.as_slice() {
            [] => self.message.clone(),
            [one] => format!("{}: write {one}", self.message),
            [init @ .., last] => format!("{}: write {} or {last}", self.message, init.join(", ")),
        }
    }
}

/// The most characters of a move's text a message quotes; a longer text (a run of letters with
/// no space, a line of garbage) is cut there and its length given, so that a one-megabyte token
/// does not make a one-megabyte message.
pub const SHOWN_TEXT: usize = 120;

/// A move's text as a message quotes it: whole when it has at most [`SHOWN_TEXT`] characters,
/// else its first [`SHOWN_TEXT`] and `… (N characters)`.
///
/// ```
/// use notation_traits::shown_text;
/// assert_eq!(shown_text("P-7f"), "P-7f");
/// let long = "A".repeat(1000);
/// assert_eq!(shown_text(&long), format!("{}… (1000 characters)", "A".repeat(120)));
/// ```
pub fn shown_text(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(SHOWN_TEXT) {
        None => Cow::Borrowed(text),
        Some((cut, _)) => Cow::Owned(format!(
            "{}… ({} characters)",
            &text[..cut],
            text.chars().count()
        )),
    }
}

impl std::error::Error for Diagnostic {}

impl fmt::Display for Diagnostic {
    /// `severity: [file: ][game N, ]line L, column C, ply P (`text`): message: write A or B`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.severity)?;
        let mut place = Vec::new();
        if let Some(file) = &self.file {
            place.push(file.clone());
        }
        if let Some(game) = self.game {
            place.push(format!("game {game}"));
        }
        if let Some(span) = self.span {
            place.push(span.start.to_string());
        }
        if let Some(ply) = self.ply {
            place.push(format!("ply {ply}"));
        }
        let mut head = place.join(", ");
        if let Some(text) = self.shown_text() {
            if head.is_empty() {
                head = format!("`{text}`");
            } else {
                head = format!("{head} (`{text}`)");
            }
        }
        if !head.is_empty() {
            write!(f, "{head}: ")?;
        }
        f.write_str(&self.message_with_candidates())?;
        if let Some(help) = &self.help {
            write!(f, " ({help})")?;
        }
        Ok(())
    }
}
