"""Reading the seed game (Tang - Hu, Singapore 2000) in both transcriptions, as the command
line reads them: the diagnostics of the hand-typed descriptive one at plies 32 and 52, the
clean algebraic one to its final position."""

import kifu
from conftest import TESTDATA

SEED_FINAL = "3a1k3/4a1RP1/4b3b/9/9/4P1B2/1r7/4B4/3p2p2/3AKA3 w - - 0 54"


def test_the_algebraic_seed_reads_clean_to_its_final_position():
    (game,) = kifu.read_file(TESTDATA / "xiangqi" / "seed-algebraic-fi.pgn")
    assert game.ok and game.diagnostics == []
    assert game.game == "xiangqi" and game.format == "pgn"
    assert game.notation == "algebraic notation, Finnish letters"
    assert len(game) == len(game.moves) == 106
    assert game.final == SEED_FINAL
    assert game.start == "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    assert game.result == "0-1" and game.termination == "resignation"
    assert game.tags["Red"] == "Kwang Boon TANG" and game.tags["Language"] == "fi"
    first = game.moves[0]
    assert (first.ply, first.text, first.coord) == (1, "The3", "h2e2")
    assert (game.moves[1].text, game.moves[1].coord) == ("Hg8", "h9g7")
    assert game.coords[:3] == ["h2e2", "h9g7", "h0g2"]
    assert first.line is not None and first.column is not None


def test_text_and_bytes_read_as_the_file():
    path = TESTDATA / "xiangqi" / "seed-algebraic-fi.pgn"
    (from_text,) = kifu.read(path.read_text(encoding="utf-8"))
    (from_bytes,) = kifu.read(path.read_bytes())
    assert from_text.coords == from_bytes.coords
    assert from_text.final == from_bytes.final == SEED_FINAL


def test_the_descriptive_seed_has_its_two_errors_at_plies_32_and_52():
    (game,) = kifu.read_file(TESTDATA / "xiangqi" / "seed-descriptive-fi.pgn")
    assert not game.ok
    assert game.notation == "WXF descriptive notation, Finnish letters"
    errors = [d for d in game.diagnostics if d.is_error]
    assert [(d.ply, d.code) for d in errors] == [(32, "piece-movement"), (52, "ambiguous-move")]
    wrong, ambiguous = errors
    assert (wrong.line, wrong.column, wrong.text) == (21, 23, "S7+2")
    assert wrong.message == "illegal move: the black pawn on file 7 (g2) to g0: the piece does not move that way"
    assert wrong.help == "the rest of the game reads only with `T7+2`"
    assert wrong.candidates == ["T7+2"]
    assert wrong.position == "3akabr1/r5c2/2C1b4/p1P1p2cp/7R1/1R7/P3P3P/N3B1p1B/9/3AKA3 b - - 0 16"
    assert wrong.severity == "error" and wrong.game == 1
    assert (ambiguous.line, ambiguous.column, ambiguous.text) == (26, 24, "T4=2")
    assert ambiguous.message == "ambiguous move: two black cannons can make the move `T4=2`"
    assert ambiguous.candidates == ["T+=2", "T-=2"]
    warnings = [(d.ply, d.code) for d in game.diagnostics if not d.is_error]
    assert warnings == [
        (5, "move-number-mismatch"),
        (42, "tandem-file-digit"),
        (56, "tandem-file-digit"),
        (58, "tandem-file-digit"),
        (60, "tandem-file-digit"),
    ]
    # Read up to the first error; the rest is kept as written.
    assert len(game.moves) == 31
    assert game.unread is not None and "S7+2" in game.unread


def test_repair_reads_ply_32_and_stops_at_the_ambiguous_52():
    (game,) = kifu.read_file(TESTDATA / "xiangqi" / "seed-descriptive-fi.pgn", repair=True)
    codes = [(d.ply, d.code) for d in game.diagnostics if d.ply in (32, 52)]
    assert (32, "repaired-move") in codes and (52, "ambiguous-move") in codes
    # The cannon T7+2 (g8g6) is the move; the text stays as written; ply 52 stops the reading.
    assert (game.moves[31].text, game.moves[31].coord) == ("S7+2", "g8g6")
    assert len(game.moves) == 51


def test_strict_raises_the_first_error_with_its_fields():
    try:
        kifu.read_file(TESTDATA / "xiangqi" / "seed-descriptive-fi.pgn", strict=True)
    except kifu.IllegalMoveError as e:
        assert (e.code, e.line, e.column, e.ply, e.text) == ("piece-movement", 21, 23, 32, "S7+2")
        assert e.candidates == ["T7+2"] and e.game == 1
        assert isinstance(e, kifu.NotationError) and isinstance(e, ValueError)
    else:
        raise AssertionError("strict=True did not raise")


def test_check_lists_every_diagnostic_as_kifu_check_does():
    found = kifu.check(TESTDATA / "xiangqi" / "seed-descriptive-fi.pgn")
    assert [(d.ply, d.code) for d in found if d.is_error] == [(32, "piece-movement"), (52, "ambiguous-move")]
    assert str(found[1]).startswith("error: ")
    assert kifu.check(TESTDATA / "xiangqi" / "seed-algebraic-fi.pgn") == []


def test_compare_resolves_the_descriptive_seed_with_the_algebraic_one():
    c = kifu.compare(
        TESTDATA / "xiangqi" / "seed-descriptive-fi.pgn",
        TESTDATA / "xiangqi" / "seed-algebraic-fi.pgn",
    )
    assert c.same and bool(c) and c.counts == (1, 1)
    (g,) = c.games
    assert g.plies == 106 and g.final_position == SEED_FINAL
    assert [(r.ply, r.faulty, r.text, r.spelled) for r in g.resolved][:1] == [(32, 0, "S7+2", "T7+2")]
    assert [r.ply for r in g.resolved] == [32, 52]


def test_game_and_notation_are_told_or_detected():
    usi = "position startpos moves 7g7f 3c3d 8h2b+"
    (g,) = kifu.read(usi)
    assert g.game == "shogi" and g.coords == ["7g7f", "3c3d", "8h2b+"]
    (g,) = kifu.read("1. h2e2 h9g7", notation="iccs")
    assert g.game == "xiangqi" and g.coords == ["h2e2", "h9g7"] and g.ok


def test_bad_keyword_values_say_what_is_allowed():
    for kwargs, needle in [
        ({"notation": "sna"}, "expected a notation or a format"),
        ({"game": "chess"}, "expected a game"),
        ({"lang": "xx"}, "xx"),
        ({"dialect": "nope"}, "expected a dialect"),
    ]:
        try:
            kifu.read("1. h2e2", **kwargs)
        except ValueError as e:
            assert needle in str(e)
        else:
            raise AssertionError(kwargs)
    try:
        kifu.read(123)
    except TypeError as e:
        assert "str or bytes" in str(e)
    else:
        raise AssertionError("read(123)")
