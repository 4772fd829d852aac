//! The game page and the SVG diagrams in a real browser: Debian's chromium driven by
//! playwright-core (browser/drive.mjs).
//!
//! - The seed game's page: the arrow keys step forward and back, Home and End jump, a click on
//!   a move shows its position; after each step the pieces read from the page (each piece's
//!   `data-square` and `data-piece`) are the ones the board crate computes for that ply, and
//!   exactly one board is shown. A screenshot of ply 32.
//! - A shogi game's page (the pieces and both hands), and a game with variations: a click on a
//!   variation's move shows the position of the variation, and the arrow keys go on along it.
//! - A record whose comments hold markup: the page shows the text and runs none of it.
//! - SVG diagrams rendered to PNG: the picture's size, not blank, and in each square (point)
//!   the colour of a piece where the FEN has one and of the board where it has none.
//!
//! No console message (a Content-Security-Policy violation would be one) and no script error
//! is allowed. Screenshots go to the target folder (printed), and with `KIFU_SCREENSHOTS=DIR`
//! also to DIR (docs/screens/ is made so; browser/harness.rs, shared with kifu-serve's browser
//! tests, runs the plans). Where chromium, node or browser/node_modules is missing the tests
//! say so and pass: `.ci/run` installs them.

mod common;

use std::path::{Path, PathBuf};

use iccs_algebraic::Algebraic;
use kifu_diagram::{
    Caption, Diagram, HtmlPage, ShogiOptions, XiangqiOptions, shogi_svg, xiangqi_svg,
};
use notation_traits::{
    CheckedGame, RecordFormat, TextNotation, WriteSettings, Written, parse_game_text, replay,
};
use serde_json::{Value, json};

#[path = "../../../browser/harness.rs"]
mod harness;

use harness::driver;

/// Where the pages, pictures and screenshots go: target/tmp/browser.
fn out_dir() -> PathBuf {
    harness::out_dir("browser")
}

/// Runs `steps` in chromium ([`harness::run`]); the results, one per step. Fails on a console
/// message or a page error.
fn run(script: &Path, name: &str, viewport: (u32, u32), steps: Vec<Value>) -> Vec<Value> {
    harness::run(script, &out_dir(), name, viewport, steps, &[])
}

/// The shown board's state: how many boards are shown, its node and ply, its pieces
/// (`square=letter`, sorted), its hands (`letter count`, sorted), the move marked current, the
/// SVG's title.
const STATE: &str = "(() => {
  const shown = Array.from(document.querySelectorAll('div.position')).filter(d => !d.hidden);
  const b = shown[0];
  const r = b.getBoundingClientRect();
  const current = document.querySelector('.move.current');
  return {
    shown: shown.length, node: b.getAttribute('data-node'), ply: Number(b.getAttribute('data-ply')),
    width: r.width, height: r.height,
    pieces: Array.from(b.querySelectorAll('g.piece')).map(e => e.getAttribute('data-square') + '=' + e.getAttribute('data-piece')).sort(),
    hands: Array.from(b.querySelectorAll('g.hand-piece')).map(e => e.getAttribute('data-piece') + e.getAttribute('data-count')).sort(),
    current: current ? current.textContent : null,
    title: b.querySelector('svg > title').textContent,
  };
})()";

/// Each drawn piece's centre and its square's centre, as `[square, dx, dy]` (the distance in
/// CSS pixels).
const CENTRES: &str = "Array.from(document.querySelectorAll('g.piece')).map(p => {
  const s = document.getElementById('sq-' + p.getAttribute('data-square'));
  const a = p.getBoundingClientRect(), b = s.getBoundingClientRect();
  return [p.getAttribute('data-square'), (a.left + a.width / 2) - (b.left + b.width / 2), (a.top + a.height / 2) - (b.top + b.height / 2)];
})";

fn xiangqi_pieces(pos: &xiangqi_board::Position) -> Vec<String> {
    let mut out: Vec<String> = xiangqi_board::Square::all()
        .filter_map(|sq| pos.piece_at(sq).map(|p| format!("{sq}={}", p.fen_char())))
        .collect();
    out.sort();
    out
}

fn shogi_pieces(pos: &shogi_board::Position) -> (Vec<String>, Vec<String>) {
    let mut board: Vec<String> = shogi_board::Square::all()
        .filter_map(|sq| pos.piece_at(sq).map(|p| format!("{sq}={}", p.sfen())))
        .collect();
    board.sort();
    let mut hands: Vec<String> = shogi_board::Color::ALL
        .into_iter()
        .flat_map(|c| {
            pos.hand(c)
                .iter()
                .map(move |(k, n)| format!("{}{n}", shogi_board::Piece::new(c, k).sfen()))
        })
        .collect();
    hands.sort();
    (board, hands)
}

