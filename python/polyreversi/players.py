"""Built-in players and the loop that drives a game between players.

A **player** is anything that picks a move for a state: a callable
``player(state) -> move`` or an object with a ``choose(state) -> move`` method.
The move is a square index, a square name (``"f5"``) or the pass move; a
player is only asked when the game is not over, and must return one of
``state.legal_moves()`` (a forced pass is ``[state.PASS]``). It must not change
the state it is given (use ``state.child(move)`` or ``copy()`` to look ahead).

>>> import polyreversi as pr
>>> from polyreversi.players import GreedyPlayer, RandomPlayer, play_game
>>> final = play_game("8x8", [RandomPlayer(seed=1), GreedyPlayer(seed=2)])
>>> final.is_over(), sum(final.scores()) <= 64
(True, True)

Built-in players by name, for the command line: ``random``, ``greedy``,
``human``, ``search`` and ``mcts``, with options as in ``search:6`` or
``mcts:time=0.5`` (see :data:`PLAYER_NAMES` and :func:`player_from_spec`).
"""
from __future__ import annotations

import random
import re
import sys
import time as _time
from typing import (TYPE_CHECKING, Any, Callable, Dict, Iterator, List, Mapping, Optional, Protocol, Sequence, TextIO,
                    Tuple, Union, runtime_checkable)

from polyreversi import _core, _validate
from polyreversi._core import Color, IllegalMoveError, InvalidSquareError, VariantError
from polyreversi.bulk import MAX_GAMES
from polyreversi.errors import BookError, quoted, shortened, without_controls
from polyreversi.search_player import SearchPlayer
from polyreversi.state import State
from polyreversi.time_control import clocked_overhead
from polyreversi.variant import SEED_END, SEED_MIN, Variant, as_variant, checked_random_count, engine_seed
from polyreversi.vocabulary import color_name

if TYPE_CHECKING:  # mcts is imported on first use
    from polyreversi.limit import Limit
    from polyreversi.mcts import MCTSResult

Move = Union[int, str]


@runtime_checkable
class Chooser(Protocol):
    """An object player: ``choose(state)`` returns a legal move of ``state``."""

    def choose(self, state: State) -> Move:  # pragma: no cover - a protocol
        ...


Player = Union[Callable[[State], Move], Chooser]
"""A player: a function ``state -> move`` or an object with ``choose(state)``."""



def seed_key(seed: Optional[int]) -> Optional[int]:
    """A player's or game's seed as ``random.Random`` takes it: the one seed rule of
    the library (:func:`polyreversi.variant.engine_seed`), an int in ``0 .. 2**64 - 1``
    as it is, refused outside it (``random.Random`` ignores an int's sign, so -1 would
    draw as 1; NumPy's generators refuse negative seeds too). ``None`` stays ``None``
    (seed from the OS).

    Raises:
        TypeError: not an int (or None). ValueError: outside ``0 .. 2**64 - 1``.

    >>> seed_key(5), seed_key(None)
    (5, None)
    """
    return None if seed is None else engine_seed(seed)


class RandomPlayer:
    """Plays a legal move chosen uniformly at random.

    Args:
        seed: seed of the player's own generator (``random.Random``, through
            :func:`seed_key`: ``0 .. 2**64 - 1``, distinct seeds distinct
            generators); the same seed and the same positions give the same moves.
            ``None`` seeds from the OS.

    >>> RandomPlayer(seed=7).choose(Variant().start()) in (19, 26, 37, 44)
    True
    """

    name = "random"

    def __init__(self, seed: Optional[int] = None) -> None:
        self.rng = random.Random(seed_key(seed))

    def choose(self, state: State) -> int:
        """A uniformly random legal move of ``state`` (``state.PASS`` for a forced pass).

        Raises:
            ValueError: the game is over (there is no move to choose).
        """
        _validate.instance(state, State, "state")
        moves = _moves_or_raise(state, self)
        return moves[0] if len(moves) == 1 else self.rng.choice(moves)

    __call__ = choose

    def __repr__(self) -> str:
        return "RandomPlayer()"


class GreedyPlayer:
    """Plays the move that flips the most disks; ties are broken at random.
    With Anti-Reversi, where the fewest disks win (RULES.md §7), it plays the
    move that flips the *fewest* disks: the greedy choice for that objective.
    ``play_games(policy="greedy")`` and ``Batch.choose("greedy")`` choose the same way.

    In placement turns, where no move flips (the free opening's first four
    plies, the 3-4 player adjacency fallback), every legal move ties, so the
    choice is uniform.

    The rule is the core's (``_core.choose_move``, as bulk play and batches play
    it); the player's k-th choice breaks ties with the core's generator stream
    ``(seed, k)``.

    Args:
        seed: seed of the generator that breaks ties, ``0 .. 2**64 - 1``
            (:func:`polyreversi.variant.engine_seed`); ``None`` seeds from the OS.

    >>> GreedyPlayer(seed=1).choose(Variant().start()) in (19, 26, 37, 44)
    True
    """

    name = "greedy"

    def __init__(self, seed: Optional[int] = None) -> None:
        self.seed = engine_seed(seed)
        self._choices = 0

    def choose(self, state: State) -> int:
        """A legal move of ``state`` with the most flips (the fewest with Anti-Reversi),
        ties broken at random.

        Raises:
            ValueError: the game is over.
        """
        _validate.instance(state, State, "state")
        moves = _moves_or_raise(state, self)
        if len(moves) == 1:
            return moves[0]
        self._choices += 1
        return _core.choose_move(state, 1, self.seed, self._choices)

    __call__ = choose

    def __repr__(self) -> str:
        return "GreedyPlayer()"


