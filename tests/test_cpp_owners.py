"""The core's C++ says each thing once: its sentinels are named in limits.hpp,
its files are named for what they hold, and the move set-up of the searches'
ordering and their enhanced transposition cut-off are one loop each
(search/pvs.hpp's ordered_moves and refuted_by_table)."""
from __future__ import annotations

import re

import pytest

from conftest import PROJECT_ROOT

CPP = PROJECT_ROOT / "cpp"
# The headers that name the core's bounds and sentinels.
OWNERS = {"limits.hpp", "types.hpp"}
SENTINEL = re.compile(r"\b1\s*<<\s*30\b")


def test_the_cores_sentinels_are_named_once():
    if not CPP.is_dir():
        pytest.skip("no C++ sources beside the tests")
    found = [f"{path.relative_to(PROJECT_ROOT)}:{n}: {line.strip()}"
             for path in sorted([*CPP.rglob("*.cpp"), *CPP.rglob("*.hpp")]) if path.name not in OWNERS
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if SENTINEL.search(line)]
    assert not found, "name these in limits.hpp (kNoBound, kFirstKey):\n" + "\n".join(found)


def test_a_core_source_is_named_for_what_it_holds():
    if not CPP.is_dir():
        pytest.skip("no C++ sources beside the tests")
    sources = sorted((CPP / "src").rglob("*.cpp"))
    vague = [str(p.relative_to(PROJECT_ROOT)) for p in sources if p.stem == "kernels"]
    assert not vague, f"'kernels' says how a file is compiled, not what it holds: {vague}"


# A statement of the move set-up: the disks a move flips, into a move list.
MOVE_SETUP = re.compile(r"mv\.flips\s*=\s*E::flips\(")


def test_the_searches_set_up_their_moves_in_one_loop():
    if not CPP.is_dir():
        pytest.skip("no C++ sources beside the tests")
    search = CPP / "include" / "polyreversi" / "search"
    found = {path.name: len(MOVE_SETUP.findall(path.read_text(encoding="utf-8"))) for path in sorted(search.glob("*.hpp"))}
    assert {name: n for name, n in found.items() if n} == {"pvs.hpp": 1}, \
        "order() of each search keys its moves; the set-up is ordered_moves() in pvs.hpp"


# A table probe of a child: the enhanced transposition cut-off's look-up.
CHILD_PROBE = re.compile(r"find\(\s*O\s*\^\s*\w+(\[\w+\])?\.flips")


def test_the_searches_cut_off_by_the_table_in_one_loop():
    if not CPP.is_dir():
        pytest.skip("no C++ sources beside the tests")
    search = CPP / "include" / "polyreversi" / "search"
    found = {path.name: len(CHILD_PROBE.findall(path.read_text(encoding="utf-8")))
             for path in sorted([*search.glob("*.hpp"), *(CPP / "src" / "search").glob("*.cpp")])}
    assert {name: n for name, n in found.items() if n} == {"pvs.hpp": 1}, \
        "the enhanced transposition cut-off of both searches is refuted_by_table() in pvs.hpp"


# A class defined at namespace scope in a header (not nested: no indentation), with its body.
HEADER_CLASS = re.compile(r"^(?:template <[^>]*>\s*)?(?:struct|class) ([A-Za-z_]\w*)(?: final)?\s*(?::[^{;]*)?\{", re.M)


def test_no_two_headers_define_a_class_of_one_name():
    """Two different classes of one name in one namespace break the one-definition
    rule: their inline members are weak symbols of the same name, and the linker keeps
    one. GCC inlined the 3-4 player MultiShape's constructor (then named Shape, as the
    2-player search's) and hid it; zig's clang called the other one, which wrote past
    the smaller object and smashed the stack (the manylinux wheel's test_multi)."""
    if not CPP.is_dir():
        pytest.skip("no C++ sources beside the tests")
    where: dict[str, list[str]] = {}
    for path in sorted((CPP / "include").rglob("*.hpp")):
        for name in HEADER_CLASS.findall(path.read_text(encoding="utf-8")):
            where.setdefault(name, []).append(str(path.relative_to(PROJECT_ROOT)))
    twice = {name: files for name, files in where.items() if len(files) > 1}
    assert not twice, f"one name, two classes (rename one; multi/ names start with Multi): {twice}"
