"""Without the envs extra, importing an environment names the missing package and the
extra that installs it (as Parquet and Ray do), not a bare ModuleNotFoundError."""
import subprocess
import sys

import pytest

BLOCKED = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {blocked!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name.split(".")[0])
        return None
sys.meta_path.insert(0, Block())
try:
    import {module}
except ImportError as error:
    print(type(error).__name__, error)
"""


@pytest.mark.parametrize("module,blocked,extra", [
    ("polyreversi.envs.gymnasium", ("gymnasium",), "envs"),
    ("polyreversi.envs.vector", ("gymnasium",), "envs"),
    ("polyreversi.envs.pettingzoo", ("pettingzoo",), "envs"),
    ("polyreversi.envs.sb3", ("stable_baselines3",), "rl"),
])
def test_an_environment_without_its_extra_says_which(module, blocked, extra):
    done = subprocess.run([sys.executable, "-c", BLOCKED.format(module=module, blocked=blocked)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-1000:]
    assert done.stdout.strip() == (f"ModuleNotFoundError this environment needs {blocked[0]}: "
                                   f"pip install 'polyreversi[{extra}]'"), done.stdout
