"""polyreversi as a GTP engine (``polyreversi engine --protocol gtp``): Go Text
Protocol version 2 (lysator.liu.se/~gunnar/gtp) for Othello front ends (GoGui,
Quarry) and for polyreversi's own client.

Squares are Othello names, ``a1`` at the top left; ``pass`` is the pass. Commands:
``protocol_version``, ``name``, ``version``, ``known_command``, ``list_commands``,
``quit``, ``boardsize N`` (6, 8, 10), ``clear_board``, ``komi NEW_KOMI`` (a finite number,
accepted and unused: Othello has none), ``play COLOR MOVE``, ``genmove COLOR`` (plays the move),
``reg_genmove COLOR`` (does not), ``undo``, ``time_settings MAIN BYO STONES``,
``kgs-time_settings SYSTEM ...`` (KGS's extension: ``none``, ``absolute MAIN``, ``byoyomi
MAIN PERIOD_TIME PERIODS``, ``canadian MAIN PERIOD_TIME STONES``; one clock with
``time_settings``), ``time_left COLOR SECONDS STONES`` (without it the engine takes
each ``genmove``'s time off that colour's clock itself), ``final_score`` (``B+12``, ``W+4``, ``0``),
``showboard`` (the board over several lines, then whose move it is and the disks).

Either colour may be named by ``play``, ``genmove`` and ``reg_genmove``, not only
the one to move (GTP 2 draft 2, ``play``: "consecutive moves of the same color are
not considered illegal from the protocol point of view"; GNU Go and KataGo play
``genmove``'s move for the colour asked). When the other colour is to move and
has no legal move, its forced pass is played first (controllers written for Go
send no passes). When it does have moves, the board stays and the colour asked
moves on it, as a GTP controller playing two moves of one colour in a row means;
``undo`` takes back one move, the turn as it was before it. ``reg_genmove`` changes
nothing. Extensions (docs/engines.md): ``polyreversi-variant TEXT`` (any
two-player variant, e.g. ``8x8/anti``, ``octagon/blocked=b7``; clears the board),
``polyreversi-game JSON`` (a whole game as one JSON Lines record),
``polyreversi-depth N`` and ``polyreversi-nodes N`` (limits of the next searches),
``polyreversi-analyse N`` (lines ``MOVE SCORE DEPTH[*] PV...``, ``*`` when exact; none
for a search stopped before its first iteration).

Commands are answered in the order they come; ``quit`` sent while ``genmove``,
``reg_genmove`` or ``polyreversi-analyse`` searches stops the search at once: it
answers with its best completed work, then the session ends. The end of input does
not stop a search (GTP has no stop: a piped ``genmove`` gets the move its limit buys);
the session ends after it (:mod:`polyreversi.engine.command_lines`).

A failing command is answered ``? message`` (unknown command, illegal move, a
board size GTP polyreversi cannot play); never a crash. An argument that cannot be read
(``komi abc``, a colour or move that is none, a missing or extra word, a number out of
range) is answered with the GTP 2 specification's failure for it, ``? syntax error``,
followed by what was wrong (``? syntax error: komi: NEW_KOMI: expected a number, got 'abc'``).
"""
from __future__ import annotations

import sys
import time
from typing import Callable, Dict, List, Optional, TextIO, Tuple, TypeVar

from polyreversi._validate import is_digits, too_many_digits
from polyreversi import __version__
from polyreversi._core import Color
from polyreversi.engine import games
from polyreversi.engine import arguments
from polyreversi.engine.arguments import number, seconds, whole
from polyreversi.engine.command_lines import CommandLines
from polyreversi.engine.living import LivingPlayer
from polyreversi.errors import PolyreversiError, quoted
from polyreversi.limit import MAX_DEPTH, MAX_MOVES_TO_GO, MAX_MULTIPV, MAX_NODES, Limit
from polyreversi.state import State
from polyreversi.variant import Variant

