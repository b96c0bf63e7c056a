"""The package imports its public names when first used (PEP 562), so that ``import
polyreversi`` and the command line's start load little; and a Ctrl-C anywhere in the
command line, its imports included, is exit status 130 without a traceback."""
from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from importlib import metadata
from pathlib import Path

import pytest
from click.testing import CliRunner

import polyreversi as pr
from polyreversi._status import INTERRUPTED


def _python(code: str, *args: str, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code), *args], capture_output=True, text=True,
                          timeout=120, cwd=cwd)


def test_import_loads_no_submodule_nor_numpy():
    done = _python("""
        import sys
        import polyreversi
        print(sorted(m for m in sys.modules if m.startswith("polyreversi.") or m in ("numpy", "click")))
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]", done.stdout


def test_a_search_players_timed_moves_import_no_numpy():
    """The first timed move of a process took 0.40 s at a 0.05 s budget: counting the
    empties through ``state.board()`` imported NumPy inside it. A player's moves (per-move
    time, a game clock, an analysis, the exact solve near the end) import nothing more."""
    done = _python("""
        import sys
        import polyreversi as pr
        player = pr.SearchPlayer(time=0.02)
        state = pr.Variant().start()
        while not state.is_over():
            limit = pr.Limit(time=0.02) if state.ply % 2 else pr.Limit(clock=3.0)
            state.play(player.play(state, limit).move)
            if state.ply == 10:
                player.analyse(state, pr.Limit(depth=3), multipv=2)
        print(state.ply, "numpy" in sys.modules)
    """)
    assert done.returncode == 0, done.stderr
    plies, numpy = done.stdout.split()
    assert int(plies) >= 58 and numpy == "False", done.stdout


def test_every_public_name_resolves_to_its_modules_object():
    for name in pr.__all__:
        value = getattr(pr, name)
        if name != "svg":
            module = sys.modules[f"polyreversi.{pr._LAZY[name]}"]
            assert getattr(module, name) is value, name
    assert set(pr.__all__) <= set(dir(pr))
    assert pr.formats is sys.modules["polyreversi.formats"]  # a submodule by its name, as before
    with pytest.raises(AttributeError, match="no attribute 'no_such_name'"):
        pr.no_such_name


def test_a_state_from_the_first_name_used_has_its_python_methods():
    # the native class gets repr, record and to_text when polyreversi.state is imported
    for first in ("Variant", "play_games", "Record", "Color"):
        done = _python(f"""
            import polyreversi as pr
            pr.{first}
            state = pr.Variant("6x6").start()
            print(repr(state)); print(state.record().variant); print(state.to_text())
        """)
        assert done.stdout.splitlines() == ["<State 6x6 ply=0 to_move=BLACK scores=(2, 2)>", "6x6",
                                            "--------------OX----XO-------------- X"], (first, done.stdout, done.stderr)


def test_a_function_keeps_its_name_when_its_module_of_the_same_name_is_imported():
    done = _python("""
        import polyreversi as pr
        import polyreversi.search, polyreversi.mcts, polyreversi.multi_mcts
        from polyreversi.cli import solve_cmd  # imports polyreversi.search as a module
        print(all(callable(f) and not hasattr(f, "__path__") and f.__module__ == "polyreversi." + f.__name__
                  for f in (pr.search, pr.mcts, pr.multi_mcts)))
        print(pr.search(pr.Variant("6x6").start(), depth=2).move is not None)
    """)
    assert done.stdout.split() == ["True", "True"], done.stderr


def test_type_checkers_see_the_same_names_as_run_time():
    """The ``if TYPE_CHECKING:`` imports, the lazy table and ``__all__`` list the same names."""
    tree = ast.parse(Path(pr.__file__).read_text(encoding="utf-8"))
    block = next(node for node in tree.body if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING")
    seen = {}
    for node in block.body:
        assert isinstance(node, ast.ImportFrom)
        if node.module == "typing":  # the annotations' names, not the package's
            continue
        for alias in node.names:
            seen[alias.asname or alias.name] = (node.module or "").removeprefix("polyreversi").lstrip(".") or alias.name
    assert set(seen) == set(pr.__all__)
    assert {name: module for name, module in seen.items() if name != "svg"} == pr._LAZY


def test_the_group_help_imports_no_subcommand_nor_numpy():
    done = _python("""
        import sys
        from polyreversi.cli import main
        try:
            main(["--help"])
        except SystemExit:
            pass
        print(sorted(m for m in sys.modules if m.endswith("_cmd") or m == "numpy"))
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "[]", done.stdout
    assert "replay    Check every game of record files" in done.stdout


