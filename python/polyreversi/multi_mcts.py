"""Monte Carlo tree search for three and four players with informed playouts.

The tree is max^n UCT as :func:`polyreversi.mcts` (each node judged by the
colour who moved into it; reward 1 for the only winner, ``1/k`` for a
``k``-way shared first place). The differences are two enhancements that
Nijssen & Winands studied on Rolit, this very game ("Enhancements for
Multi-Player Monte-Carlo Tree Search", Computers and Games 2010; "Playout
Search for Monte-Carlo Tree Search in Multi-Player Games", ACG 2011).
The playouts are epsilon-greedy: with probability ``1 - epsilon`` a playout move is drawn among the
best class of squares of the board's shape: first a square whose disk can
never flip (every line through it ends at the edge, a cut-out or a blocked
square on one side: the corners of any board), then an edge square (one line
through it so ended) that does not touch an empty such square (which would
hand it to a later colour), then any square that does not, then any legal
square; with probability ``epsilon`` uniformly among all legal moves. Before both, with
probability ``greedy`` (default 0), the move is the one the 3-4 player evaluation rates best for
the mover (the 2011 paper's one-ply playout search); within the best class, with probability
``mast`` (default 0.5), the square with the best mean reward for the mover so far (move-average
sampling); with ``nst``, that mean averaged with the square's as the reply to the move before;
with ``lgrf``, before both, the mover's last good reply to the move before where it is in the class.
The selection adds progressive history (the 2010 paper): the mean reward a
colour got over every playout in which it played the square, weighted by
``history_weight / ((1 - q) n + 1)`` for a child of mean reward ``q`` after
``n`` visits. In C++ (cpp/src/multi); the GIL is released and Ctrl-C stops it.
With a :class:`MultiMCTSTree` a search starts from the tree of the search before
where the game went through it (tree reuse between moves; the player's ``reuse``).

>>> import polyreversi as pr
>>> r = pr.multi_mcts(pr.Variant.parse("octagon/4p").start(), playouts=300, seed=1)
>>> r.playouts, sum(r.visits.values()) == 300, len(r.values)
(300, True, 4)
"""
from __future__ import annotations

import time as _time
from typing import Dict, Optional, Tuple

from polyreversi import _core, _validate
from polyreversi.limit import Limit
from polyreversi.mcts import MAX_NODES, MCTSResult, check_limits, limit_seconds
from polyreversi.search import _check_multiplayer
from polyreversi.variant import engine_seed
from polyreversi.state import State
from polyreversi.time_control import clocked_overhead

__all__ = ["multi_mcts", "InformedMCTSPlayer", "DEFAULT_EXPLORATION", "DEFAULT_EPSILON", "DEFAULT_CUTOFF",
           "DEFAULT_CUTOFF_10X10", "DEFAULT_SOLVE", "SOLVE_NODES", "DEFAULT_IMPLICIT_WEIGHT", "IMPLICIT_TEMPERATURE", "DEFAULT_PARANOIA",
           "DEFAULT_BEST_REPLY", "DEFAULT_MAST", "DEFAULT_MAST_TEMPERATURE", "DEFAULT_NST", "NST_VISITS", "DEFAULT_LGRF", "DEFAULT_REUSE", "OPTION_RANGES", "MultiMCTSTree", "default_cutoff",
           "DEFAULT_EXPLORATION_8X8_4P", "default_exploration"]

