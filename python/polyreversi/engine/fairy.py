"""Reversi as Fairy-Stockfish writes it: its variant names, the definitions of the
boards it does not build in, positions as FEN and moves as UCI drops.

Fairy-Stockfish (github.com/fairy-stockfish/Fairy-Stockfish, the engine game sites
use for chess variants) plays Reversi as a drop game: ``flipello`` (8×8) and
``flipello10`` (10×10, a build with ``largeboards=yes``) are built in; the other
boards and Anti-Reversi are defined in :data:`VARIANTS_INI`, which the engine reads
through its ``VariantPath`` option (``python -m polyreversi.engine.fairy PATH`` writes it).

The dialect (read in its source: variant.cpp ``flipello_variant``, uci.cpp ``move``):

- Colours: its first player ("white", upper-case ``P``, ``w`` in a FEN) is Black.
- Squares: files are ours; its ranks count from the bottom, so our row ``r`` (1 at
  the top, RULES.md §1) is its rank ``N + 1 - r``: our d3 on 8×8 is its d6.
- Moves: a disk is a drop ``P@d6``, for either colour (it names the piece type,
  not its colour). A pass is written as a move from one of the mover's disks to
  itself (``d5d5``); ``0000`` and ``(none)`` mean no move.
- Positions: a FEN whose ranks run from the top row down, ``P`` Black, ``p`` White,
  ``*`` a blocked square or octagon cut-out (a wall), and after the board the disks
  each side holds, as in its own start positions (one per square empty at the
  start of the game, less those the side has placed since).

Where its rules differ from RULES.md (measured by tests/test_fairy_rules.py against
the engine; docs/engines.md has the table): its Anti-Reversi has no pass (the
engine can only count disks when the side to move has no move, so inside its
search a forced pass ends the game, scored as Anti-Reversi); lines through a
blocked square are not always stopped by it in its move generation, so games with
blocked squares are refused; 3-4 players do not exist there.
"""
from __future__ import annotations

import os
import re
import sys
from typing import Dict, Tuple, Union

import numpy as np

from polyreversi import _files, _validate
from polyreversi.errors import EngineProtocolError, quoted
from polyreversi.state import State
from polyreversi.variant import Variant
from polyreversi.vocabulary import BLOCKED, CUT_OUT, EMPTY

#: Fairy-Stockfish's name of each board and scoring this module can set up:
#: (board, anti) -> UCI_Variant. Names not built into the engine are defined in
#: :data:`VARIANTS_INI`.
VARIANT_NAMES: Dict[Tuple[str, bool], str] = {
    ("8x8", False): "flipello",
    ("10x10", False): "flipello10",
    ("6x6", False): "flipello6",
    ("octagon", False): "flipello-octagon",
    ("8x8", True): "anti-flipello",
    ("10x10", True): "anti-flipello10",
    ("6x6", True): "anti-flipello6",
    ("octagon", True): "anti-flipello-octagon",
}

# Anti-Reversi: the engine has no "fewest disks win" counting for a double pass or a
# full board, only for a side to move without a legal move (stalematePieceCount); so
# there are no passes and no full-board adjudication, and a side without a move ends
# the game, the fewer disks winning (stalemateValue = win for the side with fewer).
_ANTI = """passOnStalemate = false
stalematePieceCount = true
stalemateValue = win
materialCounting = none
adjudicateFullBoard = false
"""

#: The variants.ini that defines the boards Fairy-Stockfish does not build in
#: (its own ``flipello6`` is in the variants.ini of its source, not in the binary).
VARIANTS_INI = f"""# Reversi boards and Anti-Reversi for Fairy-Stockfish, as polyreversi plays them
# (RULES.md). Written by polyreversi.engine.fairy; load with
#   setoption name VariantPath value /path/to/this/file

[flipello6:flipello]
maxRank = 6
maxFile = 6
startFen = 6/6/2pP2/2Pp2/6/6[{'P' * 32}{'p' * 32}] w - - 0 1
enclosingDropStart = c3 d3 c4 d4

# The 10x10 grid without three cells at each corner (a1 b1 a2 and their mirror
# images): walls, which stop every line like the edge of the board.
[flipello-octagon:flipello10]
startFen = **6**/*8*/10/10/4pP4/4Pp4/10/10/*8*/**6**[{'P' * 84}{'p' * 84}] w - - 0 1

[anti-flipello:flipello]
{_ANTI}
[anti-flipello10:flipello10]
{_ANTI}
[anti-flipello6:flipello6]
{_ANTI}
[anti-flipello-octagon:flipello-octagon]
{_ANTI}"""

_DROP = re.compile(r"([Pp])@([a-l])(\d{1,2})")
_SQUARE_PAIR = re.compile(r"([a-l])(\d{1,2})([a-l])(\d{1,2})")
_NO_MOVE = ("0000", "(none)", "@@@@")


