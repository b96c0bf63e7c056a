"""What a request costs beside the engine's thinking: the NBoard ``ping``/``pong``
round trip and a whole ``play`` request (setup, ping, go, reply) at depth 1, for
polyreversi's own engine (NBoard and GTP) and NTest when POLYREVERSI_NTEST is set.

    python benchmarks/protocol_roundtrip.py [--repeat 200]

Prints the median and 90th percentile in milliseconds.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

import polyreversi as pr
from polyreversi.engine import SimpleEngine


def percentiles(samples):
    samples = sorted(samples)
    return statistics.median(samples) * 1e3, samples[int(0.9 * (len(samples) - 1))] * 1e3


def measure(name, engine, repeat):
    state = pr.Variant().start()
    state.play("f5")
    rows = []
    proto = engine.protocol
    if hasattr(proto, "sync"):
        pings = []
        for _ in range(repeat):
            t = time.perf_counter()
            proto.sync()
            pings.append(time.perf_counter() - t)
        rows.append(("ping/pong", pings))
    else:
        names = []
        for _ in range(repeat):
            t = time.perf_counter()
            proto.command("name")
            names.append(time.perf_counter() - t)
        rows.append(("name", names))
    plays = []
    for _ in range(repeat):
        t = time.perf_counter()
        engine.play(state, pr.Limit(depth=1))
        plays.append(time.perf_counter() - t)
    rows.append(("play depth 1", plays))
    for what, samples in rows:
        med, p90 = percentiles(samples)
        print(f"{name:28s} {what:14s} median {med:7.3f} ms   p90 {p90:7.3f} ms   ({len(samples)} requests)")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=200)
    args = ap.parse_args(argv)
    engines = [("polyreversi (nboard)", "nboard", [sys.executable, "-m", "polyreversi", "engine"]),
               ("polyreversi (gtp)", "gtp", [sys.executable, "-m", "polyreversi", "engine", "--protocol", "gtp"])]
    if os.environ.get("POLYREVERSI_NTEST"):
        engines.append(("NTest (nboard)", "nboard", os.environ["POLYREVERSI_NTEST"]))
    for name, protocol, command in engines:
        with SimpleEngine.popen(protocol, command) as engine:
            measure(name, engine, args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
