//===- OutputFile.cpp - Outputs that appear only when complete ------------===//

#include "support/OutputFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace mlirc;

bool mlirc::isWrittenInPlace(StringRef path) {
  if (path == "-")
    return true;
  sys::fs::file_status status;
  // status() follows symbolic links: a link to /dev/null is written through.
  if (sys::fs::status(path, status))
    return false;
  // A directory is no output at all; renaming onto it fails as it should.
  return sys::fs::exists(status) && !sys::fs::is_regular_file(status) &&
         !sys::fs::is_directory(status);
}

static Error cannotWrite(StringRef path, std::error_code ec) {
  return createStringError(ec, "cannot write output file '%s': %s",
                           path.str().c_str(), ec.message().c_str());
}

std::string mlirc::getToolSafeName(StringRef name) {
  std::string safe = name.str();
  llvm::replace(safe, ',', '_');
  return safe;
}

Expected<std::string> mlirc::createOutputTempName(StringRef path) {
  // Said before the rename, which fails otherwise for "." or "..".
  if (path != "-" && sys::fs::is_directory(path))
    return cannotWrite(path, std::make_error_code(std::errc::is_a_directory));
  // In the temporary directory (mlirc's private one): a killed mlirc
  // leaves nothing beside the output.
  SmallString<128> temp;
  if (std::error_code ec = sys::fs::createTemporaryFile(
          getToolSafeName(sys::path::filename(path)), "tmp", temp))
    return cannotWrite(path, ec);
  // The output, or for one that is renamed onto its directory, must be
  // writable too; say so before the work.
  StringRef checked = path;
  if (!isWrittenInPlace(path))
    checked = sys::path::parent_path(path).empty()
                  ? StringRef(".")
                  : sys::path::parent_path(path);
  if (path != "-")
    if (std::error_code ec =
            sys::fs::access(checked, sys::fs::AccessMode::Write)) {
      sys::fs::remove(temp);
      return cannotWrite(path, ec);
    }
  return temp.str().str();
}

/// Moves \p tempPath to \p path on another file system: a copy beside
/// \p path, renamed over it, so that \p path never holds a partial file.
static std::error_code moveAcross(StringRef tempPath, StringRef path) {
  SmallString<128> beside;
  int fd = -1;
  if (std::error_code ec =
          sys::fs::createUniqueFile(path + "-%%%%%%%%.tmp", fd, beside))
    return ec;
  sys::fs::closeFile(fd);
  sys::RemoveFileOnSignal(beside);
  std::error_code ec = sys::fs::copy_file(tempPath, beside);
  if (!ec)
    ec = sys::fs::rename(beside, path);
  if (ec)
    sys::fs::remove(beside);
  sys::DontRemoveFileOnSignal(beside);
  return ec;
}

/// Writes \p bytes into \p path, which is written in place.
static Error writeInPlace(StringRef path, StringRef bytes) {
  if (path == "-") {
    outs() << bytes;
    outs().flush();
    return Error::success();
  }
  std::error_code ec;
  raw_fd_ostream os(path, ec);
  if (!ec) {
    os << bytes;
    os.close();
    // Checked here: the stream would abort on the error when destroyed.
    if (os.has_error()) {
      ec = os.error();
      os.clear_error();
    }
  }
  return ec ? cannotWrite(path, ec) : Error::success();
}

Error mlirc::commitOutputFile(StringRef tempPath, StringRef path) {
  if (isWrittenInPlace(path)) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> bytes =
        MemoryBuffer::getFile(tempPath, /*IsText=*/false,
                              /*RequiresNullTerminator=*/false);
    sys::fs::remove(tempPath);
    if (!bytes)
      return cannotWrite(path, bytes.getError());
    return writeInPlace(path, (*bytes)->getBuffer());
  }
  std::error_code ec = sys::fs::rename(tempPath, path);
  if (ec == std::errc::cross_device_link) {
    // Keep the mode the linker gave an executable.
    ErrorOr<sys::fs::perms> mode = sys::fs::getPermissions(tempPath);
    ec = moveAcross(tempPath, path);
    if (!ec && mode)
      ec = sys::fs::setPermissions(path, *mode);
  }
  sys::fs::remove(tempPath);
  if (ec)
    return cannotWrite(path, ec);
  return Error::success();
}

Error mlirc::writeOutputFile(StringRef path,
                             function_ref<Error(raw_pwrite_stream &)> write) {
  if (path == "-")
    return write(outs());
  // Nothing reaches an output written in place unless all of it is ready.
  if (isWrittenInPlace(path)) {
    SmallString<0> bytes;
    raw_svector_ostream os(bytes);
    if (Error err = write(os))
      return err;
    return writeInPlace(path, bytes);
  }
  Expected<std::string> temp = createOutputTempName(path);
  if (!temp)
    return temp.takeError();
  std::error_code ec;
  {
    raw_fd_ostream os(*temp, ec);
    if (!ec) {
      if (Error err = write(os)) {
        os.close();
        os.clear_error();
        sys::fs::remove(*temp);
        return err;
      }
      os.close();
      if (os.has_error()) {
        ec = os.error();
        os.clear_error();
      }
    }
  }
  if (ec) {
    sys::fs::remove(*temp);
    return cannotWrite(path, ec);
  }
  return commitOutputFile(*temp, path);
}

std::string mlirc::quoteForMake(StringRef path) {
  std::string quoted;
  for (char c : path) {
    if (c == '$')
      quoted += '$';
    else if (c == ' ' || c == '\t' || c == '#')
      quoted += '\\';
    quoted += c;
  }
  return quoted;
}
