"""A Python child process that answers one JSON line for each JSON line asked:
how benchmarks/time_match.py and eval_patterns.py play another build of
polyreversi (its package copied into a folder) from this process.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Optional

#: Put first in a child's code to import the polyreversi package copied into the folder
#: DIR instead of this environment's editable install (which a rebuild may change
#: while a match runs).
OTHER_BUILD = r"""
import sys
sys.meta_path = [f for f in sys.meta_path if "ScikitBuild" not in type(f).__name__]  # not the editable install
sys.path.insert(0, {dir!r})
import polyreversi
assert polyreversi.__file__.startswith({dir!r}), polyreversi.__file__
"""


class JsonChild:
    """``python -c code`` (this Python by default) with an empty PYTHONPATH, run from /."""

    def __init__(self, code: str, python: Optional[str] = None) -> None:
        env = dict(os.environ, PYTHONPATH="")
        self.p = subprocess.Popen([os.path.abspath(python) if python else sys.executable, "-c", code],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env, cwd="/")

    def read(self) -> dict:
        """The child's next line.

        Raises:
            RuntimeError: the child ended instead.
        """
        line = self.p.stdout.readline()
        if not line:
            raise RuntimeError("the child process ended")
        return json.loads(line)

    def ask(self, **q) -> dict:
        self.p.stdin.write(json.dumps(q) + "\n")
        self.p.stdin.flush()
        return self.read()

    def close(self) -> None:
        self.p.stdin.close()
        self.p.wait()
