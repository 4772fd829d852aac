#!/usr/bin/env python3
"""Writes the PSN dialect files of this folder and expected.json.

Every move text is derived by a fixed rule from a reference, never from kifu:

- the fixture games of ../shogi-games.jsonl (Fairy-Stockfish through pyffish 0.0.90, replayed
  with cshogi): their USI moves (`moves_usi`), Hodges short form (`hodges`) and Hosking form
  (`hosking`), start SFEN and result;
- cshogi 1.1.0 (`pip install cshogi==1.1.0`) for what a rule needs to know about a position:
  the piece on a square, whether a move captures or promotes, the legal moves (to tell when a
  partial origin or a bare drop names exactly one move, and to pick variation moves and the
  moves of handicaps the fixtures lack: always the first legal move in USI order that is not a
  king move), the position after a move, checkmate;
- the handicap rules (which pieces the giver removes) for the start positions.

The expected values are the fixture's (USI moves, start, result) or cshogi's (variation moves,
positions after them), and the results of terminal words follow the rules in the psn README
(`Resigns`, `Mate`, `Timeup`, `IllegalMove`: the side to move loses; `Sennichite`,
`RepetitionDraw`, `MaxMovesDraw`: a draw; `RepetitionWin`, `DeclarationWin`: the side to move
wins; `Interrupt`, `Jishogi`: no result).

Run from this folder: `python3 generate.py`. The output is deterministic.
"""

import json
import os

import cshogi

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "shogi-games.jsonl")
EVEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

GAMES = {}
with open(FIXTURES, encoding="utf-8") as f:
    for line in f:
        g = json.loads(line)
        GAMES[g["id"]] = g

LETTER = {1: "P", 2: "L", 3: "N", 4: "S", 5: "B", 6: "R", 7: "G", 8: "K",
          9: "+P", 10: "+L", 11: "+N", 12: "+S", 13: "+B", 14: "+R"}
BASE = {1: "P", 2: "L", 3: "N", 4: "S", 5: "B", 6: "R", 7: "G", 8: "K",
        9: "P", 10: "L", 11: "N", 12: "S", 13: "B", 14: "R"}


def sq_index(text):
    """cshogi's square index of `7g`."""
    return (int(text[0]) - 1) * 9 + (ord(text[1]) - ord("a"))


def board_at(sfen, usi):
    b = cshogi.Board(sfen)
    for u in usi:
        m = b.move_from_usi(u)
        assert b.is_legal(m), (sfen, usi, u)
        b.push(m)
    return b


def long_form(b, usi):
    """The long form (Shogidokoro, Majewski): origin always, `x` on captures, `+` on
    promotions, `+X` for a promoted mover, `*` for drops, never `=`."""
    if usi[1] == "*":
        return usi
    frm, to, promote = usi[0:2], usi[2:4], usi.endswith("+")
    piece = LETTER[b.piece_type(sq_index(frm))]
    sign = "x" if b.piece(sq_index(to)) != 0 else "-"
    return f"{piece}{frm}{sign}{to}{'+' if promote else ''}"


def unmarked_promotions(b, usi, texts):
    """A `promotion-unmarked` warning for each move that does not promote where promoting was
    legal, written without `=` (the PSN rule: `+` is obligatory on a promotion, so a text
    without a sign may have lost it), unless the game follows Shogidokoro's convention: some
    text ends with `+` and none with `=` (then a sign left off plainly declines)."""
    if any(t.endswith("+") for t in texts) and not any(t.endswith("=") for t in texts):
        return []
    b = b.copy()
    out = []
    legal = lambda: {cshogi.move_to_usi(m) for m in b.legal_moves}
    for u, t in zip(usi, texts):
        if u[1] != "*" and not u.endswith("+") and u + "+" in legal() and not t.endswith("="):
            out.append("promotion-unmarked")
        b.push(b.move_from_usi(u))
    return out


