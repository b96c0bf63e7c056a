"""``polyreversi convert``: convert game files between formats."""
from __future__ import annotations

import contextlib
import warnings
from typing import List

import click

from polyreversi.errors import PolyreversiError, RecordError, RecordWarning
from polyreversi import formats
from polyreversi.formats import registry
from polyreversi.formats import READABLE, WRITABLE, iter_games, write

from polyreversi.cli.common import READER_FLAGS, format_of


@click.command("convert")
@click.argument("source", metavar="IN")
@click.argument("target", metavar="OUT")
@click.option("--from", "from_fmt", default=None, metavar="FORMAT",
              help=f"Format of IN: {', '.join(READABLE)} (default: from the extension).")
@click.option("--to", "to_fmt", default=None, metavar="FORMAT",
              help=f"Format of OUT: {', '.join(WRITABLE)} (default: from the extension).")
@click.option("--variant", default=None, help="Variant of transcript games without a '# variant:' line (default 8x8).")
@click.option("--players", "players_file", default=None, metavar="JOU",
              help="WTHOR player names (default: WTHOR.JOU beside IN).")
@click.option("--tournaments", "tournaments_file", default=None, metavar="TRN",
              help="WTHOR tournament names (default: WTHOR.TRN beside IN).")
@click.option("--skip-bad", is_flag=True,
              help="Leave out games that cannot be read, do not replay or cannot be written in OUT's format "
                   "(each is named on stderr) instead of stopping.")
def command(source, target, from_fmt, to_fmt, variant, players_file, tournaments_file, skip_bad) -> None:
    """Convert the games of IN to OUT: JSON (.json, one game), JSON Lines (.jsonl),
    GGF (.ggf), transcripts (.txt), WTHOR (.wtb, with its .JOU and .TRN name files).

    Every game is replayed first; passes become explicit in JSON and GGF. A game the
    target format cannot express (a 4-player game in GGF, a custom start in a
    transcript) stops the conversion with its number unless --skip-bad. OUT is
    written atomically: an error leaves it as it was. Fields OUT's format cannot
    hold are named in one warning line.

    \b
    Examples:
      polyreversi convert ../shared/data/wthor/WTH_2015.wtb wth2015.jsonl
      polyreversi convert games.ggf games.txt
      polyreversi convert game.json game.ggf
    """
    with _record_warnings_as_lines():
        records, src_fmt, dst_fmt = _convert(source, target, from_fmt, to_fmt, variant, players_file,
                                             tournaments_file, skip_bad)
    click.echo(f"converted {len(records)} game(s) from {source} ({src_fmt}) to {target} ({dst_fmt})", err=True)


@contextlib.contextmanager
def _record_warnings_as_lines():
    """Each RecordWarning (a field the target cannot hold, a missing name file) once,
    as one ``warning: ...`` line on stderr, even when the command then fails."""
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


def _convert(source, target, from_fmt, to_fmt, variant, players_file, tournaments_file, skip_bad):
    try:
        src_fmt = format_of(source, from_fmt, "--from")
        dst_fmt = format_of(target, to_fmt, "--to")
        options = formats.check_options(src_fmt, {"variant": variant, "players_file": players_file,
                                                  "tournaments_file": tournaments_file}, READER_FLAGS)
        registry.check_writable(dst_fmt)
        records = _read(source, src_fmt, options, dst_fmt, skip_bad)
        write(target, records, dst_fmt)
    except PolyreversiError as e:
        raise click.ClickException(str(e)) from None
    return records, src_fmt, dst_fmt


def _read(source: str, src_fmt: str, options: dict, dst_fmt: str, skip_bad: bool) -> List:
    records = []
    skipped = 0
    for entry in iter_games(source, src_fmt, **options):
        error = entry.error
        record = entry.record
        if error is None and skip_bad:  # otherwise the writer stops at the first bad game
            try:
                with warnings.catch_warnings():  # what is lost is said once, by the write
                    warnings.simplefilter("ignore", RecordWarning)
                    formats.encode([record], dst_fmt)
            except RecordError as e:
                error = RecordError(f"game {entry.number} ({record.title()}): {e}")
        if error is None:
            records.append(record)
            continue
        if not skip_bad:
            raise error
        skipped += 1
        click.echo(f"skipped: {error}", err=True)
    if skipped:
        click.echo(f"skipped {skipped} game(s)", err=True)
    return records
