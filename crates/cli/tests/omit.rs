//! `kifu convert --no-comments --no-variations --no-nags --no-clocks` (issue 11, part 4: what
//! pgn-extract's `-C`, `-V`, `-N` and `--noclocks` drop): each leaves out its part and
//! nothing else, in every target; testdata/shogi/shogi-everything.psn holds all four.

mod common;

use std::process::{Command, Output};

fn kifu(args: &[&str]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .current_dir(common::testdata(""))
        .args(args)
        .output()
        .expect("kifu runs");
    common::schema::check_output(args, &out);
    out
}

const GAME: &str = "shogi/shogi-everything.psn";

const TAGS: &str = concat!(
    "[Sente \"A\"]\n[Gote \"B\"]\n",
    "[SFEN \"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\"]\n",
    "[Event \"Comments, a variation, glyphs and clock times in one game\"]\n",
    "[Result \"0-1\"]\n\n",
);

/// The PSN kifu writes for the game with `flags`, after the tags.
fn moves(flags: &[&str]) -> String {
    let mut args = vec!["convert", "-q", "--to", "psn"];
    args.extend(flags);
    args.push(GAME);
    let o = kifu(&args);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let out = String::from_utf8(o.stdout).unwrap();
    out.strip_prefix(TAGS)
        .unwrap_or_else(|| panic!("{flags:?}: the tags changed:\n{out}"))
        .to_owned()
}

#[test]
fn everything_is_kept_by_default() {
    assert_eq!(
        moves(&[]),
        concat!(
            "{Before the first move.}\n",
            "1.P-7f (00:04 / 00:00:04)\n",
            "2.G6a-5b (00:11 / 00:00:11) {A quiet gold.}\n",
            "3.R-4h $1 $18 (00:18 / 00:00:22) (3.P-1f {Edge pawn instead.})\n",
            "4.P-7d $2 (00:02 / 00:00:13)\n",
            "5.B-5e (00:09 / 00:00:31)\n",
            "6.G-6b (00:16 / 00:00:29)\n",
            "7.Resigns (00:05 / 00:00:36) {After the end.}\n",
        )
    );
}

#[test]
fn no_comments_drops_every_comment_and_only_them() {
    // Before the first move, after a move, inside a variation, after the result.
    assert_eq!(
        moves(&["--no-comments"]),
        concat!(
            "1.P-7f (00:04 / 00:00:04)\n",
            "2.G6a-5b (00:11 / 00:00:11)\n",
            "3.R-4h $1 $18 (00:18 / 00:00:22) (3.P-1f)\n",
            "4.P-7d $2 (00:02 / 00:00:13)\n",
            "5.B-5e (00:09 / 00:00:31)\n",
            "6.G-6b (00:16 / 00:00:29)\n",
            "7.Resigns (00:05 / 00:00:36)\n",
        )
    );
}

#[test]
fn no_variations_drops_the_variation_with_its_comment() {
    assert_eq!(
        moves(&["--no-variations"]),
        concat!(
            "{Before the first move.}\n",
            "1.P-7f (00:04 / 00:00:04)\n",
            "2.G6a-5b (00:11 / 00:00:11) {A quiet gold.}\n",
            "3.R-4h $1 $18 (00:18 / 00:00:22)\n",
            "4.P-7d $2 (00:02 / 00:00:13)\n",
            "5.B-5e (00:09 / 00:00:31)\n",
            "6.G-6b (00:16 / 00:00:29)\n",
            "7.Resigns (00:05 / 00:00:36) {After the end.}\n",
        )
    );
}

#[test]
fn no_nags_drops_the_glyphs_written_as_signs_and_as_numbers() {
    // `R2h-4h! $18` and `P7c-7d?` in the file.
    assert_eq!(
        moves(&["--no-nags"]),
        concat!(
            "{Before the first move.}\n",
            "1.P-7f (00:04 / 00:00:04)\n",
            "2.G6a-5b (00:11 / 00:00:11) {A quiet gold.}\n",
            "3.R-4h (00:18 / 00:00:22) (3.P-1f {Edge pawn instead.})\n",
            "4.P-7d (00:02 / 00:00:13)\n",
            "5.B-5e (00:09 / 00:00:31)\n",
            "6.G-6b (00:16 / 00:00:29)\n",
            "7.Resigns (00:05 / 00:00:36) {After the end.}\n",
        )
    );
}

#[test]
fn no_clocks_drops_the_moves_and_the_terminal_words_times() {
    assert_eq!(
        moves(&["--no-clocks"]),
        concat!(
            "{Before the first move.}\n",
            "1.P-7f\n",
            "2.G6a-5b {A quiet gold.}\n",
            "3.R-4h $1 $18 (3.P-1f {Edge pawn instead.})\n",
            "4.P-7d $2\n",
            "5.B-5e\n",
            "6.G-6b\n",
            "7.Resigns {After the end.}\n",
        )
    );
}

#[test]
fn all_four_leave_the_moves_the_tags_and_the_result() {
    let all = [
        "--no-comments",
        "--no-variations",
        "--no-nags",
        "--no-clocks",
    ];
    assert_eq!(
        moves(&all),
        "1.P-7f\n2.G6a-5b\n3.R-4h\n4.P-7d\n5.B-5e\n6.G-6b\n7.Resigns\n"
    );
    // JSON output too: no `comments` text, `variations`, `nags`, `clock` or `terminal_clock`.
    let mut args = vec!["convert", "-q", "--to", "json"];
    args.extend(all);
    args.push(GAME);
    let o = kifu(&args);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["comments"], serde_json::json!([]));
    assert_eq!(v.get("result_comments"), None);
    assert_eq!(v.get("terminal_clock"), None);
    assert_eq!(v["terminal"], "Resigns");
    assert_eq!(v["result"], "0-1");
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 6);
    for m in moves {
        assert_eq!(
            m.as_object().unwrap().keys().collect::<Vec<_>>(),
            ["ply", "text", "coord", "comments"],
            "{m}"
        );
        assert_eq!(m["comments"], serde_json::json!([]));
    }
}
