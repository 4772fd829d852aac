//! The move tree of an archive record, and how it becomes a game record's lines.
//!
//! XQF and CBR store a game as its tree of moves in pre-order, each node as "first child, next
//! sibling": a move, then (when it has a reply) its reply and everything below that, then
//! (when it has an alternative) the next move from the same position. [`Walk`] rebuilds the
//! tree from those two flags without recursion, since real files nest hundreds of moves deep.
//! DhtmlXQ names its lines instead, and builds the same [`Tree`].
//!
//! A node's first child is the main continuation and the others are its alternatives in file
//! order: [`main_line`] turns the tree into the record's main [`Line`], each alternative a
//! variation of the move it replaces. Variations nested more than [`MAX_NESTING`] levels deep
//! (the limit of the PGN reader, so that every kifu writer and reader can take what this one
//! gives) are kept as text in a comment, with a `variation-too-deep` error. A record that names
//! no move ends its line: it and the records below it are not used (a `bad-move-record`
//! error), and the line goes on with its next alternative if it has one.

use notation_traits::{Diagnostic, Line, MoveEntry, Severity, Span};

/// The deepest variation nesting kept as variations (the PGN reader's limit).
pub(crate) const MAX_NESTING: usize = 32;

/// A tree of moves; node 0 is the root (the start position).
#[derive(Clone, Debug)]
pub(crate) struct Tree<T> {
    nodes: Vec<TreeNode<T>>,
}

/// A node: its data and its children, the main continuation first.
#[derive(Clone, Debug)]
pub(crate) struct TreeNode<T> {
    /// What the node holds.
    pub(crate) data: T,
    /// The moves played from the position after this node, the main continuation first.
    pub(crate) children: Vec<usize>,
}

impl<T> Tree<T> {
    /// The root's index.
    pub(crate) const ROOT: usize = 0;

    /// A tree of only its root.
    pub(crate) fn new(root: T) -> Tree<T> {
        Tree {
            nodes: vec![TreeNode {
                data: root,
                children: Vec::new(),
            }],
        }
    }

    /// Adds `data` as the last child of `parent`; returns its index.
    pub(crate) fn add(&mut self, parent: usize, data: T) -> usize {
        let index = self.nodes.len();
        self.nodes.push(TreeNode {
            data,
            children: Vec::new(),
        });
        self.nodes[parent].children.push(index);
        index
    }

    /// The node at `index`.
    pub(crate) fn node(&self, index: usize) -> &TreeNode<T> {
        &self.nodes[index]
    }

    /// The node at `index`, to change.
    pub(crate) fn node_mut(&mut self, index: usize) -> &mut TreeNode<T> {
        &mut self.nodes[index]
    }

    /// How many nodes the tree holds, the root included.
    pub(crate) fn len(&self) -> usize {
        self.nodes.len()
    }

    /// How many nodes the subtree of `index` holds, itself included.
    pub(crate) fn subtree_size(&self, index: usize) -> usize {
        let mut count = 0;
        let mut stack = vec![index];
        while let Some(i) = stack.pop() {
            count += 1;
            stack.extend_from_slice(&self.nodes[i].children);
        }
        count
    }
}

/// The stack walk that rebuilds a tree from records in pre-order with a continuation and an
/// alternative flag each (../shared/research/xqf-format.md §7.4).
///
/// Read the root; then, while [`Walk::parent`] gives a node, read a record, add it as the
/// parent's last child and call [`Walk::step`] with its flags.
#[derive(Clone, Debug)]
pub(crate) struct Walk {
    parent: Option<usize>,
    stack: Vec<usize>,
}

impl Walk {
    /// The walk after the root: `continued` is the root's continuation flag (the game has
    /// moves).
    pub(crate) fn new(continued: bool) -> Walk {
        Walk {
            parent: continued.then_some(0),
            stack: Vec::new(),
        }
    }

    /// The node the next record belongs under; `None` when the tree is complete.
    pub(crate) fn parent(&self) -> Option<usize> {
        self.parent
    }

    /// Takes the flags of `node`, just added under [`Walk::parent`]: with `alternative`
    /// another move from the same position follows its subtree; with `continued` its reply
    /// follows.
    pub(crate) fn step(&mut self, node: usize, continued: bool, alternative: bool) {
        let Some(parent) = self.parent else { return };
        if alternative {
            self.stack.push(parent);
        }
        self.parent = if continued {
            Some(node)
        } else {
            self.stack.pop()
        };
    }
}

