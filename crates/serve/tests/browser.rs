//! The page in a real browser: Debian's chromium driven by playwright-core (browser/drive.mjs),
//! against a server on a free loopback port.
//!
//! - The seed game's descriptive record pasted: its two errors marked at plies 32 and 52 (line
//!   and column as `kifu check` gives them, message, help and candidates on focus); repair puts
//!   ply 32 right and says so; the candidate `T-=2` chosen for ply 52; the move list switched
//!   to Chinese; ply 52 clicked: the board's pieces (each piece's `data-square` and
//!   `data-piece`) and the FEN shown are those kifu computes after ply 52 of the algebraic
//!   transcription; the arrow keys step on and back; flip turns the board; the ICCS download is
//!   what kifu-records writes for the record.
//! - A record whose tags and comments hold markup: shown as text, nothing runs.
//! - A 10 MB upload: refused with the server's message naming the 4 MiB limit.
//! - A phone's width: the record from a link (the URL fragment), no sideways scrolling; two
//!   transcriptions compared side by side.
//!
//! No console message (a Content-Security-Policy violation would be one) and no script error
//! is allowed, but for the refused upload's 413. Screenshots go to the target folder
//! (printed), and with `KIFU_SCREENSHOTS=DIR` also to DIR (docs/screens/ is made so). Where chromium, node or browser/node_modules is missing the tests say so and
//! pass: `.ci/run` installs them.

mod common;

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

#[path = "../../../browser/harness.rs"]
mod harness;

use harness::driver;

/// Where the plans, downloads and screenshots go: target/tmp/serve-browser.
fn out_dir() -> PathBuf {
    harness::out_dir("serve-browser")
}

fn shot(name: &str) -> String {
    out_dir().join(name).display().to_string()
}

/// Runs `steps` ([`harness::run`]); the results, one per step. Fails on a console message
/// (but those containing one of `allowed`) or a page error.
fn run(
    script: &Path,
    name: &str,
    viewport: (u32, u32),
    steps: Vec<Value>,
    allowed: &[&str],
) -> Vec<Value> {
    harness::run(script, &out_dir(), name, viewport, steps, allowed)
}

/// The board shown: the FEN text, the SVG's title, its pieces (`square=letter`, sorted), the
/// current move's text, the ply label.
const BOARD: &str = "(() => {
  const svg = document.querySelector('#board svg');
  const current = document.querySelector('button.move.current');
  return {
    fen: document.getElementById('fen').textContent,
    title: svg ? svg.querySelector('title').textContent : null,
    pieces: svg ? Array.from(svg.querySelectorAll('g.piece')).map(e => e.getAttribute('data-square') + '=' + e.getAttribute('data-piece')).sort() : [],
    current: current ? current.textContent : null,
    label: document.getElementById('ply-label').textContent,
  };
})()";

/// The board is drawn for the position the page shows.
const BOARD_READY: &str = "document.querySelector('#board svg') && document.getElementById('board').dataset.position === document.getElementById('fen').textContent";

fn xiangqi_pieces(fen: &str) -> Vec<String> {
    let pos = xiangqi_board::Position::from_fen(fen).expect("a FEN");
    let mut out: Vec<String> = xiangqi_board::Square::all()
        .filter_map(|sq| pos.piece_at(sq).map(|p| format!("{sq}={}", p.fen_char())))
        .collect();
    out.sort();
    out
}

/// The first game of `text` as kifu-records reads it.
fn game_of(text: &str) -> kifu_records::Game {
    let read = kifu_records::ReadOptions::default();
    let input = kifu_records::Input::from_bytes("record", text.as_bytes().to_vec(), &read).unwrap();
    kifu_records::Games::new(input, read)
        .next()
        .unwrap()
        .unwrap()
}

