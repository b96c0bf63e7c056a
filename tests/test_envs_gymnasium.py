"""The Gymnasium environments: env_checker, agreement with State, and the faults a user hits."""
from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium", reason="gymnasium is not installed (pip install 'polyreversi[envs]')")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import polyreversi as pr  # noqa: E402
import polyreversi.envs  # noqa: E402,F401 (registers the id)
from polyreversi.envs.gymnasium import ReversiEnv  # noqa: E402
from polyreversi.envs.observation import action_mask, observe, rewards  # noqa: E402
from polyreversi.envs.vector import ReversiVectorEnv  # noqa: E402


@pytest.mark.parametrize("variant, opponent, seat", [
    ("8x8", "random", "black"),
    ("6x6/anti", "greedy", "white"),
    ("8x8/3p", ["greedy", "random"], "red"),
    ("octagon/4p/blocked=random", "random", "random"),
    ("10x10/blocked=random2", "greedy", "random"),
])
def test_check_env(variant, opponent, seat):
    env = gymnasium.make("polyreversi/Reversi-v0", variant=variant, opponent=opponent, seat=seat)
    check_env(env.unwrapped, skip_render_check=False)
    env.close()


def test_action_masks_by_name_for_maskable_ppo():
    env = ReversiEnv(variant="6x6", opponent="random", seat="white")
    assert not env.action_masks().any()  # before reset
    obs, info = env.reset(seed=2)
    masks = env.action_masks()
    assert masks.dtype == np.int8 and np.array_equal(masks, info["action_mask"])
    assert np.flatnonzero(masks).tolist() == env.state.legal_moves()
    assert env.action_space.contains(env.action_space.sample(mask=masks))  # Gymnasium's own int8 masks
    pytest.importorskip("sb3_contrib", reason="sb3-contrib is not installed (pip install 'polyreversi[rl]')")
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported

    wrapped = gymnasium.make("polyreversi/Reversi-v0", variant="6x6")
    wrapped.reset(seed=0)
    assert is_masking_supported(wrapped)
    assert np.flatnonzero(get_action_masks(wrapped)).tolist() == [8, 13, 22, 27]


def test_registered_on_import():
    assert "polyreversi/Reversi-v0" in gymnasium.registry
    spec = gymnasium.spec("polyreversi/Reversi-v0")
    assert spec.entry_point == "polyreversi.envs.gymnasium:ReversiEnv"


@pytest.mark.parametrize("variant, seat", [("6x6", "black"), ("8x8", "white"), ("octagon/3p", "white"),
                                           ("8x8/4p", "green")])
def test_episodes_agree_with_state(variant, seat):
    env = ReversiEnv(variant=variant, opponent="greedy", seat=seat)
    me = pr.Color(polyreversi.envs.AGENT_NAMES.index(seat) + 1)
    for seed in range(4):
        obs, info = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        while True:
            state = env.state
            assert state.to_move == me
            assert np.array_equal(obs, observe(state, me))
            assert np.array_equal(info["action_mask"], action_mask(state))
            move = int(rng.choice(np.flatnonzero(info["action_mask"])))
            ply = state.ply
            obs, reward, terminated, truncated, info = env.step(move)
            assert not truncated
            assert env.state.moves()[ply] == move
            if terminated:
                assert state.is_over()
                assert reward == rewards(state)[int(me) - 1]
                assert not info["action_mask"].any()
                break
            assert reward == 0.0


def test_against_any_player_and_named_opponents():
    calls = []

    def first_move(state):
        calls.append(state.ply)
        return state.legal_moves()[0]

    env = ReversiEnv(variant="6x6", opponent=first_move, seat="white")
    obs, info = env.reset(seed=0)
    assert calls == [0] and env.state.moves() == [pr.Variant("6x6").start().legal_moves()[0]]
    env = ReversiEnv(variant="6x6", opponent=pr.GreedyPlayer(seed=1))
    env.reset(seed=0)
    with pytest.raises(ValueError, match="unknown opponent 'gredy'; known: random, greedy"):
        ReversiEnv(opponent="gredy")
    with pytest.raises(TypeError, match="player"):
        ReversiEnv(opponent=42)
    with pytest.raises(ValueError, match="2 other seat"):
        ReversiEnv(variant="8x8/3p", opponent=["random"])


def test_a_broken_opponent_is_named():
    env = ReversiEnv(variant="8x8", opponent=lambda s: 0, seat="white")
    with pytest.raises(pr.IllegalMoveError, match="opponent playing Black returned 0"):
        env.reset(seed=0)


def test_illegal_action_loses_or_raises():
    env = ReversiEnv(variant="8x8")
    env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.step(0)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    with pytest.raises(pr.IllegalMoveError, match="episode is over.*reset"):
        env.step(19)
    env = ReversiEnv(variant="8x8", illegal="raise")
    env.reset(seed=0)
    with pytest.raises(pr.IllegalMoveError, match=r"action 0 \(a1\) is not legal.*legal: d3, c4, f5, e6"):
        env.step(0)
    env.step(np.int16(19))  # still playable after a refused move
    assert env.state.moves()[0] == 19


