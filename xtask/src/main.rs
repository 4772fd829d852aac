//! Project automation for kifu.
fn main() {}
