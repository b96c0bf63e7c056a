"""The core owns every bound (cpp/include/polyreversi/limits.hpp, exported as
``polyreversi._core.limits``): the package's messages, help texts and argument
checks read them there instead of writing the numbers again. Docstrings may
state a bound (they document the rule); the code and what it prints may not."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import polyreversi
from polyreversi import _core

PACKAGE = Path(polyreversi.__file__).resolve().parent
L = _core.limits

# Ranges written as text: "1-4", "1 to 4", "1..4" (and with an en dash).
RANGES = {
    "blocked squares drawn": (L.MIN_RANDOM_BLOCKED, L.MAX_BLOCKED),
    "handicap disks": (0, L.MAX_HANDICAP),
    "colours": (1, L.MAX_PLAYERS),
    "threads": (1, L.MAX_THREADS),
    "depth": (1, L.MAX_DEPTH),
}
# Numbers that are a bound and little else, in text or as a bound of a check.
NUMBERS = {"threads": L.MAX_THREADS, "depth": L.MAX_DEPTH, "tree playouts": L.MAX_TREE_PLAYOUTS,
           "PUCT leaves": L.MAX_PUCT_LEAVES, "table MiB": L.MAX_TABLE_MIB}
# The calls whose arguments are the bounds of an argument check.
CHECKS = {"whole", "optional_whole", "real", "optional_real", "number", "seconds", "optional_seconds",
          "IntRange", "FloatRange", "FiniteFloatRange"}
# Bounds a check may write as a number: a count's 0 or 1, a rule too small to name.
PLAIN_BOUNDS = {0, 1}


def _spellings(n: int) -> str:
    return "|".join(re.escape(s) for s in {str(n), f"{n:,}", f"{n:_}"})


TEXT = re.compile("|".join(
    [rf"(?<![\w.]){lo} ?(?:-|–|to|\.\.) ?{hi}(?![\w.])" for lo, hi in RANGES.values()]
    + [rf"(?<![\w.,])(?:{_spellings(n)})(?![\w.,])" for n in NUMBERS.values()]))


def _docstrings(tree: ast.AST) -> set:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _literal(node: ast.AST) -> bool:
    """A number written in the code: 4096, -3, 1 << 30, 2**63 - 1 (names and calls aside)."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, (int, float)) and not isinstance(node.value, bool)
    if isinstance(node, ast.UnaryOp):
        return _literal(node.operand)
    if isinstance(node, ast.BinOp):
        return _literal(node.left) and _literal(node.right)
    return False


def _value(node: ast.AST):
    """The number a :func:`_literal` node writes (only numbers and operators: safe to evaluate)."""
    return eval(compile(ast.Expression(node), "<bound>", "eval"), {"__builtins__": {}})


# The package's own bounds, written as numbers where they are decided (the module
# owns the decision; everything else reads it from there or from the core).
OWNED = {
    "_validate.py": {"MAX_DIGITS"},  # the longest whole number read as text
    "cli/bench_cmd.py": {"MIN_SECONDS"},  # the shortest time of one speed figure
    "engine/_process.py": {"MAX_LINE"},  # the longest line read from an engine
    "engine/gtp.py": {"MIN_SECONDS"},  # the clock sent for one that has run out
    "engine/protocol.py": {"MAX_NOISE"},  # lines of noise an engine may write
    "engine/uci.py": {"MAX_CP"},  # the largest believable centipawn score
    "envs/puct.py": {"MIN_SIMULATIONS"},  # a PUCT search that visits a move
    "svg.py": {"MAX_RASTER_SIZE"},  # the widest picture drawn
    "time_control.py": {"MAX_SHARE"},  # the most of a clock one move spends
}


