"""Openings of a match: from a file (OBF positions, transcripts, GGF or any game file
polyreversi reads: the games' moves up to ``plies``) or the built-in balanced set of
the board (``data/openings-<board>.txt``, made by scripts/make_openings.py: real
games' beginnings for 8x8, random ones elsewhere, each within 2 disks of even by a
depth-8 search). Boards and tables without a built-in set (3-4 players, blocked
squares) get seeded random beginnings.
"""
from __future__ import annotations

import os
import random
from typing import List, Optional

from polyreversi import _validate, formats
from polyreversi.errors import RecordError
from polyreversi.formats import source_name
from polyreversi.formats import obf, transcript
from polyreversi.formats.base import in_context
from polyreversi.state import State
from polyreversi.variant import Variant

#: The folder of the built-in opening sets.
DATA = os.path.join(os.path.dirname(__file__), "data")
#: Plies of a random opening where no built-in set exists.
RANDOM_PLIES = 4
#: Openings drawn where no built-in set exists.
RANDOM_COUNT = 50


def builtin_path(variant: Variant) -> Optional[str]:
    """The built-in set's file for ``variant``'s board (None for 3-4 players, blocked
    squares, a handicap or the free opening, whose start differs). TypeError: ``variant`` is not a Variant."""
    if _validate.instance(variant, Variant, "variant").players != 2 or variant.blocked or variant.handicap or variant.free_opening:
        return None
    path = os.path.join(DATA, f"openings-{variant.board}.txt")
    return path if os.path.exists(path) else None


def _transcript_lines(path: str, variant: Variant) -> List[State]:
    out = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            try:
                out.append(transcript.parse(text, variant).replay().final)
            except RecordError as e:
                raise RecordError(f"{source_name(path)}:{number}: {e}") from None
    return out


def builtin(variant: Variant, seed: int = 1) -> List[State]:
    """The built-in openings of ``variant`` (random ones where there is no set).
    TypeError: ``variant`` is not a Variant."""
    path = builtin_path(variant)
    if path is not None:
        return _transcript_lines(path, variant)
    rng = random.Random(seed)
    seen, out = set(), []
    for _ in range(RANDOM_COUNT * 20):
        state = variant.start()
        for _ in range(RANDOM_PLIES):
            if state.is_over():
                break
            state.play(rng.choice(state.legal_moves()))
        if not state.is_over() and state.key() not in seen:
            seen.add(state.key())
            out.append(state)
        if len(out) == RANDOM_COUNT:
            break
    return out


def from_file(path: str, variant: Variant, plies: Optional[int] = None, fmt: Optional[str] = None) -> List[State]:
    """The openings in ``path``: OBF positions (``.obf``), or the games of any game
    file (transcripts, GGF, JSON Lines, WTHOR...) cut after ``plies`` moves (default:
    all of each game's moves, i.e. the file lists openings).

    Raises:
        RecordError: an unreadable file (naming it), a game of another variant, a
            finished position, no opening at all; with ``plies``, an OBF file
            (positions have no moves to cut) or a game shorter than ``plies`` moves
            (naming the shortest: the openings would not be what was asked for).
    """
    if (fmt or "").lower() == "obf" or (fmt is None and path.lower().endswith(".obf")):
        if plies is not None:
            raise RecordError(f"{source_name(path)}: --plies {plies} cuts games, and an OBF file holds positions; "
                              "leave out --plies")
        states = [entry.state for entry in obf.read(path, variant=variant)]
    else:
        records = formats.read(path, fmt)
        for record in records:
            if record.variant != variant:
                raise RecordError(f"{source_name(path)}: a game of {record.variant}, not {variant}")
        if plies is not None and records:
            shortest = min(range(len(records)), key=lambda i: len(records[i].moves))
            length = len(records[shortest].moves)
            if length < plies:
                short = sum(len(r.moves) < plies for r in records)
                raise RecordError(f"{source_name(path)}: --plies {plies}, but {short} of its {len(records)} games have fewer "
                                  f"moves (the shortest, game {shortest + 1}, has {length}); give --plies "
                                  f"{length} or less, or longer games")
        states = []
        for number, record in enumerate(records, 1):
            try:  # a game file is read without replaying its moves: an illegal one is found here
                states.append(record.replace(moves=record.moves if plies is None else record.moves[:plies],
                                             result=None).replay().final)
            except RecordError as e:
                raise in_context(in_context(e, f"game {number}"), path) from None
    for i, state in enumerate(states):
        if state.is_over():
            raise RecordError(f"{source_name(path)}: opening {i + 1} is a finished game")
    if not states:
        raise RecordError(f"{source_name(path)}: no openings")
    return states
