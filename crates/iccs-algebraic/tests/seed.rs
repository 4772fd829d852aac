//! The seed game (Tang - Hu, Singapore 2000, 106 plies) in Finnish algebraic notation, from
//! testdata/xiangqi/seed-algebraic-fi.pgn (the movetext copied verbatim from the seed document
//! 002_967f149c5c7f1bde.txt, `1.The3 Hg8` to `53.Vxf10+ Kxf10`, with the tags of its header).

mod common;

use iccs_algebraic::Algebraic;
use notation_traits::{GameReader, MoveNotation, replay};
use rstest::rstest;
use xiangqi_board::Position;

/// The seed's plies, each read and played; panics with the ply on an unreadable one.
fn replay_seed() -> (Vec<String>, Vec<(Position, xiangqi_board::Move)>, Position) {
    let tokens = common::seed_tokens();
    let mut pos = Position::new();
    let mut plies = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let read = Algebraic::FINNISH
            .read_move(&pos, token)
            .unwrap_or_else(|e| panic!("ply {} `{token}`: {e}", i + 1));
        assert!(
            read.warnings.is_empty(),
            "ply {} `{token}`: {:?}",
            i + 1,
            read.warnings
        );
        plies.push((pos, read.mv));
        pos.play_unchecked(read.mv);
    }
    (tokens, plies, pos)
}

#[test]
fn all_106_plies_resolve_without_warnings() {
    let (tokens, plies, _) = replay_seed();
    assert_eq!(tokens.len(), 106);
    assert_eq!(plies.len(), 106);
}

#[test]
fn the_writer_reproduces_every_token_of_the_seed() {
    // The seed is clean algebraic: every check is marked (`19.Txe7+`, `33...Va1+`, `41...Vb1+`,
    // `53.Vxf10+`), and disambiguation (`Tbc3`, `Ece8`, `Tgg7`, `Vah9`, `Nfe9`, `V10h7`,
    // `Vff9`) is exactly what the legal moves need.
    let (tokens, plies, _) = replay_seed();
    let differences: Vec<String> = plies
        .iter()
        .zip(&tokens)
        .enumerate()
        .filter_map(|(i, ((pos, mv), token))| {
            let written = Algebraic::FINNISH.write_move(pos, *mv);
            (&written != token)
                .then(|| format!("ply {}: seed `{token}`, writer `{written}`", i + 1))
        })
        .collect();
    assert_eq!(differences, Vec::<String>::new());
}

#[test]
fn the_game_ends_in_the_position_cli_md_records() {
    // CLI.md's JSON example is this game (Red Tang, Black Hu, 0-1); its `final` field.
    let (_, _, end) = replay_seed();
    assert_eq!(
        end.to_fen(),
        "3a1k3/4a1RP1/4b3b/9/9/4P1B2/1r7/4B4/3p2p2/3AKA3 w - - 0 54"
    );
}

#[rstest]
#[case::central_cannon(1, "The3", "h2e2")]
#[case::black_horse(2, "Hg8", "h9g7")]
#[case::black_chariot_to_rank_ten(4, "Vh10", "i9h9")]
#[case::rank_disambiguation(46, "V10h7", "h9h6")]
#[case::king_takes_on_rank_ten(106, "Kxf10", "e9f9")]
fn plies_read_as_the_rules_text_says(#[case] ply: usize, #[case] token: &str, #[case] iccs: &str) {
    // Research edge cases 20 and 21; the seed's own gloss of `1.The3 Hg8`; `Kxf10` is the
    // black king taking the chariot on f10 from e10 (e9 in ICCS).
    let (tokens, plies, _) = replay_seed();
    assert_eq!(tokens[ply - 1], token);
    assert_eq!(plies[ply - 1].1.to_string(), iccs);
}

#[test]
fn the_seed_file_replays_through_the_shared_game_reader() {
    // notation-traits' GameReader splits the movetext (numbers glued to the moves, as the seed
    // writes them) and `replay` checks every move and its number with this notation.
    let text = common::read("seed-algebraic-fi.pgn");
    let game = GameReader::new(text.as_bytes())
        .next()
        .expect("one game")
        .expect("readable text");
    assert!(game.diagnostics.is_empty(), "{:?}", game.diagnostics);
    let replayed = replay(&game.record, Position::new(), &Algebraic::FINNISH);
    assert!(
        replayed.diagnostics.is_empty(),
        "{:?}",
        replayed.diagnostics
    );
    assert_eq!(replayed.record.main.moves.len(), 106);
    assert!(replayed.unread.is_empty());
    assert_eq!(replayed.record.main.moves[45].text, "V10h7");
    assert_eq!(replayed.record.main.moves[45].span.start.line, 25);
    assert_eq!(replayed.record.tag("Black"), Some("Rong Hua HU"));
    assert_eq!(replayed.record.trailing_comments, ["Red resigned"]);
}
