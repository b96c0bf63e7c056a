"""pr.Limit: the one limits object, and the shared argument checks."""
import numpy as np
import pytest

import polyreversi as pr
from polyreversi import _validate
from polyreversi.limit import MAX_DEPTH


def test_fields_are_checked_and_normalised():
    limit = pr.Limit(depth=np.int64(8), time=1, nodes=10, clock=60, increment=0, moves_to_go=40)
    assert (limit.depth, limit.time, limit.clock, limit.increment) == (8, 1.0, 60.0, 0.0)
    assert type(limit.depth) is int and type(limit.time) is float
    assert repr(pr.Limit(depth=8)) == "Limit(depth=8)"
    assert pr.Limit().is_empty() and not pr.Limit(nodes=1).is_empty()
    assert repr(pr.Limit(clock=60, overtime=5)) == "Limit(clock=60.0, overtime=5.0)"


@pytest.mark.parametrize("kwargs, error, words", [
    ({"depth": 0}, ValueError, "depth: must be 1 to"),
    ({"depth": MAX_DEPTH + 1}, ValueError, "depth"),
    ({"depth": True}, TypeError, "depth: expected an int"),
    ({"depth": 2.0}, TypeError, "depth: expected an int"),
    ({"time": 0}, ValueError, "time: must be a finite number of seconds above 0"),
    ({"time": float("nan")}, ValueError, "time"),
    ({"time": "1"}, TypeError, "time: expected seconds"),
    ({"nodes": 0}, ValueError, "nodes"),
    ({"clock": -1}, ValueError, "clock: must be a finite number of seconds 0 or more"),
    ({"increment": 1}, ValueError, "need a clock"),
    ({"clock": 10, "moves_to_go": 0}, ValueError, "moves_to_go"),
    ({"overtime": 5}, ValueError, "need a clock"),
    ({"clock": 10, "overtime": -1}, ValueError, "overtime: must be a finite number of seconds 0 or more"),
    ({"clock": 10, "overtime": float("inf")}, ValueError, "overtime"),
    ({"clock": 10, "overtime": "5"}, TypeError, "overtime: expected seconds"),
    ({"clock": 10, "overtime": 5, "moves_to_go": 20}, ValueError, "give one of them"),
])
def test_bad_fields_name_themselves(kwargs, error, words):
    with pytest.raises(error, match=words):
        pr.Limit(**kwargs)


def test_limit_is_frozen():
    with pytest.raises(AttributeError):
        pr.Limit(depth=1).depth = 2


def test_flag_refuses_integers():
    assert _validate.flag(np.True_, "x") is True
    with pytest.raises(TypeError, match="x: expected True or False"):
        _validate.flag(1, "x")
