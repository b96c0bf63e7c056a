"""The ``selfplay`` command's Parquet output and Ray runs (:mod:`polyreversi.datasets`,
:mod:`polyreversi.distributed`), with their errors as command-line errors."""
from __future__ import annotations

import os
from typing import Optional, Sequence

import click

from polyreversi.errors import PolyreversiError


def check_parquet_out(path: str) -> None:
    """Checks before any game is played that a Parquet output can be written: pyarrow is
    installed and the folder exists and is writable.

    Raises:
        click.BadParameter: no pyarrow, a missing or read-only folder.
    """
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise click.BadParameter(f"{path}: Parquet needs pyarrow: pip install 'polyreversi[parquet]'",
                                 param_hint="--out") from None
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise click.BadParameter(f"{path}: the folder {folder} does not exist", param_hint="--out")
    if not os.access(folder, os.W_OK):
        raise click.BadParameter(f"{path}: the folder {folder} is not writable", param_hint="--out")


def write_parquet(path: str, records: Sequence) -> None:
    """Writes records as a Parquet games table (:func:`polyreversi.datasets.write_games`).

    Raises:
        click.ClickException: the file cannot be written (the message names it).
    """
    from polyreversi.datasets import write_games

    try:
        write_games(path, records)
    except (PolyreversiError, OSError) as e:
        raise click.ClickException(f"{path}: {e}") from None


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
