//! A checked game as this crate's writers see it: the tree of its moves with one comment each,
//! and the phrases for what the target format cannot hold.
//!
//! XQF and DhtmlXQ hold one comment per move and one before the first move, and nothing else
//! around a move. So several comments on a move are joined into one (lines apart); a comment
//! before a variation's first move is joined to that move's comment; comments after the result
//! and the moves kifu could not read (as the `kifu: not read from ply N` comment) are joined to
//! the last main-line move's; glyphs, clock times and terminal words are lost. Each of these
//! gives a phrase in [`Lost`].

use std::collections::VecDeque;

use notation_traits::{CheckedGame, Line, write_unread_moves};
use xiangqi_board::{Move, Position};

use crate::tree::Tree;

/// A node of an exported tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct WriteMove {
    /// The move (`None` for the root).
    pub(crate) mv: Option<Move>,
    /// The comment after the move (for the root: before the first move); empty for none.
    pub(crate) comment: String,
    /// The move's ply, from 1 at the first move (0 for the root).
    pub(crate) ply: u32,
}

/// What a format cannot hold, one phrase each, in the order met, without repeats.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Lost(Vec<String>);

impl Lost {
    /// Adds a phrase unless it is there already.
    pub(crate) fn add(&mut self, phrase: impl Into<String>) {
        let phrase = phrase.into();
        if !self.0.contains(&phrase) {
            self.0.push(phrase);
        }
    }

    /// The phrases.
    pub(crate) fn into_vec(self) -> Vec<String> {
        self.0
    }
}

/// A game's tree of moves and what could not be kept in it.
#[derive(Clone, Debug)]
pub(crate) struct Export {
    /// The tree; each node's first child is the main continuation.
    pub(crate) tree: Tree<WriteMove>,
    /// What was lost or joined.
    pub(crate) lost: Lost,
}

fn join(into: &mut String, text: &str) {
    if text.is_empty() {
        return;
    }
    if !into.is_empty() {
        into.push('\n');
    }
    into.push_str(text);
}

/// The tree of `game`'s moves.
pub(crate) fn export(game: &CheckedGame<Position>) -> Export {
    let record = &game.replayed.record;
    let mut lost = Lost::default();
    let mut tree = Tree::new(WriteMove {
        mv: None,
        comment: record.main.comments.join("\n"),
        ply: 0,
    });
    if record.main.comments.len() > 1 {
        lost.add("several comments at one place, joined into one");
    }
    // Lines to add: (the node the line's first move is played from, the line).
    let mut queue: VecDeque<(usize, &Line<Move>)> = VecDeque::new();
    queue.push_back((Tree::<WriteMove>::ROOT, &record.main));
    let mut last_main = Tree::<WriteMove>::ROOT;
    let mut first_line = true;
    while let Some((parent, line)) = queue.pop_front() {
        let mut at = parent;
        if !first_line && !line.comments.is_empty() {
            lost.add("comments before a variation's first move, joined to that move's comment");
        }
        for (i, entry) in line.moves.iter().enumerate() {
            let mut comment = String::new();
            if i == 0 && !first_line {
                for c in &line.comments {
                    join(&mut comment, c);
                }
            }
            if entry.comments.len() > 1 {
                lost.add("several comments at one place, joined into one");
            }
            for c in &entry.comments {
                join(&mut comment, c);
            }
            if !entry.nags.is_empty() {
                lost.add("move glyphs ($n)");
            }
            if entry.clock.is_some() {
                lost.add("clock times");
            }
            let ply = tree.node(at).data.ply + 1;
            let node = tree.add(
                at,
                WriteMove {
                    mv: Some(entry.mv),
                    comment,
                    ply,
                },
            );
            for v in &entry.variations {
                if v.moves.is_empty() {
                    // A variation none of whose moves could be read: its comments (the
                    // unread moves) go to the move it was an alternative to.
                    for c in &v.comments {
                        let text = &mut tree.node_mut(node).data.comment;
                        join(text, c);
                    }
                    continue;
                }
                queue.push_back((at, v));
            }
            at = node;
        }
        if first_line {
            last_main = at;
            first_line = false;
        }
    }
    let mut tail = String::new();
    if !record.trailing_comments.is_empty() {
        lost.add("comments after the result, joined to the last move's comment");
        for c in &record.trailing_comments {
            join(&mut tail, c);
        }
    }
    if !game.replayed.unread.is_empty() {
        let unread = game.replayed.unread.len();
        let what = if unread == 1 { "move" } else { "moves" };
        lost.add(format!(
            "{unread} {what} kifu could not read, kept only as a comment after the last move read"
        ));
        join(&mut tail, &unread_comment(game));
    }
    if let Some(t) = &game.terminal {
        lost.add(format!("the terminal word `{}`", t.text));
    }
    join(&mut tree.node_mut(last_main).data.comment, &tail);
    Export { tree, lost }
}

/// The comment that keeps the unread rest of the main line, with the moves from the record
/// when the rest was not cut from a source text (binary inputs have none).
fn unread_comment(game: &CheckedGame<Position>) -> String {
    if game.rest.as_deref().is_some_and(|r| !r.is_empty()) {
        return game.unread_comment().unwrap_or_default();
    }
    let mut with_rest = game.clone();
    with_rest.rest = Some(write_unread_moves(&game.replayed.unread));
    with_rest.unread_comment().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use iccs_algebraic::Iccs;
    use notation_traits::{parse_game_text, replay};

    fn checked(text: &str) -> CheckedGame<Position> {
        let raw = parse_game_text(text);
        let replayed = replay(&raw.record, Position::new(), &Iccs::ENGINE);
        CheckedGame::new(replayed, &raw, None)
    }

    #[test]
    fn variations_become_later_children() {
        let game = checked("{start} h2e2 {a} {b} (b2e2 $1 h9g7) h9g7 (b9c7) *");
        let e = export(&game);
        let root = e.tree.node(0);
        assert_eq!(root.data.comment, "start");
        assert_eq!(root.children.len(), 2);
        let main = e.tree.node(root.children[0]);
        assert_eq!(main.data.mv.unwrap().to_string(), "h2e2");
        assert_eq!(main.data.comment, "a\nb");
        assert_eq!(main.children.len(), 2);
        let alt = e.tree.node(root.children[1]);
        assert_eq!(alt.data.mv.unwrap().to_string(), "b2e2");
        assert_eq!(e.tree.node(alt.children[0]).data.ply, 2);
        assert_eq!(
            e.lost.into_vec(),
            [
                "several comments at one place, joined into one",
                "move glyphs ($n)"
            ]
        );
    }

    #[test]
    fn unread_moves_are_kept_as_a_comment() {
        let game = checked("h2e2 h9g7 x9x9 b0c2 *");
        let e = export(&game);
        let last = e.tree.node(e.tree.node(1).children[0]);
        assert_eq!(
            last.data.comment,
            "kifu: not read from ply 3 (`x9x9`): expected a file a-i, found `x`; the rest as written:\nx9x9 b0c2"
        );
        assert_eq!(
            e.lost.into_vec(),
            ["2 moves kifu could not read, kept only as a comment after the last move read"]
        );
    }
}
