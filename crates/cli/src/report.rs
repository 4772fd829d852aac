//! Diagnostics on standard error: text with the source line and a caret, or JSON lines; the
//! summary; the exit code.

use std::io::{IsTerminal, Write};

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
use notation_traits::Diagnostic;

use crate::Format;

/// How everything on standard error is printed: `--quiet` and `--color`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Printing {
    /// No notes.
    pub(crate) quiet: bool,
    /// Colored diagnostics.
    pub(crate) color: bool,
}

static PRINTING: std::sync::OnceLock<Printing> = std::sync::OnceLock::new();

/// Sets how standard error is printed, once, from the command line.
pub(crate) fn set_printing(p: Printing) {
    let _ = PRINTING.set(p);
}

/// How standard error is printed.
pub(crate) fn printing() -> Printing {
    PRINTING.get().copied().unwrap_or_default()
}

/// A write to standard output failed: a closed pipe (`kifu convert ... | head -1`) ends the
/// program at once, quietly, with exit code 0, as Unix filters do; any other failure sets
/// [`crate::OUTPUT_FAILED`] (exit code 3).
pub(crate) fn stdout_failed(e: &std::io::Error) {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(i32::from(EXIT_OK));
    }
    crate::OUTPUT_FAILED.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// Exit codes of CLI.md.
pub(crate) const EXIT_OK: u8 = 0;
/// A data error, or a warning under `--strict`, or (compare) different games.
pub(crate) const EXIT_DATA: u8 = 1;
/// Input or output failed.
pub(crate) const EXIT_IO: u8 = 3;

/// Collects what happened and writes it to standard error.
pub(crate) struct Reporter {
    format: Format,
    renderer: Renderer,
    pub(crate) games: usize,
    pub(crate) ok: usize,
    pub(crate) converted: usize,
    pub(crate) with_errors: usize,
    pub(crate) warnings: usize,
    errors: usize,
    io_failed: bool,
    /// Input files not read, by why.
    skipped: std::collections::BTreeMap<&'static str, usize>,
    /// Diagnostics shown per code in the current game, and those held back.
    shown: std::collections::HashMap<String, usize>,
    held_back: std::collections::BTreeMap<String, usize>,
    /// `--strict`, `--allow` and `--deny`.
    severities: kifu_records::Severities,
    /// A progress bar for long batches on a terminal; diagnostics are printed around it.
    progress: Option<indicatif::ProgressBar>,
    /// `--show-board`: an error's position is drawn under its note.
    show_board: bool,
}

/// The source a diagnostic points into: the game's text and its first line number.
pub(crate) struct Source<'a> {
    text: &'a str,
    first_line: u32,
    /// Byte offsets of the line starts, computed on the first lookup.
    starts: std::cell::OnceCell<Vec<usize>>,
}

impl<'a> Source<'a> {
    pub(crate) fn new(text: &'a str, first_line: u32) -> Source<'a> {
        Source {
            text,
            first_line,
            starts: std::cell::OnceCell::new(),
        }
    }

    /// The text of line `line` (numbered as in the file), without its line end.
    fn line(&self, line: u32) -> Option<&'a str> {
        let starts = self.starts.get_or_init(|| {
            std::iter::once(0)
                .chain(self.text.match_indices('\n').map(|(i, _)| i + 1))
                .collect()
        });
        let i = line.checked_sub(self.first_line)? as usize;
        let start = *starts.get(i)?;
        let end = starts.get(i + 1).map_or(self.text.len(), |&e| e - 1);
        Some(self.text.get(start..end)?.trim_end_matches('\r'))
    }
}

/// The most diagnostics of one code shown for one game; the rest are counted.
const MAX_PER_CODE: usize = 10;

/// The most characters of a source line shown on each side of the place, when the line is
/// longer than [`WHOLE_LINE`].
const WINDOW: usize = 60;

/// A source line of at most this many characters is shown whole.
const WHOLE_LINE: usize = 160;