def first_legal(b, avoid=None):
    """The first legal move in USI order that is not a king move nor `avoid` (deterministic)."""
    moves = sorted(cshogi.move_to_usi(m) for m in b.legal_moves)
    for u in moves:
        if u == avoid or (u[1] != "*" and b.piece_type(sq_index(u[0:2])) == 8):
            continue
        return u
    return moves[0]


def pick_line(b, n, avoid=None):
    """`n` moves picked by `first_legal` from `b` (which is left unchanged); the first one is
    not `avoid` (the move a variation replaces)."""
    b = b.copy()
    out = []
    for k in range(n):
        u = first_legal(b, avoid if k == 0 else None)
        out.append(u)
        b.push(b.move_from_usi(u))
    return out


def result_of(word, side_to_move_black):
    lose = {"Resigns", "Resign", "Mate", "Timeup", "IllegalMove"}
    win = {"RepetitionWin", "DeclarationWin"}
    draw = {"Sennichite", "RepetitionDraw", "MaxMovesDraw"}
    if word in lose:
        return "0-1" if side_to_move_black else "1-0"
    if word in win:
        return "1-0" if side_to_move_black else "0-1"
    if word in draw:
        return "1/2-1/2"
    return None


def repetition_fits(word, start_sfen, usi):
    """Whether a repetition word fits the game by the rule (JSA, 千日手): the last position
    (board, hands, side to move) four times; `RepetitionWin` for the side to move when cshogi
    says the other side checked perpetually (is_draw() == REPETITION_WIN), `RepetitionDraw`
    when it says neither did; `DeclarationWin` when cshogi's is_nyugyoku() (the CSA 27-point
    rule) allows it. Other words are not judged (None)."""
    if word == "DeclarationWin":
        return board_at(start_sfen, usi).is_nyugyoku()
    if word not in ("Sennichite", "RepetitionDraw", "RepetitionWin"):
        return None
    b = cshogi.Board(start_sfen)
    seen = [" ".join(b.sfen().split()[:3])]
    for m in usi:
        b.push_usi(m)
        seen.append(" ".join(b.sfen().split()[:3]))
    if seen.count(seen[-1]) < 4:
        return False
    kind = b.is_draw()
    if word == "RepetitionWin":
        return kind == cshogi.REPETITION_WIN
    if word == "RepetitionDraw":
        return kind == cshogi.REPETITION_DRAW
    return True


def clock(seconds, total):
    return f"({seconds // 60:02}:{seconds % 60:02} / {total // 3600:02}:{total // 60 % 60:02}:{total % 60:02})"


def times_for(n, seed):
    """Invented, deterministic thinking times: per ply [seconds, that player's total]."""
    totals = [0, 0]
    out = []
    for i in range(n):
        s = (i * 7 + seed) % 23 + 1
        totals[i % 2] += s
        out.append([s, totals[i % 2]])
    return out


def pairs(texts, first_black, first_number=1, per_line=5):
    """Chess-style pairs: `1. a b`; `1... b` when White starts."""
    tokens = []
    n = first_number
    i = 0
    if not first_black:
        tokens.append(f"{n}... {texts[0]}")
        i = 1
        n += 1
    while i < len(texts):
        pair = texts[i:i + 2]
        tokens.append(f"{n}. " + " ".join(pair))
        i += 2
        n += 1
    lines = [" ".join(tokens[k:k + per_line]) for k in range(0, len(tokens), per_line)]
    return "\n".join(lines)


def game_expected(g, usi, **extra):
    b = board_at(g["start_sfen"], usi)
    out = {
        "source": g["id"],
        "start_sfen": g["start_sfen"],
        "usi": usi,
        "final_sfen": b.sfen(),
    }
    out.update(extra)
    return out


SPECS = []


def write(name, text, expected, crlf=False):
    data = text.replace("\n", "\r\n") if crlf else text
    with open(os.path.join(HERE, name), "w", encoding="utf-8", newline="") as f:
        f.write(data)
    expected = dict(expected)
    expected["file"] = name
    SPECS.append(expected)


