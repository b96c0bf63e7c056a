"""The PettingZoo AEC environment: PettingZoo's own tests, and the faults a user hits."""
from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="pettingzoo is not installed (pip install 'polyreversi[envs]')")

from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

import polyreversi as pr  # noqa: E402
from polyreversi.envs.observation import observe, rewards  # noqa: E402
from polyreversi.envs.pettingzoo import env, raw_env  # noqa: E402

# Every player count, every board, the options and random blocked squares.
VARIANTS = [
    "8x8",
    "6x6/anti",
    "8x8/free/blocked=random",
    "10x10/handicap=2",
    "8x8/3p",
    "octagon/3p/blocked=random",
    "10x10/4p/anti",
    "octagon/4p/blocked=random",
]


# What api_test says of any dict observation unless the environment's name is on its
# own list of classic games (pettingzoo/test/api_test.py: env_obs_dicts, env_obs_space).
DICT_ADVICE = {"Observation is not a NumPy array",
               "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete"}


def _api_test_warnings(e) -> set:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(e, num_cycles=300)
    return {str(w.message) for w in caught}


@pytest.mark.parametrize("variant", VARIANTS)
def test_api_test(variant):
    assert _api_test_warnings(env(variant=variant)) <= DICT_ADVICE


@pytest.mark.parametrize("variant", VARIANTS)
def test_api_test_raw(variant):
    assert _api_test_warnings(raw_env(variant=variant)) <= DICT_ADVICE


@pytest.mark.parametrize("variant", ["8x8", "octagon/3p/blocked=random", "10x10/4p/anti"])
def test_api_test_planes_without_a_warning(variant):
    assert _api_test_warnings(env(variant=variant, observation="planes")) == set()


def test_agent_names_and_observation_layout_as_the_classic_games():
    e = raw_env(variant="8x8/4p")
    e.reset(seed=0)
    assert e.agents == ["player_0", "player_1", "player_2", "player_3"] == e.possible_agents
    assert e.agent_name_mapping == {"player_0": 0, "player_1": 1, "player_2": 2, "player_3": 3}
    assert [e.color(a) for a in e.agents] == [pr.Color.BLACK, pr.Color.WHITE, pr.Color.RED, pr.Color.GREEN]
    obs = e.observe("player_0")
    assert obs["observation"].shape == (8, 8, 8) and obs["observation"].dtype == np.uint8
    assert obs["observation"].flags.c_contiguous
    assert obs["action_mask"].dtype == np.int8 and obs["action_mask"].shape == (65,)
    assert e.observation_space("player_0")["action_mask"].dtype == np.int8
    assert np.array_equal(obs["observation"], np.moveaxis(observe(e.state, pr.Color.BLACK), 0, -1))


def test_planes_form_puts_the_mask_in_infos():
    e = raw_env(variant="6x6", observation="planes")
    e.reset(seed=0)
    for _ in range(10):
        agent = e.agent_selection
        obs = e.observe(agent)
        assert obs.shape == (6, 6, 6) and e.observation_space(agent).contains(obs)
        mask = e.infos[agent]["action_mask"]
        assert np.array_equal(mask, e.action_mask(agent)) and mask.dtype == np.int8
        assert np.flatnonzero(mask).tolist() == e.state.legal_moves()
        other = e.possible_agents[1 - e.agent_name_mapping[agent]]
        assert not e.infos[other]["action_mask"].any()
        e.step(int(np.flatnonzero(mask)[0]))
    with pytest.raises(ValueError, match="observation: 'box'; allowed: dict, planes"):
        raw_env(observation="box")


def test_supersuit_wrappers_on_the_planes():
    ss = pytest.importorskip("supersuit", reason="SuperSuit is not installed")
    e = ss.frame_stack_v1(ss.dtype_v0(env(variant="6x6", observation="planes"), np.float32), 2)
    e.reset(seed=1)
    for agent in e.agent_iter(max_iter=30):
        obs, reward, term, trunc, info = e.last()
        assert obs.shape == (6, 6, 12) and obs.dtype == np.float32
        assert np.array_equal(obs[..., -6:], np.moveaxis(observe(e.unwrapped.state,
                                                                 e.unwrapped.color(agent)), 0, -1))
        e.step(None if term or trunc else int(np.flatnonzero(info["action_mask"])[0]))


