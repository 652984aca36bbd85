//===- RecordKernelABI.cpp - How the runtime passes a kernel's arguments --===//
//
// The host calls every kernel the same way: an array of pointers to the
// LLVM-lowered arguments, a memref as its descriptor's fields (allocated,
// aligned, offset, sizes, strides). A Vulkan shader takes buffers and push
// constants instead. This pass, after ConvertKernelsToSPIRV, moves each
// kernel's scalar arguments into one push-constant block (MLIR would give
// each a storage buffer of its own) and records on the gpu.module, for the
// image, what the runtime needs to bind a launch's arguments:
//
//   abi.<kernel>   one entry per argument, separated by ';':
//                    m<rank>,<element bytes>,<set>,<binding>  a memref
//                    p<host bytes>,<bytes>,<offset>           a push constant
//                    s<host bytes>,<bytes>,<set>,<binding>    a scalar buffer
//                  then, for the dynamic sizes, strides and offsets of
//                  memref arguments (MemRefMetadata.h), 32-bit push
//                  constants the runtime takes from their descriptors:
//                    q<argument>,<descriptor field>,<offset>
//                  and last, for a kernel that prints (DevicePrintf.h):
//                    f<words>,<set>,<binding>                 its buffer
//   printf.<n>.<kernel> the kernel's format n (from 1), as
//                  <argument letters>:<format>
//   push.<kernel>  the push-constant block's size in bytes
//   block.<kernel> the workgroup size the shader fixes, as x,y,z; 0,0,0
//                  when the launch chooses it
//   workgroup_size_spec  the spec id of the workgroup size's x (y and z
//                  follow), which every pipeline of the image sets, when
//                  a kernel's size is chosen at launch
//   subgroup.<kernel> the lanes a subgroup must have (0: any number)
//   shared.<kernel> the bytes of an element of the kernel's dynamic shared
//                  memory, when it has some; dynamic_shared_spec, the spec
//                  id of its length in elements
//   wide.<kernel>  the entry point that makes such subgroups of workgroup
//                  memory, for devices with narrower ones (where safe)
//   workgroup.<entry point> the bytes of workgroup memory the entry point
//                  (a kernel, or its wide one) takes besides its dynamic
//                  shared memory, which the runtime checks the device has
//
// An argument whose memory layout differs between host and device (index
// elements that IndexMemory.h left 32-bit, as they have other users
// than loads, stores and views) is an error at the kernel.
//
//===----------------------------------------------------------------------===//

#include "pipeline/KernelSourceName.h"
#include "targets/vulkan/DevicePrintf.h"
#include "targets/vulkan/DynamicSharedMemory.h"
#include "targets/vulkan/MemRefMetadata.h"
#include "targets/vulkan/Passes.h"
#include "targets/vulkan/SubgroupOps.h"
#include "targets/vulkan/WorkgroupSizeSpec.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVTypes.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

