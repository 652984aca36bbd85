//===- KnownParserCrashes.cpp - Input MLIR 22's parser crashes on ---------===//

#include "driver/KnownParserCrashes.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
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

  /// The number or bare identifier at the position (digits and letters,
  /// `0x1f` or `1.5` whole), consumed; empty when there is none.
  StringRef readNumberOrIdentifier() {
    size_t start = pos;
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

/// The i64 array keyword of the linalg ops whose custom parser stores
/// DenseI64ArrayAttr::parse's result without checking it: a value that is
/// not a list of integers becomes a null attribute, and the parser crashes.
StringRef getI64ArrayKeyword(StringRef opName) {
  return StringSwitch<StringRef>(opName)
      .Case("linalg.transpose", "permutation")
      .Cases("linalg.broadcast", "linalg.reduce", "dimensions")
      .Default("");
}

/// True when the scan is at a list of integers that fit in 64 bits (or of
/// `true`/`false`), `[` to `]`, as DenseI64ArrayAttr::parse accepts it;
/// moves past what it read.
bool readI64List(Scanner &scan) {
  scan.skipSpaceAndComments();
  if (!scan.consume('['))
    return false;
  scan.skipSpaceAndComments();
  if (scan.consume(']'))
    return true;
  do {
    scan.skipSpaceAndComments();
    bool negative = scan.consume('-');
    if (negative)
      scan.skipSpaceAndComments();
    StringRef word = scan.readNumberOrIdentifier();
    uint64_t value;
    if (word == "true" || word == "false") {
      if (negative)
        return false;
    } else if (word.getAsInteger(0, value) ||
               value > uint64_t(INT64_MAX) + negative) {
      return false;
    }
    scan.skipSpaceAndComments();
  } while (scan.consume(','));
  return scan.consume(']');
}

/// The 1-based line and column of \p offset in \p text, as MLIR's
/// diagnostics count them.
mlir::Location getLocation(StringRef text, size_t offset, StringRef fileName,
                           mlir::MLIRContext &context) {
  StringRef before = text.take_front(offset);
  unsigned line = before.count('\n') + 1;
  size_t lineStart = before.rfind('\n');
  unsigned column =
      offset - (lineStart == StringRef::npos ? 0 : lineStart + 1) + 1;
  return mlir::FileLineColLoc::get(&context, fileName, line, column);
}

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
  // The custom linalg op last seen and its array keyword, until the
  // keyword comes.
  StringRef linalgOp, arrayKeyword;
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
      mlir::emitError(getLocation(text, start, fileName, context))
          << "a dense array of 'index' elements is not supported (MLIR's "
             "parser crashes on it): give it a fixed-width element type, "
             "such as array<i32: ...> or array<i64: ...>";
      found = true;
      continue;
    }
    if (StringRef keyword = getI64ArrayKeyword(word); !keyword.empty()) {
      linalgOp = word;
      arrayKeyword = keyword;
      continue;
    }
    if (!word.empty() && word == arrayKeyword) {
      arrayKeyword = {};
      scan.skipSpaceAndComments();
      if (!scan.consume('='))
        continue;
      scan.skipSpaceAndComments();
      size_t valueStart = scan.position();
      if (readI64List(scan))
        continue;
      mlir::emitError(getLocation(text, valueStart, fileName, context))
          << "'" << word << "' of " << linalgOp
          << " must be a list of integers, such as [1, 0] (MLIR's parser "
             "crashes on anything else)";
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