class HumanPlayer:
    """Asks a person for each move, reading lines of text.

    Accepts a square name (``f5``, case-insensitive), ``pass`` (or an empty line)
    when the pass is forced, and ``moves``/``?`` to list the legal moves. Malformed
    or illegal input is answered with a message naming the problem and the legal
    moves, and the question is asked again.

    Args:
        input: the stream to read lines from (default: ``sys.stdin``).
        output: where prompts go (default: ``sys.stdout``).
        errors: where rejection messages go (default: ``sys.stderr``).
        echo: write each line read to ``output`` (so a piped transcript reads like a
            session); ``None``: when the input is not a terminal.

    Raises (from :meth:`choose`):
        EOFError: the input ended before a legal move was given.
    """

    name = "human"

    def __init__(self, input: Optional[TextIO] = None, output: Optional[TextIO] = None,
                 errors: Optional[TextIO] = None, echo: Optional[bool] = None) -> None:
        self.input = input
        self.output = output
        self.errors = errors
        self.echo = echo

    def choose(self, state: State) -> int:
        """Reads lines until one names a legal move of ``state``; returns its index.

        Raises:
            EOFError: end of input.
            ValueError: the game is over.
        """
        _validate.instance(state, State, "state")
        _moves_or_raise(state, self)
        inp = self.input or sys.stdin
        out = self.output or sys.stdout
        err = self.errors or sys.stderr
        who = color_name(state.to_move)
        forced_pass = state.legal_moves() == [state.PASS]
        echo = self.echo if self.echo is not None else not _isatty(inp)
        prompt = (f"{who} has no legal move and must pass; press Enter: " if forced_pass
                  else f"{who} to move (a square such as {_example(state)}, or 'moves'): ")
        while True:
            out.write(prompt)
            out.flush()
            line = inp.readline()
            if line == "":
                out.write("\n")
                out.flush()
                raise EOFError(f"end of input while waiting for {who}'s move at ply {state.ply}")
            if echo:
                # a huge line is not echoed whole, nor its control characters raw
                out.write(shortened(without_controls(line.rstrip("\n"), keep="")) + "\n")
                out.flush()
            try:
                return parse_move(state, line)
            except _AskAgain as e:
                err.write(f"{e}\n")
                err.flush()

    __call__ = choose

    def __repr__(self) -> str:
        return "HumanPlayer()"


class MCTSPlayer:
    """Plays the move of a Monte Carlo tree search (:func:`polyreversi.mcts`) for
    every variant and player count.

    Args:
        playouts: playouts per move (default: :data:`polyreversi.mcts.DEFAULT_PLAYOUTS`
            when ``time`` is not given either).
        time: seconds per move; with ``playouts`` too, whichever limit comes first. A
            ``Limit``'s ``time`` or game ``clock`` given to :meth:`play` or :meth:`choose`
            replaces it.
        seed: the search's seed, 0 .. 2**64 - 1; each move's search is seeded from it
            and the ply, so the same seed and position give the same move (with a
            playout count). ``None``: one fresh seed from the OS, drawn here.
        threads: root-parallel trees per search (0: every core; see :func:`polyreversi.mcts`).
        exploration: the UCB1 constant.

    A single legal move (or a forced pass) is played at once, without a search.

    Raises:
        ValueError, TypeError: bad limits, as :func:`polyreversi.mcts` (checked here, at
            construction).

    >>> MCTSPlayer(playouts=200, seed=1).choose(Variant.parse("8x8/4p").start()) in range(64)
    True
    """

    name = "mcts"

    def __init__(self, playouts: Optional[int] = None, time: Optional[float] = None, seed: Optional[int] = 0,
                 threads: int = 1, exploration: Optional[float] = None) -> None:
        from polyreversi.mcts import DEFAULT_EXPLORATION, check_limits

        exploration = DEFAULT_EXPLORATION if exploration is None else exploration
        check_limits(playouts, time, threads, exploration)
        self.exploration = float(exploration)
        self.playouts = playouts
        self.time = time
        self.seed = engine_seed(seed)
        self.threads = threads
        self.last: Optional[MCTSResult] = None  # the result of the last search
        self._overhead = 0.0  # how late its moves on a clock end (time_control.next_overhead)

    def play(self, state: State, limit: Optional[Limit] = None) -> MCTSResult:
        """The search of ``state``.

        Args:
            state: a State whose game is not over (any variant).
            limit: a :class:`polyreversi.Limit` with a ``time`` (seconds for this move)
                or a ``clock`` (seconds left for the mover, with ``increment``,
                ``moves_to_go``, ``overtime``: this move takes its share,
                :func:`polyreversi.time_control.anytime_seconds`), or both (the smaller);
                either replaces the player's ``time``, and its ``playouts`` still stop the
                search when reached first. None or ``Limit()``: the player's own limits.

        Raises:
            TypeError: not a State, ``limit`` not a Limit. ValueError: the game is over, a
                limit with depth or nodes.
        """
        from polyreversi.mcts import mcts

        self._playable(state, "play")
        seconds = self._seconds(state, limit)
        seed = (self.seed + state.ply * 0x9E3779B97F4A7C15) % 2**64
        started = _time.perf_counter()
        self.last = mcts(state, playouts=self.playouts, time=seconds, threads=self.threads, seed=seed,
                         exploration=self.exploration)
        self._overhead = clocked_overhead(self._overhead, limit, seconds, started)
        return self.last

    def choose(self, state: State, limit: Optional[Limit] = None) -> int:
        """The most visited move of a search from ``state`` under ``limit`` (as :meth:`play`;
        None: the player's own limits); a single legal move (or a forced pass) at once.

        Raises:
            As :meth:`play` (naming this call).
        """
        moves = self._playable(state, "choose")
        self._seconds(state, limit)  # refused alike with one legal move
        if len(moves) == 1:
            return moves[0]
        move = self.play(state, limit).move
        assert move is not None  # mcts raises for a finished game
        return move

    @staticmethod
    def _playable(state: State, what: str) -> List[int]:
        _validate.instance(state, State, "state")
        _validate.not_over(state, f"MCTSPlayer.{what}", "no move to choose")
        return state.legal_moves()

    def _seconds(self, state: State, limit: Optional[Limit]) -> Optional[float]:
        from polyreversi.mcts import limit_seconds

        return limit_seconds(limit, state, self.time, "MCTS", self._overhead)

    __call__ = choose

    def __repr__(self) -> str:
        limits = ", ".join(f"{k}={v!r}" for k, v in (("playouts", self.playouts), ("time", self.time))
                           if v is not None)
        return f"MCTSPlayer({limits})"


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class _AskAgain(ValueError):
    """Input that is not a move (a request, or a mistake): say why and ask again."""


