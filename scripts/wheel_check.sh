#!/usr/bin/env bash
# The wheel check: scripts/wheel_check.py builds every wheel (native, manylinux with
# zig, the clang + libc++ source build, no-AVX2 and aarch64 under qemu), installs each
# without a compiler, tests it and writes dist/wheel-table.md. Arguments go to it:
#
#   bash scripts/wheel_check.sh                                 # everything, every Python found
#   bash scripts/wheel_check.sh --ci                            # the part CI runs
#   bash scripts/wheel_check.sh --targets native --pythons 3.13 -- -x -k wthor
#
# PYTHON picks the interpreter that runs the script (default python3).
set -euo pipefail
cd "$(dirname "$0")/.."
exec "${PYTHON:-python3}" scripts/wheel_check.py "$@"