fn html<P: Diagram>(game: &CheckedGame<P>, notation: &dyn TextNotation<P>) -> String
where
    HtmlPage: RecordFormat<P>,
{
    let settings = WriteSettings {
        notation: Some(notation),
        ..WriteSettings::default()
    };
    let written = HtmlPage::new().write(game, &settings).expect("a page");
    let Written::Text(text) = written.output else {
        panic!("a page is text");
    };
    text
}

fn file_url(path: &Path) -> String {
    format!("file://{}", path.display())
}

#[test]
fn the_seed_page_steps_and_shows_the_positions() {
    let script = match driver() {
        Ok(script) => script,
        Err(why) => {
            println!("skipped: {why}");
            return;
        }
    };
    let game = common::seed();
    let positions = common::positions(&game);
    let texts: Vec<&str> = game
        .replayed
        .record
        .main
        .moves
        .iter()
        .map(|m| m.text.as_str())
        .collect();
    let page = out_dir().join("seed.html");
    std::fs::write(&page, html(&game, &Algebraic::FINNISH)).expect("writable");
    let shot = out_dir().join("seed-page-ply-32.png");
    let shot_click = out_dir().join("seed-page-ply-10-clicked.png");
    let results = run(
        &script,
        "seed",
        (1200, 900),
        vec![
            json!({"goto": file_url(&page)}),
            json!({"eval": STATE}),
            json!({"press": "ArrowRight", "times": 32}),
            json!({"eval": STATE}),
            json!({"screenshot": shot.display().to_string()}),
            json!({"press": "ArrowLeft", "times": 2}),
            json!({"eval": STATE}),
            json!({"click": "button.move[data-ply=\"10\"]"}),
            json!({"eval": STATE}),
            json!({"screenshot": shot_click.display().to_string()}),
            json!({"press": "End"}),
            json!({"eval": STATE}),
            json!({"press": "ArrowRight"}),
            json!({"eval": STATE}),
            json!({"press": "Home"}),
            json!({"press": "ArrowLeft"}),
            json!({"eval": STATE}),
            json!({"click": "#next"}),
            json!({"eval": STATE}),
        ],
    );
    println!("screenshots: {} {}", shot.display(), shot_click.display());
    let check = |state: &Value, ply: usize| {
        assert_eq!(state["shown"], 1, "ply {ply}: one board shown");
        assert_eq!(state["ply"], ply, "ply {ply}");
        let (pos, _) = &positions[ply];
        assert_eq!(state["pieces"], json!(xiangqi_pieces(pos)), "ply {ply}");
        assert_eq!(state["title"], pos.to_fen(), "ply {ply}");
        let current = if ply == 0 {
            Value::Null
        } else {
            json!(texts[ply - 1])
        };
        assert_eq!(state["current"], current, "ply {ply}");
        assert!(
            state["width"].as_f64().unwrap_or(0.0) > 300.0,
            "ply {ply}: shown"
        );
    };
    check(&results[1], 0);
    check(&results[3], 32);
    assert_eq!(results[4]["width"], 1200);
    assert!(results[4]["colours"].as_u64().unwrap_or(0) > 100);
    check(&results[6], 30);
    check(&results[8], 10);
    check(&results[11], 106);
    check(&results[13], 106);
    check(&results[16], 0);
    check(&results[18], 1);
}