def parse_move(state: State, text: str) -> int:
    """The legal move of ``state`` that a person typed, as a square index.

    Args:
        state: the position; its player to move is the one typing.
        text: a square name (``"f5"``, ``" F5 "``), ``"pass"``, or an empty string for
            a forced pass.

    Returns:
        The move's index (``state.PASS`` for a pass).

    Raises:
        ValueError: with a message for a person: the text is not a square name, the
            square is not a legal move (the legal moves are listed), a pass that is not
            forced, or a request to list the moves (``moves``, ``?``).
    """
    variant = _validate.instance(state, State, "state").variant
    word = text.strip().lower()
    legal = state.legal_moves()
    legal_names = ", ".join(variant.square_name(m) for m in legal)
    forced_pass = legal == [state.PASS]
    if word in ("moves", "?", "help"):
        raise _AskAgain(f"legal moves: {legal_names}")
    if word == "" and forced_pass:
        return state.PASS
    if word == "":
        raise _AskAgain(f"no move given; legal moves: {legal_names}")
    try:
        move = variant.square(word)
    except InvalidSquareError:
        last = variant.square_name(variant.n * variant.n - 1)
        raise _AskAgain(f"{quoted(text.strip())} is not a square: use a letter and a number from a1 to {last}"
                        f" (or 'pass'); legal moves: {legal_names}") from None
    why = state.why_illegal(move)  # the engine's explanation, as State.play gives it
    if why is None:
        return move
    raise _AskAgain(why)


def _example(state: State) -> str:
    moves = state.legal_moves()
    return state.variant.square_name(moves[0]) if moves else "d3"


def _moves_or_raise(state: State, player: object) -> List[int]:
    """The legal moves of ``state``; ValueError naming ``player``'s choose when the game
    is over, in the players' one wording (:func:`polyreversi._validate.not_over`)."""
    _validate.not_over(state, f"{type(player).__name__}.choose", "no move to choose")
    return state.legal_moves()


# -- by name ----------------------------------------------------------------

PLAYER_NAMES = ("random", "greedy", "human", "search", "mcts", "brs", "imcts", "baseline")
"""Names of the built-in players, as the command line spells them (the one list)."""

COMPUTER_PLAYERS = tuple(n for n in PLAYER_NAMES if n != "human")
"""The built-in players that need no person."""

_FACTORIES: Dict[str, Callable[[Optional[int]], Chooser]] = {"random": RandomPlayer, "greedy": GreedyPlayer}


def _whole(text: str) -> int:
    """A spec's count, as :func:`polyreversi._validate.count_text` reads it (ASCII digits
    without a sign or a leading zero, as :meth:`polyreversi.Batch.choose`'s policies);
    ValueError for other text, what int() also reads ('-1', '+5', '0003', '1_000', other
    scripts' digits: '２') included."""
    count = _validate.count_text(text)
    if count is None:
        raise ValueError(text)
    return count