impl Reporter {
    pub(crate) fn new(format: Format, strict: bool) -> Reporter {
        let renderer = if printing().color {
            Renderer::styled()
        } else {
            Renderer::plain()
        };
        Reporter {
            format,
            renderer,
            games: 0,
            ok: 0,
            converted: 0,
            with_errors: 0,
            warnings: 0,
            errors: 0,
            io_failed: false,
            skipped: std::collections::BTreeMap::new(),
            shown: std::collections::HashMap::new(),
            held_back: std::collections::BTreeMap::new(),
            severities: kifu_records::Severities {
                strict,
                ..kifu_records::Severities::default()
            },
            progress: None,
            show_board: false,
        }
    }

    /// Whether `d` counts as an error here (a warning does under `--strict`).
    pub(crate) fn is_error(&self, d: &Diagnostic) -> bool {
        self.severities.is_error(d)
    }

    /// Shows a progress bar over `total` bytes when standard error is a terminal and the batch is
    /// long (8 MiB or ten files).
    pub(crate) fn start_progress(&mut self, total: u64, files: usize) {
        let long = total >= 8 << 20 || files >= 10;
        if long && std::io::stderr().is_terminal() && self.format == Format::Text {
            let bar = indicatif::ProgressBar::new(total.max(1));
            if let Ok(style) =
                indicatif::ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {msg}")
            {
                bar.set_style(style);
            }
            self.progress = Some(bar);
        }
    }

    /// Moves the progress bar to `done` bytes, naming the file.
    pub(crate) fn progress(&self, done: u64, file: &str) {
        if let Some(bar) = &self.progress {
            bar.set_position(done);
            bar.set_message(file.to_owned());
        }
    }

