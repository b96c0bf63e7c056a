"""Turns a benchmark run's JSON into the tables of benchmarks/README.md.

    python benchmarks/report.py --run      # the whole run, then latest.json and README.md rewritten
    python -m pytest benchmarks --benchmark-json=benchmarks/latest.json
    python benchmarks/report.py benchmarks/latest.json [--write benchmarks/README.md]

Every ratio compares benchmarks of the same run.
"""
from __future__ import annotations

import argparse
import json
import platform
import re
import subprocess
import sys
from pathlib import Path

START, END = "<!-- results:start -->", "<!-- results:end -->"
HERE = Path(__file__).resolve().parent

# (label, numerator test name, denominator test name, target)
TARGETS = [
    ("8x8 perft(11), one thread vs c_perft_anchor", "test_perft[8x8-d11]", "test_perft_c_anchor[11]", 7.0),
    ("10x10 perft(8) vs 8x8 perft(11) per leaf", "test_perft[10x10-d8]", "test_perft[8x8-d11]", 0.5),
    ("octagon perft(8) vs 8x8 perft(11) per leaf", "test_perft[octagon-d8]", "test_perft[8x8-d11]", 0.5),
    ("10x10 perft(10) vs 8x8 perft(11) per leaf", "test_perft[10x10-d10]", "test_perft[8x8-d11]", 0.5),
    ("octagon perft(10) vs 8x8 perft(11) per leaf", "test_perft[octagon-d10]", "test_perft[8x8-d11]", 0.5),
    ("8x8 blocked perft vs 8x8 perft per leaf", "test_perft[8x8/blocked=b1,g2,a7,h5-d10]", "test_perft[8x8-d11]", 0.5),
    ("random playouts from a Python loop vs rust-reversi", "test_loop_polyreversi", "test_loop_rust_reversi", 1.3),
    ("native random playouts, one thread vs rust-reversi native", "test_native_playouts[8x8-1-thread]",
     "test_native_playouts_rust_reversi", 5.0),
    ("native playouts, all threads vs one thread", "test_native_playouts[8x8-all-threads]",
     "test_native_playouts[8x8-1-thread]", 1.8),
    ("batched stepping B=4096 (Batch.choose) vs creversi-python", "test_batch_native_choice[4096]",
     "test_batch_creversi_python[4096]", 10.0),
    ("batched stepping B=4096 (NumPy choice) vs creversi-python", "test_batch_numpy_choice[4096]",
     "test_batch_creversi_python[4096]", 10.0),
    ("Batch B=4096, all threads vs one thread", "test_batch_threads[4096-all-threads]",
     "test_batch_threads[4096-1-thread]", 1.7),
    ("Batch B=4096, moves sampled from a policy array (Batch.sample) vs creversi-python",
     "test_batch_sample_policy[4096-all-threads]", "test_batch_creversi_python[4096]", 10.0),
    ("3-player native playouts vs 2-player", "test_native_playouts[8x8/3p-1-thread]",
     "test_native_playouts[8x8-1-thread]", 0.5),
    ("4-player native playouts vs 2-player", "test_native_playouts[8x8/4p-1-thread]",
     "test_native_playouts[8x8-1-thread]", 0.5),
] + [
    (f"{n}-player native playouts on {board} vs 2-player 8x8", f"test_native_playouts[{board}/{n}p-1-thread]",
     "test_native_playouts[8x8-1-thread]", 0.3)
    for board in ("10x10", "octagon") for n in (3, 4)
] + [
    ("reading 38,520 games: JSON Lines (checked, replayed) vs .wtb", "test_read_jsonl", "test_read_wthor", 0.25),
    ("vector env B=4096 (observations, masks) vs pgx, one step per dispatch", "test_envs_vector_selfplay[engine]",
     "test_envs_pgx[1]", 10.0),
    ("vector env B=4096 (observations, masks) vs pgx, 32 steps per dispatch", "test_envs_vector_selfplay[engine]",
     "test_envs_pgx[32]", 10.0),
    ("vector env B=4096 vs the OpenSpiel Python loop (observation, mask)", "test_envs_vector_selfplay[engine]",
     "test_envs_openspiel_loop", 30.0),
    ("vector env B=4096 vs raw Batch.step without observations", "test_envs_vector_selfplay[engine]",
     "test_envs_raw_batch_step", 0.3),
]


