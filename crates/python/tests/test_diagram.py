"""Diagrams: SVG (shown by Jupyter through `_repr_svg_`) and text, of a game's position after
a ply, of a `Position` and of a FEN or SFEN."""

import pytest

import kifu
from conftest import TESTDATA

AFTER_31 = "3akabr1/r5c2/2C1b4/p1P1p2cp/7R1/1R7/P3P3P/N3B1p1B/9/3AKA3 b - - 0 16"


def test_a_game_after_a_ply():
    (game,) = kifu.read_file(TESTDATA / "xiangqi" / "seed-algebraic-fi.pgn")
    d = kifu.diagram(game, 31)
    assert (d.format, d.ply, d.position) == ("svg", 31, AFTER_31)
    assert d.text.startswith("<svg") and d.text.rstrip().endswith("</svg>")
    assert d._repr_svg_() == d.text == str(d)
    assert game.diagram(31).text == d.text
    assert game.position(31).fen == AFTER_31
    end = game.diagram()
    assert end.ply == 106 and end.position == game.final
    with pytest.raises(ValueError, match="past"):
        kifu.diagram(game, 107)


def test_text_diagrams():
    (game,) = kifu.read_file(TESTDATA / "xiangqi" / "seed-algebraic-fi.pgn")
    d = kifu.diagram(game, 0, format="text")
    assert d._repr_svg_() is None
    assert "車" in d.text or "俥" in d.text
    s = kifu.diagram("startpos", game="shogi", format="text")
    assert "玉" in s.text and s.ply is None
    assert s.position == "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"


def test_a_position_shows_itself_in_a_notebook(tmp_path):
    p = kifu.Position(game="shogi")
    svg = p._repr_svg_()
    assert svg.startswith("<svg") and svg == kifu.diagram(p).text
    flipped = p.diagram(flip=True, pieces="letters", size=300)
    assert flipped.text != svg and flipped.text.startswith("<svg")
    out = tmp_path / "board.svg"
    flipped.save(out)
    assert out.read_text(encoding="utf-8") == flipped.text


def test_an_unknown_style_is_a_value_error():
    with pytest.raises(ValueError):
        kifu.diagram(kifu.Position(), pieces="emoji")
    with pytest.raises(ValueError, match="svg, text"):
        kifu.diagram(kifu.Position(), format="png")
