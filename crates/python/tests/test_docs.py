"""docs/python.md shows what its cells print: each Python cell is run in order in one
namespace (from the repository root), and the text block after it is its output (what it
printed, or the repr of its last expression), compared with white space left out."""

import ast
import contextlib
import io
import os
import re

from conftest import ROOT

BLOCK = re.compile(r"```(\w+)\n(.*?)```", re.S)


def cells():
    text = (ROOT / "docs" / "python.md").read_text(encoding="utf-8")
    blocks = [(m.group(1), m.group(2)) for m in BLOCK.finditer(text)]
    for i, (kind, code) in enumerate(blocks):
        if kind != "python":
            continue
        following = blocks[i + 1] if i + 1 < len(blocks) else None
        yield code, following[1] if following and following[0] == "text" else None


def run(code, namespace):
    tree = ast.parse(code)
    last = tree.body[-1] if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    body = tree.body[:-1] if last else tree.body
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(ast.Module(body=body, type_ignores=[]), "docs/python.md", "exec"), namespace)
        value = eval(compile(ast.Expression(last.value), "docs/python.md", "eval"), namespace) if last else None
    return out.getvalue() + ("" if value is None else repr(value))


def test_every_cell_prints_what_the_doc_shows():
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        namespace = {}
        checked = 0
        for code, shown in cells():
            got = run(code, namespace)
            if shown is not None:
                assert re.sub(r"\s", "", got) == re.sub(r"\s", "", shown), code
                checked += 1
        assert checked >= 8
    finally:
        os.chdir(here)
