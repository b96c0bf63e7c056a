"""The ``polyreversi`` command, end to end in subprocesses (and bad arguments in process).

The per-variant commands run in parallel (one subprocess per core) from module
fixtures; each test then checks one command's output for one board and player count.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor

import pytest
from click.testing import CliRunner
from PIL import Image

import polyreversi
from conftest import random_position
from polyreversi import Variant
from polyreversi.cli import main
from polyreversi.formats import read
from polyreversi.players import RandomPlayer, play_game
from polyreversi.replay import Replay

BOARD_PLAYERS = [("6x6", 2), ("8x8", 2), ("8x8", 3), ("8x8", 4), ("10x10", 2), ("10x10", 3), ("10x10", 4),
                 ("octagon", 2), ("octagon", 3), ("octagon", 4)]
VARIANTS = [b if p == 2 else f"{b}/{p}p" for b, p in BOARD_PLAYERS]
NAMES = ("Black", "White", "Red", "Green")
RESULT = re.compile(r"^Game over after (\d+) plies: (.*)\. (.*)\.$", re.M)


def run(args, *, cwd, input=None, env=None) -> subprocess.CompletedProcess:
    full_env = dict(os.environ)
    full_env.pop("FORCE_COLOR", None)
    full_env.update(env or {})
    return subprocess.run([sys.executable, "-m", "polyreversi", *map(str, args)], cwd=cwd, input=input,
                          capture_output=True, text=True, timeout=120, env=full_env)


def run_all(jobs: dict, cwd) -> dict:
    """Runs ``{key: args}`` in parallel, one subprocess per core; returns ``{key: result}``."""
    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        futures = {key: pool.submit(run, args, cwd=cwd) for key, args in jobs.items()}
        return {key: f.result() for key, f in futures.items()}


def ok(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 0, f"exit {result.returncode}\n{result.stdout}\n{result.stderr}"
    assert "Traceback" not in result.stderr
    return result.stdout


def scores_of(text: str, players: int) -> tuple:
    """``"Black 30, White 34"`` -> ``(30, 34)``."""
    pairs = dict(part.rsplit(" ", 1) for part in text.split(", "))
    return tuple(int(pairs[NAMES[i]]) for i in range(players))


def seats(players: int) -> str:
    return ",".join(["greedy", "random", "random", "greedy"][:players])


# -- play and show ---------------------------------------------------------------

@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """Each variant played once with --out (every other with --blocked), then shown."""
    folder = tmp_path_factory.mktemp("games")
    jobs = {}
    for i, variant in enumerate(VARIANTS):
        players = Variant.parse(variant).players
        blocked = ["--blocked", "random"] if i % 2 else []
        jobs[variant] = ["play", variant, "--players", seats(players), "--seed", 40 + i, "--quiet",
                         "--out", f"game{i}.json", *blocked]
    played = run_all(jobs, folder)
    shown = run_all({v: ["show", f"game{i}.json"] for i, v in enumerate(VARIANTS)}, folder)
    middle = run_all({v: ["show", f"game{i}.json", "--ply", 7, "--hints"]
                      for i, v in enumerate(VARIANTS) if v in SHOWN_AT_PLY_7}, folder)
    return folder, played, shown, middle


SHOWN_AT_PLY_7 = ("8x8/3p", "10x10/4p", "octagon")


@pytest.mark.parametrize("variant", VARIANTS)
def test_play_saves_a_record_that_replays_to_the_printed_result(games, variant):
    folder, played, _, _ = games
    out = ok(played[variant])
    i = VARIANTS.index(variant)
    players = Variant.parse(variant).players
    match = RESULT.search(out)
    assert match, out
    plies, scores = int(match.group(1)), scores_of(match.group(2), players)
    (record,) = read(folder / f"game{i}.json")
    final = Replay(record).final
    assert final.is_over() and final.ply == plies and tuple(final.scores()) == scores
    assert list(record.players) == seats(players).split(",")
    assert record.meta.get("seed") == 40 + i
    header = out.splitlines()[0]
    assert header.startswith(str(record.variant) + ":") and f"seed {40 + i}" in header
    if i % 2:
        assert 1 <= len(record.variant.blocked) <= 4
    winners = [NAMES[int(c) - 1] for c in final.winners()]
    verdict = match.group(3)
    assert verdict == (f"{winners[0]} wins" if len(winners) == 1 else "Draw between " + " and ".join(winners))


@pytest.mark.parametrize("variant", VARIANTS)
def test_show_prints_the_recorded_board(games, variant):
    folder, played, shown, middle = games
    result_line = RESULT.search(ok(played[variant])).group(0)
    out = ok(shown[variant])
    assert out.rstrip().splitlines()[-1] == result_line
    if variant not in SHOWN_AT_PLY_7:
        return
    i = VARIANTS.index(variant)
    (record,) = read(folder / f"game{i}.json")
    state = Replay(record)[7]
    mid = ok(middle[variant])
    assert f"ply 7 of {record.plies}" in mid
    board = "\n".join(polyreversi.text.board_text(state, hints=True).splitlines())
    assert board in mid
    assert mid.rstrip().endswith(f"{state.to_move.name.title()} to move: "
                                 + ", ".join(f"{NAMES[k]} {s}" for k, s in enumerate(state.scores())) + ".")


def test_show_numbers_plies_as_the_position_does_from_a_custom_start(tmp_path):
    # --ply, the header and the status line all give the position's ply (as analyse does):
    # a custom start keeps its record's ply 50; was "ply 1 of 3" over "Ply 51"
    from polyreversi.formats import write

    game = random_position("8x8", 53, 7)
    mid = Replay(game.record())[50]
    start = mid.variant.position(mid.board(), mid.to_move, mid.ply)
    for move in game.moves()[50:]:
        start.play(move)
    write(tmp_path / "custom.json", [start.record()])
    for args, ply in (([], 53), (["--ply", "51"], 51), (["--ply", "50"], 50), (["--ply", "-4"], 50)):
        for command in ("show", "replay"):
            r = CliRunner().invoke(main, [command, str(tmp_path / "custom.json"), *args]
                                   + (["--game", "1"] if command == "replay" else []))
            assert r.exit_code == 0, r.output
            lines = r.output.splitlines()
            assert f", ply {ply} of 53" in lines[0] and lines[-1].startswith(f"Ply {ply}, "), r.output
    r = CliRunner().invoke(main, ["show", str(tmp_path / "custom.json"), "--ply", "1"])
    assert r.exit_code == 2 and "--ply: 1 (game 1 has plies 50 to 53, or -1 to -4 from the end)" in r.output
    assert "the position's ply" in CliRunner().invoke(main, ["show", "--help"]).output


def test_play_without_arguments_prints_every_board_and_the_result(tmp_path):
    out = ok(run(["play"], cwd=tmp_path))
    match = RESULT.search(out)
    assert match
    plies = int(match.group(1))
    assert out.count("   a b c d e f g h\n") == plies + 1  # the start and one board per move
    assert len(re.findall(r"^\d+\. (Black|White) (passes|[a-h][1-8], \d+ flips?)$", out, re.M)) == plies
    assert out.splitlines()[0].startswith("8x8: Black random, White random; seed ")
    assert "\x1b[" not in out  # plain text when piped


def test_play_is_reproducible_with_a_seed_and_coloured_on_a_terminal(tmp_path):
    args = ["play", "octagon/3p", "--seed", 5, "--blocked", 2]
    first, second = run_all({1: args, 2: args}, tmp_path).values()
    assert ok(first) == ok(second)
    coloured = ok(run(args + ["--quiet"], cwd=tmp_path, env={"FORCE_COLOR": "1"}))
    assert "\x1b[" in coloured and "●" in coloured and "#" in coloured
    assert RESULT.search(re.sub(r"\x1b\[[0-9;]*m", "", coloured)).group(0) in ok(first)


# -- selfplay ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def selfplays(tmp_path_factory):
    folder = tmp_path_factory.mktemp("selfplay")
    jobs = {}
    for i, variant in enumerate(VARIANTS):
        players = Variant.parse(variant).players
        blocked = ["--blocked", 2] if i % 2 else []
        jobs[variant] = ["selfplay", variant, "--games", 6, "--seed", i, "--players", seats(players),
                         "--out", f"games{i}.jsonl", *blocked]
    return folder, run_all(jobs, folder)


@pytest.mark.parametrize("variant", VARIANTS)
def test_selfplay_counts_wins_that_the_records_confirm(selfplays, variant):
    folder, results = selfplays
    out = ok(results[variant])
    i = VARIANTS.index(variant)
    players = Variant.parse(variant).players
    records = read(folder / f"games{i}.jsonl")
    assert len(records) == 6
    wins = [0] * players
    draws = plies = 0
    for record in records:
        final = Replay(record).final
        assert final.is_over()
        plies += final.ply
        if i % 2:
            assert len(record.variant.blocked) == 2
        winners = final.winners()
        if len(winners) == 1:
            wins[int(winners[0]) - 1] += 1
        else:
            draws += 1
    for k in range(players):
        line = re.search(rf"^{NAMES[k]}\s+(\d+) wins\s+([\d.]+)%", out, re.M)
        assert int(line.group(1)) == wins[k]
        assert float(line.group(2)) == pytest.approx(100 * wins[k] / 6, abs=0.05)
    assert int(re.search(r"^draws\s+(\d+)", out, re.M).group(1)) == draws
    assert re.search(rf"^6 games, {plies} plies in [\d.]+ s: [\d,]+ games/s, [\d,]+ plies/s$", out, re.M)


def test_seeds_outside_the_range_are_usage_errors(tmp_path):
    for args in (["play", "--seed", 2**64, "--quiet"], ["selfplay", "--seed", 2**64, "--blocked", 2, "--games", 2],
                 ["play", "--seed", -1, "--quiet"], ["selfplay", "--seed", -1, "--games", 2]):
        r = run(args, cwd=tmp_path)
        assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
        assert "Invalid value for '--seed'" in r.stderr and "18446744073709551615" in r.stderr
    assert run(["play", "--seed", 2**64 - 1, "--quiet"], cwd=tmp_path).returncode == 0


def test_selfplay_without_records_and_the_same_seed(tmp_path):
    args = ["selfplay", "--games", 30, "--seed", 9, "--black", "greedy"]
    a, b = run_all({1: args, 2: args}, tmp_path).values()
    strip = lambda text: [line for line in ok(text).splitlines() if "games/s" not in line]  # noqa: E731
    assert strip(a) == strip(b)
    assert "30 games of 8x8: Black greedy, White random; seed 9" in ok(a)


def test_selfplay_of_two_fixed_depth_searches_says_it_plays_openings(tmp_path):
    r = run(["selfplay", "--games", 3, "--seed", 1, "--black", "search:1", "--white", "search:1",
             "--out", "g.jsonl"], cwd=tmp_path)
    assert "game k starts from balanced opening k of 57, as in match" in ok(r)
    moves = [tuple(record.moves) for record in read(tmp_path / "g.jsonl")]
    assert len(set(moves)) == 3


# -- perft and bench ------------------------------------------------------------------

@pytest.mark.parametrize("variant", VARIANTS)
def test_perft_divide_matches_the_engine(variant, perft_runs):
    out = ok(perft_runs[variant])
    depth = 4 if Variant.parse(variant).players == 2 else 3
    start = Variant.parse(variant).start()
    lines = out.strip().splitlines()
    divide = dict(line.split() for line in lines[:-1])
    assert divide == {start.variant.square_name(m): str(polyreversi.perft(start.child(m), depth - 1))
                      for m in start.legal_moves()}
    assert lines[-1] == f"perft({depth}) of {start.variant}: {polyreversi.perft(start, depth)}"


@pytest.fixture(scope="module")
def perft_runs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("perft")
    jobs = {v: ["perft", v, 4 if Variant.parse(v).players == 2 else 3, "--divide"] for v in VARIANTS}
    return run_all(jobs, folder)


def test_perft_depth_is_refused_past_the_longest_game_naming_the_allowed_range(monkeypatch):
    from polyreversi.cli import perft_cmd

    for args, message in [(["8x8", "121"], "depth must be 0 to 120, got 121 (no game is longer: 60 empty squares at "
                                           "the variant's start, each move fills one and at most a pass comes before "
                                           "each)"),
                          (["octagon/4p", "85"], "depth must be 0 to 84, got 85 (no game is longer: 84 empty squares "
                                                 "at the variant's start, each move fills one and 4 players never "
                                                 "pass)")]:
        r = CliRunner().invoke(main, ["perft", *args])
        assert r.exit_code == 2 and r.output.splitlines()[-1] == f"Error: Invalid value for DEPTH: {message}", r.output
    monkeypatch.setattr(perft_cmd, "perft", lambda state, depth: depth)  # the bound itself is allowed
    r = CliRunner().invoke(main, ["perft", "8x8", "120"])
    assert r.exit_code == 0 and "perft(120) of 8x8: 120" in r.output, r.output


@pytest.mark.parametrize("variant, plies", [("8x8", 51), ("6x6/blocked=a1", 25), ("8x8/3p", 54)])
def test_perft_counts_nothing_new_past_the_longest_game(variant, plies):
    from polyreversi.state import perft_max_depth

    for seed in range(3):
        state = random_position(variant, plies, seed)
        # The rule the core's bound rests on: each move fills an empty square, two players
        # pass at most once before each move, three or four never pass.
        longest = state.empties() * (2 if state.variant.players == 2 else 1)
        assert longest < perft_max_depth(state)  # the variant's start has more empty squares
        assert polyreversi.perft(state, longest) == polyreversi.perft(state, perft_max_depth(state))


def test_perft_of_standard_othello_and_bench(tmp_path):
    results = run_all({"perft": ["perft", "8x8", 7], "bench": ["bench", "6x6", "--depth", 5, "--seconds", 0.05],
                       "help": ["--help"]}, tmp_path)
    assert ok(results["perft"]).strip() == "perft(7) of 8x8: 55092"
    assert "s" in results["perft"].stderr
    bench = ok(results["bench"])
    assert re.search(r"perft\(5\): [\d,]+ leaves in [\d.]+ s = [\d,.]+ M leaves/s", bench)
    assert f"{polyreversi.perft(Variant('6x6'), 5):,} leaves" in bench
    assert re.search(r"random playouts, Python loop: [\d,]+ games/s, [\d,]+ moves/s", bench)
    assert re.search(r"greedy games, play_game: [\d,]+ games/s", bench)
    assert all(name in ok(results["help"]) for name in ("play", "selfplay", "perft", "show", "bench"))


# -- pictures from show ----------------------------------------------------------

def test_show_writes_pictures_of_the_asked_size(games):
    folder = games[0]
    i = VARIANTS.index("octagon/4p")
    out = ok(run(["show", f"game{i}.json", "--ply", -10, "--svg", "b.svg", "--png", "b.png", "--size", 250,
                  "--animate", "g.svg"], cwd=folder))
    assert "SVG written to b.svg" in out and "PNG written to b.png" in out and "Animation written to g.svg" in out
    root = ET.parse(folder / "b.svg").getroot()
    assert root.get("width") == "250"
    with Image.open(folder / "b.png") as picture:
        assert picture.size == (250, 250)
    frames = [el for el in ET.parse(folder / "g.svg").getroot() if el.tag.endswith("}g")]
    assert len(frames) == len(Replay(read(folder / f"game{i}.json")[0]))


# -- the human seat -----------------------------------------------------------------

def test_human_seat_rejects_bad_input_then_plays_and_stops_cleanly_at_end_of_input(tmp_path):
    result = run(["play", "--human", "black", "--seed", 1, "--quiet"], cwd=tmp_path, input="zz\na1\nd3\n")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    err = result.stderr.strip().splitlines()
    assert err[0].startswith("'zz' is not a square")
    assert err[1] == "illegal move a1 at ply 0 (Black to move): it flips nothing; legal moves: d3 c4 f5 e6"
    assert err[2] == "Error: end of input while waiting for Black's move at ply 2; game abandoned"
    assert len(err) == 3
    assert "1. Black d3, 1 flip" in result.stdout
    assert result.stdout.count("Black to move") == 4


def test_two_humans_play_a_whole_game_with_a_pass(tmp_path):
    final = play_game("8x8", [RandomPlayer(2), RandomPlayer(3)])
    variant = final.variant
    assert variant.PASS in final.moves()
    typed = "".join(("pass" if m == variant.PASS else variant.square_name(m)) + "\n" for m in final.moves())
    out = ok(run(["play", "--human", "black", "--human", "white", "--out", "g.jsonl"], cwd=tmp_path, input=typed))
    scores = ", ".join(f"{NAMES[k]} {s}" for k, s in enumerate(final.scores()))
    assert f"Game over after {final.ply} plies: {scores}." in out
    assert "passes" in out and "must pass" in out
    (record,) = read(tmp_path / "g.jsonl")
    assert record.moves == tuple(final.moves()) and record.players == ("human", "human")


# -- bad arguments --------------------------------------------------------------------

@pytest.fixture(scope="module")
def saved_game(tmp_path_factory):
    folder = tmp_path_factory.mktemp("bad")
    state = play_game("8x8", [RandomPlayer(1), RandomPlayer(2)])
    from polyreversi.formats import write
    from polyreversi.record import record_of

    write(folder / "game.json", [record_of(state, players=["a", "b"])])
    (folder / "broken.json").write_text("{not json")
    return folder


BAD = [
    (["play", "foo"], "unknown board 'foo'"),
    (["play", "6x6/3p"], "players: the 6x6 board is for 2 players only"),
    (["play", "8x8/free/4p"], "free_opening: only with 2 players (got 4)"),
    (["play", "octagon/handicap=2"], "handicap: not offered on the octagon"),
    (["play", "8x8", "--red", "greedy"], "--red: 8x8 has 2 players"),
    (["play", "8x8", "--players", "random"], "--players: 8x8 has 2 players"),
    (["play", "8x8", "--players", "random,bogus"], "unknown player 'bogus'"),
    (["play", "8x8", "--players", "random,random", "--black", "greedy"], "--players and --black"),
    (["play", "8x8", "--black", "deepblue"], "unknown player 'deepblue'"),
    (["play", "8x8", "--blocked", "7"], "expected a count from 1 to 4"),
    (["play", "8x8/blocked=b7", "--blocked", "2"], "--blocked 2 and a variant with blocked squares"),
    (["play", "8x8", "--human", "black", "--black", "greedy"], "two players for one seat"),
    (["play", "8x8", "--human", "red"], "--human red: 8x8 has 2 players"),
    (["play", "8x8", "--out", "game.xyz"], "cannot tell the format"),
    (["play", "8x8", "--seed", "x"], "'x' is not a valid integer"),
    (["selfplay", "8x8", "--black", "human"], "'human': not a player here"),
    (["selfplay", "8x8", "--games", "0"], "'--games' / '-n': 0 is not in the range 1<="),
    (["selfplay", "8x8", "-n", "3", "--out", "many.json"], "use .jsonl"),
    (["perft", "8x8", "--", "-1"], "DEPTH: depth must be 0 to 120, got -1 (no game is longer: 60 empty squares"),
    (["perft", "8x8", "-1"], "DEPTH: depth must be 0 to 120, got -1 (no game is longer: 60 empty squares"),
    (["perft", "8x8", "--divide", "-3"], "DEPTH: depth must be 1 to 120, got -3 (no game is longer: 60 empty squares"),
    (["perft", "8x8", "3", "--bogus"], "No such option '--bogus'"),
    (["perft", "8x8", "--div", "3"], "Did you mean '--divide'?"),
    (["perft", "8x8", "0", "--divide"], "DEPTH: depth must be 1 to 120, got 0 (no game is longer"),
    (["perft", "10x10/3p/free", "2"], "free_opening: only with 2 players (got 3)"),
    (["perft"], "Missing argument 'VARIANT'"),
    (["show", "missing.json"], "missing.json: no such file"),
    (["analyse", "missing.json"], "missing.json: no such file"),
    (["show", "broken.json"], "broken.json: line 1 column 2: not valid JSON"),
    (["show", "game.json", "--ply", "999"], "Invalid value for --ply: 999 (game 1 has plies 0 to"),
    (["show", "game.json", "--game", "2"], "holds 1 game"),
    (["show", "game.json", "--animate", "x.mp4"], "must end in .svg or .gif"),
    (["bench", "--seconds", "0"], "'--seconds': 0 is not in the range 0.01<=x<="),
]


@pytest.mark.parametrize("args,message", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_arguments_give_one_error_line(saved_game, args, message, monkeypatch):
    monkeypatch.chdir(saved_game)
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2 or result.exit_code == 1, result.output
    assert isinstance(result.exception, SystemExit), repr(result.exception)
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and message in errors[0], result.stderr
    assert "Traceback" not in result.output


def test_bad_arguments_in_a_subprocess(tmp_path):
    results = run_all({
        "variant": ["play", "octagon/5p"],
        "ggf": ["play", "octagon/4p", "--quiet", "--out", "four.ggf"],
        "missing": ["show", "nowhere.json"],
    }, tmp_path)
    for key, result in results.items():
        assert result.returncode != 0, key
        assert "Traceback" not in result.stderr
        errors = [line for line in result.stderr.splitlines() if line.startswith("Error:")]
        assert len(errors) == 1, (key, result.stderr)
    assert "GGF" in results["ggf"].stderr or "ggf" in results["ggf"].stderr
    assert not (tmp_path / "four.ggf").exists()


def test_selfplay_speed_counts_the_games_only_not_the_writer(tmp_path, monkeypatch):
    import polyreversi.cli.selfplay_cmd as selfplay_cmd

    clock = [0.0]  # a clock that only the slow writer moves
    monkeypatch.setattr(selfplay_cmd.time, "perf_counter", lambda: clock[0])

    from polyreversi.formats.writer import GameWriter

    add = GameWriter.add

    def slow_add(self, record):  # each game is written as it ends: the time of writing it is not play
        clock[0] += 1000.0
        add(self, record)

    monkeypatch.setattr(GameWriter, "add", slow_add)
    result = CliRunner().invoke(main, ["selfplay", "6x6", "-n", "5", "--seed", "1", "--no-progress",
                                       "--out", str(tmp_path / "g.jsonl")])
    assert result.exit_code == 0, result.output
    assert re.search(r"5 games, \d+ plies in 0\.00 s", result.output), result.output


def test_play_out_says_what_the_format_leaves_out_as_one_line(tmp_path):
    r = run(["play", "--quiet", "--seed", "2", "--out", tmp_path / "g.txt"], cwd=tmp_path)
    ok(r)
    assert "warning: " in r.stderr and "a transcript cannot hold" in r.stderr, r.stderr
    assert "RecordWarning" not in r.stderr and "formats/__init__.py" not in r.stderr, r.stderr


def test_selfplay_ray_without_ray_is_refused_before_the_run(monkeypatch):
    """--ray without Ray is an error before anything is played or printed, as a bad --out is."""
    import polyreversi.distributed as distributed
    from polyreversi.cli import main

    def no_ray():
        raise ImportError("--ray needs Ray: pip install 'polyreversi[ray]'")

    monkeypatch.setattr(distributed, "ray_module", no_ray)
    r = CliRunner().invoke(main, ["selfplay", "--games", "3", "--ray"])
    assert r.exit_code == 1
    assert r.output.strip() == "Error: --ray needs Ray: pip install 'polyreversi[ray]'", r.output
