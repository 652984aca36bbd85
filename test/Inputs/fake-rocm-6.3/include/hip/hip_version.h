// A ROCm 6.3 installation as far as mlirc's version check reads it.
#define HIP_VERSION_MAJOR 6
#define HIP_VERSION_MINOR 3
#define HIP_VERSION_PATCH 0
