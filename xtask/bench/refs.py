#!/usr/bin/env python3
"""The reference side of `cargo xtask bench`: the same work as kifu's measurements, done by
Fairy-Stockfish (perft), pyffish (writing WXF and Hodges) and cshogi (reading USI with legality
checks). Prints one JSON object per line:

    {"line": "<key>", "reference": "<name and version>", "per_second": <float>, "work": <int>,
     "seconds": <float>}

or, when a reference is not installed, {"line": "<key>", "missing": "<why>"}.

Every figure is the best of --runs runs (the fastest). Only the standard library is needed to
run it; each reference is imported or started only for its own lines.

Usage: refs.py --root <repository> [--runs 3] [--engine /usr/games/fairy-stockfish]
               [--only perft,write,read]
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import time


def emit(obj):
    print(json.dumps(obj), flush=True)


def load(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


# --- Fairy-Stockfish perft ---------------------------------------------------------------------


class Engine:
    """A UCI engine over pipes, started once, one thread."""

    def __init__(self, path):
        self.proc = subprocess.Popen(
            [path],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.send("uci")
        self.name = "Fairy-Stockfish"
        for line in self.until("uciok"):
            if line.startswith("id name "):
                self.name = line[len("id name "):].strip()

    def send(self, text):
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def until(self, prefix):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("the engine stopped before `%s`" % prefix)
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def ready(self):
        self.send("isready")
        self.until("readyok")

    def perft(self, variant, depth):
        """Seconds from `go perft` to the `Nodes searched` line, and the node count."""
        self.send("setoption name UCI_Variant value " + variant)
        self.send("setoption name Threads value 1")
        self.send("position startpos")
        self.ready()
        start = time.perf_counter()
        self.send("go perft %d" % depth)
        lines = self.until("Nodes searched")
        seconds = time.perf_counter() - start
        nodes = int(lines[-1].split(":")[1])
        self.ready()
        return seconds, nodes

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=10)
        except Exception:  # noqa: BLE001 - best effort
            self.proc.kill()


def perft_lines(args):
    keys = [("perft-xiangqi", "xiangqi"), ("perft-shogi", "shogi")]
    path = args.engine
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        found = shutil.which("fairy-stockfish")
        if found is None:
            for key, _ in keys:
                emit({"line": key, "missing": "fairy-stockfish not installed (apt-get install fairy-stockfish)"})
            return
        path = found
    engine = Engine(path)
    try:
        for key, variant in keys:
            best = None
            for _ in range(args.runs):
                seconds, nodes = engine.perft(variant, args.depth)
                if best is None or seconds < best[0]:
                    best = (seconds, nodes)
            seconds, nodes = best
            emit({
                "line": key,
                "reference": engine.name + " go perft %d, 1 thread" % args.depth,
                "per_second": nodes / seconds,
                "work": nodes,
                "seconds": seconds,
            })
    finally:
        engine.close()


# --- pyffish: writing WXF and Hodges ---------------------------------------------------------


def best_of(runs, work):
    """The fastest of `runs` calls of `work` (which returns its move count)."""
    best = None
    count = 0
    for _ in range(runs):
        start = time.perf_counter()
        count = work()
        seconds = time.perf_counter() - start
        if best is None or seconds < best:
            best = seconds
    return best, count


def write_lines(args):
    keys = ["write-wxf", "write-hodges"]
    try:
        import pyffish
    except ImportError:
        for key in keys:
            emit({"line": key, "missing": "pyffish not installed (pip install pyffish)"})
        return
    version = "pyffish %s" % ".".join(str(v) for v in pyffish.version())
    jobs = [
        ("write-wxf", "xiangqi", args.root + "/testdata/xiangqi/xiangqi-games.jsonl",
         pyffish.NOTATION_XIANGQI_WXF),
        ("write-hodges", "shogi", args.root + "/testdata/shogi/shogi-games.jsonl",
         pyffish.NOTATION_SHOGI_HODGES),
    ]
    for key, variant, path, notation in jobs:
        games = [(g["start_fen"], g["moves_uci"]) for g in load(path)]

        def work(games=games, variant=variant, notation=notation):
            n = 0
            for fen, moves in games:
                n += len(pyffish.get_san_moves(variant, fen, moves, False, notation))
            return n

        seconds, count = best_of(args.runs, work)
        emit({
            "line": key,
            "reference": version + " get_san_moves",
            "per_second": count / seconds,
            "work": count,
            "seconds": seconds,
        })


# --- cshogi: reading USI with legality checks ---------------------------------------------------


def read_lines(args):
    key = "read-usi"
    try:
        import cshogi
    except ImportError:
        emit({"line": key, "missing": "cshogi not installed (pip install cshogi)"})
        return
    try:
        from importlib.metadata import version as dist_version
        version = "cshogi " + dist_version("cshogi")
    except Exception:  # noqa: BLE001 - the version is only shown
        version = "cshogi"
    games = [(g["start_sfen"], g["moves_usi"]) for g in load(args.root + "/testdata/shogi/shogi-games.jsonl")]

    def work():
        n = 0
        for sfen, moves in games:
            board = cshogi.Board(sfen)
            for text in moves:
                mv = board.move_from_usi(text)
                if not board.is_legal(mv):
                    raise RuntimeError("cshogi: illegal fixture move " + text)
                board.push(mv)
                n += 1
        return n

    seconds, count = best_of(args.runs, work)
    emit({
        "line": key,
        "reference": version + " move_from_usi + is_legal + push",
        "per_second": count / seconds,
        "work": count,
        "seconds": seconds,
    })


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", required=True, help="the kifu repository")
    parser.add_argument("--runs", type=int, default=3, help="runs per figure (the best is kept)")
    parser.add_argument("--depth", type=int, default=5, help="perft depth")
    parser.add_argument("--engine", default="/usr/games/fairy-stockfish")
    parser.add_argument("--only", default="perft,write,read", help="comma-separated groups")
    args = parser.parse_args()
    groups = set(args.only.split(","))
    if "perft" in groups:
        perft_lines(args)
    if "write" in groups:
        write_lines(args)
    if "read" in groups:
        read_lines(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
