"""A match: openings × every rotation of the seats, games in worker processes, each
game written the moment it ends, resumable, with W/D/L, Elo and an SPRT stop.

Game ``k`` of a match plays opening ``k // players`` (cycling through the set) with
the seats rotated ``k % players`` places (2 players: colours swapped). The output
file (JSON Lines or GGF) carries each game's number (``meta["match"]["game"]``, GGF
property ``GN``), so a match started again with the same file plays only the games
it lacks; a line cut short by an interruption is dropped.
"""
from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import os
import signal
import warnings
from types import FrameType
from dataclasses import dataclass, field
from typing import Callable, Dict, Iterator, List, Optional, Sequence, Tuple

from polyreversi.engine.protocol import STARTUP_TIMEOUT
from polyreversi.errors import RecordError, RecordWarning
from polyreversi.formats import decode_text, ggf, json_record, source_name
from polyreversi.match.elo import EloEstimate, elo as elo_estimate, sprt as sprt_test
from polyreversi.match.referee import Forfeit, GameOutcome, Seat, TimeControl, forfeit_points, play
from polyreversi.record import Record
from polyreversi.state import State
from polyreversi.variant import Variant
from polyreversi.vocabulary import COLOR_NAMES
from polyreversi import _validate
from polyreversi._validate import shown
from polyreversi.limit import MAX_TIME

#: Formats of the match output file.
FORMATS = ("jsonl", "ggf")


def _seats(record: Record) -> List[str]:
    """The seat specs of a match game: its players' names."""
    if any(name is None for name in record.players):
        raise RecordError(f"a match game without its seats as player names: {record.players}")
    return [str(name) for name in record.players]


def check_seats(specs: Sequence[str], variant: Variant) -> None:
    """The seats of a match of ``variant``: one spec a player, each once (the tally is by spec).

    Raises:
        ValueError: another count, or a spec given twice.
    """
    if len(specs) != variant.players:
        raise ValueError(f"{variant} has {variant.players} players: give {variant.players} PLAYERs, got {len(specs)}")
    if len(set(specs)) != len(specs):
        raise ValueError("give each PLAYER once (the tally is by PLAYER; add an option to tell two apart)")


def _forfeit_of(record: Record) -> Optional[Forfeit]:
    """The forfeit of a game read back: ``meta["forfeit"]`` as the referee wrote it, or, in a
    format that keeps no meta (GGF), a two-player game that ended on time or by
    resignation with a winner (the referee's only such ends are forfeits): its loser's."""
    forfeit = record.meta.get("forfeit")
    if forfeit is not None:
        return forfeit  # type: ignore[no-any-return]
    result = record.result
    if (result is None or result.end not in ("time", "resigned") or result.winner is None
            or len(record.players) != 2):
        return None
    loser = COLOR_NAMES[2 - int(result.winner)]  # winner 1 (Black) -> White's name, 2 -> Black's
    return {"reason": "time" if result.end == "time" else "failure",
            "detail": f"the record ends by {result.end}", "color": loser, "ply": record.plies}


@dataclass
class Tally:
    """Points of each seat spec over the games so far; W/D/L of the first against the
    second in two-player matches."""

    specs: Sequence[str]
    games: int = 0
    points: Dict[str, float] = field(default_factory=dict)
    wins: int = 0
    draws: int = 0
    losses: int = 0
    forfeits: List[Forfeit] = field(default_factory=list)
    played: Dict[str, int] = field(default_factory=dict)  # games each seat spec played
    forfeited: Dict[str, int] = field(default_factory=dict)  # games each seat spec forfeited
    last_forfeit: Dict[str, Forfeit] = field(default_factory=dict)  # each seat spec's last forfeit

    def add(self, seats: Sequence[str], points: Sequence[float], forfeit: Optional[Forfeit] = None) -> None:
        self.games += 1
        for spec, p in zip(seats, points):
            self.points[spec] = self.points.get(spec, 0.0) + p
        for spec in set(seats):
            self.played[spec] = self.played.get(spec, 0) + 1
        if forfeit is not None and str(forfeit.get("color")) in COLOR_NAMES[:len(seats)]:
            loser = seats[COLOR_NAMES.index(str(forfeit["color"]))]
            self.forfeited[loser] = self.forfeited.get(loser, 0) + 1
            self.last_forfeit[loser] = forfeit
        if len(self.specs) == 2:
            mine = points[list(seats).index(self.specs[0])]
            if mine == 1.0:
                self.wins += 1
            elif mine == 0.0:
                self.losses += 1
            else:
                self.draws += 1
        if forfeit is not None:
            self.forfeits.append(forfeit)

    def failed(self) -> List[str]:
        """The seat specs that forfeited every game they played (an engine that does not
        start, crashes or never answers in time): such a match measured nothing."""
        return [spec for spec in self.specs if self.played.get(spec, 0) > 0
                and self.forfeited.get(spec, 0) == self.played[spec]]

    def elo(self) -> Optional[EloEstimate]:
        """The first seat's Elo over the second's (None before a game or for 3-4 players)."""
        if len(self.specs) != 2 or self.games == 0:
            return None
        return elo_estimate(self.wins, self.draws, self.losses)

    def line(self) -> str:
        if len(self.specs) == 2:
            text = f"{self.specs[0]} vs {self.specs[1]}: +{self.wins} ={self.draws} -{self.losses}"
            e = self.elo()
            return text + (f", Elo {e}" if e is not None else "")
        return ", ".join(f"{s}: {self.points.get(s, 0.0):g}/{self.games}" for s in self.specs)


