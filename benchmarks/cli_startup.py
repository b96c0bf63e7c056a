"""How long the command line takes to start: ``polyreversi --help`` and
``polyreversi replay`` of a one-game file, and ``import polyreversi.cli`` alone and
with every subcommand imported (as the command did before subcommands were
imported when named): CPU seconds (user + system) of a fresh interpreter each run,
which a loaded machine disturbs less than wall time; and the import time of
``polyreversi.cli`` by top-level module (``python -X importtime``).

    python benchmarks/cli_startup.py [--repeat 10] [--ctrl-c 100] [--write benchmarks/cli_startup.md --label TEXT]

Each command runs as an installed package does: with its bytecode cached (pip
compiles it at install; here a first run writes it under a temporary
PYTHONPYCACHEPREFIX, even when PYTHONDONTWRITEBYTECODE is set, as on this machine).
``--ctrl-c N`` sends SIGINT to ``polyreversi --version`` at a random time in its
first 80 ms, N times, and counts how each run ended: killed by the signal before
Python installs its handler (nothing printed), exit 130 (polyreversi's handler), a
traceback from Python's own start-up (``Fatal Python error``), or one from the
launcher's ``from polyreversi.__main__ import run`` line (before polyreversi's handler).

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


def cpu(argv, repeat: int, cwd: str, env: dict) -> list:
    """CPU seconds (user + system) of each of ``repeat`` runs of ``python ARGV`` (after one
    run that caches the bytecode)."""
    subprocess.run([sys.executable, *argv], cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=False, env=env)
    times = []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, *argv], cwd=cwd, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=False, env=env)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return times


def ctrl_c(runs: int, env: dict) -> dict:
    """How ``runs`` runs of ``polyreversi --version`` ended, each sent SIGINT at a random
    time in its first 80 ms (see the module text)."""
    import random
    import signal
    import time

    command = os.path.join(os.path.dirname(sys.executable), "polyreversi")
    ends = dict.fromkeys(["killed by SIGINT (nothing printed)", "exit 130 (polyreversi's handler)",
                          "traceback: Python's own start-up", "traceback: the launcher's import line",
                          "other", "finished"], 0)
    for _ in range(runs):
        child = subprocess.Popen([command, "--version"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                 text=True, env=env)
        time.sleep(random.uniform(0, 0.08))
        child.send_signal(signal.SIGINT)
        _, err = child.communicate()
        if "Fatal Python error" in err:
            ends["traceback: Python's own start-up"] += 1
        elif "from polyreversi.__main__ import run" in err:
            ends["traceback: the launcher's import line"] += 1
        elif child.returncode == -signal.SIGINT and not err:
            ends["killed by SIGINT (nothing printed)"] += 1
        elif child.returncode == 130 and not err:
            ends["exit 130 (polyreversi's handler)"] += 1
        elif child.returncode == 0 and not err:
            ends["finished"] += 1
        else:
            ends["other"] += 1
    return ends


def import_times(env: dict, top: int = 8) -> list:
    """(microseconds, module) of the slowest imports directly under ``import polyreversi.cli``'s own."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", "import polyreversi.cli"],
                          capture_output=True, text=True, check=True, env=env)
    rows = []
    for line in done.stderr.splitlines():
        m = re.match(r"import time:\s+\d+ \|\s+(\d+) \| (\s*)(\S+)", line)
        if m and len(m.group(2)) <= 2:  # the package and its direct imports
            rows.append((int(m.group(1)), m.group(3)))
    return sorted(rows, reverse=True)[:top]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--ctrl-c", type=int, default=0, metavar="N", help="also N runs sent SIGINT at start-up")
    parser.add_argument("--write", default=None, help="append the results to this Markdown file")
    parser.add_argument("--label", default="", help="what this run measures (a commit, a change)")
    args = parser.parse_args()
    import polyreversi as pr

    folder = tempfile.mkdtemp()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = os.path.join(folder, "pycache")
    pr.formats.write(os.path.join(folder, "g.json"), [pr.Record("8x8", ("f5", "d6", "c3"))])
    load = os.getloadavg()[0]
    every = "import polyreversi.cli as c; [c.main.get_command(None, n) for n in c.SUBCOMMANDS]"
    rows = [("polyreversi --help", cpu(["-m", "polyreversi", "--help"], args.repeat, folder, env)),
            ("polyreversi replay g.json", cpu(["-m", "polyreversi", "replay", "g.json"], args.repeat, folder, env)),
            ("import polyreversi.cli", cpu(["-c", "import polyreversi.cli"], args.repeat, folder, env)),
            ("import polyreversi.cli + every subcommand", cpu(["-c", every], args.repeat, folder, env))]
    lines = [f"### {args.label or 'run'} ({datetime.datetime.utcnow():%Y-%m-%d %H:%M} UTC)", "",
             f"{args.repeat} runs each, a fresh interpreter per run; load average {load:.1f}.", "",
             "| command | median CPU s | min CPU s |", "|---|---|---|"]
    lines += [f"| `{name}` | {statistics.median(t):.2f} | {min(t):.2f} |" for name, t in rows]
    lines += ["", "Slowest imports under `import polyreversi.cli` (cumulative ms, one run):", ""]
    lines += [f"- `{module}` {us / 1000:.0f} ms" for us, module in import_times(env)]
    if args.ctrl_c:
        lines += ["", f"Ctrl-C in the first 80 ms of `polyreversi --version`, {args.ctrl_c} runs "
                      f"(load {os.getloadavg()[0]:.1f}):", ""]
        lines += [f"- {end}: {count}" for end, count in ctrl_c(args.ctrl_c, env).items()]
    text = "\n".join(lines) + "\n"
    print(text)
    if args.write:
        with open(args.write, "a", encoding="utf-8") as f:
            f.write("\n" + text)


if __name__ == "__main__":
    main()
