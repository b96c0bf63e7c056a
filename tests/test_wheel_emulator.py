"""The wheel check's launchers of emulated Pythons (scripts/wheel_check.py,
``emulated_python``): qemu-user does not follow exec, so a test's subprocess of
``sys.executable`` must run the launcher again (else an arm64 child fails with "Exec
format error" and a no-AVX2 row's child runs on the host's CPU), and the launcher must
hand qemu the target root or CPU model, itself as argv[0] and every argument unchanged.
Checked with a stand-in for qemu that prints what it was given, and, where Debian's
qemu-user is installed, with qemu-x86_64 itself."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest


pytestmark = pytest.mark.skipif(os.name != "posix", reason="the launcher is a /bin/sh script (Linux wheel check)")
ARGUMENTS = ["-c", "print('a b')", "", "$HOME", "it's"]


def _fake_qemu(folder):
    qemu = folder / "fake qemu"
    qemu.write_text('#!/bin/sh\nfor a in "$@"; do printf "%s\\n" "$a"; done\n', encoding="utf-8")
    qemu.chmod(0o755)
    return qemu


def test_the_launcher_gives_qemu_the_root_itself_as_argv0_and_the_arguments(wheel_check, tmp_path):
    folder = tmp_path / "a folder with spaces"
    folder.mkdir()
    root = folder / "arm64 root"
    guest = root / "usr" / "bin" / "python3.11"
    launcher = wheel_check.emulated_python(folder / "python3.11", str(_fake_qemu(folder)), guest, root=root)
    done = subprocess.run([str(launcher), *ARGUMENTS], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.split("\n")[:-1] == ["-L", str(root), "-0", str(launcher), str(guest), *ARGUMENTS]


def test_the_no_avx2_launcher_gives_qemu_the_cpu_model(wheel_check, tmp_path):
    folder = tmp_path / "venv dir" / "bin"
    folder.mkdir(parents=True)
    guest = folder / "python"
    launcher = wheel_check.emulated_python(folder / "python-nehalem", str(_fake_qemu(folder)), guest, cpu="Nehalem")
    done = subprocess.run([str(launcher), *ARGUMENTS], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.split("\n")[:-1] == ["-cpu", "Nehalem", "-0", str(launcher), str(guest), *ARGUMENTS]


CHILD = ("import subprocess, sys\n"
         "comm = lambda: open('/proc/self/comm').read().strip()\n"
         "print(comm(), sys.executable, sys.prefix)\n"
         "sys.stdout.flush()\n"
         "subprocess.run([sys.executable, '-c', 'import sys; print(open(\"/proc/self/comm\").read().strip(), "
         "sys.executable, sys.prefix)'], check=True)\n")


@pytest.mark.skipif(not shutil.which("qemu-x86_64") or os.uname().machine != "x86_64",
                    reason="needs Debian's qemu-user (qemu-x86_64) on an x86-64 host")
def test_a_child_of_the_no_avx2_launcher_runs_under_the_emulator_in_the_same_venv(wheel_check, tmp_path):
    # A venv of this interpreter, the launcher in its bin/ as the wheel check puts it:
    # the process name (/proc/self/comm) of a Python under qemu-user is qemu's.
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    launcher = wheel_check.emulated_python(venv / "bin" / "python-nehalem", shutil.which("qemu-x86_64"),
                                           venv / "bin" / "python", cpu=wheel_check.NOAVX2_CPU)
    done = subprocess.run([str(launcher), "-c", CHILD], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    lines = [line.split() for line in done.stdout.splitlines()]
    assert len(lines) == 2, done.stdout
    for comm, executable, prefix in lines:  # the parent, then the child it started
        assert comm.startswith("qemu"), f"not emulated: {comm}"
        assert executable == str(launcher) and prefix == str(venv)


def test_a_python_no_debian_release_has_for_arm64_is_skipped_naming_those_that_do(wheel_check):
    with pytest.raises(wheel_check.Skip, match=r"no Debian suite has an arm64 Python 3\.12 .*3\.11 in Debian 12, "
                                               r"3\.13 in Debian 13"):
        wheel_check.Checker.arm64_root("3.12")


def test_the_glibc_of_an_arm64_root_is_read_from_its_libc_banner(wheel_check, tmp_path):
    lib = tmp_path / "usr" / "lib" / "aarch64-linux-gnu"
    lib.mkdir(parents=True)
    (lib / "libc.so.6").write_bytes(b"\x7fELF\0...GNU C Library (Debian GLIBC 2.41-12) stable release version 2.41.\n\0")
    assert wheel_check.arm64_glibc(tmp_path) == (2, 41)
    (lib / "libc.so.6").write_bytes(b"\x7fELF\0 no banner")
    with pytest.raises(wheel_check.Failure, match="cannot tell the glibc version"):
        wheel_check.arm64_glibc(tmp_path)
