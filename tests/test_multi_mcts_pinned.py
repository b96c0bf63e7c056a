"""The informed MCTS's searches pinned: a change meant to make them faster must leave them alone.

At a fixed playout count and seed a search depends only on its position and options,
so the moves, visits, mean rewards (to the last bit) and node counts of the searches of
every position of a seeded random game are digested and compared with the digests the
code made before (benchmarks/multi_players.md, "The same searches, faster").
A change that is meant to change the searches updates PINNED with the new digests
(``python tests/test_multi_mcts_pinned.py`` prints them).

Pinned on x86-64 only: elsewhere a compiler may fuse a multiplication and an
addition (aarch64 has fused multiply-adds in its base set) and the C library's
``log`` is another, so the last bits may differ; tests/test_kernels.py checks that
the two kernel sets of one machine agree.
"""
import hashlib
import platform
import random

import pytest

import polyreversi as pr
from polyreversi.multi_mcts import MultiMCTSTree, multi_mcts

PLAYOUTS = 500

# (variant, with "blocked": random blocked squares; options; keep the tree between
# moves) -> the digest of main at 1aced8d.
PINNED = {
    ("8x8/4p", (), False): "c3ace45ff66e52b7",
    ("8x8/3p", (), False): "90f80934d7a89299",
    ("octagon/4p", (), False): "e2c57430039f38af",
    ("10x10/4p", (), False): "e7035c67ca2d1991",
    ("8x8/4p/anti", (), False): "3562ba83c33a3952",
    ("8x8/4p", (("paranoia", 0.5),), False): "a98991c4f84ae3c8",
    ("8x8/3p", (("implicit_weight", 0.3), ("bias_weight", 0.5)), False): "93ef928649d357d3",
    ("8x8/4p", (("best_reply", True), ("paranoia", 1.0)), False): "ed62d9e4dbf74982",
    ("octagon/4p", (("nst", True), ("lgrf", True)), False): "4edadb59873a5d97",
    ("10x10/4p", (("mast", 1.0), ("mast_temperature", 0.05)), False): "76e51eaf71bb4b49",
    ("8x8/4p", (("greedy", 0.2), ("score_weight", 0.3), ("cutoff", 0)), False): "f3d394495875da38",
    ("8x8/4p blocked", (), False): "8a9d62055f8a4f1d",
    ("octagon/3p blocked", (("paranoia", 0.3),), False): "0d64cca6451416a9",
    ("8x8/4p", (), True): "e74bb16a1a79a492",
    ("8x8/3p", (("best_reply", True),), True): "138d8aae66dbccd9",
}


def digest(variant: str, options: tuple, reuse: bool) -> str:
    rng = random.Random(11)
    h = hashlib.sha256()
    name, _, blocked = variant.partition(" ")
    parsed = pr.Variant.parse(name)
    state = (parsed.with_random_blocked(seed=4) if blocked else parsed).start()
    tree = MultiMCTSTree() if reuse else None
    while not state.is_over():
        if len(state.legal_moves()) > 1:
            extra = {"tree": tree} if reuse else {}
            r = multi_mcts(state, playouts=PLAYOUTS, seed=state.ply, **dict(options), **extra)
            values = [float(v).hex() for v in r.values]
            h.update(repr((r.move, sorted(r.visits.items()), values, r.nodes, r.playouts)).encode())
        state.play(rng.choice(state.legal_moves()))
    return h.hexdigest()[:16]


@pytest.mark.skipif(platform.machine().lower() not in ("x86_64", "amd64"), reason="pinned on x86-64 (see above)")
@pytest.mark.parametrize("variant,options,reuse", list(PINNED))
def test_the_searches_of_a_game_are_the_pinned_ones(variant, options, reuse):
    assert digest(variant, options, reuse) == PINNED[(variant, options, reuse)]


if __name__ == "__main__":
    for key in PINNED:
        print(f"    {key!r}: {digest(*key)!r},")