def _number(text: str) -> Union[int, float]:
    """A spec's number as typed: ``2`` an int, ``0.5`` a float (so a message that
    quotes it says ``-1``, not ``-1.0``); ValueError if it is neither, as for text int() and
    float() read but no spec means: spaces, '1_000', other scripts' digits ('２')."""
    if not text.isascii() or "_" in text or text != text.strip():
        raise ValueError(text)
    try:
        return int(text)
    except ValueError:
        return float(text)


def _on_off(text: str) -> bool:
    """A spec's switch: ``on``/``off`` (also ``1``/``0``, ``true``/``false``, ``yes``/``no``);
    ValueError otherwise."""
    words = {"on": True, "1": True, "true": True, "yes": True, "off": False, "0": False, "false": False, "no": False}
    if text not in words:
        raise ValueError(text)
    return words[text]


# Options of each kind of seat: name -> converter; the first is what a bare
# value (``search:6``, ``mcts:2000``) sets.
_SPEC_OPTIONS: Dict[str, Dict[str, Callable[[str], Any]]] = {
    "search": {"depth": _whole, "time": _number, "threads": _whole, "evaluation": str, "level": _whole,
               "book": _on_off},
    "mcts": {"playouts": _whole, "time": _number, "threads": _whole, "exploration": _number},
    "brs": {"depth": _whole, "time": _number, "nodes": _whole},
    "baseline": {"simulations": _whole, "leaves": _whole, "c_puct": _number},
    "imcts": {"playouts": _whole, "time": _number, "exploration": _number, "epsilon": _number,
              "history_weight": _number, "score_weight": _number, "cutoff": _whole,
              "cutoff_temperature": _number, "bias_weight": _number, "greedy": _number, "solve": _whole,
              "implicit_weight": _number, "paranoia": _number, "best_reply": _on_off, "mast": _number,
              "mast_temperature": _number, "nst": _on_off, "lgrf": _on_off,
              "reuse": _on_off},
}

PLAYER_SPEC_HELP = ("random, greedy, human, search[:DEPTH|:time=SECONDS], mcts[:PLAYOUTS|:time=SECONDS], "
                    "baseline[:SIMULATIONS] (the shipped network with PUCT, polyreversi.baseline), "
                    "and for 3-4 players imcts[:PLAYOUTS|:time=SECONDS] or brs[:DEPTH|:time=SECONDS]; "
                    "more options with ':' (mcts:time=1:threads=2); an external engine as nboard:COMMAND, gtp:COMMAND "
                    "or uci:[OPTION=VALUE:]...COMMAND (uci:VariantPath=/x/variants.ini:/x/fairy-stockfish)")

ENGINE_KINDS = ("nboard", "gtp", "uci")
"""Seat kinds that are external engines (:mod:`polyreversi.engine`): ``nboard:COMMAND``, ``gtp:COMMAND``,
``uci:[OPTION=VALUE:]...COMMAND``."""

# A leading ``NAME=VALUE`` part of a uci seat: a UCI option (its name may hold spaces,
# "Skill Level"); the first part that is not one starts the command.
_UCI_OPTION = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_ ]*?)\s*=([^:]*)")


def _uci_seat(spec: str, rest: str) -> Dict[str, Any]:
    options: Dict[str, str] = {}
    while True:
        m = _UCI_OPTION.match(rest)
        if not m or ":" not in rest[m.end():m.end() + 1]:
            break
        name, value = m.group(1), m.group(2).strip()
        if name.lower() in (k.lower() for k in options):
            raise ValueError(f"player {quoted(spec)}: the option {quoted(name)} is given twice")
        options[name] = value
        rest = rest[m.end() + 1:]
    if not rest.strip():
        raise ValueError(f"player {quoted(spec)}: give the engine's command, as uci:[OPTION=VALUE:]...COMMAND")
    return {"command": rest.strip(), "options": options}


