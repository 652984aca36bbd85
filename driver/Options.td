//===- Options.td - mlirc command-line options ---------------*- tablegen -*-===//
//
// The flag surface of mlirc, spelled like clang/nvcc so that build systems
// can pass the same flags to both.
//
//===----------------------------------------------------------------------===//

include "llvm/Option/OptParser.td"

class F<string name, string help> : Flag<["-"], name>, HelpText<help>;
class FF<string name, string help> : Flag<["--"], name>, HelpText<help>;

def help : FF<"help", "Print this help text">;
def : Flag<["-"], "help">, Alias<help>;
def version : FF<"version", "Print the mlirc and LLVM versions">;

def o : JoinedOrSeparate<["-"], "o">, MetaVarName<"<file>">,
  HelpText<"Write output to <file> ('-' is standard output)">;
def c : F<"c", "Compile to an object file carrying the device images">;
def S : F<"S", "Stop after host assembly (same as --compile-to=asm)">;
def fsyntax_only : F<"fsyntax-only", "Check the inputs and write nothing: .mlir inputs parsed and verified, C/C++ inputs checked by clang">;
def emit_llvm : F<"emit-llvm", "With -S, write the host LLVM IR (x.ll, same "
  "as --compile-to=llvm); with -c, its bitcode (x.bc); device images "
  "embedded, as clang's">;
def compile_to : Joined<["--"], "compile-to=">, MetaVarName<"<phase>">,
  HelpText<"Stop after <phase>: input, bufferized, outlined, device, binary, host, "
           "llvm, asm, obj, exe">;

def offload_arch : CommaJoined<["--"], "offload-arch=">,
  MetaVarName<"<arch>[,<arch>...]">,
  HelpText<"Device targets: sm_NN (cubin), compute_NN (PTX), gfxNNN[:xnack"
           "+|-] (AMD), host (the CPU), native (this machine's GPUs), all "
           "(what the installed toolkits build); default native, or host "
           "without a GPU">;
// clang's older spelling.
def : CommaJoined<["--"], "cuda-gpu-arch=">, Alias<offload_arch>;
def no_offload_arch : CommaJoined<["--"], "no-offload-arch=">,
  MetaVarName<"<arch>[,<arch>...]">,
  HelpText<"Remove <arch> from the device targets given so far; 'all' removes "
           "every one, leaving the default">;
def offload_device_only : FF<"offload-device-only",
  "With -c or -S: write each GPU target's device object (cubin, AMD code "
  "object, SPIR-V) or assembly (PTX, AMD assembly, SPIR-V text) instead of "
  "the host object, as clang's">;
def : Flag<["--"], "cuda-device-only">, Alias<offload_device_only>;
def cuda_path : Joined<["--"], "cuda-path=">, MetaVarName<"<dir>">,
  HelpText<"CUDA toolkit to use (default: CUDA_PATH, CUDA_HOME, "
           "/usr/local/cuda, ptxas on PATH)">;

def rocm_path : Joined<["--"], "rocm-path=">, MetaVarName<"<dir>">,
  HelpText<"ROCm installation whose amdgcn/bitcode device libraries to use "
           "(default: ROCM_PATH, /opt/rocm, Debian's rocm-device-libs)">;
def mcode_object_version_EQ : Joined<["-"], "mcode-object-version=">,
  MetaVarName<"<N>">,
  HelpText<"AMD code object version 4, 5 or 6 (default: the newest the "
           "installed HIP runtime loads)">;

def O_Group : OptionGroup<"O">;
def O : Joined<["-"], "O">, Group<O_Group>, MetaVarName<"<level>">,
  HelpText<"Optimization level 0-3 for host and device code (default 2)">;

def entry_point_EQ : Joined<["--"], "entry-point=">,
  MetaVarName<"<function>">,
  HelpText<"The program starts by calling <function>, which takes no "
           "arguments and returns nothing, an i32 or i64 (the exit status) "
           "or an f32 (printed), as mlir-runner's -e (default: main)">;

def entry_point_result_EQ : Joined<["--"], "entry-point-result=">,
  MetaVarName<"<type>">,
  HelpText<"The entry point returns <type> (void, i32, i64 or f32), and the "
           "program prints its result and exits with status 0, as "
           "mlir-runner's -entry-point-result">;

