//! The 300 fixture games (testdata/shogi/shogi-games.jsonl, 36,295 plies played by
//! Fairy-Stockfish; ../shared/fixtures/README.md): each written in CSA V3.0 and V2.2 and read
//! back gives the fixture's moves and final position; a middle-game start (its move number
//! is not 1) is the one thing CSA cannot hold, and the writer says so.

mod common;

use csa::{Csa, CsaNotation};
use notation_traits::{RecordFormat, WriteSettings, Written};

#[test]
fn fixture_games_written_in_csa_read_back_to_their_moves() {
    let fixtures = common::fixtures();
    assert_eq!(fixtures.len(), 300);
    let mut plies = 0;
    for f in &fixtures {
        let game = common::fixture_game(f, &CsaNotation);
        for version in [None, Some("2.2")] {
            let settings = WriteSettings {
                version,
                ..WriteSettings::default()
            };
            let w = Csa.write(&game, &settings).unwrap();
            let expected_lost: Vec<String> = if f.start.ply() == 1 {
                Vec::new()
            } else {
                vec![format!(
                    "the start position's move number {}: CSA counts moves from 1",
                    f.start.ply()
                )]
            };
            assert_eq!(w.lost, expected_lost, "{}", f.id);
            let Written::Text(text) = w.output else {
                panic!("text");
            };
            let back = common::check(common::read(&text).remove(0));
            let moves: Vec<_> = back
                .replayed
                .record
                .main
                .moves
                .iter()
                .map(|m| m.mv)
                .collect();
            assert_eq!(moves, f.moves, "{}", f.id);
            let end = shogi_board::Position::from_sfen(&f.final_sfen).unwrap();
            assert!(back.replayed.end.same_position(&end), "{}", f.id);
            assert!(back.replayed.start.same_position(&f.start), "{}", f.id);
        }
        plies += f.moves.len();
    }
    // ../shared/fixtures/README.md: 36,295 plies.
    assert_eq!(plies, 36_295);
}
