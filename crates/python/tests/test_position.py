"""`kifu.Position` of both games: the start positions' legal moves (44 and 30, the perft
counts of depth 1 in testdata/perft), moves played in coordinates and read and written in
every notation."""

import pytest

import kifu

XIANGQI_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
SHOGI_START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"


def test_start_positions_and_their_legal_moves():
    x = kifu.Position()
    assert x.game == "xiangqi" and x.fen == XIANGQI_START and x.side_to_move == "red"
    assert len(x.legal_moves()) == 44 and "h2e2" in x.legal_moves()
    s = kifu.Position(game="shogi")
    assert s.sfen == SHOGI_START and s.side_to_move == "black"
    assert len(s.legal_moves()) == 30 and "7g7f" in s.legal_moves()
    assert kifu.Position(SHOGI_START) == s == kifu.Position.from_sfen()
    assert kifu.Position(XIANGQI_START) == x == kifu.Position.from_fen(XIANGQI_START)


def test_play_changes_the_position_in_place_and_copy_keeps_one():
    x = kifu.Position()
    before = x.copy()
    x.play("h2e2")
    assert x.fen == "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
    assert before.fen == XIANGQI_START and x != before
    assert x.is_legal("h9g7") and not x.is_legal("h2e2") and not x.is_legal("zz")


def test_moves_read_in_every_xiangqi_notation():
    for text, kwargs in [
        ("C2.5", {}),
        ("T2=5", {"lang": "fi"}),
        ("炮二平五", {}),
        ("h2e2", {}),
        ("Che3", {"notation": "algebraic"}),
        ("h3e3", {"notation": "uci"}),
    ]:
        assert kifu.Position().read_move(text, **kwargs) == "h2e2", text


def test_moves_written_in_every_xiangqi_notation():
    x = kifu.Position()
    assert [x.write_move("h2e2", to) for to in ["wxf", "chinese", "iccs", "uci", "algebraic", "winboard"]] == [
        "C2.5", "炮二平五", "h2e2", "h3e3", "Che3", "Che2",
    ]
    assert x.write_move("h2e2", "wxf", lang="fi") == "T2=5"
    assert x.write_move("h2e2", "iccs", style="pgn") == "H2-E2"
    assert x.write_moves(["h2e2", "h9g7", "h0g2"], "wxf") == ["C2.5", "H8+7", "H2+3"]


def test_shogi_moves_read_and_written():
    s = kifu.Position(game="shogi")
    assert s.move_to("P-7f") == "7g7f"
    assert s.move_to("3c3d", notation="usi") == "3c3d"
    assert s.write_move("8h2b+") == "Bx2b+"
    assert s.write_move("8h2b+", "kif") == "２二角成(88)"
    assert s.write_move("8h2b+", "csa") == "+8822UM"
    moves = ["7g7f", "3c3d", "8h2b+", "3a2b"]
    assert kifu.Position(game="shogi").write_moves(moves, "kif") == ["７六歩(77)", "３四歩(33)", "２二角成(88)", "同　銀(31)"]
    assert kifu.Position(game="shogi").write_moves(moves, "psn", style="long") == ["P7g-7f", "P3c-3d", "B8hx2b+", "S3ax2b"]


def test_an_outcome_when_no_move_is_left():
    # The black king on d9, the red chariots on a9 (check) and a8 (rank 8): mate.
    mated = kifu.Position("R2k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1")
    assert mated.is_check()
    assert mated.legal_moves() == [] and mated.outcome() == ("1-0", "checkmate")
    assert kifu.Position().outcome() is None


def test_a_startpos_needs_its_game():
    with pytest.raises(ValueError, match="startpos"):
        kifu.Position("startpos")


def test_play_moves_checks_every_move_and_names_the_bad_one():
    s = kifu.Position(game="shogi")
    s.play_moves(["7g7f", "3c3d", "8h2b+"])
    assert s.sfen == "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4"
    with pytest.raises(kifu.IllegalMoveError) as raised:
        kifu.Position().play_moves(["h2e2", "h9g7", "e2e5"])
    assert (raised.value.ply, raised.value.code) == (3, "cannon-screen")
