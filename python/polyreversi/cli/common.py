"""What the ``polyreversi`` subcommands share: the VARIANT argument and the seat
options, the board as terminal text and the status lines, and reading and writing
game files (``-`` is standard input or output; errors name the file and become one
line on stderr)."""
from __future__ import annotations

import contextlib
import math
import random
import warnings
import unicodedata
from typing import Callable, Optional, Sequence

import click
from rich.console import Console
from rich.text import Text

from polyreversi._core import Color
from polyreversi.errors import PolyreversiError, RecordError, RecordWarning, VariantError
from polyreversi.players import COMPUTER_PLAYERS, PLAYER_NAMES, PLAYER_SPEC_HELP, SEED_END, SEED_MIN, check_player_spec
from polyreversi.state import State
from polyreversi.text import board_text
from polyreversi.vocabulary import color_name
from polyreversi.variant import Variant

COLOR_WORDS = ("black", "white", "red", "green")

VARIANT_HELP = (
    "VARIANT is BOARD[/3p|/4p][/anti][/free][/handicap=K[w]][/blocked=SQ,SQ], where BOARD is 6x6, 8x8, "
    "10x10 or octagon; e.g. 8x8, 10x10/anti, octagon/4p/blocked=b7,i3."
)


# -- arguments shared by the game commands ----------------------------------------

class VariantParam(click.ParamType):
    """A variant in its short text form (``octagon/4p/anti``)."""

    name = "variant"

    def convert(self, value, param, ctx):
        if isinstance(value, Variant):
            return value
        try:
            return Variant.parse(value)
        except VariantError as e:
            self.fail(str(e), param, ctx)


class BlockedParam(click.ParamType):
    """``random`` (1-4 squares) or a count 1-4 of blocked squares drawn from the seed."""

    name = "N|random"

    def convert(self, value, param, ctx):
        if isinstance(value, int) or value == "random":
            return value
        text = str(value).strip().lower()
        if text == "random":
            return "random"
        if text.isdigit() and 1 <= int(text) <= 4:
            return int(text)
        self.fail(f"{value!r}: expected a count from 1 to 4, or 'random'", param, ctx)


VARIANT = VariantParam()
BLOCKED = BlockedParam()


