"""``polyreversi convert``: convert game files between formats."""
from __future__ import annotations

import warnings
from typing import List, Optional, Tuple

import click

from polyreversi.errors import PolyreversiError, RecordError, RecordWarning
from polyreversi import formats
from polyreversi.formats import registry
from polyreversi.formats import write
from polyreversi.formats.base import GameEntry
from polyreversi.record import Record
from polyreversi.replay import Replay

from polyreversi.cli.console import record_warnings_as_lines
from polyreversi.cli.input import format_of, read_entries, reader_options
from polyreversi.cli.lines import count_of
from polyreversi.cli.output import check_replace, force_option, known_formats, make_room


@click.command("convert")
@click.argument("source", metavar="IN")
@click.argument("target", metavar="OUT")
@click.option("--from", "from_fmt", default=None, metavar="FORMAT",
              help=f"Format of IN: {known_formats()} (default: from the extension).")
@click.option("--to", "to_fmt", default=None, metavar="FORMAT",
              help=f"Format of OUT: {known_formats()} (default: from the extension).")
@reader_options(beside="IN")
@click.option("--allow-empty", is_flag=True, help="An IN with no game is not an error (OUT then holds none).")
@click.option("--skip-bad", is_flag=True,
              help="Leave out games that cannot be read, do not replay or cannot be written in OUT's format "
                   "(each is named on stderr) instead of stopping.")
@force_option
def command(source: str, target: str, from_fmt: Optional[str], to_fmt: Optional[str], variant: Optional[str],
            players_file: Optional[str], tournaments_file: Optional[str], allow_empty: bool, skip_bad: bool,
            force: bool) -> None:
    """Convert the games of IN to OUT: JSON (.json, one game), JSON Lines (.jsonl),
    GGF (.ggf), transcripts (.txt), WTHOR (.wtb, with its .JOU and .TRN name files),
    Parquet (.parquet, a file or a folder of shards), OBF positions (.obf).

    Every game is replayed first; passes become explicit in JSON and GGF. A game the
    target format cannot express (a 4-player game in GGF, a custom start in a
    transcript) stops the conversion with its number unless --skip-bad; when every
    game is skipped, nothing is written and the exit status is 1. OUT is written
    atomically: an error leaves it as it was; an existing OUT that is not empty is
    refused before IN is read, unless --force. Fields OUT's format cannot hold are
    named in one warning line.

    \b
    Examples:
      polyreversi convert ../shared/data/wthor/WTH_2015.wtb wth2015.jsonl
      polyreversi convert games.ggf games.txt
      polyreversi convert game.json game.ggf
    """
    check_replace(target, force, param="OUT", fmt=to_fmt)
    with record_warnings_as_lines():
        records, src_fmt, dst_fmt = _convert(source, target, from_fmt, to_fmt, variant, players_file,
                                             tournaments_file, allow_empty, skip_bad)
    click.echo(f"converted {count_of(len(records), 'game')} from {formats.source_name(source)} ({src_fmt}) to "
               f"{formats.source_name(target, writing=True)} ({dst_fmt})", err=True)


def _convert(source: str, target: str, from_fmt: Optional[str], to_fmt: Optional[str], variant: Optional[str],
             players_file: Optional[str], tournaments_file: Optional[str], allow_empty: bool,
             skip_bad: bool) -> Tuple[List[Record], str, str]:
    try:
        dst_fmt = format_of(target, to_fmt, "--to", reading=False)
        registry.check_writable(dst_fmt)
        options = {"variant": variant, "players_file": players_file, "tournaments_file": tournaments_file}
        src_fmt, entries = read_entries(source, from_fmt, options, flag="--from", allow_empty=allow_empty)
        records = _keep(entries, formats.source_name(source), dst_fmt, skip_bad)
        if entries and not records:  # every game skipped: an empty OUT would only hide that
            raise RecordError(f"{formats.source_name(source)}: all {count_of(len(entries), 'game')} skipped; "
                              f"{formats.source_name(target, writing=True)} not written")
        make_room(target)
        write(target, records, dst_fmt)
    except PolyreversiError as e:
        raise click.ClickException(str(e)) from None
    return records, src_fmt, dst_fmt


def _keep(entries: List[GameEntry], source: str, dst_fmt: str, skip_bad: bool) -> List[Record]:
    """The records to write: every one, or (``skip_bad``) those that read, replay and can
    be written in ``dst_fmt``, each other one named on stderr. A game that does not
    replay is an error of IN (named ``source``), not of OUT."""
    records: List[Record] = []
    skipped = 0
    for entry in entries:
        error = entry.error
        record = entry.record
        if error is None and record is not None:  # an entry holds a record or an error
            try:
                Replay(record)
            except RecordError as e:
                error = formats.in_context(formats.in_context(e, f"game {entry.number}"), source)
        if error is None and record is not None and skip_bad:  # otherwise the writer stops at the first bad game
            try:
                with warnings.catch_warnings():  # what is lost is said once, by the write
                    warnings.simplefilter("ignore", RecordWarning)
                    formats.encode([record], dst_fmt)
            except RecordError as e:
                error = RecordError(f"game {entry.number} ({record.title()}): {e}")
        if error is None and record is not None:
            records.append(record)
            continue
        error = error or RecordError(f"game {entry.number}: neither a record nor an error")
        if not skip_bad:
            raise error
        skipped += 1
        click.echo(f"skipped: {error}", err=True)
    if skipped:
        click.echo(f"skipped {count_of(skipped, 'game')}", err=True)
    return records
