//===- MergeGpuModules.cpp - One gpu.module per translation unit ----------===//
//
// Outlining makes a gpu.module per gpu.launch, and every gpu.module became
// its own device image: one PTX and one ptxas job per architecture each,
// so a file with hundreds of kernels cost hundreds of tool runs. As nvcc
// and clang do, mlirc compiles a translation unit's device code as one
// module per architecture: the gpu.modules are merged into the first of
// those with the same attributes, the symbols that collide renamed, and
// the launches follow.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"

namespace mlirc {
#define GEN_PASS_DEF_MERGEGPUMODULES
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

struct MergeGpuModulesPass
    : public mlirc::impl::MergeGpuModulesBase<MergeGpuModulesPass> {
  void runOnOperation() override {
    ModuleOp top = getOperation();
    SmallVector<gpu::GPUModuleOp> modules(top.getOps<gpu::GPUModuleOp>());
    if (modules.size() < 2)
      return;
    // Only modules compiled alike merge: the first of each set of
    // attributes (targets, a spirv.target_env, ...) takes the rest of
    // the set, so no kernel is compiled under another module's.
    llvm::MapVector<DictionaryAttr, gpu::GPUModuleOp> firsts;
    DenseMap<Operation *, std::unique_ptr<SymbolTable>> tables;
    // @from::@symbol -> @into::@symbol (renamed where it collided).
    DenseMap<Attribute, Attribute> moved;
    for (gpu::GPUModuleOp from : modules) {
      auto [it, first] = firsts.insert({getCompileAttrs(from), from});
      if (first)
        continue;
      gpu::GPUModuleOp into = it->second;
      std::unique_ptr<SymbolTable> &intoTable = tables[into];
      if (!intoTable)
        intoTable = std::make_unique<SymbolTable>(into);
      SymbolTable fromTable(from);
      SmallVector<Operation *> ops;
      for (Operation &op : from.getBody()->getOperations())
        ops.push_back(&op);
      for (Operation *op : ops) {
        StringAttr name = SymbolTable::getSymbolName(op);
        if (!name)
          continue;
        StringAttr newName = name;
        // Renamed with its uses inside its module, before it moves.
        if (intoTable->lookup(name)) {
          FailureOr<StringAttr> renamed =
              fromTable.renameToUnique(op, {intoTable.get()});
          if (failed(renamed)) {
            op->emitError() << "cannot rename '" << name.getValue()
                            << "' to merge gpu.module '" << from.getName()
                            << "' into '" << into.getName() << "'";
            return signalPassFailure();
          }
          newName = *renamed;
        }
        moved[SymbolRefAttr::get(from.getNameAttr(),
                                 {FlatSymbolRefAttr::get(name)})] =
            SymbolRefAttr::get(into.getNameAttr(),
                               {FlatSymbolRefAttr::get(newName)});
      }
      for (Operation *op : ops) {
        op->remove();
        into.getBody()->push_back(op);
        if (SymbolTable::getSymbolName(op))
          intoTable->insert(op);
      }
      from.erase();
    }
    AttrTypeReplacer replacer;
    replacer.addReplacement([&](SymbolRefAttr ref) -> std::optional<Attribute> {
      auto it = moved.find(ref);
      if (it == moved.end())
        return std::nullopt;
      return it->second;
    });
    replacer.recursivelyReplaceElementsIn(top, /*replaceAttrs=*/true,
                                          /*replaceLocs=*/false,
                                          /*replaceTypes=*/false);
  }

  /// \p module's attributes but its name.
  static DictionaryAttr getCompileAttrs(gpu::GPUModuleOp module) {
    NamedAttrList attrs(module->getAttrDictionary());
    attrs.erase(SymbolTable::getSymbolAttrName());
    return attrs.getDictionary(module.getContext());
  }
};

} // namespace