class FiniteFloatRange(click.FloatRange):
    """A float option in a range that refuses NaN and infinity as usage errors (click's
    FloatRange lets NaN through every bound check)."""

    def convert(self, value, param, ctx):
        try:
            number = super().convert(value, param, ctx)
        except click.BadParameter:
            click.FLOAT.convert(value, param, ctx)  # not a number: click's own message
            # Out of range: the value as typed (click's message gives -1.0 for -1).
            self.fail(f"{value} is not in the range {self._describe_range()}.", param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return number


class PlayerParam(click.ParamType):
    """A seat spec (``greedy``, ``search:6``, ``mcts:time=1``), checked by
    :func:`polyreversi.players.check_player_spec`."""

    name = "player"

    def __init__(self, allowed: Sequence[str] = PLAYER_NAMES) -> None:
        self.allowed = tuple(allowed)

    def convert(self, value, param, ctx):
        try:
            return check_player_spec(value, self.allowed)
        except (ValueError, TypeError) as e:
            self.fail(str(e), param, ctx)


PLAYER_CHOICE = PlayerParam(PLAYER_NAMES)


def seat_options(humans: bool = True) -> Callable:
    """Adds ``--black``, ``--white``, ``--red``, ``--green`` and ``--players`` to a command
    (and ``--human`` when ``humans``)."""
    choice = PLAYER_CHOICE if humans else PlayerParam(COMPUTER_PLAYERS)

    def decorate(f):
        # click lists options in decorator order: the last applied comes first
        if humans:
            f = click.option("--human", "humans", multiple=True, metavar="COLOR",
                             type=click.Choice(COLOR_WORDS, case_sensitive=False),
                             help="A person plays this colour from the terminal (repeatable).")(f)
        f = click.option("--players", "players", default=None, metavar="P1,P2,...",
                         help="All seats in turn order, e.g. random,greedy or search:6,mcts:2000 or "
                              "greedy,random,random,mcts:time=1.")(f)
        for word in reversed(COLOR_WORDS):
            f = click.option(f"--{word}", word, type=choice, default=None, metavar="PLAYER",
                             help=f"{word.title()}'s player: {PLAYER_SPEC_HELP} (default random).")(f)
        return f

    return decorate


def resolve_seats(variant: Variant, seats: dict, players: Optional[str], humans: Sequence[str] = (),
                  allowed: Sequence[str] = PLAYER_NAMES) -> list:
    """The player name of each colour in turn order, from the seat options.

    Raises:
        click.UsageError: a seat the variant does not have, --players with the wrong count
            or an unknown name, or --players together with a colour option.
    """
    colors = COLOR_WORDS[: variant.players]
    given = {w: v for w, v in seats.items() if v is not None}
    for word in given:
        if word not in colors:
            raise click.UsageError(f"--{word}: {variant} has {variant.players} players ({', '.join(colors)})")
    for word in humans:
        word = word.lower()
        if word not in colors:
            raise click.UsageError(f"--human {word}: {variant} has {variant.players} players ({', '.join(colors)})")
        if given.get(word, "human") != "human":
            raise click.UsageError(f"--human {word} and --{word} {given[word]} name two players for one seat")
    if players is not None:
        if given:
            raise click.UsageError("--players and --" + "/--".join(given) + " both set seats; use one or the other")
        names = [p.strip().lower() for p in players.split(",")]
        if len(names) != variant.players:
            raise click.UsageError(f"--players: {variant} has {variant.players} players ({', '.join(colors)}), "
                                   f"got {count_of(len(names), 'name')}: {players!r}")
    else:
        names = [str(given.get(w, "random")).lower() for w in colors]
    try:
        names = [check_player_spec(name, allowed, variant.players) for name in names]
    except (ValueError, TypeError) as e:
        raise click.UsageError(f"--players: {e}" if players is not None else str(e)) from None
    for word in humans:
        names[colors.index(word.lower())] = "human"
    return names


#: The --seed option's type: the range every seed of the library takes (players.seed_key).
SEED = click.IntRange(SEED_MIN, SEED_END - 1)


def fresh_seed(seed: Optional[int]) -> int:
    """``seed``, or a new one from the OS (printed so the game can be repeated)."""
    return seed if seed is not None else random.SystemRandom().randrange(2**32)


def setup_variant(variant: Variant, blocked) -> None:
    """Checks that --blocked can apply to ``variant``.

    Raises:
        click.UsageError: the variant already lists blocked squares.
    """
    if blocked is not None and variant.blocked:
        raise click.UsageError(f"--blocked {blocked} and a variant with blocked squares ({variant}): use one")


def variant_for_check(variant: Variant, blocked) -> Variant:
    """The variant the games will have, as far as a file format cares: with
    --blocked, some blocked squares."""
    return variant if blocked is None else variant.with_random_blocked(seed=0, count=1)


# -- what is shown ------------------------------------------------------------------

TERMINAL_GLYPHS = {0: ("·", "green3 on dark_green"), 1: ("●", "black on dark_green"),
                   2: ("●", "bright_white on dark_green"), 3: ("●", "red1 on dark_green"),
                   4: ("●", "chartreuse1 on dark_green"), 5: ("●", "grey50 on dark_green"),
                   -1: ("#", "grey35 on grey11"), -2: (" ", "")}


def board_for(console: Console, state: State, *, hints: bool = False, last: bool = True):
    """The board for ``console``: coloured disks on a terminal, the plain text of
    :func:`polyreversi.text.board_text` otherwise (``*`` marks legal moves with ``hints``)."""
    if not console.is_terminal or console.no_color:
        return Text(board_text(state, hints=hints))
    grid = state.board()
    n = grid.shape[0]
    legal = set(state.legal_moves()) if hints else set()
    moves = state.moves()
    last_sq = moves[-1] if (last and moves and moves[-1] != state.PASS) else None
    text = Text()
    text.append("   " + " ".join(chr(ord("a") + c) for c in range(n)) + "\n", style="dim")
    for r in range(n):
        text.append(f"{r + 1:>2} ", style="dim")
        for c in range(n):
            sq = r * n + c
            code = int(grid[r, c])
            char, style = TERMINAL_GLYPHS[code]
            if sq in legal:
                char, style = "∙", f"{COLOR_STYLE[int(state.to_move)]} on dark_green"
            if sq == last_sq:
                style = style.replace("on dark_green", "on green4") + " bold"
            text.append(char, style=style)
            if c + 1 < n:  # the gap between two squares is board, beside a cut-out it is not
                on_board = code != -2 and int(grid[r, c + 1]) != -2
                text.append(" ", style="on dark_green" if on_board else "")
        text.append("\n")
    text.rstrip()
    return text


COLOR_STYLE = {1: "black", 2: "bright_white", 3: "red1", 4: "chartreuse1", 5: "grey50"}


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


class _Console(Console):
    """A rich Console whose closed pipe is reported like any write error (one line on
    stderr, exit status 1: see :mod:`polyreversi.cli`), not a silent exit."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError(32, "Broken pipe")

    def print(self, *objects, **kwargs) -> None:
        # Text from records (names, events) must not drive the terminal: control
        # characters and line breaks other than newline and tab are shown as escapes.
        super().print(*(without_controls(o) if isinstance(o, str) else o for o in objects), **kwargs)


# Where str.splitlines() splits, beyond the controls (\x85, \r, \x0b... are Cc).
_LINE_BREAKS = "\u2028\u2029"


def without_controls(text: str, keep: str = "\n\t") -> str:
    """``text`` with every control character and every line break str.splitlines()
    splits on, except those in ``keep``, shown as an escape (ESC as ``\\x1b``, U+2028 as
    ``\\u2028``): text from records cannot drive the terminal or break a line."""
    return "".join(c if c in keep or (c not in _LINE_BREAKS and unicodedata.category(c) != "Cc")
                   else f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}" for c in text)


def make_console(stderr: bool = False) -> Console:
    """A rich Console on stdout (or stderr): colours on a terminal, plain text when piped.
    No markup: player names, events and file names from records and the command line
    are printed as they are (``[/b]`` in a name once raised rich's MarkupError)."""
    return _Console(stderr=stderr, highlight=False, soft_wrap=True, markup=False)


# -- records ------------------------------------------------------------------------

def check_out(path: Optional[str], games: int = 1, variant: Optional[Variant] = None,
              fmt: Optional[str] = None) -> Optional[str]:
    """Checks before any game is played that records can be written to ``path`` (``-``:
    standard output) in ``fmt`` (given with ``--to``) or the format its extension names:
    the format is written and holds ``games`` games of ``variant``, and the path can be
    written (an existing folder that takes new files; not a folder, not a read-only file).

    Returns the format name, or None without a path.

    Raises:
        click.BadParameter: naming the path once: an unknown or read-only format, a
            one-game format for many games, a variant the format cannot express, a path
            that cannot be written.
    """
    if path is None:
        return None
    from polyreversi import _files, formats
    from polyreversi.formats import registry

    shown = formats.source_name(path, writing=True)
    why = _files.check_writable(path)
    if why is not None:
        raise click.BadParameter(f"{shown}: {why}", param_hint="--out")
    try:
        fmt = format_of(path, fmt, "--to")
        found = registry.check_writable(fmt)
        if games > 1 and not found.capabilities.many_games:
            raise RecordError(f"a {found.extensions[0]} file holds one game; use .jsonl for {games} games")
        if variant is not None:
            formats.check_expressible(variant, fmt)
    except RecordError as e:
        raise click.BadParameter(str(formats.in_context(e, shown)), param_hint="--out") from None
    return fmt


def record_for(state: State, names: Sequence[str], **meta):
    """The game record of a played state (:func:`polyreversi.record.record_of`), with the
    players' names and the metadata given."""
    from polyreversi.record import record_of

    return record_of(state, players=list(names), **meta)


def write_records(path: str, records: Sequence, fmt: Optional[str] = None) -> None:
    """Writes records to ``path`` in ``fmt`` or the format of its extension
    (:func:`polyreversi.formats.write`; ``-`` is standard output).

    What the format cannot hold is said as one ``warning: ...`` line on stderr
    (:func:`record_warnings_as_lines`).

    Raises:
        click.ClickException: the file cannot be written, or the format cannot express a
            game (e.g. GGF and a 4-player game); the message names the file.
    """
    from polyreversi.formats import write

    try:
        with record_warnings_as_lines():
            write(path, records, fmt)
    except PolyreversiError as e:
        raise click.ClickException(str(e)) from None



@contextlib.contextmanager
def record_warnings_as_lines():
    """Each RecordWarning (a field the target cannot hold, a missing name file, a bad
    header) once, as one ``warning: ...`` line on stderr, even when the command then
    fails; used by every command that reads or writes game files."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", RecordWarning)
        try:
            yield
        finally:
            for message in dict.fromkeys(str(w.message) for w in caught if issubclass(w.category, RecordWarning)):
                click.echo(f"warning: {message}", err=True)
            for w in caught:
                if not issubclass(w.category, RecordWarning):
                    warnings.showwarning(w.message, w.category, w.filename, w.lineno)


# -- files ----------------------------------------------------------------------------

#: The command-line flag of each reader option (polyreversi.formats.check_options).
READER_FLAGS = {"variant": "--variant", "players_file": "--players", "tournaments_file": "--tournaments"}


def reader_options(beside: str) -> Callable:
    """Adds the reader options of the formats that take one (``--variant`` for
    transcripts, ``--players`` / ``--tournaments`` for WTHOR) to a command; ``beside``
    names the file the WTHOR name files are looked for beside."""

    def decorate(f):
        f = click.option("--tournaments", "tournaments_file", default=None, metavar="TRN",
                         help=f"WTHOR tournament names (default: WTHOR.TRN beside {beside}).")(f)
        f = click.option("--players", "players_file", default=None, metavar="JOU",
                         help=f"WTHOR player names (default: WTHOR.JOU beside {beside}).")(f)
        return click.option("--variant", default=None,
                            help="Variant of transcript games without a '# variant:' line (default 8x8).")(f)

    return decorate


def format_of(path: Optional[str], fmt: Optional[str], flag: str) -> str:
    """The format of ``path``: ``fmt`` (given with ``flag``, e.g. ``--to``) or its extension.

    Raises:
        RecordError: an unknown ``fmt`` (naming the flag), an unknown extension, ``-`` without ``fmt``.
    """
    from polyreversi import formats
    from polyreversi.formats import registry

    if fmt is not None and fmt.lower() not in registry.names():
        raise RecordError(f"{flag} {fmt}: unknown format; known: {', '.join(registry.names())}")
    try:
        return formats.detect_format(path, fmt)
    except RecordError:
        if path is not None and path == "-":
            stream = "standard output" if flag == "--to" else "standard input"
            raise RecordError(f"{stream} has no extension; give {flag} FORMAT") from None
        raise


def writes_stdout(path: Optional[str]) -> bool:
    """True when writing ``path`` writes standard output (``-``, ``/dev/stdout``):
    the report then goes to stderr, so that the records alone are on stdout."""
    from polyreversi import _files

    return path is not None and (_files.is_stdio(path) or _files.open_descriptor(path) == 1)


def read_entries(path: str, fmt: Optional[str], options: Optional[dict] = None, *, flag: str = "--format",
                 allow_empty: bool = False, **reader_options) -> tuple:
    """The format name and every :class:`~polyreversi.formats.GameEntry` of a game file
    (``-``: standard input, ``fmt`` then required). Reader options (``options``, by
    their names in :data:`READER_FLAGS`) are checked against the format.

    Raises:
        RecordError: naming the file: it cannot be read, an option of another format,
            or it holds no game (unless ``allow_empty``): ``no games in FILE``.
    """
    from polyreversi import formats

    fmt = format_of(path, fmt, flag)
    given = formats.check_options(fmt, options or {}, READER_FLAGS)
    entries = list(formats.iter_games(path, fmt, **given, **reader_options))
    if not entries and not allow_empty:
        raise RecordError(f"no games in {formats.source_name(path)}")
    return fmt, entries


class Position:
    """A record's state at one ply (:func:`position_at`): ``state``, ``ply`` (its
    ``state.ply``), ``plies`` (the last ply that can be shown), ``illegal`` (the
    ReplayError of a record that stops being legal, else None) and ``replay``."""

    def __init__(self, record, state: State, ply: int, plies: int, illegal, replay) -> None:
        self.record, self.state, self.ply, self.plies, self.illegal, self.replay = (
            record, state, ply, plies, illegal, replay)


def count_of(n: int, noun: str) -> str:
    """``1 game``, ``2 games``."""
    return f"{n:,} {noun}{'' if n == 1 else 's'}"


def game_entry(entries, game: int, path: str):
    """Entry ``game`` (from 1) of a file's ``entries``.

    Raises:
        click.BadParameter: ``game`` outside the file (a usage error, exit 2; the message
            gives the range).
        click.ClickException: that game's record is malformed (its reader's message).
    """
    from polyreversi import formats

    if not 1 <= game <= len(entries):
        raise click.BadParameter(f"{game} ({formats.source_name(path)} holds {count_of(len(entries), 'game')}; "
                                 f"choose 1 to {len(entries)})", param_hint="--game")
    entry = entries[game - 1]
    if entry.error is not None:
        raise click.ClickException(str(entry.error))
    return entry


def position_at(record, ply: Optional[int], game: int = 1) -> Position:
    """The position of ``record`` at ``ply``, the position's own ply as the engine counts
    it (0 at the standard start; a custom start keeps its record's ply, as the status
    line and analyse say); negative: from the end; None: the end. A record with an
    illegal move is shown up to the ply before it.

    Raises:
        click.BadParameter: a ply outside the record (a usage error, exit 2, as a
            ``--game`` past the file's games; the message gives the range).
    """
    from polyreversi.replay import Replay, ReplayError

    illegal = None
    try:
        replay = Replay(record)
        states = len(replay)
    except ReplayError as e:
        illegal, replay, states = e, None, len(e.state.moves()) + 1  # the states before the bad move
    first = (replay[0] if replay is not None else illegal.state.initial()).ply
    last = first + states - 1
    at = last if ply is None else ply + last + 1 if ply < 0 else ply
    if not first <= at <= last:
        note = f" (the move at ply {illegal.ply} is illegal)" if illegal is not None else ""
        raise click.BadParameter(f"{ply} (game {game} has plies {first} to {last}, "
                                 f"or -1 to -{states} from the end){note}", param_hint="--ply")
    k = at - first  # moves played from the record's start
    if replay is not None:
        state = replay[k]
    else:
        state = illegal.state.copy()
        for _ in range(states - 1 - k):
            state.undo()
    return Position(record, state, at, last, illegal, replay)


def print_position(console: Console, source: str, game: int, position: Position, *, hints: bool = False) -> None:
    """Prints a position of a record: the file, the game, its players and event, the
    ply and the last move; the board; the status line; the illegal move, if any."""
    record, state = position.record, position.state
    event = record.meta.get("event")
    last = ""
    moves = state.moves()
    if moves:  # played since the record's start
        what = "passed" if moves[-1] == state.PASS else f"played {state.variant.square_name(moves[-1])}"
        last = f": {color_name(_mover(state))} {what}"
    console.print(f"{source}: {record.variant} game {game} ({record.title()}{', ' + str(event) if event else ''}), "
                  f"ply {position.ply} of {position.plies}{last}")
    console.print(board_for(console, state, hints=hints))
    console.print(status_line(state))
    if position.illegal is not None:
        console.print(f"illegal: {position.illegal}")


def _mover(state: State):
    """The colour that played the last move of ``state``."""
    before = state.copy()
    before.undo()
    return before.to_move
