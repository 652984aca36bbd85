# CMake support for the MLIR language, step 3: checks that mlirc compiles a
# module.
if(NOT CMAKE_MLIR_COMPILER_WORKS)
  message(CHECK_START "Check for working MLIR compiler: ${CMAKE_MLIR_COMPILER}")
  set(_mlirc_test_dir "${CMAKE_PLATFORM_INFO_DIR}/CompilerIdMLIR")
  file(WRITE "${_mlirc_test_dir}/test.mlir"
       "module {\n  func.func @mlirc_works() {\n    return\n  }\n}\n")
  execute_process(
    COMMAND "${CMAKE_MLIR_COMPILER}" -c "${_mlirc_test_dir}/test.mlir"
            --offload-arch=host -o "${_mlirc_test_dir}/test.o"
    RESULT_VARIABLE _mlirc_test_result
    OUTPUT_VARIABLE _mlirc_test_output
    ERROR_VARIABLE _mlirc_test_output)
  if(NOT _mlirc_test_result EQUAL 0)
    message(CHECK_FAIL "broken")
    message(FATAL_ERROR "The MLIR compiler '${CMAKE_MLIR_COMPILER}' cannot "
                        "compile a module:\n${_mlirc_test_output}")
  endif()
  message(CHECK_PASS "works")
  set(CMAKE_MLIR_COMPILER_WORKS 1 CACHE INTERNAL "")
endif()