@dataclass(frozen=True)
class MatchConfig:
    """Everything a worker needs to play game ``k`` (picklable). Frozen, as
    :class:`TimeControl` is: every field is checked when the config is made, and an
    assignment afterwards (``config.startup_timeout = -5``) raises
    ``dataclasses.FrozenInstanceError`` naming the field, instead of a value unchecked
    until the match runs; ``dataclasses.replace(config, startup_timeout=5)`` makes a
    checked copy. Its sequences are tuples: any sequence (a list, a generator) may be
    given, and is kept as a tuple of its own (``config.specs.append(...)`` raises
    AttributeError), the openings as copies (a caller playing on a State it gave changes
    no match).

    Attributes:
        openings: the opening positions, a tuple of States.
        specs: one seat spec per player (``search:6``, ``nboard:ntest``, ``mcts:500``...),
            a tuple.
        control: limits and clocks.
        startup_timeout: seconds an external engine may take to start and greet (> 0;
            default :data:`polyreversi.engine.protocol.STARTUP_TIMEOUT`).
    """

    openings: Sequence[State]
    specs: Sequence[str]
    control: TimeControl = TimeControl()
    startup_timeout: float = STARTUP_TIMEOUT

    def __post_init__(self) -> None:
        # checked here, not inside a game (where a bad value would be a forfeit or a bare
        # ZeroDivisionError/IndexError of the schedule)
        # (frozen: the checked values are set with object.__setattr__)
        object.__setattr__(self, "startup_timeout",
                           _validate.seconds(self.startup_timeout, "startup_timeout", high=MAX_TIME))
        openings = tuple(self.openings)
        if not openings:
            raise ValueError("openings: none given (a match plays each opening in every seat rotation)")
        for i, opening in enumerate(openings):
            _validate.instance(opening, State, f"openings[{i}]")
        object.__setattr__(self, "openings", tuple(o.copy() for o in openings))
        variant = self.openings[0].variant
        if any(o.variant != variant for o in self.openings):
            raise ValueError(f"openings: not all of one variant ({variant} first)")
        object.__setattr__(self, "specs", tuple(self.specs))
        check_seats(self.specs, variant)
        _validate.instance(self.control, TimeControl, "control")

    @property
    def players(self) -> int:
        return len(self.specs)

    def schedule(self, k: int) -> Tuple[int, List[str]]:
        """Opening index and the seat specs by colour of game ``k``."""
        n = self.players
        opening = (k // n) % len(self.openings)
        r = k % n
        return opening, [self.specs[(i + r) % n] for i in range(n)]


# -- workers -------------------------------------------------------------------------
_SEATS: Dict[Tuple[str, float], Seat] = {}


def _worker_init() -> None:
    """Workers ignore Ctrl-C (the parent stops them) and close their engines when they
    stop, by SIGTERM or at the end."""
    from multiprocessing.util import Finalize

    from polyreversi.engine._process import _close_all

    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def stop(signum: int, frame: Optional[FrameType]) -> None:
        _close_all()
        os._exit(1)

    signal.signal(signal.SIGTERM, stop)
    Finalize(None, _close_all, exitpriority=100)


def _seat(spec: str, seed: int, startup_timeout: float) -> Seat:
    from polyreversi.engine.seat import EngineSeat
    from polyreversi.players import parse_player_spec, player_from_spec

    kind, _ = parse_player_spec(spec)
    if kind in ("nboard", "gtp", "uci", "search"):  # long-lived: engines and hash tables stay between games
        key = (spec, startup_timeout)
        if key not in _SEATS:
            seat = player_from_spec(spec, seed=seed)
            if isinstance(seat, EngineSeat):
                seat.options["startup_timeout"] = startup_timeout
            _SEATS[key] = seat
        return _SEATS[key]
    return player_from_spec(spec, seed=seed)


def seat_control(spec: str, control: TimeControl) -> TimeControl:
    """The limits of one seat: the match's, with the depth and time its spec sets
    (``search:8``, ``mcts:time=1``) in place of the match's depth and time, as
    cutechess's per-engine options override its ``-each`` ones."""
    from dataclasses import replace

    from polyreversi.players import ENGINE_KINDS, parse_player_spec

    kind, options = parse_player_spec(spec)
    if kind in ENGINE_KINDS or not ({"depth", "time"} & set(options)):
        return control
    return replace(control, depth=options.get("depth"), time=options.get("time"))


def play_game(config: MatchConfig, k: int) -> Tuple[int, GameOutcome]:
    """Plays game ``k`` of the match (in a worker, or here)."""
    opening, seats = config.schedule(k)
    players = [_seat(spec, k * 8 + i, config.startup_timeout) for i, spec in enumerate(seats)]
    controls = [seat_control(spec, config.control) for spec in seats]
    outcome = play(config.openings[opening], players, seats, controls,
                   match={"game": k, "opening": opening, "seats": seats, "control": config.control.text()})
    return k, outcome


# -- output ----------------------------------------------------------------------------
def _game_number(record: Record) -> Optional[int]:
    match = record.meta.get("match")
    if isinstance(match, dict) and isinstance(match.get("game"), int):
        return int(match["game"])
    gn = (record.meta.get("ggf") or {}).get("GN")
    try:
        return int(gn) if gn is not None else None
    except ValueError:
        return None


#: The GGF property of a match game's time control (:meth:`TimeControl.text`), beside ``GN``.
GGF_CONTROL = "TC"


def _control(record: Record) -> Optional[str]:
    """The time control a match game was played with (:meth:`TimeControl.text`); None
    for a game written before the control was recorded."""
    match = record.meta.get("match")
    if isinstance(match, dict) and isinstance(match.get("control"), str):
        return str(match["control"])
    control = (record.meta.get("ggf") or {}).get(GGF_CONTROL)
    return control if isinstance(control, str) else None


def _encode(record: Record, fmt: str) -> str:
    if fmt == "jsonl":
        return json_record.dumps_line(record) + "\n"
    k = _game_number(record)
    ggf_meta = {"GN": str(k)}
    control = _control(record)
    if control is not None:
        ggf_meta[GGF_CONTROL] = control
    record = record.replace(meta=dict(record.meta, ggf=ggf_meta))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RecordWarning)  # the match's own fields stay in JSON Lines only
        return ggf.dumps(record) + "\n"