#: The engine's GTP ``name``.
NAME = "polyreversi"
#: GTP board sizes and the boards they stand for.
SIZES = {6: "6x6", 8: "8x8", 10: "10x10"}

T = TypeVar("T")


class GtpError(Exception):
    """A command that fails: its message is the ``?`` reply."""


#: The GTP 2 specification's failure for a command whose arguments cannot be read; the
#: reply goes on with what was wrong.
SYNTAX_ERROR = "syntax error"


def arg(command: str, words: List[str], index: int, name: str, read: Callable[[str, str], T],
        default: Optional[T] = None, *, last: bool = False) -> T:
    """:func:`polyreversi.engine.arguments.arg`, its refusal a GTP syntax error."""
    try:
        return arguments.arg(command, words, index, name, read, default, last=last)
    except ValueError as e:
        raise GtpError(f"{SYNTAX_ERROR}: {e}") from None


def no_arguments(command: str, words: List[str]) -> None:
    """:func:`polyreversi.engine.arguments.none`, its refusal a GTP syntax error."""
    try:
        arguments.none(command, words)
    except ValueError as e:
        raise GtpError(f"{SYNTAX_ERROR}: {e}") from None


def _stops(line: str) -> bool:
    """``quit`` (after an id or not) stops the search under way (see the module text);
    ``quit now`` is refused, as it is when it is handled, and stops nothing."""
    words = line.split("#", 1)[0].split()
    if words and is_digits(words[0]):
        words.pop(0)
    return words == ["quit"]


