"""Reading the words of an engine-protocol command (GTP, NBoard) as numbers: one
wording for every server's message, naming the command and the argument.

Each reader raises ValueError, which both servers answer as a failed command
(GTP ``? ...``, NBoard ``status error: ...``) and carry on.
"""
from __future__ import annotations

from typing import Callable, List, Optional, TypeVar

from polyreversi import _validate
from polyreversi.limit import MAX_TIME

T = TypeVar("T")


def arg(command: str, words: List[str], index: int, name: str, read: Callable[[str, str], T],
        default: Optional[T] = None, *, last: bool = False) -> T:
    """``words[index]`` read by ``read(text, name)``; ``default`` when it is missing
    and a default is given. ``last``: the command takes no word after this one.

    Raises:
        ValueError: ``command: NAME ...``, the argument missing or refused by ``read``,
            or (``last``) words after it.
    """
    if last and len(words) > index + 1:
        given = " ".join(words[index:])
        raise ValueError(f"{command}: expected one argument {name}, got {_validate.shown(given)}")
    if index >= len(words):
        if default is not None:
            return default
        raise ValueError(f"{command}: missing argument {name}")
    try:
        return read(words[index], name)
    except (ValueError, TypeError) as e:
        raise ValueError(f"{command}: {e}") from None


def word(text: str, name: str) -> str:
    """A reader of an argument as the word it is (a command name; the first word of a
    text that is read whole, so that none at all is a missing argument)."""
    return text


def none(command: str, words: List[str]) -> None:
    """Refuses words after a command that takes none (GTP's ``undo x``, NBoard's ``go 1``).

    Raises:
        ValueError: ``command: expected no argument, got 'WORDS'``.
    """
    if words:
        raise ValueError(f"{command}: expected no argument, got {_validate.shown(' '.join(words))}")


def whole(low: Optional[int], high: Optional[int] = None) -> Callable[[str, str], int]:
    """A reader of a whole number from ``low`` (to ``high`` when given; None: any up to
    :data:`polyreversi._validate.MAX_DIGITS` digits, for a command that answers out-of-range values itself): a sign and ASCII
    digits (:func:`polyreversi._validate.is_digits`, as GTP's command ids), never other
    Unicode digits ('²', '٣') that no protocol means."""
    def read(text: str, name: str) -> int:
        digits = text[1:] if text[:1] in ("+", "-") else text
        if not _validate.is_digits(digits):
            raise ValueError(f"{name}: expected a whole number, got {_validate.shown(text)}")
        too_long = _validate.too_many_digits(text)
        if too_long is not None:
            raise ValueError(f"{name}: {too_long}")
        value = int(text)
        if low is None:
            return value
        if value < low or (high is not None and value > high):
            bound = f"{low} or more" if high is None else f"{low} to {high}"
            raise ValueError(f"{name}: must be {bound}, got {_validate.shown(text)}")
        return value
    return read


def _float(text: str, name: str, what: str) -> float:
    """``text`` as a float: ASCII only, without the underscores Python's float() also
    reads ('1_0', '١٢' are no protocol's numbers)."""
    try:
        if not text.isascii() or "_" in text:
            raise ValueError(text)
        return float(text)
    except ValueError:
        raise ValueError(f"{name}: expected {what}, got {_validate.shown(text)}") from None


def number(text: str, name: str) -> float:
    """A reader of a finite number (``nan`` and ``inf`` refused; ``1e400`` is beyond a
    float's range: :func:`polyreversi._validate.finite_float`)."""
    return _validate.finite_float(_float(text, name, "a number"), name, given=text)


def seconds(text: str, name: str) -> float:
    """A reader of seconds: 0 to :data:`polyreversi.limit.MAX_TIME` (the limits' maximum);
    a whole number of more than :data:`polyreversi._validate.MAX_DIGITS` digits is refused
    as the whole numbers are, by :func:`polyreversi._validate.too_many_digits`."""
    too_long = _validate.too_many_digits(text) if _validate.is_digits(text.lstrip("+-")) else None
    if too_long is not None:
        raise ValueError(f"{name}: {too_long}")
    return _validate.seconds(_float(text, name, "seconds as a number"), name, zero=True, high=MAX_TIME, given=text)
