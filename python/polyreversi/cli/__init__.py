"""The ``polyreversi`` command. Each subcommand lives in its own module of this
package and exposes a click command named ``command``; what they share is in
the modules beside them (arguments, seats, console, lines, input, output, positions).
A subcommand's module is imported only when the subcommand is run or its own help
is asked for (``polyreversi replay`` imports the replay command only); the group's
``--help`` lists them from :data:`SUBCOMMANDS` without importing any."""
from __future__ import annotations

import functools
import importlib
import os
import sys
from typing import Any, List, Optional, Sequence

import click

from polyreversi import __version__
from polyreversi._status import exit_interrupted

#: Each subcommand (its module is ``polyreversi.cli.<name>_cmd``) and its one-line summary,
#: in the order ``polyreversi --help`` lists them. The summary is the command's short help
#: everywhere (the group's --help, the docs' CLI reference); its module owns the rest.
SUBCOMMANDS = {
    "play": "Play one game against built-in players, engines or people.",
    "selfplay": "Play many games between built-in players; write their records.",
    "replay": "Check every game of record files: legal moves, recorded results.",
    "show": "Print (or draw) a recorded game's board at any ply.",
    "convert": "Convert game files between every format polyreversi reads.",
    "perft": "Count the leaves a number of plies below the start.",
    "bench": "Quick speed figures: perft, random playouts, greedy games.",
    "solve": "Solve positions exactly (OBF lines): best move, score, nodes.",
    "analyse": "Analyse every ply of a recorded game with the search.",
    "match": "Play a match between players or engines: W/D/L and Elo.",
    "engine": "Run as an NBoard or GTP engine on standard input and output.",
}


