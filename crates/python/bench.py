"""kifu in Python beside cshogi and pyffish on the fixture games (testdata/*-games.jsonl): moves
per second, the best of several rounds, the contestants taking turns in each round; time is the
process's CPU time (`time.process_time`), so that other programs on a busy machine do not count.

- shogi, reading and checking USI: `Position.play_moves` (each game's list of USI moves, every
  one read and checked in one call), `kifu.read` of each game as an engine command line
  (`position sfen ... moves ...`, every move checked against the rules) against cshogi's
  `Board.push_usi` loop (which does not check legality) and its checked loop
  (`move_from_usi`, `is_legal`, `push`); kifu's own Python loop of `Position.play` beside them.
- xiangqi, writing WXF: `Position.write_moves(moves, "wxf", style="wxr2018")` (Fairy-Stockfish's
  spelling) against pyffish's `get_san_moves(..., NOTATION_XIANGQI_WXF)`.

Run from the repository root, in a virtual environment with kifu, cshogi and pyffish:
`.venv/bin/python crates/python/bench.py` (`--rounds N`, `--json` for one JSON object). A
library that is not installed is left out of the table.
"""

import argparse
import importlib.metadata
import json
import pathlib
import platform
import sys
import time

import kifu

ROOT = pathlib.Path(__file__).resolve().parents[2]


def fixture(name):
    with open(ROOT / "testdata" / name / f"{name}-games.jsonl", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def interleaved(rounds, contestants):
    """The fastest of `rounds` runs of each of `contestants` ((task, who, plies, fn, share)),
    in seconds, the contestants taking turns in each round so that a busy machine slows them
    alike; a contestant with `share` < 1 runs in that share of the rounds (at least one)."""
    best = [float("inf")] * len(contestants)
    for r in range(rounds):
        for i, (_, _, _, fn, share) in enumerate(contestants):
            if r > 0 and r >= max(1, int(rounds * share)):
                continue
            start = time.process_time()
            fn()
            best[i] = min(best[i], time.process_time() - start)
    return [(t, w, n, s) for (t, w, n, _, _), s in zip(contestants, best)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    shogi = fixture("shogi")
    xiangqi = fixture("xiangqi")
    shogi_plies = sum(len(g["moves_usi"]) for g in shogi)
    xiangqi_plies = sum(len(g["moves_iccs"]) for g in xiangqi)
    usi_lines = [f"position sfen {g['start_sfen']} moves {' '.join(g['moves_usi'])}" for g in shogi]
    rows = []

    def kifu_read_usi():
        for line in usi_lines:
            (game,) = kifu.read(line, notation="usi")
            assert game.ok

    def kifu_play_loop():
        for g in shogi:
            pos = kifu.Position(g["start_sfen"], game="shogi")
            for m in g["moves_usi"]:
                pos.play(m)

    def kifu_play_moves():
        for g in shogi:
            kifu.Position(g["start_sfen"], game="shogi").play_moves(g["moves_usi"])

    rows.append(("shogi USI read+check", "kifu Position.play_moves", shogi_plies, kifu_play_moves, 1))
    rows.append(("shogi USI read+check", "kifu.read (whole record, USI line)", shogi_plies, kifu_read_usi, 1))
    rows.append(("shogi USI read+check", "kifu Position.play loop", shogi_plies, kifu_play_loop, 1))
    try:
        import cshogi
    except ImportError:
        cshogi = None
    if cshogi is not None:
        def cshogi_push_usi():
            for g in shogi:
                b = cshogi.Board(g["start_sfen"])
                for m in g["moves_usi"]:
                    b.push_usi(m)

        def cshogi_checked():
            for g in shogi:
                b = cshogi.Board(g["start_sfen"])
                for u in g["moves_usi"]:
                    m = b.move_from_usi(u)
                    assert b.is_legal(m)
                    b.push(m)

        rows.append(("shogi USI read+check", f"cshogi {importlib.metadata.version('cshogi')} push_usi loop (unchecked)", shogi_plies, cshogi_push_usi, 1))
        rows.append(("shogi USI read+check", "cshogi move_from_usi+is_legal+push loop", shogi_plies, cshogi_checked, 1))

    starts = [kifu.Position(g["start_fen"], game="xiangqi") for g in xiangqi]

    def kifu_wxf():
        for pos, g in zip(starts, xiangqi):
            pos.write_moves(g["moves_iccs"], "wxf", style="wxr2018")

    rows.append(("xiangqi WXF writing", "kifu Position.write_moves", xiangqi_plies, kifu_wxf, 1))
    try:
        import pyffish
    except ImportError:
        pyffish = None
    if pyffish is not None:
        def pyffish_wxf():
            for g in xiangqi:
                pyffish.get_san_moves("xiangqi", g["start_fen"], g["moves_uci"], False, pyffish.NOTATION_XIANGQI_WXF)

        rows.append(("xiangqi WXF writing", f"pyffish {importlib.metadata.version('pyffish')} get_san_moves", xiangqi_plies, pyffish_wxf, 0.5))

    rows = interleaved(args.rounds, rows)
    if args.json:
        print(json.dumps({
            "python": platform.python_version(),
            "rows": [{"task": t, "who": w, "plies": n, "seconds": s, "moves_per_second": n / s} for t, w, n, s in rows],
        }))
        return
    print(f"Python {platform.python_version()}, {len(shogi)} shogi games ({shogi_plies} plies), "
          f"{len(xiangqi)} xiangqi games ({xiangqi_plies} plies), best of {args.rounds}")
    print(f"{'task':<22} {'who':<48} {'moves/s':>12}")
    for task, who, n, s in rows:
        print(f"{task:<22} {who:<48} {n / s:>12,.0f}")
    def rate(task, prefix):
        return next((n / s for t, w, n, s in rows if t == task and w.startswith(prefix)), None)
    for task, ours, theirs in [
        ("shogi USI read+check", "kifu Position.play_moves", "cshogi"),
        ("shogi USI read+check", "kifu Position.play loop", "cshogi"),
        ("shogi USI read+check", "kifu.read", "cshogi"),
        ("xiangqi WXF writing", "kifu", "pyffish"),
    ]:
        a, b = rate(task, ours), rate(task, theirs)
        if a and b:
            print(f"{task}: {ours} {a / b:.2f}x {theirs} (its first row)")


if __name__ == "__main__":
    sys.exit(main())
