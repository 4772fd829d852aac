"""The stubs (kifu.pyi, shipped with py.typed) name exactly what the module holds: every
public function and class, and every public method and property of each class."""

import ast
import pathlib

import kifu

STUBS = pathlib.Path(__file__).resolve().parents[1] / "kifu.pyi"


def stubbed():
    tree = ast.parse(STUBS.read_text(encoding="utf-8"))
    names, members = set(), {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        if isinstance(node, ast.ClassDef):
            members[node.name] = {
                n.name if isinstance(n, ast.FunctionDef) else n.target.id
                for n in node.body
                if isinstance(n, ast.FunctionDef) or (isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name))
            }
    return names, members


def test_the_stubs_name_every_function_and_class():
    names, _ = stubbed()
    # The package's own extension submodule (kifu.kifu) aside.
    public = {n for n in dir(kifu) if not n.startswith("_") and not isinstance(getattr(kifu, n), type(kifu))}
    assert names == public


def test_the_stubs_name_every_member_of_each_class():
    _, members = stubbed()
    for cls, names in members.items():
        if issubclass(getattr(kifu, cls), BaseException):
            continue
        public = {n for n in vars(getattr(kifu, cls)) if not n.startswith("__")}
        assert {n for n in names if not n.startswith("__")} == public, cls