# 1. Hosking: digit squares, `'` drops, `-` only after an origin (P76, G77-78, Px76, N73=).
g = GAMES["sh-public-0285"]
text = '[Sente "Hosking A"]\n[Gote "Hosking B"]\n\n' + pairs(g["hosking"], True) + " *\n"
write("hosking.psn", text, dict(
    game_expected(g, g["moves_usi"], result=None),
    dialect="Hosking (1996): the fixture's hosking column, move pairs, result `*`",
    warnings=[]))

# 2. Annotated, hand-typed: plies glued to their numbers, drops with `@` and U+2019, glyphs
#    and NAGs, `;` comments, a `{}` comment over two lines, a comment before the first move.
g = GAMES["sh-public-0107"]
hodges = list(g["hodges"])
drops = 0
for i, m in enumerate(hodges):
    if "*" in m:
        hodges[i] = m.replace("*", "@" if drops % 2 == 0 else "\u2019")
        drops += 1
assert drops >= 2
glyphs = {3: "!", 5: "?", 7: "!?", 9: "?!", 11: "!!", 13: "??"}
nag_of = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
nags = {p: [nag_of[s]] for p, s in glyphs.items()}
nags[15] = [18]
nags[17] = [2]
lines = []
comments = [{"after_ply": 0, "text": "A hand-typed record"}]
lines.append("{A hand-typed record}")
for i, m in enumerate(hodges):
    ply = i + 1
    tok = f"{ply}.{m}{glyphs.get(ply, '')}"
    if ply in (15, 17):
        tok += f" ${nags[ply][0]}"
    if ply == 4:
        tok += " ; the usual reply"
        comments.append({"after_ply": 4, "text": "the usual reply"})
    if ply == 10:
        tok += " {a comment\nover two lines}"
        comments.append({"after_ply": 10, "text": "a comment\nover two lines"})
    lines.append(tok)
text = '[Sente "A"]\n[Gote "B"]\n[Event "Annotations"]\n\n' + "\n".join(lines) + "\n*\n"
write("annotated.psn", text, dict(
    game_expected(g, g["moves_usi"], result=None, comments=comments,
                  nags=[{"ply": p, "nags": n} for p, n in sorted(nags.items())]),
    dialect="hand-typed Hodges: `12.P-7f` glued numbers, `@` and `\u2019` drops, glyphs and NAGs, `;` and multi-line comments",
    warnings=[]))

# 3. 81Dojo letters: D for +R, H for +B, T for +P.
g = GAMES["sh-public-0075"]
alias = {"+R": "D", "+B": "H", "+P": "T"}
moves = [alias[m[:2]] + m[2:] if m[:2] in alias else m for m in g["hodges"]]
assert any(m[0] in "DHT" for m in moves)
text = ('[Sente "A"]\n[Gote "B"]\n\n'
        + "\n".join(f"{i + 1}. {m}" for i, m in enumerate(moves)) + "\n")
write("81dojo-letters.psn", text, dict(
    game_expected(g, g["moves_usi"], result=None),
    dialect="81Dojo letters D (dragon), H (horse), T (tokin) for +R, +B, +P; `1. P-7f` numbers",
    warnings=[]))

# 4. MacShogi: partial origins (G45b, Sc4d), the capture shorthand (xL, Sx, Sx+), `~` line
#    breaks in comments, a nested variation.
g = GAMES["sh-public-0122"]
b = cshogi.Board(g["start_sfen"])
out = []
warnings = []
prev_to = None
partial_files = partial_ranks = shorthands = 0
for i, (u, h) in enumerate(zip(g["moves_usi"], g["hodges"])):
    text = h
    mv = b.move_from_usi(u)
    if u[1] != "*":
        frm, to = u[0:2], u[2:4]
        promote = u.endswith("+")
        pt = b.piece_type(sq_index(frm))
        rivals = [cshogi.move_to_usi(m) for m in b.legal_moves
                  if cshogi.move_to_usi(m)[1] != "*"
                  and cshogi.move_to_usi(m)[2:4] == to
                  and cshogi.move_to_usi(m).endswith("+") == promote
                  and b.piece_type(sq_index(cshogi.move_to_usi(m)[0:2])) == pt]
        head = LETTER[pt]
        sign = "x" if b.piece(sq_index(to)) != 0 else "-"
        tail = h[len(h.rstrip("+=")):]
        if len(rivals) > 1:
            same_file = [r for r in rivals if r[0] == frm[0]]
            same_rank = [r for r in rivals if r[1] == frm[1]]
            if len(same_file) == 1 and sign == "-":
                text = f"{head}{frm[0]}{to}{tail}"
                partial_files += 1
            elif len(same_rank) == 1:
                text = f"{head}{frm[1]}{'x' if sign == 'x' else ''}{to}{tail}"
                partial_ranks += 1
        elif sign == "x" and to == prev_to:
            text = f"x{head}{tail}" if shorthands % 2 == 0 else f"{head}x{tail}"
            warnings.append("capture-shorthand")
            shorthands += 1
        prev_to = to
    else:
        prev_to = u[2:4]
    out.append(text)
    b.push(mv)
