"""The solver's last plies are the same search with both kernel sets.

search/last_squares.hpp counts the last square's flips from line tables on
full 6x6 and 8x8 boards (pext in the x86-64-v3 set, multiplications in the
portable one) and keeps the flip-mask path elsewhere. Same tree, same values:
score, move and node count of each solve must agree between the sets, on
boards that take each path."""
from __future__ import annotations

import pytest

from conftest import run_with_kernels

PROBE = """
import json, random, polyreversi as pr
out = {"kernels": pr._core.kernels()}
for text, empties in [("8x8", 12), ("6x6", 10), ("8x8/anti", 11), ("10x10", 9), ("octagon", 9),
                      ("8x8/blocked=b2,g7", 10)]:
    v = pr.Variant.parse(text)
    rows = []
    for seed in range(5):
        rng = random.Random(seed)
        s = v.start()
        while not s.is_over() and len(v.squares) - sum(s.scores()) > empties:
            s.play(rng.choice(s.legal_moves()))
        r = pr.solve(s, tt_mb=1)
        rows.append([r.score, str(r.move), r.nodes])
    out[text] = rows
print(json.dumps(out))
"""


def test_solver_same_nodes_with_both_kernel_sets():
    native, portable = run_with_kernels(PROBE, None), run_with_kernels(PROBE, "generic")
    assert portable.pop("kernels") == "generic"
    if native.pop("kernels") == "generic":
        pytest.skip("this CPU runs only the portable kernels; nothing to compare")
    assert native == portable
    assert all(nodes > 0 for rows in native.values() for _, _, nodes in rows)
