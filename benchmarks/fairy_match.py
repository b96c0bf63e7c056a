"""polyreversi against Fairy-Stockfish on the boards it plays: 8x8, 10x10, the
octagon, Anti-Reversi 8x8 and 6x6, at equal time per move and at equal depth.

    export POLYREVERSI_FAIRY=/work/engines/fairy/fairy-stockfish   # /work/engines/README.md
    nice -n 10 python benchmarks/fairy_match.py --games 40
    nice -n 10 python benchmarks/fairy_match.py --boards 8x8,octagon --settings time --games 80

Each setting is one ``polyreversi.match`` run: seats ``search`` (polyreversi's
SearchPlayer, one thread, its table kept through the game) and
``uci:VariantPath=INI:Threads=1:Hash=16:FAIRY`` (Fairy-Stockfish over UCI,
polyreversi.engine.uci; its variants.ini for the boards it does not build in is
written by polyreversi.engine.fairy), the built-in balanced openings of each
board (polyreversi.match.openings: WTHOR openings on 8x8, used for Anti-Reversi
too; near-even positions on the others), each opening played twice with colours
swapped, games one at a time. Equal time: ``movetime`` for Fairy-Stockfish, the
same ``Limit(time=...)`` for polyreversi. Equal depth: the same nominal depth
(Fairy-Stockfish's plies are not polyreversi's: it extends and reduces lines);
``--our-depth D`` gives polyreversi another depth than Fairy-Stockfish's ``--depth``.
``--package DIR`` plays another build: DIR holds its ``polyreversi`` package with
its ``_core`` (e.g. a wheel of the commit before a change, unzipped).

Games are written (resumable) to ``--games-dir``; the table of every setting
played so far is rewritten to ``--write`` (benchmarks/fairy_match.md) after
each setting, W/D/L of polyreversi, its score, Elo with its 95 % interval
(polyreversi.match.elo), forfeits, the mean disk margin and the mean time per
move of each side as the referee measured it (a UCI round trip included).
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import shlex
import sys
from typing import Dict, List, Tuple

if __name__ == "__main__" and "--package" in sys.argv:  # another build, before polyreversi is imported
    _dir = os.path.abspath(sys.argv[sys.argv.index("--package") + 1])
    sys.meta_path = [f for f in sys.meta_path if "ScikitBuild" not in type(f).__name__]
    sys.path.insert(0, _dir)

import polyreversi as pr  # noqa: E402
import polyreversi.engine  # noqa: E402
from polyreversi.engine import fairy  # noqa: E402
from polyreversi.formats import json_record  # noqa: E402
from polyreversi.match import openings  # noqa: E402
from polyreversi.match.referee import TimeControl  # noqa: E402
from polyreversi.match.runner import MatchConfig, run  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOARDS = {"8x8": "8x8", "10x10": "10x10", "octagon": "octagon", "8x8-anti": "8x8/anti", "6x6": "6x6"}


def fairy_name(command: str) -> str:
    with polyreversi.engine.SimpleEngine.popen_uci(command) as engine:
        return engine.name


def game_stats(path: str, ours: str) -> Tuple[List[float], int, int, List[float], List[float]]:
    """From the games of ``path``: polyreversi's disk margin in each finished game
    (forfeits left out), the forfeits by polyreversi and by the other seat, and the
    seconds of every move (as the referee measured them) of each side."""
    out, mine, theirs, our_times, their_times = [], 0, 0, [], []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            record = json_record.loads(line)
            our_colour = 0 if record.players[0] == ours else 1
            opening = record.meta.get("opening_plies", 0)
            replay = record.replay()
            for ply, (state, seconds) in enumerate(zip(replay, record.meta.get("move_times") or [])):
                if ply < opening or seconds is None:
                    continue
                mover = int(state.to_move) - 1
                (our_times if mover == our_colour else their_times).append(float(seconds))
            forfeit = record.meta.get("forfeit")
            if forfeit:
                loser = record.players[0 if forfeit.get("color") == "Black" else 1]
                mine, theirs = mine + (loser == ours), theirs + (loser != ours)
                continue
            black, white = replay.final.scores()[:2]
            out.append(black - white if our_colour == 0 else white - black)
    return out, mine, theirs, our_times, their_times


def commit() -> str:
    """The checkout's commit (with ``+changes`` when files differ from it), for the header."""
    import subprocess

    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown commit"
    return head + ("+changes" if dirty else "")