assert partial_files and partial_ranks and shorthands, (partial_files, partial_ranks, shorthands)
n = len(g["moves_usi"])
var_ply = 9
vb = board_at(g["start_sfen"], g["moves_usi"][:var_ply - 1])
var = pick_line(vb, 3, g["moves_usi"][var_ply - 1])
vb2 = vb.copy()
vb2.push(vb2.move_from_usi(var[0]))
nested = pick_line(vb2, 2, var[1])
assert nested[0] != var[1]


def long_line(board, usi):
    board = board.copy()
    texts = []
    for u in usi:
        texts.append(long_form(board, u))
        board.push(board.move_from_usi(u))
    return texts


var_text = long_line(vb, var)
nested_text = long_line(vb2, nested)
comments = [
    {"after_ply": 6, "text": "Perhaps P-5d was better.\n(Steve)"},
    {"after_ply": 20, "text": "This gets a bishop for the rook,\nthough not for long."},
]
tokens = []
for i, t in enumerate(out):
    ply = i + 1
    tokens.append(t)
    if ply == var_ply:
        tokens.append(f"({var_text[0]} {var_text[1]} ({nested_text[0]} {nested_text[1]}) {var_text[2]})")
    for c in comments:
        if c["after_ply"] == ply:
            tokens.append("{" + c["text"].replace("\n", "~") + "}")
lines = [" ".join(tokens[k:k + 8]) for k in range(0, len(tokens), 8)]
text = ('[Sente "Eric"]\n[Gote "Steve"]\n[Event "MacShogi"]\n[Result "*"]\n\n'
        + "\n".join(lines) + "\n")
write("macshogi.psn", text, dict(
    game_expected(g, g["moves_usi"], result=None, comments=comments,
                  variations=[{"ply": var_ply, "usi": var,
                               "variations": [{"ply": var_ply + 1, "usi": nested}]}]),
    dialect="MacShogi: partial origins G45b / Sc4d, capture shorthand xL / Lx, `~` in comments, nested ( )",
    warnings=warnings))

# 5. Shogidokoro with variation blocks: `Variation:N` after the main line, moves numbered from
#    ply N, replacing ply N of the line read last; times; a terminal word in a branch.
mates = [gid for gid, gg in GAMES.items()
         if gg["termination"] == "checkmate" and gg["start"] == "even" and len(gg["moves_usi"]) < 100]
g = GAMES[sorted(mates)[0]]
usi = g["moves_usi"]
n = len(usi)
times = times_for(n, 3)
b = cshogi.Board(g["start_sfen"])
main_text = long_line(b, usi)
end = board_at(g["start_sfen"], usi)
assert end.is_game_over()
mate_side_black = end.turn == cshogi.BLACK


def dokoro_line(ply, text, t):
    head = f"{ply}.{text}"
    return f"{head:<18}{clock(*t)}"


