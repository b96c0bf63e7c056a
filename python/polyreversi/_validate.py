"""The argument checks every public call shares: one wording for every message.

Each raises TypeError for a value of the wrong type and ValueError for one out
of range, naming the argument and echoing the value as given (cut when huge, by
:func:`shown`).
"""
from __future__ import annotations

import decimal
import math
import numbers
import os
import re
import sys
from typing import Any, Optional, Type, TypeVar

T = TypeVar("T")

#: Digits of the longest whole number the command line and the protocols read as text:
#: more than any count or limit needs (2**64 has 20), and a longer one is refused
#: before int() is asked (which refuses more than 4300 digits in its own words).
MAX_DIGITS = 30


def shown(value: Any) -> str:
    """``value`` as a message echoes it: :func:`polyreversi.errors.quoted` (a 5000-digit
    int or a long text cut to a prefix with its size). Imported when a message is made:
    this module stays light (no engine) for the command line's option types."""
    from polyreversi.errors import quoted

    return quoted(value)


def shown_name(value: Any) -> str:
    """A file name or an engine's command as a message echoes it:
    :func:`polyreversi.errors.quoted_name` (the longer cut of names)."""
    from polyreversi.errors import quoted_name

    return quoted_name(value)


def is_bool(value: Any) -> bool:
    """Whether ``value`` is True or False: a Python bool or a NumPy bool. NumPy is not
    imported for the question: a value cannot be a NumPy bool unless NumPy is loaded.
    While another thread is importing NumPy, its module is in sys.modules without
    ``bool_`` yet (no value can be a NumPy bool then either)."""
    if isinstance(value, bool):
        return True
    numpy_bool = getattr(sys.modules.get("numpy"), "bool_", None)
    return numpy_bool is not None and isinstance(value, numpy_bool)


def is_digits(text: str) -> bool:
    """Whether ``text`` is ASCII digits 0-9 only (and not empty). str.isdigit is also true
    of '²' and other Unicode digits, which int() refuses and no protocol or option means."""
    return text.isascii() and text.isdigit()


#: How a count is written in a spec or policy text (:func:`count_text`), for the messages
#: that refuse one.
COUNT_FORM = "digits 0-9 without a sign or a leading zero"


def count_text(text: str) -> Optional[int]:
    """``text`` read as a count of a spec: a seat's (``search:6``, ``mcts:2000``,
    ``threads=0``) and :meth:`polyreversi.Batch.choose`'s policy (``search:4``,
    ``mcts:500``). ASCII digits without a sign or a leading zero (``0`` alone is a count:
    ``+5`` and ``0003`` are typing slips no count needs, and JSON refuses them too), at
    most :data:`MAX_DIGITS` of them; None for any other text.

    >>> count_text("2000"), count_text("0"), count_text("+5"), count_text("0003")
    (2000, 0, None, None)
    """
    if not is_digits(text) or (len(text) > 1 and text[0] == "0") or too_many_digits(text) is not None:
        return None
    return int(text)


def too_many_digits(text: str) -> Optional[str]:
    """Why ``text`` (an optional sign and ASCII digits) is too long to read as a whole
    number: ``'999...' (5000 characters) has more than 30 digits``; None when it has at
    most :data:`MAX_DIGITS`. The one wording of the command line's options and the
    protocols' arguments (each adds its own context)."""
    digits = text[1:] if text[:1] in ("+", "-") else text
    return f"{shown(text)} has more than {MAX_DIGITS} digits" if len(digits) > MAX_DIGITS else None


def is_integer(value: Any) -> bool:
    """Whether ``value`` is a whole number (an int, a NumPy integer: numbers.Integral)
    that is not a bool (True is not a count, a ply or a colour)."""
    return isinstance(value, numbers.Integral) and not is_bool(value)


def instance(value: Any, cls: Type[T], name: str) -> T:
    """``value`` itself when it is a ``cls`` (a State, a Variant, ...); else TypeError naming the
    argument and the type given."""
    if not isinstance(value, cls):
        raise TypeError(f"{name}: expected a {cls.__name__}, got {type(value).__name__}")
    return value


def integer(value: Any, name: str) -> int:
    """``value`` as an int (bool refused: True is not a count), for a call whose range
    another owner checks (the core's, naming its bound and why)."""
    if not is_integer(value):
        raise TypeError(f"{name}: expected an int, got {shown(value)}")
    return int(value)


