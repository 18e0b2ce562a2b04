// `sitegen serve` in the binary: loads the server from a module carried inside the
// binary. The server needs cpp-httplib, and Debian's libcpp-httplib pulls in OpenSSL,
// zlib and brotli; loading and initialising those costs ~8 ms at every start, more than
// a whole build of a small site. Only `serve` pays it this way, and the binary still
// works alone from any directory.
#include <dlfcn.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <ostream>
#include <string>

#include "cli/cli.h"

// The module's bytes, placed by the assembler (.incbin) so the build needs no
// generated source for a file of this size.
extern "C" const char sitegen_serve_module_begin[];
extern "C" const char sitegen_serve_module_end[];
asm(".section .rodata\n"
    ".balign 64\n"
    ".globl sitegen_serve_module_begin\n"
    "sitegen_serve_module_begin:\n"
    ".incbin \"" SITEGEN_SERVE_MODULE
    "\"\n"
    ".globl sitegen_serve_module_end\n"
    "sitegen_serve_module_end:\n"
    ".previous\n");

namespace sitegen {

namespace {

bool write_all(int fd, const char* p, size_t n) {
  while (n > 0) {
    ssize_t w = ::write(fd, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    p += w;
    n -= static_cast<size_t>(w);
  }
  return true;
}

// A file holding the module: an anonymous memory file where the kernel has them,
// otherwise a temporary file that is unlinked as soon as it is loaded.
int module_file(std::string* path, bool* unlink_after, std::string* err) {
  const char* bytes = sitegen_serve_module_begin;
  size_t size = static_cast<size_t>(sitegen_serve_module_end - sitegen_serve_module_begin);
  int fd = memfd_create("sitegen-serve", MFD_CLOEXEC);
  *unlink_after = false;
  if (fd >= 0) {
    *path = "/proc/self/fd/" + std::to_string(fd);
  } else {
    std::error_code ec;
    std::filesystem::path dir = std::filesystem::temp_directory_path(ec);
    if (ec) dir = "/tmp";
    std::string tmpl = (dir / "sitegen-serve-XXXXXX").string();
    fd = mkstemp(tmpl.data());
    if (fd < 0) {
      *err = "cannot create a temporary file in " + dir.string() + ": " + std::strerror(errno);
      return -1;
    }
    *path = tmpl;
    *unlink_after = true;
  }
  if (!write_all(fd, bytes, size)) {
    *err = std::string("cannot write the server module: ") + std::strerror(errno);
    ::close(fd);
    if (*unlink_after) ::unlink(path->c_str());
    return -1;
  }
  return fd;
}

}  // namespace

int cmd_serve(const std::vector<std::string>& args, Io io) {
  std::string path, err;
  bool unlink_after = false;
  int fd = module_file(&path, &unlink_after, &err);
  if (fd < 0) {
    io.err << "sitegen: error: " << err << "\n";
    return kExitErrors;
  }
  void* module = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  const char* why = module ? nullptr : dlerror();
  if (unlink_after) ::unlink(path.c_str());
  ::close(fd);
  if (!module) {
    io.err << "sitegen: error: cannot load the server (" << (why ? why : "unknown error")
           << "); is libcpp-httplib installed?\n";
    return kExitErrors;
  }
  using Entry = int (*)(const std::vector<std::string>*, Io*);
  auto entry = reinterpret_cast<Entry>(dlsym(module, "sitegen_serve_main"));
  if (!entry) {
    io.err << "sitegen: error: the server module has no entry point\n";
    return kExitErrors;
  }
  // The module stays loaded until exit: its threads and static objects end with it.
  return entry(&args, &io);
}

}  // namespace sitegen
