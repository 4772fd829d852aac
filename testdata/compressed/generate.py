"""Makes the compressed inputs of testdata/compressed from plain game files of testdata.

Run from this folder with Python 3 (standard library only): `python3 generate.py`. The outputs
are byte-for-byte reproducible (fixed timestamps, no file names in the gzip headers).
"""

import bz2
import gzip
import lzma
import zipfile

ICCS = open("../xiangqi/xiangqi-iccs-lower.pgn", "rb").read()
PSN = open("../shogi/shogi-real-game.psn", "rb").read()
MULTI = open("../xiangqi/xiangqi-multigame.pgn", "rb").read()

# A ZIP archive of two members, one deflated and one stored, and a folder entry (skipped).
with zipfile.ZipFile("two-members.zip", "w") as z:
    stamp = (2002, 1, 1, 0, 0, 0)
    z.writestr(zipfile.ZipInfo("xiangqi-iccs.pgn", stamp), ICCS, zipfile.ZIP_DEFLATED)
    z.writestr(zipfile.ZipInfo("shogi/", stamp), b"")
    z.writestr(zipfile.ZipInfo("shogi/real-game.psn", stamp), PSN, zipfile.ZIP_STORED)

DUPLICATE = open("../errors/duplicate-tag.pgn", "rb").read()

# A ZIP archive of a game file, a member that is no game file, and a game with a warning.
with zipfile.ZipFile("with-a-note.zip", "w") as z:
    stamp = (2002, 1, 1, 0, 0, 0)
    z.writestr(zipfile.ZipInfo("games.pgn", stamp), MULTI, zipfile.ZIP_DEFLATED)
    z.writestr(zipfile.ZipInfo("readme.pdf", stamp), b"%PDF-1.4 not a game\n", zipfile.ZIP_DEFLATED)
    z.writestr(zipfile.ZipInfo("errors/duplicate-tag.pgn", stamp), DUPLICATE, zipfile.ZIP_DEFLATED)

# One stream each, under names that do not say the compression (the bytes do).
with open("multigame.pgn.gz", "wb") as f:
    f.write(gzip.compress(MULTI, mtime=0))
with open("real-game.psn.bz2", "wb") as f:
    f.write(bz2.compress(PSN))
with open("multigame-xz.pgn", "wb") as f:
    f.write(lzma.compress(MULTI, format=lzma.FORMAT_XZ))
