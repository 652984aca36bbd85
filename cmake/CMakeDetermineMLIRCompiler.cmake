# CMake support for the MLIR language, step 1 (project(... LANGUAGES MLIR)
# or enable_language(MLIR)): finds mlirc. CMAKE_MLIR_COMPILER, else the MLIRC
# environment variable, else the mlirc of the package this file belongs
# to, else one on PATH.
if(NOT CMAKE_MLIR_COMPILER)
  if(NOT "$ENV{MLIRC}" STREQUAL "")
    set(CMAKE_MLIR_COMPILER "$ENV{MLIRC}" CACHE FILEPATH "The mlirc compiler")
  else()
    find_program(CMAKE_MLIR_COMPILER NAMES mlirc
                 HINTS "${CMAKE_CURRENT_LIST_DIR}/../../../bin"
                 DOC "The mlirc compiler")
  endif()
endif()
mark_as_advanced(CMAKE_MLIR_COMPILER)
if(NOT CMAKE_MLIR_COMPILER)
  message(FATAL_ERROR "mlirc was not found: set CMAKE_MLIR_COMPILER (or the "
                      "MLIRC environment variable) to its path, or "
                      "find_package(mlirc) first")
endif()

execute_process(COMMAND "${CMAKE_MLIR_COMPILER}" --version
                OUTPUT_VARIABLE _mlirc_version
                ERROR_VARIABLE _mlirc_version_error
                RESULT_VARIABLE _mlirc_version_result)
if(NOT _mlirc_version_result EQUAL 0
   OR NOT _mlirc_version MATCHES "^mlirc version ([0-9.]+)")
  message(FATAL_ERROR "'${CMAKE_MLIR_COMPILER}' is not mlirc: "
                      "'--version' printed:\n${_mlirc_version}"
                      "${_mlirc_version_error}")
endif()
set(CMAKE_MLIR_COMPILER_VERSION "${CMAKE_MATCH_1}")
set(CMAKE_MLIR_COMPILER_ID "mlirc")
set(CMAKE_MLIR_COMPILER_ENV_VAR "MLIRC")

configure_file("${CMAKE_CURRENT_LIST_DIR}/CMakeMLIRCompiler.cmake.in"
               "${CMAKE_PLATFORM_INFO_DIR}/CMakeMLIRCompiler.cmake" @ONLY)
