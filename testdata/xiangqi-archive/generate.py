#!/usr/bin/env python3
"""Writes the binary samples of this folder from the format descriptions alone.

- XQF: ../shared/research/xqf-format.md (the keys of its worked example for sample.xqf,
  version 0x12; sample-plain.xqf is XQF 1.0, version 0x0A).
- CBR/CBL: the CCBridge layout (xusheng6/pikaboard docs/ccbridge-format.md): a version-2
  record, and a library of two records built for 1 index slot.

The game in every sample: 1. h2e2 h9g7 2. h0g2 (2. b0c2) i9h9 3. i0h0, with a comment before
the first move, after h2e2 and on the alternative, Red 胡荣华, Black 杨官璘, Red won.
Run from this folder: python3 generate.py
"""

import struct

START = [
    # (slot kind letter, file x, rank y) for the standard array, Red first.
    ('R', 8, 0), ('N', 7, 0), ('B', 6, 0), ('A', 5, 0), ('K', 4, 0), ('A', 3, 0), ('B', 2, 0),
    ('N', 1, 0), ('R', 0, 0), ('C', 7, 2), ('C', 1, 2), ('P', 8, 3), ('P', 6, 3), ('P', 4, 3),
    ('P', 2, 3), ('P', 0, 3),
    ('r', 0, 9), ('n', 1, 9), ('b', 2, 9), ('a', 3, 9), ('k', 4, 9), ('a', 5, 9), ('b', 6, 9),
    ('n', 7, 9), ('r', 8, 9), ('c', 1, 7), ('c', 7, 7), ('p', 0, 6), ('p', 2, 6), ('p', 4, 6),
    ('p', 6, 6), ('p', 8, 6),
]

# The tree in pre-order: (move, has a reply, has a later sibling, comment).
TREE = [
    (None, True, False, "中炮对屏风马"),
    ("h2e2", True, False, "中炮"),
    ("h9g7", True, False, None),
    ("h0g2", True, True, None),
    ("i9h9", True, False, None),
    ("i0h0", False, False, None),
    ("b0c2", False, False, "另一着"),
]


def square(s):
    return ord(s[0]) - ord('a'), int(s[1])


def gbk(text):
    return text.encode('gbk')


# ---- XQF ----------------------------------------------------------------------------------

COPYRIGHT = b"[(C) Copyright Mr. Dong Shiwei.]"


def xqf(version, mask, ors, seeds):
    keys_sum = (-sum(seeds)) % 256
    if version <= 10:
        kxy = kxyf = kxyt = rmk = 0
    else:
        g = lambda b: (54 * b * b + 221) % 256
        kxy = g(seeds[0]) * seeds[0] % 256
        kxyf = g(seeds[1]) * kxy % 256
        kxyt = g(seeds[2]) * kxyf % 256
        rmk = (keys_sum * 256 + seeds[0]) % 32000 + 767
    raw = [keys_sum] + list(seeds)
    f = [COPYRIGHT[j] & ((raw[j % 4] & mask) | ors[j % 4]) for j in range(32)]
    h = bytearray(1024)
    h[0:2] = b"XQ"
    h[2] = version
    h[3] = mask
    h[8:12] = bytes(ors)
    h[12] = keys_sum
    h[13:16] = bytes(seeds)
    for j in range(32):
        slot = (j + 1 + kxy) % 32 if version >= 12 else j
        _, x, y = START[slot]
        h[0x10 + j] = (x * 10 + y + kxy) % 256
    h[0x33] = 1  # Red won
    for offset, text in [(0x050, "全国象棋个人赛"), (0x130, "胡荣华"), (0x140, "杨官璘")]:
        b = gbk(text)
        h[offset] = len(b)
        h[offset + 1:offset + 1 + len(b)] = b
    tail = bytearray()
    for mv, cont, alt, comment in TREE:
        c = gbk(comment + "\r\n") if comment else b""
        if mv is None:
            b0, b1 = (0x18, 0x20) if version <= 10 else (ord('X'), ord('Q'))
            reserved = 0xFF if version <= 10 else 0
        else:
            (fx, fy), (tx, ty) = square(mv[:2]), square(mv[2:])
            b0 = (fx * 10 + fy + 0x18 + kxyf) % 256
            b1 = (tx * 10 + ty + 0x20 + kxyt) % 256
            reserved = 0
        if version <= 10:
            flags = (0xF0 if cont else 0) | (0x0F if alt else 0)
            tail += bytes([b0, b1, flags, reserved]) + struct.pack("<I", len(c)) + c
        else:
            flags = (0x80 if cont else 0) | (0x40 if alt else 0) | (0x20 if c else 0)
            tail += bytes([b0, b1, flags, reserved])
            if c:
                tail += struct.pack("<I", len(c) + rmk) + c
    for i in range(len(tail)):
        tail[i] = (tail[i] + f[i % 32]) % 256
    return bytes(h + tail)


# ---- CBR / CBL ----------------------------------------------------------------------------

def utf16(text):
    return text.encode('utf-16-le')


def cbr(title):
    r = bytearray(2214)
    r[0:16] = b"CCBridge Record\0"
    r[19] = 2
    for offset, text in [(180, title), (692, "全国象棋个人赛"), (1076, "胡荣华"), (1300, "杨官璘")]:
        b = utf16(text)
        r[offset:offset + len(b)] = b
    r[2076] = 1  # Red won
    r[2112] = 1  # Red moves first
    r[2116:2118] = struct.pack("<H", 1)
    board = [0] * 90
    codes = {'r': 1, 'n': 2, 'b': 3, 'a': 4, 'k': 5, 'c': 6, 'p': 7}
    for letter, x, y in START:
        colour = 0x10 if letter.isupper() else 0x20
        board[(9 - y) * 9 + x] = colour | codes[letter.lower()]
    r[2120:2210] = bytes(board)
    r[2210:2214] = b"\xff\xff\xff\xff"
    for mv, cont, alt, comment in TREE:
        flags = (0 if cont else 1) | (2 if alt else 0) | (4 if comment else 0)
        if mv is None:
            frm = to = 0
        else:
            (fx, fy), (tx, ty) = square(mv[:2]), square(mv[2:])
            frm, to = (9 - fy) * 9 + fx, (9 - ty) * 9 + tx
        r += bytes([flags, 0, frm, to])
        if comment:
            b = utf16(comment)
            r += struct.pack("<I", len(b)) + b
    return bytes(r)


def cbl(records, name):
    slots = 1
    lib = bytearray(66624 + slots * 276)
    lib[0:16] = b"CCBridgeLibrary\0"
    lib[52:56] = b"\xff\xff\xff\x7f"
    lib[60:64] = struct.pack("<I", slots)
    b = utf16(name)
    lib[64:64 + len(b)] = b
    for r in records:
        size = -(-len(r) // 4096) * 4096
        lib += r + bytes(size - len(r))
    return bytes(lib)


if __name__ == "__main__":
    with open("sample.xqf", "wb") as out:
        out.write(xqf(0x12, 0xAE, [0x11, 0xF0, 0x9E, 0x61], [0x8D, 0x11, 0xEF]))
    with open("sample-plain.xqf", "wb") as out:
        out.write(xqf(0x0A, 0, [0, 0, 0, 0], [0, 0, 0]))
    with open("sample.cbr", "wb") as out:
        out.write(cbr("第一局"))
    with open("sample.cbl", "wb") as out:
        out.write(cbl([cbr("第一局"), cbr("第二局")], "示例棋谱库"))