#: The UCB1 constant of the selection (below the two-player :data:`polyreversi.mcts.DEFAULT_EXPLORATION`:
#: docs/tuning.md).
DEFAULT_EXPLORATION: float = _core.limits.DEFAULT_MULTI_EXPLORATION
#: The UCB1 constant of an 8x8 table of four with pattern tables (:func:`default_exploration`).
DEFAULT_EXPLORATION_8X8_4P: float = _core.limits.DEFAULT_MULTI_EXPLORATION_8X8_4P
#: Share of uniformly random playout moves.
DEFAULT_EPSILON: float = _core.limits.DEFAULT_MULTI_EPSILON
#: The weight W of progressive history in the selection.
DEFAULT_HISTORY_WEIGHT: float = _core.limits.DEFAULT_MULTI_HISTORY_WEIGHT
#: The part of a playout's reward that is the colour's final disk share.
DEFAULT_SCORE_WEIGHT: float = _core.limits.DEFAULT_MULTI_SCORE_WEIGHT
#: Playout plies before the evaluation judges the position where trained pattern tables ship
#: for the variant on 8x8 and the octagon (3-4 players, blocked squares included): judged by
#: the tables the cut-off wins more games than playing to the end (docs/tuning.md). Elsewhere
#: (Anti-Reversi) playouts go to the end: the linear evaluation gained nothing as a judge.
DEFAULT_CUTOFF: int = _core.limits.DEFAULT_MULTI_CUTOFF
#: The same on 10x10, whose longer games judge later (docs/tuning.md).
DEFAULT_CUTOFF_10X10: int = _core.limits.DEFAULT_MULTI_CUTOFF_10X10
#: Judged playouts reward a softmax of the estimated shares over this temperature
#: (in shares of the board; 0: the top estimated share wins outright).
DEFAULT_CUTOFF_TEMPERATURE: float = _core.limits.DEFAULT_MULTI_CUTOFF_TEMPERATURE
#: The values each number option may take, ``(low, high)`` (high ``inf``: any finite value
#: from low on; ints for the counts ``cutoff`` and ``solve``): the core's table, which
#: :func:`multi_mcts` and :class:`InformedMCTSPlayer` check their arguments against.
OPTION_RANGES: Dict[str, Tuple[float, float]] = dict(_core.limits.MULTI_OPTION_RANGES)
#: Largest cut-off: a playout never lasts longer than the board has squares.
MAX_CUTOFF: int = int(OPTION_RANGES["cutoff"][1])
#: Weight of progressive bias: the evaluation of a child for the colour who moves into it
#: (0: none).
DEFAULT_BIAS_WEIGHT: float = _core.limits.DEFAULT_MULTI_BIAS_WEIGHT
#: Share of playout moves chosen by the evaluation (the best-rated move for the mover; 0: none).
DEFAULT_GREEDY: float = _core.limits.DEFAULT_MULTI_GREEDY
#: Empty squares from which a search first looks for a win the colour to move can force alone,
#: whatever the others play, and plays it without playouts (0: never).
DEFAULT_SOLVE: int = _core.limits.DEFAULT_MULTI_SOLVE
#: Positions such a solve may visit before it gives up and the playouts take the rest of the time.
SOLVE_NODES: int = _core.limits.MULTI_SOLVE_NODES
#: Weight of the implicit max^n backup of the evaluation in a child's value (0: none).
DEFAULT_IMPLICIT_WEIGHT: float = _core.limits.DEFAULT_MULTI_IMPLICIT_WEIGHT
#: Temperature (shares of the board) of the softmax that turns the evaluation's estimated
#: shares at a new node into each colour's win chances for that backup.
IMPLICIT_TEMPERATURE: float = _core.limits.MULTI_IMPLICIT_TEMPERATURE
#: How far the other colours' nodes are selected by what the colour to move at the root loses
#: (0: each by its own reward, max^n; 1: paranoid).
DEFAULT_PARANOIA: float = _core.limits.DEFAULT_MULTI_PARANOIA
#: Whether the other colours' turns form one layer of any one colour's move (Best-Reply Search).
DEFAULT_BEST_REPLY: bool = _core.limits.DEFAULT_MULTI_BEST_REPLY
#: The share of playout moves within the best class taken by move averages (MAST; docs/tuning.md).
DEFAULT_MAST: float = _core.limits.DEFAULT_MULTI_MAST
#: The temperature of a softmax draw over the move averages (0: the best average; Gibbs sampling).
DEFAULT_MAST_TEMPERATURE: float = _core.limits.DEFAULT_MULTI_MAST_TEMPERATURE
#: Whether those move averages are joined by the pairs' (a reply to the move before; NST).
DEFAULT_NST: bool = _core.limits.DEFAULT_MULTI_NST
#: Visits a pair of moves needs before its mean reward joins the reply's move average (``nst``).
NST_VISITS: int = _core.limits.MULTI_NST_VISITS
#: Whether a class-drawn playout move is the mover's last good reply to the move before (LGRF-1).
DEFAULT_LGRF: bool = _core.limits.DEFAULT_MULTI_LGRF
#: Whether :class:`InformedMCTSPlayer` keeps its tree between moves by default (``reuse``).
DEFAULT_REUSE: bool = _core.limits.DEFAULT_MULTI_REUSE
#: Playouts of a search given neither ``playouts`` nor ``time``.
DEFAULT_PLAYOUTS = 10_000