lines = [dokoro_line(i + 1, main_text[i], times[i]) for i in range(n)]
last_total = times[n - 2][1] if n >= 2 else 0
lines.append(dokoro_line(n + 1, "Mate", [5, last_total + 5]))
# Variation at ply 5 (3 moves), one in it at ply 6 (2 moves, ends with Resigns), one off the
# main line at ply 3 (1 move).
b5 = board_at(g["start_sfen"], usi[:4])
v5 = pick_line(b5, 3, usi[4])
b6 = board_at(g["start_sfen"], usi[:4] + v5[:1])
v6 = pick_line(b6, 2, v5[1])
assert v6[0] != v5[1]
b3 = board_at(g["start_sfen"], usi[:2])
v3 = pick_line(b3, 1, usi[2])
assert v3[0] != usi[2]
for ply, board, line, word in [(5, b5, v5, None), (6, b6, v6, "Resigns"), (3, b3, v3, None)]:
    lines.append(f"Variation:{ply}")
    for k, t in enumerate(long_line(board, line)):
        lines.append(dokoro_line(ply + k, t, [1, 1]))
    if word:
        lines.append(dokoro_line(ply + len(line), word, [1, 1]))
text = ('[Sente "先手"]\n[Gote "後手"]\n[SFEN "' + g["start_sfen"] + '"]\n' + "\n".join(lines) + "\n")
write("shogidokoro-variations.psn", text, dict(
    game_expected(g, usi, result=result_of("Mate", mate_side_black), terminal="Mate",
                  times=times, terminal_time=[5, last_total + 5],
                  variations=[
                      {"ply": 3, "usi": v3},
                      {"ply": 5, "usi": v5, "variations": [{"ply": 6, "usi": v6,
                                                            "note": "ends with Resigns, kept as a comment"}]},
                  ]),
    dialect="Shogidokoro: long form, times padded to column 18, `Variation:N` blocks (one nested), CRLF",
    warnings=[]), crlf=True)


# 6. The 1998 draft's [FEN "board counts s|g n"].
def old_fen(sfen):
    board, side, hand, number = sfen.split()
    counts = {"b": [0] * 7, "w": [0] * 7}
    order = "PLNSGBR"
    if hand != "-":
        k = 0
        while k < len(hand):
            j = k
            while hand[j].isdigit():
                j += 1
            c = int(hand[k:j]) if j > k else 1
            letter = hand[j]
            counts["b" if letter.isupper() else "w"][order.index(letter.upper())] = c
            k = j + 1
    if max(counts["b"] + counts["w"]) > 9:
        return None
    digits = "".join(map(str, counts["b"])) + "/" + "".join(map(str, counts["w"]))
    return f"{board} {digits} {'s' if side == 'b' else 'g'} {number}"


mids = [gid for gid, gg in sorted(GAMES.items())
        if gg["start"] == "midgame" and old_fen(gg["start_sfen"])
        and gg["start_sfen"].split()[2] != "-" and len(gg["moves_usi"]) >= 20]
g = GAMES[mids[0]]
usi = g["moves_usi"][:20]
fen = old_fen(g["start_sfen"])
text = (f'[Sente "A"]\n[Gote "B"]\n[FEN "{fen}"]\n\n' + " ".join(g["hodges"][:20]) + "\n")
games = [dict(game_expected(g, usi, result=None), warnings=[])]
g2 = GAMES["sh-public-0000"]
usi2 = g2["moves_usi"][:10]
text += ('\n[Sente "C"]\n[Gote "D"]\n[FEN "' + old_fen(EVEN).replace(" s ", " g ") + '"]\n[SFEN "'
         + g2["start_sfen"] + '"]\n\n' + " ".join(g2["hodges"][:10]) + "\n")
games.append(dict(game_expected(g2, usi2, result=None), warnings=["fen-mismatch"],
                  note="[SFEN] wins over [FEN] (which has Gote to move): a fen-mismatch warning"))
write("old-fen.psn", text, dict(
    dialect="the 1998 draft's [FEN \"board counts s|g n\"] (hand counts P L N S G B R); [SFEN] wins over it",
    games=games))

