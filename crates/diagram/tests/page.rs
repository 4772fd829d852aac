//! The HTML page as a record format: what it declares, what it holds (a board per position
//! with the links between them, the movetext with numbers, comments, glyphs, clocks and
//! variations, the tags), and what it never holds (anything from the network, inline event
//! handlers or style attributes, unescaped text). tests/browser.rs runs it in chromium.

mod common;

use iccs_algebraic::Algebraic;
use kifu_diagram::HtmlPage;
use notation_traits::{
    CheckedGame, Confidence, RecordFormat, TextNotation, WriteSettings, Written, parse_game_text,
    replay,
};

fn page<P: kifu_diagram::Diagram>(
    game: &CheckedGame<P>,
    notation: Option<&dyn TextNotation<P>>,
) -> (String, Vec<String>)
where
    HtmlPage: RecordFormat<P>,
{
    let settings = WriteSettings {
        notation,
        ..WriteSettings::default()
    };
    let written = HtmlPage::new().write(game, &settings).expect("a page");
    let Written::Text(text) = written.output else {
        panic!("a page is text");
    };
    (text, written.lost)
}

/// A board of the page: its node, the node before and after it, its ply, its line.
type Node = (usize, Option<usize>, Option<usize>, u32, String);

/// Each board's node, in order.
fn nodes(html: &str) -> Vec<Node> {
    html.match_indices("<div class=\"position\"")
        .map(|(i, _)| {
            let rest = &html[i..i + html[i..].find('>').expect("closed")];
            let attr = |name: &str| {
                let key = format!("{name}=\"");
                let from = rest.find(&key).expect("attribute") + key.len();
                rest[from..from + rest[from..].find('"').expect("closed")].to_owned()
            };
            (
                attr("data-node").parse().expect("a number"),
                attr("data-prev").parse().ok(),
                attr("data-next").parse().ok(),
                attr("data-ply").parse().expect("a number"),
                attr("data-line"),
            )
        })
        .collect()
}

#[test]
fn the_format_says_what_it_is() {
    let format: &dyn RecordFormat<xiangqi_board::Position> = &HtmlPage::new();
    let info = format.info();
    assert_eq!(
        (info.name, info.extensions, info.writes, info.binary),
        ("html", &["html"][..], true, false)
    );
    assert_eq!(format.sniff(b"<!DOCTYPE html>\n<html>"), Confidence::NONE);
    assert_eq!(format.read(Box::new(&b"<html></html>"[..])).count(), 0);
    let format: &dyn RecordFormat<shogi_board::Position> = &HtmlPage::new();
    assert_eq!(format.info().name, "html");
    assert_eq!(format.read(Box::new(&b"1.P-7f"[..])).count(), 0);
}

#[test]
fn the_seed_page_has_a_board_per_ply_linked_in_order() {
    let game = common::seed();
    let (html, lost) = page(&game, Some(&Algebraic::FINNISH));
    assert!(lost.is_empty(), "{lost:?}");
    let nodes = nodes(&html);
    assert_eq!(nodes.len(), 107);
    for (i, (node, prev, next, ply, line)) in nodes.iter().enumerate() {
        assert_eq!(*node, i);
        assert_eq!(*prev, i.checked_sub(1));
        assert_eq!(*next, (i < 106).then_some(i + 1));
        assert_eq!(*ply, i as u32);
        assert_eq!(line, "main");
    }
    // Every board starts hidden; the script shows one (the start, or the one the URL's
    // `#nN` names).
    assert_eq!(html.matches(" hidden>").count(), 107);
    // The movetext as the record writes it: `1.` before Red's moves, the moves as written,
    // the result and the comment after it.
    assert!(html.contains("<span class=\"num\">1.</span><button type=\"button\" class=\"move\" data-node=\"1\" data-ply=\"1\">The3</button>"));
    assert!(html.contains("data-node=\"106\" data-ply=\"106\">Kxf10</button>"));
    assert!(
        html.contains(
            "<span class=\"result\">0-1</span> <span class=\"comment\">Red resigned</span>"
        )
    );
    // The header: players, event line, every tag.
    assert!(html.contains("<h1>Kwang Boon TANG – Rong Hua HU</h1>"));
    assert!(html.contains("<p class=\"subtitle\">MSO Singapore Xiangqi Teams (Olympiad Championship) · Singapore · 2000.09.09 · round 8</p>"));
    assert_eq!(
        html.matches("<div><dt>").count(),
        game.replayed.record.tags.len()
    );
    // The same game gives the same bytes.
    assert_eq!(page(&game, Some(&Algebraic::FINNISH)).0, html);
}

#[test]
fn nothing_comes_from_outside_and_only_the_page_own_script_and_style_run() {
    let game = common::seed();
    let (html, _) = page(&game, Some(&Algebraic::FINNISH));
    // The SVG namespace is a name, not an address anything is fetched from.
    let html = html.replace(" xmlns=\"http://www.w3.org/2000/svg\"", "");
    for outside in [
        "http:", "https:", "src=", "href=", "@import", "url(http", "<link", "<iframe", "<object",
        "<embed",
    ] {
        assert!(!html.contains(outside), "{outside}");
    }
    // One script and one style element, without attributes; no inline handler or style
    // attribute (the policy would block them).
    assert_eq!(html.matches("<script").count(), 1);
    assert_eq!(html.matches("<script>").count(), 1);
    assert_eq!(html.matches("<style").count(), 1);
    assert_eq!(html.matches("<style>").count(), 1);
    assert!(!html.contains(" style=\""));
    let lower = html.to_ascii_lowercase();
    for handler in [" onclick=", " onload=", " onerror=", " onkeydown="] {
        assert!(!lower.contains(handler), "{handler}");
    }
    // The policy: nothing by default, the script and the style by their SHA-256 only.
    let from = html
        .find("Content-Security-Policy\" content=\"")
        .expect("a policy")
        + 34;
    let policy = &html[from..from + html[from..].find('"').expect("closed")];
    let directives: Vec<&str> = policy.split("; ").collect();
    assert_eq!(directives[0], "default-src 'none'");
    assert!(directives[1].starts_with("script-src 'sha256-") && directives[1].ends_with("='"));
    assert!(directives[2].starts_with("style-src 'sha256-") && directives[2].ends_with("='"));
    assert_eq!(directives[1].len(), "script-src 'sha256-'".len() + 44);
    assert_eq!(
        &directives[3..],
        ["img-src 'none'", "base-uri 'none'", "form-action 'none'"]
    );
}

