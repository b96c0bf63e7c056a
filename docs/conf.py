"""Sphinx configuration of the polyreversi documentation site.

Build it with ``python -m sphinx -W -b html docs docs/_build/html`` (docs/development.md);
tests/test_docs_site.py builds it the same way in the default test run. The pages are
the Markdown files of docs/ (MyST), the README's tour, the command line (sphinx-click)
and an API reference that ``_ext/polyreversi_api.py`` writes for every public module it
finds, so a new module needs nothing here beyond its docstrings.
"""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))

import polyreversi  # noqa: E402  (the installed package: the reference documents what ships)

project = "polyreversi"
author = "polyreversi developers"
copyright = "polyreversi developers, MIT licence"
version = release = polyreversi.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx_click",
    "polyreversi_api",
    "polyreversi_outside_links",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "_ext", "Thumbs.db", ".DS_Store"]

# MyST: the docs pages link to each other's headings (cli.md's "#play").
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]
# Files the pages link to that are not pages of the site: the rulebook and data
# beside the repository, the benchmarks folder (shown as text, not as broken links).
polyreversi_outside_links = ("../shared/", "benchmarks/")

# autodoc: the members each module lists in __all__ (polyreversi_api picks them);
# signatures as written, type hints in the signature, not repeated in the text.
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
autodoc_class_signature = "mixed"
napoleon_google_docstring = True
napoleon_numpy_docstring = True

html_theme = "furo"
html_title = f"polyreversi {release}"
html_static_path: list[str] = []
html_last_updated_fmt = None

# The optional extras' packages (rl: torch, SB3) are mocked where absent, as the
# API pages' extension does when it walks the package.
from polyreversi_api import OPTIONAL_IMPORTS  # noqa: E402 (the _ext folder is on sys.path above)

autodoc_mock_imports = list(OPTIONAL_IMPORTS)