def default_exploration(state: State) -> float:
    """The UCB1 constant a search of ``state`` gets when none is given (the core decides):
    :data:`DEFAULT_EXPLORATION_8X8_4P` on an 8x8 table of four where trained pattern tables
    ship, else :data:`DEFAULT_EXPLORATION` (docs/tuning.md).

    Raises:
        TypeError: ``state`` is not a :class:`polyreversi.State`.
    """
    _validate.instance(state, State, "state")
    return float(_core._multi_default_exploration(state))


def default_cutoff(state: State) -> int:
    """The cut-off a search of ``state`` gets when none is given (the core decides): where trained
    pattern tables ship for its rules :data:`DEFAULT_CUTOFF_10X10` on 10x10, else
    :data:`DEFAULT_CUTOFF`; 0 (playouts to the end) where none ship.

    Raises:
        TypeError: ``state`` is not a :class:`polyreversi.State`.
    """
    _validate.instance(state, State, "state")
    return int(_core._multi_default_cutoff(state))


_validate.refuse_pickle(_core._MultiMctsTree, "a search tree lives in the engine's memory, for one game")


class MultiMCTSTree:
    """A search tree kept between :func:`multi_mcts` calls of one game (pass it as ``tree``).

    A search whose position is in the kept tree (reached from the position searched
    before by the moves played since, the other colours' replies included: the same
    disks, colour to move and ply) starts from that node's subtree with its statistics
    and the progressive history; any other position (another game, other rules, a
    position the tree never reached) starts a fresh tree. The search then keeps its own
    tree here. A forced win found by ``solve`` leaves the tree as it was.

    Attributes:
        kept: the visits of the root's moves the last search took over (0: it started a
            fresh tree); they are counted in its ``visits`` and ``values`` but not in its
            ``playouts``.

    One search at a time: a second search on the same tree from another thread while
    one runs raises :class:`polyreversi.ConcurrentUseError`, and so does :meth:`clear`.
    """

    def __init__(self) -> None:
        self._core = _core._MultiMctsTree()
        self.kept = 0

    def clear(self) -> None:
        """Forget the tree (a new game); :class:`polyreversi.ConcurrentUseError` while a search is using it."""
        self._core.clear()
        self.kept = 0

    def __repr__(self) -> str:
        return f"MultiMCTSTree(kept={self.kept})"


def _options(exploration: object, epsilon: object, history_weight: object, score_weight: object, cutoff: object,
             cutoff_temperature: object, bias_weight: object, greedy: object, solve: object,
             implicit_weight: object, paranoia: object, best_reply: object, mast: object,
             mast_temperature: object, nst: object, lgrf: object
             ) -> Tuple[float, float, float, float, int, float, float, float, int, float, float, bool, float, float,
                        bool, bool]:
    """The search options, checked against the core's ranges (:data:`OPTION_RANGES`; the same
    messages as every other call)."""
    cutoff = 0 if cutoff is None else cutoff  # the defaults are resolved per state, later
    exploration = DEFAULT_EXPLORATION if exploration is None else exploration
    return (_number(exploration, "exploration"), _number(epsilon, "epsilon"),
            _number(history_weight, "history_weight"), _number(score_weight, "score_weight"),
            _whole(cutoff, "cutoff"), _number(cutoff_temperature, "cutoff_temperature"),
            _number(bias_weight, "bias_weight"), _number(greedy, "greedy"), _whole(solve, "solve"),
            _number(implicit_weight, "implicit_weight"), _number(paranoia, "paranoia"),
            _validate.flag(best_reply, "best_reply"), _number(mast, "mast"),
            _number(mast_temperature, "mast_temperature"), _validate.flag(nst, "nst"), _validate.flag(lgrf, "lgrf"))


