"""The perfect-play opening book (polyreversi.book, scripts/make_book.py): its values
against the exact solver, the player's use of it, and bad files."""
from __future__ import annotations

import json
import os
import random
import re
import subprocess
import textwrap
import sys
import zipfile
from pathlib import Path

import numpy as np
import pytest

import polyreversi as pr
from polyreversi import book as book_mod
from polyreversi import search_player
from polyreversi.book import Book, canonical, from_canonical, load_book, shipped_book, to_canonical
from polyreversi.errors import BookError
from polyreversi.formats import transcript

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = os.path.join(ROOT, "scripts", "make_book.py")
V6 = pr.Variant.parse("6x6")
# A 6x6 game 16 plies in (16 empties): books from here take a second to make.
DEEP_ROOT = "b3b4e5b2a4f6e4d5b1a1d6e3f5f4e2b5"
ARGS = ["--full", "2", "--plies", "5"]


def _state(moves: str) -> pr.State:
    return transcript.parse(moves, V6).replay().final


def _value_of_move(state: pr.State, move: int) -> int:
    """Exact disk difference for ``state``'s mover after ``move`` (RULES.md section 7)."""
    child = state.child(move)
    if child.is_over():
        s = child.scores()
        me = int(state.to_move)
        return s[me - 1] - s[2 - me]
    return -pr.solve(child).score


