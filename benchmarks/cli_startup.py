"""How long the command line takes to start: ``polyreversi --help`` and
``polyreversi replay`` of a one-game file, and ``import polyreversi.cli`` alone and
with every subcommand imported (as the command did before subcommands were
imported when named): CPU seconds (user + system) of a fresh interpreter each run,
which a loaded machine disturbs less than wall time; and the import time of
``polyreversi.cli`` by top-level module (``python -X importtime``).

    python benchmarks/cli_startup.py [--repeat 10] [--write benchmarks/cli_startup.md --label TEXT]

The machine is shared (2 cores): the load average is printed with the figures;
compare runs made close together.
"""
from __future__ import annotations

import argparse
import datetime
import os
import re
import statistics
import subprocess
import sys
import resource
import tempfile


def cpu(argv, repeat: int, cwd: str) -> list:
    """CPU seconds (user + system) of each of ``repeat`` runs of ``python ARGV``."""
    times = []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, *argv], cwd=cwd, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=False)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return times


def import_times(top: int = 8) -> list:
    """(microseconds, module) of the slowest imports directly under ``import polyreversi.cli``'s own."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", "import polyreversi.cli"],
                          capture_output=True, text=True, check=True)
    rows = []
    for line in done.stderr.splitlines():
        m = re.match(r"import time:\s+\d+ \|\s+(\d+) \| (\s*)(\S+)", line)
        if m and len(m.group(2)) <= 2:  # the package and its direct imports
            rows.append((int(m.group(1)), m.group(3)))
    return sorted(rows, reverse=True)[:top]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--write", default=None, help="append the results to this Markdown file")
    parser.add_argument("--label", default="", help="what this run measures (a commit, a change)")
    args = parser.parse_args()
    import polyreversi as pr

    folder = tempfile.mkdtemp()
    pr.formats.write(os.path.join(folder, "g.json"), [pr.Record("8x8", ("f5", "d6", "c3"))])
    load = os.getloadavg()[0]
    every = "import polyreversi.cli as c; [c.main.get_command(None, n) for n in c.SUBCOMMANDS]"
    rows = [("polyreversi --help", cpu(["-m", "polyreversi", "--help"], args.repeat, folder)),
            ("polyreversi replay g.json", cpu(["-m", "polyreversi", "replay", "g.json"], args.repeat, folder)),
            ("import polyreversi.cli", cpu(["-c", "import polyreversi.cli"], args.repeat, folder)),
            ("import polyreversi.cli + every subcommand", cpu(["-c", every], args.repeat, folder))]
    lines = [f"### {args.label or 'run'} ({datetime.datetime.utcnow():%Y-%m-%d %H:%M} UTC)", "",
             f"{args.repeat} runs each, a fresh interpreter per run; load average {load:.1f}.", "",
             "| command | median CPU s | min CPU s |", "|---|---|---|"]
    lines += [f"| `{name}` | {statistics.median(t):.2f} | {min(t):.2f} |" for name, t in rows]
    lines += ["", "Slowest imports under `import polyreversi.cli` (cumulative ms, one run):", ""]
    lines += [f"- `{module}` {us / 1000:.0f} ms" for us, module in import_times()]
    text = "\n".join(lines) + "\n"
    print(text)
    if args.write:
        with open(args.write, "a", encoding="utf-8") as f:
            f.write("\n" + text)


if __name__ == "__main__":
    main()