#[test]
fn a_shogi_page_shows_pieces_and_hands_and_variations() {
    let script = match driver() {
        Ok(script) => script,
        Err(why) => {
            println!("skipped: {why}");
            return;
        }
    };
    // A professional game: ply 60 and the end, pieces and hands.
    let game = common::shogi_game("shogi/shogi-real-game.psn");
    let positions = common::positions(&game);
    let end = positions.len() - 1;
    let page = out_dir().join("shogi-real-game.html");
    std::fs::write(&page, html(&game, &psn::Psn::default())).expect("writable");
    // A game with variations (one nested): 9.B-5e instead of 9.Bx3c+, and in it 10.P-2d
    // instead of 10.P-7d.
    let varied = common::shogi_game("shogi/shogi-comments-variations.psn");
    let varied_page = out_dir().join("shogi-variations.html");
    std::fs::write(&varied_page, html(&varied, &psn::Psn::default())).expect("writable");
    let shot = out_dir().join("shogi-page-ply-60.png");
    let shot_variation = out_dir().join("shogi-page-variation.png");
    let results = run(
        &script,
        "shogi",
        (1200, 900),
        vec![
            json!({"goto": file_url(&page)}),
            json!({"press": "ArrowRight", "times": 60}),
            json!({"eval": STATE}),
            json!({"screenshot": shot.display().to_string()}),
            json!({"press": "End"}),
            json!({"eval": STATE}),
            json!({"goto": file_url(&varied_page)}),
            json!({"eval": "Array.from(document.querySelectorAll('.variation button.move')).map(b => b.textContent)"}),
            json!({"click": ".variation button.move"}),
            json!({"eval": STATE}),
            json!({"press": "ArrowRight"}),
            json!({"eval": STATE}),
            json!({"screenshot": shot_variation.display().to_string()}),
            json!({"click": ".variation .variation button.move"}),
            json!({"eval": STATE}),
            json!({"press": "ArrowLeft", "times": 2}),
            json!({"eval": STATE}),
            json!({"eval": "document.querySelector('.comment').textContent"}),
        ],
    );
    println!(
        "screenshots: {} {}",
        shot.display(),
        shot_variation.display()
    );
    let check = |state: &Value, pos: &shogi_board::Position, what: &str| {
        assert_eq!(state["shown"], 1, "{what}");
        let (board, hands) = shogi_pieces(pos);
        assert_eq!(state["pieces"], json!(board), "{what}");
        assert_eq!(state["hands"], json!(hands), "{what}");
        assert_eq!(state["title"], pos.to_sfen(), "{what}");
    };
    check(&results[2], &positions[60].0, "ply 60");
    check(&results[5], &positions[end].0, "the end");
    assert_eq!(results[5]["ply"], end);

    let main = &varied.replayed.record.main.moves;
    let variation = &main[8].variations[0].moves;
    let nested = &variation[1].variations[0].moves;
    // The variation moves as the page writes them (PSN), in order: 9.B-5e 10.P-7d, the nested
    // 10.P-2d 11.R-1h 12.L-1b, then 11.B-6f 12.G-7c.
    assert_eq!(
        results[7],
        json!(["B-5e", "P-7d", "P-2d", "R-1h", "L-1b", "B-6f", "G-7c"])
    );
    let mut pos = varied.replayed.start;
    for entry in &main[..8] {
        pos.play_unchecked(entry.mv);
    }
    let before_9 = pos;
    pos.play_unchecked(variation[0].mv);
    check(&results[9], &pos, "9.B-5e");
    assert_eq!(results[9]["current"], "B-5e");
    pos.play_unchecked(variation[1].mv);
    check(&results[11], &pos, "9.B-5e 10.P-7d");
    assert_eq!(results[11]["current"], "P-7d");
    let mut nested_pos = before_9;
    nested_pos.play_unchecked(variation[0].mv);
    nested_pos.play_unchecked(nested[0].mv);
    check(&results[14], &nested_pos, "9.B-5e 10.P-2d");
    assert_eq!(results[14]["ply"], 10);
    let mut back = varied.replayed.start;
    for entry in &main[..8] {
        back.play_unchecked(entry.mv);
    }
    check(
        &results[16],
        &back,
        "two back from 10.P-2d: ply 8 of the main line",
    );
    assert_eq!(results[17], "A comment before the first move.");
}

#[test]
fn markup_in_a_record_is_shown_as_text() {
    let script = match driver() {
        Ok(script) => script,
        Err(why) => {
            println!("skipped: {why}");
            return;
        }
    };
    let text = "[Red \"<b>Red</b>\"]\n[Black \"\\\"><img src=x onerror=\\\"window.kifuPwned=1\\\">\"]\n\
                1. The3 {<script>window.kifuPwned=2</script>} Hg8 {\"><img src=x onerror=\"window.kifuPwned=3\">} *\n";
    let raw = parse_game_text(text);
    let replayed = replay(
        &raw.record,
        xiangqi_board::Position::new(),
        &Algebraic::FINNISH,
    );
    assert!(!replayed.has_errors(), "{:?}", replayed.diagnostics);
    let game = CheckedGame::new(replayed, &raw, None);
    let page = out_dir().join("markup.html");
    std::fs::write(&page, html(&game, &Algebraic::FINNISH)).expect("writable");
    let results = run(
        &script,
        "markup",
        (1000, 800),
        vec![
            json!({"goto": file_url(&page)}),
            json!({"press": "ArrowRight", "times": 2}),
            json!({"eval": "[typeof window.kifuPwned, document.querySelectorAll('img, b').length, \
                Array.from(document.querySelectorAll('.comment')).map(c => c.textContent), \
                document.querySelector('h1').textContent, document.querySelectorAll('script').length]"}),
        ],
    );
    assert_eq!(
        results[2],
        json!([
            "undefined",
            0,
            [
                "<script>window.kifuPwned=2</script>",
                "\"><img src=x onerror=\"window.kifuPwned=3\">"
            ],
            "<b>Red</b> – \"><img src=x onerror=\"window.kifuPwned=1\">",
            1
        ])
    );
}

