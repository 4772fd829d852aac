//! docs/seed-ply-32.svg is what examples/seed_ply_32.rs writes, so the picture in the docs
//! stays the one the code makes (looked at: the cannon's move 砲７進２ bracketed, the arrow of
//! the reply 17.Sd7 from c6 to d6, the caption `第32步 · 砲７進２ · 紅方走`).

mod common;

#[path = "../examples/seed_ply_32.rs"]
mod example;

#[test]
fn the_docs_picture_is_the_examples_output() {
    let path = common::root().join("docs/seed-ply-32.svg");
    let committed = std::fs::read_to_string(&path).expect("docs/seed-ply-32.svg");
    assert!(
        committed == example::svg(),
        "docs/seed-ply-32.svg is stale: cargo run -q -p kifu-diagram --example seed_ply_32 > docs/seed-ply-32.svg"
    );
}
