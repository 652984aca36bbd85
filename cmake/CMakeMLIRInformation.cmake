# CMake support for the MLIR language, step 2: how mlirc compiles .mlir
# sources and links what holds them.
include(CMakeInitializeConfigs)

set(CMAKE_MLIR_OUTPUT_EXTENSION .o)
set(CMAKE_INCLUDE_FLAG_MLIR "-I")
set(CMAKE_INCLUDE_SYSTEM_FLAG_MLIR "-isystem ")

set(CMAKE_MLIR_FLAGS_INIT "$ENV{MLIRFLAGS} ${CMAKE_MLIR_FLAGS_INIT}")
string(APPEND CMAKE_MLIR_FLAGS_DEBUG_INIT " -O0 -g")
string(APPEND CMAKE_MLIR_FLAGS_RELEASE_INIT " -O3")
string(APPEND CMAKE_MLIR_FLAGS_RELWITHDEBINFO_INIT " -O2 -g")
string(APPEND CMAKE_MLIR_FLAGS_MINSIZEREL_INIT " -Os")
cmake_initialize_per_config_variable(CMAKE_MLIR_FLAGS
                                     "Flags used by mlirc for .mlir sources")

# Position independence and shared libraries, spelled as clang's.
set(CMAKE_MLIR_COMPILE_OPTIONS_PIC -fPIC)
set(CMAKE_MLIR_COMPILE_OPTIONS_PIE -fPIE)
set(CMAKE_MLIR_LINK_OPTIONS_PIE -pie)
set(CMAKE_MLIR_LINK_OPTIONS_NO_PIE -no-pie)
set(CMAKE_SHARED_LIBRARY_MLIR_FLAGS -fPIC)
set(CMAKE_SHARED_LIBRARY_CREATE_MLIR_FLAGS -shared)
set(CMAKE_SHARED_MODULE_CREATE_MLIR_FLAGS -shared)
set(CMAKE_SHARED_LIBRARY_SONAME_MLIR_FLAG "-Wl,-soname,")
foreach(kind SHARED_LIBRARY EXECUTABLE)
  set(CMAKE_${kind}_RUNTIME_MLIR_FLAG "-Wl,-rpath,")
  set(CMAKE_${kind}_RUNTIME_MLIR_FLAG_SEP ":")
  set(CMAKE_${kind}_RPATH_LINK_MLIR_FLAG "-Wl,-rpath-link,")
endforeach()

# Dependency files (-MD), which mlirc writes as clang does.
set(CMAKE_DEPFILE_FLAGS_MLIR "-MD -MT <DEP_TARGET> -MF <DEP_FILE>")
set(CMAKE_MLIR_DEPFILE_FORMAT gcc)
set(CMAKE_MLIR_DEPENDS_USE_COMPILER TRUE)

# CMAKE_MLIR_COMPILER_LAUNCHER (ccache, ...): CMake applies launchers to
# its own languages only, so the compile rule starts with it.
if(NOT DEFINED CMAKE_MLIR_COMPILER_LAUNCHER
   AND DEFINED ENV{CMAKE_MLIR_COMPILER_LAUNCHER})
  set(CMAKE_MLIR_COMPILER_LAUNCHER "$ENV{CMAKE_MLIR_COMPILER_LAUNCHER}")
endif()
set(_mlirc_launcher "")
foreach(_mlirc_word IN LISTS CMAKE_MLIR_COMPILER_LAUNCHER)
  string(APPEND _mlirc_launcher "\"${_mlirc_word}\" ")
endforeach()

if(NOT CMAKE_MLIR_COMPILE_OBJECT)
  set(CMAKE_MLIR_COMPILE_OBJECT
      "${_mlirc_launcher}<CMAKE_MLIR_COMPILER> <DEFINES> <INCLUDES> <FLAGS> -c <SOURCE> -o <OBJECT>")
endif()
if(NOT CMAKE_MLIR_LINK_EXECUTABLE)
  set(CMAKE_MLIR_LINK_EXECUTABLE
      "<CMAKE_MLIR_COMPILER> <FLAGS> <CMAKE_MLIR_LINK_FLAGS> <LINK_FLAGS> <OBJECTS> -o <TARGET> <LINK_LIBRARIES>")
endif()
if(NOT CMAKE_MLIR_CREATE_SHARED_LIBRARY)
  set(CMAKE_MLIR_CREATE_SHARED_LIBRARY
      "<CMAKE_MLIR_COMPILER> <CMAKE_SHARED_LIBRARY_MLIR_FLAGS> <LANGUAGE_COMPILE_FLAGS> <LINK_FLAGS> <CMAKE_SHARED_LIBRARY_CREATE_MLIR_FLAGS> <SONAME_FLAG><TARGET_SONAME> -o <TARGET> <OBJECTS> <LINK_LIBRARIES>")
