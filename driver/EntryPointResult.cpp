//===- EntryPointResult.cpp - What --entry-point-result= names -----------===//

#include "driver/EntryPointResult.h"

#include "mlir/IR/Types.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

static std::string describe(ArrayRef<mlir::Type> results) {
  if (results.empty())
    return "nothing";
  std::string types;
  raw_string_ostream os(types);
  interleaveComma(results, os);
  return types;
}

std::string mlirc::describeEntryResultProblem(ArrayRef<mlir::Type> results,
                                              StringRef expected, bool named) {
  if (expected.empty()) {
    // A main of another kind compiles as it is, as it always has.
    if (!named || results.empty() ||
        (results.size() == 1 && (results[0].isInteger(32) ||
                                 results[0].isInteger(64) ||
                                 results[0].isF32())))
      return "";
    return "returns " + describe(results) +
           ": the function a program starts with returns nothing, an i32 or "
           "i64 (the exit status) or an f32 (printed)";
  }
  bool agree;
  if (expected == "void")
    agree = results.empty();
  else if (results.size() != 1)
    agree = false;
  else if (expected == "f32")
    agree = results[0].isF32();
  else
    agree = results[0].isInteger(expected == "i32" ? 32 : 64);
  if (agree)
    return "";
  if (expected == "void")
    return "returns " + describe(results) +
           ", not nothing, which --entry-point-result=void names";
  return "returns " + describe(results) + ", not the " + expected.str() +
         " that --entry-point-result=" + expected.str() + " names";
}
