"""Every notation and format kifu writes, written from a clean game and read back: the same
moves and the same final position (as `cargo xtask roundtrip` checks for the Rust crates)."""

import pytest

import kifu
from conftest import TESTDATA

XIANGQI = TESTDATA / "xiangqi" / "seed-algebraic-fi.pgn"
SHOGI = TESTDATA / "shogi" / "shogi-real-game.psn"

XIANGQI_TARGETS = [
    ("wxf", {}),
    ("wxf", {"lang": "fi"}),
    ("wxf", {"lang": "de", "style": "wxr2018"}),
    ("chinese", {}),
    ("chinese", {"style": "traditional"}),
    ("iccs", {}),
    ("iccs", {"style": "engine"}),
    ("uci", {}),
    ("algebraic", {"lang": "fi"}),
    ("winboard", {}),
    ("json", {}),
    ("xqf", {}),
    ("dhtmlxq", {}),
]
SHOGI_TARGETS = [
    ("psn", {}),
    ("psn", {"style": "long", "squares": "digits"}),
    ("usi", {}),
    ("kif", {}),
    ("ki2", {}),
    ("csa", {}),
    ("jkf", {}),
    ("json", {}),
]


@pytest.mark.parametrize("to,kwargs", XIANGQI_TARGETS, ids=lambda v: str(v))
def test_xiangqi_written_and_read_back(to, kwargs):
    (game,) = kifu.read_file(XIANGQI)
    written = game.write(to, **kwargs)
    (back,) = kifu.read(written)
    assert back.ok, [str(d) for d in back.diagnostics]
    assert back.coords == game.coords
    assert back.final == game.final
    if to not in ("xqf",):
        assert isinstance(written, str)
    else:
        assert isinstance(written, bytes)


@pytest.mark.parametrize("to,kwargs", SHOGI_TARGETS, ids=lambda v: str(v))
def test_shogi_written_and_read_back(to, kwargs):
    (game,) = kifu.read_file(SHOGI)
    assert len(game.moves) == 181
    written = game.write(to, **kwargs)
    (back,) = kifu.read(written)
    assert back.ok, [str(d) for d in back.diagnostics]
    assert back.coords == game.coords
    assert back.final == game.final == "1l6l/k1+R6/p1s3+P2/3pps1Gp/spp2n3/N4p+b1P/1L1P4N/KGG2P3/1N6L w GPrbs6p 182"


def test_the_seed_in_english_wxf_begins_as_the_wxf_page_writes_it():
    (game,) = kifu.read_file(XIANGQI)
    text = game.write("wxf")
    assert "\n1. C2.5 H8+7\n2. H2+3 R9.8\n3. R1.2 H2+3\n4. P7+1 P7+1\n" in text
    assert kifu.convert(XIANGQI, "wxf") == text


def test_convert_writes_every_game_and_other_encodings_as_bytes():
    out = kifu.convert(XIANGQI, "chinese", output_encoding="gbk")
    assert isinstance(out, bytes)
    assert out.decode("gbk").count("炮二平五") == 1


def test_a_game_of_the_other_game_is_a_write_error():
    (game,) = kifu.read_file(XIANGQI)
    try:
        game.write("psn")
    except kifu.WriteError as e:
        assert e.code == "wrong-variant"
        assert e.message == "a xiangqi game cannot be written as psn: choose --to json or a xiangqi notation"
    else:
        raise AssertionError("no WriteError")


def test_a_style_of_another_notation_is_refused():
    (game,) = kifu.read_file(XIANGQI)
    with pytest.raises(ValueError, match="not a style of `wxf`"):
        game.write("wxf", style="long")
