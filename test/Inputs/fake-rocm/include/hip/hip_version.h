// A ROCm 5.2 installation as far as mlirc's version check reads it.
#define HIP_VERSION_MAJOR 5
#define HIP_VERSION_MINOR 2
#define HIP_VERSION_PATCH 0
