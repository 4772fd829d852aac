//! Perft counts from testdata/perft/shogi.perft (sources named in the file).

use shogi_board::{Position, perft, perft_built};

#[test]
fn perft_reference_counts() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/perft/shogi.perft"
    );
    let text = std::fs::read_to_string(path).expect("testdata/perft/shogi.perft");
    let mut pos: Option<Position> = None;
    let mut checked = 0;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(sfen) = line.strip_prefix("sfen ") {
            pos = Some(Position::from_sfen(sfen).unwrap_or_else(|e| panic!("line {}: {e}", n + 1)));
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (depth, nodes) = rest.split_once(' ').expect("perft DEPTH NODES");
            let depth: u32 = depth.parse().unwrap();
            let nodes: u64 = nodes.parse().unwrap();
            let pos = pos.as_ref().expect("an sfen line before perft lines");
            assert_eq!(
                perft(pos, depth),
                nodes,
                "line {}: {}",
                n + 1,
                pos.to_sfen()
            );
            assert_eq!(
                perft_built(pos, depth),
                nodes,
                "line {} (leaf moves built): {}",
                n + 1,
                pos.to_sfen()
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 16);
}