def _number(value: object, name: str) -> float:
    """A number option, checked against its range in the core's table."""
    low, high = OPTION_RANGES[name]
    return _validate.number(value, name, low, high)


def _whole(value: object, name: str) -> int:
    """A count option (plies, empty squares), checked against its range in the core's table."""
    low, high = OPTION_RANGES[name]
    return _validate.whole(value, name, int(low), int(high))


def multi_mcts(state: State, *, playouts: Optional[int] = None, time: Optional[float] = None,
               seed: Optional[int] = 0, exploration: Optional[float] = None,
               epsilon: float = DEFAULT_EPSILON, history_weight: float = DEFAULT_HISTORY_WEIGHT,
               score_weight: float = DEFAULT_SCORE_WEIGHT, cutoff: Optional[int] = None,
               cutoff_temperature: float = DEFAULT_CUTOFF_TEMPERATURE,
               bias_weight: float = DEFAULT_BIAS_WEIGHT, greedy: float = DEFAULT_GREEDY,
               solve: int = DEFAULT_SOLVE, implicit_weight: float = DEFAULT_IMPLICIT_WEIGHT,
               paranoia: float = DEFAULT_PARANOIA, best_reply: bool = DEFAULT_BEST_REPLY,
               mast: float = DEFAULT_MAST, mast_temperature: float = DEFAULT_MAST_TEMPERATURE,
               nst: bool = DEFAULT_NST, lgrf: bool = DEFAULT_LGRF,
               tree: Optional[MultiMCTSTree] = None) -> MCTSResult:
    """Searches a 3- or 4-player position by UCT with informed playouts (one thread).

    Args:
        state: a position of a 3- or 4-player variant that is not over.
        playouts: stop after this many playouts (1 .. ``polyreversi.mcts.MAX_PLAYOUTS``).
        time: stop after this many seconds (wall clock, or CPU time as for
            :func:`polyreversi.mcts`). With both, the first reached;
            with neither, :data:`DEFAULT_PLAYOUTS` playouts.
        seed: 0 .. 2**64 - 1, or ``None`` for a fresh one from the OS.
        exploration: the UCB1 constant (finite, >= 0); ``None``: :func:`default_exploration` of
            the state.
        epsilon: the share of uniformly random playout moves, 0 to 1.
        history_weight: ``W`` of progressive history (finite, >= 0; 0 turns it off).
        score_weight: 0 to 1, the part of a playout's reward that is the colour's share
            of the final disks (with Anti-Reversi, its share of the other colours' disks,
            divided among them); the rest is the win/draw/loss reward.
        cutoff: 0 .. ``MAX_CUTOFF`` playout plies, after which the 3-4 player evaluation's
            estimated final shares (the evaluation of :func:`polyreversi.multi_search`) stand for the final
            disks; 0 plays every playout to the end; ``None``: :func:`default_cutoff` of the state.
        cutoff_temperature: finite, >= 0: a judged playout rewards each colour
            ``softmax(share / cutoff_temperature)`` (shares as parts of the board); 0 gives
            the whole reward to the top estimated share.
        bias_weight: finite, >= 0: progressive bias (Chaslot et al. 2008): the selection adds
            ``bias_weight * e / (n + 1)`` for a child visited ``n`` times, where ``e`` is the
            evaluation of the child for the colour who moves into it (its estimated share
            minus the best other colour's, -1 .. 1); 0 turns it off.
        greedy: 0 to 1, the share of playout moves that are the move the evaluation rates
            best for the mover (one evaluation per legal move: several times slower a move);
            the others as ``epsilon`` says.
        solve: 0 .. ``MAX_CUTOFF`` empty squares: from this many (or fewer) the search first
            solves the rest of the game exactly, within :data:`SOLVE_NODES` positions and half
            the time: a move with which the colour to move wins alone whatever the other
            colours play (the lowest such square) is played at once; otherwise, or if the
            solve gave up, the playouts choose in the rest of the time. 0: never.
        implicit_weight: 0 to 1: implicit minimax backups (Lanctot et al. 2014, max^n style).
            Every new node stores each colour's win chances by the evaluation (a softmax of
            its estimated shares at :data:`IMPLICIT_TEMPERATURE`; a finished game's reward);
            every node on a playout's path takes those of its child best for its mover; the
            selection then values a child at ``(1 - w) * mean reward + w * those chances``
            for the colour who moved into it. 0: the mean reward alone (no evaluation at
            the nodes).
        paranoia: 0 to 1: at a node where a colour other than the one to move at the root
            (the root colour) moves, the selection values a child at ``(1 - paranoia)``
            times that colour's mean reward plus ``paranoia`` times one minus the root
            colour's (Nijssen & Winands, "Search Policies in Multi-Player Games", 2013):
            0 is max^n (each colour for itself), 1 MCTS-paranoid (the others in coalition
            against the root colour). The implicit backup stays max^n.
        best_reply: ``True``: Best-Reply Search in the tree (Schadd & Winands, "Best Reply
            Search for Multiplayer Games", 2011; in MCTS as MCTS-BRS, Nijssen & Winands 2013):
            after a move of the root colour the other colours' turns collapse into one layer
            whose children are the moves of any one of them (in turn order), and the root
            colour moves next (the colours between are skipped; the playouts keep the real
            turn order). That layer is selected as ``paranoia`` says, each child by the
            colour who played it: ``paranoia=1`` is the article's MCTS-BRS (the reply that
            hurts the root colour most). ``False``: every colour in turn (:data:`DEFAULT_BEST_REPLY`).
        mast: 0 to 1: move-average sampling (MAST: Finnsson & Bjoernsson, "Simulation-Based
            Approach to General Game Playing", AAAI 2008; epsilon-greedy as Tak, Winands &
            Bjoernsson 2012): that share of the playout moves drawn within the best class
            is instead the class's square with the best mean reward for the mover over the
            search's playouts so far (the statistics of the progressive history; a square
            never played first, ties at random); the rest uniformly within the class. 0: every
            one uniformly. Default: :data:`DEFAULT_MAST`.
        mast_temperature: finite, >= 0: those moves are instead drawn with a chance
            proportional to ``exp(mean / mast_temperature)`` (the Gibbs sampling of Finnsson &
            Bjoernsson's MAST; a square never played counts as mean 2). 0: the best mean
            (:data:`DEFAULT_MAST_TEMPERATURE`).
        nst: with ``mast``, a square's mean reward is averaged with its mean reward as the
            mover's reply to the move just before (in the playout, or the move into its first
            position) once that pair has :data:`NST_VISITS` visits: the N-gram selection
            technique with pairs (Tak, Winands & Bjoernsson, "N-Grams and the Last-Good-Reply
            Policy Applied in General Game Playing", IEEE TCIAIG 2012). Default: :data:`DEFAULT_NST`.
        lgrf: a playout move drawn within the best class is, where it is in the class, the
            mover's last good reply to the move just before: the reply it played to that move
            in the last playout it won (alone or shared), forgotten when it loses one with it
            (LGRF-1: Baier & Drake, "The Power of Forgetting: Improving the Last-Good-Reply
            Policy in Monte Carlo Go", IEEE TCIAIG 2010; in general game playing the same
            article as ``nst``); else as ``mast`` says. Default: :data:`DEFAULT_LGRF`.
        tree: a :class:`MultiMCTSTree` to start from and keep the search's tree in
            (``None``: a fresh tree, not kept). A search that starts from a kept
            subtree returns ``visits`` that sum to ``playouts`` plus the tree's ``kept``.

    Returns:
        A :class:`polyreversi.MCTSResult` (move, visits per root move, mean reward per
        colour, playouts, seconds, nodes). A forced win found by the solve comes with
        ``playouts`` 0, ``visits`` ``{}``, ``values`` 1 for the colour to move and 0 for the
        others, and ``nodes`` the positions the solve visited.

    Determinism: with a playout count (and no time) the result depends only on the
    position and the arguments (with a ``tree``, the searches made with it before too).

    Raises:
        VariantError: a two-player state. ValueError: a finished game, limits or options
        out of range. ConcurrentUseError: ``tree`` in use by a search in another thread.
        TypeError: wrong types. KeyboardInterrupt: Ctrl-C.
    """
    _validate.instance(state, State, "state")
    if tree is not None:
        _validate.instance(tree, MultiMCTSTree, "tree")
    check_limits(playouts, time, 1)  # exploration: _options
    count = int(playouts) if playouts is not None else 0
    seconds = float(time) if time is not None else 0.0
    if playouts is None and time is None:
        count = DEFAULT_PLAYOUTS
    seed = engine_seed(seed)
    given, given_exploration = cutoff, exploration
    (exploration, epsilon, history_weight, score_weight, cutoff, cutoff_temperature, bias_weight, greedy, solve,
     implicit_weight, paranoia, best_reply, mast, mast_temperature, nst, lgrf) = _options(
         exploration, epsilon, history_weight, score_weight, cutoff, cutoff_temperature, bias_weight, greedy, solve,
         implicit_weight, paranoia, best_reply, mast, mast_temperature, nst, lgrf)
    _check_multiplayer(state, "multi_mcts")
    _validate.not_over(state, "multi_mcts")
    if given is None:
        cutoff = default_cutoff(state)
    if given_exploration is None:
        exploration = default_exploration(state)
    move, visits, values, made, secs, nodes, kept = _core._multi_mcts(
        state, count, seconds, seed, exploration, epsilon, history_weight, score_weight, MAX_NODES, cutoff=cutoff,
        cutoff_temperature=cutoff_temperature, bias_weight=bias_weight, greedy=greedy, solve=solve,
        implicit_weight=implicit_weight, paranoia=paranoia, best_reply=best_reply, mast=mast, mast_temperature=mast_temperature,
        nst=nst, lgrf=lgrf,
        tree=None if tree is None else tree._core)
    if tree is not None:
        tree.kept = int(kept)
    return MCTSResult(int(move), {int(m): int(n) for m, n in visits}, tuple(float(v) for v in values), int(made),
                      float(secs), int(nodes))


