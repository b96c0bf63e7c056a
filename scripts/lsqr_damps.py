"""LSQR for several ridge strengths at once, with the iterates at chosen
iteration counts: what train_patterns.py's `sweep` stage measures the fit's
convergence and regularisation with.

scipy.sparse.linalg.lsqr (Paige and Saunders, ACM TOMS 8(1), 1982) solves
min ||A x - b||^2 + damp^2 ||x||^2 for one damp and returns only its last
iterate. Its Golub-Kahan bidiagonalisation of A (the products with A and A^T,
nearly all of the cost) does not depend on damp; only the plane rotations
that follow do. This runs the bidiagonalisation once and the rotations of
each damp beside it, so k damps and every iteration count up to N cost about
one scipy run of N iterations. The update of each damp is scipy's (no
reorthogonalisation, no stopping test: a fixed number of iterations, as the
fit uses); rounding makes its iterates differ slightly from scipy's (0.04 disk
at most on 60,000 rows of the 8x8 fit, 40 iterations).
"""
from __future__ import annotations

from typing import Callable, Dict, Iterable, Optional

import numpy as np


def lsqr_damps(A, b: np.ndarray, damps: Iterable[float], iterations: int, snapshots: Iterable[int] = (),
               callback: Optional[Callable[[int, Dict[float, np.ndarray]], None]] = None) -> Dict[float, np.ndarray]:
    """The LSQR iterates of min ||A x - b||^2 + damp^2 ||x||^2 for each damp.

    Args:
        A: scipy sparse matrix (m, n). b: float array (m,).
        damps: ridge strengths (>= 0), as scipy's ``damp``.
        iterations: LSQR iterations (>= 1).
        snapshots: iteration counts at which ``callback(k, {damp: x})`` is called (x: float64 (n,),
            the live iterate: copy it to keep it).

    Returns:
        {damp: x} after ``iterations`` iterations.

    Raises:
        ValueError: a negative damp, fewer than 1 iteration, or b not of A's row count.
    """
    damps = [float(d) for d in damps]
    if any(d < 0 for d in damps) or iterations < 1 or b.shape != (A.shape[0],):
        raise ValueError(f"lsqr_damps: damps {damps} (>= 0), iterations {iterations} (>= 1), "
                         f"b {b.shape} for A {A.shape}")
    snapshots = set(snapshots)
    AT = A.T.tocsr()
    u = np.asarray(b, dtype=np.float64).copy()
    beta = float(np.linalg.norm(u))
    x0 = {d: np.zeros(A.shape[1]) for d in damps}
    if beta == 0:
        return x0
    u /= beta
    v = AT @ u
    alfa = float(np.linalg.norm(v))
    if alfa > 0:
        v /= alfa
    state = {d: {"x": x0[d], "w": v.copy(), "rhobar": alfa, "phibar": beta} for d in damps}
    for k in range(1, iterations + 1):
        u = A @ v - alfa * u
        beta = float(np.linalg.norm(u))
        if beta > 0:
            u /= beta
            v = AT @ u - beta * v
            alfa = float(np.linalg.norm(v))
            if alfa > 0:
                v /= alfa
        for d, s in state.items():
            rhobar, phibar = s["rhobar"], s["phibar"]
            if d > 0:  # the rotation that eliminates the damping row
                rhobar1 = float(np.hypot(rhobar, d))
                phibar = rhobar / rhobar1 * phibar
            else:
                rhobar1 = rhobar
            rho = float(np.hypot(rhobar1, beta))  # the rotation that eliminates beta
            cs, sn = rhobar1 / rho, beta / rho
            theta = sn * alfa
            s["rhobar"] = -cs * alfa
            phi = cs * phibar
            s["phibar"] = sn * phibar
            s["x"] += (phi / rho) * s["w"]
            s["w"] = v - (theta / rho) * s["w"]
        if callback is not None and k in snapshots:
            callback(k, {d: s["x"] for d, s in state.items()})
    return {d: s["x"] for d, s in state.items()}
