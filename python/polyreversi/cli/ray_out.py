"""The ``selfplay`` command's Ray runs (:mod:`polyreversi.distributed`) and their folder
of Parquet shards, with their errors as command-line errors."""
from __future__ import annotations

import os
from typing import Callable, Optional, Sequence

import click

from polyreversi.formats import source_name

# At run time, not only for type checking: the API reference resolves Tally by its module
# (match.runner has a Tally too); selfplay_cmd, the one caller, has imported both already.
from polyreversi.selfplay import Blocked, Tally
from polyreversi.variant import Variant


def check_shards_out(path: str, to_fmt: Optional[str], force: bool) -> None:
    """Checks before any game is played that ``--ray`` can write its shards to ``path``:
    Parquet (``NAME.parquet`` or ``--to parquet``), pyarrow installed, and a folder that
    holds no other run (:func:`polyreversi.distributed.prepare_folder`; with ``force``
    the earlier run's shards are removed now). A file of that name is replaced by the
    folder as any output is (:func:`polyreversi.cli.output.check_replace`: one that is
    not empty only with ``force``).

    Raises:
        click.BadParameter: naming the path once.
    """
    from polyreversi._files import check_writable
    from polyreversi.cli.output import check_replace
    from polyreversi.formats.base import shards
    from polyreversi.distributed import prepare_folder

    if (to_fmt or "").lower() != "parquet" and not (to_fmt is None and path.lower().endswith(".parquet")):
        raise click.BadParameter("with --ray, records are written as Parquet shards: use NAME.parquet",
                                 param_hint="--out")
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise click.BadParameter(f"{source_name(path)}: Parquet needs pyarrow: pip install 'polyreversi[parquet]'",
                                 param_hint="--out") from None
    why = None if os.path.isdir(path) else check_writable(path)
    if why is not None:
        raise click.BadParameter(f"{source_name(path)}: {why}", param_hint="--out")
    try:
        if os.path.isfile(path) or shards(path) is not None:
            check_replace(path, force)  # the one wording of an earlier output
        if os.path.isfile(path):
            os.unlink(path)
        prepare_folder(path, replace=force)
    except OSError as e:
        raise click.BadParameter(str(e) if isinstance(e, FileExistsError) else f"{source_name(path)}: {e.strerror or e}",
                                 param_hint="--out") from None


def run_on_ray(variant: Variant, names: Sequence[str], games: int, seed: int, blocked: Blocked, out: Optional[str],
               address: str, on_shard: Callable[[Tally], None]) -> Tally:
    """The tally of a ``selfplay`` run played on Ray (:func:`polyreversi.distributed.ray_selfplay`).

    Raises:
        click.ClickException: no ray installed, or Ray cannot be reached.
        click.BadParameter: an address Ray cannot read (its message).
    """
    from polyreversi.distributed import connect, ray_selfplay

    try:
        # Alone first (ray_selfplay's own connect is then a no-op): Ray refuses an address
        # it cannot read with ValueError, which elsewhere in the run would be no address's.
        connect(address)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="--ray") from None
    except ImportError as e:
        raise click.ClickException(str(e)) from None
    except ConnectionError as e:
        raise click.ClickException(f"--ray {address}: {e}") from None
    try:
        return ray_selfplay(variant, names, games, seed, blocked, out=out, address=address, on_shard=on_shard)
    except ImportError as e:
        raise click.ClickException(str(e)) from None
    except ConnectionError as e:
        raise click.ClickException(f"--ray {address}: {e}") from None
