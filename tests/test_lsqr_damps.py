"""scripts/lsqr_damps.py: several ridge strengths in one LSQR run give scipy's iterates."""
from __future__ import annotations

import sys

import numpy as np
import pytest

from conftest import PROJECT_ROOT

sparse = pytest.importorskip("scipy.sparse", reason="the train extra (scipy) is not installed")
from scipy.sparse.linalg import lsqr  # noqa: E402


def lsqr_damps():
    path = PROJECT_ROOT / "scripts" / "lsqr_damps.py"
    if not path.exists():
        pytest.skip(f"{path} not beside the tests (an installed copy of tests/)")
    sys.path.insert(0, str(path.parent))
    from lsqr_damps import lsqr_damps as f

    return f


def system(seed=7, m=400, n=60):
    """A sparse 0/1 design like the fit's (a few ones a row) and labels."""
    rng = np.random.default_rng(seed)
    cols = rng.integers(0, n, size=(m, 5))
    A = sparse.csr_matrix((np.ones(m * 5), cols.ravel(), np.arange(0, m * 5 + 1, 5)), shape=(m, n))
    return A, A @ rng.normal(size=n) + rng.normal(size=m)


@pytest.mark.parametrize("iterations", [1, 7, 30])
def test_each_damp_matches_scipy_lsqr(iterations):
    A, b = system()
    damps = (0.0, 0.5, 2.0, 8.0)
    got = lsqr_damps()(A, b, damps, iterations)
    for d in damps:
        want = lsqr(A, b, damp=d, iter_lim=iterations, atol=0, btol=0, conlim=0)[0]
        assert np.allclose(got[d], want, rtol=1e-7, atol=1e-9), d


def test_snapshots_are_the_shorter_runs():
    A, b = system(seed=3)
    f = lsqr_damps()
    seen = {}
    f(A, b, (1.0, 4.0), 12, snapshots=(3, 12), callback=lambda k, xs: seen.update({k: {d: x.copy() for d, x in xs.items()}}))
    assert sorted(seen) == [3, 12]
    for k in (3, 12):
        short = f(A, b, (1.0, 4.0), k)
        for d in (1.0, 4.0):
            assert np.array_equal(seen[k][d], short[d])


def test_a_zero_right_hand_side_and_bad_arguments():
    A, b = system()
    f = lsqr_damps()
    assert all(not x.any() for x in f(A, np.zeros_like(b), (0.0, 1.0), 5).values())
    for args in (((-1.0,), 5), ((1.0,), 0)):
        with pytest.raises(ValueError, match="lsqr_damps"):
            f(A, b, *args)
    with pytest.raises(ValueError, match="lsqr_damps"):
        f(A, b[:-1], (1.0,), 5)
