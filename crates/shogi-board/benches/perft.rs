//! Perft from the start position and the "matsuri" middle-game position; the node counts are
//! asserted.
//!
//! The depth-5 start position (19,861,490 nodes) runs with `cargo bench -p shogi-board --
//! perft_start_d5`.

// `criterion_group!` defines an undocumented public function.
#![allow(missing_docs)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shogi_board::{Position, perft};

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("shogi_perft");
    group.sample_size(10);
    let start = Position::new();
    group.throughput(Throughput::Elements(719_731));
    group.bench_function("perft_start_d4", |b| {
        b.iter(|| assert_eq!(perft(&start, 4), 719_731));
    });
    let matsuri: Position = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"
        .parse()
        .expect("fixture SFEN");
    group.throughput(Throughput::Elements(4_809_015));
    group.bench_function("perft_matsuri_d3", |b| {
        b.iter(|| assert_eq!(perft(&matsuri, 3), 4_809_015));
    });
    group.throughput(Throughput::Elements(19_861_490));
    group.bench_function("perft_start_d5", |b| {
        b.iter(|| assert_eq!(perft(&start, 5), 19_861_490));
    });
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