def parse_player_spec(spec: str) -> Tuple[str, Dict[str, Any]]:
    """The kind and options of a seat spec, without building the player.

    ``"random"``, ``"greedy"``, ``"human"``; ``"search"``, ``"search:6"`` (depth),
    ``"search:time=0.5"``, ``"search:depth=8:threads=2"``; ``"mcts"``, ``"mcts:2000"``
    (playouts), ``"mcts:time=1"``, ``"mcts:playouts=500:threads=2:exploration=0.7"``.
    Case does not matter; spaces around the spec are dropped, spaces inside it refused
    (``mcts: 3``: a number is ASCII digits only).

    Returns:
        ``(kind, options)``: kind one of :data:`PLAYER_NAMES` or :data:`ENGINE_KINDS`,
        options a dict of the player's keyword arguments (``{"command": ...}`` as typed
        for an engine: ``nboard:COMMAND``, ``gtp:COMMAND``; for ``uci:`` also ``{"options":
        {NAME: VALUE}}`` from its leading ``NAME=VALUE:`` parts, the UCI options it sets).

    Raises:
        ValueError: an unknown kind or option, a value that is not a number, options on
            a player that takes none; the message names the spec and what is allowed.
    """
    if not isinstance(spec, str):
        raise TypeError(f"a player spec is text such as 'mcts:2000', not {type(spec).__name__}")
    head, colon, command = spec.strip().partition(":")
    if head.strip().lower() in ENGINE_KINDS:  # the command keeps its case, spaces and colons
        if not colon or not command.strip():
            raise ValueError(f"player {quoted(spec)}: give the engine's command, as {head.strip().lower()}:COMMAND")
        if head.strip().lower() == "uci":
            return "uci", _uci_seat(spec, command)
        return head.strip().lower(), {"command": command.strip()}
    body = spec.strip()
    if any(ch.isspace() for ch in body):  # 'mcts: 3' would read ' 3'; the numbers are ASCII digits only
        raise ValueError(f"player {quoted(spec)}: a spec has no spaces inside, as {quoted(''.join(body.split()))}")
    parts = body.lower().split(":")
    kind, args = parts[0], parts[1:]
    if kind not in PLAYER_NAMES:
        raise ValueError(f"unknown player {quoted(spec)}; known players: {', '.join(PLAYER_NAMES)} "
                         f"({PLAYER_SPEC_HELP})")
    allowed = _SPEC_OPTIONS.get(kind, {})
    if args and not allowed:
        raise ValueError(f"player {quoted(spec)}: {kind} takes no options")
    options = {}
    for i, arg in enumerate(args):
        key, sep, value = arg.partition("=")
        if not sep:
            if i:
                raise ValueError(f"player {quoted(spec)}: only the first option may be a bare value; "
                                 f"name the others ({', '.join(k + '=' for k in allowed)})")
            key, value = next(iter(allowed)), arg
        if key not in allowed:
            raise ValueError(f"player {quoted(spec)}: unknown option {quoted(key)} for {kind}; "
                             f"allowed: {', '.join(allowed)}")
        if key in options:
            raise ValueError(f"player {quoted(spec)}: {key} is given twice")
        try:
            options[key] = allowed[key](value)
        except ValueError:
            kinds: Dict[Callable[[str], Any], str] = {_whole: f"an integer in {_validate.COUNT_FORM}",
                                                      _on_off: "on or off"}
            kind_word = kinds.get(allowed[key], "a number")
            too_long = _validate.too_many_digits(value)
            if allowed[key] is _whole and _validate.is_digits(value) and too_long is not None:
                raise ValueError(f"player {quoted(spec)}: {key}: {too_long}") from None
            raise ValueError(f"player {quoted(spec)}: {key} must be {kind_word}, got {quoted(value)}") from None
    return kind, options


def check_player_spec(spec: str, allowed: Sequence[str] = PLAYER_NAMES, players: Optional[int] = None,
                      variant: Optional[Union[Variant, str]] = None) -> str:
    """``spec`` normalised (lower case, no spaces), after checking that it parses, that
    its kind is one of ``allowed``, that it can play a game of ``players`` players
    (``search`` is for two), that a ``baseline`` seat has a network for ``variant``
    (a :class:`polyreversi.Variant` or its text, when given), that the opening book a
    seat would play ``variant`` from reads (a damaged book is reported before the first
    game, not as forfeits) and that its limits are valid (the player is built once and
    dropped). The command line checks its seats with this.

    Raises:
        ValueError, TypeError: as :func:`player_from_spec`, a kind not in ``allowed``, an
            engine whose program cannot be started (missing, not executable),
            ``search`` for 3 or 4 players, or ``baseline`` on a variant without a network.
        polyreversi.errors.BookError (a ValueError): the seat's opening book for
            ``variant`` is damaged (the message names the file).
    """
    kind, options = parse_player_spec(spec)
    if kind in ENGINE_KINDS:
        if players is not None and players > 2:
            raise ValueError(f"{quoted(spec)}: external engines play two-player games only")
        from polyreversi.engine._process import check_startable

        check_startable(options["command"])
        given = "".join(f"{k}={v}:" for k, v in options.get("options", {}).items())
        return f"{kind}:{given}{options['command']}"
    if kind not in allowed:
        raise ValueError(f"{quoted(spec)}: not a player here; choose from {', '.join(allowed)}")
    if kind == "search" and players is not None and players > 2:
        raise ValueError(f"{quoted(spec)}: search plays two-player games only; use brs or mcts for {players} players")
    if kind in ("brs", "imcts") and players is not None and players < 3:
        raise ValueError(f"{quoted(spec)}: {kind} plays 3- and 4-player games only; use search or mcts for two players")
    if kind == "baseline" and variant is not None:
        from polyreversi.baseline import make_baseline_model

        make_baseline_model(variant)  # the network's owner says which variants have one
    if kind != "human":
        player = player_from_spec(spec, seed=0)
        if variant is not None and isinstance(player, SearchPlayer):  # the player that plays a book
            try:
                player.book_for(as_variant(variant))
            except BookError as e:
                raise BookError(f"{quoted(spec)}: {e}; to play without the book: {spec.strip()}:book=off") from None
    return ":".join(p.strip() for p in spec.strip().lower().split(":"))


