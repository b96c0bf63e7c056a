"""Reading game files from a command: the reader options, the format of a path, every
entry of a file, and one game of it."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, List, Mapping, Optional, Sequence, Tuple, TypeVar

import click

from polyreversi.errors import PolyreversiError, RecordError, quoted

from polyreversi.cli.lines import count_of

if TYPE_CHECKING:
    from polyreversi.formats.base import GameEntry

_F = TypeVar("_F", bound=Callable[..., Any])  # a command function, decorated

#: The command-line flag of each reader option (polyreversi.formats.check_options).
READER_FLAGS = {"variant": "--variant", "players_file": "--jou", "tournaments_file": "--trn"}


def reader_options(beside: str) -> Callable[[_F], _F]:
    """Adds the reader options of the formats that take one (``--variant`` for
    transcripts, ``--jou`` / ``--trn`` for WTHOR's name files) to a command; ``beside``
    names the file the WTHOR name files are looked for beside."""

    def decorate(f: _F) -> _F:
        # --jou / --trn, WTHOR's own names for them: --players sets the seats in the commands that play.
        f = click.option("--trn", "tournaments_file", default=None, metavar="FILE.TRN",
                         help=f"WTHOR tournament names file (default: WTHOR.TRN beside {beside}).")(f)
        f = click.option("--jou", "players_file", default=None, metavar="FILE.JOU",
                         help=f"WTHOR player names file (default: WTHOR.JOU beside {beside}).")(f)
        return click.option("--variant", default=None,
                            help="Variant of transcript games without a '# variant:' line (default 8x8).")(f)

    return decorate


def format_of(path: Optional[str], fmt: Optional[str], flag: str, *, reading: bool = True) -> str:
    """The format of ``path``: ``fmt`` (given with ``flag``, e.g. ``--to``) or its extension.
    ``reading``: ``path`` is an input (a missing one is ``no such file``, whatever its
    name); False for an output, which need not exist yet.

    Raises:
        RecordError: an unknown ``fmt`` (naming the flag), an unknown extension or ``-``
            without ``fmt`` (both saying to give ``flag``), a missing input.
    """
    from polyreversi import formats
    from polyreversi.formats import registry

    if fmt is not None and fmt.lower() not in registry.names():
        raise RecordError(f"{flag} {quoted(fmt)}: unknown format; known: {', '.join(registry.names())}")
    if path is not None and path == "-" and fmt is None:
        stream = "standard output" if flag == "--to" else "standard input"
        raise RecordError(f"{stream} has no extension; give {flag} FORMAT")
    return formats.detect_format(path, fmt, hint=f"give {flag} FORMAT", reading=reading)


def read_entries(path: str, fmt: Optional[str], options: Optional[Mapping[str, object]] = None, *,
                 flag: str = "--format", allow_empty: bool = False,
                 **reader_options: object) -> Tuple[str, List[GameEntry]]:
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
        raise formats.no_games(path)
    return fmt, entries


def entries_as_recorded(path: str, fmt: Optional[str],
                        options: Optional[Mapping[str, object]] = None) -> Tuple[str, List[GameEntry]]:
    """:func:`read_entries` without the replay some readers (JSON) make of each record:
    ``show`` and ``replay --ply`` show a record that turns illegal up to its illegal move.

    Raises:
        RecordError: as :func:`read_entries`.
    """
    from polyreversi import formats

    try:
        replays = "validate" in formats.capabilities(format_of(path, fmt, "--format")).read_options
    except PolyreversiError:
        replays = False  # read_entries says what is wrong
    return read_entries(path, fmt, options, validate=False) if replays else read_entries(path, fmt, options)


def game_entry(entries: Sequence[GameEntry], game: int, path: str) -> GameEntry:
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