#[test]
fn svg_diagrams_render_with_the_pieces_where_the_position_has_them() {
    let script = match driver() {
        Ok(script) => script,
        Err(why) => {
            println!("skipped: {why}");
            return;
        }
    };
    // The seed at ply 32 (last move marked), and a shogi position with pieces on every rank
    // and both hands full.
    let game = common::seed();
    let positions = common::positions(&game);
    let (xq, mv) = &positions[32];
    let mut options = XiangqiOptions::new();
    options.view.last_move = mv.map(<xiangqi_board::Position as Diagram>::move_squares);
    options.view.caption = Some(Caption {
        ply: Some(32),
        last_move: Some("Tgg7".to_owned()),
        title: None,
    });
    let xq_svg = xiangqi_svg(xq, &options);
    let sg = shogi_board::Position::from_sfen(
        "ln2k2nl/1r3g1b1/p1ppsp1pp/1p2p1p2/9/2P1P1P2/PPSP1P1PP/1B3S1R1/LN1GKG1NL w Gs 20",
    )
    .expect("a position");
    let sg_svg = shogi_svg(&sg, &ShogiOptions::new());
    let xq_file = out_dir().join("seed-ply-32.svg");
    let sg_file = out_dir().join("shogi-middle-game.svg");
    std::fs::write(&xq_file, &xq_svg).expect("writable");
    std::fs::write(&sg_file, &sg_svg).expect("writable");
    let xq_png = out_dir().join("seed-ply-32.png");
    let sg_png = out_dir().join("shogi-middle-game.png");
    // Xiangqi: a point's sample 0.36 of a square right of it and 0.12 below lies on a piece's
    // face (between its inner ring, radius 14.5 units at the outside, and its edge, 17.75 at the
    // inside; 16 away) and on no line or point mark of an empty point. Shogi:
    // 0.35 of a square below its centre lies inside the piece's outline, below (or, turned,
    // above) the character.
    let results = run(
        &script,
        "svg",
        (800, 800),
        vec![
            json!({"goto": file_url(&xq_file)}),
            json!({"screenshot": xq_png.display().to_string(), "selector": "svg", "sample": "rect.square", "at": [0.36, 0.12]}),
            json!({"eval": CENTRES}),
            json!({"goto": file_url(&sg_file)}),
            json!({"screenshot": sg_png.display().to_string(), "selector": "svg", "sample": "rect.square", "at": [0.0, 0.352]}),
            json!({"eval": CENTRES}),
        ],
    );
    println!("pictures: {} {}", xq_png.display(), sg_png.display());
    let size = |svg: &str| -> (u64, u64) {
        let attr = |name: &str| -> u64 {
            let key = format!(" {name}=\"");
            let from = svg.find(&key).expect("an attribute") + key.len();
            svg[from..from + svg[from..].find('"').expect("closed")]
                .parse()
                .expect("a whole number")
        };
        (attr("width"), attr("height"))
    };
    let face = |rgba: &Value, colour: [i64; 3]| -> bool {
        let c: Vec<i64> = rgba
            .as_array()
            .expect("rgba")
            .iter()
            .map(|v| v.as_i64().expect("a byte"))
            .collect();
        (0..3).map(|i| (c[i] - colour[i]).abs()).sum::<i64>() < 24
    };
    for (shot, centres, svg, occupied, colour) in [
        (
            &results[1],
            &results[2],
            &xq_svg,
            Box::new(|sq: &str| xq.piece_at(sq.parse().expect("a point")).is_some())
                as Box<dyn Fn(&str) -> bool>,
            [0xf8, 0xea, 0xd0],
        ),
        (
            &results[4],
            &results[5],
            &sg_svg,
            Box::new(|sq: &str| sg.piece_at(sq.parse().expect("a square")).is_some()),
            [0xfc, 0xef, 0xd0],
        ),
    ] {
        let (w, h) = size(svg);
        assert_eq!(
            (shot["width"].as_u64(), shot["height"].as_u64()),
            (Some(w), Some(h))
        );
        assert!(shot["colours"].as_u64().unwrap_or(0) > 50, "not blank");
        let samples = shot["samples"].as_array().expect("samples");
        assert!(samples.len() == 90 || samples.len() == 81);
        let wrong: Vec<String> = samples
            .iter()
            .filter_map(|s| {
                let sq = s["square"]
                    .as_str()
                    .expect("a square")
                    .trim_start_matches("sq-");
                let drawn = face(&s["rgba"], colour);
                (drawn != occupied(sq)).then(|| format!("{sq}: {}", s["rgba"]))
            })
            .collect();
        assert_eq!(wrong, Vec::<String>::new());
        for centre in centres.as_array().expect("centres") {
            let (dx, dy) = (
                centre[1].as_f64().unwrap_or(9.0),
                centre[2].as_f64().unwrap_or(9.0),
            );
            assert!(dx.abs() < 2.0 && dy.abs() < 2.5, "{centre}");
        }
    }
}