def player_from_spec(spec: str, seed: Optional[int] = None, **human_streams: Optional[TextIO]) -> Chooser:
    """A built-in player from a seat spec (see :func:`parse_player_spec`).

    Args:
        spec: ``"random"``, ``"greedy"``, ``"human"``, ``"search:6"``,
            ``"search:time=0.5"``, ``"mcts:2000"``, ``"mcts:time=1"``, ...
        seed: the seed of a random, greedy or mcts player, or of a search level's
            choice among near-equal moves (a search at a depth or time and ``human``
            draw nothing, but a seed outside the range is refused for them too).
        human_streams: ``input``, ``output``, ``errors`` for a human player.

    Returns:
        A :class:`RandomPlayer`, :class:`GreedyPlayer`, :class:`HumanPlayer`,
        :class:`MCTSPlayer`, ``polyreversi.SearchPlayer``, or for ``nboard:COMMAND``,
        ``gtp:COMMAND``, ``uci:COMMAND`` a :class:`polyreversi.engine.EngineSeat` (started at its first move).

    Raises:
        ValueError: an unknown spec or option, bad limits (playouts or depth <= 0, time
            <= 0), or ``search`` in a build without polyreversi.search.

    >>> player_from_spec("mcts:time=0.5", seed=1)
    MCTSPlayer(time=0.5)
    """
    kind, options = parse_player_spec(spec)
    seed_key(seed)  # one seed rule for every seat, also those that draw nothing
    if kind == "human":
        unknown = sorted(set(human_streams) - {"input", "output", "errors"})
        if unknown:
            raise TypeError(f"a human player takes the streams input, output and errors, not {', '.join(unknown)}")
        return HumanPlayer(human_streams.get("input"), human_streams.get("output"), human_streams.get("errors"))
    if kind in ENGINE_KINDS:
        from polyreversi.engine.seat import EngineSeat

        if kind == "uci":
            return EngineSeat(kind, options["command"], options=options["options"])
        return EngineSeat(kind, options["command"])
    if kind in _FACTORIES:
        return _FACTORIES[kind](seed)
    factory: Callable[[], Chooser]
    if kind == "mcts":
        factory = lambda: MCTSPlayer(seed=seed, **options)  # noqa: E731
    elif kind == "brs":
        from polyreversi.multi import MultiPlayer

        factory = lambda: MultiPlayer(**options)  # noqa: E731
    elif kind == "baseline":
        from polyreversi.baseline import BaselinePlayer

        factory = lambda: BaselinePlayer(seed=seed, **options)  # noqa: E731
    elif kind == "imcts":
        from polyreversi.multi_mcts import InformedMCTSPlayer

        factory = lambda: InformedMCTSPlayer(seed=seed, **options)  # noqa: E731
    else:
        key = seed_key(seed)  # a level's random choice among near-equal moves: reproducible from the seat's seed
        factory = lambda: SearchPlayer(options.pop("depth", None), options.pop("time", None),  # noqa: E731
                                       seed=None if key is None else key % 2**63, **options)
    try:
        return factory()
    except (ValueError, TypeError) as e:
        raise type(e)(f"player {quoted(spec)}: {e}") from None


#: Seat kinds whose moves are drawn from the seat's seed (random choices, tie-breaks,
#: playouts): a series of their games differs from game to game.
SEEDED_KINDS = ("random", "greedy", "mcts", "imcts")


def draws_from_seed(spec: str) -> bool:
    """True when a seat's moves depend on its seed: ``random``, ``greedy``, ``mcts``,
    ``imcts``, and ``search`` at a level that picks among near-equal moves. A search
    at a depth or a time, ``brs``, ``baseline`` (no noise) and external engines play
    the same moves in the same positions whatever the seed.

    Raises:
        ValueError: as :func:`parse_player_spec`.
    """
    kind, options = parse_player_spec(spec)
    if kind == "search" and options.get("level") is not None:
        from polyreversi.levels import LEVELS

        number: int = options["level"]
        return 1 <= number <= len(LEVELS) and LEVELS[number - 1].margin > 0
    return kind in SEEDED_KINDS


def series_openings(variant: Union[Variant, str], names: Sequence[str], blocked: Optional[Union[int, str]] = None,
                    seed: int = 1) -> Optional[List[State]]:
    """The starts of a series' games when no seat draws from its seed: then every game
    from the variant's start would be one game played again, so game ``k`` starts from
    opening ``k mod len(openings)`` of the board's balanced set, as a match does
    (:func:`polyreversi.match.openings.builtin`: real games' beginnings for 8x8, each
    within 2 disks of even; seeded random beginnings where the board has no set).
    None when a seat draws from its seed, or blocked squares are drawn per game (the
    games differ by themselves).
    """
    if blocked is not None or any(draws_from_seed(name) for name in names):
        return None
    from polyreversi.match.openings import builtin

    return builtin(as_variant(variant), seed)


def make_player(name: str, seed: Optional[int] = None, **human_streams: Optional[TextIO]) -> Chooser:
    """A built-in player by name or seat spec; the same as :func:`player_from_spec`.

    Raises:
        ValueError: an unknown name (the message lists the known ones).
    """
    return player_from_spec(str(name), seed, **human_streams)


def as_callable(player: object) -> Callable[[State], Move]:
    """The move-choosing function of a player: its ``choose`` method, or the player
    itself if it is callable.

    Raises:
        TypeError: neither callable nor with a ``choose`` method.
    """
    if isinstance(player, Chooser) and callable(player.choose):
        return player.choose
    if callable(player):
        return player
    raise TypeError(f"a player is a function state -> move or an object with choose(state); got {quoted(player)}")