#[test]
fn the_seed_record_is_marked_repaired_shown_in_chinese_and_downloaded() {
    let script = match driver() {
        Ok(s) => s,
        Err(why) => {
            println!("skipped: {why}");
            return;
        }
    };
    let server = common::server();
    let seed = common::testdata("xiangqi/seed-descriptive-fi.pgn");
    // kifu's position after ply 52, from the algebraic transcription (no fault in it).
    let algebraic = game_of(&common::testdata("xiangqi/seed-algebraic-fi.pgn"));
    let at = |ply| {
        kifu_records::diagrams(
            &algebraic,
            kifu_records::Plies::At(ply),
            &kifu_records::DiagramOptions::default(),
        )
        .unwrap()[0]
            .position
            .clone()
    };
    let (fen_52, fen_53) = (at(52), at(53));
    // Ply 52 in Chinese, as kifu writes it.
    let chinese = common::post_json(
        &server,
        "/api/read",
        &json!({"text": common::testdata("xiangqi/seed-algebraic-fi.pgn"), "notation": "chinese"}),
    )
    .json()["games"][0]["moves"][51]["shown"]
        .as_str()
        .unwrap()
        .to_owned();
    let download = out_dir().join("seed.iccs.pgn");
    let shots = [
        shot("serve-1-checked.png"),
        shot("serve-2-repaired.png"),
        shot("serve-3-ply-52-chinese.png"),
        shot("serve-4-flipped.png"),
    ];
    let results = run(
        &script,
        "seed",
        (1280, 900),
        vec![
            json!({"goto": server.url()}),
            json!({"wait": "document.body.dataset.ready === 'true'"}),
            json!({"fill": "#record", "text": seed}),
            json!({"wait": "document.querySelectorAll('#source mark.diag.error').length === 2"}),
            // 4: the marked errors: ply, line, text.
            json!({"eval": "Array.from(document.querySelectorAll('#source mark.diag.error')).map(m => [Number(m.dataset.ply), m.closest('.line').id, m.textContent])"}),
            json!({"eval": "document.querySelector('#source mark.diag.error').focus()"}),
            // 6: the tip of the ply-32 mark.
            json!({"eval": "[document.getElementById('tip').hidden, document.getElementById('tip').textContent]"}),
            json!({"wait": BOARD_READY}),
            json!({"screenshot": shots[0]}),
            json!({"click": "#repair"}),
            json!({"wait": "document.querySelectorAll('#changes li').length === 1 && document.querySelectorAll('#source mark.diag.error').length === 1"}),
            // 11: what repair changed, and the error left.
            json!({"eval": "[document.getElementById('changes').textContent, Array.from(document.querySelectorAll('#source mark.diag.error')).map(m => Number(m.dataset.ply)), document.getElementById('record').value.split('\\n')[20]]"}),
            json!({"wait": BOARD_READY}),
            json!({"screenshot": shots[1]}),
            json!({"click": "#diagnostics li[data-ply=\"52\"] button.candidate[title^=\"Write T-=2 \"]"}),
            json!({"wait": "document.querySelectorAll('#moves button.move').length === 106 && !document.querySelector('#source mark.diag.error')"}),
            json!({"select": "#notation", "value": "chinese"}),
            json!({"wait": "document.querySelector('#moves button.move').textContent === '炮二平五'"}),
            json!({"click": "#moves button.move[data-ply=\"52\"]"}),
            json!({"wait": BOARD_READY}),
            // 20: the board at ply 52.
            json!({"eval": BOARD}),
            json!({"screenshot": shots[2]}),
            json!({"press": "ArrowRight"}),
            json!({"wait": BOARD_READY}),
            // 24: one ply on.
            json!({"eval": BOARD}),
            json!({"press": "ArrowLeft"}),
            json!({"click": "#flip"}),
            // The position is the same, so wait for the flipped drawing itself.
            json!({"wait": format!("({BOARD_READY}) && document.getElementById('board').dataset.flipped === 'true'")}),
            // 28: flipped: Red's corner a0 drawn above Black's i9.
            json!({"eval": "[document.getElementById('sq-a0').getBoundingClientRect().top < document.getElementById('sq-i9').getBoundingClientRect().top, document.getElementById('fen').textContent]"}),
            json!({"screenshot": shots[3]}),
            json!({"select": "#to", "value": "iccs"}),
            // 31: the download.
            json!({"download": "#download", "path": download.display().to_string()}),
            // 32: the record as it stands in the page.
            json!({"eval": "document.getElementById('record').value"}),
            json!({"eval": "location.hash.length > 100"}),
        ],
        &[],
    );
    println!("screenshots: {}", shots.join(" "));
    assert_eq!(
        results[4],
        json!([[32, "line-21", "S7+2"], [52, "line-26", "T4=2"]])
    );
    let tip = &results[6];
    assert_eq!(tip[0], false, "the tip is shown");
    let tip = tip[1].as_str().unwrap();
    assert!(
        tip.starts_with("error[piece-movement] line 21, column 23, ply 32: `S7+2`: illegal move"),
        "{tip}"
    );
    assert!(tip.contains("the piece does not move that way"), "{tip}");
    assert!(tip.contains("use:T7+2"), "{tip}");
    assert_eq!(results[11][0], "ply 32 (line 21, column 23): S7+2 → T7+2");
    assert_eq!(results[11][1], json!([52]));
    assert_eq!(results[11][2], "8. V8+4 H4+5 16. E7+5 T7+2");
    let board = &results[20];
    assert_eq!(board["fen"], fen_52);
    assert_eq!(board["title"], fen_52);
    assert_eq!(board["pieces"], json!(xiangqi_pieces(&fen_52)));
    assert_eq!(board["current"], chinese);
    assert_eq!(board["label"], format!("ply 52: {chinese}"));
    assert!(chinese.starts_with('后'), "the rear cannon: {chinese}");
    assert_eq!(results[24]["fen"], fen_53);
    assert_eq!(results[24]["pieces"], json!(xiangqi_pieces(&fen_53)));
    assert_eq!(results[28], json!([true, fen_52]));
    // The download: what kifu-records writes for the page's record, in ICCS.
    let text = results[32].as_str().unwrap();
    let game = game_of(text);
    assert!(!game.has_errors());
    let writer = kifu_records::Writer::new(kifu_records::WriteOptions::new(
        kifu_records::Target::named("iccs").unwrap(),
    ));
    let expected = String::from_utf8(writer.write(&game, 0).unwrap().bytes).unwrap();
    assert_eq!(results[31]["suggested"], "record.pgn");
    assert_eq!(results[31]["text"], expected);
    assert!(expected.contains("[Format \"ICCS\"]"), "{expected}");
    assert_eq!(results[33], true, "the record is in the address");
}

