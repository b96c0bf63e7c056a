"""Writing game records from a command: the --out check before any game is played
(and the refusal to replace an earlier run without --force), the write, game by
game for selfplay, and the one wording of a failed write."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, List, Optional, Sequence

import click

from polyreversi.errors import PolyreversiError, RecordError
from polyreversi.state import State
from polyreversi.variant import Variant

from polyreversi.cli.console import record_warnings_as_lines
from polyreversi.cli.input import format_of

if TYPE_CHECKING:
    from polyreversi.formats import PathLike
    from polyreversi.formats.writer import GameWriter
    from polyreversi.record import Record


def known_extensions() -> str:
    """The file extensions of every format (``.json, .jsonl, ...``), for help texts: read
    from the one registry, so that help and behaviour agree."""
    from polyreversi.formats import registry

    return ", ".join(registry.extensions())


def known_formats() -> str:
    """Every format name (``json, jsonl, ...``), for help texts, from the registry."""
    from polyreversi.formats import registry

    return ", ".join(registry.names())


#: The --force option of every command that writes a file (the rule is :func:`check_replace`).
force_option = click.option(
    "--force", is_flag=True,
    help="Replace an existing output that is not empty (a file, or a folder of Parquet shards as selfplay "
         "--ray writes); without it such an output is refused before anything runs, so that a rerun never "
         "overwrites earlier work.")


def check_to(path: Optional[str], fmt: Optional[str]) -> None:
    """Refuses ``--to`` (``fmt``) given without ``--out`` (``path``): it names the format
    of --out only, and nothing would be written in it (it was silently ignored).

    Raises:
        click.UsageError: ``fmt`` without ``path``.
    """
    if fmt is not None and path is None:
        raise click.UsageError("--to is the format of --out: give --out FILE too (nothing is written without it)")


def check_out(path: Optional[str], games: int = 1, variant: Optional[Variant] = None,
              fmt: Optional[str] = None, *, force: bool, draw: Optional[str] = None) -> Optional[str]:
    """Checks before any game is played that records can be written to ``path`` (``-``:
    standard output) in ``fmt`` (given with ``--to``) or the format its extension names:
    the format is written and holds ``games`` games of ``variant``, the path can be
    written (an existing folder that takes new files; not a folder, not a read-only file),
    and it replaces no earlier output unless ``force`` (:func:`check_replace`). ``draw``
    names the option that draws blocked squares for every game (``--blocked random``;
    :func:`polyreversi.cli.arguments.draw_option`): the format must hold them too.

    Returns the format name, or None without a path.

    Raises:
        click.BadParameter: naming the path once: an unknown or read-only format, a
            one-game format for many games, a variant the format cannot express, a path
            that cannot be written.
        click.UsageError: ``fmt`` without ``path`` (:func:`check_to`).
    """
    check_to(path, fmt)
    if path is None:
        return None
    from polyreversi import _files, formats
    from polyreversi.formats import registry

    shown = formats.source_name(path, writing=True)
    why = None if _shards(path) is not None else _files.check_writable(path)  # a folder of shards: below
    if why is not None:
        raise click.BadParameter(f"{shown}: {why}", param_hint="--out")
    try:
        fmt = format_of(path, fmt, "--to", reading=False)
        found = registry.check_writable(fmt)
        if games > 1 and not found.capabilities.many_games:
            raise RecordError(f"a {found.extensions[0]} file holds one game; use .jsonl for {games} games")
        if variant is not None:
            formats.check_expressible(variant, fmt)
        if variant is not None and draw is not None:
            try:  # any drawn squares: a format holds all blocked squares or none
                formats.check_expressible(variant.with_random_blocked(seed=0, count=1), fmt)
            except RecordError:
                raise RecordError(f"{found.title} cannot hold blocked squares, and {draw} draws them for every "
                                  "game") from None
    except RecordError as e:
        raise click.BadParameter(str(formats.in_context(e, shown)), param_hint="--out") from None
    check_replace(path, force, fmt=fmt)
    return fmt


def output_error(path: PathLike, error: OSError) -> click.ClickException:
    """The one wording of a failed write: ``FILE: cannot write: No space left on device``
    (``<stdout>`` for standard output), for every command and every output."""
    from polyreversi import formats

    return click.ClickException(f"{formats.source_name(path, writing=True)}: cannot write: {error.strerror or error}")


def check_replace(path: Optional[str], force: bool, param: str = "--out", fmt: Optional[str] = None) -> None:
    """The one rule of every command that writes a file (play, selfplay, convert, show):
    unless ``force`` (:data:`force_option`), refuses an output that would replace earlier
    work, an existing file that is not empty or a folder of Parquet shards (a games table
    ``selfplay --ray`` wrote; :func:`make_room` removes it when the output is written),
    before anything runs; standard output, pipes and devices are not refused. Any other
    folder is refused, ``force`` or not. The files written beside the output in ``fmt``
    (default: from the extension; WTHOR's ``.JOU`` / ``.TRN``) follow the same rule.
    ``param`` names the option or argument.

    Raises:
        click.BadParameter: naming the file and ``--force``.
    """
    from polyreversi import _files, formats

    if path is None or _files.is_stdio(path) or _files.open_descriptor(path) is not None:
        return
    _check_replace_one(path, force, param, shards=True)
    for companion in formats.companion_paths(path, fmt):
        _check_replace_one(companion, force, param, shards=False)


def _check_replace_one(path: str, force: bool, param: str, shards: bool) -> None:
    """:func:`check_replace` for one file; ``shards``: a folder of Parquet shards may be replaced."""
    import os

    from polyreversi.formats import source_name

    target = os.path.realpath(path)
    if os.path.isdir(target):
        names = _shards(target) if shards else None
        if names is None:
            raise click.BadParameter(f"{source_name(path)}: is a folder", param_hint=param)
        if not force:
            raise click.BadParameter(f"{source_name(path)}: exists (a folder of {len(names):,} Parquet shard(s)); give --force "
                                     "to replace it, or another name", param_hint=param)
        return
    if force:
        return
    if os.path.isfile(target) and os.path.getsize(target) > 0:
        raise click.BadParameter(f"{source_name(path)}: exists ({os.path.getsize(target):,} bytes); give --force to replace it, "
                                 "or another name", param_hint=param)


def _shards(path: str) -> Optional[List[str]]:
    """The shard names when ``path`` is a folder of Parquet shards, else None."""
    from polyreversi.formats.base import shards

    return shards(path)


def make_room(path: Optional[str]) -> None:
    """Removes a folder of Parquet shards at ``path`` (:func:`check_replace` let it through
    only with ``--force``) so that the output file can take its name; called just before
    the output is written, after every input is read.

    Raises:
        click.ClickException: a shard or the folder cannot be removed (naming it).
    """
    if path is None:
        return
    from polyreversi.formats.parquet import remove_shards

    try:
        remove_shards(path)
    except OSError as e:
        raise click.ClickException(f"{e.filename or path}: cannot replace: {e.strerror or e}") from None


def open_games(path: str, fmt: Optional[str]) -> GameWriter:
    """A :class:`polyreversi.formats.writer.GameWriter` for ``path`` in ``fmt``: each game
    written as it is added, the file complete however the run ends.

    Raises:
        click.ClickException: the file cannot be written (the message names it).
    """
    from polyreversi.formats.writer import GameWriter

    make_room(path)
    try:
        return GameWriter(path, fmt)
    except PolyreversiError as e:
        raise click.ClickException(str(e)) from None


def record_for(state: State, names: Sequence[str], **meta: Any) -> Record:
    """The game record of a played state (:func:`polyreversi.record.record_of`), with the
    players' names and the metadata given."""
    from polyreversi.record import record_of

    return record_of(state, players=list(names), **meta)


def write_records(path: str, records: Sequence[Record], fmt: Optional[str] = None) -> None:
    """Writes records to ``path`` in ``fmt`` or the format of its extension
    (:func:`polyreversi.formats.write`; ``-`` is standard output).

    What the format cannot hold is said as one ``warning: ...`` line on stderr
    (:func:`record_warnings_as_lines`).

    Raises:
        click.ClickException: the file cannot be written, or the format cannot express a
            game (e.g. GGF and a 4-player game); the message names the file.
    """
    from polyreversi.formats import write

    make_room(path)
    try:
        with record_warnings_as_lines():
            write(path, records, fmt)
    except PolyreversiError as e:
        raise click.ClickException(str(e)) from None



def writes_stdout(path: Optional[str]) -> bool:
    """True when writing ``path`` writes standard output (``-``, ``/dev/stdout``):
    the report then goes to stderr, so that the records alone are on stdout."""
    from polyreversi import _files

    return path is not None and (_files.is_stdio(path) or _files.open_descriptor(path) == 1)
