//! Nothing lost: every game file of testdata converted to a notation of its game and back keeps
//! every move, tag, comment, glyph, clock time, variation and result (compared through kifu's
//! JSON record of both).

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

fn kifu(args: &[&str], stdin: Option<&[u8]>) -> Vec<u8> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("kifu runs");
    {
        let mut input = child.stdin.take().expect("stdin");
        if let Some(bytes) = stdin {
            input.write_all(bytes).expect("write stdin");
        }
    }
    let out = child.wait_with_output().expect("kifu finishes");
    common::schema::check_output(args, &out);
    out.stdout
}

fn records(json: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(json)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// The tags a writer adds or normalises on its own: the format, the layout's first tags, the
/// WXF dialect of a game with a spelling another dialect reads as another move.
const WRITER_TAGS: [&str; 9] = [
    "Game", "Format", "Language", "Variant", "Result", "FEN", "SFEN", "Sente", "Dialect",
];

/// What must survive: the moves with their comments, glyphs, clocks and variations, the
/// comments before and after the game, the result, and every tag the writer does not own.
fn essence(g: &Value) -> Value {
    let tags: serde_json::Map<String, Value> = g["tags"]
        .as_object()
        .unwrap()
        .iter()
        .filter(|(k, _)| {
            !WRITER_TAGS.iter().any(|w| k.eq_ignore_ascii_case(w))
                && !["Gote", "Black", "White"]
                    .iter()
                    .any(|w| k.eq_ignore_ascii_case(w))
        })
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    let moves: Vec<Value> = g["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            serde_json::json!({
                "coord": m["coord"], "comments": m["comments"], "nags": m["nags"],
                "clock": m["clock"], "variations": variation_coords(&m["variations"]),
                "variation_comments": m["variation_comments"],
            })
        })
        .collect();
    serde_json::json!({
        "tags": tags,
        "comments": g["comments"],
        "moves": moves,
        "result": g["result"],
        "result_comments": g["result_comments"],
        "final": g["final"],
    })
}

fn variation_coords(v: &Value) -> Value {
    match v.as_array() {
        None => Value::Null,
        Some(lines) => Value::Array(
            lines
                .iter()
                .map(|line| {
                    Value::Array(
                        line.as_array()
                            .unwrap()
                            .iter()
                            .map(|m| {
                                serde_json::json!([
                                    m["coord"],
                                    m["comments"],
                                    variation_coords(&m["variations"])
                                ])
                            })
                            .collect(),
                    )
                })
                .collect(),
        ),
    }
}

#[test]
fn every_test_file_converts_there_and_back_without_loss() {
    let root = format!("{}/../../testdata", env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for (dir, outputs) in [
        (
            "xiangqi",
            &["wxf", "chinese", "iccs", "uci", "algebraic"][..],
        ),
        ("shogi", &["psn", "usi"][..]),
    ] {
        let mut names: Vec<String> = std::fs::read_dir(format!("{root}/{dir}"))
            .unwrap()
            .filter_map(Result::ok)
            .map(|e| e.path().display().to_string())
            .filter(|p| p.ends_with(".pgn") || p.ends_with(".psn") || p.ends_with(".txt"))
            .collect();
        names.sort();
        for path in names {
            files.push((path, outputs));
        }
    }
    let mut compared = 0;
    for (path, outputs) in files {
        let original = records(&kifu(&["convert", "--to", "json", &path], None));
        for to in outputs {
            let converted = kifu(&["convert", "--to", to, &path], None);
            let back = records(&kifu(&["convert", "--to", "json", "-"], Some(&converted)));
            assert_eq!(back.len(), original.len(), "{path} via {to}");
            for (a, b) in original.iter().zip(&back) {
                if a.get("unread").is_some() || a.get("error").is_some() {
                    // A game with an unread rest keeps it as text; compared elsewhere.
                    continue;
                }
                assert_eq!(essence(a), essence(b), "{path} via {to}");
                compared += 1;
            }
        }
    }
    assert!(compared > 50, "{compared}");
}

#[test]
fn a_broken_variation_and_a_brace_in_a_comment_survive() {
    // From the bad-input trial: the rest of a variation after an illegal move kept only its
    // move texts, and a `}` in a `;` comment came back as `)`.
    let game = b"1. C2.5 ; a } b\nH8+7 2. H2+3 R9.8 (2... C8.6! $5 {comment here} 3. R1.2 (3. R9.8 $7)) 3. R1.2 1-0\n";
    let out = String::from_utf8(kifu(&["convert", "--to", "wxf"], Some(game))).unwrap();
    assert!(out.contains("1. C2.5 ; a } b\n"), "{out}");
    assert!(
        out.contains("(; unread: 2... C8.6 $1 $5 {comment here} 3. R1.2 (3. R9.8 $7)\n)"),
        "{out}"
    );
    // Written again, the same text; read, the same comments.
    let again = String::from_utf8(kifu(&["convert", "--to", "wxf"], Some(out.as_bytes()))).unwrap();
    assert_eq!(again, out);
    let v = &records(&kifu(&["convert", "--to", "json"], Some(out.as_bytes())))[0];
    assert_eq!(v["moves"][0]["comments"], serde_json::json!(["a } b"]));
}

/// A tag value with quotes a script left unescaped (a public xiangqi collection's
/// `[Event ""Huangshan Cup" National GM,CM Tournament 2002"]`): the pair closes at the `"]`
/// ending its line, so the value is whole in kifu's JSON and written back escaped.
#[test]
fn a_tag_value_with_unescaped_quotes_is_kept_whole() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/errors/unescaped-quote.pgn"
    );
    let event = "\"Huangshan Cup\" National GM,CM Tournament 2002";
    let json = records(&kifu(&["convert", "--to", "json", path], None));
    assert_eq!(json.len(), 1);
    assert_eq!(json[0]["tags"]["Event"], event);
    let pgn = kifu(&["convert", "--to", "iccs", path], None);
    let text = String::from_utf8_lossy(&pgn);
    assert!(
        text.contains("[Event \"\\\"Huangshan Cup\\\" National GM,CM Tournament 2002\"]\n"),
        "{text}"
    );
    let again = records(&kifu(&["convert", "--to", "json"], Some(&pgn)));
    assert_eq!(again[0]["tags"]["Event"], event);
}