def transform_library_EQ : Joined<["--"], "transform-library=">,
  MetaVarName<"<file>">,
  HelpText<"Apply the transform-dialect schedule of <file> "
           "(transform.named_sequence @__transform_main) to each .mlir "
           "input, in place of the input's own">;
def transform_entry_point_EQ : Joined<["--"], "transform-entry-point=">,
  MetaVarName<"<name>">,
  HelpText<"Apply the schedule transform.named_sequence @<name> instead of "
           "@__transform_main (mlir-opt's -transform-interpreter="
           "entry-point=<name>)">;

def march_EQ : Joined<["-"], "march=">, MetaVarName<"<cpu>">,
  HelpText<"Generate host code for <cpu> (x86-64-v3, znver3, ...; native: "
           "this machine's CPU; default x86-64)">;

def mtune_EQ : Joined<["-"], "mtune=">, MetaVarName<"<cpu>">,
  HelpText<"Schedule host code for <cpu> (generic, znver3, skylake, ...; "
           "native: this machine's), still running on -march's CPU">;

def m_Joined : Joined<["-"], "m">, MetaVarName<"<feature>">,
  HelpText<"Generate host code with the x86 extension <feature> (-mavx2, "
           "-mfma, -mavx512f, ...; -mno-<feature> without it), as clang's">;

def g : F<"g", "Generate debug info: host DWARF (host-target kernels "
                "included) and NVIDIA line info that map code to .mlir lines">;
// clang's other levels and formats: mlirc's debug info is the same for all
// of them; C/C++ inputs get the spelling given.
class GLevel<string name> : Flag<["-"], name>, HelpText<"The same as -g">;
def g1 : GLevel<"g1">;
def g2 : GLevel<"g2">;
def g3 : GLevel<"g3">;
def ggdb : GLevel<"ggdb">;
def ggdb3 : GLevel<"ggdb3">;
def gline_tables_only : GLevel<"gline-tables-only">;
def gdwarf : GLevel<"gdwarf">;
def gdwarf_4 : GLevel<"gdwarf-4">;
def gdwarf_5 : GLevel<"gdwarf-5">;
def g0 : F<"g0", "No debug info (undoes an earlier -g)">;

def fsanitize_EQ : CommaJoined<["-"], "fsanitize=">, MetaVarName<"<check>">,
  HelpText<"Instrument host code and the host target's kernels: address "
           "(AddressSanitizer), undefined (integer-divide-by-zero, shift, "
           "signed-integer-overflow, bounds), unsigned-integer-overflow, "
           "integer">;
def fno_sanitize_EQ : CommaJoined<["-"], "fno-sanitize=">,
  MetaVarName<"<check>">, HelpText<"Turn the checks named off again">;
def fsanitize_recover : F<"fsanitize-recover", "Report undefined behavior "
                          "and go on (the default)">;
def fsanitize_recover_EQ : CommaJoined<["-"], "fsanitize-recover=">,
  MetaVarName<"<check>">, HelpText<"The same, for the checks named">;
def fno_sanitize_recover : F<"fno-sanitize-recover",
                             "End the program at the first report of "
                             "undefined behavior">;
def fno_sanitize_recover_EQ : CommaJoined<["-"], "fno-sanitize-recover=">,
  MetaVarName<"<check>">, HelpText<"The same, for the checks named">;
def fsanitize_trap : F<"fsanitize-trap", "Trap on undefined behavior instead "
                       "of reporting it (no runtime library)">;
def fsanitize_trap_EQ : CommaJoined<["-"], "fsanitize-trap=">,
  MetaVarName<"<check>">, HelpText<"The same, for the checks named">;
def fno_sanitize_trap : F<"fno-sanitize-trap", "Report undefined behavior "
                          "through the runtime again">;
def fno_sanitize_trap_EQ : CommaJoined<["-"], "fno-sanitize-trap=">,
  MetaVarName<"<check>">, HelpText<"The same, for the checks named">;

def v : F<"v", "Print each job before running it, and the toolkit used">;
def ccc_print_jobs : Flag<["-"], "###">,
  HelpText<"Print the jobs that would run; run none and write nothing">;
def save_temps : F<"save-temps", "Keep every intermediate file, named "
                                 "after the input">;