def test_replay_of_usual_json_imports_only_its_command_and_no_jsonschema(tmp_path):
    """jsonschema is imported for a record off the fast path only (it explains the error);
    NumPy for arrays only (a record replayed from its moves has none); no other codec."""
    pr.formats.write(tmp_path / "g.jsonl", [pr.Record("8x8", ("f5", "d6"))])
    (tmp_path / "bad.json").write_text('{"format": "polyreversi-game", "version": 1}', encoding="utf-8")
    code = """
        import sys
        from polyreversi.cli import main
        try:
            main(["replay", sys.argv[1]])
        except SystemExit as e:
            print("status", e.code)
        print(sorted(m for m in sys.modules if m.endswith("_cmd") or m.startswith("jsonschema")
                     or m == "numpy" or m.startswith("polyreversi.formats.")))
    """
    done = _python(code, "g.jsonl", cwd=tmp_path)
    assert "replayed legally:             1" in done.stdout, done.stderr
    assert done.stdout.splitlines()[-2:] == ["status 0", str(["polyreversi.cli.replay_cmd", "polyreversi.formats._lost",
                                                              "polyreversi.formats.base", "polyreversi.formats.json_record",
                                                              "polyreversi.formats.registry"])], done.stdout
    done = _python(code, "bad.json", cwd=tmp_path)
    assert "unreadable: game 1: variant: missing field" in done.stdout, done.stdout
    assert "'jsonschema'" in done.stdout.splitlines()[-1]


def test_every_subcommand_module_is_listed_with_its_summary_as_short_help():
    from polyreversi import cli

    modules = sorted(p.stem.removesuffix("_cmd") for p in Path(cli.__file__).parent.glob("*_cmd.py"))
    assert sorted(cli.SUBCOMMANDS) == modules
    for name, summary in cli.SUBCOMMANDS.items():
        command = cli.main.get_command(None, name)
        assert command.name == name and command.get_short_help_str(limit=200) == summary


ENTRY = """
    import sys
    from importlib import metadata

    class CtrlC:  # a Ctrl-C that arrives while module {target!r} is imported
        def find_spec(self, name, path=None, target=None):
            if name == {target!r}:
                raise KeyboardInterrupt
            return None

    sys.meta_path.insert(0, CtrlC())
    sys.argv = ["polyreversi", *sys.argv[1:]]
    entry = metadata.entry_points(group="console_scripts", name="polyreversi")
    sys.exit(next(iter(entry)).load()())  # what the installed command does
"""


@pytest.mark.parametrize("target,args", [
    ("click", ["--version"]),
    ("numpy", ["perft", "6x6", "1"]),
    ("polyreversi.cli.perft_cmd", ["perft", "6x6", "1"]),
    ("polyreversi.cli.show_cmd", ["show", "--help"]),
])
def test_ctrl_c_while_the_command_imports_is_status_130_without_a_traceback(target, args):
    assert any(ep.name == "polyreversi" for ep in metadata.entry_points(group="console_scripts"))
    done = _python(ENTRY.format(target=target), *args)
    assert done.returncode == INTERRUPTED, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr and "Aborted" not in done.stderr, done.stderr


def test_ctrl_c_while_a_command_runs_is_status_130(monkeypatch):
    from polyreversi.cli import main
    from polyreversi.cli import perft_cmd

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(perft_cmd, "perft", interrupted)
    result = CliRunner().invoke(main, ["perft", "6x6", "3"])
    assert result.exit_code == INTERRUPTED and "Aborted" not in result.output


def test_a_state_from_a_fresh_variant_has_its_python_methods():
    """The native State's str, record and to_text are attached however the package is entered."""
    for entry in ("import polyreversi as pr; v = pr.Variant('8x8')",
                  "from polyreversi.variant import Variant; v = Variant('8x8')"):
        done = _python(entry + "\ns = v.start()\nprint(str(s).splitlines()[-1]); print(s.record().moves, s.to_text()[-1])")
        assert done.stdout.splitlines() == ["8x8, ply 0, Black to move; Black 2, White 2", "() X"], done.stderr
