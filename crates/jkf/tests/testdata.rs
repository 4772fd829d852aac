//! The JKF files of testdata/jkf, written from json-kifu-format's README and schema: the
//! minimal move objects of Kifu for JS's parsers (no `from`, `same` for `to`, CSA's piece
//! after promotion, `relative` choosing between two golds) read to their moves and written
//! back normalized; and the broken files of testdata/jkf/errors, each with its diagnostic
//! (code, line, column, message).

mod common;

use jkf::Jkf;
use notation_traits::{RecordFormat, Severity, TerminalKind, WriteSettings, Written};
use rstest::rstest;
use serde_json::{Value, json};

fn testdata(name: &str) -> String {
    let path = format!("{}/../../testdata/jkf/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn minimal_objects_read_and_write_normalized() {
    let game = common::read(&testdata("minimal.jkf")).remove(0);
    assert!(game.raw.diagnostics.is_empty());
    let checked = common::check(game);
    let r = &checked.replayed;
    let moves: Vec<String> = r
        .record
        .main
        .moves
        .iter()
        .map(|m| m.mv.to_string())
        .collect();
    // 右 for gote is the gold on 61 (gote's right is the ninth file's side).
    assert_eq!(moves, ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "6a5b"]);
    let codes: Vec<(&str, Option<u32>)> = r
        .diagnostics
        .iter()
        .map(|d| (d.code.as_str(), d.ply))
        .collect();
    assert_eq!(codes, [("field-mismatch", Some(3))]);
    assert_eq!(
        checked.terminal.as_ref().map(|t| t.kind),
        Some(TerminalKind::Interrupted)
    );

    let w = Jkf.write(&checked, &WriteSettings::default()).unwrap();
    let Written::Text(text) = w.output else {
        panic!()
    };
    let v: Value = serde_json::from_str(&text).unwrap();
    let written: Vec<&Value> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e.get("move"))
        .collect();
    assert_eq!(
        written,
        [
            json!({"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU"}),
            json!({"color": 1, "from": {"x": 3, "y": 3}, "to": {"x": 3, "y": 4}, "piece": "FU"}),
            json!({"color": 0, "from": {"x": 8, "y": 8}, "to": {"x": 2, "y": 2}, "piece": "KA", "promote": true, "capture": "KA"}),
            json!({"color": 1, "from": {"x": 3, "y": 1}, "to": {"x": 2, "y": 2}, "piece": "GI", "same": true, "capture": "UM"}),
            json!({"color": 0, "to": {"x": 4, "y": 5}, "piece": "KA"}),
            json!({"color": 1, "from": {"x": 6, "y": 1}, "to": {"x": 5, "y": 2}, "piece": "KI", "relative": "R"}),
        ]
        .iter()
        .collect::<Vec<_>>()
    );
    assert_eq!(v["initial"], json!({"preset": "HIRATE"}));
    assert_eq!(
        v["moves"].as_array().unwrap().last().unwrap(),
        &json!({"special": "CHUDAN"})
    );
}

#[rstest]
#[case::bad_json(
    "../../errors/bad-json.jkf",
    "bad-json",
    Severity::Error,
    6,
    1,
    "the file is not JSON: expected `,` or `]`, found the end of the text"
)]
#[case::jkf_field(
    "../../errors/jkf-field.jkf",
    "jkf-field",
    Severity::Warning,
    2,
    3,
    "`type` is not a member of a JKF record (header initial moves): ignored"
)]
#[case::field_mismatch(
    "../../errors/field-mismatch.jkf",
    "field-mismatch",
    Severity::Warning,
    5,
    14,
    "`capture` is KA, but the move takes nothing"
)]
#[case::bad_position(
    "bad-position.jkf",
    "bad-position",
    Severity::Error,
    3,
    25,
    "`preset`: expected HIRATE KY KY_R KA HI HIKY 2 3 4 5 5_L 6 7_L 7_R 8 10, or OTHER with `data`, found `KY_L`"
)]
#[case::wrong_side(
    "wrong-side.jkf",
    "wrong-side",
    Severity::Error,
    5,
    14,
    "illegal move: `color` 1 is white (gote), but black (sente) is to move: it is the other side's turn"
)]
fn broken_files_say_where_and_why(
    #[case] name: &str,
    #[case] code: &str,
    #[case] severity: Severity,
    #[case] line: u32,
    #[case] column: u32,
    #[case] message: &str,
) {
    let game = common::read(&testdata(&format!("errors/{name}"))).remove(0);
    let mut found = game.raw.diagnostics.clone();
    match &game.start {
        Err(d) => found.push(*d.clone()),
        Ok(start) => {
            let replayed = notation_traits::replay(
                &game.raw.record,
                *start,
                game.notation.as_deref().unwrap(),
            );
            found.extend(replayed.diagnostics);
        }
    }
    assert_eq!(found.len(), 1, "{found:?}");
    let d = &found[0];
    let at = d.span.unwrap().start;
    assert_eq!(
        (
            d.code.as_str(),
            d.severity,
            at.line,
            at.column,
            d.message.as_str()
        ),
        (code, severity, line, column, message)
    );
}
