"""The argument checks every public call shares: one wording for every message.

Each raises TypeError for a value of the wrong type and ValueError for one out
of range, naming the argument and echoing the value as given.
"""
from __future__ import annotations

import math
import numbers
from typing import Any, Optional

import numpy as np


def whole(value: Any, name: str, low: int, high: int) -> int:
    """``value`` as an int in ``low .. high`` (bool refused: True is not a count)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name}: expected an int, got {value!r}")
    result = int(value)
    if not low <= result <= high:
        raise ValueError(f"{name}: must be {low} to {high}, got {value!r}")  # as given: np.int64(300)
    return result


def seconds(value: Any, name: str, *, zero: bool = False) -> float:
    """``value`` as finite seconds, above 0 (or at least 0 with ``zero=True``)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name}: expected seconds as a number, got {value!r}")
    result = float(value)
    if not math.isfinite(result) or result < 0 or (result == 0 and not zero):
        bound = "0 or more" if zero else "above 0"
        raise ValueError(f"{name}: must be a finite number of seconds {bound}, got {value!r}")
    return result


def flag(value: Any, name: str) -> bool:
    """``value`` as a bool (True, False or a NumPy bool; 1 and 0 are refused)."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name}: expected True or False, got {value!r}")
    return bool(value)


def optional_whole(value: Any, name: str, low: int, high: int) -> Optional[int]:
    """:func:`whole`, passing ``None`` through."""
    return None if value is None else whole(value, name, low, high)


def optional_seconds(value: Any, name: str, *, zero: bool = False) -> Optional[float]:
    """:func:`seconds`, passing ``None`` through."""
    return None if value is None else seconds(value, name, zero=zero)



def number(value: Any, name: str, low: float = 0.0, high: float = math.inf) -> float:
    """``value`` as a finite float in ``low .. high`` (a weight, a share, a constant)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name}: expected a number, got {value!r}")
    result = float(value)
    if not math.isfinite(result) or not low <= result <= high:
        bound = f"{low:g} or more" if high == math.inf else f"{low:g} to {high:g}"
        raise ValueError(f"{name}: must be a finite number, {bound}, got {value!r}")
    return result
