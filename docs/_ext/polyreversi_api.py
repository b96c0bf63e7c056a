"""The API reference of the documentation site, found rather than listed.

At the start of every build this extension walks the installed ``polyreversi``
package, and writes one page per public module into ``docs/api/`` (git-ignored,
rewritten only when its text changes, so incremental builds stay incremental):
the module's docstring, then every name of its ``__all__`` that is *at home*
there, and links to the names it re-exports from elsewhere. A new module or a new
name in an ``__all__`` appears on the site without any edit here.

Public means: no part of the dotted module name starts with ``_`` (``__main__``
and ``polyreversi._core`` are not pages). The public names of a module are its
``__all__``; a module without one offers the classes and functions it defines
whose names do not start with ``_``.

Each name is documented once, in its *home* module (Sphinx warns about an object
described twice, which the -W build refuses):

- a class or function is at home in the module that defines it (``__module__``),
  if that module is public and exports it;
- any other object (a constant) in the public module that assigns it at top level
  (documented there even when that module has no ``__all__``);
- otherwise (the extension module ``_core``, private helper modules) in the
  shallowest public module that exports it (``polyreversi.Color``).

tests/test_docs_site.py uses :func:`api_names` and :func:`undocumented` to fail on
public names without documentation.
"""
from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
from dataclasses import dataclass
from pathlib import Path

PACKAGE = "polyreversi"
API_DIR = "api"  # inside the Sphinx source folder


def is_public_module(name: str) -> bool:
    return not any(part.startswith("_") for part in name.split("."))


def public_modules(package: str = PACKAGE) -> list[str]:
    """Dotted names of the package and every public module below it, sorted."""
    root = import_module(package)
    names = [package]
    for info in pkgutil.walk_packages(root.__path__, package + ".", onerror=lambda name: import_module(name)):
        if is_public_module(info.name):
            names.append(info.name)
    return sorted(names)


#: Third-party packages of the optional extras (``rl``): docs/conf.py mocks them in
#: every build; any other missing dependency is found and mocked by import_module.
OPTIONAL_IMPORTS = ("stable_baselines3", "sb3_contrib", "torch", "supersuit")

#: Top-level packages that a module needs but that are not installed (an optional
#: extra, such as stable-baselines3 for polyreversi.envs.sb3): the module is imported
#: with them mocked (autodoc's mock), and the build mocks them too.
MOCKED: list[str] = []


def import_module(name: str):
    """Imports a module of the package; a missing third-party dependency is mocked
    (and remembered in MOCKED) rather than leaving the module out of the reference."""
    import sys
    from sphinx.ext.autodoc.mock import mock
    needed: list[str] = []
    while True:
        before = set(sys.modules)
        try:
            with mock(needed):
                module = importlib.import_module(name)
            if needed:  # imported against mocks: not left for a later, real import to find
                for new in set(sys.modules) - before:
                    sys.modules.pop(new, None)
            return module
        except ModuleNotFoundError as e:
            root = (e.name or "").split(".")[0]
            if not root or root == PACKAGE.split(".")[0] or root in needed:
                raise
            needed.append(root)
            if root not in MOCKED:
                MOCKED.append(root)


def public_names(module) -> list[str]:
    """The module's ``__all__``, or the public classes and functions it defines."""
    exported = getattr(module, "__all__", None)
    if exported is not None:
        return list(exported)
    return [name for name, obj in vars(module).items()
            if not name.startswith("_") and (inspect.isclass(obj) or inspect.isfunction(obj))
            and getattr(obj, "__module__", None) == module.__name__]


def _assigned_names(module) -> set[str]:
    """Names bound by a top-level assignment in the module's source."""
    try:
        tree = ast.parse(inspect.getsource(module))
    except (OSError, TypeError):
        return set()
    names: set[str] = set()
    for node in tree.body:
        targets = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            targets = [node.target]
        for target in targets:
            for sub in ast.walk(target):
                if isinstance(sub, ast.Name):
                    names.add(sub.id)
    return names


def _has_definer(obj) -> bool:
    return inspect.isclass(obj) or inspect.isroutine(obj)


