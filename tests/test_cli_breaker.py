"""What a breaker pass over the command line found: an address Ray cannot read is a
usage error naming --ray, not a traceback."""
from __future__ import annotations

import pytest
from click.testing import CliRunner, Result

from polyreversi.cli import main


def _error_line(args: list[str]) -> str:
    """The one ``Error:`` line of a refused command, exit status 2 and no traceback."""
    result: Result = CliRunner().invoke(main, args)
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.output
    assert "Traceback" not in result.output
    lines = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(lines) == 1, result.output
    return lines[0]


@pytest.mark.parametrize("address", ["nope", ""])
def test_an_address_ray_cannot_read_names_ray(address: str) -> None:
    pytest.importorskip("ray", reason="Ray is not installed (pip install 'polyreversi[ray]')")
    line = _error_line(["selfplay", "-n", "1", "--no-progress", "--ray", address])
    assert line.startswith("Error: Invalid value for --ray: ") and "address" in line.lower()
