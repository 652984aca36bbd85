//===- KnownParserCrashes.cpp - Input MLIR 22's parser crashes on ---------===//

#include "driver/KnownParserCrashes.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include <optional>

using namespace llvm;
using namespace mlirc;

namespace {

bool isIdentifierChar(char c) {
  return isAlnum(c) || c == '_' || c == '$' || c == '.' || c == '-';
}

/// A scan over MLIR text that skips comments and string literals and reads
/// bare identifiers and sigil names (%x, @f, ^bb, #a, !t) as whole tokens.
class Scanner {
public:
  explicit Scanner(StringRef text) : text(text) {}

  bool atEnd() const { return pos >= text.size(); }
  size_t position() const { return pos; }

  void skipSpaceAndComments() {
    while (!atEnd()) {
      if (isSpace(text[pos])) {
        ++pos;
      } else if (text.substr(pos).starts_with("//")) {
        size_t end = text.find('\n', pos);
        pos = end == StringRef::npos ? text.size() : end;
      } else {
        return;
      }
    }
  }

  /// The bare identifier at the position, consumed; empty when there is
  /// none.
  StringRef readIdentifier() {
    if (atEnd() || !(isAlpha(text[pos]) || text[pos] == '_'))
      return {};
    size_t start = pos;
    while (!atEnd() && isIdentifierChar(text[pos]))
      ++pos;
    return text.slice(start, pos);
  }

  /// The name after the sigil \p sigil at the position, consumed with it
  /// (empty for a quoted name, `@"f"`); none when the position holds
  /// something else.
  std::optional<StringRef> readSigilName(char sigil) {
    if (atEnd() || text[pos] != sigil)
      return std::nullopt;
    size_t start = ++pos;
    while (!atEnd() && isIdentifierChar(text[pos]))
      ++pos;
    return text.slice(start, pos);
  }

  bool consume(char c) {
    if (atEnd() || text[pos] != c)
      return false;
    ++pos;
    return true;
  }

  /// Moves past one token that is none of the above: a string literal
  /// whole, anything else one character.
  void skipOther() {
    if (text[pos] != '"') {
      ++pos;
      return;
    }
    for (++pos; !atEnd() && text[pos] != '"' && text[pos] != '\n'; ++pos)
      if (text[pos] == '\\')
        ++pos;
    ++pos;
  }

private:
  StringRef text;
  size_t pos = 0;
};

} // namespace

bool mlirc::reportKnownParserCrashes(StringRef text, StringRef fileName,
                                     mlir::MLIRContext &context) {
  // Type aliases of index (`!i = index`) name it too.
  StringSet<> indexAliases;
  auto namesIndex = [&](Scanner &scan) {
    scan.skipSpaceAndComments();
    if (std::optional<StringRef> alias = scan.readSigilName('!'))
      return indexAliases.contains(*alias);
    return scan.readIdentifier() == "index";
  };

  bool found = false;
  Scanner scan(text);
  while (true) {
    scan.skipSpaceAndComments();
    if (scan.atEnd())
      break;
    size_t start = scan.position();
    StringRef word = scan.readIdentifier();
    if (word == "array") {
      Scanner after = scan;
      after.skipSpaceAndComments();
      if (!after.consume('<') || !namesIndex(after))
        continue;
      // Lines and columns from 1, as MLIR's diagnostics count them.
      StringRef before = text.take_front(start);
      unsigned line = before.count('\n') + 1;
      size_t lineStart = before.rfind('\n');
      unsigned column =
          start - (lineStart == StringRef::npos ? 0 : lineStart + 1) + 1;
      mlir::emitError(
          mlir::FileLineColLoc::get(&context, fileName, line, column))
          << "a dense array of 'index' elements is not supported (MLIR's "
             "parser crashes on it): give it a fixed-width element type, "
             "such as array<i32: ...> or array<i64: ...>";
      found = true;
      continue;
    }
    if (!word.empty())
      continue;
    if (std::optional<StringRef> alias = scan.readSigilName('!')) {
      Scanner after = scan;
      after.skipSpaceAndComments();
      if (after.consume('=') && namesIndex(after))
        indexAliases.insert(*alias);
      continue;
    }
    // Other names (%x, @f, ^bb, #a) hold nothing to check.
    if (llvm::any_of(StringRef("%@^#"),
                     [&](char sigil) { return scan.readSigilName(sigil); }))
      continue;
    scan.skipOther();
  }
  return found;
}
