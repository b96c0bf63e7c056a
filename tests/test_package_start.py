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
        for alias in node.names:
            seen[alias.asname or alias.name] = (node.module or "").removeprefix("polyreversi").lstrip(".") or alias.name
    assert set(seen) == set(pr.__all__)
    assert {name: module for name, module in seen.items() if name != "svg"} == pr._LAZY


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
    ("polyreversi.cli.show_cmd", ["--help"]),
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