@dataclass(frozen=True)
class ApiName:
    """One public name: where it is exported, where it is documented, what it is."""
    exporter: str  # dotted module name whose public names list it
    name: str
    home: str  # dotted module name whose page documents it
    kind: str  # "module", "class", "exception", "function", "data"

    @property
    def target(self) -> str:
        return f"{self.home}.{self.name}" if self.kind != "module" else self.home


def _kind(obj) -> str:
    if inspect.ismodule(obj):
        return "module"
    if inspect.isclass(obj):
        return "exception" if issubclass(obj, BaseException) else "class"
    if inspect.isroutine(obj):
        return "function"
    return "data"


def api_names(package: str = PACKAGE) -> list[ApiName]:
    """Every (module, public name) pair of the package, with the name's home page.

    Raises AttributeError when an ``__all__`` names something the module does not have."""
    modules = {name: import_module(name) for name in public_modules(package)}
    assigned = {name: _assigned_names(module) for name, module in modules.items()}
    exports = {name: public_names(module) for name, module in modules.items()}
    # Each attribute read once: a module __getattr__ may compute a new object per read.
    objects = {m: {n: getattr(modules[m], n) for n in exports[m]} for m in modules}  # AttributeError: a bad __all__
    result = []
    for modname in sorted(modules, key=lambda m: (m.count("."), m)):
        for name in exports[modname]:
            obj = objects[modname][name]
            kind = _kind(obj)
            if kind == "module":
                home = obj.__name__
            elif _has_definer(obj) and getattr(obj, "__module__", None) in modules \
                    and objects[obj.__module__].get(name) is obj:
                home = obj.__module__
            else:
                # the module that assigns it, exported there or not (a module without __all__)
                owners = [m for m in modules if name in assigned[m] and vars(modules[m]).get(name) is obj]
                if owners:
                    home = min(owners, key=lambda m: (m.count("."), m))
                else:  # defined in a private module: the shallowest public exporter
                    home = min((m for m in modules if objects[m].get(name) is obj),
                               key=lambda m: (m.count("."), m))
            result.append(ApiName(modname, name, home, kind))
    return result


_SIGNATURE_LINE = re.compile(r"^\s*[\w.]+\(.*\)(\s*->\s*.+)?\s*$")


def own_docstring(obj, name: str) -> str:
    """The text of the object's own docstring, without generated signatures
    (dataclasses, named tuples and pybind11 put ``Name(args)`` lines there)."""
    doc = obj.__doc__ if inspect.isclass(obj) else inspect.getdoc(obj)
    if inspect.isclass(obj):
        doc = vars(obj).get("__doc__")
    if not isinstance(doc, str):
        return ""
    lines = [line for line in inspect.cleandoc(doc).splitlines()
             if not (_SIGNATURE_LINE.match(line) and line.strip().split("(", 1)[0].split(".")[-1] in (name, "__init__"))]
    text = "\n".join(lines).strip()
    if re.fullmatch(r"Overloaded function\.?", text):
        return ""
    return text


def attribute_doc(modname: str, name: str) -> str:
    """The ``#:`` comment before, or the string literal after, a module-level assignment."""
    from sphinx.pycode import ModuleAnalyzer
    try:
        docs = ModuleAnalyzer.for_module(modname).find_attr_docs()
    except Exception:  # no source (an extension module)
        return ""
    return "\n".join(docs.get(("", name), [])).strip()


def undocumented(names: list[ApiName] | None = None) -> list[str]:
    """``home.name`` of every public name whose home gives it no documentation."""
    missing, seen = [], set()
    for item in names if names is not None else api_names():
        if item.kind == "module" or (item.home, item.name) in seen:
            continue
        seen.add((item.home, item.name))
        obj = getattr(import_module(item.home), item.name)
        if item.kind == "data":
            documented = bool(attribute_doc(item.home, item.name))
        else:
            documented = bool(own_docstring(obj, item.name))
        if not documented:
            missing.append(f"{item.home}.{item.name} ({item.kind})")
    return missing


_DIRECTIVES = {"class": "autoclass", "exception": "autoexception", "function": "autofunction", "data": "autodata"}