def save_temps_EQ : Joined<["-"], "save-temps=">, MetaVarName<"cwd|obj">,
  HelpText<"Keep every intermediate file in the current directory (cwd) or "
           "beside the output (obj)">;

def offload_jobs_EQ : Joined<["--"], "offload-jobs=">, MetaVarName<"<n>">,
  HelpText<"Run up to <n> device links at a time (clang's spelling; "
           "default 1, which keeps the executable's layout fixed)">;
def offload_compress : FF<"offload-compress", "Compress the AMD device "
  "code bundled into an executable or library (clang's compressed offload "
  "bundle, which HIP from ROCm 6.1 loads), as clang's">;
def no_offload_compress : FF<"no-offload-compress", "Bundle AMD device code "
  "uncompressed (the default)">;
def offload_compression_level_EQ : Joined<["--"], "offload-compression-level=">,
  MetaVarName<"<level>">,
  HelpText<"The zstd or zlib level --offload-compress uses, as clang's">;
def offload_new_driver : FF<"offload-new-driver", "Accepted for clang's "
  "command lines: mlirc always embeds device code as clang's new offload "
  "driver does">;
def fuse_ld_EQ : Joined<["-"], "fuse-ld=">, MetaVarName<"<linker>">,
  HelpText<"The host linker, as in clang: lld (the default), bfd, gold, "
           "mold, or a path">;
def Xlinker : Separate<["-"], "Xlinker">, MetaVarName<"<arg>">,
  HelpText<"Pass <arg> to the linker">;
def Xcuda_ptxas : Separate<["-"], "Xcuda-ptxas">, MetaVarName<"<arg>">,
  HelpText<"Pass <arg> to ptxas (NVIDIA targets), as clang does">;
def Xoffload_linker : Separate<["-"], "Xoffload-linker">,
  MetaVarName<"<arg>">,
  HelpText<"Pass <arg> to the device linker (nvlink, lld for AMD) at the "
           "final link, as clang does">;
def Wl : CommaJoined<["-"], "Wl,">, MetaVarName<"<arg>,...">,
  HelpText<"Pass the comma-separated arguments to the linker">;
def x : JoinedOrSeparate<["-"], "x">, MetaVarName<"<language>">,
  HelpText<"Treat the inputs that follow as <language>: mlir, c, c++, cuda, "
           "hip, or none (by their extension); `-x mlir -` reads standard "
           "input">;
def M : F<"M", "Print the inputs' dependencies (make syntax) instead of "
                 "compiling: to standard output, or to -MF or -o">;
def MM : F<"MM", "The same, without system headers (C/C++ inputs)">;
def MD : F<"MD", "Write a dependency file (make syntax) beside the output">;
def MMD : F<"MMD", "The same (mlirc reads no system headers of its own)">;
def MF : JoinedOrSeparate<["-"], "MF">, MetaVarName<"<file>">,
  HelpText<"Write the dependency file to <file>">;
def MT : JoinedOrSeparate<["-"], "MT">, MetaVarName<"<target>">,
  HelpText<"The dependency file's target (default: the output)">;
def MP : F<"MP", "Add a phony target for each dependency but the input, so "
                 "that make goes on when one is deleted">;
def MQ : JoinedOrSeparate<["-"], "MQ">, MetaVarName<"<target>">,
  HelpText<"The same, quoted for make">;
def I : JoinedOrSeparate<["-"], "I">, MetaVarName<"<dir>">,
  HelpText<"C/C++ inputs: add <dir> to the include search path">;
def isystem : JoinedOrSeparate<["-"], "isystem">, MetaVarName<"<dir>">,
  HelpText<"C/C++ inputs: add <dir> to the system include search path">;
def D : JoinedOrSeparate<["-"], "D">, MetaVarName<"<macro>=<value>">,
  HelpText<"C/C++ inputs: define <macro>">;
def U : JoinedOrSeparate<["-"], "U">, MetaVarName<"<macro>">,
  HelpText<"C/C++ inputs: undefine <macro>">;
def include_ : Separate<["-"], "include">, MetaVarName<"<file>">,
  HelpText<"C/C++ inputs: include <file> first">;
