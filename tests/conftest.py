"""Shared test fixtures: where the shared data lives, and the variant grid."""
from __future__ import annotations

import itertools
from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parents[1]
SHARED = PROJECT_ROOT.parent / "shared"
DATA = SHARED / "data"


def shared_data(*parts: str) -> Path:
    """A path under ../shared/data, or skip the test with the reason."""
    path = DATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"shared data not found at {path} (tests read ../shared beside the project root)")
    return path
