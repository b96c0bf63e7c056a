"""Self-play past one machine: the games of ``polyreversi selfplay`` split over Ray workers.

Each worker plays a contiguous range of the game numbers with exactly the seeds
the single-machine run gives those games, so a run on a cluster plays the same
games as ``polyreversi selfplay`` with the same seed:

- every seat a built-in policy (one per seat) on a fixed board: the games are played by
  :func:`polyreversi.play_games` in chunks of :data:`CHUNK` games, chunk ``c``
  with seed ``seed + c * CHUNK`` (as ``selfplay`` does), so shards are whole chunks;
- otherwise game ``k`` is :func:`polyreversi.players.play_seeded_game` with the
  ``k``-th 63-bit draw of ``random.Random(seed_key(seed))``, from the ``k``-th
  balanced opening when no seat draws from its seed (as
  :func:`polyreversi.players.play_series` does).

With an output, each worker writes its own Parquet shard
``OUT/part-FIRSTGAME.parquet`` (a folder of shards that pandas, polars and
:func:`polyreversi.datasets.read_games` read as one table).
Needs ``pip install 'polyreversi[ray]'`` (and ``[parquet]`` for output).
"""
from __future__ import annotations

import fnmatch
import os
import random
from typing import Any, Callable, Iterable, Iterator, List, Optional, Sequence, Tuple

from polyreversi.formats import source_name
from polyreversi.formats.base import SHARD_GLOB
from polyreversi.record import record_of
from polyreversi.selfplay import CHUNK, Blocked, Tally, native, native_games
from polyreversi.state import State
from polyreversi.variant import Variant, as_variant
#: Games per shard of the Python path.
PYTHON_SHARD = 250


def shards(games: int, names: Sequence[str], blocked: Blocked) -> List[Tuple[int, int]]:
    """``(first, count)`` ranges covering games 0..games-1, on the run's chunk boundaries."""
    size = CHUNK if native(names, blocked) else PYTHON_SHARD
    return [(first, min(size, games - first)) for first in range(0, games, size)]


def game_seeds(seed: int, first: int, count: int) -> List[int]:
    """The seeds of games ``first .. first+count-1`` of :func:`polyreversi.players.play_series`."""
    from polyreversi.players import seed_key

    master = random.Random(seed_key(seed))  # as play_series
    for _ in range(first):
        master.getrandbits(63)
    return [master.getrandbits(63) for _ in range(count)]


def play_range(variant: Variant, names: Sequence[str], seed: int, blocked: Blocked, first: int,
               count: int) -> Iterator[State]:
    """The final states of games ``first .. first+count-1`` of a ``selfplay`` run."""
    from polyreversi.players import play_seeded_game, series_openings

    if native(names, blocked):
        if first % CHUNK:
            raise ValueError(f"first: native shards start on a multiple of {CHUNK}, got {first}")
        yield from native_games(variant, list(names), count, seed + first, chunk=CHUNK)
        return
    openings = series_openings(variant, names, blocked)  # as play_series: game k from opening k
    for k, game_seed in enumerate(game_seeds(seed, first, count), first):
        start = openings[k % len(openings)] if openings else None
        yield play_seeded_game(variant if start is None else start, list(names), game_seed, blocked=blocked)


def play_shard(variant_text: str, names: Sequence[str], seed: int, blocked: Blocked, first: int, count: int,
               out: Optional[str]) -> Tally:
    """Plays one shard; returns its tally (and writes ``out/part-FIRST.parquet`` when ``out`` is given)."""
    variant = as_variant(variant_text)
    tally = Tally(variant.players)
    records = []
    for state in play_range(variant, names, seed, blocked, first, count):
        tally.add(state)
        if out is not None:
            records.append(record_of(state, players=list(names)))
    if out is not None:
        from polyreversi.datasets import write_games

        write_games(os.path.join(out, SHARD_GLOB.replace("*", f"{first:010d}")), records, first=first)
    return tally