namespace mlirc {
#define GEN_PASS_DEF_RECORDKERNELABI
#include "targets/vulkan/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// Vulkan guarantees this much push-constant space on every device.
constexpr unsigned maxPushConstantBytes = 128;

/// The bytes \p type takes in host memory (LLVM's layout of MLIR's types),
/// or 0 for a type no kernel argument has.
unsigned getHostBytes(Type type) {
  if (isa<IndexType>(type))
    return 8;
  if (auto integer = dyn_cast<IntegerType>(type))
    return (integer.getWidth() + 7) / 8;
  if (auto real = dyn_cast<FloatType>(type))
    return (real.getWidth() + 7) / 8;
  if (auto complex = dyn_cast<ComplexType>(type))
    return 2 * getHostBytes(complex.getElementType());
  if (auto vector = dyn_cast<VectorType>(type))
    if (vector.getRank() == 1 && !vector.isScalable() &&
        llvm::isPowerOf2_64(vector.getNumElements()))
      return vector.getNumElements() * getHostBytes(vector.getElementType());
  return 0;
}

/// The bytes a workgroup variable of type \p type takes: its own layout
/// where it has one, else its members' sizes added (workgroup types
/// need no explicit layout); 0 for the array of dynamic shared memory.
int64_t getWorkgroupBytes(Type type) {
  if (auto array = dyn_cast<spirv::ArrayType>(type)) {
    if (array.getNumElements() == mlirc::dynamicSharedMarker)
      return 0;
    int64_t element = array.getArrayStride()
                          ? array.getArrayStride()
                          : getWorkgroupBytes(array.getElementType());
    return array.getNumElements() * element;
  }
  if (auto structure = dyn_cast<spirv::StructType>(type)) {
    int64_t bytes = 0;
    for (unsigned i = 0, e = structure.getNumElements(); i < e; ++i) {
      int64_t member = getWorkgroupBytes(structure.getElementType(i));
      bytes = structure.hasOffset()
                  ? std::max<int64_t>(bytes, structure.getMemberOffset(i) +
                                                 member)
                  : bytes + member;
    }
    return bytes;
  }
  if (auto vector = dyn_cast<VectorType>(type))
    return vector.getNumElements() *
           getWorkgroupBytes(vector.getElementType());
  if (type.isIntOrFloat())
    return llvm::divideCeil(type.getIntOrFloatBitWidth(), 8);
  return 0;
}

/// The bytes of the workgroup variables \p entry and the functions it calls
/// use.
int64_t getStaticWorkgroupBytes(spirv::ModuleOp module, spirv::FuncOp entry) {
  SmallVector<spirv::FuncOp> functions = {entry};
  DenseSet<Operation *> seen = {entry};
  DenseSet<Operation *> variables;
  int64_t bytes = 0;
  while (!functions.empty()) {
    spirv::FuncOp function = functions.pop_back_val();
    function.walk([&](Operation *op) {
      if (auto call = dyn_cast<spirv::FunctionCallOp>(op)) {
        auto callee =
            module.lookupSymbol<spirv::FuncOp>(call.getCalleeAttr());
        if (callee && seen.insert(callee).second)
          functions.push_back(callee);
        return;
      }
      auto address = dyn_cast<spirv::AddressOfOp>(op);
      if (!address)
        return;
      auto variable = module.lookupSymbol<spirv::GlobalVariableOp>(
          address.getVariableAttr());
      auto pointer =
          variable ? dyn_cast<spirv::PointerType>(variable.getType()) : nullptr;
      if (!pointer ||
          pointer.getStorageClass() != spirv::StorageClass::Workgroup ||
          !variables.insert(variable).second)
        return;
      // The array of dynamic shared memory, whose length the launch sets,
      // counts 0 (getWorkgroupBytes).
      bytes += getWorkgroupBytes(pointer.getPointeeType());
    });
  }
  return bytes;
}

/// The stride of the array a storage buffer of type \p type holds, or 0.
unsigned getDeviceElementBytes(Type type) {
  auto pointer = dyn_cast<spirv::PointerType>(type);
  auto block =
      pointer ? dyn_cast<spirv::StructType>(pointer.getPointeeType()) : nullptr;
  if (!block || block.getNumElements() != 1)
    return 0;
  Type array = block.getElementType(0);
  if (auto runtime = dyn_cast<spirv::RuntimeArrayType>(array))
    return runtime.getArrayStride();
  if (auto fixed = dyn_cast<spirv::ArrayType>(array))
    return fixed.getArrayStride();
  return 0;
}

struct RecordKernelABIPass
    : public mlirc::impl::RecordKernelABIBase<RecordKernelABIPass> {
  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    auto spirvModules = module.getOps<spirv::ModuleOp>();
    if (spirvModules.empty())
      return;
    spirv::ModuleOp spirvModule = *spirvModules.begin();
    SmallVector<NamedAttribute> properties;
    if (auto old =
            module->getAttrOfType<DictionaryAttr>("mlirc.image_properties"))
      llvm::append_range(properties, old.getValue());
    for (auto kernel : module.getOps<gpu::GPUFuncOp>()) {
      if (!kernel.isKernel())
        continue;
      auto shader = spirvModule.lookupSymbol<spirv::FuncOp>(kernel.getName());
      if (!shader)
        continue;
      auto wide = spirvModule.lookupSymbol<spirv::FuncOp>(
          mlirc::getWideSubgroupsName(kernel.getName()));
      if (failed(record(kernel, shader, wide, properties)))
        return signalPassFailure();
    }
    // Workgroup sizes as specialization constants: the runtime sets them
    // for every kernel of the image.
    if (spirvModule.lookupSymbol("__mlirc_workgroup_size"))
      properties.push_back(NamedAttribute(
          StringAttr::get(&getContext(), "workgroup_size_spec"),
          StringAttr::get(&getContext(),
                          std::to_string(mlirc::workgroupSizeSpecId))));
    // Dynamic shared memory: its length is a spec constant of the image
    // (DynamicSharedMemory.h), in elements of each kernel's bytes.
    bool dynamicShared = llvm::any_of(properties, [](NamedAttribute property) {
      return property.getName().strref().starts_with("shared.");
    });
    if (dynamicShared)
      properties.push_back(NamedAttribute(
          StringAttr::get(&getContext(), "dynamic_shared_spec"),
          StringAttr::get(&getContext(),
                          std::to_string(mlirc::dynamicSharedSpecId))));
    // Subgroup operations on 8-, 16- or 64-bit values need a device
    // feature (shaderSubgroupExtendedTypes) no SPIR-V capability names.
    if (usesSubgroupExtendedTypes(spirvModule))
      properties.push_back(NamedAttribute(
          StringAttr::get(&getContext(), "subgroup_extended_types"),
          StringAttr::get(&getContext(), "1")));
    module->setAttr("mlirc.image_properties",
                    DictionaryAttr::get(&getContext(), properties));
  }

