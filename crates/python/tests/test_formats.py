"""The other formats, read from testdata as `kifu convert --to json` reads them: KIF, CSA
and XQF files, with their tags, clocks and final positions."""

import kifu
from conftest import TESTDATA


def test_a_kif_file():
    (game,) = kifu.read_file(TESTDATA / "kif" / "comments.kifu")
    assert game.format == "kif" and game.game == "shogi" and game.ok
    assert game.tags == {"開始日時": "2024/01/02", "手合割": "平手", "先手": "A", "後手": "B"}
    assert [(m.text, m.coord) for m in game.moves] == [("７六歩(77)", "7g7f"), ("３四歩(33)", "3c3d")]
    assert game.moves[0].clock == " 0:01/00:00:01"
    assert game.moves[0].comments == ["*解析 0 ▲７六歩 △３四歩", "#a program comment among the moves", "&しおり"]
    assert game.final == "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"
    assert (game.result, game.termination) == ("0-1", "resignation")


def test_a_handicap_kif_file_starts_with_the_giver():
    (game,) = kifu.read_file(TESTDATA / "kif" / "handicap-lance.kif")
    assert game.tags["手合割"] == "香落ち"
    assert game.coords == ["3c3d", "7g7f", "4c4d"] + game.coords[3:]
    assert len(game.moves) == 4
    assert game.final == "lnsgkgsn1/1r5b1/ppppp2pp/5pp2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 5"


def test_a_csa_file():
    (game,) = kifu.read_file(TESTDATA / "csa" / "every-key.csa")
    assert game.format == "csa" and game.ok
    assert [(m.text, m.coord, m.clock) for m in game.moves][:1] == [("+7776FU", "7g7f", "T12")]
    assert game.coords == ["7g7f", "3c3d", "2g2f"]
    assert game.tags["後手"] == "Gote, Player"
    assert game.tags["持ち時間 (2)"] == "1500+0+10"
    assert game.tags["備考"] == "first line\nsecond line"
    assert game.final == "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 4"


def test_an_xqf_file():
    (game,) = kifu.read_file(TESTDATA / "xiangqi-archive" / "sample.xqf")
    assert game.format == "xqf" and game.game == "xiangqi" and game.ok
    assert game.tags == {"Title": "全国象棋个人赛", "Red": "胡荣华", "Black": "杨官璘", "Result": "1-0"}
    assert game.comments == ["中炮对屏风马"]
    assert game.coords[:3] == ["h2e2", "h9g7", "h0g2"] and len(game.moves) == 5
    assert game.moves[0].comments == ["中炮"]
    assert game.moves[0].line is None  # a binary format has no lines
    assert game.final == "rnbakabr1/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKABR1 b - - 5 3"
    # Written back as XQF bytes, read back to the same game.
    (back,) = kifu.read(game.write("xqf"))
    assert back.coords == game.coords and back.final == game.final