class _Main(click.Group):
    """The command group: subcommands imported when named (:data:`SUBCOMMANDS`); an
    error writing the output (a full disk, ``> /dev/full``, a closed pipe) is one line
    on stderr and exit status 1, never a traceback; Ctrl-C (KeyboardInterrupt) while a
    subcommand is imported or runs is exit status 130 with nothing printed, as a shell
    reports a command stopped by SIGINT (click's own "Aborted!" and status 1 are not used;
    commands that keep their work on Ctrl-C, selfplay and match, say so first)."""

    def list_commands(self, ctx: click.Context) -> List[str]:
        return list(SUBCOMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> Optional[click.Command]:
        if name not in self.commands and name in SUBCOMMANDS:
            _load_engine()
            command: click.Command = importlib.import_module(_module(name)).command
            command.short_help = SUBCOMMANDS[name]
            if command.callback is not None:
                command.callback = _marks_its_start(command.callback)
            self.add_command(command)
        return self.commands.get(name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The subcommands and their summaries, without importing their modules."""
        with formatter.section("Commands"):
            formatter.write_dl(list(SUBCOMMANDS.items()))

    def parse_args(self, ctx: click.Context, args: List[str]) -> List[str]:
        words = ctx.meta[_ARGS] = list(args)  # every word of the command line (click's parser empties `args`)
        try:  # the group's own --help and --version print while the arguments are parsed
            result = super().parse_args(ctx, args)
            sys.stdout.flush()
            return result
        except click.ClickException as e:  # click's own: an unknown command or group option
            raise _cut_echoes(e, words, own=False)
        except OSError as e:
            raise _write_error(e) from None
        except KeyboardInterrupt:
            exit_interrupted()

    def invoke(self, ctx: click.Context) -> Any:
        try:
            result = super().invoke(ctx)
            sys.stdout.flush()  # so that a write error shows here, not at exit
            return result
        except click.ClickException as e:  # the subcommand's parsing and click's own checks are in here
            raise _cut_echoes(e, ctx.meta.get(_ARGS, ()), own=bool(ctx.meta.get(_STARTED)))
        except OSError as e:
            raise _write_error(e) from None
        except KeyboardInterrupt:
            exit_interrupted()


def _load_engine() -> None:
    """Imports the C++ engine before a subcommand, so that an engine that refuses to load
    (``POLYREVERSI_KERNELS`` naming no kernel set this CPU runs, a broken install) is one
    line on stderr and exit status 1, not a traceback. Not a ClickException: its handling
    here (:func:`_cut_echoes`) imports modules that need the engine."""
    try:
        importlib.import_module("polyreversi._core")
    except ImportError as e:
        click.echo(f"Error: {e}", err=True)
        sys.exit(1)


#: ctx.meta key of the command line's words (:meth:`_Main.parse_args`).
_ARGS = "polyreversi.args"
#: ctx.meta key set when the subcommand's own code starts (its arguments are parsed).
_STARTED = "polyreversi.started"


def _marks_its_start(callback: Any) -> Any:
    """``callback`` (a subcommand's function) marking in ctx.meta that it has started:
    an error raised after that is the command's own, before it click's parsing."""
    @functools.wraps(callback)
    def started(*args: Any, **kwargs: Any) -> Any:
        context = click.get_current_context(silent=True)
        if context is not None:  # None: the function called outside click (nothing to mark)
            context.meta[_STARTED] = True
        return callback(*args, **kwargs)

    return started


def _cut_echoes(error: click.ClickException, args: Sequence[str], own: bool) -> click.ClickException:
    """``error`` with every word of the command line it echoes whole cut as
    :func:`polyreversi.errors.quoted` cuts a value (its repr) or as
    :func:`~polyreversi.errors.shortened` (bare): click's own messages (a bad choice, a
    float option, an unknown option or command, an extra argument) echo what was typed,
    5 kB included. The one place for all of them. A message of click's parsing (``own``
    False) has each word longer than a value is shown
    (:data:`~polyreversi.errors.QUOTED_CHARS`) cut: no file is named by click (a file
    name is a plain text option or argument, read by the command). A message of the
    command's own code (``own``: raised once it has started) has only words longer than
    a file name is shown (:data:`~polyreversi.errors.QUOTED_NAME_CHARS`) cut: the
    command's messages cut values already, and show a file name whole up to that
    length, which a cut at the value limit would shorten again. A word is looked for
    whole, and in the parts click reads from it: each side of ``--name=value``, a value
    glued to a short option (``-nVALUE``)."""
    _load_engine()  # polyreversi.errors needs it: an engine that will not load is its own one line
    from polyreversi.errors import QUOTED_CHARS, QUOTED_NAME_CHARS, quoted, shortened

    parts = set()
    for arg in args:
        if not isinstance(arg, str):  # main([...]) called from Python with other objects
            continue
        parts.add(arg)
        if arg.startswith("-"):
            parts.update(arg.split("=", 1))
            if not arg.startswith("--"):
                parts.add(arg[2:])
    message = error.message
    longest = QUOTED_NAME_CHARS if own else QUOTED_CHARS
    for part in sorted((p for p in parts if len(p) > longest), key=len, reverse=True):
        # the repr first: the bare text is inside it
        message = message.replace(repr(part), quoted(part)).replace(part, shortened(part))
    setattr(error, "message", message)  # click types it Final: set once, at the exception's making
    return error


def _write_error(e: OSError) -> click.ClickException:
    """The one-line error for a failed write (stdout silenced so that exit does not fail again),
    worded as every writer words it (:func:`polyreversi.cli.output.output_error`)."""
    from polyreversi.cli.output import output_error

    _silence_stdout()
    if e.filename is not None:  # a file the command opened itself
        return click.ClickException(f"{e.filename}: {e.strerror or e}")
    return output_error("-", e)


def _silence_stdout() -> None:
    """Points the process's standard output at /dev/null, so that Python's final flush of
    what is still buffered does not fail a second time (a closed pipe, a full disk)."""
    if sys.stdout is not sys.__stdout__ or sys.stdout is None:
        return  # a replaced stdout (tests, an embedding program) is left alone
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


@click.group(cls=_Main, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="polyreversi")
def main() -> None:
    """polyreversi: Reversi (Othello) and its variants.

    Variants are written like 8x8, 10x10/anti, octagon/4p/blocked=b7,i3
    (see `polyreversi play --help`). FILE and OUT arguments take '-' for standard
    input and output (then name the format).
    """


def _module(name: str) -> str:
    """The module of subcommand ``name``."""
    return f"polyreversi.cli.{name}_cmd"