  static bool usesSubgroupExtendedTypes(spirv::ModuleOp module) {
    WalkResult found = module.walk([](Operation *op) {
      if (!op->getName().getStringRef().starts_with("spirv.GroupNonUniform"))
        return WalkResult::advance();
      for (Type type : op->getOperandTypes()) {
        Type element = getElementTypeOrSelf(type);
        if (element.isIntOrFloat() && element.getIntOrFloatBitWidth() != 1 &&
            element.getIntOrFloatBitWidth() != 32)
          return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    return found.wasInterrupted();
  }

  /// Where a scalar argument goes.
  struct Scalar {
    unsigned index;
    /// The shader's type of the value.
    Type type;
    /// The push constant's member type: 32 bits at least (narrower push
    /// constants need device features).
    Type slotType;
    unsigned offset;
  };

  LogicalResult record(gpu::GPUFuncOp kernel, spirv::FuncOp shader,
                       spirv::FuncOp wide,
                       SmallVectorImpl<NamedAttribute> &properties) {
    MLIRContext *ctx = &getContext();
    StringRef abiName = spirv::getInterfaceVarABIAttrName();
    SmallVector<std::string> entries;
    SmallVector<Scalar> pushed;
    unsigned pushBytes = 0;
    TypeRange hostTypes = kernel.getArgumentTypes();
    // The descriptor fields the kernel takes after its own arguments.
    SmallVector<std::pair<unsigned, unsigned>> fields;
    auto sized =
        kernel->getAttrOfType<DenseI32ArrayAttr>(mlirc::memrefSizeArgsAttr);
    for (auto [index, hostType] : llvm::enumerate(hostTypes))
      if (auto memref = dyn_cast<MemRefType>(hostType))
        for (unsigned field : mlirc::getDynamicDescriptorFields(
                 memref, sized && llvm::is_contained(sized.asArrayRef(),
                                                     int32_t(index))))
          fields.push_back({static_cast<unsigned>(index), field});
    auto formats = kernel->getAttrOfType<ArrayAttr>(mlirc::printFormatsAttr);
    if (hostTypes.size() + fields.size() + (formats ? 1 : 0) !=
        shader.getNumArguments())
      return kernel.emitError("kernel '")
             << mlirc::getSourceKernelName(kernel)
             << "': its SPIR-V shader lost arguments (mlirc bug)";
    for (auto [index, hostType] : llvm::enumerate(hostTypes)) {
      Type deviceType = shader.getArgument(index).getType();
      auto abi =
          shader.getArgAttrOfType<spirv::InterfaceVarABIAttr>(index, abiName);
      auto argError = [&, index = index, hostType = hostType]() {
        return kernel.emitError("argument ")
               << index << " of kernel '" << mlirc::getSourceKernelName(kernel)
               << "' (type " << hostType
               << ") cannot be passed to a Vulkan kernel: ";
      };
      if (!abi)
        return argError() << "it has no interface variable (mlirc bug)";
      if (auto memref = dyn_cast<MemRefType>(hostType)) {
        unsigned hostBytes = getHostBytes(memref.getElementType());
        unsigned deviceBytes = getDeviceElementBytes(deviceType);
        // Without 8- or 16-bit storage in the target environment, MLIR packs
        // narrow elements into 32-bit words: the same bytes. A buffer of
        // bytes the kernel views as wider elements is read as those
        // (MemoryViews.h): the same bytes too.
        bool packed = (hostBytes < 4 && deviceBytes == 4 &&
                       !isa<IndexType>(memref.getElementType())) ||
                      memref.getElementType().isInteger(8);
        if (!hostBytes && isa<VectorType>(memref.getElementType()))
          return argError() << "the host pads its vector elements to a power "
                               "of two elements, which a shader's array does "
                               "not; use scalars or vectors of 2 or 4 "
                               "elements";
        if (!hostBytes)
          return argError() << "its elements have no layout that the host "
                               "and a shader share; use scalars";
        if (hostBytes != deviceBytes && !packed)
          return argError()
                 << "its elements take " << hostBytes
                 << " bytes on the host and " << deviceBytes
                 << " in the shader (a Vulkan kernel's index is 32 bits); "
                    "use elements of a fixed width such as i32 or i64";
        entries.push_back(llvm::formatv("m{0},{1},{2},{3}", memref.getRank(),
                                        hostBytes, abi.getDescriptorSet(),
                                        abi.getBinding()));
        continue;
      }
      unsigned hostBytes = getHostBytes(hostType);
      auto scalar = dyn_cast<spirv::ScalarType>(deviceType);
      // Booleans have no size in SPIR-V: one byte, as on the host.
      std::optional<int64_t> size = scalar && scalar.isInteger(1) ? 1
                                    : scalar ? scalar.getSizeInBytes()
                                             : std::nullopt;
      if (!hostBytes || !size)
        return argError() << "Vulkan kernels take memrefs and scalars";
      unsigned deviceBytes = static_cast<unsigned>(*size);
      unsigned slotBytes = std::max(4u, deviceBytes);
      unsigned offset = llvm::alignTo(pushBytes, slotBytes);
      if (offset + slotBytes <= maxPushConstantBytes) {
        Type slotType =
            deviceBytes < 4 ? Type(IntegerType::get(ctx, 32)) : Type(scalar);
        pushed.push_back(
            {static_cast<unsigned>(index), scalar, slotType, offset});
        pushBytes = offset + slotBytes;
        entries.push_back(
            llvm::formatv("p{0},{1},{2}", hostBytes, slotBytes, offset));
        continue;
      }
      if (scalar.isInteger(1))
        return argError() << "its arguments exceed the " << maxPushConstantBytes
                          << " bytes of push constants, and a boolean "
                             "cannot be passed in a buffer";
      entries.push_back(llvm::formatv("s{0},{1},{2},{3}", hostBytes,
                                      deviceBytes, abi.getDescriptorSet(),
                                      abi.getBinding()));
    }
    for (auto [position, field] : llvm::enumerate(fields)) {
      unsigned index = hostTypes.size() + position;
      auto scalar =
          dyn_cast<spirv::ScalarType>(shader.getArgument(index).getType());
      unsigned offset = llvm::alignTo(pushBytes, 4);
      if (!scalar || !scalar.isInteger(32))
        return kernel.emitError("kernel '")
               << mlirc::getSourceKernelName(kernel)
               << "': a memref size argument is not 32-bit (mlirc bug)";
      if (offset + 4 > maxPushConstantBytes)
        return kernel.emitError("kernel '")
               << mlirc::getSourceKernelName(kernel)
               << "' cannot be compiled for the Vulkan target: the dynamic "
                  "sizes and strides of its memref arguments and its "
                  "scalar arguments take more than the "
               << maxPushConstantBytes
               << " bytes of push constants every Vulkan device has; give "
                  "its memrefs static shapes or pass fewer";
      pushed.push_back({index, scalar, scalar, offset});
      pushBytes = offset + 4;
      entries.push_back(
          llvm::formatv("q{0},{1},{2}", field.first, field.second, offset));
    }
    if (formats) {
      // The print buffer, the shader's last argument.
      auto abi = shader.getArgAttrOfType<spirv::InterfaceVarABIAttr>(
          shader.getNumArguments() - 1, abiName);
      if (!abi)
        return kernel.emitError("kernel '")
               << mlirc::getSourceKernelName(kernel)
               << "': its print buffer has no interface variable (mlirc bug)";
      entries.push_back(llvm::formatv("f{0},{1},{2}", mlirc::printBufferWords,
                                      abi.getDescriptorSet(),
                                      abi.getBinding()));
    }
    if (!pushed.empty()) {
      moveToPushConstants(shader, pushed);
      // The same arguments, the same block.
      if (wide)
        moveToPushConstants(wide, pushed);
    }

    StringRef name = kernel.getName();
    auto add = [&](StringRef key, std::string value) {
      properties.push_back(
          NamedAttribute(StringAttr::get(ctx, (key + "." + name).str()),
                         StringAttr::get(ctx, value)));
    };
    add("abi", llvm::join(entries, ";"));
    if (formats)
      for (auto [number, format] :
           llvm::enumerate(formats.getAsValueRange<StringAttr>()))
        add(("printf." + Twine(number + 1)).str(), format.str());
    add("push", std::to_string(pushBytes));
    // Lanes a subgroup needs for the kernel's shuffles (its device
    // functions' too), which the runtime checks or asks the device for.
    // Devices' subgroups have a power of two of lanes: 16 for shuffles of
    // 13.
    add("subgroup", std::to_string(llvm::PowerOf2Ceil(
                        mlirc::getRequiredSubgroupSize(kernel))));
    if (wide)
      add("wide", wide.getName().str());
    // 0,0,0: any, set by the pipeline's specialization constants.
    SmallVector<int64_t, 3> xyz =
        mlirc::getWorkgroupSize(shader).value_or(SmallVector<int64_t, 3>(3, 0));
    add("block", llvm::formatv("{0},{1},{2}", xyz[0], xyz[1], xyz[2]));
    if (auto bytes =
            kernel->getAttrOfType<IntegerAttr>("mlirc.dynamic_shared_bytes"))
      add("shared", std::to_string(bytes.getInt()));
    auto spirvModule = shader->getParentOfType<spirv::ModuleOp>();
    for (spirv::FuncOp entry : {shader, wide})
      if (entry)
        properties.push_back(NamedAttribute(
            StringAttr::get(ctx, ("workgroup." + entry.getName()).str()),
            StringAttr::get(ctx, std::to_string(getStaticWorkgroupBytes(
                                     spirvModule, entry)))));
    return success();
  }

  /// Replaces \p shader's arguments \p pushed by loads from one
  /// push-constant block and drops them from its signature.
  void moveToPushConstants(spirv::FuncOp shader, ArrayRef<Scalar> pushed) {
    MLIRContext *ctx = &getContext();
    SmallVector<Type> members;
    SmallVector<spirv::StructType::OffsetInfo> offsets;
    for (const Scalar &scalar : pushed) {
      members.push_back(scalar.slotType);
      offsets.push_back(scalar.offset);
    }
    auto block = spirv::StructType::get(members, offsets);
    auto pointer =
        spirv::PointerType::get(block, spirv::StorageClass::PushConstant);
    OpBuilder b(shader);
    Location loc = shader.getLoc();
    auto variable = spirv::GlobalVariableOp::create(
        b, loc, TypeAttr::get(pointer),
        b.getStringAttr((shader.getName() + "_push_constants").str()),
        /*initializer=*/nullptr);

    Block &entry = shader.getBody().front();
    b.setInsertionPointToStart(&entry);
    Value base = spirv::AddressOfOp::create(b, loc, variable);
    Type i32 = IntegerType::get(ctx, 32);
    llvm::BitVector erased(shader.getNumArguments());
    for (auto [member, scalar] : llvm::enumerate(pushed)) {
      Value position = spirv::ConstantOp::create(
          b, loc, i32, b.getI32IntegerAttr(static_cast<int32_t>(member)));
      Value address = spirv::AccessChainOp::create(b, loc, base, position);
      Value value = spirv::LoadOp::create(b, loc, address);
      if (scalar.slotType != scalar.type) {
        if (scalar.type.isInteger(1)) {
          Value zero =
              spirv::ConstantOp::create(b, loc, i32, b.getI32IntegerAttr(0));
          value = spirv::INotEqualOp::create(b, loc, value, zero);
        } else {
          unsigned bits = scalar.type.getIntOrFloatBitWidth();
          Type narrow = IntegerType::get(ctx, bits);
          value = spirv::UConvertOp::create(b, loc, narrow, value);
          if (narrow != scalar.type)
            value = spirv::BitcastOp::create(b, loc, scalar.type, value);
        }
      }
      shader.getArgument(scalar.index).replaceAllUsesWith(value);
      erased.set(scalar.index);
    }
    (void)shader.eraseArguments(erased);
  }
};

} // namespace