class GtpServer:
    """One GTP session over ``input``/``output`` (see the module's notes)."""

    def __init__(self, input: TextIO, output: TextIO, player: Optional[LivingPlayer] = None) -> None:
        self.input, self.output = input, output
        self.lines = CommandLines(input, _stops, end_stops=False)
        self.player = player or LivingPlayer()
        self.variant = Variant()
        self.state = self.variant.start()
        self.before: List[State] = []  # games before a change of turn on the same board, for undo
        self.depth: Optional[int] = None
        self.nodes: Optional[int] = None
        self.main_time: Optional[float] = None
        self.byo_time = 0.0
        self.byo_stones = 0  # Canadian overtime: moves of each period of byo_time seconds
        self.byo_periods = 0  # Japanese byo-yomi (KGS byoyomi): periods of byo_time seconds a move
        self.left: Dict[int, Tuple[float, int]] = {}  # colour: (seconds, stones) of time_left
        # colour: seconds its genmoves took since the clock was set or its last time_left
        # (a controller that never sends time_left still runs the engine's clock down)
        self.used: Dict[int, float] = {}
        # colour: (seconds, moves) left of its Canadian overtime period, run down by its own
        # genmoves where no time_left says it (a new period once the moves are made)
        self.period: Dict[int, Tuple[float, int]] = {}
        self._counted: Optional[int] = None  # the colour whose last _limit was such a period
        self.commands: Dict[str, Callable[[List[str]], str]] = {
            "protocol_version": lambda a: self._bare("protocol_version", a, "2"),
            "name": lambda a: self._bare("name", a, NAME),
            "version": lambda a: self._bare("version", a, __version__),
            "known_command": self.known_command,
            "list_commands": lambda a: self._bare("list_commands", a, "\n".join(self.commands)),
            "quit": lambda a: self._bare("quit", a, ""),
            "boardsize": self.boardsize,
            "clear_board": self.clear_board,
            "komi": self.komi,
            "play": self.play,
            "genmove": lambda a: self.genmove(a, True),
            "reg_genmove": lambda a: self.genmove(a, False),
            "undo": self.undo,
            "time_settings": self.time_settings,
            "kgs-time_settings": self.kgs_time_settings,
            "time_left": self.time_left,
            "final_score": self.final_score,
            "showboard": self.showboard,
            "polyreversi-variant": self.set_variant,
            "polyreversi-game": self.set_game,
            "polyreversi-depth": lambda a: self._set_limit("depth", a),
            "polyreversi-nodes": lambda a: self._set_limit("nodes", a),
            "polyreversi-analyse": self.analyse,
        }

    def serve(self) -> None:
        """Answers commands until ``quit`` or the end of input."""
        self.lines.start()
        while (raw := self.lines.next_line()) is not None:
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            words = line.split()
            ident = words.pop(0) if is_digits(words[0]) else ""  # GTP ids are ASCII digits
            too_long = too_many_digits(ident)
            if too_long is not None:  # not echoed: a reply carries the id whole
                self.reply(False, "", f"command id: {too_long}")
                continue
            if not words:
                self.reply(False, ident, "no command")
                continue
            cmd, args = words[0], words[1:]
            handler = self.commands.get(cmd)
            if handler is None:
                self.reply(False, ident, f"unknown command {quoted(cmd)}")
                continue
            try:
                self.reply(True, ident, handler(args))
            except (GtpError, PolyreversiError, ValueError, TypeError, IndexError) as e:
                self.reply(False, ident, " ".join(str(e).split()) or type(e).__name__)
                continue  # a refused quit (quit now) does not quit: a failed command does nothing
            if cmd == "quit":
                return

    @staticmethod
    def _bare(command: str, args: List[str], answer: str) -> str:
        """``answer``, for a command that takes no argument and got none."""
        no_arguments(command, args)
        return answer

    def known_command(self, args: List[str]) -> str:
        name = arg("known_command", args, 0, "COMMAND_NAME", arguments.word, last=True)
        return "true" if name in self.commands else "false"

    def reply(self, ok: bool, ident: str, text: str) -> None:
        self.output.write(f"{'=' if ok else '?'}{ident}{' ' + text if text else ''}\n\n")
        self.output.flush()

    # -- the board -----------------------------------------------------------------
    def boardsize(self, args: List[str]) -> str:
        # Any whole number: GTP's answer to a size not played is "unacceptable size"
        # (the GTP 2 specification, boardsize).
        size = arg("boardsize", args, 0, "N", whole(None), last=True)
        if size not in SIZES:
            raise GtpError(f"unacceptable size {size}: polyreversi plays {', '.join(map(str, sorted(SIZES)))} over GTP")
        self.variant = Variant(SIZES[size])
        return self.clear_board([])

    def komi(self, args: List[str]) -> str:
        # Read, then unused (Othello has no komi): GTP 2's komi takes a float, and the
        # engine accepts any value, however ridiculous, that is one.
        arg("komi", args, 0, "NEW_KOMI", number, last=True)
        return ""

    def clear_board(self, args: List[str]) -> str:
        no_arguments("clear_board", args)
        self.state = self.variant.start()
        self.before = []
        self.left, self.used, self.period = {}, {}, {}
        self.player.new_game()
        self.player.prepare(self.variant)  # the book and the board's table, outside the first genmove
        return ""

    def set_variant(self, args: List[str]) -> str:
        arg("polyreversi-variant", args, 0, "TEXT", arguments.word)  # no text: a syntax error, as any missing argument
        variant = Variant.parse(" ".join(args))
        if variant.players != 2:
            raise GtpError(f"GTP games have two players, not {variant}")
        self.variant = variant
        return self.clear_board([])

    def set_game(self, args: List[str]) -> str:
        arg("polyreversi-game", args, 0, "JSON", arguments.word)
        state = games.state_from_json(" ".join(args))
        if state.variant.players != 2:
            raise GtpError(f"GTP games have two players, not {state.variant}")
        self.player.prepare(state.variant)
        self.variant, self.state = state.variant, state
        self.before = []
        return ""

    def _color(self, word: str) -> int:
        w = word.lower()
        if w in ("b", "black"):
            return int(Color.BLACK)
        if w in ("w", "white"):
            return int(Color.WHITE)
        raise GtpError(f"{SYNTAX_ERROR}: invalid color {quoted(word)}")

    def _turn_of(self, color: int, state: State) -> State:
        """``state`` with ``color`` to move (module docstring): ``state`` itself, or the
        other colour's forced pass played on it, or a new position of the same board
        with ``color`` to move (then ``state`` is kept for undo). ``state`` may change.

        Raises:
            GtpError: the game is over.
        """
        if state.is_over():
            raise GtpError("the game is over")
        if int(state.to_move) == color:
            return state
        if state.must_pass():
            state.play(state.PASS)
            return state
        return self.variant.position(state.board(), color, state.ply)

    def _take_turn(self, color: int) -> None:
        """Gives ``color`` the move in the game (:meth:`_turn_of`), remembering the game
        before a change of turn on the same board for ``undo``."""
        turned = self._turn_of(color, self.state)
        if turned is not self.state:
            self.before.append(self.state)
            self.state = turned

    def play(self, args: List[str]) -> str:
        if len(args) != 2:
            raise GtpError(f"{SYNTAX_ERROR}: expected play COLOR MOVE, got {quoted(' '.join(['play', *args]))}")
        color = self._color(args[0])
        probe = self._turn_of(color, self.state.copy())
        try:
            move = probe.PASS if args[1].lower() == "pass" else games.parse_move_text(probe, args[1], None)
        except PolyreversiError as e:  # not a square of the board: a vertex that is none
            raise GtpError(f"{SYNTAX_ERROR}: {e}") from None
        if not probe.is_legal(move):
            raise GtpError(f"illegal move: {probe.why_illegal(move)}")
        self._take_turn(color)
        self.state.play(move)
        return ""

    def undo(self, args: List[str]) -> str:
        no_arguments("undo", args)
        if not self.state.moves():
            raise GtpError("cannot undo: no move played")
        self.state.undo()
        if not self.state.moves() and self.before:
            # the move was the first after a change of turn on the same board (module
            # docstring): one undo takes back both, the turn as it was before the move
            self.state = self.before.pop()
        return ""

    def final_score(self, args: List[str]) -> str:
        no_arguments("final_score", args)
        b, w = self.state.scores()[:2]
        if self.variant.anti:
            b, w = w, b  # the fewest disks win
        return "0" if b == w else f"B+{b - w}" if b > w else f"W+{w - b}"

    # -- time and search -------------------------------------------------------------
    def time_settings(self, args: List[str]) -> str:
        """``time_settings MAIN BYO STONES``: MAIN seconds, then Canadian overtime of BYO
        seconds for every STONES moves. GTP 2 draft 2 (§4.2, §6.3.5 ``time_settings``):
        BYO 0 is absolute time (MAIN only), and "when byo_yomi_time > 0 and
        byo_yomi_stones == 0, this is defined to mean no time limits"; MAIN 0 and BYO 0
        is no limit too (no time at all is no clock to play on)."""
        main = arg("time_settings", args, 0, "MAIN", seconds)
        byo = arg("time_settings", args, 1, "BYO", seconds)
        stones = arg("time_settings", args, 2, "STONES", whole(0), last=True)
        unlimited = (main == 0 and byo == 0) or (byo > 0 and stones == 0)
        self._set_clock(None if unlimited else main, byo, stones, 0)
        return ""

    def kgs_time_settings(self, args: List[str]) -> str:
        """KGS's ``kgs-time_settings SYSTEM ...`` (sent instead of ``time_settings`` to an
        engine that lists it: GTP's has no Japanese byo-yomi; KGS's GTP notes, gokgs.com):
        ``none``; ``absolute MAIN``; ``byoyomi MAIN PERIOD_TIME PERIODS`` (after MAIN,
        PERIODS periods of PERIOD_TIME seconds, one kept by each move made within it);
        ``canadian MAIN PERIOD_TIME STONES`` (after MAIN, STONES moves in each PERIOD_TIME,
        as ``time_settings``). The same clock as ``time_settings``; ``time_left``'s STONES
        counts the periods left under ``byoyomi``, the moves of the period under ``canadian``."""
        command = "kgs-time_settings"
        system = arg(command, args, 0, "SYSTEM", _time_system, last=len(args) > 0 and args[0].lower() == "none")
        if system == "none":
            self._set_clock(None, 0.0, 0, 0)
            return ""
        main = arg(command, args, 1, "MAIN", seconds, last=system == "absolute")
        if system == "absolute":
            self._set_clock(None if main == 0 else main, 0.0, 0, 0)
            return ""
        period = arg(command, args, 2, "PERIOD_TIME", seconds)
        count = arg(command, args, 3, "PERIODS" if system == "byoyomi" else "STONES", whole(1), last=True)
        if period == 0:  # no overtime: absolute time
            self._set_clock(None if main == 0 else main, 0.0, 0, 0)
        elif system == "byoyomi":
            self._set_clock(main, period, 0, count)
        else:
            self._set_clock(main, period, count, 0)
        return ""

    def _set_clock(self, main: Optional[float], byo: float, stones: int, periods: int) -> None:
        """The one clock of ``time_settings`` and ``kgs-time_settings`` (``main`` None: no
        limit); the times of ``time_left`` are forgotten."""
        self.main_time = main
        self.byo_time, self.byo_stones, self.byo_periods = byo, stones, periods
        self.left, self.used, self.period = {}, {}, {}

    def time_left(self, args: List[str]) -> str:
        color = self._color(arg("time_left", args, 0, "COLOR", lambda text, name: text))
        left = arg("time_left", args, 1, "SECONDS", seconds)
        stones = arg("time_left", args, 2, "STONES", whole(0), last=True)
        self.used[color] = 0.0
        if stones > 0 and self.byo_periods == 0 and self.byo_time > 0:
            # Canadian overtime: `left` seconds for `stones` moves, which the engine's own
            # genmoves run down until the next time_left (a new period once they are made)
            self.left[color] = (0.0, 0)
            self.period[color] = (left, stones)
        else:  # main time; stones under a clock with no overtime (absolute) are read as main time too
            self.left[color] = (left, stones if self.byo_time > 0 else 0)
            self.period.pop(color, None)
        return ""

    def _set_limit(self, which: str, args: List[str]) -> str:
        high = {"depth": MAX_DEPTH, "nodes": MAX_NODES}[which]  # the limits' own ranges; 0: no limit
        value = arg(f"polyreversi-{which}", args, 0, "N", whole(0, high), last=True)
        setattr(self, which, value if value > 0 else None)
        return ""

    def _limit(self, color: int) -> Limit:
        # An overtime period is a clock that must not run out, for its moves (a per-move
        # time, Limit(time=...), is a mean a move may exceed).
        clock = moves = overtime = None
        counted = None
        if self.main_time is not None:
            left, stones = self.left.get(color, (self.main_time, 0))
            if stones == 0:  # the main time: less what the genmoves took since it was said
                left -= self.used.get(color, 0.0)
                if left <= 0 and (self.byo_stones > 0 or self.byo_periods > 0 or color in self.period):
                    # counted into the overtime
                    if color not in self.period and self.byo_periods == 0:
                        # the Canadian period began inside the move that ran the main time out
                        self.period[color] = (max(0.0, self.byo_time + left), self.byo_stones)
                    left, stones = self.period.get(color, (self.byo_time, max(1, self.byo_stones)))
                    counted = color
                left = max(0.0, left)
            if stones > 0 and self.byo_periods > 0:  # Japanese byo-yomi: `left` seconds of this period, for this move
                clock, moves = left, 1
            elif stones > 0:  # Canadian overtime: `left` seconds for `stones` moves
                clock, moves = left, stones
            else:  # main time (a time_left with no stones says how much is left of it)
                clock = left
                if self.byo_periods > 0:  # then a period of byo_time for each move
                    overtime = self.byo_time
                elif self.byo_stones > 0:  # then byo_time for each byo_stones moves
                    overtime = self.byo_time / self.byo_stones
        self._counted = counted
        if self.depth is None and self.nodes is None and clock is None:
            return Limit()
        if moves is not None:
            moves = min(moves, MAX_MOVES_TO_GO)  # more stones than a game's moves: the game's
        return Limit(depth=self.depth, nodes=self.nodes, clock=clock, moves_to_go=moves, overtime=overtime)

    def genmove(self, args: List[str], play: bool) -> str:
        if len(args) != 1:
            command = "genmove" if play else "reg_genmove"
            raise GtpError(f"{SYNTAX_ERROR}: expected {command} COLOR, got {quoted(' '.join([command, *args]))}")
        color = self._color(args[0])
        if play:
            self._take_turn(color)
            state = self.state
        else:  # reg_genmove changes nothing
            state = self._turn_of(color, self.state.copy())
        began = time.monotonic()
        move = self.lines.wait(self.player.start(state, self._limit(color))).move
        if move is None:  # an engine that resigned (the built-in player always moves)
            return "resign"
        if play:
            spent = time.monotonic() - began
            self.used[color] = self.used.get(color, 0.0) + spent
            self._run_period_down(color, spent)
            self.state.play(move)
        return "pass" if move == state.PASS else self.variant.square_name(move)

    def _run_period_down(self, color: int, spent: float) -> None:
        """After a genmove of ``color`` that took ``spent`` seconds: where it was in Canadian
        overtime (the period of the last time_left, or of the engine's own count), the
        period's time and moves left; a new period once its moves are made."""
        if self._counted != color or self.byo_periods > 0:
            return
        left, stones = self.period.get(color, (self.byo_time, max(1, self.byo_stones)))
        left, stones = max(0.0, left - spent), stones - 1
        self.period[color] = (left, stones) if stones > 0 else (self.byo_time, max(1, self.byo_stones))

    def showboard(self, args: List[str]) -> str:
        """The board over several lines (``=`` and a space, then the board's lines, as GNU Go's
        showboard; a GTP response has no empty line), then who is to move and the disks."""
        from polyreversi.text import board_text

        no_arguments("showboard", args)
        black, white = self.state.scores()[:2]
        turn = "game over" if self.state.is_over() else f"{self.state.to_move.name.lower()} to move"
        return "\n" + board_text(self.state) + f"\n{turn}; black {black}, white {white}"

    def analyse(self, args: List[str]) -> str:
        n = arg("polyreversi-analyse", args, 0, "N", whole(1), default=1, last=True)
        if self.state.is_over():
            raise GtpError("the game is over")
        infos = self.lines.wait(self.player.start_analyse(self.state, self._limit(int(self.state.to_move)),
                                                          multipv=max(1, min(n, MAX_MULTIPV))))
        def name(m: int) -> str:
            return "pass" if m == self.state.PASS else self.variant.square_name(m)

        # a move stopped before its first iteration is not scored: left out, as NBoard's hint does
        return "\n".join(f"{name(i.move)} {i.score:.2f} {i.depth}{'*' if i.exact else ''} "
                         + " ".join(name(m) for m in i.pv) for i in infos if i.depth > 0 or i.exact)


#: The time systems of ``kgs-time_settings``.
TIME_SYSTEMS = ("none", "absolute", "byoyomi", "canadian")


def _time_system(text: str, name: str) -> str:
    """A reader of ``kgs-time_settings``'s SYSTEM (any letter case)."""
    if text.lower() not in TIME_SYSTEMS:
        raise ValueError(f"{name}: expected {', '.join(TIME_SYSTEMS[:-1])} or {TIME_SYSTEMS[-1]}, got {quoted(text)}")
    return text.lower()


def serve(input: Optional[TextIO] = None, output: Optional[TextIO] = None, player: Optional[LivingPlayer] = None) -> None:
    """Runs a GTP session on ``input``/``output`` (default: stdin/stdout)."""
    GtpServer(input or sys.stdin, output or sys.stdout, player).serve()
