"""Errors with their exact fields. Every bad input of testdata/errors, read by `kifu.check`,
gives exactly the diagnostics of its expected `NAME.json` (what `kifu check --format json`
prints, field for field); single moves raise the `NotationError` subclass of their code."""

import json

import pytest

import kifu
from conftest import TESTDATA

ERRORS = TESTDATA / "errors"
INPUTS = sorted(p for p in ERRORS.iterdir() if p.suffix not in (".json", ".out") and p.is_file())
FIELDS = ["severity", "code", "game", "line", "column", "ply", "text", "message", "help", "candidates", "position"]


def expected(path):
    lines = (ERRORS / (path.name + ".json")).read_text(encoding="utf-8").splitlines()
    kwargs = {}
    if lines[0].startswith("args: "):
        words = lines.pop(0)[len("args: "):].split()
        for flag, value in zip(words[::2], words[1::2] + [None]):
            if flag == "--repair":
                kwargs["repair"] = True
            elif flag == "--dialect":
                kwargs["dialect"] = value
            elif flag == "--lang":
                kwargs["lang"] = value
            else:
                raise AssertionError(f"{path.name}: an argument the test does not know: {flag}")
    exit_line = lines.pop(0)
    assert exit_line.startswith("exit: ")
    records = [json.loads(l) for l in lines if l.strip()]
    return kwargs, int(exit_line.split()[1]), [r for r in records if "summary" not in r]


def test_every_code_a_file_can_trigger_has_an_input():
    assert len(INPUTS) > 90


@pytest.mark.parametrize("path", INPUTS, ids=lambda p: p.name)
def test_check_gives_the_expected_diagnostics(path):
    kwargs, exit_code, want = expected(path)
    if exit_code == 3:
        # The input cannot be read at all: a ReadError with the message.
        with pytest.raises(kifu.ReadError) as raised:
            kifu.check(path, **kwargs)
        assert want[0]["message"] in str(raised.value)
        assert raised.value.code == "io"
        return
    got = kifu.check(path, **kwargs)
    assert [{f: getattr(d, f) for f in FIELDS} for d in got] == [{f: w[f] for f in FIELDS} for w in want]
    assert all(d.file == str(path) for d in got)
    assert any(d.is_error for d in got) == (exit_code == 1)


def test_an_ambiguous_move_raises_with_its_candidates():
    # The seed before ply 52: two black cannons on file 4 (the hand-typed `T4=2`).
    fen = "3ak1b2/4a4/3cb4/p2c3rp/2R1C2r1/4PR3/P1N5P/4B1p1B/4A4/4KA3 b - - 14 26"
    pos = kifu.Position(fen)
    with pytest.raises(kifu.AmbiguousMoveError) as raised:
        pos.move_to("T4=2", notation="wxf", lang="fi")
    e = raised.value
    assert e.code == "ambiguous-move" and e.severity == "error"
    assert e.message == "ambiguous move: two black cannons can make the move `T4=2`"
    assert e.candidates == ["T+=2", "T-=2"]
    assert e.text == "T4=2" and e.position == fen
    assert pos.fen == fen  # nothing was played
    # The front one (nearer Red) of the cannons on d7 and d6 goes to file 2.
    assert pos.move_to("T+=2", lang="fi") == "d6b6"
    assert pos.side_to_move == "red"


def test_an_illegal_move_names_the_rule():
    pos = kifu.Position()
    with pytest.raises(kifu.IllegalMoveError) as raised:
        pos.move_to("P1.2", notation="wxf")
    e = raised.value
    assert e.code == "pawn-before-river"
    assert e.message == "illegal move: the red pawn on file 1 (i3) to h3: a pawn moves sideways only after crossing the river"
    assert e.candidates == ["R1+2", "C2.1", "P1+1"]
    with pytest.raises(kifu.IllegalMoveError) as raised:
        pos.play("b0c3")
    assert raised.value.code == "piece-movement"
    assert raised.value.message == "illegal move `b0c3`: the piece does not move that way"


def test_a_syntax_error_points_at_the_column_of_the_move():
    with pytest.raises(kifu.MoveSyntaxError) as raised:
        kifu.Position().move_to("C2x5", notation="wxf")
    e = raised.value
    assert e.code == "syntax" and e.text == "C2x5"
    assert (e.line, e.column) == (1, 3)


def test_a_bad_fen_is_a_position_error():
    with pytest.raises(kifu.PositionError) as raised:
        kifu.Position("rnbakabnr/9/9 w", game="xiangqi")
    assert raised.value.code == "bad-fen"
    with pytest.raises(kifu.PositionError) as raised:
        kifu.Position.from_sfen("lnsgkgsnl/9 b - 1")
    assert raised.value.code == "bad-sfen"


def test_a_missing_file_is_a_read_error():
    with pytest.raises(kifu.ReadError) as raised:
        kifu.read_file(TESTDATA / "no-such-file.pgn")
    assert raised.value.code == "io"
    assert "no-such-file.pgn" in str(raised.value)


def test_a_diagram_saved_where_no_folder_is_a_write_error(tmp_path):
    with pytest.raises(kifu.WriteError) as raised:
        kifu.diagram(kifu.Position()).save(tmp_path / "no-such-folder" / "board.svg")
    assert raised.value.code == "write-failed"
    assert "no-such-folder" in str(raised.value)


def test_the_game_page_is_no_format_to_read():
    # `html` is written only: naming it as the notation of an input is refused, never an
    # empty list of games.
    with pytest.raises(ValueError, match="expected a notation or a format") as raised:
        kifu.read("1. C2.5 H8+7", notation="html")
    listed = str(raised.value).split("(", 1)[1].split(")", 1)[0].split(", ")
    assert "kif" in listed and "dhtmlxq" in listed and "html" not in listed
