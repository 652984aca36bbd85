# mlirc installed: `cmake --install build --prefix P` gives P/bin/mlirc, its
# runtime archives in P/lib (mlirc finds them beside its own directory, so
# P can move) and the CMake package in P/lib/cmake/mlirc; `cpack -G DEB`
# packages the same tree for /usr. The build tree has the package too
# (build/lib/cmake/mlirc), for using mlirc without installing it.
include(CMakePackageConfigHelpers)

set(MLIRC_INSTALL_BINDIR bin)
set(MLIRC_INSTALL_CMAKEDIR lib/cmake/mlirc)
set(MLIRC_LANGUAGE_FILES
  ${PROJECT_SOURCE_DIR}/cmake/CMakeDetermineMLIRCompiler.cmake
  ${PROJECT_SOURCE_DIR}/cmake/CMakeMLIRCompiler.cmake.in
  ${PROJECT_SOURCE_DIR}/cmake/CMakeMLIRInformation.cmake
  ${PROJECT_SOURCE_DIR}/cmake/CMakeTestMLIRCompiler.cmake)

# mlirc_write_package(<prefix> <dir>): the package for an mlirc in
# <prefix>/bin, written to <dir>.
function(mlirc_write_package prefix dir)
  configure_package_config_file(
    ${PROJECT_SOURCE_DIR}/cmake/mlircConfig.cmake.in ${dir}/mlircConfig.cmake
    INSTALL_DESTINATION ${MLIRC_INSTALL_CMAKEDIR}
    INSTALL_PREFIX ${prefix}
    PATH_VARS MLIRC_INSTALL_BINDIR)
  write_basic_package_version_file(${dir}/mlircConfigVersion.cmake
    VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
endfunction()

set(build_package_dir ${PROJECT_BINARY_DIR}/${MLIRC_INSTALL_CMAKEDIR})
mlirc_write_package(${PROJECT_BINARY_DIR} ${build_package_dir})
file(COPY ${MLIRC_LANGUAGE_FILES} DESTINATION ${build_package_dir})
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
             ${MLIRC_LANGUAGE_FILES} ${PROJECT_SOURCE_DIR}/cmake/mlircConfig.cmake.in)
set(install_package_dir ${PROJECT_BINARY_DIR}/package)
mlirc_write_package(${CMAKE_INSTALL_PREFIX} ${install_package_dir})

install(TARGETS mlirc mlirc-opt RUNTIME DESTINATION ${MLIRC_INSTALL_BINDIR})
get_property(runtime_libraries GLOBAL PROPERTY MLIRC_RUNTIME_LIBRARIES)
install(TARGETS ${runtime_libraries} ARCHIVE DESTINATION lib)
install(FILES ${install_package_dir}/mlircConfig.cmake
              ${install_package_dir}/mlircConfigVersion.cmake
              ${MLIRC_LANGUAGE_FILES}
        DESTINATION ${MLIRC_INSTALL_CMAKEDIR})
# The installed tools find LLVM's libraries where they are, not beside them.
set_target_properties(mlirc-opt PROPERTIES INSTALL_RPATH "${LLVM_LIBRARY_DIR}")
if(NOT MLIRC_STATIC_LLVM)
  set_target_properties(mlirc PROPERTIES INSTALL_RPATH "${LLVM_LIBRARY_DIR}")
endif()

# mlirc's passes as a library: find_package(mlirc COMPONENTS passes) gives
# mlirc::passes (Passes.td's passes, mlirc::registerMlircPasses()), with
# the headers in include/mlirc.
add_library(mlirc_passes INTERFACE)
target_link_libraries(mlirc_passes INTERFACE mlirc_pipeline)
# Built with sanitizers (MLIRC_SANITIZE), the libraries need their runtimes
# in the programs that link them.
target_link_options(mlirc_passes INTERFACE ${MLIRC_INSTRUMENT_FLAGS})
set(MLIRC_INSTALL_INCLUDEDIR include/mlirc)
foreach(library mlirc_passes mlirc_pipeline)
  string(REPLACE "mlirc_" "" name ${library})
  set_target_properties(${library} PROPERTIES EXPORT_NAME ${name})
  # MLIR's imported targets carry no include directories.
  target_include_directories(${library} SYSTEM INTERFACE
    $<INSTALL_INTERFACE:${MLIR_INCLUDE_DIRS}>)
  target_include_directories(${library} INTERFACE
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}>
    $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}>
    $<INSTALL_INTERFACE:${MLIRC_INSTALL_INCLUDEDIR}>)
endforeach()
install(TARGETS mlirc_passes mlirc_pipeline
        EXPORT mlircTargets ARCHIVE DESTINATION lib)
install(EXPORT mlircTargets NAMESPACE mlirc::
        DESTINATION ${MLIRC_INSTALL_CMAKEDIR})
export(EXPORT mlircTargets NAMESPACE mlirc::
       FILE ${build_package_dir}/mlircTargets.cmake)
install(FILES pipeline/Passes.h pipeline/UndefinedBehaviorChecks.h
              ${PROJECT_BINARY_DIR}/pipeline/Passes.h.inc
        DESTINATION ${MLIRC_INSTALL_INCLUDEDIR}/pipeline)

set(CPACK_PACKAGE_NAME mlirc)
set(CPACK_PACKAGE_VENDOR "mlirc")
set(CPACK_PACKAGE_CONTACT "mlirc developers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "Ahead-of-time compiler driver for MLIR GPU programs")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# What mlirc loads and runs: LLVM's, MLIR's and clang's libraries, clang and
# its offload tools, lld.
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "libllvm22, libmlir-22, libclang-cpp22, clang-22, clang-tools-22, lld-22, llvm-22")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
include(CPack)