def player_name(player: object) -> str:
    """A short name for a player: its ``name`` attribute, a function's name, or its class name."""
    name = getattr(player, "name", None)
    if isinstance(name, str):
        return name
    return getattr(player, "__name__", type(player).__name__)


# -- driving games -------------------------------------------------------------

def _seats(variant: Variant, players: Union[Sequence[Player], Mapping[Color, Player]]) -> List[Callable[[State], Move]]:
    colors = list(Color)[: variant.players]
    if isinstance(players, Mapping):
        missing = [color_name(c) for c in colors if c not in players]
        extra = [k for k in players if k not in colors]
        if missing or extra:
            raise ValueError(f"players: expected one player for each of {', '.join(color_name(c) for c in colors)}"
                             + (f"; missing {', '.join(missing)}" if missing else "")
                             + (f"; not in this game: {extra}" if extra else ""))
        players = [players[c] for c in colors]
    players = list(players)
    if len(players) != variant.players:
        raise ValueError(f"players: {variant} has {variant.players} players "
                         f"({', '.join(color_name(c) for c in colors)}), got {len(players)}")
    return [as_callable(p) for p in players]


def play_game(
    variant: Union[Variant, str, State],
    players: Union[Sequence[Player], Mapping[Color, Player]],
    *,
    on_move: Optional[Callable[[State, int], None]] = None,
    max_plies: Optional[int] = None,
) -> State:
    """Plays a game to its end and returns the final state (with its move history).

    Args:
        variant: a Variant, its text form (``"octagon/4p"``), or a State to continue from
            (it is copied, not changed).
        players: one player per colour in turn order (Black, White, Red, Green), or a
            mapping ``{Color: player}``.
        on_move: called as ``on_move(state, move)`` after each move, with the state
            after the move (do not change it).
        max_plies: stop after this many plies even if the game is not over.

    Returns:
        The final State; ``state.moves()`` lists every move from the start.

    Raises:
        ValueError: the wrong number of players.
        IllegalMoveError: a player returned a move that is not legal (the message names
            the player's colour, the move and the ply).
        EOFError: from a human player whose input ended.
        TypeError: ``on_move`` not callable (nor None), ``variant`` not a Variant, text
            or State, ``max_plies`` not an int (nor None).
        ValueError: ``max_plies`` below 0.
    """
    _validate.optional_function(on_move, "on_move", "on_move(state, move)")
    if max_plies is not None:
        max_plies = _validate.whole(max_plies, "max_plies", 0, sys.maxsize)
    state = variant.copy() if isinstance(variant, State) else as_variant(variant, "a Variant, variant text or a State").start()
    seats = _seats(state.variant, players)
    played = 0
    while not state.is_over() and (max_plies is None or played < max_plies):
        color = state.to_move
        move = seats[color - 1](state)
        try:
            state.play(move)
        except (IllegalMoveError, InvalidSquareError, TypeError) as e:
            raise IllegalMoveError(f"{color_name(color)}'s player returned {quoted(move)}: {e}") from None
        played += 1
        if on_move is not None:
            on_move(state, state.moves()[-1])
    return state


def play_series(
    variant: Union[Variant, str],
    players: Sequence[str],
    games: int,
    *,
    seed: Optional[int] = None,
    blocked: Optional[Union[int, str]] = None,
) -> Iterator[State]:
    """Plays ``games`` games between built-in players and yields each final state.

    Every game gets its own seeds, drawn from ``seed``, so a run is reproducible
    and games differ from each other; when no seat draws from its seed (a search at
    a fixed depth against another), game ``k`` starts from the ``k``-th balanced
    opening instead (:func:`series_openings`; they repeat past the set's size).
    The arguments are checked when it is called, before the first game is asked for.

    Args:
        variant: the rules of every game.
        players: a built-in computer player spec per colour (``"random"``, ``"greedy"``,
            ``"mcts:500"``, ``"search:4"``; see :func:`player_from_spec`).
        games: how many games.
        seed: the master seed, ``0 .. 2**64 - 1`` (see :func:`seed_key`;
            ``None``: from the OS).
        blocked: ``None`` keeps the variant's blocked squares; ``"random"`` or a count
            1-4 draws new blocked squares for each game (RULES.md §4).

    Raises:
        ValueError: a player name that is not a built-in computer player, a wrong count,
            games outside 0 .. 2**32 (as play_games), a seed out of range. TypeError:
            games or seed not an int.
        VariantError: a blocked count outside 1-4, another text than ``"random"``.
    """
    variant = as_variant(variant)
    games = _validate.whole(games, "games", 0, MAX_GAMES)
    master = random.Random(seed_key(seed))
    names = [check_player_spec(str(p)) for p in players]
    for name in names:
        if parse_player_spec(name)[0] == "human":
            raise ValueError(f"unknown computer player {quoted(name)}; choose from {', '.join(COMPUTER_PLAYERS)}")
    if len(names) != variant.players:
        raise ValueError(f"players: {variant} has {variant.players} players, got {len(names)}")
    _checked_draw(blocked)
    return _series(variant, names, games, master, blocked)