def write_table(path: str, rows: List[Dict], header: str) -> None:
    lines = [header, "",
             "| board | setting | games | polyreversi +W =D −L | score | Elo (95 %) | forfeits (ours/FS) "
             "| mean disk margin (ours − FS) | ms per move (ours / FS) |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['board']} | {r['setting']} | {r['games']} | +{r['wins']} ={r['draws']} −{r['losses']} "
                     f"| {r['score']:.1f} % | {r['elo']} | {r['forfeits']} | {r['margin']} | {r.get('seconds', '')} |")
    lines.append("")
    temp = path + ".tmp"
    with open(temp, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    os.replace(temp, path)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--fairy", default=os.environ.get("POLYREVERSI_FAIRY"),
                    help="the Fairy-Stockfish binary (default: $POLYREVERSI_FAIRY)")
    ap.add_argument("--boards", default=",".join(BOARDS), help=f"comma-separated, of {', '.join(BOARDS)}")
    ap.add_argument("--settings", default="time,depth", help="time, depth or both")
    ap.add_argument("--time", type=float, default=0.1, help="seconds per move at equal time")
    ap.add_argument("--depth", type=int, default=8, help="plies at equal depth")
    ap.add_argument("--our-depth", type=int, default=None,
                    help="polyreversi's plies in the depth setting when they differ from Fairy-Stockfish's --depth")
    ap.add_argument("--games", type=int, default=40, help="games per setting (even: both colours)")
    ap.add_argument("--hash", type=int, default=16, help="Fairy-Stockfish's Hash in MiB")
    ap.add_argument("--games-dir", default="/tmp/fairy_match", help="where the games go (resumable)")
    ap.add_argument("--write", default=os.path.join(ROOT, "benchmarks", "fairy_match.md"))
    ap.add_argument("--openings", choices=("builtin", "start"), default="builtin",
                    help="the built-in balanced openings, or every game from the board's start (both colours)")
    ap.add_argument("--seat", default="search",
                    help="polyreversi's seat (e.g. search:book=off, the player without its opening book)")
    ap.add_argument("--package", help="play with the polyreversi package in this folder (another build: the games "
                    "are played in this process)")
    args = ap.parse_args(argv)
    if not args.fairy:
        ap.error("give --fairy or set POLYREVERSI_FAIRY")
    boards = [b.strip() for b in args.boards.split(",") if b.strip()]
    for b in boards:
        if b not in BOARDS:
            ap.error(f"--boards: {b!r} is not one of {', '.join(BOARDS)}")
    settings = [s.strip() for s in args.settings.split(",") if s.strip()]
    if not set(settings) <= {"time", "depth"}:
        ap.error("--settings: time and/or depth")

    os.makedirs(args.games_dir, exist_ok=True)
    ini = os.path.join(args.games_dir, "variants.ini")
    fairy.write_variants_ini(ini)
    fs = f"uci:VariantPath={ini}:Threads=1:Hash={args.hash}:{args.fairy}"
    ours = args.seat
    name = fairy_name(args.fairy)
    summary_path = os.path.join(args.games_dir, "summary.json")
    rows: Dict[str, Dict] = {}
    if os.path.exists(args.write) and os.path.exists(summary_path):
        with open(summary_path, encoding="utf-8") as f:
            rows = json.load(f)

    build = commit()
    command = "python benchmarks/fairy_match.py " + " ".join(shlex.quote(a) for a in (argv or sys.argv[1:]))
    for board in boards:
        variant = pr.Variant.parse(BOARDS[board])
        starts = openings.builtin(variant) if args.openings == "builtin" else [variant.start()]
        for setting in settings:
            if setting == "time":
                control, label = TimeControl(time=args.time), f"equal time {args.time:g} s/move"
            else:
                control, label = TimeControl(depth=args.depth), f"equal depth {args.depth}"
            seat = ours
            if setting == "depth" and args.our_depth not in (None, args.depth):
                seat = f"search:depth={args.our_depth}"  # the seat's own depth, the match's for the engine
                label = f"depth {args.our_depth} vs FS depth {args.depth}"
            tag = f"{args.time:g}-{args.depth}" + (f"-{args.our_depth}" if seat != ours else "")
            if ours != "search":
                label += f", seat {ours}"
                tag += "-" + ours.replace(":", "_").replace("=", "-")
            if args.openings == "start":
                label += ", from the start"
                tag += "-start"
            out = os.path.join(args.games_dir, f"{board}-{setting}-{tag}.jsonl")
            config = MatchConfig(starts, [seat, fs], control)
            result = run(config, args.games, out=out)
            t = result.tally
            if result.interrupted:
                print("interrupted; the games so far are in", out)
                return 130
            e = t.elo()
            m, ours_forfeits, fs_forfeits, our_times, fs_times = game_stats(out, seat)
            rows[f"{board}/{setting}/{tag}"] = dict(
                board=board, setting=label, games=t.games, wins=t.wins, draws=t.draws, losses=t.losses,
                score=100.0 * (t.wins + 0.5 * t.draws) / max(1, t.games), elo=str(e) if e else "",
                forfeits=f"{ours_forfeits}/{fs_forfeits}",
                margin=f"{sum(m) / len(m):+.1f}" if m else "",
                seconds=(f"{1000 * sum(our_times) / len(our_times):.0f} / {1000 * sum(fs_times) / len(fs_times):.0f}"
                         if our_times and fs_times else ""))
            print(f"{board} {label}: {t.line()}", flush=True)
            with open(summary_path + ".tmp", "w", encoding="utf-8") as f:
                json.dump(rows, f, indent=1)
            os.replace(summary_path + ".tmp", summary_path)
            header = (f"# polyreversi vs Fairy-Stockfish\n\nWritten by `{command}` on "
                      f"{datetime.date.today().isoformat()}: polyreversi {pr.__version__} at {build} (`search`, one thread) "
                      f"against {name} (`Threads=1`, `Hash={args.hash}`), built-in balanced openings, both colours "
                      f"of each, games one at a time under `nice`. Score, W/D/L and Elo are polyreversi's; in "
                      f"Anti-Reversi the fewer disks win, so a negative margin is polyreversi's. Time per move is "
                      f"the referee's wall clock around each request (for Fairy-Stockfish a UCI round trip). "
                      f"Time-based settings were measured on a shared 2-core VM (load well above 2): both sides "
                      f"lose CPU alike, but the figures are noisy; depth-based ones are not.")
            write_table(args.write, list(rows.values()), header)
    return 0


if __name__ == "__main__":
    sys.exit(main())