/// A record as a reader took it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ReadMove {
    /// The move as ICCS engine text (`h2e2`), or why the record names no move.
    pub(crate) text: Result<String, String>,
    /// Where the record stands.
    pub(crate) span: Span,
    /// The comment after the move (for the root: before the first move).
    pub(crate) comment: Option<String>,
    /// The move's ply, from 1 at the record's first move (0 for the root).
    pub(crate) ply: u32,
}

impl ReadMove {
    /// The root: no move, an optional comment.
    pub(crate) fn root(span: Span, comment: Option<String>) -> ReadMove {
        ReadMove {
            text: Err(String::new()),
            span,
            comment,
            ply: 0,
        }
    }
}

/// The main line of `tree`: the root's comment before the first move, each first child the
/// next move, the other children its variations. Records that name no move and variations
/// nested too deep are reported into `diagnostics`.
pub(crate) fn main_line(tree: &Tree<ReadMove>, diagnostics: &mut Vec<Diagnostic>) -> Line<()> {
    let mut builder = Builder { tree, diagnostics };
    let root = tree.node(Tree::<ReadMove>::ROOT);
    let first = builder.usable(&root.children);
    let mut line = builder.line(first, 0);
    line.comments = root.data.comment.iter().cloned().collect();
    line
}

struct Builder<'a> {
    tree: &'a Tree<ReadMove>,
    diagnostics: &'a mut Vec<Diagnostic>,
}