@pytest.mark.parametrize("action", [19.0, True, "d3", np.array([19, 20])])
def test_wrong_action_types(action):
    env = ReversiEnv(variant="8x8")
    env.reset(seed=0)
    with pytest.raises(TypeError, match="action: expected an integer"):
        env.step(action)


def test_bad_arguments():
    with pytest.raises(pr.VariantError, match="unknown board"):
        gymnasium.make("polyreversi/Reversi-v0", variant="7x7")
    with pytest.raises(ValueError, match="seat: 'red' is not a colour of this 2-player game; allowed: black, "
                                         "white, random"):
        ReversiEnv(variant="8x8", seat="red")
    with pytest.raises(ValueError, match="illegal"):
        ReversiEnv(illegal="ignore")
    with pytest.raises(pr.IllegalMoveError, match="reset"):
        ReversiEnv().step(19)


# -- the vector environment --------------------------------------------------------

def _random_actions(rng, mask):
    return (rng.random(mask.shape) * mask).argmax(axis=1)


@pytest.mark.parametrize("variant, opponent, seat", [
    ("8x8", None, "black"), ("6x6", "random", "black"), ("6x6", "greedy", "white"),
    ("8x8/3p", "random", "red"), ("octagon/4p", "greedy", "white"), ("8x8/4p", "random", "black"),
    ("octagon/3p/blocked=random", None, "black"), ("8x8/blocked=random2", "random", "white"),
    ("8x8/3p", ["greedy", "random"], "white"), ("octagon/4p", ("random", pr.GreedyPlayer(seed=1), "greedy"), "green"),
])
def test_vector_env_agrees_with_state(variant, opponent, seat):
    """Every game, every step: observation, mask, reward and autoreset against the game's State."""
    envs = ReversiVectorEnv(num_envs=32, variant=variant, opponent=opponent, seat=seat)
    me = polyreversi.envs.AGENT_NAMES.index(seat) + 1
    obs, info = envs.reset(seed=5)
    rng = np.random.default_rng(0)
    finished = 0
    blocks = set()
    previous_done = np.zeros(32, dtype=bool)
    movers = [None] * 32
    for _ in range(150):
        for i in range(32):
            state = envs.batch.state(i)
            persp = pr.Color(me) if opponent else (movers[i] if previous_done[i] else state.to_move)
            assert np.array_equal(obs[i], observe(state, persp))
            if not state.is_over():
                assert np.flatnonzero(info["action_mask"][i]).tolist() == state.legal_moves()
                if opponent:
                    assert state.to_move == me
        before = [envs.batch.state(i) for i in range(32)]
        movers = [b.to_move for b in before]
        obs, reward, terminated, truncated, info = envs.step(_random_actions(rng, info["action_mask"]))
        assert obs.dtype == np.uint8 and reward.dtype == np.float32 and not truncated.any()
        for i in range(32):
            state = envs.batch.state(i)
            if previous_done[i]:  # next-step autoreset: a new game
                assert not terminated[i] and reward[i] == 0
                assert envs.batch.plies()[i] == (me - 1 if opponent else 0)
                if "blocked=random" in variant:
                    blocks.add(state.variant.blocked)
            elif terminated[i]:
                assert state.is_over()
                who = me if opponent else int(before[i].to_move)
                assert reward[i] == rewards(state)[who - 1]
                assert opponent or info["to_move"][i] == who  # the view of obs, reward and to_move agree
                assert info["rewards"][i, info["to_move"][i] - 1] == reward[i] or opponent
                assert np.array_equal(info["rewards"][i], rewards(state))
                finished += 1
            else:
                assert reward[i] == 0
        previous_done = terminated
    assert finished > 20
    if "blocked=random" in variant:
        assert len(blocks) > 5 and all(1 <= len(b) <= 4 for b in blocks)


def test_sample_actions_are_legal_and_seeded():
    runs = []
    for _ in range(2):
        envs = ReversiVectorEnv(num_envs=64, variant="10x10/4p")
        obs, info = envs.reset(seed=3)
        actions = []
        for _ in range(30):
            a = envs.sample_actions()
            assert info["action_mask"][np.arange(64), a].all()
            actions.append(a)
            obs, reward, terminated, truncated, info = envs.step(a)
        logits = np.zeros((64, 101), np.float32)
        logits[:, 0] = 50.0  # a1 where legal, else anything legal
        a = envs.sample_actions(logits=logits)
        assert info["action_mask"][np.arange(64), a].all()
        a = envs.sample_actions(np.ones((64, 101), np.float32))
        assert info["action_mask"][np.arange(64), a].all()
        runs.append(np.stack(actions))
    assert np.array_equal(runs[0], runs[1])


def test_vector_env_is_seeded():
    runs = []
    for _ in range(2):
        envs = ReversiVectorEnv(num_envs=16, variant="8x8", opponent="random")
        obs, info = envs.reset(seed=11)
        rng = np.random.default_rng(1)
        seen = [obs]
        for _ in range(80):
            obs, *_ , info = envs.step(_random_actions(rng, info["action_mask"]))
            seen.append(obs)
        runs.append(np.stack(seen))
    assert np.array_equal(runs[0], runs[1])


