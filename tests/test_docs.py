"""Docs that cannot drift: every docstring example
of the polyreversi modules and every Python block of README.md and docs/*.md runs
here, in the default suite.

Markdown blocks fenced as ``python`` run in file order in one namespace per file:
a block with ``>>>`` lines is a doctest (its output must be the real output),
any other Python block runs as a script. Blocks run in a fresh folder (they may
write files) from which ``../shared`` is the project's shared data; a block that
needs ``../shared`` is skipped, with the reason, when it is absent. New README
sections and docs pages are collected by themselves."""
from __future__ import annotations

import doctest
import importlib
import os
import pkgutil
import re
import shlex
import subprocess
from pathlib import Path

import pytest

import polyreversi

from conftest import PROJECT_ROOT, SHARED

FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
MARKDOWN = sorted([PROJECT_ROOT / "README.md", *(PROJECT_ROOT / "docs").glob("*.md")])
FENCE = re.compile(r"^```(?P<lang>[\w+-]*)[^\n]*\n(?P<body>.*?)^```", re.MULTILINE | re.DOTALL)


def _modules():
    names = ["polyreversi"]
    for info in pkgutil.walk_packages(polyreversi.__path__, "polyreversi."):
        if info.name.rsplit(".", 1)[-1] != "__main__":
            names.append(info.name)
    return sorted(names)


def _blocks(path: Path, lang: str):
    """``(line, body)`` of every fenced block of ``lang`` in a Markdown file."""
    text = path.read_text(encoding="utf-8")
    for m in FENCE.finditer(text):
        if m.group("lang").lower() == lang:
            yield text.count("\n", 0, m.start("body")) + 1, m.group("body")


def _run_doctest(test: doctest.DocTest) -> str:
    """Runs one doctest; returns the report of its failures ("" when it passed)."""
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    report = []
    runner.run(test, out=report.append, clear_globs=False)
    return "".join(report) if runner.failures else ""


def test_every_docstring_example_of_the_modules():
    failures, missing, examples = [], [], 0
    for name in _modules():
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name and not e.name.startswith("polyreversi"):
                missing.append(f"{name} (needs {e.name})")
                continue
            raise
        folder = os.path.dirname(module.__file__ or "")
        for test in doctest.DocTestFinder(exclude_empty=True).find(module, name):
            if test.examples and (test.filename or "").startswith(folder):  # not what it imported
                examples += len(test.examples)
                failures.append(_run_doctest(test))
    assert examples > 20, f"only {examples} docstring examples found"
    report = "".join(failures)
    assert not report, report
    if missing:
        pytest.skip(f"ran {examples} examples; modules not imported, optional packages absent: {', '.join(missing)}")


WITH_PYTHON = [p for p in MARKDOWN if any(_blocks(p, "python"))]


def test_the_docs_have_python_blocks():
    assert PROJECT_ROOT / "README.md" in WITH_PYTHON and len(WITH_PYTHON) >= 2


@pytest.mark.parametrize("path", WITH_PYTHON, ids=[str(p.relative_to(PROJECT_ROOT)) for p in WITH_PYTHON])
def test_python_blocks_of_the_docs(path, tmp_path, monkeypatch):
    blocks = list(_blocks(path, "python"))
    work = tmp_path / "project"
    work.mkdir()
    if SHARED.exists():
        (tmp_path / "shared").symlink_to(SHARED)
    monkeypatch.chdir(work)
    namespace = {"__name__": "__docs__"}
    parser = doctest.DocTestParser()
    skipped = []
    for line, body in blocks:
        where = f"{path.relative_to(PROJECT_ROOT)}:{line}"
        if "../shared" in body and not SHARED.exists():
            skipped.append(where)
            continue
        if ">>>" in body:
            test = parser.get_doctest(body, namespace, where, str(path), line - 1)
            report = _run_doctest(test)
            if report:
                pytest.fail(report, pytrace=False)
            namespace.update(test.globs)  # the next block continues the session
        else:
            exec(compile(body, where, "exec"), namespace)
    if skipped:
        pytest.skip(f"../shared not found at {SHARED}: skipped the blocks at {', '.join(skipped)}")


def test_the_fuzz_commands_of_the_docs_work_on_a_fresh_clone():
    """Every folder a documented atheris command names exists in the repository or is
    made by the command line itself (``mkdir -p``), and made folders are git-ignored."""
    ignored = (PROJECT_ROOT / ".gitignore").read_text(encoding="utf-8").split()
    commands = [line.split("#")[0].strip() for path in MARKDOWN for _, body in _blocks(path, "bash")
                for line in body.splitlines() if "fuzz/fuzz_" in line]
    assert commands, "no fuzz command found in the docs"
    for command in commands:
        made = set()
        for part in command.split("&&"):
            words = shlex.split(part)
            if words[:2] == ["mkdir", "-p"]:
                made.update(w.rstrip("/") for w in words[2:])
                for folder in words[2:]:
                    assert any(folder.startswith(i.rstrip("/")) for i in ignored), f"{folder} is not in .gitignore"
                continue
            for word in words[2:]:
                if word.startswith("-") or "<" in word or "." in Path(word).name:
                    continue  # an option, a placeholder, a file name
                assert word.rstrip("/") in made or (PROJECT_ROOT / word).is_dir(), f"{command!r}: {word} does not exist"


def test_the_fuzz_corpus_folder_is_git_ignored():
    result = subprocess.run(["git", "check-ignore", "-q", "fuzz/corpus/parsers/x"], cwd=PROJECT_ROOT)
    if result.returncode == 128:
        pytest.skip("not a git checkout")
    assert result.returncode == 0


def _cli_help(command: str) -> str:
    from click.testing import CliRunner

    from polyreversi.cli import main

    result = CliRunner().invoke(main, [command, "--help"])
    assert result.exit_code == 0, (command, result.output)
    return result.output


def test_the_commands_docs_cli_names_take_the_options_it_gives_them():
    # Every `COMMAND ARGS` quoted in docs/cli.md uses options that command has; every
    # `COMMAND -` reading standard input names the option that gives its format when
    # the command has one (`-` has no extension), and none when it has none (solve).
    from polyreversi.cli import main

    text = (PROJECT_ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    commands = set(main.list_commands(None))
    quoted = [q.split() for q in re.findall(r"`(?:polyreversi )?([^`\n]+)`", text)]
    quoted += [line.split()[2:] for line in text.splitlines() if line.startswith("$ polyreversi ")]
    checked = 0
    for words in quoted:
        if not words or words[0] not in commands:
            continue
        command, args = words[0], words[1:]
        helptext = _cli_help(command)
        for option in (w.split("=")[0] for w in args if w.startswith("--")):
            for part in option.split("/"):  # --svg/--png/--animate
                part = part if part.startswith("--") else f"--{part}"
                assert re.search(rf"(?<![\w-]){re.escape(part)}\b", helptext), f"`{' '.join(words)}`: {command} has no {part}"
        if args[:1] == ["-"]:
            own = [flag for flag in ("--format", "--from") if flag in helptext]
            named = [flag for flag in own if flag in args]
            assert bool(own) == bool(named), f"`{' '.join(words)}`: {command}'s format option is {own or 'none'}"
        checked += 1
    assert checked > 20
