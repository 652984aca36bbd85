//===- TargetUnit.cpp - What all target units share -----------------------===//

#include "targets/TargetUnit.h"
#include "pipeline/Pipeline.h"

#include <algorithm>

using namespace mlirc;

GpuModuleLoweringOptions
TargetUnit::getLoweringOptions(unsigned subgroupSize) const {
  GpuModuleLoweringOptions options;
  options.subgroupSize = subgroupSize;
  options.vendor = getName().str();
  options.intrinsicDialect = getIntrinsicDialect().str();
  LaunchLimits limits = getLaunchLimits();
  std::copy(std::begin(limits.maxBlockSize), std::end(limits.maxBlockSize),
            options.maxBlockSize);
  std::copy(std::begin(limits.maxGridSize), std::end(limits.maxGridSize),
            options.maxGridSize);
  options.maxThreadsPerBlock = limits.maxThreadsPerBlock;
  return options;
}