# 7. [Handicap] names as real files spell them.
REMOVE = {  # squares of the giver's (White's) pieces removed, by the handicap rules
    "right lance": ["9a"], "lance": ["1a"], "bishop": ["2b"], "rook": ["8b"],
    "rook-lance": ["8b", "1a"], "2-piece": ["8b", "2b"], "3-piece": ["8b", "2b", "1a"],
    "4-piece": ["8b", "2b", "1a", "9a"], "5-piece": ["8b", "2b", "1a", "9a", "8a"],
    "left-5-piece": ["8b", "2b", "1a", "9a", "2a"],
    "6-piece": ["8b", "2b", "1a", "9a", "8a", "2a"],
    "8-piece": ["8b", "2b", "1a", "9a", "8a", "2a", "7a", "3a"],
    "10-piece": ["8b", "2b", "1a", "9a", "8a", "2a", "7a", "3a", "6a", "4a"],
}


def handicap_sfen(code):
    b = cshogi.Board(EVEN)
    rows = [list(r) for r in "lnsgkgsnl/1r5b1".split("/")]
    grid = []
    for r in rows:
        cells = []
        for c in r:
            cells.extend([None] * int(c) if c.isdigit() else [c])
        grid.append(cells)
    for sq in REMOVE[code]:
        grid[ord(sq[1]) - ord("a")][9 - int(sq[0])] = None
    out = []
    for cells in grid:
        s, empty = "", 0
        for c in cells:
            if c is None:
                empty += 1
            else:
                s += (str(empty) if empty else "") + c
                empty = 0
        out.append(s + (str(empty) if empty else ""))
    del b
    return "/".join(out) + "/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"


SPELLINGS = [  # (as written, code)
    ("Right Lance", "right lance"), ("rook and lance", "rook-lance"), ("Rook+Lance", "rook-lance"),
    ("2-piece", "2-piece"), ("2", "2-piece"), ("three", "3-piece"), ("Four Piece", "4-piece"),
    ("5 piece", "5-piece"), ("left five", "left-5-piece"), ("six piece", "6-piece"),
    ("Eight Piece", "8-piece"), ("10", "10-piece"), ("BISHOP", "bishop"), ("rook", "rook"),
]
games = []
text = ""
for k, (written, code) in enumerate(SPELLINGS):
    sfen = handicap_sfen(code)
    fixture = [gid for gid, gg in sorted(GAMES.items()) if gg["start_sfen"] == sfen]
    if fixture:
        gg = GAMES[fixture[k % len(fixture)]]
        usi = gg["moves_usi"][:8]
        source = gg["id"]
    else:
        usi = pick_line(cshogi.Board(sfen), 8)
        source = "cshogi: the first legal non-king move in USI order, ply by ply"
    texts = long_line(cshogi.Board(sfen), usi)
    text += (f'[Sente "A{k}"]\n[Gote "B{k}"]\n[Handicap "{written}"]\n\n'
             + pairs(texts, False) + " Interrupt\n\n")
    games.append({"source": source, "handicap": written, "start_sfen": sfen, "usi": usi,
                  "final_sfen": board_at(sfen, usi).sfen(), "result": None,
                  "terminal": "Interrupt",
                  "warnings": unmarked_promotions(cshogi.Board(sfen), usi, texts)})
write("handicaps.psn", text, dict(
    dialect="[Handicap] names: right lance, rook and lance, rook+lance, 2-piece, 2, three, four, 5, left five, six, eight, 10, bishop, rook; `1...` pairs",
    games=games))

# 8. Terminal words, their results, and the conflicts reported.
games = []
text = ""
plain = GAMES["sh-public-0003"]
for k, word in enumerate(["Resign", "Timeup", "IllegalMove", "Sennichite", "Jishogi", "Interrupt"]):
    plies = 10 + k
    usi = plain["moves_usi"][:plies]
    black_to_move = plies % 2 == 0
    text += (f'[Sente "A"]\n[Gote "B"]\n\n'
             + "\n".join(f"{i + 1}.{m}" for i, m in enumerate(plain["hodges"][:plies]))
             + f"\n{plies + 1}.{word}\n\n")
    fits = repetition_fits(word, plain["start_sfen"], usi) is not False
    games.append(dict(game_expected(plain, usi, result=result_of(word, black_to_move),
                                    terminal="Resigns" if word == "Resign" else word),
                      warnings=[] if fits else ["terminal-mismatch"]))
