//! Perft counts from testdata/perft/xiangqi.perft (sources named in the file).

use xiangqi_board::{Position, perft, perft_built};

#[test]
fn perft_reference_counts() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/perft/xiangqi.perft"
    );
    let text = std::fs::read_to_string(path).expect("testdata/perft/xiangqi.perft");
    let mut pos: Option<Position> = None;
    let mut checked = 0;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(fen) = line.strip_prefix("fen ") {
            pos = Some(Position::from_fen(fen).unwrap_or_else(|e| panic!("line {}: {e}", n + 1)));
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (depth, nodes) = rest.split_once(' ').expect("perft DEPTH NODES");
            let depth: u32 = depth.parse().unwrap();
            let nodes: u64 = nodes.parse().unwrap();
            let pos = pos.as_ref().expect("a fen line before perft lines");
            assert_eq!(perft(pos, depth), nodes, "line {}: {}", n + 1, pos.to_fen());
            assert_eq!(
                perft_built(pos, depth),
                nodes,
                "line {} (leaf moves built): {}",
                n + 1,
                pos.to_fen()
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 20);
}
