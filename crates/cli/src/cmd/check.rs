//! `kifu check`: read and check only.

use std::path::PathBuf;

use crate::ReadOptions;
use crate::report::Reporter;

/// Checks every game of `files`; with `show_board`, each error's position is drawn under it.
pub(crate) fn run(opts: &ReadOptions, files: &[PathBuf], show_board: bool) -> u8 {
    if let Some(code) = super::folder_without_recursive(files, opts.recursive) {
        return code;
    }
    let mut reporter = Reporter::new(opts.format, opts.strict)
        .with_codes(&opts.allow, &opts.deny)
        .with_board(show_board);
    super::for_each_game(files, opts, &mut reporter, |_, _, _, _| super::After::Next);
    reporter.finish("check")
}
