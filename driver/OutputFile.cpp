//===- OutputFile.cpp - Outputs that appear only when complete ------------===//

#include "driver/OutputFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace mlirc;

Expected<std::string> mlirc::createOutputTempName(StringRef path) {
  SmallString<128> temp;
  int fd = -1;
  if (std::error_code ec =
          sys::fs::createUniqueFile(path + "-%%%%%%%%.tmp", fd, temp))
    return createStringError(ec, "cannot write output file '%s': %s",
                             path.str().c_str(), ec.message().c_str());
  sys::fs::closeFile(fd);
  return temp.str().str();
}

Error mlirc::commitOutputFile(StringRef tempPath, StringRef path) {
  if (std::error_code ec = sys::fs::rename(tempPath, path)) {
    sys::fs::remove(tempPath);
    return createStringError(ec, "cannot write output file '%s': %s",
                             path.str().c_str(), ec.message().c_str());
  }
  return Error::success();
}

Error mlirc::writeOutputFile(StringRef path,
                             function_ref<Error(raw_pwrite_stream &)> write) {
  if (path == "-")
    return write(outs());
  Expected<std::string> temp = createOutputTempName(path);
  if (!temp)
    return temp.takeError();
  std::error_code ec;
  {
    raw_fd_ostream os(*temp, ec);
    if (!ec) {
      if (Error err = write(os)) {
        os.close();
        sys::fs::remove(*temp);
        return err;
      }
      os.close();
      if (os.has_error())
        ec = os.error();
    }
  }
  if (ec) {
    sys::fs::remove(*temp);
    return createStringError(ec, "cannot write output file '%s': %s",
                             path.str().c_str(), ec.message().c_str());
  }
  return commitOutputFile(*temp, path);
}
