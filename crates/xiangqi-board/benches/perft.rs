//! Perft from the start position and a middle-game position; the node counts are asserted.
//!
//! The depth-5 start position (133,312,995 nodes) runs with `cargo bench -p xiangqi-board --
//! perft_start_d5`; the quick default runs depth 4.

use criterion::{Criterion, Throughput, criterion_main};
use xiangqi_board::{Position, perft};

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("xiangqi_perft");
    group.sample_size(10);
    let start = Position::new();
    group.throughput(Throughput::Elements(3_290_240));
    group.bench_function("perft_start_d4", |b| {
        b.iter(|| assert_eq!(perft(&start, 4), 3_290_240));
    });
    let mid: Position = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1"
        .parse()
        .expect("fixture FEN");
    group.throughput(Throughput::Elements(1_339_047));
    group.bench_function("perft_mid_d4", |b| {
        b.iter(|| assert_eq!(perft(&mid, 4), 1_339_047));
    });
    group.throughput(Throughput::Elements(133_312_995));
    group.bench_function("perft_start_d5", |b| {
        b.iter(|| assert_eq!(perft(&start, 5), 133_312_995));
    });
    group.finish();
}

#[allow(missing_docs)]
mod group {
    criterion::criterion_group!(benches, super::bench_perft);
}
criterion_main!(group::benches);