    /// Writes a line to standard error, around the progress bar if there is one.
    fn print(&self, text: &str) {
        let write = || {
            let mut err = std::io::stderr().lock();
            if writeln!(err, "{text}").is_err() {
                crate::OUTPUT_FAILED.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        };
        match &self.progress {
            Some(bar) => bar.suspend(write),
            None => write(),
        }
    }

    /// Sets the codes of `--allow` and `--deny`.
    pub(crate) fn with_codes(mut self, allow: &[String], deny: &[String]) -> Reporter {
        self.severities.allow = allow.to_vec();
        self.severities.deny = deny.to_vec();
        self
    }

    /// Draws the position before a faulty move under its note (`--show-board`).
    pub(crate) fn with_board(mut self, show: bool) -> Reporter {
        self.show_board = show;
        self
    }

    /// Whether errors are shown with the board before the move (`--show-board`).
    pub(crate) fn shows_board(&self) -> bool {
        self.show_board
    }

    /// Writes one diagnostic; `board` is the text diagram of its position (`--show-board`),
    /// shown under the position's note, or as the `board` field of its JSON line.
    pub(crate) fn emit(
        &mut self,
        d: &Diagnostic,
        source: Option<&Source<'_>>,
        board: Option<&str>,
    ) {
        let Some(d) = self.severities.reported(d) else {
            return;
        };
        if d.is_error() {
            self.errors += 1;
        } else {
            self.warnings += 1;
        }
        if self.format == Format::Text {
            let n = self.shown.entry(d.code.clone()).or_default();
            *n += 1;
            if *n > MAX_PER_CODE {
                *self.held_back.entry(d.code.clone()).or_default() += 1;
                return;
            }
        }
        let text = match self.format {
            Format::Json => {
                let mut line = kifu_records::diagnostic_json(&d);
                if let Some(board) = board {
                    line["board"] = serde_json::json!(board);
                }
                line.to_string()
            }
            Format::Text => self.render(&d, source, board),
        };
        self.print(&text);
    }

    /// Ends a game: says how many diagnostics of each code were held back.
    pub(crate) fn end_game(&mut self, file: &str, game: usize) {
        for (code, n) in std::mem::take(&mut self.held_back) {
            self.print(&format!(
                "note: {file}: game {game}: {n} more `{code}` diagnostics not shown (--format json shows every one)"
            ));
        }
        self.shown.clear();
    }

    /// Counts an input file not read, and why (`empty`, `of a kind kifu does not read`).
    pub(crate) fn skip(&mut self, why: &'static str) {
        *self.skipped.entry(why).or_default() += 1;
    }

    /// A note on standard error (what was detected); text format only.
    pub(crate) fn note(&self, text: &str) {
        if self.format == Format::Text && !printing().quiet {
            self.print(&format!("note: {text}"));
        }
    }

    /// An input or output failure (exit code 3).
    pub(crate) fn io_error(&mut self, file: &str, message: &str) {
        self.io_error_in_game(file, None, message);
    }

    /// An input failure within game `game` (undecodable bytes spoil one game). The JSON form
    /// carries the line and column a message starts with (`line 9201: ...`,
    /// `line 3, column 10: ...`).
    pub(crate) fn io_error_in_game(&mut self, file: &str, game: Option<usize>, message: &str) {
        self.io_failed = true;
        let text = match self.format {
            Format::Json => kifu_records::io_error_json(Some(file), game, message).to_string(),
            Format::Text => format!("error[io]: {file}: {message}"),
        };
        self.print(&text);
    }

    fn render(&self, d: &Diagnostic, source: Option<&Source<'_>>, board: Option<&str>) -> String {
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
        if let Some(text) = d.shown_text() {
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
            // Line 0: a place in a binary file (XQF, CBR), named by its byte offset below.
            (Some(span), Some(src)) if span.start.line > 0 => {
                src.line(span.start.line).map(|line| (span, line))
            }
            _ => None,
        };
        let file = d.file.clone().unwrap_or_else(|| "<input>".to_owned());
        let head = level.primary_title(title).id(d.code.clone());
        let group = if let Some((span, full)) = snippet_line {
            // A long line is shown around the place only.
            let (first, last) = if full.chars().count() <= WHOLE_LINE {
                (0, full.len())
            } else {
                (
                    byte_of_column(full, span.start.column.saturating_sub(WINDOW as u32).max(1)),
                    byte_of_column(full, span.start.column + WINDOW as u32),
                )
            };
            let line = &full[first..last];
            let start = byte_of_column(full, span.start.column) - first;
            let end = if span.end.line == span.start.line {
                (byte_of_column(full, span.end.column).min(last) - first).max(start)
            } else {
                line.len()
            };
            let end = if end == start {
                (start + line[start..].chars().next().map_or(0, char::len_utf8)).min(line.len())
            } else {
                end
            };
            let snippet = Snippet::source(line)
                .line_start(span.start.line as usize)
                .annotation(AnnotationKind::Primary.span(start..end));
            if first == 0 {
                head.element(snippet.path(file))
            } else {
                // The renderer would count the column from the window: name the place instead.
                head.element(Level::NOTE.message(format!(
                    "{file}, line {}, column {} (the line is shown around it)",
                    span.start.line, span.start.column
                )))
                .element(snippet)
            }
        } else if let Some(span) = d.span.filter(|s| s.start.line == 0) {
            head.element(Level::NOTE.message(format!("{file}, byte {}", span.start.offset)))
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
        let mut board_lines = None;
        if d.is_error()
            && let Some(position) = &d.position
        {
            groups.push(Group::with_title(
                Level::NOTE.secondary_title(format!("position before the move: {position}")),
            ));
            board_lines = board;
        }
        let text = self.renderer.render(&groups);
        match board_lines {
            // The diagram as it is, not indented, so it can be copied out whole (a BOD reads
            // back into Kifu for Windows).
            Some(board) => format!("{text}\n{}", board.trim_end_matches('\n')),
            None => text,
        }
    }

    /// Writes the summary line and returns the exit code.
    pub(crate) fn finish(self, verb: &str) -> u8 {
        if let Some(bar) = &self.progress {
            bar.finish_and_clear();
        }
        let summary = kifu_records::Summary {
            games: self.games,
            ok: self.ok,
            with_errors: self.with_errors,
            warnings: self.warnings,
            converted: (verb == "convert").then_some(self.converted),
            skipped: self.skipped.clone(),
        };
        match self.format {
            Format::Json => errln!("{}", summary.to_json()),
            Format::Text => errln!("kifu {verb}: {}", summary.describe()),
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

/// The byte offset of 1-based character column `column` in `line`.
fn byte_of_column(line: &str, column: u32) -> usize {
    line.char_indices()
        .nth(column.saturating_sub(1) as usize)
        .map_or(line.len(), |(i, _)| i)
}