def merge(tallies: Iterable[Tally], players: int) -> Tally:
    """One tally adding up several."""
    total = Tally(players)
    for t in tallies:
        total.games += t.games
        total.plies += t.plies
        total.draws += t.draws
        total.wins = [a + b for a, b in zip(total.wins, t.wins)]
        total.disks = [a + b for a, b in zip(total.disks, t.disks)]
    return total


def ray_module() -> Any:
    """The ``ray`` module.

    Raises:
        ImportError: no ray installed (the message says how to get it).
    """
    try:
        import ray
    except ImportError:
        raise ImportError("--ray needs Ray: pip install 'polyreversi[ray]'") from None
    return ray


def connect(address: Optional[str]) -> None:
    """Starts or joins Ray unless this process already did: ``None`` or ``"local"`` a local
    Ray, ``"auto"`` the running cluster, else the cluster at ``address``.

    Raises:
        ImportError: no ray installed (the message says how to get it).
        ValueError: an address Ray cannot read (Ray's message).
        ConnectionError: Ray cannot be reached.
    """
    ray = ray_module()
    if ray.is_initialized():
        return
    if address in (None, "local"):
        ray.init(include_dashboard=False, log_to_driver=False)
    else:
        ray.init(address=address, include_dashboard=False, log_to_driver=False)



def prepare_folder(out: str, replace: bool = False) -> None:
    """Makes ``out`` ready for the shards of a new run, so that a folder never mixes two
    runs: a missing folder is created; an existing one must be empty, or, with
    ``replace``, hold only the shards of an earlier run (:data:`SHARD_GLOB`), which are removed.

    Raises:
        FileExistsError: ``out`` is a file, or a folder that is not empty (without
            ``replace``) or holds other files than shards (the message names them).
    """
    if os.path.exists(out) and not os.path.isdir(out):
        raise FileExistsError(f"{source_name(out)}: is a file; with Ray the output is a folder of Parquet shards")
    if not os.path.isdir(out):
        os.makedirs(out)
        return
    names = sorted(os.listdir(out))
    if not names:
        return
    shard_names = set(fnmatch.filter(names, SHARD_GLOB))
    if not replace:
        raise FileExistsError(f"{source_name(out)}: the folder holds {len(names):,} file(s) of another run "
                              f"({', '.join(names[:3])}{', ...' if len(names) > 3 else ''}); a new run "
                              "would mix with them: replace them (--force) or choose another folder")
    others = [n for n in names if n not in shard_names]
    if others:
        raise FileExistsError(f"{source_name(out)}: holds files that are not shards of a run ({', '.join(others[:3])}"
                              f"{', ...' if len(others) > 3 else ''}); not replaced")
    for name in shard_names:
        os.unlink(os.path.join(out, name))


def ray_selfplay(variant: Variant, names: Sequence[str], games: int, seed: int, blocked: Blocked,
                 out: Optional[str] = None, address: Optional[str] = None,
                 on_shard: Optional[Callable[[Tally], None]] = None, *, replace: bool = False) -> Tally:
    """Plays a ``selfplay`` run on Ray, one task per shard; returns the merged tally.

    Args:
        out: a folder to write one Parquet shard per task into (:func:`prepare_folder`:
            created if missing; an existing one must be empty, or ``replace``).
        address: as :func:`connect`.
        on_shard: called with each shard's tally as it finishes (progress; the games
            finished so far when the run is stopped).
        replace: remove the shards of an earlier run in ``out`` first.

    Raises:
        FileExistsError: ``out`` holds another run's files (see :func:`prepare_folder`).
    """
    import ray

    if out is not None:
        prepare_folder(out, replace)
    connect(address)
    task = ray.remote(play_shard)
    pending = [task.remote(str(variant), list(names), seed, blocked, first, count, out)
               for first, count in shards(games, names, blocked)]
    tallies = []
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        tally = ray.get(ready[0])
        tallies.append(tally)
        if on_shard is not None:
            on_shard(tally)
    return merge(tallies, variant.players)


__all__ = ["CHUNK", "SHARD_GLOB", "prepare_folder", "shards", "game_seeds", "play_range", "play_shard", "merge", "connect", "ray_selfplay"]
