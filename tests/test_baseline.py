"""The shipped NumPy baseline network (polyreversi.baseline): torch's outputs recorded at
export are given back, the seat and the environment opponent play legal games, bad input
is refused. No torch is needed."""
from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

import polyreversi as pr
from polyreversi.baseline import BaselineNetwork, BaselinePlayer, baseline_variants, make_baseline_model
from polyreversi.players import play_game, player_from_spec


def test_a_network_ships_for_6x6_and_is_small():
    from importlib import resources

    assert "6x6" in baseline_variants()
    size = (resources.files("polyreversi") / "data" / "baseline-6x6.npz").stat().st_size
    assert size < 2_000_000
    assert make_baseline_model("6x6") is make_baseline_model(pr.Variant.parse("6x6"))


@pytest.mark.parametrize("variant", baseline_variants())
def test_numpy_forward_gives_torchs_recorded_outputs(variant):
    net = make_baseline_model(variant)
    check = net.check
    assert len(check["planes"]) >= 8
    logits, values = net.forward(check["planes"])
    np.testing.assert_allclose(logits, check["logits"], rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(values, check["values"], rtol=1e-4, atol=1e-5)
    assert logits.dtype == np.float32 and values.dtype == np.float32
    assert (np.abs(values) <= 1).all()


def test_the_seat_plays_legal_whole_games_with_both_colours():
    for seats in (["baseline:8", "random"], ["random", "baseline:8"]):
        players = [player_from_spec(s, seed=3) for s in seats]
        final = play_game("6x6", players)  # play_game raises on an illegal move
        assert final.is_over()
    a = play_game("6x6", [BaselinePlayer(8), player_from_spec("greedy", seed=1)])
    b = play_game("6x6", [BaselinePlayer(8), player_from_spec("greedy", seed=1)])
    assert a.moves() == b.moves()  # the player draws nothing


def test_the_environment_opponent():
    from polyreversi.envs.gymnasium import ReversiEnv

    env = ReversiEnv(variant="6x6", opponent="baseline:4")
    obs, info = env.reset(seed=1)
    done = False
    while not done:
        legal = np.flatnonzero(env.action_masks())
        obs, reward, terminated, truncated, info = env.step(int(legal[0]))
        done = terminated or truncated
    assert reward in (-1.0, 0.0, 1.0)


def test_bad_input(tmp_path):
    net = make_baseline_model("6x6")
    with pytest.raises(ValueError, match=r"planes: expected shape \(k, 6, 6, 6\)"):
        net.forward(np.zeros((2, 6, 8, 8), np.uint8))
    with pytest.raises(TypeError, match="planes: expected numbers"):
        net.forward(np.zeros((1, 6, 6, 6), object))
    with pytest.raises(ValueError, match="no baseline network for 10x10"):
        make_baseline_model("10x10")
    with pytest.raises(ValueError, match="plays 6x6, not 8x8"):
        BaselinePlayer(4, network=net).choose(pr.Variant.parse("8x8").start())
    with pytest.raises(ValueError, match="simulations"):
        BaselinePlayer(1)
    with pytest.raises(TypeError, match="network"):
        BaselinePlayer(4, network="big")
    with pytest.raises(ValueError, match="simulations must be an integer"):
        player_from_spec("baseline:many")
    over = play_game("6x6", [player_from_spec("greedy", seed=1), player_from_spec("greedy", seed=2)])
    with pytest.raises(pr.IllegalMoveError):
        BaselinePlayer(4).choose(over)
    with pytest.raises(FileNotFoundError, match="no such baseline"):
        BaselineNetwork.from_file(tmp_path / "none.npz")
    (tmp_path / "text.npz").write_text("not numpy")
    with pytest.raises(ValueError, match="not a NumPy .npz"):
        BaselineNetwork.from_file(tmp_path / "text.npz")
    arrays = {k: v for k, v in np.load(_shipped()).items()}
    del arrays["policy.bias"]
    np.savez(tmp_path / "cut.npz", **arrays)
    with pytest.raises(ValueError, match="no array 'policy.bias'"):
        BaselineNetwork.from_file(tmp_path / "cut.npz")
    arrays = dict(np.load(_shipped()))
    arrays["hidden1.weight"] = arrays["hidden1.weight"][:, :10]
    np.savez(tmp_path / "shape.npz", **arrays)
    with pytest.raises(ValueError, match="hidden1 has weight"):
        BaselineNetwork.from_file(tmp_path / "shape.npz")


def _shipped():
    from importlib import resources

    return str(resources.files("polyreversi") / "data" / "baseline-6x6.npz")


def test_no_torch_is_imported():
    code = ("import sys, polyreversi as pr\n"
            "from polyreversi.baseline import BaselinePlayer\n"
            "BaselinePlayer(4).choose(pr.Variant.parse('6x6').start())\n"
            "assert 'torch' not in sys.modules, 'torch was imported'\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_match_seat_on_the_command_line(tmp_path):
    import json

    from click.testing import CliRunner

    from polyreversi.cli import main
    from polyreversi.players import check_player_spec

    assert check_player_spec("Baseline:16") == "baseline:16"
    out = tmp_path / "games.jsonl"
    r = CliRunner().invoke(main, ["match", "baseline:4", "greedy", "--variant", "6x6", "-n", "2", "--out", str(out),
                                  "--no-progress"])
    assert r.exit_code == 0, r.output
    assert "baseline:4 vs greedy" in r.output
    assert len([json.loads(line) for line in out.read_text().splitlines()]) == 2
    r = CliRunner().invoke(main, ["match", "baseline", "greedy", "--variant", "10x10", "-n", "1", "--no-progress"])
    assert r.exit_code == 2 and "no baseline network for 10x10" in r.output  # refused before any game
    assert "Traceback" not in r.output
    r = CliRunner().invoke(main, ["play", "octagon", "--players", "baseline,random", "--quiet"])
    assert r.exit_code == 2 and "no baseline network for octagon" in r.output, r.output
    with pytest.raises(ValueError, match="no baseline network for octagon"):
        check_player_spec("baseline", variant="octagon")
