# The training run of the profile-guided build (CMakeLists.txt):
#   cmake -DTRAINER=<polyreversi-pgo-train> -DDIR=<profile dir> -DHEADER=<file> -P pgo_profile.cmake
# Runs the instrumented trainer once per kernel set (the CPU's own, then
# generic), then renames each profile from the instrumented objects'
# target (<name>_train.dir) to the optimised ones' (<name>.dir): GCC looks
# a profile up by the object file's path. A trainer that fails leaves no
# profile: the kernels are then built without one (slower, same results).
macro(remove_profiles)
  file(GLOB stale "${DIR}/*.gcda")
  if(stale)
    file(REMOVE ${stale})
  endif()
endmacro()
remove_profiles()
foreach(kernels "auto" "generic")
  execute_process(
    COMMAND ${CMAKE_COMMAND} -E env "POLYREVERSI_KERNELS=${kernels}" "${TRAINER}"
    RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(WARNING "polyreversi: the PGO training run failed (${status}: ${err}); no profile")
    remove_profiles()
    break()
  endif()
endforeach()
file(GLOB profiles "${DIR}/*_train.dir*.gcda")
foreach(p ${profiles})
  string(REPLACE "_train.dir" ".dir" target_name "${p}")
  file(RENAME "${p}" "${target_name}")
endforeach()
list(LENGTH profiles count)
message(STATUS "polyreversi: PGO training run done: ${count} kernel profile(s) in ${DIR}")
# The optimised kernels include HEADER (-include): a new profile rebuilds them.
set(digest "none")
file(GLOB profiles "${DIR}/*.gcda")
foreach(p ${profiles})
  file(SHA256 "${p}" sum)
  string(SHA256 digest "${digest}${sum}")
endforeach()
file(WRITE "${HEADER}" "// The search kernels' training profile (cmake/pgo_profile.cmake): ${digest}\n")