#[test]
fn variations_branch_from_the_position_before_the_move_they_replace() {
    // 9.Bx3c+ has the variation (9.B-5e 10.P-7d (10.P-2d 11.R-1h 12.L-1b) 11.B-6f 12.G-7c).
    let game = common::shogi_game("shogi/shogi-comments-variations.psn");
    let (html, lost) = page(&game, Some(&psn::Psn::default()));
    assert!(lost.is_empty(), "{lost:?}");
    let nodes = nodes(&html);
    let main_moves = game.replayed.record.main.moves.len();
    assert_eq!(nodes.len(), 1 + main_moves + 7);
    // Main line: nodes 0 .. 9, then the variation's 10 .. 16 (written where they stand), then
    // the main line goes on at 17.
    let by_id = |id: usize| nodes[id].clone();
    assert_eq!(by_id(9).1, Some(8));
    assert_eq!(
        by_id(9).2,
        Some(17),
        "the main line's 9th move is followed by its 10th"
    );
    assert_eq!(
        by_id(10),
        (10, Some(8), Some(11), 9, "variation".to_owned())
    );
    assert_eq!(
        by_id(11),
        (11, Some(10), Some(15), 10, "variation".to_owned())
    );
    assert_eq!(
        by_id(12),
        (12, Some(10), Some(13), 10, "variation".to_owned())
    );
    assert_eq!(by_id(13).2, Some(14));
    assert_eq!(by_id(14).2, None);
    assert_eq!(
        by_id(15),
        (15, Some(11), Some(16), 11, "variation".to_owned())
    );
    assert_eq!(by_id(16).2, None);
    assert_eq!(by_id(17), (17, Some(9), Some(18), 10, "main".to_owned()));
    // The board of node 10 is the position after 8 main moves and B-5e.
    let mut pos = game.replayed.start;
    for entry in &game.replayed.record.main.moves[..8] {
        pos.play_unchecked(entry.mv);
    }
    pos.play_unchecked(game.replayed.record.main.moves[8].variations[0].moves[0].mv);
    let board = &html[html
        .find("<div class=\"position\" data-node=\"10\"")
        .expect("node 10")..];
    let title = &board
        [board.find("<title>").expect("a title") + 7..board.find("</title>").expect("closed")];
    assert_eq!(title, pos.to_sfen());
    // Shogi numbers every ply; the variation opens with its own number.
    assert!(html.contains("<span class=\"variation\">( <span class=\"ply\"><span class=\"num\">9.</span><button type=\"button\" class=\"move\" data-node=\"10\" data-ply=\"9\">B-5e</button>"));
    assert!(html.contains("<span class=\"comment\">A comment before the first move.</span>"));
}

#[test]
fn without_a_notation_moves_are_in_coordinates_and_numbers_follow_the_pairs() {
    let raw = parse_game_text("1. The3 {central cannon} Hg8 2. Hg3 $1 Vh10 *\n");
    let replayed = replay(
        &raw.record,
        xiangqi_board::Position::new(),
        &Algebraic::FINNISH,
    );
    let game = CheckedGame::new(replayed, &raw, None);
    let (html, _) = page(&game, None);
    let moves: Vec<&str> = html
        .split("class=\"move\"")
        .skip(1)
        .map(|s| &s[s.find('>').expect("a tag") + 1..s.find("</button>").expect("closed")])
        .collect();
    assert_eq!(moves, ["h2e2", "h9g7", "h0g2", "i9h9"]);
    // `1...` again after the comment that interrupts the pair; the `!` glyph after its move.
    let numbers: Vec<&str> = html
        .split("<span class=\"num\">")
        .skip(1)
        .map(|s| &s[..s.find('<').expect("closed")])
        .collect();
    assert_eq!(numbers, ["1.", "1...", "2."]);
    assert!(html.contains(">h0g2</button><span class=\"nag\">!</span>"));
}

#[test]
fn the_unread_rest_of_a_game_is_shown_as_text() {
    let raw = parse_game_text("1. The3 Hg8 2. Xx9 <b> *\n");
    let replayed = replay(
        &raw.record,
        xiangqi_board::Position::new(),
        &Algebraic::FINNISH,
    );
    let game = CheckedGame::new(replayed, &raw, None);
    assert!(!game.is_complete());
    let (html, _) = page(&game, Some(&Algebraic::FINNISH));
    assert_eq!(nodes(&html).len(), 3);
    let from = html.find("<p class=\"unread\">").expect("the rest") + 18;
    let rest = &html[from..from + html[from..].find("</p>").expect("closed")];
    assert!(
        rest.starts_with("kifu: not read from ply 3 (`Xx9`)"),
        "{rest}"
    );
    assert!(rest.contains("Xx9 &lt;b&gt;"), "{rest}");
}