def test_vector_env_with_a_python_opponent_and_make_vec():
    envs = gymnasium.make_vec("polyreversi/Reversi-v0", num_envs=4, vectorization_mode="vector_entry_point",
                              variant="6x6", opponent=pr.GreedyPlayer(seed=0), seat="white")
    obs, info = envs.reset(seed=0)
    assert obs.shape == (4, 6, 6, 6)
    assert (envs.unwrapped.batch.to_move == 2).all()
    obs, reward, terminated, truncated, info = envs.step(_random_actions(np.random.default_rng(0), info["action_mask"]))
    assert (envs.unwrapped.batch.to_move == 2).all()


def test_vector_env_faults():
    envs = ReversiVectorEnv(num_envs=4, variant="8x8", opponent="random")
    with pytest.raises(RuntimeError, match="reset"):
        envs.step(np.zeros(4, dtype=int))
    obs, info = envs.reset(seed=0)
    with pytest.raises(pr.IllegalMoveError, match="batch game 0"):
        envs.step(np.zeros(4, dtype=int))
    with pytest.raises(ValueError, match=r"shape \(4,\)"):
        envs.step(np.zeros(3, dtype=int))
    with pytest.raises(TypeError, match="integers"):
        envs.step(np.full(4, 19.0))
    with pytest.raises(pr.VariantError, match="'randomly' is not a square name"):
        ReversiVectorEnv(num_envs=4, variant="8x8/blocked=randomly")
    with pytest.raises(ValueError, match="num_envs"):
        ReversiVectorEnv(num_envs=0)
    with pytest.raises(ValueError, match="seat"):
        ReversiVectorEnv(num_envs=2, opponent="random", seat="red")
    # the vector env plays one seat for every sub-env: no seat drawn at random
    with pytest.raises(ValueError, match="seat: 'random' is not a colour of this 3-player game; allowed: black, "
                                         "white, red$"):
        ReversiVectorEnv(num_envs=2, variant="8x8/3p", opponent="random", seat="random")
    assert ReversiEnv(variant="8x8/3p", seat="RED", opponent="random").reset(seed=1)[1]["seat"] == "red"
    for seat in ("bogus", "red", 3):  # self-play checks the seat too
        with pytest.raises(ValueError, match="seat"):
            ReversiVectorEnv(num_envs=2, opponent=None, seat=seat)
    with pytest.raises(ValueError, match="2 other seat"):
        ReversiVectorEnv(num_envs=2, variant="8x8/3p", opponent=["greedy"])
    with pytest.raises(ValueError, match="unknown opponent"):
        ReversiVectorEnv(num_envs=2, variant="8x8/3p", opponent=["greedy", "bogus"])
    envs.step(np.full(4, 19))  # still usable after refused steps
    assert all(envs.batch.state(i).moves()[0] == 19 for i in range(4))


@pytest.mark.parametrize("spec, cls", [("mcts:50", "MCTSPlayer"), ("search:2", "SearchPlayer")])
def test_search_opponents(spec, cls):
    env = ReversiEnv(variant="6x6", opponent=spec, seat="white")
    obs, info = env.reset(seed=0)
    (opponent,) = env._opponents.values()  # the bound choose of the player the spec names
    assert isinstance(opponent.__self__, getattr(pr, cls))
    terminated = False
    rng = np.random.default_rng(0)
    while not terminated:
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    assert env.state.is_over()


def test_human_is_not_an_opponent():
    with pytest.raises(ValueError, match="human"):
        ReversiEnv(opponent="human")


def test_renders():
    env = ReversiEnv(variant="octagon/3p", render_mode="rgb_array", render_size=64)
    env.reset(seed=0)
    assert env.render().shape == (64, 64, 3)
    envs = ReversiVectorEnv(num_envs=2, variant="6x6", render_mode="ansi")
    envs.reset(seed=0)
    assert "Black to move" in envs.render()
    with pytest.raises(ValueError, match="render_mode"):
        ReversiVectorEnv(num_envs=2, render_mode="human")
    with pytest.raises(RuntimeError, match="reset"):
        ReversiEnv(render_mode="ansi").render()


@pytest.mark.parametrize("illegal", ["lose", "raise"])
@pytest.mark.parametrize("action", [2**70, -1, 65])
def test_an_action_outside_the_space_is_refused_not_lost(illegal, action):
    """Outside Discrete(65) is not an illegal move that ends the episode: refused (2**70
    and -1 counted as illegal moves with illegal="lose"), the game playable after it."""
    env = ReversiEnv(variant="8x8", illegal=illegal)
    env.reset(seed=0)
    with pytest.raises(ValueError, match=r"not in the action space Discrete\(65\): squares 0\.\.63, pass 64"):
        env.step(action)
    env.step(19)
    assert env.state.moves()[0] == 19