impl Builder<'_> {
    /// The children that name moves; each that does not is reported.
    fn usable(&mut self, kids: &[usize]) -> Vec<usize> {
        let mut out = Vec::with_capacity(kids.len());
        for (k, &child) in kids.iter().enumerate() {
            let data = &self.tree.node(child).data;
            let Err(reason) = &data.text else {
                out.push(child);
                continue;
            };
            let below = self.tree.subtree_size(child) - 1;
            let mut message = reason.clone();
            message.push_str(&match below {
                0 => ": the record is not used".to_owned(),
                1 => ": it and the 1 record below it are not used".to_owned(),
                n => format!(": it and the {n} records below it are not used"),
            });
            let next = kids[k + 1..]
                .iter()
                .any(|&d| self.tree.node(d).data.text.is_ok());
            if out.is_empty() && next {
                message.push_str("; its line goes on with its next alternative");
            }
            self.diagnostics.push(
                Diagnostic::new(Severity::Error, "bad-move-record", message)
                    .at(data.span)
                    .with_ply(data.ply),
            );
        }
        out
    }

    fn entry(&self, node: usize) -> MoveEntry<()> {
        let data = &self.tree.node(node).data;
        let mut entry = MoveEntry::new((), data.text.clone().unwrap_or_default(), data.span);
        entry.comments = data.comment.iter().cloned().collect();
        entry
    }

    /// The line that starts with `kids[0]` (its alternatives `kids[1..]`) and goes on along
    /// the first children; `depth` is the variation nesting of the line.
    fn line(&mut self, mut kids: Vec<usize>, depth: usize) -> Line<()> {
        let mut line = Line::default();
        while let Some((&main, alternatives)) = kids.split_first() {
            let mut entry = self.entry(main);
            for &alternative in alternatives {
                if depth >= MAX_NESTING {
                    let data = &self.tree.node(alternative).data;
                    self.diagnostics.push(
                        Diagnostic::new(
                            Severity::Error,
                            "variation-too-deep",
                            format!(
                                "variations nested more than {MAX_NESTING} levels deep: the deeper ones are kept as a comment"
                            ),
                        )
                        .at(data.span)
                        .with_ply(data.ply),
                    );
                    let text = self.render(alternative);
                    entry
                        .comments
                        .push(format!("variation nested too deep, kept as text: ({text})"));
                } else {
                    let variation = self.line(vec![alternative], depth + 1);
                    entry.variations.push(variation);
                }
            }
            line.moves.push(entry);
            let children = self.tree.node(main).children.clone();
            kids = self.usable(&children);
        }
        line
    }

    /// The line that starts with `first` as movetext: moves, `{comments}`, `(variations)`.
    fn render(&mut self, first: usize) -> String {
        enum Work {
            Line(Vec<usize>),
            Open,
            Close,
        }
        let mut out = String::new();
        let mut stack = vec![Work::Line(vec![first])];
        while let Some(work) = stack.pop() {
            match work {
                Work::Open => {
                    if !out.is_empty() {
                        out.push(' ');
                    }
                    out.push('(');
                }
                Work::Close => out.push(')'),
                Work::Line(kids) => {
                    let Some((&main, alternatives)) = kids.split_first() else {
                        continue;
                    };
                    let data = &self.tree.node(main).data;
                    if !out.is_empty() && !out.ends_with('(') {
                        out.push(' ');
                    }
                    out.push_str(data.text.as_deref().unwrap_or_default());
                    if let Some(c) = &data.comment {
                        out.push_str(" {");
                        out.push_str(&c.replace(['{', '}'], ""));
                        out.push('}');
                    }
                    let children = self.tree.node(main).children.clone();
                    stack.push(Work::Line(self.usable(&children)));
                    for &alternative in alternatives.iter().rev() {
                        stack.push(Work::Close);
                        stack.push(Work::Line(vec![alternative]));
                        stack.push(Work::Open);
                    }
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(text: &str, ply: u32) -> ReadMove {
        ReadMove {
            text: Ok(text.to_owned()),
            span: Span::bytes(ply as usize, ply as usize + 1),
            comment: None,
            ply,
        }
    }

    /// The example of xqf-format.md §7.4: records R(cont) A(cont,alt) B() C(cont) D() give
    /// root→A→B and root→C→D.
    #[test]
    fn the_walk_rebuilds_the_example_tree() {
        let mut tree = Tree::new(ReadMove::root(Span::default(), None));
        let mut walk = Walk::new(true);
        for (text, cont, alt) in [
            ("A", true, true),
            ("B", false, false),
            ("C", true, false),
            ("D", false, false),
        ] {
            let parent = walk.parent().unwrap();
            let node = tree.add(parent, mv(text, 1));
            walk.step(node, cont, alt);
        }
        assert_eq!(walk.parent(), None);
        assert_eq!(tree.node(0).children, [1, 3]);
        assert_eq!(tree.node(1).children, [2]);
        assert_eq!(tree.node(3).children, [4]);
        let mut diagnostics = Vec::new();
        let line = main_line(&tree, &mut diagnostics);
        let texts: Vec<&str> = line.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["A", "B"]);
        let v: Vec<&str> = line.moves[0].variations[0]
            .moves
            .iter()
            .map(|m| m.text.as_str())
            .collect();
        assert_eq!(v, ["C", "D"]);
        assert!(diagnostics.is_empty());
    }

    #[test]
    fn a_bad_record_ends_its_line_and_its_alternative_goes_on() {
        let mut tree = Tree::new(ReadMove::root(Span::default(), None));
        let a = tree.add(0, mv("h2e2", 1));
        let bad = tree.add(
            a,
            ReadMove {
                text: Err("square 95 is off the board".to_owned()),
                ..mv("", 2)
            },
        );
        tree.add(bad, mv("b0c2", 3));
        tree.add(a, mv("h9g7", 2));
        let mut diagnostics = Vec::new();
        let line = main_line(&tree, &mut diagnostics);
        let texts: Vec<&str> = line.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["h2e2", "h9g7"]);
        assert_eq!(diagnostics.len(), 1);
        assert_eq!(
            diagnostics[0].message,
            "square 95 is off the board: it and the 1 record below it are not used; its line goes on with its next alternative"
        );
        assert_eq!(diagnostics[0].ply, Some(2));
    }

    #[test]
    fn variations_deeper_than_the_limit_become_text() {
        // Each move has an alternative whose line again has an alternative, MAX_NESTING + 2
        // levels deep.
        let mut tree = Tree::new(ReadMove::root(Span::default(), None));
        let mut parent = 0;
        for level in 0..MAX_NESTING + 2 {
            let ply = level as u32 + 1;
            tree.add(parent, mv("a0a1", ply));
            let alt = tree.add(parent, mv("i0i1", ply));
            parent = alt;
        }
        let mut diagnostics = Vec::new();
        let line = main_line(&tree, &mut diagnostics);
        let mut depth = 0;
        let mut l = &line;
        while let Some(v) = l.moves.iter().find_map(|m| m.variations.first()) {
            depth += 1;
            l = v;
        }
        assert_eq!(depth, MAX_NESTING);
        assert_eq!(diagnostics.len(), 1);
        assert_eq!(diagnostics[0].code, "variation-too-deep");
        assert_eq!(
            l.moves[1].comments,
            ["variation nested too deep, kept as text: (i0i1 a0a1 (i0i1))"]
        );
    }
}