def read_done(path: str, fmt: str) -> Dict[int, Record]:
    """The games already in ``path`` by number; a last line cut short is removed from
    the file (it was being written when the match stopped).

    Raises:
        RecordError: a complete line that is not a game of a match, or ``path`` is not a
        regular file (a device or a pipe cannot be resumed from, nor appended to safely).
    """
    done: Dict[int, Record] = {}
    if not os.path.exists(path):
        return done
    if not os.path.isfile(path):
        raise RecordError(f"{source_name(path)}: not a regular file; a match writes its games to a file it can read back "
                          "to resume")
    with open(path, "rb") as f:
        data = f.read()
    keep = data.rfind(b"\n") + 1
    if keep != len(data):  # an interrupted write
        with open(path, "r+b") as f:
            f.truncate(keep)
    for number, line in enumerate(decode_text(data[:keep], path).splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json_record.loads(line) if fmt == "jsonl" else ggf.parse_game(line)
        except RecordError as e:
            raise RecordError(f"{source_name(path)}:{number}: {e}") from None
        k = _game_number(record)
        if k is None:
            raise RecordError(f"{source_name(path)}:{number}: not a game of a match (no game number); use another --out")
        done[k] = record
    return done


def _same_position(a: State, b: State) -> bool:
    """Whether two positions are one: the same board, player to move and ply (a game
    is its start position and its moves; an OBF opening has a start and no moves)."""
    return a.ply == b.ply and a.to_move == b.to_move and a.board().tolist() == b.board().tolist()


def points_of(record: Record) -> List[float]:
    """Each colour's points in a recorded game (forfeits and time losses included)."""
    n = record.variant.players
    result = record.result
    if result is not None and result.winner is not None:
        return [1.0 if c == int(result.winner) else 0.0 for c in range(1, n + 1)]
    forfeit = record.meta.get("forfeit")
    if (result is not None and result.end in ("time", "resigned") and isinstance(forfeit, dict)
            and str(forfeit.get("color")) in COLOR_NAMES[:n]):
        return forfeit_points(n, COLOR_NAMES.index(str(forfeit["color"])) + 1)
    winners = [int(c) for c in record.replay().final.winners()]
    return [1.0 / len(winners) if c in winners else 0.0 for c in range(1, n + 1)]


# -- the match ---------------------------------------------------------------------------
@dataclass
class MatchResult:
    """What :func:`run` did.

    Attributes:
        tally: W/D/L per seat, Elo and its 95 % interval (:class:`Tally`), over every game of the output.
        played: games played by this run. resumed: games read back from an earlier run's output
            (every game the file holds, also those numbered ``games`` and up).
        beyond: how many of the games read back are numbered ``games`` and up (the file
            was made with a larger ``games``): they are counted too, and said.
        sprt: with ``--sprt``, the log-likelihood ratio and the decision (``"H0"``, ``"H1"`` or ``None``).
        interrupted: True when Ctrl-C or SIGTERM ended the run (the games written so far stay).
        stopped: the seat spec that ended the match early: an engine that forfeited every
            game it played and did not answer in the last one (it did not start, or ended or
            timed out before its first move), which would forfeit every game left the same
            way; None otherwise.
    """

    tally: Tally
    played: int
    resumed: int
    sprt: Optional[Tuple[float, Optional[str]]] = None
    interrupted: bool = False
    beyond: int = 0
    stopped: Optional[str] = None


def run(config: MatchConfig, games: int, *, out: Optional[str] = None, fmt: str = "jsonl",
        concurrency: int = 1, sprt: Optional[Tuple[float, float]] = None,
        on_game: Optional[Callable[[Tally, int], None]] = None) -> MatchResult:
    """Plays games ``0 .. games-1`` of the match (those not already in ``out``).

    Args:
        games: the number of games (a multiple of the player count plays every opening
            in every rotation).
        out: the file each game is appended to as it ends (None: none).
        fmt: ``"jsonl"`` or ``"ggf"``.
        concurrency: games at once (worker processes; 1 plays here).
        sprt: ``(elo0, elo1)``: stop once the SPRT (alpha = beta = 0.05) decides.
        on_game: called after each game with the tally and the games done.

    Returns:
        A :class:`MatchResult`. On Ctrl-C the games written so far stay, the workers and
        their engines are stopped, and ``interrupted`` is True. A seat whose engine never
        answered in any game it played (``GameOutcome.unanswered`` each time) stops
        the match after that game, named by ``stopped``. Every game of ``out``
        is in the tally, also games numbered ``games`` and up (``beyond`` counts them):
        a game in the file is never left out silently.

    Raises:
        RecordError: ``out`` holds something that is not this match: other seats,
            other openings (game ``k`` begins with its opening of ``config``), the
            seats in another order (game ``k``'s colours follow the order of
            ``specs``, so another order would mix the schedules), another variant, or
            games played with another time control (games written before the control
            was recorded are taken as they are).
    """
    if fmt not in FORMATS:
        raise ValueError(f"format: {shown(fmt)} is not one of {', '.join(FORMATS)}")
    tally = Tally(config.specs)
    done = read_done(out, fmt) if out else {}
    variant = config.openings[0].variant if config.openings else None
    for k, record in sorted(done.items()):
        # Messages count games from 1, as every other message does (the file's
        # meta["match"]["game"] is the 0-based schedule index k).
        game = f"{source_name(out or '')}: game {k + 1}"  # out is given: games were read from it
        seats = _seats(record)
        if sorted(seats) != sorted(config.specs) or (variant is not None and record.variant != variant):
            raise RecordError(f"{game} is of another match ({record.variant}: {', '.join(seats)}; "
                              f"this one is {variant}: {', '.join(config.specs)}); use another --out")
        index, by_colour = config.schedule(k)
        opening = list(config.openings[index].moves())
        plies = record.meta.get("opening_plies", len(opening))
        if not _same_position(record.initial_state(), config.openings[index].initial()):
            raise RecordError(f"{game} began from another position than this match's opening {index + 1}: "
                              "give the --openings it was made with, or use another --out")
        if plies != len(opening) or list(record.moves[:plies]) != opening:
            names = record.variant.square_name
            began = record.moves[:plies]
            raise RecordError(f"{game} began with another opening ({' '.join(map(names, began)) or 'the start'}; "
                              f"this match's opening {index + 1}: {' '.join(map(names, opening)) or 'the start'}): "
                              "give the --openings and --plies it was made with, or use another --out")
        if seats != by_colour:
            n, r = len(seats), k % len(seats)
            made = [seats[(j - r) % n] for j in range(n)]
            raise RecordError(f"{game} was played with the PLAYERs in another order ({' '.join(made)}; "
                              f"this match: {' '.join(config.specs)}): the seats of each game follow that order; "
                              "give them as when the file was made, or use another --out")
        recorded = _control(record)  # None: written before controls were recorded, taken as it is
        if recorded is not None and recorded != config.control.text():
            raise RecordError(f"{game} was played with another time control ({recorded}; this one is "
                              f"{config.control.text()}); resume with that control, or use another --out")
        tally.add(seats, points_of(record), _forfeit_of(record))
    todo = [k for k in range(games) if k not in done]
    result = MatchResult(tally, 0, tally.games, beyond=sum(k >= games for k in done))
    sink = open(out, "a", encoding="utf-8") if out else None

    def finish(k: int, outcome: GameOutcome) -> bool:
        # Ctrl-C (or SIGTERM) waits until the game is both written and counted, so the
        # summary matches the file; the signal is then delivered to the usual handler.
        # (A signal mask would not do: the process's signal may reach another thread.)
        caught: List[int] = []
        try:
            saved = {sig: signal.signal(sig, lambda signum, frame: caught.append(signum))
                     for sig in (signal.SIGINT, signal.SIGTERM)}
        except ValueError:  # not the main thread: signals go to the main thread's handlers anyway
            return write_and_count(outcome)
        try:
            return write_and_count(outcome)
        finally:
            for sig, handler in saved.items():
                signal.signal(sig, handler)
            for signum in caught[:1]:
                signal.raise_signal(signum)

    def write_and_count(outcome: GameOutcome) -> bool:
        if sink is not None:
            sink.write(_encode(outcome.record, fmt))
            sink.flush()
            os.fsync(sink.fileno())
        seats = _seats(outcome.record)
        tally.add(seats, outcome.points, outcome.forfeit)
        result.played += 1
        if on_game is not None:
            on_game(tally, result.played + result.resumed)
        if outcome.unanswered and outcome.forfeit is not None:
            loser = seats[COLOR_NAMES.index(str(outcome.forfeit["color"]))]
            if tally.forfeited.get(loser, 0) == tally.played[loser]:
                result.stopped = loser
                return True
        if sprt is not None and config.players == 2:
            result.sprt = sprt_test(tally.wins, tally.draws, tally.losses, *sprt)
            return result.sprt[1] is not None
        return False

    try:
        if sprt is not None and config.players == 2 and tally.games:
            result.sprt = sprt_test(tally.wins, tally.draws, tally.losses, *sprt)
            if result.sprt[1] is not None:
                return result
        if concurrency <= 1:
            try:
                for k in todo:
                    if finish(*play_game(config, k)):
                        break
            finally:
                from polyreversi.engine._process import _close_all
                _close_all()
        else:
            _run_parallel(config, todo, concurrency, finish)
    except KeyboardInterrupt:
        result.interrupted = True
    finally:
        if sink is not None:
            sink.close()
    return result


def _run_parallel(config: MatchConfig, todo: List[int], concurrency: int,
                  finish: Callable[[int, GameOutcome], bool]) -> None:
    ctx = multiprocessing.get_context("forkserver" if "forkserver" in multiprocessing.get_all_start_methods()
                                      else "spawn")
    pool = cf.ProcessPoolExecutor(max_workers=concurrency, mp_context=ctx, initializer=_worker_init)
    pending: Iterator[int] = iter(todo)
    running = set()
    try:
        for k in pending:  # keep `concurrency` games in flight, in order
            running.add(pool.submit(play_game, config, k))
            if len(running) >= concurrency:
                break
        while running:
            finished, running = cf.wait(running, return_when=cf.FIRST_COMPLETED)
            stop = False
            for future in finished:
                stop = finish(*future.result()) or stop
            if stop:
                break
            for k in pending:
                running.add(pool.submit(play_game, config, k))
                if len(running) >= concurrency:
                    break
    finally:
        for future in running:
            future.cancel()
        for proc in list((pool._processes or {}).values()):
            if proc.is_alive():
                proc.terminate()  # SIGTERM: the worker closes its engines and exits
        pool.shutdown(wait=True, cancel_futures=True)
