"""``polyreversi convert``: convert game files between formats."""
from __future__ import annotations

from typing import Callable, List

import click

from polyreversi.errors import PolyreversiError, RecordError
from polyreversi.formats import READABLE, WRITABLE, detect_format, iter_games, write


def _dumper(fmt: str) -> Callable:
    """The function that turns one record into the text of ``fmt`` (raises when it cannot)."""
    if fmt in ("json", "jsonl"):
        from polyreversi.formats import json_record

        return json_record.dumps_line
    if fmt == "ggf":
        from polyreversi.formats import ggf

        return ggf.dumps
    from polyreversi.formats import transcript

    return transcript.dumps


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
    GGF (.ggf), transcripts (.txt); WTHOR (.wtb) is read only.

    Every game is replayed first; passes become explicit in JSON and GGF. A game the
    target format cannot express (a 4-player game in GGF, a custom start in a
    transcript) stops the conversion with its number unless --skip-bad. OUT is
    written atomically: an error leaves it as it was.

    \b
    Examples:
      polyreversi convert ../shared/data/wthor/WTH_2015.wtb wth2015.jsonl
      polyreversi convert games.ggf games.txt
      polyreversi convert game.json game.ggf
    """
    try:
        src_fmt = detect_format(source, from_fmt)
        if to_fmt is not None and to_fmt.lower() == "wthor":
            raise RecordError("--to wthor: WTHOR files are read-only here; write json, jsonl, ggf or transcript")
        if to_fmt is not None and to_fmt.lower() not in WRITABLE:
            raise RecordError(f"--to {to_fmt}: unknown format; writable: {', '.join(WRITABLE)}")
        dst_fmt = to_fmt.lower() if to_fmt is not None else detect_format(target)
        if dst_fmt == "wthor":
            raise RecordError(f"{target}: WTHOR files are read-only here; write json, jsonl, ggf or transcript")
        options = {"variant": variant, "players_file": players_file, "tournaments_file": tournaments_file}
        applies = {"variant": "transcript", "players_file": "wthor", "tournaments_file": "wthor"}
        for name, value in options.items():
            if value is not None and applies[name] != src_fmt:
                flag = {"variant": "--variant", "players_file": "--players", "tournaments_file": "--tournaments"}[name]
                raise RecordError(f"{flag} applies to {applies[name]} files, not {src_fmt}")
        records = _read(source, src_fmt, {k: v for k, v in options.items() if v is not None}, dst_fmt, skip_bad)
        if dst_fmt == "json" and len(records) != 1:
            raise RecordError(f"{target}: a .json file holds one game, not {len(records)}; use .jsonl")
        write(target, records, dst_fmt)
    except PolyreversiError as e:
        raise click.ClickException(str(e)) from None
    click.echo(f"converted {len(records)} game(s) from {source} ({src_fmt}) to {target} ({dst_fmt})", err=True)


def _read(source: str, src_fmt: str, options: dict, dst_fmt: str, skip_bad: bool) -> List:
    dump = _dumper(dst_fmt)
    records = []
    skipped = 0
    for entry in iter_games(source, src_fmt, **options):
        error = entry.error
        record = entry.record
        if error is None and skip_bad:  # otherwise the writer stops at the first bad game
            try:
                dump(record)
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
