"""Pretrained AlphaZero-style baselines: a small network per board, played with PUCT,
in NumPy only (no torch needed), to measure agents against (as pgx's
``make_baseline_model``).

The networks were trained by ``examples/alphazero.py`` (self-play with PUCT; the command,
time and strength are in benchmarks/alphazero.md) and exported with its ``--export``: a
multilayer perceptron, planes (C, N, N) of :func:`polyreversi.observe` flattened ->
``hidden`` ReLU -> ``hidden`` ReLU -> policy logits over the N*N+1 moves (column N*N a
pass) and a tanh value for the player to move. Each ships as
``polyreversi/data/baseline-<variant>.npz`` (float32 arrays, ``hidden0.weight`` (out, in) as
torch keeps them, ...; ``check.*``: torch's outputs for a few positions, which the NumPy
forward pass must give).

>>> import polyreversi as pr
>>> from polyreversi.baseline import BaselinePlayer, baseline_variants, make_baseline_model
>>> "6x6" in baseline_variants()
True
>>> player = BaselinePlayer(simulations=16)
>>> state = pr.Variant.parse("6x6").start()
>>> player.choose(state) in state.legal_moves()
True

As a seat: ``baseline`` or ``baseline:SIMULATIONS`` (``polyreversi match baseline search:4
--variant 6x6``), and as an environment opponent (``opponent="baseline"``).
"""
from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Dict, List, Mapping, Optional, Tuple, Union

import numpy as np

from polyreversi._validate import instance, number, whole
from polyreversi.formats import source_name
from polyreversi.envs.puct import MAX_LEAVES, MAX_SIMULATIONS, MIN_SIMULATIONS, Leaves, PuctTrees, puct
from polyreversi.state import State
from polyreversi.variant import Variant, as_variant

_LAYERS = ("hidden0", "hidden1", "policy", "value")
_PREFIX = "baseline-"


def baseline_variants() -> List[str]:
    """The variants (text form, e.g. ``"6x6"``) with a network shipped in the package."""
    folder = resources.files("polyreversi") / "data"
    if not folder.is_dir():
        return []
    names = [f.name for f in folder.iterdir() if f.name.startswith(_PREFIX) and f.name.endswith(".npz")]
    return sorted(n[len(_PREFIX):-len(".npz")].replace("_", "/") for n in names)