@pytest.mark.parametrize("variant", VARIANTS)
def test_seed_test(variant):
    seed_test(lambda: env(variant=variant), num_cycles=300)


@pytest.mark.parametrize("variant", ["8x8", "octagon/3p/blocked=random", "10x10/4p"])
def test_render_test(variant, capsys):
    render_test(lambda render_mode=None: env(variant=variant, render_mode=render_mode, render_size=64))
    assert "Black to move" in capsys.readouterr().out  # "human" printed the board


def _play_out(e, seed, watch=None):
    """Plays a random game (``e.reset(seed=seed)``, moves drawn from the action mask);
    ``watch(agent, obs, move)``, when given, sees each move before it is stepped.
    Returns the final state and each agent's total reward."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        total[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        move = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        if watch is not None:
            watch(agent, obs, move)
        e.step(move)
    return e.unwrapped.state, total


@pytest.mark.parametrize("variant", ["8x8", "6x6", "8x8/3p", "octagon/4p/blocked=random"])
def test_whole_games_agree_with_state(variant):
    """Observations, masks, agents and final rewards against a State replayed alongside."""
    e = raw_env(variant=variant)
    for seed in range(5):
        replayed = []  # the State played alongside, made at the first move (after the reset's draw)

        def watch(agent, obs, move):
            if not replayed:
                replayed.append(e.unwrapped.state.variant.start())
            state = replayed[0]
            assert agent == e.possible_agents[int(state.to_move) - 1]
            assert np.flatnonzero(obs["action_mask"]).tolist() == state.legal_moves()
            assert np.array_equal(obs["observation"], np.moveaxis(observe(state), 0, -1))
            other = e.possible_agents[int(state.to_move) % len(e.possible_agents)]
            assert not e.observe(other)["action_mask"].any()
            state.play(move)

        _, total = _play_out(e, seed, watch)
        (state,) = replayed
        assert state.is_over()
        assert list(total.values()) == rewards(state).tolist()
        assert e.agents == []


@pytest.mark.parametrize("variant", ["6x6", "8x8/3p", "8x8/4p"])
def test_rewards_follow_the_result(variant):
    """The Batch reward rule: k colours sharing the win get (P/k - 1)/(P-1), the others -1/(P-1)."""
    e = raw_env(variant=variant)
    players = len(e.possible_agents)
    outcomes = set()
    for seed in range(40):
        final, total = _play_out(e, seed)
        winners = {int(c) - 1 for c in final.winners()}
        k = len(winners)
        expected = [(players / k - 1) / (players - 1) if i in winners else -1 / (players - 1) for i in range(players)]
        assert list(total.values()) == pytest.approx(expected, abs=1e-6)
        assert sum(total.values()) == pytest.approx(0, abs=1e-6)
        outcomes.add(k)
    assert 1 in outcomes


def test_observation_is_from_each_agents_point_of_view():
    e = raw_env(variant="8x8/3p")
    e.reset(seed=0)
    board = e.unwrapped.state.board()
    for i, agent in enumerate(e.possible_agents):
        planes = np.moveaxis(e.observe(agent)["observation"], -1, 0)
        assert np.array_equal(planes[0], board == i + 1)
        assert np.array_equal(planes[1], board == (i + 1) % 3 + 1)
        assert np.array_equal(planes[3], board == 5)  # the neutral disk


def test_blocked_random_draws_per_reset_from_the_seed():
    e = raw_env(variant="octagon/4p/blocked=random")
    e.reset(seed=3)
    first = e.variant.blocked
    e.reset()
    second = e.variant.blocked
    e.reset(seed=3)
    assert e.variant.blocked == first and 1 <= len(first) <= 4
    draws = {first, second}
    for _ in range(10):
        e.reset()
        draws.add(e.variant.blocked)
    assert len(draws) > 3
    assert all(sq in e.variant.eligible_blocked() for sq in first)
    e.reset(seed=3)
    holes = e.observe("player_0")["observation"][..., -2].reshape(-1)
    assert all(holes[sq] for sq in first)


def test_rgb_array_is_our_picture():
    e = env(variant="octagon/4p", render_mode="rgb_array", render_size=80)
    e.reset()
    image = e.render()
    assert image.shape == (80, 80, 3) and image.dtype == np.uint8
    assert len(np.unique(image.reshape(-1, 3), axis=0)) > 5


def test_ansi_shows_the_board():
    e = env(variant="8x8", render_mode="ansi")
    e.reset()
    text = e.render()
    assert " 4 . . * O X . . ." in text and "Black to move" in text and "*" in text


# -- faults -------------------------------------------------------------------------

def test_illegal_action_wrapped_ends_the_game_like_the_classic_envs():
    e = env(variant="8x8")
    e.reset()
    e.step(0)  # a1 is not legal at the start
    assert all(e.terminations.values())
    assert e.rewards == {"player_0": -1, "player_1": 0}


def test_illegal_action_raw_raises_naming_the_move():
    e = raw_env(variant="8x8")
    e.reset()
    with pytest.raises(pr.IllegalMoveError, match=r"action 0 \(a1\).*Black.*legal: d3, c4, f5, e6"):
        e.step(0)
    with pytest.raises(pr.IllegalMoveError,
                       match=r"^action 65: square 65 is off the 8x8 grid; squares are 0\.\.63, pass is 64$"):
        e.step(65)
    with pytest.raises(pr.IllegalMoveError,
                       match=r"^action -1: square -1 is off the 8x8 grid; squares are 0\.\.63, pass is 64$"):
        e.step(-1)
    e.step(np.int64(19))  # NumPy integers and 0-d arrays are actions
    e.step(np.array(18))
    assert e.unwrapped.state.moves() == [19, 18]


@pytest.mark.parametrize("action", [19.0, True, "d3", [19], np.array([19]), None])
def test_wrong_action_types_are_refused(action):
    e = raw_env(variant="8x8")
    e.reset()
    with pytest.raises(TypeError, match="action: expected an integer 0..64"):
        e.step(action)
    assert e.unwrapped.state.ply == 0


def test_out_of_space_actions_wrapped():
    e = env(variant="8x8")
    e.reset()
    with pytest.raises(AssertionError):
        e.step(65)


def test_stepping_a_finished_game():
    e = raw_env(variant="6x6")
    final, _ = _play_out(e, 1)
    assert e.agents == [] and final.is_over()
    with pytest.raises(pr.IllegalMoveError, match="game is over.*reset"):
        e.step(0)
    assert e.state.moves() == final.moves()
    wrapped = env(variant="6x6")
    final, _ = _play_out(wrapped, 1)
    plies = final.ply
    wrapped.step(0)  # PettingZoo's order wrapper warns and does nothing
    assert wrapped.unwrapped.state.ply == plies
    wrapped.reset()  # a reset starts a new game
    assert wrapped.agents == ["player_0", "player_1"]


def test_live_agent_given_none():
    e = raw_env(variant="8x8")
    e.reset()
    with pytest.raises(TypeError, match="action"):
        e.step(None)


def test_use_before_reset():
    with pytest.raises(RuntimeError, match="reset"):
        raw_env().observe("player_0")
    for call in (lambda e: e.step(19), lambda e: e.action_mask("player_0")):  # step: AttributeError 'agent_selection'
        with pytest.raises(RuntimeError, match="reset"):
            call(raw_env(variant="8x8"))
    with pytest.raises(AssertionError, match="reset"):  # PettingZoo's order-enforcing wrapper
        env().step(19)


@pytest.mark.parametrize("variant, message", [
    ("9x9", "unknown board"),
    ("6x6/3p", "6x6"),
    ("8x8/blocked=random/blocked=random2", "twice|2 times"),
    ("8x8/blocked=a1/blocked=random", "use one"),
    ("8x8/blocked=random5", "unknown option|blocked"),
    ("", "expected text such as"),
])
def test_bad_variant_text(variant, message):
    with pytest.raises(pr.VariantError, match=message):
        env(variant=variant)


def test_bad_variant_type_and_render_mode():
    with pytest.raises(TypeError, match="^variant: expected a Variant, an EnvSpec or text"):
        env(variant=8)
    with pytest.raises(ValueError, match="render_mode: 'rgb'.*'ansi'"):
        env(render_mode="rgb")
    with pytest.raises(ValueError, match="render_size"):
        env(render_size=0)
    e = raw_env()
    e.reset()
    with pytest.raises(KeyError, match="player_2"):
        e.observe("player_2")
    with pytest.raises(KeyError, match="'black' is not an agent.*player_0, player_1"):
        e.observe("black")
