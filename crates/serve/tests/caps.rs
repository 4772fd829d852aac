//! What keeps one request a web page's work: the caps on games and plies (a record over them
//! is refused with 413 naming the cap and the command line, or read only as far as the answer
//! lists), and a JSON body sent with another content type (curl's default
//! `application/x-www-form-urlencoded`, `text/plain`) read as JSON, not as a PGN comment; and
//! the errors a web user reads: an unknown parameter by name, a diagram's missing position, a
//! refusal worded for the API.

mod common;

use common::{post, post_json, server};
use serde_json::json;

/// `n` plies of horses going out and back (a legal xiangqi game of any length).
fn long_game(plies: usize) -> String {
    let moves = ["H2+3", "H8+7", "H3-2", "H7-8"];
    let mut text = String::new();
    for ply in 0..plies {
        if ply % 2 == 0 {
            text.push_str(&format!("{}. ", ply / 2 + 1));
        }
        text.push_str(moves[ply % 4]);
        text.push(' ');
    }
    text.push_str("*\n");
    text
}

#[test]
fn a_game_of_more_than_ten_thousand_plies_is_refused_naming_the_cap() {
    let s = server();
    let a = post_json(
        &s,
        "/api/read",
        &json!({"text": long_game(10_002), "variant": "xiangqi"}),
    );
    assert_eq!(a.status, 413, "{}", a.body);
    let message = a.json()["error"].as_str().unwrap().to_owned();
    assert!(
        message.starts_with("record holds more than 10000 plies (game 1 ends past them)"),
        "{message}"
    );
    assert!(message.contains("`kifu` command line"), "{message}");
    // The same game cut to the cap is read whole.
    let a = post_json(
        &s,
        "/api/read",
        &json!({"text": long_game(10_000), "variant": "xiangqi"}),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    let v = a.json();
    assert_eq!(v["games"][0]["moves"].as_array().unwrap().len(), 10_000);
    assert_eq!(v["games"][0]["moves"][9_999]["text"], "H7-8");
}

#[test]
fn read_stops_after_the_hundred_games_it_lists() {
    let s = server();
    // 5,000 games of one ply: under the ply cap, but read only as far as the answer lists.
    let a = post_json(
        &s,
        "/api/read",
        &json!({"text": "1. C2.5 *\n".repeat(5_000), "variant": "xiangqi"}),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    let v = a.json();
    assert_eq!(v["truncated"], true);
    assert_eq!(v["games"].as_array().unwrap().len(), 100);
    assert_eq!(v["summary"]["games"], 100);
    assert_eq!(v["games"][99]["index"], 100);
    // A hundred games exactly are not truncated.
    let a = post_json(
        &s,
        "/api/read",
        &json!({"text": "1. C2.5 *\n".repeat(100), "variant": "xiangqi"}),
    );
    assert_eq!(a.json()["truncated"], false);
}

#[test]
fn a_collection_too_large_for_a_request_is_refused_by_convert_and_by_the_ply_cap() {
    let s = server();
    let a = post_json(
        &s,
        "/api/convert",
        &json!({"text": "1. C2.5 *\n".repeat(1_001), "variant": "xiangqi", "to": "iccs"}),
    );
    assert_eq!(a.status, 413, "{}", a.body);
    let message = a.json()["error"].as_str().unwrap().to_owned();
    assert!(
        message.starts_with("record holds more than 1000 games, the most one request reads"),
        "{message}"
    );
    // 100,000 games of one ply: the diagram of the last one is past the ply cap.
    let a = post_json(
        &s,
        "/api/diagram",
        &json!({"text": "1. C2.5 *\n".repeat(100_000), "variant": "xiangqi", "game": 100_000}),
    );
    assert_eq!(a.status, 413, "{}", a.body);
    assert!(
        a.json()["error"]
            .as_str()
            .unwrap()
            .starts_with("record holds more than 10000 plies (game 10001 ends past them)")
    );
}

#[test]
fn a_json_body_sent_as_a_form_or_as_plain_text_is_read_as_json() {
    let s = server();
    let body = br#"{"text":"1. C2.5 H8+7"}"#.to_vec();
    for media_type in ["application/x-www-form-urlencoded", "text/plain"] {
        let a = post(&s, "/api/read", media_type, body.clone());
        assert_eq!(a.status, 200, "{media_type}: {}", a.body);
        let v = a.json();
        assert_eq!(v["text"], "1. C2.5 H8+7", "{media_type}");
        let moves: Vec<_> = v["games"][0]["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["coord"].clone())
            .collect();
        assert_eq!(moves, [json!("h2e2"), json!("h9g7")], "{media_type}");
    }
    // A PGN record that is a comment in braces stays a record.
    let a = post(
        &s,
        "/api/read",
        "text/plain",
        b"{a comment} 1. C2.5 H8+7 *\n".to_vec(),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    let v = a.json();
    assert_eq!(v["games"][0]["moves"].as_array().unwrap().len(), 2);
}

#[test]
fn an_unknown_parameter_is_refused_by_name() {
    let s = server();
    let a = post_json(&s, "/api/read", &json!({"text": "1. C2.5 *", "bogus": 1}));
    assert_eq!(a.status, 400, "{}", a.body);
    let message = a.json()["error"].as_str().unwrap().to_owned();
    assert!(
        message.starts_with("unknown parameter `bogus`: this call takes text, base64, name,"),
        "{message}"
    );
    // In the query string of a file's bytes too.
    let a = post(
        &s,
        "/api/read?nme=x.pgn",
        "application/octet-stream",
        b"1. C2.5 *\n".to_vec(),
    );
    assert_eq!(a.status, 400, "{}", a.body);
    assert!(
        a.json()["error"]
            .as_str()
            .unwrap()
            .starts_with("unknown parameter `nme`")
    );
}

#[test]
fn a_diagram_with_a_variant_and_no_position_names_the_position() {
    let s = server();
    let a = post_json(&s, "/api/diagram", &json!({"variant": "xiangqi"}));
    assert_eq!(a.status, 400, "{}", a.body);
    assert!(
        a.json()["error"]
            .as_str()
            .unwrap()
            .starts_with("`position` is missing: give `variant` and `position`")
    );
}

#[test]
fn a_refused_conversion_names_the_api_parameter_not_the_command_line_option() {
    let s = server();
    let a = post_json(
        &s,
        "/api/convert",
        &json!({"text": "1. C2.5 H8+7 *\n", "variant": "xiangqi", "to": "psn"}),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    let v = a.json();
    let message = v["refused"][0]["message"].as_str().unwrap().to_owned();
    assert!(message.contains("choose `to`: json"), "{message}");
    assert!(!message.contains("--to"), "{message}");
}
