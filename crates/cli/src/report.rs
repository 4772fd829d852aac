//! Diagnostics on standard error: text with the source line and a caret, or JSON lines; the
//! summary; the exit code.

use std::io::{IsTerminal, Write};

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
use notation_traits::{Diagnostic, Severity};
use serde_json::json;

use crate::Format;

/// Exit codes of CLI.md.
pub(crate) const EXIT_OK: u8 = 0;
/// A data error, or a warning under `--strict`, or (compare) different games.
pub(crate) const EXIT_DATA: u8 = 1;
/// Input or output failed.
pub(crate) const EXIT_IO: u8 = 3;

/// Collects what happened and writes it to standard error.
pub(crate) struct Reporter {
    format: Format,
    strict: bool,
    renderer: Renderer,
    pub(crate) games: usize,
    pub(crate) ok: usize,
    pub(crate) converted: usize,
    pub(crate) with_errors: usize,
    pub(crate) warnings: usize,
    errors: usize,
    io_failed: bool,
}

/// The source a diagnostic points into: the game's text and its first line number.
pub(crate) struct Source<'a> {
    pub(crate) text: &'a str,
    pub(crate) first_line: u32,
}

impl Reporter {
    pub(crate) fn new(format: Format, strict: bool) -> Reporter {
        let renderer = if std::io::stderr().is_terminal() {
            Renderer::styled()
        } else {
            Renderer::plain()
        };
        Reporter {
            format,
            strict,
            renderer,
            games: 0,
            ok: 0,
            converted: 0,
            with_errors: 0,
            warnings: 0,
            errors: 0,
            io_failed: false,
        }
    }

    /// Whether `d` counts as an error here (a warning does under `--strict`).
    pub(crate) fn is_error(&self, d: &Diagnostic) -> bool {
        d.is_error() || self.strict
    }

    /// Writes one diagnostic.
    pub(crate) fn emit(&mut self, d: &Diagnostic, source: Option<&Source<'_>>) {
        let mut d = d.clone();
        if self.strict {
            d.severity = Severity::Error;
        }
        if d.is_error() {
            self.errors += 1;
        } else {
            self.warnings += 1;
        }
        let text = match self.format {
            Format::Json => json_line(&d),
            Format::Text => self.render(&d, source),
        };
        let mut err = std::io::stderr().lock();
        let _ = writeln!(err, "{text}");
    }

    /// A note on standard error (what was detected); text format only.
    pub(crate) fn note(&self, text: &str) {
        if self.format == Format::Text {
            eprintln!("note: {text}");
        }
    }

    /// An input or output failure (exit code 3).
    pub(crate) fn io_error(&mut self, file: &str, message: &str) {
        self.io_failed = true;
        match self.format {
            Format::Json => eprintln!(
                "{}",
                json!({"severity": "error", "code": "io", "file": file, "message": message})
            ),
            Format::Text => eprintln!("error: {file}: {message}"),
        }
    }

    fn render(&self, d: &Diagnostic, source: Option<&Source<'_>>) -> String {
        let level = if d.is_error() {
            Level::ERROR
        } else {
            Level::WARNING
        };
        let mut head = Vec::new();
        if let Some(g) = d.game.filter(|&g| g > 1) {
            head.push(format!("game {g}"));
        }
        if let Some(ply) = d.ply {
            head.push(format!("ply {ply}"));
        }
        let mut title = head.join(", ");
        if let Some(text) = &d.text {
            title = if title.is_empty() {
                format!("`{text}`")
            } else {
                format!("{title} (`{text}`)")
            };
        }
        if !title.is_empty() {
            title.push_str(": ");
        }
        title.push_str(&d.message_with_candidates());
        let snippet_line = match (d.span, source) {
            (Some(span), Some(src)) => src
                .text
                .lines()
                .nth(span.start.line.saturating_sub(src.first_line) as usize)
                .map(|line| (span, line)),
            _ => None,
        };
        let file = d.file.clone().unwrap_or_else(|| "<input>".to_owned());
        let head = level.primary_title(title).id(d.code.clone());
        let group = if let Some((span, line)) = snippet_line {
            let start = byte_of_column(line, span.start.column);
            let end = if span.end.line == span.start.line {
                byte_of_column(line, span.end.column).max(start)
            } else {
                line.len()
            };
            let end = if end == start {
                (start + line[start..].chars().next().map_or(0, char::len_utf8)).min(line.len())
            } else {
                end
            };
            head.element(
                Snippet::source(line)
                    .line_start(span.start.line as usize)
                    .path(file)
                    .annotation(AnnotationKind::Primary.span(start..end)),
            )
        } else if let Some(span) = d.span {
            head.element(Level::NOTE.message(format!(
                "{file}, line {}, column {}",
                span.start.line, span.start.column
            )))
        } else {
            head.element(Level::NOTE.message(file))
        };
        let mut groups = Vec::new();
        groups.push(group);
        if let Some(help) = &d.help {
            groups.push(Group::with_title(Level::HELP.secondary_title(help.clone())));
        }
        if d.is_error()
            && let Some(position) = &d.position
        {
            {
                groups.push(Group::with_title(
                    Level::NOTE.secondary_title(format!("position before the move: {position}")),
                ));
            }
        }
        self.renderer.render(&groups)
    }

    /// Writes the summary line and returns the exit code.
    pub(crate) fn finish(self, verb: &str) -> u8 {
        match self.format {
            Format::Json => eprintln!(
                "{}",
                json!({"summary": {"games": self.games, "ok": self.ok, "with_errors": self.with_errors, "warnings": self.warnings}})
            ),
            Format::Text => {
                let mut parts = vec![plural(self.games, "game", "games") + " read"];
                if verb == "convert" {
                    parts.push(format!("{} converted", self.converted));
                }
                parts.push(format!("{} with errors", self.with_errors));
                parts.push(plural(self.warnings, "warning", "warnings"));
                eprintln!("kifu {verb}: {}", parts.join(", "));
            }
        }
        self.exit_code()
    }

    pub(crate) fn exit_code(&self) -> u8 {
        if self.io_failed {
            EXIT_IO
        } else if self.errors > 0 {
            EXIT_DATA
        } else {
            EXIT_OK
        }
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The byte offset of 1-based character column `column` in `line`.
fn byte_of_column(line: &str, column: u32) -> usize {
    line.char_indices()
        .nth(column.saturating_sub(1) as usize)
        .map_or(line.len(), |(i, _)| i)
}

/// A diagnostic as one JSON object (CLI.md, "JSON diagnostics").
pub(crate) fn json_line(d: &Diagnostic) -> String {
    json!({
        "severity": d.severity.as_str(),
        "code": d.code,
        "file": d.file,
        "game": d.game,
        "line": d.span.map(|s| s.start.line),
        "column": d.span.map(|s| s.start.column),
        "ply": d.ply,
        "text": d.text,
        "message": d.message,
        "help": d.help,
        "candidates": d.candidates,
        "position": d.position,
    })
    .to_string()
}