def std_EQ : Joined<["-"], "std=">, MetaVarName<"<standard>">,
  HelpText<"C/C++ inputs: the language standard (c++17, c11, ...)">;
def W_Joined : Joined<["-"], "W">, MetaVarName<"<warning>">,
  HelpText<"C/C++ inputs: clang's warning options (-Wall, -Werror, ...)">;
def w : F<"w", "C/C++ inputs: suppress all warnings">;
def pedantic : F<"pedantic", "C/C++ inputs: warn about extensions to ISO C "
                             "and C++">;
def pedantic_errors : F<"pedantic-errors", "C/C++ inputs: as -pedantic, as "
                                           "errors">;
def ffp_contract_EQ : Joined<["-"], "ffp-contract=">,
  MetaVarName<"fast|on|off|fast-honor-pragmas">,
  HelpText<"Form fused multiply-adds: fast fuses any a * b + c, on only a "
           "multiply whose one use is an add, off none (ops' own "
           "fastmath flags still count); default fast for device code, as "
           "clang's for CUDA and HIP, on for host code, as clang's for C">;
def gpu_max_threads_per_block_EQ
    : Joined<["--"], "gpu-max-threads-per-block=">, MetaVarName<"<n>">,
  HelpText<"Compile kernels whose block size is not known for at most <n> "
           "threads per block (the backends allocate registers for it); a "
           "launch with more is an error naming the kernel">;
// Floating-point models, as clang's; C/C++ sources and the link get them
// too.
def ffast_math : F<"ffast-math", "Fast math: -funsafe-math-optimizations, "
  "-ffinite-math-only, -ffp-contract=fast, and flush-to-zero in device "
  "code (approximate division, square root and math functions, as nvcc's "
  "-use_fast_math)">;
def fno_fast_math : F<"fno-fast-math", "IEEE-exact math (the default)">;
def funsafe_math_optimizations : F<"funsafe-math-optimizations",
  "Reassociate, ignore the sign of zero, use reciprocals and approximate "
  "math functions">;
def fno_unsafe_math_optimizations : F<"fno-unsafe-math-optimizations",
  "Undo -funsafe-math-optimizations">;
def ffinite_math_only : F<"ffinite-math-only",
  "Assume no NaNs and no infinities">;
def fno_finite_math_only : F<"fno-finite-math-only",
  "Undo -ffinite-math-only">;
def fno_honor_nans : F<"fno-honor-nans", "Assume no NaNs">;
def fhonor_nans : F<"fhonor-nans", "Undo -fno-honor-nans">;
def fno_honor_infinities : F<"fno-honor-infinities", "Assume no infinities">;
def fhonor_infinities : F<"fhonor-infinities", "Undo -fno-honor-infinities">;
def fapprox_func : F<"fapprox-func", "Approximate math functions">;
def fno_approx_func : F<"fno-approx-func", "Undo -fapprox-func">;
def fgpu_flush_denormals_to_zero : F<"fgpu-flush-denormals-to-zero",
  "Device code flushes f32 denormals to zero">;
def fno_gpu_flush_denormals_to_zero : F<"fno-gpu-flush-denormals-to-zero",
  "Device code keeps f32 denormals (the default)">;
def : Flag<["-"], "fcuda-flush-denormals-to-zero">,
  Alias<fgpu_flush_denormals_to_zero>;
def : Flag<["-"], "fno-cuda-flush-denormals-to-zero">,
  Alias<fno_gpu_flush_denormals_to_zero>;
def fgpu_rdc : F<"fgpu-rdc", "Relocatable NVIDIA device code, device-linked "
                             "at the final link, so that kernels may call "
                             "device functions of other objects">;
def fno_gpu_rdc : F<"fno-gpu-rdc", "Each gpu.module a whole program, "
                                   "registered by its object (the default)">;
def : Flag<["-"], "fcuda-rdc">, Alias<fgpu_rdc>;
def munsafe_fp_atomics : F<"munsafe-fp-atomics", "AMD: float atomics use "
  "the chip's atomic instructions, which work on device memory only and "
  "may flush denormals, as hipcc's">;
def mno_unsafe_fp_atomics : F<"mno-unsafe-fp-atomics",
  "AMD: float atomics right on any memory, with denormals (a compare-and-"
  "swap loop where the chip's instruction is not; the default)">;
