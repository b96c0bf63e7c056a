"""Checks shared by the engine-client tests of every protocol (test_engine_client.py
for NBoard/GTP, test_engine_uci.py for UCI): that a closed engine leaves no
process behind, through the synchronous client, the asyncio client and a seat."""
import asyncio
import os
import subprocess
import time

import pytest

import polyreversi as pr
from polyreversi.errors import EngineTerminatedError, EngineTimeoutError


def _without_preload() -> dict:
    """This environment without LD_PRELOAD: scripts/sanitize.sh preloads libasan, under
    which procps's pgrep and ps hang (a futex wait) instead of answering."""
    return {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}


def processes_matching(pattern: str) -> list:
    """The pids (str) of the processes whose command line holds ``pattern`` (``pgrep -f``)."""
    return subprocess.run(["pgrep", "-f", pattern], capture_output=True, text=True,
                          env=_without_preload()).stdout.split()


def process_lines(pids: list) -> str:
    """``ps -o pid,args`` of ``pids`` (none: of pid 0, a header only), for a failure message."""
    return subprocess.run(["ps", "-o", "pid,args", "-p", ",".join(pids) or "0"], capture_output=True, text=True,
                          env=_without_preload()).stdout


def gone(engine) -> bool:
    """True once the process of ``engine`` (a SimpleEngine) has exited."""
    return engine.protocol.process.proc.poll() is not None


def times_out_and_is_closed(engine) -> None:
    """Asks an engine that never answers (opened with a timeout of 2-3 s) for a move:
    the client gives up within 8 s with EngineTimeoutError, the process is closed,
    and a later request is EngineTerminatedError."""
    start = time.monotonic()
    with pytest.raises(EngineTimeoutError, match="did not answer"):
        engine.play(pr.Variant().start(), pr.Limit(time=0.2))
    assert time.monotonic() - start < 8
    assert gone(engine)
    with pytest.raises(EngineTerminatedError):
        engine.play(pr.Variant().start(), pr.Limit(time=0.2))


def asyncio_move_then_quit(popen, command):
    """Opens ``command`` with an asyncio ``popen`` (popen_nboard, popen_uci...), asks
    for one move at depth 1 from the 8x8 start, quits, and checks that the engine's
    process has exited; returns the move."""
    async def main():
        transport, engine = await popen(command)
        try:
            return (await engine.play(pr.Variant().start(), pr.Limit(depth=1))).move, transport
        finally:
            await engine.quit()

    move, transport = asyncio.run(main())
    assert transport.proc.poll() is not None, "the engine still runs after quit()"
    return move


def seat_plays_a_game(spec: str, board: str = "8x8"):
    """A seat made from ``spec`` plays one game on ``board`` against RandomPlayer and is
    closed even when the game fails; returns the final position."""
    seat = pr.player_from_spec(spec)
    try:
        return pr.play_game(board, [seat, pr.RandomPlayer(seed=1)])
    finally:
        seat.close()