def fmt(rate: float, unit: str) -> str:
    if unit.startswith("bytes"):
        return f"{rate:,.0f} {unit}"
    for scale, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if rate >= scale:
            return f"{rate / scale:.2f}{suffix} {unit}/s"
    return f"{rate:.1f} {unit}/s"


def report(data: dict) -> str:
    rates = {b["name"]: b["extra_info"] for b in data["benchmarks"] if "rate" in b["extra_info"]}
    machine = data.get("machine_info", {})
    lines = [
        f"Run of {data.get('datetime', '?')[:19]} on {machine.get('cpu', {}).get('brand_raw', platform.processor())}, "
        f"{machine.get('cpu', {}).get('count', '?')} cores, Python {machine.get('python_version', '?')}, "
        f"kernels `{next((i.get('kernels') for i in rates.values() if i.get('kernels')), '?')}`.",
        "",
        "| target | measured | target | met |",
        "|---|---|---|---|",
    ]
    for label, num, den, target in TARGETS:
        if num in rates and den in rates:
            ratio = rates[num]["rate"] / rates[den]["rate"]
            lines.append(f"| {label} | {ratio:.2f}× | ≥ {target}× | {'yes' if ratio >= target else '**no**'} |")
        else:
            missing = num if num not in rates else den
            lines.append(f"| {label} | not run ({missing} missing) | ≥ {target}× | — |")
    probes = [(b["name"], b["extra_info"]["probe"]) for b in data["benchmarks"] if "probe" in b["extra_info"]]
    if probes:  # conftest.probe_end: why a threaded figure is what it is
        lines += ["", "**what the machine did (threaded cases)**", "",
                  "| benchmark | caller's share of parts | jobs a worker joined | worker start (µs, median) "
                  "| threads: CPU, run / runqueue wait (s) | others' CPU (s) | steal (s) |",
                  "|---|---|---|---|---|---|---|"]
        for name, p in probes:
            threads = "; ".join(f"{t['thread']}: cpu{t['cpu']}, {t['run']} / {t['wait']}" for t in p["threads"])
            lines.append(f"| `{name}` | {p['caller_share']} | {p['worker_joined']} | {p['worker_start_us_median']} "
                         f"| {threads} | {p['others_cpu_s']} | {p['steal_s']} |")
    groups: dict[str, list] = {}
    for b in data["benchmarks"]:
        if "rate" in b["extra_info"]:
            groups.setdefault(b["group"] or "other", []).append(b)
    for group, items in groups.items():
        lines += ["", f"**{group}**", "", "| benchmark | rate |", "|---|---|"]
        for b in items:
            info = b["extra_info"]
            lines.append(f"| `{b['name']}` | {fmt(info['rate'], info['unit'])} |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("json", type=Path, nargs="?", help="pytest-benchmark JSON of one run")
    parser.add_argument("--write", type=Path, help="replace the results section of this Markdown file")
    parser.add_argument("--run", action="store_true",
                        help="run the benchmarks first into benchmarks/latest.json, then write benchmarks/README.md")
    args = parser.parse_args()
    if args.run:
        args.json, args.write = HERE / "latest.json", args.write or HERE / "README.md"
        done = subprocess.run([sys.executable, "-m", "pytest", str(HERE), f"--benchmark-json={args.json}"])
        if done.returncode:
            return done.returncode
    elif args.json is None:
        parser.error("give a run's JSON, or --run")
    text = report(json.loads(args.json.read_text()))
    if args.write:
        doc = args.write.read_text()
        if START not in doc or END not in doc:
            parser.error(f"{args.write} has no {START} ... {END} section")
        doc = re.sub(re.escape(START) + ".*?" + re.escape(END), lambda _: f"{START}\n{text}\n{END}", doc, flags=re.S)
        tmp = args.write.with_suffix(".tmp")
        tmp.write_text(doc)
        tmp.replace(args.write)
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
