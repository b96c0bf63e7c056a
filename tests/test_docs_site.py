"""The documentation site (docs/conf.py): it builds with Sphinx with warnings as
errors, its API reference holds every public name of every public module, the
command-line reference every subcommand, and no public name goes undocumented.

The API pages are found, not listed (docs/_ext/polyreversi_api.py), so a new module
is covered here by itself; a name in an ``__all__`` without a docstring (or, for a
constant, without a ``#:`` comment) fails :func:`test_every_public_name_is_documented`.
"""
from __future__ import annotations

import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from conftest import PROJECT_ROOT

DOCS = PROJECT_ROOT / "docs"
sys.path.insert(0, str(DOCS / "_ext"))
pytest.importorskip("sphinx", reason="the docs extra is not installed: pip install '.[docs]'")
pytest.importorskip("myst_parser", reason="the docs extra is not installed: pip install '.[docs]'")
pytest.importorskip("sphinx_click", reason="the docs extra is not installed: pip install '.[docs]'")

import polyreversi_api  # noqa: E402  (docs/_ext, on the path above)


def _inventory(path: Path) -> set[tuple[str, str]]:
    """``(role, name)`` of every object in a Sphinx objects.inv (version 2: four header
    lines, then zlib-compressed lines ``name domain:role priority uri dispname``)."""
    data = path.read_bytes()
    header_end = 0
    for _ in range(4):
        header_end = data.index(b"\n", header_end) + 1
    assert data[:header_end].startswith(b"# Sphinx inventory version 2"), data[:header_end]
    entries = set()
    for line in zlib.decompress(data[header_end:]).decode("utf-8").splitlines():
        name, role = line.split(" ", 2)[:2]
        entries.add((role, name))
    return entries


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    command = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
               "-d", str(out / "doctrees"), str(DOCS), str(out / "html")]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"sphinx -W failed (exit {done.returncode}):\n{done.stderr[-6000:]}"
    return out / "html"


def test_site_builds_without_warnings(site):
    for page in ["index.html", "tour.html", "cli-reference.html", "api/index.html", "cli.html", "records.html"]:
        assert (site / page).is_file(), page
    tour = (site / "tour.html").read_text(encoding="utf-8")
    assert "A short tour" in tour and 'href="records.html"' in tour  # README's docs/ links point at pages


def test_api_reference_holds_every_public_name(site):
    inventory = _inventory(site / "objects.inv")
    modules = polyreversi_api.public_modules()
    missing = [m for m in modules if ("py:module", m) not in inventory]
    for item in polyreversi_api.api_names():
        if item.kind != "module" and not any((role, item.target) in inventory for role in
                                             ("py:class", "py:exception", "py:function", "py:data",
                                              "py:method", "py:attribute")):
            missing.append(f"{item.target} (exported by {item.exporter})")
    assert not missing, "not in the site's API reference:\n" + "\n".join(missing)
    for module in modules:  # each page links the names it re-exports
        assert (site / "api" / f"{module}.html").is_file(), module


def test_cli_reference_holds_every_subcommand(site):
    import click

    from polyreversi.cli import main
    page = (site / "cli-reference.html").read_text(encoding="utf-8")
    ctx = click.Context(main)
    names = main.list_commands(ctx)  # the subcommands are imported when named
    assert names, "the polyreversi command has no subcommands"
    for name, command in ((n, main.get_command(ctx, n)) for n in names):
        assert f"polyreversi {name}" in page, name
        for param in command.params:
            for opt in getattr(param, "opts", []):
                if opt.startswith("--"):
                    assert opt in page, f"polyreversi {name} {opt}"


def test_every_public_name_is_documented():
    names = polyreversi_api.api_names()
    assert len({item.exporter for item in names}) > 10  # the walk found the package
    missing = polyreversi_api.undocumented(names)
    assert not missing, ("public names (in an __all__) without documentation: add a docstring, "
                         "or a '#:' comment for a constant:\n" + "\n".join(missing))


def test_undocumented_names_are_found(tmp_path, monkeypatch):
    """The check itself: a module whose __all__ lists an undocumented function and an
    undocumented constant is reported, its documented names are not."""
    package = tmp_path / "fakepkg"
    package.mkdir()
    (package / "__init__.py").write_text('"""A package."""\n', encoding="utf-8")
    (package / "mod.py").write_text(
        '"""A module."""\n'
        "def bare(x):\n    return x\n\n"
        'def told(x):\n    """Returns x."""\n    return x\n\n'
        "LIMIT = 3\n"
        "SIZE = 4  #: the size\n"
        '__all__ = ["bare", "told", "LIMIT", "SIZE"]\n', encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    names = polyreversi_api.api_names("fakepkg")
    assert {(n.exporter, n.name) for n in names} == {("fakepkg.mod", n) for n in ("bare", "told", "LIMIT", "SIZE")}
    assert polyreversi_api.undocumented(names) == ["fakepkg.mod.bare (function)", "fakepkg.mod.LIMIT (data)"]