#[test]
fn markup_in_a_record_shows_as_text() {
    let script = match driver() {
        Ok(s) => s,
        Err(why) => {
            println!("skipped: {why}");
            return;
        }
    };
    let server = common::server();
    let text = "[Red \"<b>Red</b>\"]\n[Black \"\\\"><img src=x onerror=\\\"window.kifuPwned=1\\\">\"]\n\
                1. h2e2 {<script>window.kifuPwned=2</script>} h9g7 {\"><img src=x onerror=\"window.kifuPwned=3\">} *\n";
    let picture = shot("serve-5-markup.png");
    let results = run(
        &script,
        "markup",
        (1100, 800),
        vec![
            json!({"goto": server.url()}),
            json!({"wait": "document.body.dataset.ready === 'true'"}),
            json!({"fill": "#record", "text": text}),
            json!({"wait": "document.querySelectorAll('#moves button.move').length === 2"}),
            json!({"wait": BOARD_READY}),
            json!({"eval": "[typeof window.kifuPwned, document.querySelectorAll('img, b').length, \
                Array.from(document.querySelectorAll('#moves .comment')).map(c => c.textContent), \
                Array.from(document.querySelectorAll('#tags td')).map(c => c.textContent), \
                document.querySelectorAll('script').length]"}),
            json!({"screenshot": picture}),
        ],
        &[],
    );
    println!("screenshot: {picture}");
    assert_eq!(
        results[5],
        json!([
            "undefined",
            0,
            [
                "<script>window.kifuPwned=2</script>",
                "\"><img src=x onerror=\"window.kifuPwned=3\">"
            ],
            [
                "<b>Red</b>",
                "\"><img src=x onerror=\"window.kifuPwned=1\">"
            ],
            1
        ])
    );
}

