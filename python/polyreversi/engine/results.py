"""What an engine answers: the move it plays and the values it gives moves."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Optional


@dataclass(frozen=True)
class PlayResult:
    """An engine's move.

    Attributes:
        move: the square index (``state.PASS`` for a pass); None when the engine resigned.
        score: the engine's value of the move in disks, from the mover's view (None
            when it gave none).
        seconds: wall-clock seconds from the request to the reply, as measured here.
        resigned: the engine resigned (GTP ``resign``).
        text: the engine's reply as written, for logs.
    """

    move: Optional[int]
    score: Optional[float] = None
    seconds: float = 0.0
    resigned: bool = False
    text: str = ""


@dataclass(frozen=True)
class MoveInfo:
    """The value an engine gives one move (NBoard ``search``/``book`` lines).

    Attributes:
        move: square index (``state.PASS`` for a pass).
        score: disks from the mover's view.
        depth: plies searched (0 when the engine did not say).
        pv: the principal variation as square indices, starting with ``move``.
        exact: the engine says the score is the exact endgame result (NBoard depth ``100%``).
        book: the value came from the engine's opening book.
    """

    move: int
    score: float
    depth: int = 0
    pv: List[int] = field(default_factory=list)
    exact: bool = False
    book: bool = False
