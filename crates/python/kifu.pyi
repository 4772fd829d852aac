"""kifu: read, check, convert, compare and draw shogi and xiangqi game records.

Every move is checked against the rules; a fault is a `Diagnostic` with its line, column, ply,
text, message, help and candidates, as `kifu check --format json` prints it (docs/cli.md,
docs/kifu.schema.json). Coordinates are ICCS with ranks 0-9 (`h2e2`) for xiangqi and USI
(`7g7f`, `8h2b+`, `P*5e`) for shogi.
"""

import os
from typing import Literal, Optional, Union

__version__: str

_Source = Union[str, bytes, os.PathLike[str]]
_GameName = Literal["xiangqi", "shogi"]

class NotationError(ValueError):
    """A fault in a record, a move or a position, with the fields of a diagnostic."""

    code: str
    severity: str
    line: Optional[int]
    column: Optional[int]
    ply: Optional[int]
    game: Optional[int]
    text: Optional[str]
    message: str
    help: Optional[str]
    candidates: list[str]
    position: Optional[str]

class MoveSyntaxError(NotationError):
    """A move not written in the notation at all (code `syntax`)."""

class IllegalMoveError(NotationError):
    """A move that names no legal move; the code is the rule broken (`horse-leg`, `nifu`) or `no-such-piece`."""

class AmbiguousMoveError(NotationError):
    """A move that fits several legal moves (`ambiguous-move`); `candidates` spells each."""

class PositionError(NotationError):
    """A FEN, SFEN, handicap or board that cannot be read (`bad-fen`, `bad-sfen`, ...)."""

class ReadError(NotationError):
    """An input that cannot be read (code `io`): a missing file, bytes in no encoding kifu reads."""

class WriteError(NotationError):
    """A game the target cannot hold (`wrong-variant`, `not-writable`, `encoding`), or a file that cannot be written (`write-failed`)."""

class Diagnostic:
    """One thing found about a game: an error or a warning, where it is and what to do."""

    severity: Literal["error", "warning"]
    code: str
    message: str
    help: Optional[str]
    candidates: list[str]
    line: Optional[int]
    column: Optional[int]
    ply: Optional[int]
    text: Optional[str]
    position: Optional[str]
    game: Optional[int]
    file: Optional[str]
    @property
    def is_error(self) -> bool: ...

class Move:
    """One move as read: its text, coordinates, ply, comments, clock, glyphs and variations."""

    ply: int
    text: str
    coord: str
    comments: list[str]
    clock: Optional[str]
    nags: list[int]
    line: Optional[int]
    column: Optional[int]
    variations: list[list[Move]]

class Game:
    """A game read and checked move by move."""

    @property
    def index(self) -> int: ...
    @property
    def game(self) -> _GameName: ...
    @property
    def format(self) -> str: ...
    @property
    def notation(self) -> Optional[str]: ...
    @property
    def detected(self) -> Optional[str]: ...
    @property
    def tags(self) -> dict[str, str]: ...
    @property
    def moves(self) -> list[Move]: ...
    @property
    def coords(self) -> list[str]: ...
    @property
    def comments(self) -> list[str]: ...
    @property
    def diagnostics(self) -> list[Diagnostic]: ...
    @property
    def ok(self) -> bool: ...
    @property
    def result(self) -> Optional[Literal["1-0", "0-1", "1/2-1/2"]]: ...
    @property
    def termination(self) -> Optional[str]: ...
    @property
    def start(self) -> Optional[str]: ...
    @property
    def final(self) -> Optional[str]: ...
    @property
    def unread(self) -> Optional[str]: ...
    def position(self, ply: Optional[int] = None) -> Position: ...
    def write(
        self,
        to: str = "wxf",
        *,
        lang: Optional[str] = None,
        style: Optional[str] = None,
        sideways: Optional[str] = None,
        squares: Optional[str] = None,
        encoding: Optional[str] = None,
        version: Optional[str] = None,
    ) -> Union[str, bytes]:
        """The game in `to` (a notation or a format), as `kifu convert --to TO` writes it."""
    def diagram(
        self,
        ply: Optional[int] = None,
        *,
        format: Literal["svg", "text"] = "svg",
        flip: bool = False,
        pieces: Optional[str] = None,
        coordinates: Optional[str] = None,
        size: Optional[int] = None,
    ) -> Diagram: ...
    def __len__(self) -> int: ...