class BaselineNetwork:
    """The NumPy network of one variant.

    Attributes:
        variant: the :class:`polyreversi.Variant` it was trained on (blocked squares aside).
        note: how it was made (the training command's summary).

    Raises:
        TypeError: ``variant`` is not a Variant.
    """

    def __init__(self, arrays: Mapping[str, np.ndarray], variant: Variant, note: str = "", source: str = "arrays") -> None:
        self.variant = instance(variant, Variant, "variant")
        self.note = note
        self.check: Dict[str, np.ndarray] = {}  # load(): the file's check arrays
        n, channels, moves = variant.n, variant.players + 4, variant.n * variant.n + 1
        layers: List[Tuple[np.ndarray, np.ndarray]] = []
        inputs = channels * n * n
        for name, out in zip(_LAYERS, (None, None, moves, 1)):
            try:
                w = np.asarray(arrays[f"{name}.weight"], np.float32)
                b = np.asarray(arrays[f"{name}.bias"], np.float32)
            except KeyError as e:
                raise ValueError(f"{source}: no array {e.args[0]!r} (a baseline network has "
                                 f"{', '.join(n + '.weight/.bias' for n in _LAYERS)})") from None
            if name == "policy" or name == "value":
                inputs = layers[1][0].shape[0]
            if w.ndim != 2 or w.shape[1] != inputs or (out is not None and w.shape[0] != out) \
                    or b.shape != (w.shape[0],) or not (np.isfinite(w).all() and np.isfinite(b).all()):
                raise ValueError(f"{source}: {name} has weight {w.shape} and bias {b.shape}; expected "
                                 f"({out or 'hidden'}, {inputs}) and its bias, finite")
            layers.append((w, b))
            inputs = w.shape[0]
        self._layers = layers
        self.channels, self.hidden = channels, layers[0][0].shape[0]

    @classmethod
    def from_file(cls, path: Union[str, Path]) -> "BaselineNetwork":
        """A network from an ``.npz`` written by ``examples/alphazero.py --export``.

        Raises:
            FileNotFoundError: no such file. ValueError: not such a file (arrays missing or
            of the wrong shapes, an unknown variant), naming the file.
        """
        path = Path(path)
        try:
            with np.load(path, allow_pickle=False) as data:
                arrays = {k: data[k] for k in data.files}
        except (OSError, ValueError) as e:
            if not path.exists():
                raise FileNotFoundError(f"{source_name(path)}: no such baseline network file") from None
            raise ValueError(f"{source_name(path)}: not a NumPy .npz file ({e})") from None
        if "variant" not in arrays:
            raise ValueError(f"{source_name(path)}: no 'variant' entry (which board the network plays)")
        variant = as_variant(str(arrays["variant"]))
        note = str(arrays["note"]) if "note" in arrays else ""
        network = cls(arrays, variant, note, source_name(path))
        network.check = {k[len("check."):]: v for k, v in arrays.items() if k.startswith("check.")}
        return network

    def forward(self, planes: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
        """The network on a batch of positions.

        Args:
            planes: (k, C, N, N) numbers (uint8 0/1 from :func:`polyreversi.observe`), C =
                players + 4, from the view of the player to move.

        Returns:
            ``(logits, values)``: float32 (k, N*N+1), the policy's logits over every move
            (illegal ones too), and float32 (k,), the value in [-1, 1] for the player to move.

        Raises:
            ValueError: planes of another shape. TypeError: not numbers.
        """
        planes = np.asarray(planes)
        n = self.variant.n
        if planes.ndim != 4 or planes.shape[1:] != (self.channels, n, n):
            raise ValueError(f"planes: expected shape (k, {self.channels}, {n}, {n}) for {self.variant}, "
                             f"got {planes.shape}")
        if planes.dtype.kind not in "biuf":
            raise TypeError(f"planes: expected numbers, got dtype {planes.dtype}")
        h = planes.reshape(len(planes), -1).astype(np.float32)
        for w, b in self._layers[:2]:
            h = np.maximum(h @ w.T + b, 0.0)
        (wp, bp), (wv, bv) = self._layers[2:]
        return (h @ wp.T + bp).astype(np.float32), np.tanh(h @ wv.T + bv)[:, 0].astype(np.float32)

    def evaluate(self, leaves: Leaves) -> Tuple[np.ndarray, np.ndarray]:
        """The :func:`polyreversi.envs.puct.puct` callback: softmax priors over the legal
        moves (float32 (k, N*N+1)) and the mover's values (float32 (k,))."""
        logits, values = self.forward(leaves.observations)
        logits = np.where(leaves.masks.astype(bool), logits, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        priors = np.exp(logits)
        return (priors / priors.sum(axis=1, keepdims=True)).astype(np.float32), values

    def __repr__(self) -> str:
        return f"BaselineNetwork({self.variant}, hidden={self.hidden})"


_LOADED: Dict[str, "BaselineNetwork"] = {}


def make_baseline_model(variant: Union[Variant, str] = "6x6") -> BaselineNetwork:
    """The shipped network of ``variant`` (loaded once, then shared).

    Raises:
        ValueError: no network ships for that variant (the message lists those that do).
        VariantError: text that is not a variant.
    """
    key = str(as_variant(variant).replace(blocked=()))
    if key not in _LOADED:
        if key not in baseline_variants():
            raise ValueError(f"no baseline network for {key}; shipped: {', '.join(baseline_variants()) or 'none'}")
        path = resources.files("polyreversi") / "data" / f"{_PREFIX}{key.replace('/', '_')}.npz"
        with resources.as_file(path) as file:
            _LOADED[key] = BaselineNetwork.from_file(file)
    return _LOADED[key]


class BaselinePlayer:
    """PUCT with the shipped network of the game's variant: the most visited move.

    Args:
        simulations: per move, 2 .. :data:`~polyreversi.envs.puct.MAX_SIMULATIONS` (the new
            root's evaluation included; the subtree of the position reached is kept from the last move, see
            :class:`polyreversi.envs.puct.PuctTrees`).
        c_puct: the exploration constant (finite, >= 0).
        leaves: leaves evaluated per network call, 1 .. :data:`~polyreversi.envs.puct.MAX_LEAVES`
            (virtual loss between them).
        network: a :class:`BaselineNetwork` (None: :func:`make_baseline_model` of the
            game's variant, at the first move).
        seed: accepted as every seat's is; the player draws nothing (no noise; the most
            visited move, the lowest square among equals).

    Raises:
        ValueError, TypeError: bad options. :meth:`choose` raises ValueError for a
        variant the network does not play, IllegalMoveError for a game that is over.
    """

    def __init__(self, simulations: int = 64, *, c_puct: float = 1.5, leaves: int = 4,
                 network: Optional[BaselineNetwork] = None, seed: Optional[int] = None) -> None:
        self.simulations = whole(simulations, "simulations", MIN_SIMULATIONS, MAX_SIMULATIONS)
        self.c_puct = number(c_puct, "c_puct")
        self.leaves = whole(leaves, "leaves", 1, MAX_LEAVES)
        if network is not None and not isinstance(network, BaselineNetwork):
            raise TypeError(f"network: expected a BaselineNetwork, got {type(network).__name__}")
        self.network = network
        self.name = f"baseline:{self.simulations}"
        self._trees = PuctTrees(1)

    def new_game(self) -> None:
        """Forget the kept tree (a game that does not follow the last one needs no call)."""
        self._trees.clear()

    def choose(self, state: State) -> int:
        """The move to play in ``state`` (a square index, or the pass move)."""
        network = self.network if self.network is not None else make_baseline_model(state.variant)
        base = state.variant.replace(blocked=())
        if base != network.variant.replace(blocked=()):
            raise ValueError(f"baseline: the network plays {network.variant}, not {base}")
        result = puct(state, network.evaluate, simulations=self.simulations, c_puct=self.c_puct,
                      leaves_per_game=self.leaves, trees=self._trees)
        return int(result.visits[0].argmax())

    def __call__(self, state: State) -> int:
        return self.choose(state)

    def __repr__(self) -> str:
        return f"BaselinePlayer(simulations={self.simulations}, leaves={self.leaves})"


__all__ = ["BaselineNetwork", "BaselinePlayer", "baseline_variants", "make_baseline_model"]
