# Builds polyreversi with zig's clang (pip install ziglang), which brings its own
# libc++ and the headers and link stubs of any glibc version, so one machine can
# build wheels for older distributions and for other CPUs without a container.
#
# scripts/wheel_check.py writes the four wrappers and sets the environment:
#   POLYREVERSI_ZIG_BIN     folder holding zig-cc, zig-c++, zig-ar, zig-ranlib
#                           (each one line: exec <zig> cc|c++|ar|ranlib -target T "$@")
#   POLYREVERSI_ZIG_TARGET  the zig target, e.g. x86_64-linux-gnu.2.28 or aarch64-linux-gnu.2.28
# and passes -DCMAKE_TOOLCHAIN_FILE=cmake/zig-toolchain.cmake. The settings come from the
# environment because CMake reads this file again, without -D variables, in every
# try_compile project.
if(NOT DEFINED ENV{POLYREVERSI_ZIG_BIN} OR NOT DEFINED ENV{POLYREVERSI_ZIG_TARGET})
  message(FATAL_ERROR "zig-toolchain.cmake: set POLYREVERSI_ZIG_BIN and POLYREVERSI_ZIG_TARGET (scripts/wheel_check.py does)")
endif()
set(_zig_bin "$ENV{POLYREVERSI_ZIG_BIN}")
string(REGEX MATCH "^[^-]+" _zig_arch "$ENV{POLYREVERSI_ZIG_TARGET}")

set(CMAKE_C_COMPILER "${_zig_bin}/zig-cc")
set(CMAKE_CXX_COMPILER "${_zig_bin}/zig-c++")
set(CMAKE_AR "${_zig_bin}/zig-ar" CACHE FILEPATH "archiver" FORCE)
set(CMAKE_RANLIB "${_zig_bin}/zig-ranlib" CACHE FILEPATH "ranlib" FORCE)

# Another CPU is a cross build (CMake then skips what runs at build time: the
# profile-guided training run). The same CPU with an older glibc is not.
if(NOT _zig_arch STREQUAL CMAKE_HOST_SYSTEM_PROCESSOR)
  set(CMAKE_SYSTEM_NAME Linux)
  set(CMAKE_SYSTEM_PROCESSOR "${_zig_arch}")
endif()
