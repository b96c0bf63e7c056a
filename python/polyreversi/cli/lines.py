"""The one-line texts the commands print: a move, the status, the result, a count."""
from __future__ import annotations

from polyreversi._core import Color
from polyreversi.state import State
from polyreversi.vocabulary import color_name

def result_line(state: State) -> str:
    """``"Game over after 60 plies: Black 30, White 34. White wins."`` (or a draw; for an
    unfinished state, the scores so far)."""
    colors = list(Color)[: state.variant.players]
    scores = ", ".join(f"{color_name(c)} {s}" for c, s in zip(colors, state.scores()))
    if not state.is_over():
        return f"Stopped after {state.ply} plies: {scores}."
    winners = state.winners()
    if len(winners) == 1:
        verdict = f"{color_name(winners[0])} wins"
    else:
        verdict = "Draw between " + " and ".join(color_name(c) for c in winners)
    rule = " (Anti-Reversi: fewest disks win)" if state.variant.anti else ""
    return f"Game over after {state.ply} plies: {scores}. {verdict}{rule}."


def status_line(state: State) -> str:
    """:func:`result_line` once the game is over, else ``"Ply 12, Red to move: Black 5, ..."``."""
    if state.is_over():
        return result_line(state)
    colors = list(Color)[: state.variant.players]
    scores = ", ".join(f"{color_name(c)} {s}" for c, s in zip(colors, state.scores()))
    return f"Ply {state.ply}, {color_name(state.to_move)} to move: {scores}."


def move_line(before: State, move: int) -> str:
    """``"12. Red e7, 3 flips"`` for the move about to be played on ``before``."""
    who = color_name(before.to_move)
    if move == before.PASS:
        return f"{before.ply + 1}. {who} passes"
    flips = len(before.flips(move))
    detail = count_of(flips, "flip") if flips else "placement, no flip"
    return f"{before.ply + 1}. {who} {before.variant.square_name(move)}, {detail}"


def count_of(n: int, noun: str) -> str:
    """``1 game``, ``2 games``."""
    return f"{n:,} {noun}{'' if n == 1 else 's'}"
