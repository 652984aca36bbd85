# lit configuration for mlirc.
import os
import shutil
import subprocess

import lit.formats

config.name = "mlirc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test", ".cu", ".c"]
config.excludes = ["Inputs", "inputs", "utils", "CMakeLists.txt", "lit.cfg.py",
                   "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.mlirc_obj_root, "test")

bin_dir = os.path.join(config.mlirc_obj_root, "bin")
config.environment["PATH"] = os.pathsep.join(
    [bin_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])
# Tests choose their toolkit explicitly.
for var in ["CUDA_PATH", "CUDA_HOME"]:
    config.environment.pop(var, None)

config.substitutions.append(("%mlir_lib_dir", config.mlir_lib_dir))
config.substitutions.append(("%mlirc_lib",
                             os.path.join(config.mlirc_obj_root, "lib")))
config.substitutions.append(("%mlirc_build", config.mlirc_obj_root))
config.substitutions.append(("%mlirc", os.path.join(bin_dir, "mlirc")))
config.substitutions.append(
    ("%fake_cuda", os.path.join(config.test_exec_root, "Inputs", "fake-cuda")))
config.substitutions.append(("%examples",
                             os.path.join(config.mlirc_src_root, "examples")))
config.substitutions.append(("%inputs",
                             os.path.join(config.test_source_root, "Inputs")))
config.substitutions.append(
    ("%nvfatbin", "python3 " + os.path.join(config.test_source_root, "utils",
                                            "nvfatbin.py")))
config.substitutions.append(
    ("%hipfatbin", "python3 " + os.path.join(config.test_source_root, "utils",
                                             "hipfatbin.py")))
# LLVM's OpenMP runtime, which programs of the omp dialect and C/C++
# sources built with -fopenmp link (LLVM 22's own, or Debian's libomp-dev).
if any(os.path.exists(path) for path in (
        os.path.join(config.mlir_lib_dir, "libomp.so"),
        "/usr/lib/x86_64-linux-gnu/libomp.so.5")):
    config.available_features.add("openmp-runtime")

# MLIR's own tools make inputs the way users make them (gpu-module-to-binary).
config.substitutions.append(("%mlir_opt", os.path.join(config.llvm_tools_dir,
                                                       "mlir-opt")))
config.substitutions.append(("%llvm_tools_dir", config.llvm_tools_dir))
config.substitutions.append(("%clang", os.path.join(config.llvm_tools_dir,
                                                    "clang++")))
config.substitutions.append(
    ("%fake_rocm63", os.path.join(config.test_source_root, "Inputs",
                                  "fake-rocm-6.3")))
config.substitutions.append(
    ("%fake_rocm", os.path.join(config.test_source_root, "Inputs",
                                "fake-rocm")))
# Tests choose their ROCm installation explicitly.
config.environment.pop("ROCM_PATH", None)

# AMD's device libraries where mlirc finds them without flags (/opt/rocm or
# Debian's rocm-device-libs), and mlirc's HIP runtime backend.
for rocm_root in ["/opt/rocm", "/usr/lib/x86_64-linux-gnu"]:
    if os.path.exists(os.path.join(rocm_root, "amdgcn", "bitcode", "ocml.bc")):
        config.available_features.add("rocm-device-libs")
        break
if config.have_hip_runtime:
    config.available_features.add("hip-runtime")
# SPIRV-Tools (spirv-val, spirv-dis), which the Vulkan target runs.
if shutil.which("spirv-val") and shutil.which("spirv-dis"):
    config.available_features.add("spirv-tools")
# The fuzzer exists in builds configured with MLIRC_FUZZER.
if os.path.exists(os.path.join(bin_dir, "mlirc-fuzz")):
    config.available_features.add("mlirc-fuzz")
# mlirc linked with LLVM, MLIR and clang's static archives.
if config.static_llvm:
    config.available_features.add("static-llvm")

# The x86 extensions this machine's CPU has, for programs of the x86vector
# and amx dialects built with -march=native: host-avx, host-avx512f, ...
try:
    with open("/proc/cpuinfo") as cpuinfo:
        flags = next((line.split(":", 1)[1].split() for line in cpuinfo
                      if line.startswith("flags")), [])
except OSError:
    flags = []
for flag in ("avx", "avx2", "avx512f", "amx_tile", "f16c"):
    if flag in flags:
        config.available_features.add("host-" + flag.replace("_", "-"))

# Device nodes can be made (root, outside a restricted container): tests
# make their own instead of writing to the machine's.
def can_make_device_nodes():
    import tempfile
    with tempfile.TemporaryDirectory() as scratch:
        try:
            os.mknod(os.path.join(scratch, "null"), 0o666 | 0o020000,
                     os.makedev(1, 3))
            return True
        except OSError:
            return False


if can_make_device_nodes():
    config.available_features.add("mknod")
config.substitutions.append(
    ("%through_fifo", "python3 " + os.path.join(config.test_source_root,
                                                "utils", "through_fifo.py")))

# `%exit_status <program>` runs it and then prints its exit status.
config.substitutions.append(
    ("%exit_status", "python3 -c \"import subprocess, sys; "
     "sys.stdout.flush(); "
     "print('exit status', subprocess.call(sys.argv[1:]))\""))

# A real CUDA toolkit: ptxas, fatbinary, libdevice and the static cudart.
cuda_root = "/usr/local/cuda"
if (os.access(os.path.join(cuda_root, "bin", "ptxas"), os.X_OK)
        and os.path.exists(os.path.join(cuda_root, "nvvm", "libdevice",
                                        "libdevice.10.bc"))):
    config.available_features.add("cuda-toolkit")
    if config.have_cuda_runtime:
        config.available_features.add("cuda-runtime")
config.substitutions.append(("%cuda_root", cuda_root))

# The target integration/host's programs are built for: the CPU unless
# `lit --param offload_arch=sm_90` (or native) runs them on a GPU, with the
# same expected output.
offload_arch = lit_config.params.get("offload_arch", "host")
config.substitutions.append(("%offload_arch", offload_arch))
# The same as a CMake list, for CMAKE_MLIR_ARCHITECTURES.
config.substitutions.append(("%cmake_archs", offload_arch.replace(",", ";")))
# Programs only the host target can run say `REQUIRES: offload-arch-host`;
# those Vulkan cannot run say `UNSUPPORTED: offload-arch-vulkan`, with why.
if offload_arch == "host":
    config.available_features.add("offload-arch-host")
if "vulkan" in offload_arch:
    config.available_features.add("offload-arch-vulkan")
# Every Vulkan call of the programs tests run checked by the Khronos
# validation layer, where it is installed: a message it reports fails the
# program.
if any(os.path.exists(os.path.join(d, "VkLayer_khronos_validation.json"))
       for d in ["/usr/share/vulkan/explicit_layer.d",
                 "/etc/vulkan/explicit_layer.d"]):
    config.environment["MLIRC_VULKAN_VALIDATION"] = "1"
    config.available_features.add("vulkan-validation")


def detects_gpu(tool, prefix):
    """True when LLVM's `tool` (nvptx-arch, amdgpu-arch) lists a GPU."""
    try:
        out = subprocess.run([os.path.join(config.llvm_tools_dir, tool)],
                             capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return False
    return prefix in out


# A Vulkan device mlirc's runtime can use (lavapipe counts).
vulkan_probe = os.path.join(bin_dir, "mlirc-vulkan-probe")
if os.path.exists(vulkan_probe):
    config.available_features.add("vulkan-runtime")
    try:
        found = subprocess.run([vulkan_probe], capture_output=True, text=True,
                               timeout=60).stdout.split()
    except (OSError, subprocess.SubprocessError):
        found = ["0"]
    if found and found[0] in ("1", "2"):
        config.available_features.add("vulkan-device")
        if found[0] == "1":
            config.available_features.add("vulkan-cpu-device")
        # Its subgroups cannot take a shuffle of 32 lanes (lavapipe's have 8).
        if len(found) > 1 and int(found[1]) < 32:
            config.available_features.add("vulkan-narrow-subgroups")

# Usable GPUs, as LLVM's arch tools see them.
if detects_gpu("nvptx-arch", "sm_"):
    config.available_features.add("cuda-device")
if detects_gpu("amdgpu-arch", "gfx"):
    config.available_features.add("hip-device")