def _check_playable(state: object, what: str) -> None:
    """A player's checks of ``state``, in the players' order: a State, a game not over, of
    three or four players; the refusals name ``what``, the player's call."""
    checked = _validate.instance(state, State, "state")
    _validate.not_over(checked, what, "no move to choose")
    _check_multiplayer(checked, what)


class InformedMCTSPlayer:
    """A seat for 3- and 4-player games that plays the move of :func:`multi_mcts`
    (seat specs ``imcts:2000``, ``imcts:time=0.1``).

    Args:
        playouts, time: per move, as :func:`multi_mcts` (a ``Limit``'s ``time`` or game
            ``clock`` given to :meth:`play` or :meth:`choose` replaces ``time``).
        seed: each move's search is seeded from it and the ply (``None``: one fresh seed).
        exploration, epsilon, history_weight, score_weight, cutoff, cutoff_temperature: as :func:`multi_mcts`.
        bias_weight, greedy, solve, implicit_weight, paranoia, best_reply: as :func:`multi_mcts`.
        mast, mast_temperature, nst, lgrf: as :func:`multi_mcts`.
        reuse: keep the tree between moves (a :class:`MultiMCTSTree`, in :attr:`tree`):
            each search starts from the subtree of the position the game reached, when the
            search before reached it too (:data:`DEFAULT_REUSE`). :meth:`new_game` forgets it.

    A single legal move is played at once, without a search.

    Raises:
        TypeError, ValueError: bad limits or options, checked here at construction.

    >>> import polyreversi as pr
    >>> InformedMCTSPlayer(playouts=100).choose(pr.Variant.parse("8x8/3p").start()) in range(64)
    True
    """

    name = "imcts"

    def __init__(self, playouts: Optional[int] = None, time: Optional[float] = None, seed: Optional[int] = 0,
                 exploration: Optional[float] = None, epsilon: float = DEFAULT_EPSILON,
                 history_weight: float = DEFAULT_HISTORY_WEIGHT, score_weight: float = DEFAULT_SCORE_WEIGHT,
                 cutoff: Optional[int] = None, cutoff_temperature: float = DEFAULT_CUTOFF_TEMPERATURE,
                 bias_weight: float = DEFAULT_BIAS_WEIGHT, greedy: float = DEFAULT_GREEDY,
                 solve: int = DEFAULT_SOLVE, implicit_weight: float = DEFAULT_IMPLICIT_WEIGHT,
                 paranoia: float = DEFAULT_PARANOIA, best_reply: bool = DEFAULT_BEST_REPLY,
                 mast: float = DEFAULT_MAST, mast_temperature: float = DEFAULT_MAST_TEMPERATURE,
                 nst: bool = DEFAULT_NST, lgrf: bool = DEFAULT_LGRF, reuse: bool = DEFAULT_REUSE) -> None:
        check_limits(playouts, time, 1)  # exploration: _options
        self.playouts, self.time = playouts, time
        self.seed = engine_seed(seed)
        (explored, self.epsilon, self.history_weight, self.score_weight, checked,
         self.cutoff_temperature, self.bias_weight, self.greedy, self.solve, self.implicit_weight,
         self.paranoia, self.best_reply, self.mast, self.mast_temperature, self.nst, self.lgrf) = _options(
             exploration, epsilon, history_weight, score_weight, cutoff, cutoff_temperature, bias_weight, greedy,
             solve, implicit_weight, paranoia, best_reply, mast, mast_temperature, nst, lgrf)
        self.cutoff: Optional[int] = None if cutoff is None else checked  # None: default_cutoff per state
        # None: default_exploration per state
        self.exploration: Optional[float] = None if exploration is None else explored
        self.last: Optional[MCTSResult] = None
        self.tree: Optional[MultiMCTSTree] = MultiMCTSTree() if _validate.flag(reuse, "reuse") else None
        self._overhead = 0.0  # how late its moves on a clock end (time_control.next_overhead)

    def play(self, state: State, limit: Optional[Limit] = None) -> MCTSResult:
        """The search of ``state``.

        Args:
            state: a 3- or 4-player State whose game is not over.
            limit: a time or a game clock, as :meth:`polyreversi.MCTSPlayer.play` takes it.

        Raises:
            TypeError: not a State, ``limit`` not a Limit. ValueError: a finished game (in
                the players' wording), a limit with depth or nodes, and as :func:`multi_mcts`.
            VariantError: a two-player state (naming this call).
        """
        _check_playable(state, "InformedMCTSPlayer.play")
        seconds = limit_seconds(limit, state, self.time, "the informed MCTS", self._overhead)
        seed = (self.seed + state.ply * 0x9E3779B97F4A7C15) % 2**64
        started = _time.perf_counter()
        self.last = multi_mcts(state, playouts=self.playouts, time=seconds, seed=seed,
                               exploration=self.exploration, epsilon=self.epsilon,
                               history_weight=self.history_weight, score_weight=self.score_weight,
                               cutoff=self.cutoff, cutoff_temperature=self.cutoff_temperature,
                               bias_weight=self.bias_weight, greedy=self.greedy, solve=self.solve,
                               implicit_weight=self.implicit_weight, paranoia=self.paranoia,
                               best_reply=self.best_reply, mast=self.mast,
                               mast_temperature=self.mast_temperature, nst=self.nst, lgrf=self.lgrf,
                               tree=self.tree)
        self._overhead = clocked_overhead(self._overhead, limit, seconds, started)
        return self.last

    def choose(self, state: State, limit: Optional[Limit] = None) -> int:
        """The most visited move of a search from ``state`` under ``limit`` (as :meth:`play`;
        None: the player's own limits); a single legal move at once, without a search.

        Raises:
            As :meth:`play` (naming this call).
        """
        _check_playable(state, "InformedMCTSPlayer.choose")
        limit_seconds(limit, state, self.time, "the informed MCTS")  # refused alike with one legal move
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        move = self.play(state, limit).move
        assert move is not None  # multi_mcts raises for a finished game
        return move

    __call__ = choose

    def new_game(self) -> None:
        """Forgets the kept tree (``reuse``); without it nothing is kept between moves."""
        if self.tree is not None:
            self.tree.clear()

    def __repr__(self) -> str:
        given = [f"{k}={v!r}" for k, v in (("playouts", self.playouts), ("time", self.time)) if v is not None]
        return f"InformedMCTSPlayer({', '.join(given)})"