def _summary(module) -> str:
    doc = inspect.getdoc(module) or ""
    first = doc.strip().split("\n\n", 1)[0].replace("\n", " ").strip()
    return first


def _heading(text: str, char: str) -> str:
    return f"{text}\n{char * len(text)}\n"


def module_page(modname: str, names: list[ApiName]) -> str:
    """The reStructuredText page of one module."""
    module = import_module(modname)
    out = [_heading(f"``{modname}``", "="), f".. automodule:: {modname}\n   :no-members:\n"]
    own = list({n.name: n for n in reversed(names) if n.home == modname and n.kind != "module"}.values())[::-1]
    elsewhere = [n for n in names if n.exporter == modname and (n.home != modname or n.kind == "module")]
    for item in own:
        obj = getattr(module, item.name)
        lines = [f".. {_DIRECTIVES[item.kind]}:: {modname}.{item.name}"]
        if item.kind in ("class", "exception"):
            lines += ["   :members:", "   :show-inheritance:"]
            if _is_enum(obj):
                lines += ["   :undoc-members:"]
        elif item.kind == "data" and len(repr(obj)) > 70:
            lines += ["   :no-value:"]
        out.append("\n".join(lines) + "\n")
    if elsewhere:
        out.append(_heading("Also available here", "-"))
        out.append("These names are documented where they are defined:\n")
        for item in elsewhere:
            role = "mod" if item.kind == "module" else "obj"
            out.append(f"- :py:{role}:`{modname}.{item.name} <{item.target}>`")
        out.append("")
    return "\n".join(out)


def _is_enum(obj) -> bool:
    import enum
    return inspect.isclass(obj) and (issubclass(obj, enum.Enum) or hasattr(obj, "__members__"))


def index_page(modules: list[str]) -> str:
    out = [_heading("API reference", "="),
           "One page per public module of the installed package, found when the site is built: "
           "each documents the names of the module's ``__all__`` that are defined there and links "
           "to those it re-exports. ``import polyreversi as pr`` gives the names of "
           ":doc:`polyreversi`.\n",
           ".. list-table::\n   :header-rows: 1\n   :widths: 30 70\n",
           "   * - module\n     - summary"]
    for modname in modules:
        summary = _summary(import_module(modname)) or " "
        out.append(f"   * - :doc:`{modname}`\n     - {_escape(summary)}")
    out.append("\n.. toctree::\n   :hidden:\n")
    out += [f"   {modname}" for modname in modules]
    return "\n".join(out) + "\n"


def _escape(text: str) -> str:
    """A docstring's first paragraph as one table cell (it is reST already)."""
    return text


def write_pages(srcdir: Path) -> list[Path]:
    """Writes docs/api/*.rst for the installed package; returns the files written or kept."""
    api = srcdir / API_DIR
    api.mkdir(exist_ok=True)
    modules = public_modules()
    names = api_names()
    pages = {f"{m}.rst": module_page(m, names) for m in modules}
    pages["index.rst"] = index_page(modules)
    kept = []
    for filename, text in pages.items():
        path = api / filename
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        kept.append(path)
    for stale in api.glob("*.rst"):  # a module that was removed or renamed
        if stale.name not in pages:
            stale.unlink()
    return kept


def _builder_inited(app) -> None:
    write_pages(Path(app.srcdir))
    app.config.autodoc_mock_imports = list(app.config.autodoc_mock_imports) + \
        [m for m in MOCKED if m not in app.config.autodoc_mock_imports]


def _no_type_docstring(app, what, name, obj, options, lines) -> None:
    """A constant without a ``#:`` comment would show the docstring of its type
    (``dict``'s, ``tuple``'s): it shows nothing instead (and the docs test names it)."""
    if what in ("data", "attribute") and lines and not (inspect.isclass(obj) or inspect.isroutine(obj)):
        type_doc = inspect.getdoc(type(obj)) or ""
        if "\n".join(lines).strip() == type_doc.strip():
            lines.clear()


def setup(app):
    app.connect("builder-inited", _builder_inited)
    app.connect("autodoc-process-docstring", _no_type_docstring)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