def _series(variant: Variant, names: List[str], games: int, master: random.Random,
            blocked: Optional[Union[int, str]]) -> Iterator[State]:
    """The games of :func:`play_series`, whose arguments it has checked."""
    openings = series_openings(variant, names, blocked)
    for k in range(games):
        game_seed = master.getrandbits(63)
        start = openings[k % len(openings)] if openings else None
        yield play_seeded_game(variant if start is None else start, names, game_seed, blocked=blocked)


def play_seeded_game(variant: Union[Variant, str, State], names: Sequence[str], seed: int, *,
                     blocked: Optional[Union[int, str]] = None,
                     on_move: Optional[Callable[[State, int], None]] = None,
                     startup_timeout: Optional[float] = None,
                     **human_streams: Optional[TextIO]) -> State:
    """One game between named built-in players, fully determined by ``seed``.

    The blocked squares (if drawn) and each seat's generator are derived from the seed,
    so the same arguments give the same game.

    Args:
        variant: the rules, or a State to play on from (its moves stay in the game).
        names: a player name per colour (``random``, ``greedy``, ``human``).
        seed: the game's seed, ``0 .. 2**64 - 1``; distinct seeds give distinct
            generators (see :func:`seed_key`).
        blocked: ``None``, ``"random"`` or a count 1-4 of blocked squares to draw.
        on_move: as in :func:`play_game`.
        startup_timeout: seconds an external engine seat (``nboard:COMMAND``, ...) may
            take to start and greet, above 0, at most :data:`polyreversi.limit.MAX_TIME`;
            None: :meth:`polyreversi.engine.SimpleEngine.popen`'s default.
        human_streams: streams for human seats (see :class:`HumanPlayer`).

    Raises:
        as :func:`play_game` and :func:`make_player`; VariantError for a bad blocked count;
        TypeError, ValueError: a seed that is not an int in range (:func:`seed_key`), a
        startup_timeout that is not a number of seconds in range.
    """
    rng = random.Random(seed_key(seed))
    if startup_timeout is not None:
        from polyreversi.limit import MAX_TIME

        startup_timeout = _validate.seconds(startup_timeout, "startup_timeout", high=MAX_TIME)
    if isinstance(variant, State):
        if blocked is not None:
            raise ValueError("blocked: squares are drawn for a game from the start, not from a position")
        start: Union[Variant, State] = variant
    else:
        start = seeded_variant(as_variant(variant), seed, blocked)
    seats = [make_player(name, seed=rng.getrandbits(63), **human_streams) for name in names]
    if startup_timeout is not None:
        from polyreversi.engine.seat import EngineSeat

        for seat in seats:
            if isinstance(seat, EngineSeat):
                seat.options["startup_timeout"] = startup_timeout
    return play_game(start, seats, on_move=on_move)


def _checked_draw(blocked: Optional[Union[int, str]]) -> Optional[int]:
    """The count of blocked squares ``blocked`` asks to draw: None for ``None`` (no draw)
    and ``"random"`` (a count drawn too), else the count, checked by the core's range.

    Raises:
        VariantError: another text, a count outside 1-4 (naming ``blocked``).
    """
    if blocked is None:
        return None
    if isinstance(blocked, str) and blocked != "random":
        raise VariantError(f"blocked: {quoted(blocked)}; expected 'random' or a count "
                           f"{_core.limits.MIN_RANDOM_BLOCKED}-{_core.limits.MAX_BLOCKED}")
    return None if isinstance(blocked, str) else checked_random_count(blocked, "blocked", "'random'")


def seeded_variant(variant: Variant, seed: Optional[int], blocked: Optional[Union[int, str]]) -> Variant:
    """``variant`` with blocked squares drawn from ``seed`` when ``blocked`` asks for them.

    Args:
        variant: the rules.
        seed: the seed of the draw, ``0 .. 2**64 - 1`` or ``None`` (the OS).
        blocked: ``None`` (keep the variant as it is), ``"random"`` (1-4 squares) or a
            count 1-4.

    Raises:
        VariantError: a count outside 1-4.
    """
    key = seed_key(seed)
    if blocked is None:
        return variant
    count = _checked_draw(blocked)
    # A generator distinct from the players' (seed ^ constant) keeps the draws independent.
    if key is not None:
        key ^= 0x5EED_B10C
    return variant.with_random_blocked(seed=key, count=count)


__all__ = [
    "Player",
    "Chooser",
    "RandomPlayer",
    "GreedyPlayer",
    "HumanPlayer",
    "MCTSPlayer",
    "PLAYER_NAMES",
    "ENGINE_KINDS",
    "COMPUTER_PLAYERS",
    "parse_player_spec",
    "check_player_spec",
    "player_from_spec",
    "make_player",
    "as_callable",
    "player_name",
    "parse_move",
    "play_game",
    "play_series",
    "play_seeded_game",
    "seeded_variant",
    "draws_from_seed",
    "series_openings",
    "SEEDED_KINDS",
    "seed_key",
    "SEED_MIN",
    "SEED_END",
]