# `Mate` on a checkmate, and `Mate` where the side to move has a legal move (a warning).
g = GAMES[sorted(mates)[1]]
usi = g["moves_usi"]
end = board_at(g["start_sfen"], usi)
text += ('[Sente "A"]\n[Gote "B"]\n\n' + pairs(g["hodges"], True) + f" {len(usi) + 1}.Mate\n\n")
games.append(dict(game_expected(g, usi, result=result_of("Mate", end.turn == cshogi.BLACK),
                                terminal="Mate"), warnings=[]))
usi = plain["moves_usi"][:12]
text += ('[Sente "A"]\n[Gote "B"]\n\n' + " ".join(plain["hodges"][:12]) + " Mate\n\n")
games.append(dict(game_expected(plain, usi, result=result_of("Mate", True), terminal="Mate"),
                  warnings=["terminal-mismatch"]))
# `[Result]` against the word: the tag is kept, with a warning.
usi = plain["moves_usi"][:11]
text += ('[Sente "A"]\n[Gote "B"]\n[Result "0-1"]\n\n' + " ".join(plain["hodges"][:11]) + " Resigns\n\n")
games.append(dict(game_expected(plain, usi, result="0-1", terminal="Resigns"),
                  warnings=["result-mismatch"]))
# PSN2's words.
for k, word in enumerate(["RepetitionDraw", "RepetitionWin", "MaxMovesDraw"]):
    plies = 8 + k
    usi = plain["moves_usi"][:plies]
    text += ('[Black "A"]\n[White "B"]\n[SFEN "' + plain["start_sfen"] + '"]\n'
             + "\n".join(f"{i + 1}.{u}" for i, u in enumerate(usi)) + f"\n{plies + 1}.{word}\n\n")
    fits = repetition_fits(word, plain["start_sfen"], usi) is not False
    games.append(dict(game_expected(plain, usi, result=result_of(word, plies % 2 == 0),
                                    terminal=word),
                      dialect="psn2", warnings=[] if fits else ["terminal-mismatch"]))
