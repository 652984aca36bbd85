//===- VulkanPrintf.cpp - Printing what Vulkan kernels' gpu.printf wrote --===//

#include "runtime/VulkanPrintf.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

using namespace mlirc::vulkan;

namespace {

/// The words an argument of \p letter takes in a record; 0 for none.
unsigned getWords(char letter) {
  switch (letter) {
  case 'i':
  case 'f':
    return 1;
  case 'l':
  case 'd':
    return 2;
  default:
    return 0;
  }
}

double asDouble(char letter, uint64_t bits) {
  switch (letter) {
  case 'f': {
    float value;
    uint32_t narrow = static_cast<uint32_t>(bits);
    std::memcpy(&value, &narrow, sizeof(value));
    return value;
  }
  case 'd': {
    double value;
    std::memcpy(&value, &bits, sizeof(value));
    return value;
  }
  case 'i':
    return static_cast<int32_t>(bits);
  default:
    return static_cast<double>(static_cast<int64_t>(bits));
  }
}

/// The bits an integer conversion reads: a float as the double C passes.
uint64_t asIntegerBits(char letter, uint64_t bits) {
  if (letter == 'f' || letter == 'd') {
    double value = asDouble(letter, bits);
    std::memcpy(&bits, &value, sizeof(bits));
  }
  return bits;
}

/// \p bits cut to \p width bits, then widened as signed or unsigned.
uint64_t cut(uint64_t bits, unsigned width, bool isSigned) {
  if (width >= 64)
    return bits;
  uint64_t mask = (uint64_t(1) << width) - 1;
  bits &= mask;
  if (isSigned && (bits >> (width - 1)) & 1)
    bits |= ~mask;
  return bits;
}

template <typename T> std::string print(const std::string &spec, T value) {
  int length = std::snprintf(nullptr, 0, spec.c_str(), value);
  if (length <= 0)
    return "";
  std::string text(static_cast<size_t>(length) + 1, '\0');
  std::snprintf(text.data(), text.size(), spec.c_str(), value);
  text.resize(static_cast<size_t>(length));
  return text;
}

/// \p format printed with \p args as C's printf would, each argument's
/// letter (i: 32-bit integer, l: 64-bit integer, f: float, d: double)
/// saying what its bits are. Conversions without an argument, and those
/// that take a string or write back (%s, %n), print as written.
std::string formatRecord(const std::string &format, const std::string &letters,
                         const std::vector<uint64_t> &args) {
  std::string out;
  size_t next = 0;
  auto take = [&](char &letter, uint64_t &bits) {
    if (next >= args.size())
      return false;
    letter = letters[next];
    bits = args[next++];
    return true;
  };
  for (size_t at = 0; at < format.size();) {
    if (format[at] != '%') {
      out += format[at++];
      continue;
    }
    size_t start = at++;
    if (at < format.size() && format[at] == '%') {
      out += '%';
      ++at;
      continue;
    }
    std::string spec = "%";
    while (at < format.size() && std::strchr("-+ #0'", format[at]))
      spec += format[at++];
    // A width or precision of '*' takes an int argument.
    bool missing = false;
    auto number = [&](bool precision) {
      if (at < format.size() && format[at] == '*') {
        ++at;
        char letter;
        uint64_t bits;
        if (!take(letter, bits)) {
          missing = true;
          return;
        }
        auto value = static_cast<int32_t>(cut(bits, 32, true));
        if (precision && value < 0)
          return;
        spec += (precision ? "." : "") + std::to_string(value);
        return;
      }
      if (precision)
        spec += '.';
      while (at < format.size() && format[at] >= '0' && format[at] <= '9')
        spec += format[at++];
    };
    number(false);
    if (at < format.size() && format[at] == '.') {
      ++at;
      number(true);
    }
    unsigned width = 32;
    while (at < format.size() && std::strchr("hlLqjzt", format[at])) {
      char length = format[at++];
      width = length == 'h' ? (width == 16 ? 8 : 16) : 64;
    }
    if (at >= format.size()) {
      out += format.substr(start);
      break;
    }
    char conversion = format[at++];
    std::string written = format.substr(start, at - start);
    char letter;
    uint64_t bits;
    bool isInteger = std::strchr("diuoxX", conversion) != nullptr;
    bool isFloat = std::strchr("fFeEgGaA", conversion) != nullptr;
    if (!isInteger && !isFloat && conversion != 'c' && conversion != 'p') {
      // %s, %n, or no conversion C has: as written, past its argument.
      if (conversion == 's' || conversion == 'n')
        take(letter, bits);
      out += written;
      continue;
    }
    if (missing || !take(letter, bits)) {
      out += written;
      continue;
    }
    if (isInteger) {
      bool isSigned = conversion == 'd' || conversion == 'i';
      unsigned argWidth = letter == 'i' ? 32 : 64;
      uint64_t value =
          cut(asIntegerBits(letter, bits), std::min(width, argWidth), isSigned);
      spec += std::string("ll") + conversion;
      out += isSigned ? print(spec, static_cast<long long>(value))
                      : print(spec, static_cast<unsigned long long>(value));
    } else if (isFloat) {
      out += print(spec + conversion, asDouble(letter, bits));
    } else if (conversion == 'c') {
      out += print(spec + 'c', static_cast<int>(static_cast<unsigned char>(
                                   asIntegerBits(letter, bits))));
    } else {
      out += print(spec + 'p', reinterpret_cast<void *>(static_cast<uintptr_t>(
                                   asIntegerBits(letter, bits))));
    }
  }
  return out;
}

} // namespace

void mlirc::vulkan::printRecords(const uint32_t *buffer, uint32_t words,
                                 const std::vector<std::string> &formats,
                                 const char *kernel) {
  uint64_t taken = uint64_t(buffer[0]) + 2;
  uint64_t end = std::min<uint64_t>(taken, words);
  uint64_t at = 2;
  std::string out;
  while (at < end) {
    uint32_t number = buffer[at];
    // 0: a record that did not fit, never written.
    if (number == 0 || number > formats.size())
      break;
    const std::string &format = formats[number - 1];
    size_t colon = format.find(':');
    if (colon == std::string::npos)
      break;
    std::string letters = format.substr(0, colon);
    uint64_t size = 1;
    for (char letter : letters)
      size += getWords(letter);
    if (at + size > end)
      break;
    std::vector<uint64_t> args;
    uint64_t word = at + 1;
    for (char letter : letters) {
      uint64_t bits = buffer[word];
      if (getWords(letter) == 2)
        bits |= uint64_t(buffer[word + 1]) << 32;
      word += getWords(letter);
      args.push_back(bits);
    }
    out += formatRecord(format.substr(colon + 1), letters, args);
    at += size;
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  std::fflush(stdout);
  if (at < taken)
    std::fprintf(stderr,
                 "mlirc runtime: warning: kernel '%s' printed more than its "
                 "%u bytes of gpu.printf buffer; the rest of its output is "
                 "lost\n",
                 kernel, (words - 2) * 4);
}
