"""Makes a perfect-play opening book (polyreversi.book): each side's strategy from the
start to ``--plies`` (every position where a side that has played the book's moves
since the start is to move, whatever the opponent played), and the exact value of
every position up to ``--full`` plies, each with a move that keeps the value.

    nice -n 10 python scripts/make_book.py --board 6x6 --full 4 --plies 11 \\
        --work build/book-6x6 --out python/polyreversi/data/book-6x6.npz --budget 3600

How: the positions of each ply are listed from the start (one per class of the 8
symmetries of the square board, passes included, finished games left out). First the
strategies: every position of ply 1 is solved exactly (the start gets its value by
negamax over them), then ply by ply to ``--plies`` the positions two plies below each
position of the strategy after its book move and any reply, each solved exactly, one
after the other, on one thread with one hash table kept between the solves (the
solver's move and disk difference, RULES.md section 7). Then every position of ply
``--full`` is solved, and every position above gets its value by negamax over its
children (a finished child scores its disks) and a best move: the solver's own where
that position was solved too (its value must agree, or the run fails: a check of the
solver), so the strategies' lines stay as they were; else the lowest square among the
best. Solving every position of a ply costs much more than proving one value
(alpha-beta proves the other moves only as bounds): on 6x6 the start takes about
1.4 G nodes, each position of ply 4 up to 0.35 G (benchmarks/book.md).

Resumable: each solved position is appended (one whole JSON line, flushed) to
``<work>/solved.jsonl``; a rerun reads it back and solves only the rest, so an
interrupted run (Ctrl-C, ``--budget`` seconds spent) loses at most the solve under
way. The book is written (whole, through a temporary file) after each completed
ply, and when the budget stops the full ply part way, with the positions of that ply
solved so far (exact entries; its metadata's ``partial`` says how many of how many).
The order of the solves and every value and move are deterministic (the book is the
same after any number of interruptions; only ``nodes``/``seconds`` of the log vary).
``--root MOVES`` (a transcript such as ``c2d2``) starts the tree there instead of at
the start (the tests make small books so).

``--seed BOOK`` takes an earlier book's entries (its keys, values and moves) as solved
before the run, added to the work file unless there already: a deeper book resumes from
the shipped one when its work file is gone. The result is the book a run from scratch
makes (the same entries: every value and move is deterministic), as long as the seed
was made by this script with the same ``--root`` and ``--full`` (the run checks that
its strategies and the full ply's negamax agree, and fails where they do not).

``--check K`` re-solves K entries drawn with ``random.Random(0)`` from the written
book with ``polyreversi.solve`` (a fresh table) and fails if a value differs.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from typing import Dict, List, Optional, Tuple

import polyreversi as pr
from polyreversi import _core
from polyreversi.book import BOARDS, Book, canonical, from_canonical, load_book, to_canonical
from polyreversi.errors import BookError, PolyreversiError
from polyreversi.formats import transcript
from polyreversi.state import State


def levels(root: State, plies: int) -> List[Dict[int, State]]:
    """The positions of each ply from ``root`` (0 .. plies): {book key: a representative},
    in a deterministic order (parents by key, moves by square); games over left out."""
    out = [{canonical(root)[0]: root}]
    for _ in range(plies):
        nxt: Dict[int, State] = {}
        for key in sorted(out[-1]):
            state = out[-1][key]
            for move in _moves(state):
                child = state.child(move)
                if not child.is_over():
                    nxt.setdefault(canonical(child)[0], child)
        out.append(nxt)
    return out


def _moves(state: State) -> List[int]:
    return [state.PASS] if state.must_pass() else sorted(state.legal_moves())


def _disks(state: State, color: int) -> int:
    """Disk difference of ``color`` in a finished game (RULES.md section 7)."""
    s = state.scores()
    return s[color - 1] - s[2 - color]


def read_solved(path: str) -> Dict[int, Tuple[int, int]]:
    """{key: (value, canonical move)} of the work file (a torn last line is ignored)."""
    out: Dict[int, Tuple[int, int]] = {}
    if not os.path.exists(path):
        return out
    with open(path, encoding="utf-8") as f:
        for line in f:
            try:
                row = json.loads(line)
            except ValueError:
                continue  # the line being written when the run was stopped
            out[int(row["key"])] = (int(row["value"]), int(row["move"]))
    return out


def _drop_torn_line(path: str) -> None:
    """Cuts a last line without its newline (a write stopped half way) off the work file,
    so that the next line appended starts a line of its own."""
    if not os.path.exists(path):
        return
    with open(path, "rb+") as f:
        data = f.read()
        if data and not data.endswith(b"\n"):
            f.truncate(data.rfind(b"\n") + 1)


def root_state(text: str, variant: pr.Variant) -> State:
    """The position after the transcript ``text`` ("" the start). Raises RecordError (a
    ReplayError for an illegal move) naming what is wrong."""
    return transcript.parse(text, variant).replay().final if text else variant.start()


def seed_from_book(path: str, book_path: str, variant: pr.Variant, root: State) -> int:
    """Appends the entries of the book at ``book_path`` missing from the work file
    ``path`` (as solved rows, nodes 0); returns how many. Raises SystemExit naming the
    book when it is not one of this board and ``root`` (its metadata's root, replayed)."""
    if not book_path:
        raise SystemExit("--seed: an empty path (give a book file)")
    try:
        seed = load_book(book_path)
    except (BookError, OSError) as e:  # names the file and what is wrong with it
        raise SystemExit(f"--seed: {e}") from None
    if seed.variant != variant:
        raise SystemExit(f"--seed {book_path}: a book of {seed.variant}, not of {variant}")
    seed_root = seed.meta.get("root", "")
    try:
        same = canonical(root_state(seed_root, variant))[0] == canonical(root)[0]
    except PolyreversiError:  # a root in the metadata that does not replay
        same = False
    if not same:
        raise SystemExit(f"--seed {book_path}: a book from the root {seed_root or 'the start'!r}, not from this "
                         f"run's root (give --root as the seed was made)")
    done = read_solved(path)
    _drop_torn_line(path)
    added = 0
    with open(path, "a", encoding="utf-8") as f:
        for key, value, move in zip(seed.keys, seed.values, seed.moves):
            if int(key) not in done:
                f.write(json.dumps({"key": int(key), "value": int(value), "move": int(move), "nodes": 0,
                                    "seconds": 0, "seed": os.path.basename(book_path)}) + "\n")
                added += 1
    return added


def solve_level(level: Dict[int, State], path: str, searcher, deadline: float) -> bool:
    """Solves the positions of ``level`` missing from ``path``; True when all are solved."""
    done = read_solved(path)
    todo = [k for k in sorted(level) if k not in done]
    print(f"{len(level)} positions, {len(level) - len(todo)} solved before, {len(todo)} to solve", flush=True)
    if not todo:
        return True
    _drop_torn_line(path)
    with open(path, "a", encoding="utf-8") as f:
        for i, key in enumerate(todo):
            left = deadline - time.monotonic()
            if left <= 0:
                print(f"budget spent: {len(todo) - i} left; run again to go on", flush=True)
                return False
            state = level[key]
            t = time.monotonic()
            # The core takes -1 for no time limit and refuses more than its longest limit.
            seconds = left if left <= _core.limits.MAX_SECONDS else -1.0
            move, score, _pv, nodes, _secs, _scores, stopped, _lo, _hi = searcher.solve(state, False, 1, False, seconds, -1)
            if stopped:
                print(f"budget spent during a solve: {len(todo) - i} left; run again to go on", flush=True)
                return False
            k, sym = canonical(state)
            row = {"key": k, "value": int(score), "move": to_canonical(int(move), sym, len(state.variant.squares)),
                   "empties": len(state.variant.squares) - sum(state.scores()), "nodes": int(nodes),
                   "seconds": round(time.monotonic() - t, 3)}
            f.write(json.dumps(row) + "\n")
            f.flush()
            print(f"{i + 1}/{len(todo)} value {row['value']:+d} nodes {row['nodes']:,} {row['seconds']} s", flush=True)
    return True


def book_replies(level: Dict[int, State], entries: Dict[int, Tuple[int, int]]) -> Dict[int, State]:
    """The positions two plies below ``level`` where its movers play the book's move and
    the opponent any reply (the mover's strategy, one level deeper); games over left out."""
    out: Dict[int, State] = {}
    for key in sorted(level):
        state = level[key]
        k, sym = canonical(state)
        after = state.child(from_canonical(entries[k][1], sym, len(state.variant.squares)))
        if after.is_over():
            continue
        for reply in _moves(after):
            child = after.child(reply)
            if not child.is_over():
                out.setdefault(canonical(child)[0], child)
    return out


def negamax(tree: List[Dict[int, State]], solved: Dict[int, Tuple[int, int]]) -> Dict[int, Tuple[int, int]]:
    """Values and best moves of every position above the last level of ``tree`` (whose
    positions are all in ``solved``), from their children. A position above that was
    solved too keeps the solver's move (the strategies' lines go through it); its
    value must be the negamax one (SystemExit otherwise: the solver contradicts itself)."""
    entries = {k: solved[k] for k in tree[-1]}
    for ply in range(len(tree) - 2, -1, -1):
        for key in sorted(tree[ply]):
            state = tree[ply][key]
            mover = int(state.to_move)
            best, best_move = None, None
            for move in _moves(state):
                child = state.child(move)
                if child.is_over():
                    value = _disks(child, mover)
                else:
                    value = -entries[canonical(child)[0]][0]
                if best is None or value > best:
                    best, best_move = value, move
            assert best is not None and best_move is not None
            k, sym = canonical(state)
            if k in solved:
                if solved[k][0] != best:
                    raise SystemExit(f"negamax {best:+d} but the solver {solved[k][0]:+d} at "
                                     f"{transcript.dumps(state.record()) or '(root)'}")
                entries[k] = solved[k]
            else:
                entries[k] = (best, to_canonical(best_move, sym, len(state.variant.squares)))
    return entries


def check(book: Book, tree: List[Dict[int, State]], count: int) -> None:
    """Re-solves ``count`` entries from scratch; raises SystemExit on a difference."""
    states = [s for level in tree for s in level.values()]
    rng = random.Random(0)
    for state in rng.sample(states, min(count, len(states))):
        entry = book.lookup(state)
        exact = pr.solve(state).score
        if entry is None or entry.value != exact:
            raise SystemExit(f"check failed: {transcript.dumps(state.record())} book {entry} solver {exact}")
        print(f"check {transcript.dumps(state.record()) or '(root)'}: "
              f"book {entry.value:+d} = solver {exact:+d}", flush=True)


def write_book(args, root: State, entries: Dict[int, Tuple[int, int]], plies: int, strategy: int,
               partial: Optional[Dict[str, int]] = None) -> Book:
    command = (f"scripts/make_book.py --board {args.board} --full {args.full} --plies {args.plies}"
               + (f" --root {args.root}" if args.root else ""))
    book = Book.from_entries(args.board, entries, plies, command, root=args.root, strategy=strategy, partial=partial)
    book.save(args.out)
    book = load_book(args.out)
    top = book.lookup(root)
    assert top is not None
    more = f"; {partial['solved']} of the {partial['of']} positions of ply {partial['ply']}" if partial else ""
    print(f"wrote {args.out}: {len(book)} positions, every one to ply {plies}, each side's book lines to ply "
          f"{strategy}{more}; root value {top.value:+d}", flush=True)
    return book


def main(argv: List[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--board", default="6x6", choices=BOARDS, help="the board")
    ap.add_argument("--full", type=int, default=1, help="every position up to this many plies goes in")
    ap.add_argument("--plies", type=int, default=None,
                    help="each side's strategy from the start to this ply (default: --full)")
    ap.add_argument("--root", default="", help="a transcript to start from (default: the start)")
    ap.add_argument("--work", required=True, help="folder of the resumable work file solved.jsonl")
    ap.add_argument("--out", required=True, help="the book file to write (.npz)")
    ap.add_argument("--tt-mb", type=int, default=256, help="hash table MiB of the solves")
    ap.add_argument("--budget", type=float, default=float("inf"), help="seconds of solving in this run at most")
    ap.add_argument("--check", type=int, default=0, help="entries to re-solve from scratch after writing")
    ap.add_argument("--seed", help="a book made before (.npz) whose entries count as solved")
    args = ap.parse_args(argv)
    args.plies = args.full if args.plies is None else args.plies
    if args.full < 1 or args.plies < 1:
        ap.error("give --full >= 1 and --plies >= 1")
    variant = pr.Variant.parse(args.board)
    try:
        root = root_state(args.root, variant)
    except PolyreversiError as e:  # a transcript that does not parse or replay
        ap.error(f"--root: {e}")
    os.makedirs(args.work, exist_ok=True)
    t0 = time.monotonic()
    deadline = t0 + args.budget
    tree = levels(root, args.full)
    print("positions per ply:", [len(level) for level in tree], flush=True)
    path = os.path.join(args.work, "solved.jsonl")
    if args.seed is not None:
        print(f"seeded from {args.seed}: {seed_from_book(path, args.seed, variant, root)} entries", flush=True)
    searcher = _core._Searcher(args.tt_mb)
    # each side's strategy: every position of ply 1 (the root by negamax), then the book's lines
    lines = tree[:2]
    print("ply 1 (every position):", end=" ", flush=True)
    if not solve_level(lines[1], path, searcher, deadline):
        return 3
    entries = negamax(lines, read_solved(path))
    book = write_book(args, root, entries, 1, 1)
    for ply in range(2, args.plies + 1):
        level = book_replies(lines[ply - 2], entries)
        lines.append(level)
        print(f"ply {ply} (replies to the book's moves of ply {ply - 2}):", end=" ", flush=True)
        if not solve_level(level, path, searcher, deadline):
            return 3
        solved = read_solved(path)
        entries.update({k: solved[k] for k in level})
        book = write_book(args, root, entries, 1, ply)
    if args.full > 1:  # then every position to ply --full
        print(f"ply {args.full} (every position):", end=" ", flush=True)
        done = solve_level(tree[-1], path, searcher, deadline)
        solved = read_solved(path)
        if not done:
            got = {k: solved[k] for k in tree[-1] if k in solved}
            write_book(args, root, {**entries, **got}, 1, args.plies,
                       partial={"ply": args.full, "solved": len(got), "of": len(tree[-1])})
            return 3
        full = negamax(tree, solved)
        for k in set(full) & set(entries):
            if full[k] != entries[k]:  # negamax keeps the solver's entries: only the root is recomputed
                raise SystemExit(f"the full tree changes an entry of the strategies: {full[k]} != {entries[k]}")
        entries.update(full)
        book = write_book(args, root, entries, args.full, args.plies)
    print(f"{time.monotonic() - t0:.0f} s this run", flush=True)
    if args.check:
        check(book, tree + lines[2:], args.check)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
