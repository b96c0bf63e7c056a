#!/usr/bin/env bash
# Builds the extension with AddressSanitizer + UndefinedBehaviorSanitizer
# (CMake option POLYREVERSI_SANITIZE) into its own virtual environment and runs
# the whole default test suite against it.
#
#   bash scripts/sanitize.sh            # build (incremental) + the default suite, -n 2
#   bash scripts/sanitize.sh -m slow    # extra arguments go to pytest
#
# Environment: SANITIZE_VENV (default build/sanitize-venv), SANITIZE_BUILD
# (default build/sanitize, the CMake build folder kept between runs), JOBS
# (pytest workers, default 2), PYTHON (interpreter for the venv, default python3).
# Needs g++ with libasan and libubsan (GCC) and the package index pip already uses.
# Takes 11-16 minutes on 2 cores (2.5 minutes of it the first build).
#
# CPython itself is not instrumented: libasan (and libstdc++) are LD_PRELOADed so
# that ASan comes first, leak detection is off (the interpreter keeps memory until exit), and
# PYTHONMALLOC=malloc routes Python objects through ASan's allocator so that
# out-of-bounds access to them is caught too. Any UBSan report aborts the run
# (-fno-sanitize-recover plus halt_on_error=1).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

venv=${SANITIZE_VENV:-$root/build/sanitize-venv}
build=${SANITIZE_BUILD:-$root/build/sanitize}
jobs=${JOBS:-2}
python=${PYTHON:-python3}

libasan=$(g++ -print-file-name=libasan.so)
if [ ! -e "$libasan" ]; then
  echo "sanitize: libasan.so not found (g++ -print-file-name=libasan.so gave '$libasan'); install GCC's libasan" >&2
  exit 2
fi

started=$(date +%s)
echo "sanitize: venv $venv, build folder $build"
if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --upgrade pip
# The build requirements live in the venv and the build is not isolated, so the
# CMake folder stays valid between runs and only changed sources are recompiled.
"$venv/bin/python" -m pip install --quiet "scikit-build-core>=0.10" "pybind11>=3.0" cmake ninja
# Non-editable, so the tests import exactly the instrumented build.
"$venv/bin/python" -m pip install --quiet --no-build-isolation "$root[test]" \
  -Ccmake.define.POLYREVERSI_SANITIZE=ON \
  -Ccmake.build-type=RelWithDebInfo \
  -Cbuild-dir="$build"
built=$(date +%s)
echo "sanitize: built and installed in $((built - started)) s"

# The installed extension must really be instrumented (found without importing
# it: it cannot load before libasan is preloaded).
so=$("$venv/bin/python" - <<'PY'
import importlib.util, pathlib
folder = pathlib.Path(importlib.util.find_spec("polyreversi").submodule_search_locations[0])
print(next(folder.glob("_core*.so")))
PY
)
symbols=$(nm -D "$so")  # not piped into grep -q: with pipefail, nm's SIGPIPE would fail the check
if ! grep -q "__asan_init" <<<"$symbols"; then
  echo "sanitize: $so is not built with AddressSanitizer" >&2
  exit 2
fi

# libstdc++ is preloaded too: CPython does not link it, and without it ASan finds
# no real __cxa_throw when it starts, so the first C++ exception aborts
# ("CHECK failed: asan_interceptors.cpp ... real___cxa_throw").
libstdcxx=$(g++ -print-file-name=libstdc++.so)
export LD_PRELOAD="$libasan $libstdcxx"
export ASAN_OPTIONS="detect_leaks=0:allocator_may_return_null=1:abort_on_error=1:halt_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
export PYTHONMALLOC=malloc
export PYTHONPATH="$root/scripts${PYTHONPATH:+:$PYTHONPATH}"
status=0
"$venv/bin/python" -m pytest -q -n "$jobs" -p pytest_sanitize_plugin -p no:cacheprovider "$@" || status=$?
finished=$(date +%s)
if [ "$status" -eq 0 ]; then
  echo "sanitize: PASS (ASan+UBSan): tests took $((finished - built)) s, $((finished - started)) s in all"
else
  echo "sanitize: FAIL (pytest exit $status) after $((finished - started)) s" >&2
fi
exit "$status"
