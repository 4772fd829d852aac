//! Every JSON line `kifu` writes, checked against docs/kifu.schema.json (issue 11, part 3).
//!
//! The tests that run `kifu` pass each run through [`check_output`]: when the arguments ask
//! for JSON (`--to json` on standard output, `--message-format json` or its old name `--format
//! json` on standard error, `compare --message-format json` on both), each JSON line of that
//! stream must be valid under the schema, so the schema and the output cannot drift apart.

use std::process::Output;
use std::sync::OnceLock;

use serde_json::Value;

/// The validator of docs/kifu.schema.json, compiled once per test binary.
fn validator() -> &'static jsonschema::Validator {
    static VALIDATOR: OnceLock<jsonschema::Validator> = OnceLock::new();
    VALIDATOR.get_or_init(|| {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/kifu.schema.json");
        let text = std::fs::read_to_string(path).expect("docs/kifu.schema.json");
        let schema: Value = serde_json::from_str(&text).expect("the schema is JSON");
        jsonschema::validator_for(&schema).expect("the schema is a valid JSON Schema")
    })
}

/// Panics, naming `place` and every violation, when `line` is not JSON or not valid under the
/// schema.
pub(crate) fn check_line(place: &str, line: &str) {
    let value: Value = serde_json::from_str(line)
        .unwrap_or_else(|e| panic!("{place}: not a JSON line ({e}): {line}"));
    check_value(place, &value);
}

/// Every way `value` is not valid under the schema, one line each (`  at PATH: WHY`).
pub(crate) fn violations(value: &Value) -> Vec<String> {
    validator()
        .iter_errors(value)
        .map(|e| format!("  at {}: {e}", e.instance_path()))
        .collect()
}

/// Panics, naming `place` and every violation, when `value` is not valid under the schema.
pub(crate) fn check_value(place: &str, value: &Value) {
    let errors = violations(value);
    assert!(
        errors.is_empty(),
        "{place}: not valid under docs/kifu.schema.json:\n{}\n{value}",
        errors.join("\n")
    );
}

/// Checks every JSON line of `text` (lines that start with `{`; a usage error from the
/// argument parser is plain text).
pub(crate) fn check_lines(place: &str, text: &str) {
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('{') {
            check_line(&format!("{place} line {}", i + 1), line);
        }
    }
}

/// The value of option `long` (or `short`) in `args`: `--to json`, `--to=json`, `-t json`.
fn option<'a>(args: &[&'a str], long: &str, short: Option<&str>) -> Option<&'a str> {
    let prefix = format!("{long}=");
    args.iter().enumerate().find_map(|(i, a)| {
        if *a == long || Some(*a) == short {
            args.get(i + 1).copied()
        } else {
            a.strip_prefix(prefix.as_str())
        }
    })
}

/// Checks the JSON of one run of `kifu args`: standard output for `--to json` (when it is not
/// written to a file) and for `compare --message-format json`, standard error for
/// `--message-format json`.
pub(crate) fn check_output(args: &[&str], out: &Output) {
    let messages = option(args, "--message-format", None)
        .or_else(|| option(args, "--format", None))
        == Some("json");
    let records = option(args, "--to", Some("-t")) == Some("json");
    let to_file = option(args, "--output", Some("-o")).is_some()
        || option(args, "--output-dir", None).is_some();
    let place = format!("kifu {}", args.join(" "));
    if (records && !to_file) || (messages && args.first() == Some(&"compare")) {
        check_lines(
            &format!("{place}: stdout"),
            &String::from_utf8_lossy(&out.stdout),
        );
    }
    if messages {
        check_lines(
            &format!("{place}: stderr"),
            &String::from_utf8_lossy(&out.stderr),
        );
    }
}