def bare_bounds(source: str, owned: frozenset = frozenset()) -> list:
    """(line, text) for each core bound written as a number in ``source``'s strings
    (docstrings aside); each bound of an argument check written as a number other
    than 0 or 1 (``1 << 20``, ``3600``: a bound is named, once, by its owner); each
    ``MAX_``/``MIN_`` constant written as a number but not in ``owned`` (the bounds
    this module decides; the others are read from their owner, most from
    ``_core.limits``)."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            found += [(node.lineno, m.group(0)) for m in TEXT.finditer(node.value)]
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
            if name in CHECKS:
                found += [(node.lineno, ast.unparse(a)) for a in [*node.args, *(k.value for k in node.keywords)]
                          if _literal(a) and _value(a) not in PLAIN_BOUNDS]
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None and _literal(node.value):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id.startswith(("MAX_", "MIN_")) and t.id not in owned
                   for t in targets):
                found.append((node.lineno, ast.unparse(node)))
    return found


def test_the_package_reads_the_cores_bounds_instead_of_writing_them():
    if not (PACKAGE / "_validate.py").exists():
        pytest.skip("no package sources beside the tests")
    found = [f"{path.relative_to(PACKAGE)}:{line}: {text!r}" for path in sorted(PACKAGE.rglob("*.py"))
             for line, text in bare_bounds(path.read_text(encoding="utf-8"),
                                           OWNED.get(path.relative_to(PACKAGE).as_posix(), frozenset()))]
    assert not found, "write these from polyreversi._core.limits:\n" + "\n".join(found)


def test_the_check_finds_bare_bounds():
    source = '''
def f(x):
    """Docstrings may say 1-4 blocked squares and 256 threads."""
    whole(x, "threads", 1, 256)
    raise ValueError("blocked: expected a count 1-4")
    return f"depth 1 to {MAX_DEPTH}", "handicap 0..4", "1,000,000 playouts", whole(x, "n", 1, MAX)
optional_whole(m, "moves_to_go", 1, 1 << 30), click.IntRange(min=16, max=4096), seconds(t, "t", high=3600.0)
MAX_MULTIPV = 256
MAX_TIME: float = 86400.0
MAX_LINE = 1 << 16
'''
    assert sorted(bare_bounds(source, frozenset({"MAX_LINE"}))) == [
        (4, "256"), (5, "1-4"), (6, "0..4"), (6, "1,000,000"), (7, "1 << 30"), (7, "16"), (7, "3600.0"),
        (7, "4096"), (8, "MAX_MULTIPV = 256"), (9, "MAX_TIME: float = 86400.0")]


def test_the_limits_of_a_search_are_the_cores():
    import importlib

    from polyreversi import limit

    mcts = importlib.import_module("polyreversi.mcts")  # the module (polyreversi.mcts is also a function)
    assert (limit.MAX_DEPTH, limit.MAX_MULTIPV, limit.MAX_NODES, limit.MAX_TIME, limit.MAX_MOVES_TO_GO) == (
        L.MAX_DEPTH, L.MAX_MULTIPV, L.MAX_SEARCH_NODES, L.MAX_SECONDS, L.LONGEST_GAME)
    assert mcts.MAX_SECONDS == L.MAX_SECONDS
    assert polyreversi.Limit(clock=1.0, moves_to_go=L.LONGEST_GAME).moves_to_go == L.LONGEST_GAME
    with pytest.raises(ValueError, match=rf"moves_to_go: must be 1 to {L.LONGEST_GAME}"):
        polyreversi.Limit(clock=1.0, moves_to_go=L.LONGEST_GAME + 1)


def test_the_core_refuses_more_lines_than_it_owns():
    # the facade checks first (SearchPlayer.analyse); the core refuses the same multipv itself
    state = polyreversi.Variant("8x8").start()
    searcher = polyreversi._core._Searcher(1)
    for multipv in (0, L.MAX_MULTIPV + 1):
        with pytest.raises(ValueError, match=rf"multipv must be 1 to {L.MAX_MULTIPV}, got {multipv}"):
            searcher.search(state, 1, -1.0, -1, 1, 0, multipv, True, -1.0)
    assert searcher.search(state, 1, -1.0, -1, 1, 0, L.MAX_MULTIPV, True, -1.0)[0] in state.legal_moves()


def test_the_core_checks_the_batch_opponents_bounds_itself():
    # the facade checks first; the core refuses the same values when called directly
    b = polyreversi.Batch("8x8", 2)
    with pytest.raises(ValueError, match=rf"search opponent: depth must be 1 to {L.MAX_DEPTH}, got {L.MAX_DEPTH + 1}"):
        b._core.choose_search(L.MAX_DEPTH + 1, None, 1)
    with pytest.raises(ValueError, match=rf"mcts opponent: playouts must be 1 to {L.MAX_TREE_PLAYOUTS}"):
        b._core.choose_mcts(L.MAX_TREE_PLAYOUTS + 1, 0, None, 1)
    with pytest.raises(ValueError, match=rf"search:N with N in 1\.\.{L.MAX_DEPTH}"):
        b.choose(f"search:{L.MAX_DEPTH + 1}")



def _late(variant: str, empties: int):
    """A position of ``variant`` with ``empties`` empty squares or fewer (first legal moves)."""
    state = polyreversi.Variant(variant).start()
    while not state.is_over() and state.empties() > empties:
        state = state.child(state.legal_moves()[0])
    return state


def test_the_core_refuses_a_time_over_its_limit_itself():
    # the facade checks first (Limit, mcts); called directly, the core refuses the same times,
    # in its own words (none of the Python API's names)
    two, four = _late("6x6", 8), polyreversi.Variant("8x8/4p").start()
    searcher = _core._Searcher(1)
    calls = {
        "search: time": lambda t: _core._search(two, 1, t, -1, 1, 1, 0),
        "search: start_seconds": lambda t: _core._search(two, 1, 1.0, -1, 1, 1, 0, True, t),
        "solve: time": lambda t: _core._solve(two, False, 1, 1, False, t, -1),
        "search: time ": lambda t: searcher.search(two, 1, t, -1, 1, 0, 1, True, -1.0),
        "solve: time ": lambda t: searcher.solve(two, False, 1, False, t, -1),
        "mcts: time": lambda t: _core.mcts(two, 10, t, 1, 0, 1.0),
        "multi_search: time": lambda t: _core._multi_search(four, 0, 1, t, 0, 10),
        "multi_mcts: time": lambda t: _core._multi_mcts(four, 10, t, 0, 1.0, 0.0, 0.0, 0.0, 1000),
    }
    for what, call in calls.items():
        for seconds in (L.MAX_SECONDS * 2, float("nan"), float("inf")):
            with pytest.raises(ValueError, match=rf"^{what.strip()} must be at most {L.MAX_SECONDS:.0f} seconds, "
                                                 rf"got {seconds:g}$"):
                call(seconds)
        call(L.MAX_SECONDS)  # the bound itself is a time (the other limits end these searches at once)
    with pytest.raises(ValueError, match=rf"search: time must be at most {L.MAX_SECONDS:.0f} seconds"):
        polyreversi.search(two, depth=1, time=L.MAX_SECONDS * 2)  # no facade check of its own: the core's


def test_the_core_owns_the_perft_depth_bound_and_the_api_and_the_command_line_read_it():
    # The API took any depth up to 2**31 - 1 while the command line refused one past the longest game.
    from click.testing import CliRunner

    from polyreversi.cli import main
    from polyreversi.state import perft_max_depth

    state = polyreversi.Variant("6x6").start()
    assert polyreversi.state.MAX_DEPTH == L.MAX_PERFT_DEPTH == L.LONGEST_GAME  # no position goes deeper
    most = perft_max_depth(state)
    assert most == 64 == _core.perft_max_depth(state)  # 32 empty squares, a pass at most before each move
    why = "(no game is longer: 32 empty squares at the variant's start, each move fills one and at most a pass comes before each)"
    for depth in (-1, most + 1, L.MAX_PERFT_DEPTH + 1, 2**31 - 1, 2**70):
        message = f"perft: depth must be 0 to {most}, got {depth} {why}"
        for call in (_core.perft, _core.check_perft_depth):
            with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
                call(state, depth)
        # the facade words the core's bound and reason as every argument check (depth: must be ...)
        with pytest.raises(ValueError, match=f"^{re.escape(message.replace('perft: depth ', 'depth: '))}$"):
            polyreversi.perft(state, depth)
        result = CliRunner().invoke(main, ["perft", "6x6", str(depth)])
        assert result.exit_code == 2, result.output
        assert result.output.splitlines()[-1] == f"Error: Invalid value for DEPTH: {message.removeprefix('perft: ')}"
    # A late position takes every depth its variant takes: past its own longest game the count stays.
    late = _late("6x6", 3)
    assert perft_max_depth(late) == most and _core.perft(late, most) == polyreversi.perft(late, 8)
    assert polyreversi.perft_divide(late, most) == polyreversi.perft_divide(late, 8)


def test_the_core_refuses_a_search_depth_or_node_count_out_of_its_range_itself():
    # the facade refuses them first (pr.search, Limit); the core no longer clamps a depth
    state = _late("6x6", 8)
    searcher = _core._Searcher(1)
    for depth in (0, -2, L.MAX_DEPTH + 1):
        with pytest.raises(ValueError, match=rf"^search: depth must be 1 to {L.MAX_DEPTH} \(-1: none\), got {depth}$"):
            _core._search(state, depth, -1.0, -1, 1, 1, 0)
        with pytest.raises(ValueError, match=rf"^search: depth must be 1 to {L.MAX_DEPTH}"):
            searcher.search(state, depth, -1.0, -1, 1, 0, 1, True, -1.0)
    for nodes in (0, -2, L.MAX_SEARCH_NODES + 1):
        with pytest.raises(ValueError, match=rf"^search: nodes must be 1 to {L.MAX_SEARCH_NODES} \(-1: none\), "
                                             rf"got {nodes}$"):
            _core._search(state, 1, -1.0, nodes, 1, 1, 0)
        with pytest.raises(ValueError, match=rf"^solve: nodes must be 1 to {L.MAX_SEARCH_NODES} \(-1: none\), "
                                             rf"got {nodes}$"):
            _core._solve(state, False, 1, 1, False, -1.0, nodes)
    assert _core._search(state, L.MAX_DEPTH, -1.0, L.MAX_SEARCH_NODES, 1, 1, 0)[6]  # exact: solved to the end


# The package's constants that are the core's numbers, read from it (module, name: core name).
READ_FROM_THE_CORE = {
    ("batch.py", "MIN_GAMES_PER_THREAD"): "MIN_GAMES_PER_THREAD",
    ("search.py", "TT_MB"): "DEFAULT_TABLE_MIB",
    ("multi.py", "TT_BITS"): "DEFAULT_MULTI_TABLE_BITS",
    ("mcts.py", "DEFAULT_EXPLORATION"): "DEFAULT_EXPLORATION",
    ("multi_mcts.py", "DEFAULT_EXPLORATION"): "DEFAULT_MULTI_EXPLORATION",
    ("multi_mcts.py", "DEFAULT_EPSILON"): "DEFAULT_MULTI_EPSILON",
    ("multi_mcts.py", "DEFAULT_HISTORY_WEIGHT"): "DEFAULT_MULTI_HISTORY_WEIGHT",
    ("multi_mcts.py", "DEFAULT_SCORE_WEIGHT"): "DEFAULT_MULTI_SCORE_WEIGHT",
    ("multi_mcts.py", "DEFAULT_CUTOFF_TEMPERATURE"): "DEFAULT_MULTI_CUTOFF_TEMPERATURE",
    ("multi_mcts.py", "DEFAULT_BIAS_WEIGHT"): "DEFAULT_MULTI_BIAS_WEIGHT",
    ("multi_mcts.py", "DEFAULT_CUTOFF"): "DEFAULT_MULTI_CUTOFF",
    ("multi_mcts.py", "DEFAULT_CUTOFF_10X10"): "DEFAULT_MULTI_CUTOFF_10X10",
    ("multi_mcts.py", "DEFAULT_GREEDY"): "DEFAULT_MULTI_GREEDY",
    ("multi_mcts.py", "DEFAULT_SOLVE"): "DEFAULT_MULTI_SOLVE",
    ("multi_mcts.py", "SOLVE_NODES"): "MULTI_SOLVE_NODES",
    ("multi_mcts.py", "DEFAULT_IMPLICIT_WEIGHT"): "DEFAULT_MULTI_IMPLICIT_WEIGHT",
    ("multi_mcts.py", "IMPLICIT_TEMPERATURE"): "MULTI_IMPLICIT_TEMPERATURE",
    ("multi_mcts.py", "DEFAULT_PARANOIA"): "DEFAULT_MULTI_PARANOIA",
    ("multi_mcts.py", "DEFAULT_REUSE"): "DEFAULT_MULTI_REUSE",
    ("multi_mcts.py", "DEFAULT_BEST_REPLY"): "DEFAULT_MULTI_BEST_REPLY",
    ("multi_mcts.py", "DEFAULT_MAST"): "DEFAULT_MULTI_MAST",
    ("multi_mcts.py", "DEFAULT_NST"): "DEFAULT_MULTI_NST",
    ("multi_mcts.py", "DEFAULT_MAST_TEMPERATURE"): "DEFAULT_MULTI_MAST_TEMPERATURE",
    ("multi_mcts.py", "DEFAULT_LGRF"): "DEFAULT_MULTI_LGRF",
    ("multi_mcts.py", "NST_VISITS"): "MULTI_NST_VISITS",
    ("limit.py", "MAX_TIME"): "MAX_SECONDS",
    ("state.py", "MAX_DEPTH"): "MAX_PERFT_DEPTH",
    ("errors.py", "QUOTED_CHARS"): "QUOTED_CHARS",
}
# Constants of the package equal to a number of the core by coincidence: another meaning.
COINCIDENCES = {
    ("_validate.py", "MAX_DIGITS"),  # digits of a whole number read as text
    ("_status.py", "SIGINT_NUMBER"),  # the signal's number (exit status 128 + it)
    ("errors.py", "QUOTED_NAME_CHARS"),  # characters of a file name or command a message shows
    ("cli/replay_cmd.py", "PROGRESS_MIN_GAMES"),  # games before a progress bar is shown
    ("distributed.py", "PYTHON_SHARD"),  # games of one Python-played shard
    ("engine/_process.py", "MAX_LINE"),  # bytes of an engine's line
    ("engine/nboard.py", "VERSION"),  # the NBoard protocol's version
    ("engine/protocol.py", "SETUP_RESERVE"),  # times a request's set-up kept off a clock per move
    ("engine/protocol.py", "STARTUP_TIMEOUT"),  # seconds an engine may take to start
    ("envs/puct.py", "MIN_SIMULATIONS"),  # a PUCT search that visits a move
    ("envs/render.py", "DEFAULT_SIZE"),  # pixels of a rendered board
    ("formats/wthor_layout.py", "HEADER_SIZE"),  # bytes of a WTHOR header
    ("formats/json_record.py", "SCHEMA_ERRORS_KEPT"),  # schema errors read before one is reported
    ("match/openings.py", "RANDOM_PLIES"),  # plies of a random opening
    ("multi.py", "DEFAULT_DEPTH"),  # plies of a multi-player search given no limit
    ("search_player.py", "STOPPED_DEPTH"),  # plies of the search after a stop before the first iteration
    ("svg.py", "SQUARE"),  # pixels of a drawn square
    ("svg.py", "_SUPERSAMPLE"),  # raster supersampling factor
    ("time_control.py", "SOLVE_SECONDS_AT_20"),  # seconds of a solve at 20 empties
    ("time_control.py", "SOLVE_SHARE"),  # a share of the clock
    ("time_control.py", "WLD_SHARE"),  # a share of the exact solve's time
    ("time_control.py", "MOVE_START_SHARE"),  # a share of a move's budget
    ("time_control.py", "RESERVE_SHARE"),  # a share of the clock
    ("time_control.py", "MOVES_RESERVE_SHARE"),  # a share of the clock
    ("time_control.py", "MAX_SHARE"),  # a share of the clock
    ("time_control.py", "LATE_SOLVE_FACTOR"),  # a ratio of predicted solve time to the budget
}


def _module_constants(tree: ast.Module):
    """(name, value node) of each module-level assignment to an upper-case name."""
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                if isinstance(target, ast.Name) and target.id.isupper():
                    yield target.id, node.value


def test_the_package_writes_no_number_of_the_core_as_its_own_constant():
    if not (PACKAGE / "_validate.py").exists():
        pytest.skip("no package sources beside the tests")
    core = {}
    for name in dir(L):
        value = getattr(L, name)
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value not in (0, 1):
            core.setdefault(value, []).append(name)
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = path.relative_to(PACKAGE).as_posix()
        for name, value in _module_constants(ast.parse(path.read_text(encoding="utf-8"))):
            if _literal(value) and _value(value) in core and (module, name) not in COINCIDENCES:
                found.append(f"{module}: {name} = {ast.unparse(value)} (the core's {', '.join(core[_value(value)])})")
    assert not found, "read these from polyreversi._core.limits (or list a coincidence):\n" + "\n".join(found)


def test_the_constants_the_core_owns_are_read_from_it():
    import importlib

    for (module, name), core_name in READ_FROM_THE_CORE.items():
        mod = importlib.import_module("polyreversi." + module[:-3].replace("/", "."))
        assert getattr(mod, name) == getattr(L, core_name), (module, name)
        if (PACKAGE / module).exists():
            values = dict(_module_constants(ast.parse((PACKAGE / module).read_text(encoding="utf-8"))))
            assert ast.unparse(values[name]) == f"_core.limits.{core_name}", (module, name)


def test_the_per_seat_policy_code_is_the_cores():
    # the facade passes one policy per seat; the core makes and checks the code
    state = polyreversi.Variant("octagon/3p").start()
    by_name = polyreversi.play_games(state, 20, policy=["greedy", "random", "greedy"], seed=5)
    scores = _core.play_games(state, 20, [1, 0, 1], 5, 1, False)[0]
    assert (scores == by_name.scores).all()
    greedy = polyreversi.play_games(state, 20, policy="greedy", seed=5)
    assert (_core.play_games(state, 20, [1, 1, 1], 5, 1, False)[0] == greedy.scores).all()
    for policy, message in [([1, 0], "this variant has 3 players; give one policy per seat in turn order, got 2"),
                            ([0, 2, 0], "seat 1 has policy 2; 0 \\(random\\) or 1 \\(greedy\\)"),
                            (5, "0 \\(random\\) or 1 \\(greedy\\), got 5"),
                            ((1 << 16) | (2 << 4), "a per-seat code holds 0 \\(random\\) or 1 \\(greedy\\)"),
                            (1 << 33, "0 \\(random\\) or 1 \\(greedy\\), got 8589934592")]:
        with pytest.raises(ValueError, match=f"^policy: {message}"):
            _core.play_games(state, 2, policy, 0, 1, False)
    source = (PACKAGE / "bulk.py").read_text(encoding="utf-8") if (PACKAGE / "bulk.py").exists() else ""
    assert not any(isinstance(n, ast.BinOp) and isinstance(n.op, ast.LShift) for n in ast.walk(ast.parse(source)))


def test_a_position_text_reads_the_cores_boards_and_cell_codes():
    from polyreversi import position_text, vocabulary

    counts = {len(position_text._grid_squares(polyreversi.Variant(b))): b for b in _core.BOARDS}
    assert position_text._cell_counts() == dict(sorted(counts.items()))
    assert {position_text.CELL_CODES[c] for c in "N-#"} == {vocabulary.NEUTRAL, vocabulary.EMPTY, vocabulary.BLOCKED}
    with pytest.raises(polyreversi.PositionError,
                       match=r"^position: 7 cells; a board has 36 \(6x6\), 64 \(8x8\), 88 \(octagon\) or 100 \(10x10\)$"):
        position_text.position_from_text("XXXOOO- X", None, polyreversi.Variant)
