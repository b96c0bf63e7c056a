"""Atheris coverage for the polyreversi package, however it was installed.

``atheris.instrument_imports()`` only sees modules that the standard path finder
loads; an editable install (scikit-build-core) loads the package through its own
finder, so instead every function and method of the loaded ``polyreversi``
modules is instrumented in place once they are imported.
"""
from __future__ import annotations

import inspect
import sys
import types

import atheris


def _functions(obj, module_name, seen):
    if id(obj) in seen:
        return
    seen.add(id(obj))
    if isinstance(obj, (staticmethod, classmethod)):
        obj = obj.__func__
    if isinstance(obj, property):
        for f in (obj.fget, obj.fset, obj.fdel):
            if f is not None:
                yield from _functions(f, module_name, seen)
        return
    if isinstance(obj, types.FunctionType):
        if obj.__module__ == module_name:
            yield obj
        return
    if inspect.isclass(obj) and obj.__module__ == module_name:
        for value in vars(obj).values():
            yield from _functions(value, module_name, seen)


def instrument_package(prefix: str = "polyreversi") -> int:
    """Instruments every Python function of the loaded ``prefix`` modules; returns how many."""
    seen: set = set()
    count = 0
    for name, module in list(sys.modules.items()):
        if module is None or not (name == prefix or name.startswith(prefix + ".")):
            continue
        for value in list(vars(module).values()):
            for func in _functions(value, name, seen):
                atheris.instrument_func(func)
                count += 1
    return count
