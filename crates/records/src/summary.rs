//! The summary of a run over games: how many were read, clean, with errors, converted, and
//! how many input files were skipped and why; as the last line of the text diagnostics and as
//! JSON (docs/kifu.schema.json, `summary`).

use std::collections::BTreeMap;

use serde_json::{Value, json};

/// What a run over games counted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games read (a game spoilt by undecodable bytes counts).
    pub games: usize,
    /// Games without an error.
    pub ok: usize,
    /// Games with an error.
    pub with_errors: usize,
    /// Warnings reported.
    pub warnings: usize,
    /// Games written, for a conversion; `None` when nothing is written (a check).
    pub converted: Option<usize>,
    /// Input files not read, by why (`empty`, `of a kind kifu does not read`).
    pub skipped: BTreeMap<&'static str, usize>,
}

impl Summary {
    /// The summary as its JSON line: `{"summary":{"games":..,"ok":..,"with_errors":..,
    /// "warnings":..}}`, with `converted` for a conversion and `skipped_files` when files were
    /// skipped.
    ///
    /// ```
    /// let mut s = kifu_records::Summary { games: 2, ok: 1, with_errors: 1, converted: Some(2), ..Default::default() };
    /// s.skipped.insert("empty", 1);
    /// assert_eq!(
    ///     s.to_json().to_string(),
    ///     r#"{"summary":{"games":2,"ok":1,"with_errors":1,"warnings":0,"converted":2,"skipped_files":1}}"#
    /// );
    /// assert_eq!(s.describe(), "2 games read, 2 converted, 1 with errors, 0 warnings; 1 file skipped (1 empty)");
    /// ```
    pub fn to_json(&self) -> Value {
        let mut summary = json!({
            "games": self.games, "ok": self.ok, "with_errors": self.with_errors,
            "warnings": self.warnings,
        });
        if let Some(n) = self.converted {
            summary["converted"] = json!(n);
        }
        let skipped: usize = self.skipped.values().sum();
        if skipped > 0 {
            summary["skipped_files"] = json!(skipped);
        }
        json!({ "summary": summary })
    }

    /// The summary in words: `1 game read, 0 with errors, 0 warnings; 3 files skipped (1
    /// empty, 2 of a kind kifu does not read)`.
    pub fn describe(&self) -> String {
        let mut parts = vec![plural(self.games, "game", "games") + " read"];
        if let Some(n) = self.converted {
            parts.push(format!("{n} converted"));
        }
        parts.push(format!("{} with errors", self.with_errors));
        parts.push(plural(self.warnings, "warning", "warnings"));
        let skipped: usize = self.skipped.values().sum();
        let mut text = parts.join(", ");
        if skipped > 0 {
            let why: Vec<String> = self
                .skipped
                .iter()
                .map(|(why, n)| format!("{n} {why}"))
                .collect();
            text.push_str(&format!(
                "; {} skipped ({})",
                plural(skipped, "file", "files"),
                why.join(", ")
            ));
        }
        text
    }
}

/// `1 game`, `2 games`.
fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