class Position:
    """A xiangqi or shogi position; `play` changes it in place."""

    def __init__(self, fen: Optional[str] = None, *, game: Optional[_GameName] = None) -> None: ...
    @staticmethod
    def from_fen(fen: Optional[str] = None) -> Position: ...
    @staticmethod
    def from_sfen(sfen: Optional[str] = None) -> Position: ...
    @property
    def game(self) -> _GameName: ...
    @property
    def fen(self) -> str: ...
    @property
    def sfen(self) -> str: ...
    @property
    def side_to_move(self) -> Literal["red", "black", "white"]: ...
    @property
    def ply(self) -> int: ...
    def legal_moves(self) -> list[str]: ...
    def is_legal(self, move: str) -> bool: ...
    def is_check(self) -> bool: ...
    def outcome(self) -> Optional[tuple[str, str]]: ...
    def play(self, move: str) -> None: ...
    def play_moves(self, moves: list[str]) -> None: ...
    def move_to(self, text: str, *, notation: Optional[str] = None, lang: Optional[str] = None) -> str: ...
    def read_move(self, text: str, *, notation: Optional[str] = None, lang: Optional[str] = None) -> str: ...
    def write_move(
        self,
        move: str,
        to: Optional[str] = None,
        *,
        lang: Optional[str] = None,
        style: Optional[str] = None,
        sideways: Optional[str] = None,
        squares: Optional[str] = None,
    ) -> str: ...
    def write_moves(
        self,
        moves: list[str],
        to: Optional[str] = None,
        *,
        lang: Optional[str] = None,
        style: Optional[str] = None,
        sideways: Optional[str] = None,
        squares: Optional[str] = None,
    ) -> list[str]: ...
    def copy(self) -> Position: ...
    def diagram(
        self,
        *,
        format: Literal["svg", "text"] = "svg",
        flip: bool = False,
        pieces: Optional[str] = None,
        coordinates: Optional[str] = None,
        size: Optional[int] = None,
    ) -> Diagram: ...
    def _repr_svg_(self) -> str: ...

class Diagram:
    """A drawn board; Jupyter shows an SVG one."""

    format: Literal["svg", "text"]
    text: str
    position: str
    ply: Optional[int]
    def _repr_svg_(self) -> Optional[str]: ...
    def save(self, path: Union[str, os.PathLike[str]]) -> None: ...

class Resolution:
    ply: int
    faulty: int
    text: str
    line: int
    column: int
    problem: str
    other_text: str
    other_line: int
    other_column: int
    spelled: str
    coord: str
    description: str

class GameComparison:
    game: int
    readings: tuple[str, str]
    plies: int
    final_position: Optional[str]
    resolved: list[Resolution]
    difference: Optional[str]
    undecided: Optional[str]
    same: bool

class Comparison:
    games: list[GameComparison]
    counts: tuple[int, int]
    same: bool
    def __bool__(self) -> bool: ...

def read(
    source: Union[str, bytes],
    *,
    game: Optional[_GameName] = None,
    notation: Optional[str] = None,
    encoding: Optional[str] = None,
    lang: Optional[str] = None,
    dialect: Optional[str] = None,
    repair: bool = False,
    strict: bool = False,
) -> list[Game]:
    """The games of a record's text or bytes, each checked."""

def read_file(
    path: Union[str, os.PathLike[str]],
    *,
    game: Optional[_GameName] = None,
    notation: Optional[str] = None,
    encoding: Optional[str] = None,
    lang: Optional[str] = None,
    dialect: Optional[str] = None,
    repair: bool = False,
    strict: bool = False,
) -> list[Game]:
    """The games of a file, each checked."""

def check(
    source: _Source,
    *,
    game: Optional[_GameName] = None,
    notation: Optional[str] = None,
    encoding: Optional[str] = None,
    lang: Optional[str] = None,
    dialect: Optional[str] = None,
    repair: bool = False,
    strict: bool = False,
) -> list[Diagnostic]:
    """Every diagnostic of every game, as `kifu check --format json` lists them."""

def convert(
    source: _Source,
    to: str,
    *,
    game: Optional[_GameName] = None,
    notation: Optional[str] = None,
    encoding: Optional[str] = None,
    lang: Optional[str] = None,
    dialect: Optional[str] = None,
    repair: bool = False,
    out_lang: Optional[str] = None,
    style: Optional[str] = None,
    sideways: Optional[str] = None,
    squares: Optional[str] = None,
    output_encoding: Optional[str] = None,
    version: Optional[str] = None,
    on_error: Literal["keep", "skip", "raise"] = "keep",
) -> Union[str, bytes]:
    """Every game written in `to`, as `kifu convert --to TO` writes them."""

def compare(
    a: _Source,
    b: _Source,
    *,
    game: Optional[_GameName] = None,
    lang: Optional[str] = None,
    dialect: Optional[str] = None,
    encoding: Optional[str] = None,
) -> Comparison:
    """Two transcriptions of the same games: where they differ, and what each resolves in the other."""

def diagram(
    source: Union[Game, Position, str],
    ply: Optional[int] = None,
    *,
    game: Optional[_GameName] = None,
    format: Literal["svg", "text"] = "svg",
    flip: bool = False,
    pieces: Optional[str] = None,
    coordinates: Optional[str] = None,
    size: Optional[int] = None,
) -> Diagram:
    """A board diagram of a game after a ply, a Position, or a FEN/SFEN."""
