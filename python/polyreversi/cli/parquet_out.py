"""The ``selfplay`` command's Parquet output and Ray runs (:mod:`polyreversi.datasets`,
:mod:`polyreversi.distributed`), with their errors as command-line errors."""
from __future__ import annotations

import os
from typing import Optional, Sequence

import click

from polyreversi.errors import PolyreversiError


def check_parquet_out(path: str, shards: bool = False) -> None:
    """Checks before any game is played that a Parquet output can be written: pyarrow is
    installed and the path can be written as ``--out`` of any other format
    (:func:`polyreversi._files.check_writable`: not a folder, not a read-only file, in a
    folder that takes new files). With ``shards`` (``--ray``) the path is a folder of
    shards: an existing folder must take new files, an existing file is refused.

    Raises:
        click.BadParameter: no pyarrow, or why the path cannot be written (naming it once).
    """
    from polyreversi._files import check_writable

    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise click.BadParameter(f"{path}: Parquet needs pyarrow: pip install 'polyreversi[parquet]'",
                                 param_hint="--out") from None
    if shards and os.path.isdir(path):
        why = check_writable(os.path.join(path, "part-0000000000.parquet"))
    elif shards and os.path.exists(path):
        why = "is a file; with --ray, NAME.parquet is a folder of shards"
    else:
        why = check_writable(path)
    if why is not None:
        raise click.BadParameter(f"{path}: {why}", param_hint="--out")


def write_parquet(path: str, records: Sequence) -> None:
    """Writes records as a Parquet games table (:func:`polyreversi.datasets.write_games`).

    Raises:
        click.ClickException: the file cannot be written (the message names it).
    """
    from polyreversi.datasets import write_games

    try:
        write_games(path, records)
    except PolyreversiError as e:
        raise click.ClickException(str(e) if str(e).startswith(f"{path}: ") else f"{path}: {e}") from None
    except OSError as e:  # the temporary file's name is not the user's business
        raise click.ClickException(f"{path}: cannot write: {e.strerror or e}") from None


def run_on_ray(variant, names, games: int, seed: int, blocked, out: Optional[str], address: str, on_shard):
    """The tally of a ``selfplay`` run played on Ray (:func:`polyreversi.distributed.ray_selfplay`).

    Raises:
        click.ClickException: no ray installed, or Ray cannot be reached.
    """
    from polyreversi.distributed import ray_selfplay

    try:
        return ray_selfplay(variant, names, games, seed, blocked, out=out, address=address, on_shard=on_shard)
    except ImportError as e:
        raise click.ClickException(str(e)) from None
    except ConnectionError as e:
        raise click.ClickException(f"--ray {address}: {e}") from None
