"""``polyreversi replay``: replay every game of record files and check their results."""
from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import List, Optional, Sequence, Tuple

import click

from polyreversi._core import Color
from polyreversi.errors import PolyreversiError, RecordError
from polyreversi.formats import READABLE, GameEntry, UnsupportedGameError, detect_format, iter_games
from polyreversi.replay import Replay, ReplayError
from polyreversi.text import board_text
from polyreversi.vocabulary import color_name

# Progress bars only for files at least this long (and only on a terminal).
PROGRESS_MIN_GAMES = 200


@dataclass
class FileReport:
    """What replaying one file found."""

    path: str
    fmt: str
    read: int = 0
    legal: int = 0
    matched: int = 0
    unfinished: int = 0
    early: int = 0  # resigned, time, agreed
    unchecked: int = 0  # finished, no result recorded
    mismatches: int = 0
    illegal: int = 0
    unreadable: int = 0
    unsupported: int = 0  # well-formed games the engine cannot play (GGF 4x4)
    notes: List[Tuple[str, str]] = field(default_factory=list)  # (kind, line)

    @property
    def failed(self) -> bool:
        return bool(self.mismatches or self.illegal or self.unreadable)


def replay_file(path: str, fmt: Optional[str], options: dict, progress: bool) -> FileReport:
    """Replays every game of a file and counts what it finds.

    Raises:
        RecordError: the file cannot be read at all.
    """
    fmt = detect_format(path, fmt)
    entries = list(iter_games(path, fmt, **_options_for(fmt, options)))
    report = FileReport(path, fmt, read=len(entries))
    for entry in _progress(entries, Path(path).name, progress):
        _replay_entry(entry, report)
    return report


def _replay_entry(entry: GameEntry, report: FileReport) -> None:
    if entry.error is not None:
        error, kind = entry.error, "unreadable"
        if isinstance(error, ReplayError):
            kind = "illegal"
        elif isinstance(error, UnsupportedGameError):
            kind = "unsupported"
        setattr(report, kind, getattr(report, kind) + 1)
        report.notes.append((kind, f"{kind}: {_located(str(error), report.path, entry.number)}"))
        return
    record = entry.record
    who = f"game {entry.number} ({record.title()})"
    try:
        replay = Replay(record)
    except ReplayError as e:
        report.illegal += 1
        report.notes.append(("illegal", f"illegal: {who}: {e}"))
        return
    except RecordError as e:
        report.unreadable += 1
        report.notes.append(("unreadable", f"unreadable: {who}: {e}"))
        return
    report.legal += 1
    check = replay.check()
    if check.status == "match":
        report.matched += 1
    elif check.status == "mismatch":
        report.mismatches += 1
        report.notes.append(("mismatch", f"mismatch: {who}: {check.message}"))
    elif check.status == "unfinished":
        report.unfinished += 1
        report.notes.append(("unfinished", f"unfinished: {who}: {check.message}"))
    elif check.status == "unchecked":
        report.unchecked += 1
    else:
        report.early += 1
        report.notes.append((check.status, f"{check.status}: {who}: {check.message}"))


def _located(message: str, path: str, number: int) -> str:
    """An error message without the file's name (the report names it), starting with the game."""
    if message.startswith(f"{path}: "):
        message = message[len(path) + 2:]
    return message if f"game {number}" in message else f"game {number}: {message}"


def summary_lines(report: FileReport) -> List[str]:
    """The summary of one file, as printed."""
    lines = [
        f"{report.path} ({report.fmt})",
        f"  games read:                   {report.read}",
        f"  replayed legally:             {report.legal}",
        f"  finished, result matches:     {report.matched}",
        f"  unfinished (stopped early):   {report.unfinished}",
    ]
    if report.early:
        lines.append(f"  resigned / time / agreed:     {report.early}")
    if report.unchecked:
        lines.append(f"  finished, no recorded result: {report.unchecked}")
    lines += [
        f"  result mismatches:            {report.mismatches}",
        f"  illegal games:                {report.illegal}",
    ]
    if report.unreadable:
        lines.append(f"  unreadable games:             {report.unreadable}")
    if report.unsupported:
        lines.append(f"  games the engine cannot play: {report.unsupported}")
    lines += [f"  {line}" for _, line in report.notes]
    return lines


def show_position(path: str, fmt: Optional[str], options: dict, game: int, ply: Optional[int]) -> int:
    """Prints the board of one game at one ply; returns the exit status."""
    fmt = detect_format(path, fmt)
    entries = list(iter_games(path, fmt, **_options_for(fmt, options)))
    if not 1 <= game <= len(entries):
        raise click.ClickException(f"--game {game}: {path} has {len(entries)} game(s), numbered from 1")
    entry = entries[game - 1]
    if entry.error is not None and not isinstance(entry.error, ReplayError):
        raise click.ClickException(str(entry.error))
    record = entry.record
    if record is None:  # a JSON record that does not replay: read it again without the check
        record = _unchecked_record(path, fmt, game)
    bad: Optional[ReplayError] = None
    try:
        replay = Replay(record)
        states = len(replay)
    except ReplayError as e:
        # the states up to the one before the bad move replay legally
        bad, replay, states = e, None, len(e.state.moves()) + 1
    k = states - 1 if ply is None else ply
    if k < 0:
        k += states
    if not 0 <= k < states:
        limit = f"0..{states - 1}" + (f" (the move at ply {bad.ply} is illegal)" if bad else "")
        raise click.ClickException(f"--ply {ply}: game {game} has plies {limit}")
    if replay is not None:
        state = replay[k]
    else:
        state = bad.state.copy()
        for _ in range(states - 1 - k):
            state.undo()
    title = record.title()
    event = record.meta.get("event")
    click.echo(f"{path}: game {game} ({title}{', ' + str(event) if event else ''}), ply {k} of {states - 1}")
    click.echo(board_text(state))
    click.echo(_status(state))
    if bad is not None:
        click.echo(f"illegal: {bad}")
        return 1
    return 0


