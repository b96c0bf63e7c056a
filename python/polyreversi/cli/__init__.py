"""The ``polyreversi`` command. Each subcommand lives in its own module of this
package and exposes a click command named ``command``."""
from __future__ import annotations

import importlib
import importlib.util

import click

from polyreversi import __version__

# Subcommand modules, in the order --help lists them.
SUBCOMMANDS = ["play", "selfplay", "replay", "show", "convert", "perft", "bench"]
SUBCOMMANDS += ["solve", "analyse"]  # issue 11


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="polyreversi")
def main() -> None:
    """polyreversi: Reversi (Othello) and its variants.

    Variants are written like 8x8, 10x10/anti, octagon/4p/blocked=b7,i3
    (see `polyreversi play --help`).
    """


for _name in SUBCOMMANDS:
    _module_name = f"polyreversi.cli.{_name}_cmd"
    if importlib.util.find_spec(_module_name) is not None:
        main.add_command(importlib.import_module(_module_name).command)