#[test]
fn a_10_mb_upload_is_refused_with_the_limit() {
    let script = match driver() {
        Ok(s) => s,
        Err(why) => {
            println!("skipped: {why}");
            return;
        }
    };
    let server = common::server();
    let picture = shot("serve-6-too-large.png");
    let results = run(
        &script,
        "too-large",
        (1100, 800),
        vec![
            json!({"goto": server.url()}),
            json!({"wait": "document.body.dataset.ready === 'true'"}),
            json!({"upload": "#file", "name": "huge.pgn", "size": 10 << 20}),
            json!({"wait": "document.getElementById('status').classList.contains('bad')"}),
            json!({"eval": "[document.getElementById('status').textContent, document.querySelectorAll('#moves button.move').length]"}),
            json!({"screenshot": picture}),
        ],
        &["status of 413"],
    );
    println!("screenshot: {picture}");
    assert_eq!(
        results[4],
        json!([
            "huge.pgn: the request is larger than the limit of 4 MiB (4194304 bytes): kifu serve reads records of at most that size",
            0
        ])
    );
}

#[test]
fn a_link_reopens_the_record_at_a_phones_width_and_two_transcriptions_compare() {
    let script = match driver() {
        Ok(s) => s,
        Err(why) => {
            println!("skipped: {why}");
            return;
        }
    };
    let server = common::server();
    let algebraic = common::testdata("xiangqi/seed-algebraic-fi.pgn");
    let descriptive = common::testdata("xiangqi/seed-descriptive-fi.pgn");
    use base64::Engine as _;
    let fragment = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(algebraic.as_bytes());
    let phone = shot("serve-7-phone.png");
    let compared = shot("serve-8-compare.png");
    let results = run(
        &script,
        "phone",
        (390, 844),
        vec![
            json!({"goto": format!("{}#r={fragment}", server.url())}),
            json!({"wait": "document.querySelectorAll('#moves button.move').length === 106"}),
            json!({"wait": BOARD_READY}),
            json!({"eval": "[document.getElementById('record').value, document.documentElement.scrollWidth, document.querySelector('#board svg').getBoundingClientRect().width]"}),
            json!({"screenshot": phone}),
            json!({"fill": "#record", "text": descriptive}),
            json!({"wait": "document.querySelectorAll('#source mark.diag.error').length === 2"}),
            json!({"fill": "#other", "text": algebraic}),
            json!({"click": "#compare"}),
            json!({"wait": "document.querySelectorAll('#compare-table tr.resolved').length === 2"}),
            json!({"eval": "[document.getElementById('compare-summary').textContent, Array.from(document.querySelectorAll('#compare-table tr.resolved')).map(r => Array.from(r.children).map(c => c.textContent))]"}),
            json!({"eval": "document.getElementById('compare-panel').scrollIntoView()"}),
            json!({"screenshot": compared}),
        ],
        &[],
    );
    println!("screenshots: {phone} {compared}");
    assert_eq!(results[3][0], algebraic);
    assert!(
        results[3][1].as_u64().unwrap() <= 390,
        "no sideways scrolling: {}",
        results[3][1]
    );
    let w = results[3][2].as_f64().unwrap();
    assert!(w > 300.0 && w <= 390.0, "the board fills the width: {w}");
    assert_eq!(
        results[10][0],
        "the same game: 106 plies, 2 resolved by the other transcription"
    );
    let rows = &results[10][1];
    assert_eq!(rows[0][0], "32");
    assert_eq!(rows[0][1], "S7+2");
    assert_eq!(rows[0][2], "Tgg7");
    assert!(
        rows[0][3]
            .as_str()
            .unwrap()
            .ends_with("the other resolves it to T7+2 (g8g6)"),
        "{rows}"
    );
    assert_eq!(rows[1][0], "52");
    assert!(
        rows[1][3]
            .as_str()
            .unwrap()
            .ends_with("the other resolves it to T-=2 (d7b7)"),
        "{rows}"
    );
}
