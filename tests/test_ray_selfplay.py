"""``selfplay --ray``: a local Ray with 2 CPUs plays the same games as the serial run."""
from __future__ import annotations

import pytest

ray = pytest.importorskip("ray", reason="ray is not installed (pip install 'polyreversi[ray]')")
pytest.importorskip("pyarrow", reason="pyarrow is not installed (pip install 'polyreversi[parquet]')")

import pyarrow.parquet as pq  # noqa: E402
from click.testing import CliRunner  # noqa: E402

from polyreversi.cli import main  # noqa: E402
from polyreversi.distributed import game_seeds, shards  # noqa: E402
from polyreversi.players import play_series  # noqa: E402


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def _table(path):
    return pq.read_table(path).sort_by("game").to_pylist()


@pytest.mark.parametrize("args", [
    ["6x6", "-n", "4100"],  # native path: three chunks of play_games
    ["8x8/3p", "-n", "300", "--players", "greedy,random,random", "--blocked", "random"],  # the Python path
])
def test_ray_run_equals_the_serial_run(tmp_path, local_ray, args):
    runner = CliRunner()
    serial = runner.invoke(main, ["selfplay", *args, "--seed", "9", "--out", str(tmp_path / "serial.parquet")])
    assert serial.exit_code == 0, serial.output
    on_ray = runner.invoke(main, ["selfplay", *args, "--seed", "9", "--out", str(tmp_path / "ray.parquet"),
                                  "--ray"])
    assert on_ray.exit_code == 0, on_ray.output
    assert len(list((tmp_path / "ray.parquet").glob("part-*.parquet"))) > 1  # one shard per task
    assert _table(tmp_path / "ray.parquet") == _table(tmp_path / "serial.parquet")
    # the same summary lines (wins, draws, disks), the speed line aside
    assert serial.output.splitlines()[1:-2] == on_ray.output.splitlines()[1:-2]


def test_ray_without_out_and_wrong_format(tmp_path, local_ray):
    result = CliRunner().invoke(main, ["selfplay", "6x6", "-n", "20", "--seed", "1", "--ray", "auto"])
    assert result.exit_code == 0, result.output
    assert "20 games" in result.output
    result = CliRunner().invoke(main, ["selfplay", "-n", "2", "--ray", "--out", str(tmp_path / "g.jsonl")])
    assert result.exit_code == 2 and "Parquet" in result.output


def test_shards_and_seeds_follow_the_serial_run():
    assert shards(4100, ["random", "random"], None) == [(0, 2000), (2000, 2000), (4000, 100)]
    assert shards(600, ["greedy", "random"], None) == [(0, 600)]  # mixed built-in seats: native too
    assert shards(600, ["greedy", "random"], "random")[-1] == (500, 100)  # blocked per game: Python
    serial = list(play_series("6x6", ["greedy", "random"], 12, seed=4))
    from polyreversi.players import play_seeded_game

    assert [s.moves() for s in serial[5:]] == [play_seeded_game("6x6", ["greedy", "random"], g).moves()
                                               for g in game_seeds(4, 5, 7)]
