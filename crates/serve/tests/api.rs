//! The JSON API over loopback: a server on a free port, real records of testdata/, the
//! answers' values checked (the seed game's diagnostics at plies 32 and 52, its repair, its
//! comparison with the algebraic transcription, diagrams, conversions), and the HTTP errors
//! (413 over the limit, 400, 404, 405) and the security headers.

mod common;

use std::io::{Read, Write};

use common::{get, post, post_json, server, testdata};
use serde_json::{Value, json};

const SEED_DESCRIPTIVE: &str = "xiangqi/seed-descriptive-fi.pgn";
const SEED_ALGEBRAIC: &str = "xiangqi/seed-algebraic-fi.pgn";

/// The diagnostics of the first game that are errors.
fn errors(answer: &Value) -> Vec<Value> {
    answer["games"][0]["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .filter(|d| d["severity"] == "error")
        .cloned()
        .collect()
}

#[test]
fn the_descriptive_seed_has_its_two_faults_at_plies_32_and_52() {
    let s = server();
    let a = post_json(
        &s,
        "/api/read",
        &json!({"text": testdata(SEED_DESCRIPTIVE), "name": "seed.pgn"}),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    let v = a.json();
    assert_eq!(v["format"], "pgn");
    assert_eq!(
        v["summary"],
        json!({"games": 1, "ok": 0, "with_errors": 1, "warnings": 5})
    );
    let g = &v["games"][0];
    assert_eq!(g["variant"], "xiangqi");
    assert_eq!(g["notation"], "WXF descriptive notation, Finnish letters");
    let e = errors(&v);
    assert_eq!(e.len(), 2);
    // The wrong piece letter (as `kifu check` says it: crates/cli/tests/xiangqi.rs).
    assert_eq!(e[0]["ply"], 32);
    assert_eq!(e[0]["code"], "piece-movement");
    assert_eq!(e[0]["text"], "S7+2");
    assert_eq!((&e[0]["line"], &e[0]["column"]), (&json!(21), &json!(23)));
    assert_eq!(
        (&e[0]["end_line"], &e[0]["end_column"]),
        (&json!(21), &json!(27))
    );
    assert_eq!(e[0]["candidates"], json!(["T7+2"]));
    assert!(e[0]["position"].as_str().unwrap().ends_with(" b - - 0 16"));
    // The ambiguous cannon move.
    assert_eq!(e[1]["ply"], 52);
    assert_eq!(e[1]["code"], "ambiguous-move");
    assert_eq!((&e[1]["line"], &e[1]["column"]), (&json!(26), &json!(24)));
    assert_eq!(e[1]["candidates"], json!(["T+=2", "T-=2"]));
    assert!(e[1]["help"].as_str().unwrap().contains("transpose"));
    // The main line stops before ply 32; the rest is listed as unread, from ply 32.
    assert_eq!(g["moves"].as_array().unwrap().len(), 31);
    assert_eq!(
        g["unread"][0],
        json!({"ply": 32, "text": "S7+2", "line": 21, "column": 23})
    );
    assert_eq!(v["text"], testdata(SEED_DESCRIPTIVE));
}

#[test]
fn the_move_list_is_written_in_the_notation_asked_for() {
    let s = server();
    let text = testdata(SEED_ALGEBRAIC);
    let v = post_json(
        &s,
        "/api/read",
        &json!({"text": text, "notation": "chinese"}),
    )
    .json();
    let moves = v["games"][0]["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 106);
    assert_eq!(v["games"][0]["shown"], "chinese");
    // 1. The3 (the central cannon): 炮二平五; 2... Hg8: 马８进７.
    assert_eq!(
        (&moves[0]["text"], &moves[0]["shown"], &moves[0]["coord"]),
        (&json!("The3"), &json!("炮二平五"), &json!("h2e2"))
    );
    assert_eq!(moves[1]["shown"], "马８进７");
    let v = post_json(
        &s,
        "/api/read",
        &json!({"text": text, "notation": "wxf", "notation_lang": "en"}),
    )
    .json();
    assert_eq!(v["games"][0]["moves"][0]["shown"], "C2.5");
    let v = post_json(
        &s,
        "/api/read",
        &json!({"text": text, "notation": "chinese", "notation_style": "traditional"}),
    )
    .json();
    assert_eq!(v["games"][0]["moves"][1]["shown"], "馬８進７");
    // Each move's position is the one after it; the last one is the game's final position.
    assert_eq!(moves[105]["position"], v["games"][0]["final"]);
    let bad = post_json(
        &s,
        "/api/read",
        &json!({"text": text, "notation": "chinese", "notation_style": "long"}),
    );
    assert_eq!(bad.status, 400);
    assert_eq!(
        bad.json()["error"],
        "`notation_style`: long is not a style of chinese"
    );
}

#[test]
fn repair_changes_ply_32_and_leaves_the_ambiguous_ply_52() {
    let s = server();
    let text = testdata(SEED_DESCRIPTIVE);
    let v = post_json(&s, "/api/repair", &json!({"text": text})).json();
    let changes = v["changes"].as_array().unwrap();
    assert_eq!(changes.len(), 1, "{changes:?}");
    assert_eq!(changes[0]["ply"], 32);
    assert_eq!(
        (&changes[0]["from"], &changes[0]["to"]),
        (&json!("S7+2"), &json!("T7+2"))
    );
    let e = errors(&v);
    assert_eq!(e.len(), 1);
    assert_eq!(e[0]["ply"], 52);
    let repaired = v["repaired_text"].as_str().unwrap();
    let expected = text.replacen("16. E7+5 S7+2", "16. E7+5 T7+2", 1);
    assert_ne!(expected, text);
    assert_eq!(repaired, expected);
    // The repaired text reads with only the ambiguous move left.
    let again = post_json(&s, "/api/read", &json!({"text": repaired})).json();
    let e = errors(&again);
    assert_eq!(e.len(), 1);
    assert_eq!(e[0]["ply"], 52);
}

#[test]
fn convert_writes_what_kifu_convert_writes() {
    let s = server();
    let text = testdata(SEED_ALGEBRAIC);
    let v = post_json(
        &s,
        "/api/convert",
        &json!({"text": text, "to": "iccs", "name": "seed.pgn"}),
    )
    .json();
    assert_eq!(v["file_name"], "seed.pgn");
    assert_eq!(v["games"], 1);
    // What the records library writes for `kifu convert --to iccs` (crates/cli/tests/serve.rs
    // compares with the binary's output itself).
    let read = kifu_records::ReadOptions::default();
    let input =
        kifu_records::Input::open(&common::root().join("testdata").join(SEED_ALGEBRAIC), &read)
            .unwrap();
    let game = kifu_records::Games::new(input, read)
        .next()
        .unwrap()
        .unwrap();
    let writer = kifu_records::Writer::new(kifu_records::WriteOptions::new(
        kifu_records::Target::named("iccs").unwrap(),
    ));
    let expected = String::from_utf8(writer.write(&game, 0).unwrap().bytes).unwrap();
    assert_eq!(v["text"], expected);
    assert!(expected.contains("1. H2-E2 H9-G7"), "{expected}");
    // A binary format comes back as base64.
    let v = post_json(&s, "/api/convert", &json!({"text": text, "to": "xqf"})).json();
    assert_eq!(v["text"], Value::Null);
    assert!(
        v["base64"].as_str().unwrap().starts_with("WFE"),
        "XQF files start with XQ: {}",
        v["base64"]
    );
    let bad = post_json(&s, "/api/convert", &json!({"text": text, "to": "psn"})).json();
    assert_eq!(bad["games"], 0);
    assert!(
        bad["refused"][0]["message"]
            .as_str()
            .unwrap()
            .contains("a xiangqi game cannot be written as psn")
    );
}

#[test]
fn diagrams_are_kifus_svg_of_the_position() {
    let s = server();
    let text = testdata(SEED_ALGEBRAIC);
    let v = post_json(&s, "/api/diagram", &json!({"text": text, "ply": 32})).json();
    let fen = "3akabr1/r8/2C1b4/p1P1p1ccp/7R1/1R7/P3P3P/N3B1p1B/9/3AKA3 w - - 1 17";
    assert_eq!(v["position"], fen);
    assert_eq!(v["ply"], 32);
    let svg = v["svg"].as_str().unwrap();
    assert!(svg.starts_with("<svg"));
    assert!(svg.contains(&format!("<title>{fen}</title>")));
    // A bare position with its last move marked, flipped.
    let v = post_json(
        &s,
        "/api/diagram",
        &json!({"variant": "xiangqi", "position": "startpos", "last_move": "h2e2", "flip": true}),
    )
    .json();
    let svg = v["svg"].as_str().unwrap();
    assert!(
        svg.contains("sq-h2 lastmove") && svg.contains("sq-e2 lastmove"),
        "{svg}"
    );
    assert_eq!(svg.matches(" lastmove\"").count(), 2, "{svg}");
    let bad = post_json(
        &s,
        "/api/diagram",
        &json!({"variant": "xiangqi", "position": "startpos", "last_move": "zz"}),
    );
    assert_eq!(bad.status, 400);
    assert!(
        bad.json()["error"]
            .as_str()
            .unwrap()
            .contains("expected an ICCS move")
    );
    let past = post_json(&s, "/api/diagram", &json!({"text": text, "ply": 500}));
    assert_eq!(past.status, 422);
    assert_eq!(
        past.json()["error"],
        "ply 500 is past the last move read (ply 106)"
    );
}

#[test]
fn compare_resolves_each_transcription_with_the_other() {
    let s = server();
    let v = post_json(
        &s,
        "/api/compare",
        &json!({"a": {"text": testdata(SEED_DESCRIPTIVE), "name": "descriptive.pgn"}, "b": {"text": testdata(SEED_ALGEBRAIC), "name": "algebraic.pgn"}}),
    )
    .json();
    assert_eq!(v["same"], true, "{v}");
    let g = &v["games"][0];
    assert_eq!(g["plies"], 106);
    let resolved = g["resolved"].as_array().unwrap();
    assert_eq!(
        resolved
            .iter()
            .map(|r| r["ply"].clone())
            .collect::<Vec<_>>(),
        [json!(32), json!(52)]
    );
    let d0 = resolved[0]["describe"].as_str().unwrap();
    assert!(
        d0.starts_with("ply 32: `S7+2` (descriptive.pgn line 21, column 23)"),
        "{d0}"
    );
    assert!(d0.ends_with("resolves it to `T7+2` (g8g6)"), "{d0}");
    assert!(
        resolved[1]["describe"]
            .as_str()
            .unwrap()
            .ends_with("resolves it to `T-=2` (d7b7)")
    );
    let v = post_json(
        &s,
        "/api/compare",
        &json!({"a": {"text": testdata(SEED_ALGEBRAIC)}, "b": {"text": "1. h2e2 h7e7\n"}}),
    )
    .json();
    assert_eq!(v["same"], false);
    assert!(
        v["games"][0]["difference"]
            .as_str()
            .unwrap()
            .starts_with("at ply 2")
    );
}

#[test]
fn a_body_over_the_limit_gets_413_naming_the_limit() {
    let s = server();
    let big = vec![b'a'; 10 << 20];
    let a = post(&s, "/api/read", "text/plain", big);
    assert_eq!(a.status, 413);
    assert_eq!(
        a.json()["error"],
        "the request is larger than the limit of 4 MiB (4194304 bytes): kifu serve reads records of at most that size"
    );
    // The server goes on answering.
    assert_eq!(get(&s, "/api/formats").status, 200);
}

#[test]
fn markup_in_a_record_comes_back_as_data() {
    let s = server();
    let text = "[Red \"\\\"><img src=x onerror=alert(1)>\"]\n1. h2e2 {<script>alert(2)</script>} h9g7 {\"><img onerror=alert(3)>} *\n";
    let a = post_json(&s, "/api/read", &json!({"text": text}));
    assert_eq!(a.status, 200);
    assert_eq!(
        a.header("content-type"),
        Some("application/json; charset=utf-8")
    );
    let v = a.json();
    let g = &v["games"][0];
    assert_eq!(g["tags"][0]["value"], "\"><img src=x onerror=alert(1)>");
    assert_eq!(
        g["moves"][0]["comments"],
        json!(["<script>alert(2)</script>"])
    );
    assert_eq!(
        g["moves"][1]["comments"],
        json!(["\"><img onerror=alert(3)>"])
    );
}

#[test]
fn uploaded_bytes_are_decoded_and_their_encoding_said() {
    let s = server();
    let bytes = std::fs::read(common::root().join("testdata/xiangqi/xiangqi-chinese-gbk-crlf.pgn"))
        .unwrap();
    let a = post(
        &s,
        "/api/read?name=gbk.pgn&notation=iccs",
        "application/octet-stream",
        bytes,
    );
    assert_eq!(a.status, 200, "{}", a.body);
    let v = a.json();
    assert_eq!(v["encoding"], "GBK");
    assert!(v["text"].as_str().unwrap().contains("炮"));
    assert_eq!(v["games"][0]["errors"], false);
    // 1. 炮二进四: the cannon from h2 to h6.
    assert_eq!(v["games"][0]["moves"][0]["shown"], "H2-H6");
    // A binary format, as base64 in JSON.
    let xqf = std::fs::read(common::root().join("testdata/xiangqi-archive/sample.xqf")).unwrap();
    use base64::Engine as _;
    let b64 = base64::engine::general_purpose::STANDARD.encode(xqf);
    let v = post_json(&s, "/api/read", &json!({"base64": b64})).json();
    assert_eq!(v["format"], "xqf");
    assert_eq!(v["text"], Value::Null);
    assert!(!v["games"][0]["moves"].as_array().unwrap().is_empty());
    // Bytes in no format kifu reads.
    let a = post(
        &s,
        "/api/read",
        "application/octet-stream",
        b"PK\x03\x04zip".to_vec(),
    );
    assert_eq!(a.status, 422);
    assert!(
        a.json()["error"]
            .as_str()
            .unwrap()
            .contains("a ZIP archive")
    );
}

#[test]
fn shogi_records_read_and_write_too() {
    let s = server();
    let v = post_json(
        &s,
        "/api/read",
        &json!({"text": testdata("shogi/shogi-real-game.psn"), "notation": "usi"}),
    )
    .json();
    let g = &v["games"][0];
    assert_eq!(g["variant"], "shogi");
    assert_eq!(g["errors"], false);
    assert_eq!(g["moves"][0]["shown"], "7g7f");
    let v = post_json(
        &s,
        "/api/read",
        &json!({"text": testdata("shogi/shogi-comments-variations.psn")}),
    )
    .json();
    let moves = v["games"][0]["moves"].as_array().unwrap();
    let variation = &moves[8]["variations"][0]["moves"];
    assert_eq!(variation[0]["shown"], "B-5e");
    assert_eq!(variation[0]["ply"], 9);
    assert_eq!(variation[1]["variations"][0]["moves"][0]["shown"], "P-2d");
    assert_eq!(
        v["games"][0]["comments"],
        json!(["A comment before the first move."])
    );
}

#[test]
fn malformed_calls_get_400_unknown_paths_404_wrong_methods_405() {
    let s = server();
    let a = post(&s, "/api/read", "application/json", b"{\"text\": ".to_vec());
    assert_eq!(a.status, 400);
    assert!(
        a.json()["error"]
            .as_str()
            .unwrap()
            .starts_with("the request body is not valid JSON")
    );
    let a = post_json(&s, "/api/read", &json!(["not", "an", "object"]));
    assert_eq!(a.status, 400);
    assert_eq!(a.json()["error"], "the request body must be a JSON object");
    let a = post_json(&s, "/api/read", &json!({"name": "x"}));
    assert_eq!(a.status, 400);
    assert!(a.json()["error"].as_str().unwrap().starts_with("no record"));
    let a = post_json(
        &s,
        "/api/read",
        &json!({"text": "1. h2e2", "variant": "chess"}),
    );
    assert_eq!(
        a.json()["error"],
        "`variant`: expected a game (xiangqi, shogi), found `chess`"
    );
    let a = get(&s, "/etc/passwd");
    assert_eq!(a.status, 404);
    let a = get(&s, "/api/read");
    assert_eq!(a.status, 405);
    assert_eq!(a.header("allow"), Some("POST"));
    let a = post_json(&s, "/", &json!({}));
    assert_eq!(a.status, 405);
    // Not HTTP at all: the server answers 400 (tiny_http) or closes, and goes on.
    let mut raw = std::net::TcpStream::connect(s.addr()).unwrap();
    raw.write_all(b"NONSENSE\r\n\r\n").unwrap();
    let mut answer = String::new();
    let _ = raw.read_to_string(&mut answer);
    assert!(
        answer.is_empty() || answer.starts_with("HTTP/1.1 400"),
        "{answer}"
    );
    assert_eq!(get(&s, "/api/formats").status, 200);
}

#[test]
fn the_page_comes_with_a_strict_content_security_policy() {
    let s = server();
    let page = get(&s, "/");
    assert_eq!(page.status, 200);
    assert_eq!(
        page.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    let csp = page.header("content-security-policy").unwrap();
    assert!(
        csp.starts_with("default-src 'self'; script-src 'self'; style-src 'self';"),
        "{csp}"
    );
    assert!(!csp.contains("unsafe"));
    assert_eq!(page.header("x-content-type-options"), Some("nosniff"));
    // The script and the style are files of their own, nothing inline.
    assert!(page.body.contains("<script src=\"page.js\""));
    assert_eq!(page.body.matches("<script").count(), 1);
    assert!(!page.body.contains("<style") && !page.body.contains("style="));
    let js = get(&s, "/page.js");
    assert_eq!(
        js.header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
    assert!(
        !js.body.contains("innerHTML"),
        "the script builds the page with textContent"
    );
    assert_eq!(
        get(&s, "/page.css").header("content-type"),
        Some("text/css; charset=utf-8")
    );
    // The lists of the select boxes come from the records registry.
    let f = get(&s, "/api/formats").json();
    let names: Vec<&str> = f["targets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    let registry: Vec<&str> = kifu_records::targets().iter().map(|t| t.name).collect();
    assert_eq!(names, registry);
    assert_eq!(f["limits"]["body"], 4 << 20);
}

/// A request that declares a body of 100 GB is answered 413 at once and the server goes on:
/// tiny_http would have allocated the whole declared body to discard it, and aborted.
#[test]
fn a_body_declared_far_too_large_is_refused_and_the_server_lives() {
    let s = server();
    let mut raw = std::net::TcpStream::connect(s.addr()).unwrap();
    raw.set_read_timeout(Some(std::time::Duration::from_secs(30)))
        .unwrap();
    raw.write_all(
        b"POST /api/read HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 107374182400\r\n\r\n{\"text\":",
    )
    .unwrap();
    let mut head = [0u8; 12];
    raw.read_exact(&mut head).unwrap();
    assert_eq!(&head, b"HTTP/1.1 413");
    // The headers and the body, as they come (the connection stays open: read what is said).
    let mut rest = Vec::new();
    let mut buf = [0u8; 4096];
    while !String::from_utf8_lossy(&rest).contains("bytes)") {
        match raw.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => rest.extend_from_slice(&buf[..n]),
        }
    }
    let rest = String::from_utf8_lossy(&rest);
    assert!(
        rest.contains("larger than the limit of 4 MiB (4194304 bytes)"),
        "{rest}"
    );
    assert_eq!(get(&s, "/api/formats").status, 200);
}
