"""The house has no import cycle: the static imports between the
polyreversi modules, top-level and inside functions, outside ``if TYPE_CHECKING:``,
form no loop. (Formats are found by the registry at run time, by name.)"""
from __future__ import annotations

import ast
from pathlib import Path

import polyreversi

PACKAGE = Path(polyreversi.__file__).resolve().parent


def _modules() -> dict:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def _imports(name: str, path: Path, modules: dict) -> set:
    found = set()
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]

    class Visitor(ast.NodeVisitor):
        def visit_If(self, node):
            test = node.test
            if getattr(test, "id", None) == "TYPE_CHECKING" or getattr(test, "attr", None) == "TYPE_CHECKING":
                for child in node.orelse:
                    self.visit(child)
                return
            self.generic_visit(node)

        def visit_Import(self, node):
            found.update(alias.name for alias in node.names)

        def visit_ImportFrom(self, node):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            source = ".".join(p for p in (base, node.module) if p)
            submodules = [a.name for a in node.names if f"{source}.{a.name}" in modules or a.name == "_core"]
            if len(submodules) < len(node.names):  # a name from the module itself
                found.add(source)
            found.update(f"{source}.{a}" for a in submodules)

    Visitor().visit(ast.parse(path.read_text(encoding="utf-8")))
    return {m for m in found if m in modules and m != name}


def _cycle(graph: dict):
    """One import cycle as a list of modules, or None."""
    state = {}

    def visit(node, trail):
        state[node] = "open"
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                return trail[trail.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt, trail + [nxt])
                if found:
                    return found
        state[node] = "done"
        return None

    for start in sorted(graph):
        if start not in state:
            found = visit(start, [start])
            if found:
                return found
    return None


def test_the_modules_import_each_other_without_a_cycle():
    modules = _modules()
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    assert "polyreversi.replay" in graph["polyreversi.record"]  # the analysis sees imports
    cycle = _cycle(graph)
    assert cycle is None, " -> ".join(cycle)


def test_the_cycle_finder_finds_a_cycle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
