"""kifu beside pyffish (Fairy-Stockfish) and cshogi on the fixture games (testdata/, copied
from the shared fixtures): at every ply the same legal moves, and for xiangqi the same WXF
spelling as pyffish's `get_san_moves` (kifu's `wxr2018` style is Fairy-Stockfish's).

pyffish and cshogi are not needed by kifu or its other tests: where one is not installed, its
test is skipped and says so (`pip install pyffish cshogi` to run them)."""

import itertools
import json

import pytest

import kifu
from conftest import TESTDATA

GAMES = 12  # the first games of each fixture file, every ply of each


def games(name):
    with open(TESTDATA / name / f"{name}-games.jsonl", encoding="utf-8") as f:
        return [json.loads(line) for line in itertools.islice(f, GAMES)]


def iccs(uci):
    """pyffish's xiangqi move (ranks 1-10: `h3e3`, `b10c8`) in ICCS (ranks 0-9)."""
    i = 1
    while uci[i].isdigit():
        i += 1
    return f"{uci[0]}{int(uci[1:i]) - 1}{uci[i]}{int(uci[i + 1:]) - 1}"


def test_xiangqi_legal_moves_and_wxf_agree_with_pyffish():
    sf = pytest.importorskip("pyffish", reason="pyffish is not installed: pip install pyffish to cross-check xiangqi")
    plies = 0
    for g in games("xiangqi"):
        pos = kifu.Position(g["start_fen"], game="xiangqi")
        for i, mv in enumerate(g["moves_iccs"]):
            theirs = sorted(iccs(m) for m in sf.legal_moves("xiangqi", g["start_fen"], g["moves_uci"][:i]))
            assert sorted(pos.legal_moves()) == theirs, (g["id"], i + 1)
            pos.play(mv)
            plies += 1
        start = kifu.Position(g["start_fen"], game="xiangqi")
        ours = start.write_moves(g["moves_iccs"], "wxf", style="wxr2018")
        theirs = sf.get_san_moves("xiangqi", g["start_fen"], g["moves_uci"], False, sf.NOTATION_XIANGQI_WXF)
        assert ours == theirs, g["id"]
    assert plies > 1000


def test_shogi_legal_moves_agree_with_cshogi():
    cshogi = pytest.importorskip("cshogi", reason="cshogi is not installed: pip install cshogi to cross-check shogi")
    plies = 0
    for g in games("shogi"):
        board = cshogi.Board(g["start_sfen"])
        pos = kifu.Position(g["start_sfen"], game="shogi")
        for i, mv in enumerate(g["moves_usi"]):
            theirs = sorted(cshogi.move_to_usi(m) for m in board.legal_moves)
            assert sorted(pos.legal_moves()) == theirs, (g["id"], i + 1)
            board.push_usi(mv)
            pos.play(mv)
            plies += 1
        assert pos.sfen.split()[:3] == board.sfen().split()[:3], g["id"]
    assert plies > 1000
