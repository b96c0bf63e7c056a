"""Monte Carlo tree search (UCT) with native playouts, for every variant and
player count (2, 3 or 4 players; neutral disk, adjacency fallback, passes).

The search runs in C++ (cpp/src/mcts) on the engine's own move generation,
flips and random playouts (the ``play_games`` kernel); the GIL is released and
Ctrl-C stops it (KeyboardInterrupt).

**Reward** of a playout, per colour, from the final disk counts of RULES.md §7:
1 for the only winner, ``1/k`` to each of ``k`` colours sharing the winning
count (a draw for the table), 0 for every other colour; so a game's rewards
sum to 1. With Anti-Reversi the winners are those with the fewest disks.

**Multi-player UCT** (max^n style): each node keeps the reward sums of every
colour; at a node, the child chosen is the one with the best UCB1 score
``q + c * sqrt(ln N / n)`` where ``q`` is the mean reward of the colour *to
move at that node*, i.e. each child is judged from the view of the player who
moved into it. A forced pass (2 players) is a move with one child.

>>> import polyreversi as pr
>>> r = pr.mcts(pr.Variant.parse("octagon/3p").start(), playouts=300, seed=1)
>>> sum(r.visits.values()) == r.playouts == 300, r.move in r.visits
(True, True)
>>> len(r.values), abs(sum(r.values) - 1) < 1e-9
(3, True)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Optional, Tuple

from polyreversi import _core, _validate
from polyreversi.limit import Limit
from polyreversi.state import State
from polyreversi.time_control import anytime_seconds, mover_moves
from polyreversi.variant import engine_seed

#: Playouts of a search given neither ``playouts`` nor ``time``.
DEFAULT_PLAYOUTS = 10_000
#: The UCB1 exploration constant ``c`` (rewards are in 0..1; the core's default).
DEFAULT_EXPLORATION: float = _core.limits.DEFAULT_EXPLORATION
#: Most playouts one search makes (visit counts stay exact in every integer type).
MAX_PLAYOUTS: int = _core.limits.MAX_PLAYOUTS
#: Longest search, in seconds (a day).
MAX_SECONDS: float = _core.limits.MAX_SECONDS
#: Most threads (root-parallel trees) one search uses.
MAX_THREADS: int = _core.limits.MAX_THREADS
#: Tree nodes of one search, over all its threads' trees (176 bytes each: about 185 MB);
#: past it the trees stop growing and the playouts go on from their leaves.
MAX_NODES: int = _core.limits.MCTS_NODES


@dataclass(frozen=True)
class MCTSResult:
    """What :func:`mcts` found.

    Attributes:
        move: the most visited move at the root (a square index; ``state.PASS`` for a
            forced pass). Ties: the larger total reward for the player to move, then
            the lower square. ``None`` when the game is over (as :func:`polyreversi.search`).
        visits: ``{move: playouts through it}`` for every root move tried (with one
            thread, every legal move once the search has made at least as many playouts
            as there are moves; with several, threads may pick the same unvisited move
            at once, so a move can stay unvisited a little longer); the visits sum to
            ``playouts``.
        values: the mean reward of each colour over every playout, a tuple of floats
            in turn order (Black, White, Red, Green; one per player); they sum to 1.
            An estimate of each colour's expected result (1 win, ``1/k`` for a
            ``k``-way shared win, 0 loss). For a finished game: its final result by
            the same reward rule.
        playouts: playouts made (may be fewer than asked when the time ran out).
        seconds: wall-clock time of the search.
        nodes: tree nodes created (summed over the threads' trees).
    """

    move: Optional[int]
    visits: Dict[int, int]
    values: Tuple[float, ...]
    playouts: int
    seconds: float
    nodes: int


def check_limits(playouts: Optional[int], time: Optional[float], threads: int,
                 exploration: Optional[float] = None) -> None:
    """Checks a search's limits as :func:`mcts` does (a player checks them when it is made);
    ``exploration`` None: checked by the caller (the informed search, against the core's range)."""
    _validate.optional_whole(playouts, "playouts", 1, MAX_PLAYOUTS)
    if time is not None and _validate.seconds(time, "time") > MAX_SECONDS:
        raise ValueError(f"time: must be at most {MAX_SECONDS:.0f} seconds, got {_validate.shown(time)}")
    _validate.whole(threads, "threads", 0, MAX_THREADS)
    if exploration is not None:
        _validate.number(exploration, "exploration")


def limit_seconds(limit: Optional[Limit], state: State, time: Optional[float], what: str,
                  overhead: float = 0.0) -> Optional[float]:
    """The seconds an MCTS player's search of ``state`` takes: the time or the share of the
    clock of ``limit`` (:func:`polyreversi.time_control.anytime_seconds` over the mover's
    moves still to play, keeping ``overhead`` seconds for each: how late the player's moves
    on the clock ended), else the player's own ``time`` (None: its playouts alone).

    Raises:
        TypeError: ``limit`` not a Limit (or None). ValueError: a limit with depth or nodes,
            naming ``what`` (the search) and what it takes.
    """
    if limit is None:
        return time
    if not isinstance(limit, Limit):
        raise TypeError(f"limit: expected a polyreversi.Limit, got {type(limit).__name__}")
    if limit.depth is not None or limit.nodes is not None:
        raise ValueError(f"limit: {what} takes a time per move or a game clock (Limit(time=SECONDS) or "
                         "Limit(clock=SECONDS, ...)), not depth or nodes")
    seconds = anytime_seconds(limit, mover_moves(state.empties(), state.variant.players), overhead)
    return time if seconds is None else seconds


def mcts(
    state: State,
    *,
    playouts: Optional[int] = None,
    time: Optional[float] = None,
    threads: int = 1,
    seed: Optional[int] = 0,
    exploration: float = DEFAULT_EXPLORATION,
) -> MCTSResult:
    """Searches ``state`` by UCT with random playouts and returns the best move.

    Args:
        state: a position (any variant, 2-4 players). A finished game returns at once:
            ``move=None``, ``visits={}``, ``values`` its final result by the reward
            rule, ``playouts=0``, ``nodes=0``.
        playouts: stop after this many playouts (1 .. :data:`MAX_PLAYOUTS`).
        time: stop after this many seconds (wall clock, or the searching thread's CPU time after
            ``_core._set_budget_clock("cpu")`` as the benchmarks set it; > 0, at most :data:`MAX_SECONDS`).
            With both, the search stops at whichever comes first; with neither it
            makes :data:`DEFAULT_PLAYOUTS` playouts.
        threads: root-parallel trees, one per thread (1 .. :data:`MAX_THREADS`, or 0 for
            every core: the cores this process may run on, capped at :data:`MAX_THREADS`); their root
            statistics are summed.
        seed: an int in 0 .. 2**64 - 1 (each gives its own search); ``None``: a fresh
            seed from the OS, so the result is not reproducible.
        exploration: the UCB1 constant ``c`` (finite, >= 0; default
            :data:`DEFAULT_EXPLORATION`).

    Returns:
        An :class:`MCTSResult`.

    Determinism: with a playout count (and no time), the result depends only on
    ``(state, playouts, seed, threads, exploration)``. ``threads=1`` and
    ``threads=4`` give different (equally valid) trees, so their visits and even
    their moves may differ; each thread makes ``playouts / threads`` of the
    playouts from its own seed. With ``time``, the number of playouts, and so the
    result, depends on the machine's speed and load.

    Raises:
        ValueError: playouts <= 0, time <= 0 or not finite, threads out of range, a seed
            outside 0 .. 2**64 - 1, a negative or non-finite exploration. TypeError: wrong types, or ``state``
            is not a State.
        KeyboardInterrupt: Ctrl-C during the search.
    """
    _validate.instance(state, State, "state")
    check_limits(playouts, time, threads, exploration)
    count = 0 if playouts is None else int(playouts)
    seconds = 0.0 if time is None else float(time)
    if playouts is None and time is None:
        count = DEFAULT_PLAYOUTS
    seed = engine_seed(seed)
    if state.is_over():
        return MCTSResult(None, {}, tuple(_core.mcts_rewards(state)), 0, 0.0, 0)
    move, visits, values, made, secs, nodes = _core.mcts(
        state, count, seconds, int(threads), seed, float(exploration), MAX_NODES)
    return MCTSResult(int(move), {int(m): int(n) for m, n in visits}, tuple(float(v) for v in values),
                      int(made), float(secs), int(nodes))


__all__ = ["mcts", "MCTSResult", "DEFAULT_PLAYOUTS", "DEFAULT_EXPLORATION", "MAX_PLAYOUTS", "MAX_SECONDS",
           "MAX_THREADS", "MAX_NODES"]