@pytest.fixture(scope="module")
def small_book(tmp_path_factory):
    """A book of every position up to 2 plies below DEEP_ROOT and the book's lines to 5
    plies, made by the script."""
    if not os.path.exists(SCRIPT):
        pytest.skip("scripts/make_book.py is not beside the tests (an installed wheel's test run)")
    work = tmp_path_factory.mktemp("book")
    out = work / "book.npz"
    run = subprocess.run([sys.executable, SCRIPT, "--root", DEEP_ROOT, *ARGS, "--work", str(work),
                          "--out", str(out), "--tt-mb", "8"], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    return load_book(out), work


def _positions(root: pr.State, plies: int):
    level = [root]
    out = [root]
    for _ in range(plies):
        nxt = []
        for s in level:
            for m in ([s.PASS] if s.must_pass() else s.legal_moves()):
                c = s.child(m)
                if not c.is_over():
                    nxt.append(c)
        out += nxt
        level = nxt
    return out


def test_symmetries_map_moves_both_ways():
    state = _state("c2d2e4")
    for sym in range(8):
        for move in state.legal_moves():
            assert from_canonical(to_canonical(move, sym, 36), sym, 36) == move
    key, sym = canonical(state)
    # each of the 8 images of a position has the same key
    for first in ("c2", "b3", "e4", "d5"):
        assert canonical(_state(first))[0] == canonical(_state("c2"))[0]


def test_every_position_of_a_small_book_has_the_solver_value_and_a_value_keeping_move(small_book):
    book, _ = small_book
    assert (book.plies, book.meta["strategy"], book.meta["root"]) == (2, 5, DEEP_ROOT)
    positions = _positions(_state(DEEP_ROOT), 2)
    assert len(book) > len({canonical(s)[0] for s in positions})
    for state in random.Random(1).sample(positions, 20) + [positions[0]]:
        entry = book.lookup(state)
        assert entry is not None
        assert entry.value == pr.solve(state).score
        assert entry.move in (state.legal_moves() or [state.PASS])
        assert _value_of_move(state, entry.move) == entry.value


def test_a_side_that_follows_the_book_finds_its_positions_in_it(small_book):
    """Either side, playing the book's moves from the root (or from its first move)
    against random replies, finds every position of its turn in the book to ply 5,
    and the value it keeps is the solver's and never drops."""
    book, _ = small_book
    root = _state(DEEP_ROOT)
    rng = random.Random(3)
    for game in range(16):
        state = root.copy()
        ours = int(state.to_move) if game % 2 == 0 else 3 - int(state.to_move)
        kept = None
        while not state.is_over() and state.ply - root.ply <= 5:
            if int(state.to_move) == ours:
                entry = book.lookup(state)
                assert entry is not None, transcript.dumps(state.record())
                assert entry.value == pr.solve(state).score
                assert kept is None or entry.value >= kept
                kept = entry.value
                state.play(entry.move)
            else:
                state.play(rng.choice(state.legal_moves() or [state.PASS]))


def test_the_book_is_the_same_after_an_interruption(small_book, tmp_path):
    book, work = small_book
    lines = (work / "solved.jsonl").read_text().splitlines()
    # half the frontier done and a torn last line: a rerun solves the rest only
    (tmp_path / "solved.jsonl").write_text("\n".join(lines[: len(lines) // 2]) + "\n" + lines[-1][:9])
    out = tmp_path / "again.npz"
    run = subprocess.run([sys.executable, SCRIPT, "--root", DEEP_ROOT, *ARGS, "--work", str(tmp_path),
                          "--out", str(out), "--tt-mb", "8"], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    solved_again = sum(int(n) for n in re.findall(r"(\d+) to solve", run.stdout))
    assert solved_again == len(lines) - len(lines) // 2
    again = load_book(out)
    assert again.meta["sha256"] == book.meta["sha256"]


def test_a_deeper_book_seeded_with_a_shallower_one_is_the_book_made_from_scratch(small_book, tmp_path):
    """--seed: the small book's entries count as solved (no work file of its own), so the deeper
    run solves only the new ply, and writes the entries a run from scratch writes."""
    book, _ = small_book
    deeper = ["--root", DEEP_ROOT, "--full", "2", "--plies", "6", "--tt-mb", "8"]
    runs = {}
    for name, extra in (("seeded", ["--seed", str(book.path)]), ("scratch", [])):
        (tmp_path / name).mkdir()
        runs[name] = subprocess.run([sys.executable, SCRIPT, *deeper, "--work", str(tmp_path / name),
                                     "--out", str(tmp_path / name / "book.npz"), *extra],
                                    capture_output=True, text=True, timeout=300)
        assert runs[name].returncode == 0, runs[name].stderr
    assert f"seeded from {book.path}: {len(book)} entries" in runs["seeded"].stdout
    solved = {name: sum(int(n) for n in re.findall(r"(\d+) to solve", run.stdout)) for name, run in runs.items()}
    seeded, scratch = (load_book(tmp_path / name / "book.npz") for name in ("seeded", "scratch"))
    assert seeded.meta["sha256"] == scratch.meta["sha256"] and seeded.strategy == 6 and len(seeded) > len(book)
    assert 0 < solved["seeded"] < solved["scratch"]


def test_a_seed_from_another_root_and_a_bad_root_or_board_are_refused(small_book, tmp_path):
    book, _ = small_book
    common = ["--full", "1", "--work", str(tmp_path), "--out", str(tmp_path / "book.npz")]
    cases = [(["--seed", str(book.path)], 1, "a book from the root " + repr(DEEP_ROOT)),
             (["--root", "b3b3"], 2, "--root: illegal move b3"), (["--root", DEEP_ROOT, "--board", "6x6/anti"], 2,
                                                                 "invalid choice: '6x6/anti'")]
    for extra, code, message in cases:
        run = subprocess.run([sys.executable, SCRIPT, *common, *extra], capture_output=True, text=True, timeout=300)
        assert run.returncode == code and message in run.stderr and "Traceback" not in run.stderr, (extra, run.stderr)
        assert not (tmp_path / "book.npz").exists() and not (tmp_path / "solved.jsonl").exists()


def test_a_seed_that_is_not_a_book_is_refused_by_name(tmp_path):
    if not os.path.exists(SCRIPT):
        pytest.skip("scripts/make_book.py is not beside the tests (an installed wheel's test run)")
    (tmp_path / "seed.npz").write_bytes(b"not a zip")
    run = subprocess.run([sys.executable, SCRIPT, "--root", DEEP_ROOT, "--full", "1", "--work", str(tmp_path),
                          "--out", str(tmp_path / "book.npz"), "--seed", str(tmp_path / "seed.npz")],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 1 and "--seed: " in run.stderr and "seed.npz" in run.stderr
    assert "Traceback" not in run.stderr and not (tmp_path / "book.npz").exists()


def test_a_budget_spent_in_the_full_ply_writes_what_is_solved(small_book, tmp_path):
    """The full-width ply comes last; stopped part way it still writes a book: the
    strategies whole, the positions of that ply solved so far, ``partial`` saying so."""
    book, work = small_book
    lines = (work / "solved.jsonl").read_text().splitlines()
    (tmp_path / "solved.jsonl").write_text("\n".join(lines[:-10]) + "\n")  # the last ten: ply 2's, off the lines
    out = tmp_path / "partial.npz"
    run = subprocess.run([sys.executable, SCRIPT, "--root", DEEP_ROOT, *ARGS, "--work", str(tmp_path),
                          "--out", str(out), "--tt-mb", "8", "--budget", "0"], capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 3, run.stderr
    assert "budget spent: 10 left" in run.stdout
    part = load_book(out)
    of = len({canonical(s)[0] for s in _positions(_state(DEEP_ROOT), 2) if s.ply - _state(DEEP_ROOT).ply == 2})
    assert (part.plies, part.strategy, part.meta["partial"]) == (1, 5, {"ply": 2, "solved": of - 10, "of": of})
    assert len(part) == len(book) - 10
    for key, value, move in zip(part.keys, part.values, part.moves):
        i = list(book.keys).index(key)
        assert (book.values[i], book.moves[i]) == (value, move)


@pytest.mark.parametrize("limit", [pr.Limit(time=0.05), pr.Limit(depth=2), pr.Limit(nodes=500),
                                   pr.Limit(clock=5.0, increment=0.1), pr.Limit(depth=3, time=0.05)],
                         ids=["time", "depth", "nodes", "clock", "depth+time"])
def test_the_player_plays_the_book_move_whatever_the_limit(small_book, monkeypatch, limit):
    book, _ = small_book
    # the small book stands in for the shipped one (its positions are of the 6x6 game)
    monkeypatch.setattr(search_player, "shipped_book", lambda variant: book if variant == book.variant else None)
    player = pr.SearchPlayer()
    for state in random.Random(2).sample(_positions(_state(DEEP_ROOT), 2), 15):
        if state.must_pass():
            continue
        result = player.play(state, limit)
        entry = book.lookup(state)
        assert result.move == entry.move and result.exact and result.score == entry.value and result.nodes == 0
        assert _value_of_move(state, result.move) == entry.value


def test_when_the_player_does_not_read_the_book(small_book, monkeypatch):
    """book=False, variety, a level (its own measured search) and several moves asked
    for (multi-PV) search instead."""
    book, _ = small_book
    monkeypatch.setattr(search_player, "shipped_book", lambda variant: book if variant == book.variant else None)
    state = _state(DEEP_ROOT)
    assert pr.SearchPlayer(depth=2).play(state).nodes == 0
    assert pr.SearchPlayer(time=0.05, book=False).play(state).nodes > 0
    assert pr.SearchPlayer(time=0.05, variety=3, seed=1).play(state).nodes > 0
    assert pr.SearchPlayer(level=6).play(state).nodes > 0
    assert pr.SearchPlayer(level=6).book_for(V6) is None and pr.SearchPlayer(depth=2).book_for(V6) is book
    lines = pr.SearchPlayer(depth=2).analyse(state, pr.Limit(depth=2), multipv=2)
    assert len(lines) == 2 and lines[0].depth == 2


def test_the_book_seat_option():
    from polyreversi.players import make_player, parse_player_spec

    assert parse_player_spec("search:time=0.1:book=off") == ("search", {"time": 0.1, "book": False})
    assert make_player("search:time=0.1:book=off").book is False
    assert "book=False" in repr(make_player("search:time=0.1:book=off"))
    with pytest.raises(ValueError, match="book must be on or off"):
        parse_player_spec("search:book=maybe")
    with pytest.raises(TypeError, match="book"):
        pr.SearchPlayer(book="yes")


# ---- bad files --------------------------------------------------------------------------

def _arrays(book: Book) -> dict:
    return {"keys": np.array(book.keys, dtype=np.uint64), "values": np.array(book.values, dtype=np.int8),
            "moves": np.array(book.moves, dtype=np.uint8), "meta": json.dumps(book.meta)}


def _write(path, arrays) -> str:
    with open(path, "wb") as f:
        np.savez(f, **{k: (np.array(v) if k == "meta" else v) for k, v in arrays.items()})
    return str(path)


def test_a_bad_book_file_gives_a_clear_error(small_book, tmp_path):
    book, _ = small_book
    good = _write(tmp_path / "good.npz", _arrays(book))
    assert load_book(good).meta["sha256"] == book.meta["sha256"]
    with pytest.raises(BookError, match="no such book file"):
        load_book(tmp_path / "missing.npz")
    (tmp_path / "text.npz").write_text("not a book")
    with pytest.raises(BookError, match="text.npz: not a readable book file"):
        load_book(tmp_path / "text.npz")
    raw = Path(good).read_bytes()  # closes the file (no ResourceWarning)
    (tmp_path / "cut.npz").write_bytes(raw[: len(raw) // 2])
    with pytest.raises(BookError, match="cut.npz: not a readable book file"):
        load_book(tmp_path / "cut.npz")
    a = _arrays(book)
    a["values"][3] += 1
    with pytest.raises(BookError, match="checksum"):
        load_book(_write(tmp_path / "flip.npz", a))
    a = _arrays(book)
    meta = dict(book.meta, version=2)
    a["meta"] = json.dumps(meta)
    with pytest.raises(BookError, match="format version 2; this polyreversi reads version 1"):
        load_book(_write(tmp_path / "v2.npz", a))
    a = _arrays(book)
    a["meta"] = json.dumps(dict(book.meta, format="something-else"))
    with pytest.raises(BookError, match="not a polyreversi book"):
        load_book(_write(tmp_path / "other.npz", a))
    a = _arrays(book)
    del a["moves"]
    with pytest.raises(BookError, match="no array 'moves'"):
        load_book(_write(tmp_path / "nomoves.npz", a))
    a = _arrays(book)
    a["keys"] = a["keys"][::-1].copy()
    with pytest.raises(BookError, match="not strictly increasing"):
        load_book(_write(tmp_path / "order.npz", a))
    a = _arrays(book)
    a["values"] = a["values"].astype(np.int32)
    with pytest.raises(BookError, match="'values' must be 1-d int8, got 1-d <i4"):
        load_book(_write(tmp_path / "dtype.npz", a))
    a = _arrays(book)
    a["meta"] = "{not json"
    with pytest.raises(BookError, match="metadata is not JSON"):
        load_book(_write(tmp_path / "meta.npz", a))
    with zipfile.ZipFile(tmp_path / "empty.npz", "w"):
        pass
    with pytest.raises(BookError, match="empty.npz"):
        load_book(tmp_path / "empty.npz")


def test_save_writes_a_whole_file(small_book, tmp_path):
    book, _ = small_book
    book.save(tmp_path / "b.npz")
    assert load_book(tmp_path / "b.npz").meta == book.meta
    assert os.listdir(tmp_path) == ["b.npz"]


def test_other_games_have_no_shipped_book():
    for text in ("8x8", "6x6/anti", "10x10", "octagon"):
        assert shipped_book(pr.Variant.parse(text)) is None
    assert book_mod.BOARDS == ("6x6",)


# ---- the shipped 6x6 book --------------------------------------------------------------

def _book_positions(book: Book, full_width: bool = True):
    """(state, entry) of every position the shipped book promises: all to ply ``plies``
    (unless ``full_width`` is False), and to ply ``strategy`` those where the side to
    move has played the book's moves since the start (the opponent anything)."""
    start = book.variant.start()

    def children(s):
        return [c for c in (s.child(m) for m in (s.legal_moves() or [s.PASS])) if not c.is_over()]

    full = [[start]]
    for _ in range(book.plies if full_width else 0):
        full.append([c for s in full[-1] for c in children(s)])
    lines = [[start], children(start)]
    for _ in range(2, book.strategy + 1):
        lines.append([c for s in lines[-2] if not (a := s.child(book.lookup(s).move)).is_over() for c in children(a)])
    return [(s, book.lookup(s)) for level in full + lines[1:] for s in level]


@pytest.fixture(scope="module")
def shipped():
    book = shipped_book(V6)
    if book is None:
        pytest.skip("no 6x6 book in this build (polyreversi/data/book-6x6.npz)")
    return book


def test_the_shipped_book_holds_what_it_promises(shipped):
    assert shipped.plies >= 1 and shipped.strategy >= shipped.plies
    assert shipped.lookup(V6.start()).value == -4  # 6x6 is solved: White wins 20-16
    for state, entry in _book_positions(shipped):
        assert entry is not None, transcript.dumps(state.record())
        assert entry.move in (state.legal_moves() or [state.PASS])
    assert shipped_book(V6) is shipped  # read once


def test_the_shipped_books_moves_keep_the_value(shipped):
    """Each book move keeps the position's value: the opponent's best reply leads to a
    position of the book with that same value, no reply to a better one for it
    (the values being the solver's, checked below and on the small books above)."""
    checked = 0
    for state, entry in _book_positions(shipped, full_width=False):
        if state.ply + 2 > shipped.strategy:
            continue
        after = state.child(entry.move)
        outcomes = []
        for reply in after.legal_moves() or [after.PASS]:
            child = after.child(reply)
            if child.is_over():
                s, me = child.scores(), int(state.to_move)
                outcomes.append(s[me - 1] - s[2 - me])
            else:
                assert int(child.to_move) == int(state.to_move)
                outcomes.append(shipped.lookup(child).value)
        assert min(outcomes) == entry.value, transcript.dumps(state.record())
        checked += 1
    assert checked >= 3


def test_the_shipped_books_full_width_plies_are_negamax_of_their_children(shipped):
    """Above its full ply every position's value is the best of its children's (all in
    the book), and its book move reaches it: no book move loses value there."""
    checked = 0
    for state, entry in _book_positions(shipped):
        if state.ply >= shipped.plies:
            continue
        me, values = int(state.to_move), {}
        for move in state.legal_moves() or [state.PASS]:
            child = state.child(move)
            if child.is_over():
                s = child.scores()
                values[move] = s[me - 1] - s[2 - me]
            else:
                values[move] = -shipped.lookup(child).value
        assert entry.value == max(values.values()) == values[entry.move], transcript.dumps(state.record())
        checked += 1
    assert checked >= 1


def test_the_player_keeps_the_value_from_the_start(shipped):
    player = pr.SearchPlayer(time=0.05)
    state = V6.start()
    while state.ply <= shipped.strategy and not state.is_over():
        entry = shipped.lookup(state)
        if entry is None:
            break
        result = player.play(state)
        assert (result.move, result.score, result.exact) == (entry.move, entry.value, True)
        state.play(result.move)
    assert state.ply >= 2


@pytest.mark.slow
def test_the_shipped_books_deepest_values_are_the_solvers(shipped):
    """Three entries of the deepest ply of the strategies and one of the last full ply
    (a minute or two on one core) solved again from scratch."""
    positions = _book_positions(shipped)
    deepest = [(s, e) for s, e in positions if s.ply == shipped.strategy]
    sample = random.Random(0).sample(deepest, min(3, len(deepest)))
    if shipped.plies > 1:
        sample += random.Random(0).sample([(s, e) for s, e in positions if s.ply == shipped.plies], 1)
    for state, entry in sample:
        assert pr.solve(state).score == entry.value, transcript.dumps(state.record())


def test_a_timed_6x6_game_from_the_book_imports_no_numpy():
    """The book is read and looked up in pure Python: the first timed move of a process
    does not pay for importing NumPy (0.2-0.4 s at 0.05 s a move)."""
    code = textwrap.dedent("""
        import sys, time
        import polyreversi as pr
        player = pr.SearchPlayer(time=0.02)
        state = pr.Variant.parse("6x6").start()
        exact = 0
        while not state.is_over():
            result = player.play(state)
            exact += result.exact and result.nodes == 0
            state.play(result.move)
        print(exact, "numpy" in sys.modules)
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    book_moves, numpy = done.stdout.split()
    assert int(book_moves) >= 4 and numpy == "False", done.stdout


@pytest.fixture
def damaged_shipped_book(tmp_path, monkeypatch):
    """The shipped 6x6 book with two bytes of its archive flipped (a broken install),
    in place of the shipped one for this test: its path, as messages name it."""
    from importlib import resources

    raw = bytearray((resources.files("polyreversi") / "data" / "book-6x6.npz").read_bytes())
    raw[200] ^= 0xFF
    raw[300] ^= 0xFF
    path = tmp_path / "book-6x6.npz"
    path.write_bytes(bytes(raw))
    monkeypatch.setattr(book_mod, "_shipped", lambda board: load_book(path) if board == "6x6" else None)
    return str(path)


def test_a_damaged_book_stops_a_match_before_its_first_game(damaged_shipped_book, tmp_path):
    from click.testing import CliRunner

    from polyreversi.cli import main

    out = tmp_path / "games.jsonl"
    r = CliRunner().invoke(main, ["match", "-v", "6x6", "search:time=0.05", "random", "--games", "2",
                                  "--out", str(out), "--no-progress"])
    assert r.exit_code == 2, r.output  # a usage error, as an engine that cannot start (was: 2 forfeits, exit 0)
    assert damaged_shipped_book in r.output and "not a readable book file" in r.output
    assert "search:time=0.05:book=off" in r.output  # how to play on without it
    assert not out.exists()  # no game was played
    r = CliRunner().invoke(main, ["match", "-v", "6x6", "search:time=0.05:book=off", "random", "--games", "2",
                                  "--no-progress"])
    assert r.exit_code == 0 and "forfeit" not in r.output, r.output
    r = CliRunner().invoke(main, ["match", "search:1", "random", "--games", "2", "--no-progress"])
    assert r.exit_code == 0, r.output  # 8x8 has no book: its games are not concerned


def test_a_damaged_book_is_said_when_the_nboard_game_is_set(damaged_shipped_book):
    import io

    from polyreversi.engine.serve_nboard import NBoardServer

    board = "-" * 14 + "O*" + "-" * 4 + "*O" + "-" * 14
    text = (f"nboard 2\nset depth 2\nset game (;GM[Othello]PC[NBoard]SZ[6]BO[6 {board} *];)\ngo\n"
            "set game (;GM[Othello]PC[NBoard]SZ[8];)\ngo\n")
    out = io.StringIO()
    NBoardServer(io.StringIO(text), out).serve()
    lines = out.getvalue().splitlines()
    # The fault in parentheses is zipfile's, and depends on where the flipped bytes land.
    assert lines[1].startswith(f"status error: {damaged_shipped_book}: not a readable book file ("), lines[1]
    assert lines[2] == "status error: no game: the last 'set game' was refused; set another"
    assert lines[3:5] == ["status thinking", lines[4]] and lines[4].startswith("=== ")  # 8x8 plays on
    assert search_player.SearchPlayer(book=False).book_for(V6) is None