def whole(value: Any, name: str, low: int, high: int) -> int:
    """``value`` as an int in ``low .. high`` (bool refused: True is not a count)."""
    result = integer(value, name)
    if not low <= result <= high:
        raise ValueError(f"{name}: must be {low} to {high}, got {shown(value)}")  # as given: np.int64(300)
    return result


def is_number(value: Any) -> bool:
    """Whether ``value`` is a number a float field or argument takes: numbers.Real (int,
    float, Fraction, NumPy's numbers) or a decimal.Decimal (which numbers.Real leaves
    out), and not a bool (True is not a komi or a number of seconds)."""
    return isinstance(value, (numbers.Real, decimal.Decimal)) and not is_bool(value)


def _as_float(value: Any) -> float:
    """``float(value)``, or infinity (the range checks refuse it, naming the argument) for a
    number too large for a float (an int or Fraction of 309+ digits raises OverflowError),
    NaN for a signalling NaN (``Decimal('sNaN')``, which float() refuses)."""
    try:
        return float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf
    except ValueError:
        return math.nan


def beyond_float(given: Any) -> str:
    """Why a finite number no float holds is refused: ``999... (4000 digits) has too many
    digits for a float (at most 1.798e+308)``; one written with an exponent (the text
    ``'1e400'``, as a file spells it, or ``Decimal('1E+400')``) is "too large" instead.
    ``given``: the number, or the text it was read from."""
    spelled = shown(given)
    written = given if isinstance(given, str) else str(given) if isinstance(given, decimal.Decimal) else ""
    if not re.search(r"[eE]", written):
        return f"{spelled} has too many digits for a float (at most {sys.float_info.max:.4g})"
    return f"{spelled} is too large for a float (at most {sys.float_info.max:.4g})"


def float_problem(value: Any, given: Optional[str] = None) -> Optional[str]:
    """Why the number ``value`` (numbers.Real or decimal.Decimal) is no finite float, or
    None when a float holds it: ``expected a finite number, got nan`` (NaN, an infinity)
    or :func:`beyond_float` (finite, beyond a float's range: ``10**400``,
    ``Decimal('1e400')``). ``given``: the text ``value`` was read from by float() (shown
    instead of ``value``): unless it spells an infinity, an infinite ``value`` is a finite
    number beyond a float's range (float() reads ``'1e400'`` as infinity). The rule of
    :func:`finite_float`, for a caller with its own wording of the name (a click option)."""
    spelled = value if given is None else given
    if given is not None:
        finite = given.strip().lstrip("+-").lower() not in ("inf", "infinity", "nan")
    elif isinstance(value, decimal.Decimal):
        finite = value.is_finite()
    else:  # an int or Fraction is finite even beyond a float (float() would overflow)
        finite = isinstance(value, numbers.Rational) or math.isfinite(value)
    if not finite:
        return f"expected a finite number, got {shown(spelled)}"
    return beyond_float(spelled) if math.isinf(_as_float(value)) else None


def finite_float(value: Any, name: str, *, given: Optional[str] = None) -> float:
    """``value`` as a finite float: the one rule of the float fields (a record's komi and
    margin, GGF's ``KM`` and ``RE``, the protocols' and the command line's numbers).

    Any number (:func:`is_number`: int, float, Fraction, Decimal, NumPy's) is taken when it
    is finite and a float holds it (``Fraction(1, 2)`` and ``Decimal('0.5')`` are 0.5).
    ``given``: the text ``value`` was read from, as :func:`float_problem` takes it.

    Raises:
        TypeError: not a number (text, bool, None): ``NAME: expected a number, got X``.
        ValueError: NaN, an infinity or a finite number beyond a float's range, in the
            words of :func:`float_problem` after ``NAME: ``.
    """
    if not is_number(value):
        raise TypeError(f"{name}: expected a number, got {shown(value if given is None else given)}")
    problem = float_problem(value, given)
    if problem is not None:
        raise ValueError(f"{name}: {problem}")
    return float(value)


