"""Environments for training agents: PettingZoo, Gymnasium, a vector environment, and agents on them.

- :mod:`polyreversi.envs.pettingzoo`: ``env(variant=..., render_mode=...)``, the AEC
  environment for 2-4 players (needs ``pettingzoo``);
- :mod:`polyreversi.envs.gymnasium`: ``ReversiEnv``, one agent against built-in or
  given opponents, registered as ``"polyreversi/Reversi-v0"`` (needs ``gymnasium``);
- :mod:`polyreversi.envs.vector`: ``ReversiVectorEnv``, B games in one
  :class:`polyreversi.Batch` (needs ``gymnasium``);
- :mod:`polyreversi.envs.observation`: the planes, masks and rewards they share;
- :mod:`polyreversi.envs.sb3`: ``ReversiVecEnv``, SB3's VecEnv over one Batch (MaskablePPO
  as it is; needs ``stable-baselines3``);
- :mod:`polyreversi.envs.tensors`: observations and masks as torch tensors, no copies;
- :mod:`polyreversi.envs.symmetry`: the symmetries of a variant's board for moves,
  policies, observations and States;
- :mod:`polyreversi.envs.puct`: AlphaZero-style PUCT over many games, the leaves
  evaluated in batches by a network.

Install the dependencies with ``pip install 'polyreversi[envs]'`` (``[rl]`` adds torch, SB3,
sb3-contrib and SuperSuit). See docs/envs.md.
"""
from __future__ import annotations

from polyreversi.envs.observation import AGENT_NAMES, MASK_DTYPE, PLAYER_NAMES, action_mask, observe, plane_count, rewards
from polyreversi.envs.spec import EnvSpec

#: The Gymnasium id of the single-agent environment.
GYM_ID = "polyreversi/Reversi-v0"


def missing_extra(error: ImportError, extra: str) -> ModuleNotFoundError:
    """The error to raise when an environment's dependency is not installed: a
    ModuleNotFoundError of the same module (what code that skips a missing optional
    module catches) whose message names it and the extra that installs it (``error`` is
    the original)."""
    return ModuleNotFoundError(f"this environment needs {error.name or error}: pip install 'polyreversi[{extra}]'",
                               name=error.name)


def _register() -> None:
    try:
        import gymnasium
    except ImportError:  # gymnasium is an optional extra
        return
    if GYM_ID not in gymnasium.registry:
        gymnasium.register(id=GYM_ID, entry_point="polyreversi.envs.gymnasium:ReversiEnv",
                           vector_entry_point="polyreversi.envs.vector:ReversiVectorEnv")


_register()

__all__ = ["AGENT_NAMES", "MASK_DTYPE", "PLAYER_NAMES", "EnvSpec", "GYM_ID", "action_mask", "missing_extra", "observe",
           "plane_count", "rewards"]