def _status(state) -> str:
    colors = list(Color)[: state.variant.players]
    scores = ", ".join(f"{color_name(c)} {s}" for c, s in zip(colors, state.scores()))
    if state.is_over():
        return f"game over: {scores}"
    return f"{color_name(state.to_move)} to move: {scores}"


def _unchecked_record(path: str, fmt: str, game: int):
    for entry in iter_games(path, fmt, validate=False):
        if entry.number == game:
            if entry.error is not None:
                raise click.ClickException(f"game {game}: cannot be read: {entry.error}")
            return entry.record
    raise click.ClickException(f"--game {game}: not found in {path}")  # pragma: no cover


def _options_for(fmt: str, options: dict) -> dict:
    """The reader options that apply to ``fmt``; an option given for another format is an error."""
    applies = {"variant": ("transcript",), "players_file": ("wthor",), "tournaments_file": ("wthor",)}
    flags = {"variant": "--variant", "players_file": "--players", "tournaments_file": "--tournaments"}
    out = {}
    for name, value in options.items():
        if value is None:
            continue
        if fmt not in applies[name]:
            raise click.ClickException(f"{flags[name]} applies to {applies[name][0]} files, not {fmt}")
        out[name] = value
    return out


def _progress(entries: Sequence[GameEntry], label: str, enabled: bool):
    if not enabled or len(entries) < PROGRESS_MIN_GAMES:
        yield from entries
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(f"replaying {label}", total=len(entries))
        for entry in entries:
            yield entry
            bar.advance(task)


@click.command("replay")
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("--format", "-f", "fmt", default=None, metavar="FORMAT",
              help=f"File format: {', '.join(READABLE)} (default: from each file's extension).")
@click.option("--variant", default=None, help="Variant of transcript games without a '# variant:' line (default 8x8).")
@click.option("--players", "players_file", default=None, metavar="JOU",
              help="WTHOR player names (default: WTHOR.JOU beside the file).")
@click.option("--tournaments", "tournaments_file", default=None, metavar="TRN",
              help="WTHOR tournament names (default: WTHOR.TRN beside the file).")
@click.option("--game", type=int, default=None, help="With --ply: the game to show, numbered from 1.")
@click.option("--ply", type=int, default=None,
              help="Print the board of --game after this many plies (negative: from the end).")
def command(files, fmt, variant, players_file, tournaments_file, game, ply) -> None:
    """Replay every game of FILE... (JSON, JSON Lines, GGF, WTHOR .wtb or transcripts),
    checking each move, and compare the final disks with the recorded results.

    Prints, per file: the games read, those that replay legally, the finished games
    whose result matches, the unfinished ones, and every mismatch or illegal game
    with its number and players. Games are numbered from 1. Exit status 1 if any
    game is illegal, unreadable or does not match its result, or a file cannot be
    read; games the engine cannot play (a 4x4 GGF game) are listed but do not fail.

    \b
    Examples:
      polyreversi replay ../shared/data/wthor/WTH_2015.wtb
      polyreversi replay games.ggf games.jsonl
      polyreversi replay games.txt --variant 10x10
      polyreversi replay WTH_2015.wtb --game 12 --ply 30
    """
    if fmt is not None and fmt.lower() not in READABLE:
        raise click.ClickException(f"--format {fmt}: unknown format; known: {', '.join(READABLE)}")
    options = {"variant": variant, "players_file": players_file, "tournaments_file": tournaments_file}
    if game is not None or ply is not None:
        if len(files) != 1:
            raise click.ClickException("--game/--ply show one game: give one FILE")
        try:
            status = show_position(files[0], fmt, options, game if game is not None else 1, ply)
        except PolyreversiError as e:
            raise click.ClickException(str(e)) from None
        sys.exit(status)
    progress = sys.stderr.isatty()
    failed = False
    totals = FileReport("total", "all")
    for path in files:
        try:
            report = replay_file(path, fmt, options, progress)
        except PolyreversiError as e:
            click.echo(f"Error: {e}", err=True)
            failed = True
            continue
        click.echo("\n".join(summary_lines(report)))
        failed = failed or report.failed
        for name in ("read", "legal", "matched", "unfinished", "early", "unchecked", "mismatches", "illegal",
                     "unreadable", "unsupported"):
            setattr(totals, name, getattr(totals, name) + getattr(report, name))
    if len(files) > 1:
        click.echo(
            f"total: {totals.read} games read, {totals.legal} replayed legally, {totals.matched} finished games "
            f"match, {totals.unfinished} unfinished, {totals.mismatches} mismatches, {totals.illegal} illegal, "
            f"{totals.unreadable} unreadable, {totals.unsupported} the engine cannot play"
        )
    sys.exit(1 if failed else 0)