def variant_name(variant: Variant) -> str:
    """Fairy-Stockfish's ``UCI_Variant`` for ``variant``.

    Raises:
        EngineProtocolError: a variant it cannot play as RULES.md says (3-4 players,
            blocked squares); the message names what.
    """
    if variant.players != 2:
        raise EngineProtocolError(f"Fairy-Stockfish plays two-player Reversi only, not {variant}")
    if variant.blocked:
        raise EngineProtocolError(f"{variant}: Fairy-Stockfish's move generation lets a line run through "
                                  "a blocked square, so it cannot play blocked squares by RULES.md §4")
    return VARIANT_NAMES[(variant.board, bool(variant.anti))]


def square_text(variant: Variant, index: int) -> str:
    """Fairy-Stockfish's name of square ``index``: our name (RULES.md §1) with the row
    counted from the bottom (``19`` on 8×8, our d3, is its ``d6``).

    Raises:
        InvalidSquareError: an index off the board's grid.
    """
    name = variant.square_name(index)
    return f"{name[0]}{variant.n + 1 - int(name[1:])}"


def _square_index(variant: Variant, file: str, rank: str) -> int:
    """Our index of Fairy-Stockfish's square ``file rank`` (ValueError off the board)."""
    r = int(rank)
    try:
        if not 1 <= r <= variant.n:
            raise ValueError
        return variant.square(f"{file}{variant.n + 1 - r}")
    except ValueError:
        raise ValueError(f"{file}{rank} is not a square of {variant.board}") from None


def move_text(state: State, move: int) -> str:
    """``move`` of ``state``'s mover as Fairy-Stockfish writes it: ``P@d6`` (either
    colour), or a pass as the move of the mover's first disk (in its square order:
    rank 1 first, then file) to itself.

    Raises:
        ValueError: a pass by a side that has no disk (the engine has no pass then).
    """
    v = state.variant
    if move != v.PASS:
        return "P@" + square_text(v, move)
    board = state.board()
    mine = np.argwhere(board == int(state.to_move))
    if len(mine) == 0:
        raise ValueError("Fairy-Stockfish cannot write a pass by a side without disks")
    row, col = max(mine.tolist(), key=lambda rc: (rc[0], -rc[1]))  # its lowest rank, then its first file
    sq = square_text(v, row * v.n + col)
    return sq + sq


def parse_move(state: State, text: str) -> int:
    """The square index (or ``state.PASS``) of a move Fairy-Stockfish wrote for
    ``state`` (legal or not: the caller checks; ``p@d6`` is read as ``P@d6``).

    Raises:
        ValueError: text that is not a drop, a pass or a square of the board.
    """
    word = text.strip()
    v = state.variant
    m = _DROP.fullmatch(word)
    if m:
        return _square_index(v, m.group(2), m.group(3))
    m = _SQUARE_PAIR.fullmatch(word)
    if m and m.group(1, 2) == m.group(3, 4):
        _square_index(v, m.group(1), m.group(2))
        return v.PASS
    if word in _NO_MOVE:
        return v.PASS
    raise ValueError(f"{quoted(text)} is not a Reversi move in Fairy-Stockfish's notation (P@d6, or a pass d5d5)")


def fen(state: State) -> str:
    """``state`` as a Fairy-Stockfish FEN (see the module's notes).

    Raises:
        EngineProtocolError: a position of 3 or 4 players.
        TypeError: ``state`` is not a :class:`polyreversi.State`.
    """
    v = _validate.instance(state, State, "state").variant
    if v.players != 2:
        raise EngineProtocolError(f"Fairy-Stockfish plays two-player Reversi only, not {v}")
    board = state.board()
    ranks = []
    for row in board:
        text, gap = "", 0
        for cell in row.tolist():
            if cell == EMPTY:
                gap += 1
                continue
            if gap:
                text, gap = text + str(gap), 0
            text += "*" if cell in (BLOCKED, CUT_OUT) else ("P" if cell == 1 else "p")
        ranks.append(text + (str(gap) if gap else ""))
    start = state.initial()
    empty_at_start = start.empties()
    placed = {1: 0, 2: 0}
    replay = start.copy()
    for move in state.moves():
        if move != v.PASS:
            placed[int(replay.to_move)] += 1
        replay.play(move)
    hand = "P" * (empty_at_start - placed[1]) + "p" * (empty_at_start - placed[2])
    side = "w" if int(state.to_move) == 1 else "b"
    return f"{'/'.join(ranks)}[{hand}] {side} - - 0 {state.ply // 2 + 1}"


def write_variants_ini(path: Union[str, "os.PathLike[str]"]) -> None:
    """Writes :data:`VARIANTS_INI` to ``path``, whole or not at all (a temporary file in
    the same folder, renamed over ``path``: :func:`polyreversi._files.replace_file`).

    Raises:
        OSError: the folder cannot be written (``path`` is then unchanged).
    """
    _files.replace_file(path, VARIANTS_INI)


if __name__ == "__main__":  # python -m polyreversi.engine.fairy PATH
    if len(sys.argv) != 2:
        sys.exit("usage: python -m polyreversi.engine.fairy PATH  (writes Fairy-Stockfish's variants.ini "
                 "for polyreversi's boards)")
    write_variants_ini(sys.argv[1])