def fno_atomic_remote_memory : F<"fno-atomic-remote-memory", "AMD: atomics "
  "touch no host or peer memory, so integer max and min use the chip's "
  "instructions (HIP's default)">;
def fatomic_remote_memory : F<"fatomic-remote-memory", "AMD: atomics may "
  "touch host memory (host_shared, host_register) or a peer's (the "
  "default)">;
def : Flag<["-"], "fno-cuda-rdc">, Alias<fno_gpu_rdc>;
def f_Joined : Joined<["-"], "f">, MetaVarName<"<option>">,
  HelpText<"C/C++ inputs and the link: clang's other -f options "
           "(-fno-exceptions, -fno-rtti, ...)">;
def fopenmp : F<"fopenmp", "C/C++ inputs: OpenMP pragmas; the link: the "
                           "OpenMP runtime (linked anyway when omp ops or "
                           "objects need it)">;
def fno_openmp : F<"fno-openmp", "Undo -fopenmp">;
def fPIC : F<"fPIC", "Position-independent code, for shared libraries (the "
                     "default for .mlir inputs)">;
def fpic : F<"fpic", "The same">;
def fPIE : F<"fPIE", "Position-independent code, for executables">;
def fpie : F<"fpie", "The same">;
def fno_pic : F<"fno-pic", "Position-dependent host code (link with "
                           "-no-pie)">;
def fno_PIC : F<"fno-PIC", "The same">;
def fno_pie : F<"fno-pie", "The same">;
def fno_PIE : F<"fno-PIE", "The same">;
def ftime_report : F<"ftime-report", "Print the time each phase, pass and "
                                     "job took">;
def ftime_trace : F<"ftime-trace", "Write a Chrome trace of the compile "
                                   "(phases, passes, jobs) beside the output">;
def ftime_trace_EQ : Joined<["-"], "ftime-trace=">, MetaVarName<"<file>">,
  HelpText<"Write that trace to <file>, or into <file> if it is a directory">;
def shared : F<"shared", "Link a shared library (its kernels and mlirc's "
                         "runtime inside)">;
def r : F<"r", "Link a relocatable object (as clang's -r, or nvcc's -dlink): "
                 "the device code linked and registered, with mlirc's runtime, "
                 "for a final link by any C/C++ compiler">;
def static_libstdcxx : F<"static-libstdc++", "Link the C++ standard library "
                                             "statically">;
def static_libgcc : F<"static-libgcc", "Link libgcc statically">;
def static : F<"static", "Link a static executable">;
def pie : F<"pie", "Link a position-independent executable (the default)">;
def no_pie : F<"no-pie", "Link a position-dependent executable">;
def rdynamic : F<"rdynamic", "Export every symbol of the executable">;
def s : F<"s", "Strip the executable's symbols">;
def pthread : F<"pthread", "POSIX threads, as clang's: C/C++ inputs and the "
                           "link">;
def coverage : FF<"coverage", "C/C++ inputs and the link: gcov coverage "
                              "data, as clang's (.mlir code is not "
                              "instrumented)">;
def Xclang : Separate<["-"], "Xclang">, MetaVarName<"<arg>">,
  HelpText<"C/C++ inputs: pass <arg> to clang's compiler (-cc1)">;
def target_EQ : Joined<["--"], "target=">, MetaVarName<"<triple>">,
  HelpText<"The host's triple, as clang's (build systems pass it): mlirc "
           "builds for this machine's architecture and OS only">;
def : Separate<["-"], "target">, Alias<target_EQ>;
def pipe : F<"pipe", "Accepted for compatibility; mlirc keeps its "
                     "intermediates in memory">;
def l : JoinedOrSeparate<["-"], "l">, MetaVarName<"<lib>">,
  HelpText<"Link with library <lib>">;
def L : JoinedOrSeparate<["-"], "L">, MetaVarName<"<dir>">,
  HelpText<"Add <dir> to the library search path">;

def mllvm : Separate<["-"], "mllvm">, MetaVarName<"<arg>">,
  HelpText<"Pass <arg> to LLVM's option parser">;
def mmlir : Separate<["-"], "mmlir">, MetaVarName<"<arg>">,
  HelpText<"Pass <arg> to MLIR's option parser">;
