"""Matches between players: a referee, openings, Elo and SPRT, a parallel runner
(the ``polyreversi match`` command; docs/engines.md)."""
from __future__ import annotations

from polyreversi.match.elo import EloEstimate
from polyreversi.match.openings import builtin as builtin_openings
from polyreversi.match.openings import from_file as openings_from_file
from polyreversi.match.referee import GameOutcome, TimeControl, play
from polyreversi.match.runner import MatchConfig, MatchResult, Tally, run

__all__ = ["EloEstimate", "builtin_openings", "openings_from_file",
           "GameOutcome", "TimeControl", "play", "MatchConfig", "MatchResult", "Tally", "run"]