endif()
if(NOT CMAKE_MLIR_CREATE_SHARED_MODULE)
  set(CMAKE_MLIR_CREATE_SHARED_MODULE "${CMAKE_MLIR_CREATE_SHARED_LIBRARY}")
endif()
if(NOT CMAKE_AR)
  find_program(CMAKE_AR NAMES ar llvm-ar)
endif()
if(NOT CMAKE_RANLIB)
  find_program(CMAKE_RANLIB NAMES ranlib llvm-ranlib)
endif()
set(CMAKE_MLIR_ARCHIVE_CREATE "<CMAKE_AR> qc <TARGET> <LINK_FLAGS> <OBJECTS>")
set(CMAKE_MLIR_ARCHIVE_APPEND "<CMAKE_AR> q <TARGET> <LINK_FLAGS> <OBJECTS>")
set(CMAKE_MLIR_ARCHIVE_FINISH "<CMAKE_RANLIB> <TARGET>")

# Targets: CMAKE_MLIR_ARCHITECTURES (or the MLIRARCHS environment variable)
# gives every target's MLIR_ARCHITECTURES that the target does not set
# itself, as CMAKE_CUDA_ARCHITECTURES does: a list such as sm_80;gfx90a;host,
# native or all. Empty: mlirc's default (this machine's GPUs, else host).
if(NOT DEFINED CMAKE_MLIR_ARCHITECTURES AND NOT "$ENV{MLIRARCHS}" STREQUAL "")
  set(CMAKE_MLIR_ARCHITECTURES "$ENV{MLIRARCHS}" CACHE STRING
      "Default MLIR_ARCHITECTURES of targets")
endif()
define_property(TARGET PROPERTY MLIR_ARCHITECTURES
  BRIEF_DOCS "mlirc --offload-arch for the target's .mlir sources"
  FULL_DOCS "A list: sm_NN, compute_NN, gfxNNN, vulkan, vulkanX.Y, host, native or all.")
set(_mlirc_archs "$<TARGET_PROPERTY:MLIR_ARCHITECTURES>")
add_compile_options(
  "$<$<COMPILE_LANGUAGE:MLIR>:$<$<BOOL:${_mlirc_archs}>:--offload-arch=$<JOIN:${_mlirc_archs},$<COMMA>>>>")

# Gives the targets of directory \p dir and below the default, at the end of
# the top-level directory, so that CMAKE_MLIR_ARCHITECTURES may be set after
# the language is enabled too; checks every target's value.
function(_mlirc_apply_architectures dir)
  get_property(targets DIRECTORY "${dir}" PROPERTY BUILDSYSTEM_TARGETS)
  foreach(target IN LISTS targets)
    get_property(type TARGET "${target}" PROPERTY TYPE)
    if(type STREQUAL "INTERFACE_LIBRARY" OR type STREQUAL "UTILITY")
      continue()
    endif()
    get_property(set TARGET "${target}" PROPERTY MLIR_ARCHITECTURES SET)
    if(NOT set AND CMAKE_MLIR_ARCHITECTURES)
      set_property(TARGET "${target}" PROPERTY MLIR_ARCHITECTURES
                   "${CMAKE_MLIR_ARCHITECTURES}")
    endif()
    get_property(archs TARGET "${target}" PROPERTY MLIR_ARCHITECTURES)
    foreach(arch IN LISTS archs)
      if(NOT arch MATCHES "^((sm|compute)_[0-9]+[af]?|gfx[0-9a-f]+(:[a-z+-:]+)?|vulkan([0-9]+\\.[0-9]+)?|host|native|all)$")
        message(FATAL_ERROR "MLIR_ARCHITECTURES of target '${target}' holds "
                "'${arch}'; use sm_NN, compute_NN, gfxNNN, vulkan, vulkanX.Y, host, native "
                "or all (a list such as sm_80;gfx90a;host)")
      endif()
    endforeach()
  endforeach()
  get_property(subdirs DIRECTORY "${dir}" PROPERTY SUBDIRECTORIES)
  foreach(subdir IN LISTS subdirs)
    _mlirc_apply_architectures("${subdir}")
  endforeach()
endfunction()
cmake_language(DEFER DIRECTORY "${CMAKE_SOURCE_DIR}"
               CALL _mlirc_apply_architectures "${CMAKE_SOURCE_DIR}")

set(CMAKE_MLIR_INFORMATION_LOADED 1)