def seconds(value: Any, name: str, *, zero: bool = False, high: float = math.inf, given: Optional[str] = None) -> float:
    """``value`` as finite seconds, above 0 (or at least 0 with ``zero=True``), at most ``high``;
    ``given``: the text it was read from, shown in the message instead of the number (a
    protocol's '1e999' is not 'inf')."""
    if not is_number(value):
        raise TypeError(f"{name}: expected seconds as a number, got {shown(value)}")
    result = _as_float(value)
    if not math.isfinite(result) or result < 0 or (result == 0 and not zero) or result > high:
        bound = "0 or more" if zero else "above 0"
        if high != math.inf:
            bound += f", at most {high:g}"
        raise ValueError(f"{name}: must be a finite number of seconds {bound}, got {shown(value if given is None else given)}")
    return result


def flag(value: Any, name: str) -> bool:
    """``value`` as a bool (True, False or a NumPy bool; 1 and 0 are refused)."""
    if not is_bool(value):
        raise TypeError(f"{name}: expected True or False, got {shown(value)}")
    return bool(value)


def function(value: Any, name: str, shape: str) -> Any:
    """``value`` itself when it is callable; else TypeError naming the argument, the call
    it is made as (``shape``, e.g. ``"on_move(state, move)"``) and the type given."""
    if not callable(value):
        raise TypeError(f"{name}: expected a function called as {shape}, got {type(value).__name__}")
    return value


def optional_function(value: Any, name: str, shape: str) -> Any:
    """:func:`function`, passing ``None`` through."""
    return None if value is None else function(value, name, shape)


def not_over(state: Any, what: str, wanted: str = "no move to search") -> None:
    """Refuses a finished game: ValueError ``WHAT: the game is over at ply N; there is
    WANTED`` (without ``WHAT: `` when ``what`` is empty)."""
    if state.is_over():
        prefix = f"{what}: " if what else ""
        raise ValueError(f"{prefix}the game is over at ply {state.ply}; there is {wanted}")


def optional_whole(value: Any, name: str, low: int, high: int) -> Optional[int]:
    """:func:`whole`, passing ``None`` through."""
    return None if value is None else whole(value, name, low, high)


def optional_seconds(value: Any, name: str, *, zero: bool = False, high: float = math.inf) -> Optional[float]:
    """:func:`seconds`, passing ``None`` through."""
    return None if value is None else seconds(value, name, zero=zero, high=high)



def number(value: Any, name: str, low: float = 0.0, high: float = math.inf, *, above: bool = False) -> float:
    """``value`` as a finite float in ``low .. high`` (a weight, a share, a constant);
    with ``above=True``, greater than ``low``."""
    if not is_number(value):
        raise TypeError(f"{name}: expected a number, got {shown(value)}")
    result = _as_float(value)
    if not math.isfinite(result) or not low <= result <= high or (above and result == low):
        bound = f"{low:g} or more" if high == math.inf else f"{low:g} to {high:g}"
        bound = f"above {low:g}" + ("" if high == math.inf else f", at most {high:g}") if above else bound
        raise ValueError(f"{name}: must be a finite number, {bound}, got {shown(value)}")
    return result


def file_name(value: Any, name: str) -> None:
    """A file name: text or an os.PathLike of text (``-`` is standard input or output),
    with no NUL character (the OS takes none).

    Raises:
        TypeError: anything else, bytes too (the formats go by a name's extension as
            text; None is not standard input: that is ``-``).
        ValueError: a NUL character in the name.
    """
    text = os.fspath(value) if isinstance(value, (str, os.PathLike)) else None
    if not isinstance(text, str):
        raise TypeError(f"{name}: expected a file name or '-' (standard input or output), got {type(value).__name__}")
    if "\0" in text:
        raise ValueError(f"{name}: {shown(text)}: a file name has no NUL character")


def refuse_pickle(cls: type, why: str) -> None:
    """Makes ``cls`` (a binding's class that holds engine memory) refuse pickling with a
    TypeError naming it and ``why``: without this, pickle protocols 0 and 1 (and a
    direct ``__reduce__()``) abort the process inside pybind11."""
    def refuse(self: object, protocol: int = 0) -> Any:
        raise TypeError(f"cannot pickle {type(self).__qualname__} objects: {why}")
    setattr(cls, "__reduce_ex__", refuse)
    setattr(cls, "__reduce__", refuse)
