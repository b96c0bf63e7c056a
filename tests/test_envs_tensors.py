"""Observations and masks to torch without copies (envs/tensors.py) and the CleanRL-style example.
Skipped without torch (``pip install 'polyreversi[rl]'``)."""
from __future__ import annotations

import importlib.util
import pathlib
import warnings

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="gymnasium is not installed (pip install 'polyreversi[envs]')")
torch = pytest.importorskip("torch", reason="torch is not installed (pip install 'polyreversi[rl]')")

import polyreversi as pr  # noqa: E402
from polyreversi.envs.tensors import masks_as_tensor, observations_as_tensor  # noqa: E402
from polyreversi.envs.vector import ReversiVectorEnv  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_env_arrays_are_shared_not_copied():
    envs = ReversiVectorEnv(num_envs=8, variant="8x8", copy=False)
    obs, info = envs.reset(seed=0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # torch's read-only warning would fail here
        t_obs = observations_as_tensor(obs)
        t_mask = masks_as_tensor(info["action_mask"])
    assert t_obs.data_ptr() == obs.ctypes.data and t_obs.dtype == torch.uint8
    assert t_mask.data_ptr() == info["action_mask"].ctypes.data and t_mask.dtype == torch.bool
    assert t_mask.numpy().tolist() == info["action_mask"].astype(bool).tolist()
    assert torch.from_dlpack(obs).data_ptr() == obs.ctypes.data  # any DLPack consumer
    obs2, *_ = envs.step(envs.sample_actions())
    assert obs2 is obs and torch.equal(t_obs, torch.from_numpy(obs2))  # copy=False: refilled in place


def test_read_only_batch_masks_are_copied():
    b = pr.Batch("6x6", 4, seed=1)
    assert not b.masks.flags.writeable
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        t = masks_as_tensor(b.masks)
    assert t.data_ptr() != b.masks.ctypes.data and t.numpy().tolist() == b.masks.tolist()
    t[:] = False  # the copy is the caller's
    assert b.masks.any()


def test_observe_straight_into_a_tensor():
    b = pr.Batch("8x8", 16, seed=2)
    t = torch.empty((16, 6, 8, 8), dtype=torch.float32)
    b.observe(out=t.numpy())
    assert torch.equal(t, torch.from_numpy(b.observe(dtype=np.float32)))


def test_bad_masks():
    with pytest.raises(TypeError, match="int8, uint8 or bool"):
        masks_as_tensor(np.zeros(5, np.float32))
    with pytest.raises(ValueError, match="other than 0 and 1"):
        masks_as_tensor(np.array([0, 2], np.int8))


def test_cleanrl_example_runs_and_plays_legal_moves():
    spec = importlib.util.spec_from_file_location("cleanrl_ppo", ROOT / "examples" / "cleanrl_ppo.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = module.main(["--num-envs", "16", "--num-steps", "8", "--total-timesteps", "256", "--eval-every", "1",
                       "--eval-games", "16", "--update-epochs", "1"])
    assert [h["steps"] for h in out["history"]] == [128, 256]
    assert all(0 <= h["win_rate"] <= 1 for h in out["history"])


def test_alphazero_example_runs_and_its_targets_are_sound():
    spec = importlib.util.spec_from_file_location("alphazero", ROOT / "examples" / "alphazero.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    args = module.main.__globals__["argparse"].Namespace(simulations=8, c_puct=1.5, dirichlet_fraction=0.25,
                                                         dirichlet_alpha=0.5, explore_plies=4)
    net = module.Net(6, 6)
    planes, targets, values = module.self_play(net, "6x6", 4, args, np.random.default_rng(0), seed=3)
    assert planes.shape[1:] == (6, 6, 6) and targets.shape == (len(planes), 37) and values.shape == (len(planes),)
    assert np.allclose(targets.sum(axis=1), 1) and set(np.unique(values)) <= {-1.0, 0.0, 1.0}
    legal = planes[:, 5].reshape(len(planes), -1).astype(bool)  # the legal-move plane
    assert not (targets[:, :36] > 0)[~legal].any()  # visits only on legal moves
    out = module.main(["--iterations", "1", "--games", "8", "--simulations", "4", "--eval-games", "4",
                       "--eval-simulations", "4", "--epochs", "1"])
    (line,) = out["history"]
    assert sum(int(x) for x in line["search:2"].split("/")) == 4 and line["positions"] > 8 * 20


def _alphazero():
    spec = importlib.util.spec_from_file_location("alphazero", ROOT / "examples" / "alphazero.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_alphazero_resumed_from_its_checkpoint_trains_the_same_network(tmp_path):
    module = _alphazero()
    common = ["--games", "4", "--simulations", "4", "--eval-every", "100", "--eval-games", "2", "--epochs", "1",
              "--hidden", "16"]
    straight = module.main(["--iterations", "2", *common])["net"]
    checkpoint = str(tmp_path / "run.pt")
    module.main(["--iterations", "1", "--checkpoint", checkpoint, *common])
    resumed = module.main(["--iterations", "2", "--checkpoint", checkpoint, "--export", str(tmp_path / "net.npz"),
                           *common])
    for a, b in zip(straight.state_dict().values(), resumed["net"].state_dict().values()):
        assert torch.equal(a, b)
    assert [h["iteration"] for h in resumed["history"]] == [1, 2]
    from polyreversi.baseline import BaselineNetwork

    network = BaselineNetwork.from_file(tmp_path / "net.npz")  # the NumPy forward pass gives torch's outputs
    planes = network.check["planes"]
    with torch.no_grad():
        logits, values = resumed["net"](torch.from_numpy(planes))
    mine = network.forward(planes)
    np.testing.assert_allclose(mine[0], logits.numpy(), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(mine[1], values.numpy(), rtol=1e-5, atol=1e-6)
