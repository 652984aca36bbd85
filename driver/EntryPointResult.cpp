//===- EntryPointResult.cpp - What --entry-point-result= names -----------===//

#include "driver/EntryPointResult.h"

#include "mlir/IR/Types.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

std::string mlirc::describeEntryResultMismatch(ArrayRef<mlir::Type> results,
                                               StringRef expected) {
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
  std::string phrase;
  raw_string_ostream os(phrase);
  os << "returns ";
  if (results.empty())
    os << "nothing";
  else
    interleaveComma(results, os);
  if (expected == "void")
    os << ", not nothing, which --entry-point-result=void names";
  else
    os << ", not the " << expected << " that --entry-point-result=" << expected
       << " names";
  return phrase;
}