# Real repetitions: both rooks swing out and back three times (the start position a fourth
# time: a draw), and a dragon checking a lone king along ranks a and b (perpetual check: the
# checked side wins); RepetitionDraw said of a perpetual check, and RepetitionWin said for the
# checking side, are warnings (kifu's PSN writes Sennichite for both, as Shogidokoro does, and
# keeps the PSN2 word in a [Termination] tag).
EVEN_START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
PERPETUAL = "4k4/8+R/9/9/9/9/9/9/4K4 b r2b4g4s4n4l18p 1"
REPETITIONS = [
    ("psn", "Sennichite", EVEN_START, ["2h3h", "8b7b", "3h2h", "7b8b"] * 3),
    ("psn2", "RepetitionDraw", EVEN_START, ["2h3h", "8b7b", "3h2h", "7b8b"] * 3),
    ("psn2", "RepetitionWin", PERPETUAL, ["1b1a"] + ["5a5b", "1a1b", "5b5a", "1b1a"] * 3),
    ("psn2", "RepetitionWin", PERPETUAL, ["1b1a", "5a5b", "1a1b"] + ["5b5a", "1b1a", "5a5b", "1a1b"] * 3),
    ("psn2", "RepetitionDraw", PERPETUAL, ["1b1a"] + ["5a5b", "1a1b", "5b5a", "1b1a"] * 3),
    ("psn2", "RepetitionWin", PERPETUAL, ["1b1a", "5a5b", "1a1b", "5b5a"] * 3),
]
# An entering-king declaration by the 27-point rule (CSA): White's king steps, then Black,
# whose king stands in White's camp with 12 pieces worth 28 points, declares; cshogi's
# is_nyugyoku() confirms; with one silver fewer (27 points) it refuses, a warning.
DECLARE = "R3K3R/B1GGGG1B1/1SSSS4/9/9/9/9/9/4k4 w 4n4l18p 1"
SHORT = "R3K3R/B1GGGG1B1/1SSS5/9/9/9/9/9/4k4 w s4n4l18p 1"
assert board_at(DECLARE, ["5i5h"]).is_nyugyoku()
assert not board_at(SHORT, ["5i5h"]).is_nyugyoku()
REPETITIONS.append(("psn2", "DeclarationWin", DECLARE, ["5i5h"]))
REPETITIONS.append(("psn2", "DeclarationWin", SHORT, ["5i5h"]))
for dialect, word, sfen, usi in REPETITIONS:
    b = board_at(sfen, usi)
    black_to_move = b.turn == cshogi.BLACK
    if dialect == "psn":
        moves = "\n".join(f"{i + 1}.{m}" for i, m in enumerate(long_line(cshogi.Board(sfen), usi)))
        text += f'[Sente "A"]\n[Gote "B"]\n[SFEN "{sfen}"]\n\n{moves}\n{len(usi) + 1}.{word}\n\n'
    else:
        moves = "\n".join(f"{i + 1}.{u}" for i, u in enumerate(usi))
        text += f'[Black "A"]\n[White "B"]\n[SFEN "{sfen}"]\n{moves}\n{len(usi) + 1}.{word}\n\n'
    games.append({"source": "the declaration rule (CSA 27-point rule), cross-checked with cshogi is_nyugyoku()"
                  if word == "DeclarationWin" else
                  "the repetition rule (JSA 千日手), cross-checked with cshogi is_draw()",
                  "start_sfen": sfen, "usi": usi, "final_sfen": b.sfen(),
                  "result": result_of(word, black_to_move), "terminal": word,
                  "dialect": dialect,
                  "warnings": [] if repetition_fits(word, sfen, usi) is not False else ["terminal-mismatch"]})
write("terminals.psn", text.rstrip("\n") + "\n", dict(
    dialect="terminal words: Resign, Timeup, IllegalMove, Sennichite, Jishogi, Interrupt, Mate; PSN2's RepetitionDraw, RepetitionWin, MaxMovesDraw, DeclarationWin",
    games=games))

# 9. Sloppy hand typing: lower-case piece letters, upper-case rank letters, drops without `*`
#    where only a drop can go (all read with warnings).
g = GAMES["sh-public-0029"]
b = cshogi.Board(g["start_sfen"])
out = []
warnings = []
for i, (u, h) in enumerate(zip(g["moves_usi"], g["hodges"])):
    t = h
    if u[1] == "*":
        to = u[2:4]
        board_moves = [cshogi.move_to_usi(m) for m in b.legal_moves
                       if cshogi.move_to_usi(m)[1] != "*" and cshogi.move_to_usi(m)[2:4] == to
                       and BASE[b.piece_type(sq_index(cshogi.move_to_usi(m)[0:2]))] == u[0]]
        if not board_moves:
            t = h.replace("*", "")
            warnings.append("drop-without-mark")
    elif i % 5 == 1:
        t = t[0].lower() + t[1:] if t[0] != "+" else t[0] + t[1].lower() + t[2:]
        warnings.append("letter-case")
    elif i % 5 == 3:
        t = "".join(c.upper() if c in "abcdefghi" else c for c in t)
        warnings.append("letter-case")
    out.append(t)
    b.push(b.move_from_usi(u))
assert "drop-without-mark" in warnings
text = '[Sente "A"]\n[Gote "B"]\n\n' + pairs(out, True) + "\n"
write("hand-typed.psn", text, dict(
    game_expected(g, g["moves_usi"], result=None),
    dialect="sloppy typing: p-7f, P-7F, drops without `*` where only a drop fits",
    warnings=sorted(warnings)))

with open(os.path.join(HERE, "expected.json"), "w", encoding="utf-8") as f:
    json.dump({"about": "written by generate.py; see its docstring for the sources",
               "dialects": SPECS}, f, ensure_ascii=False, indent=1)
    f.write("\n")
