// Opening a URL on Windows: the shell hands it to the default browser, and no process of
// sitegen's own is left to wait for.
#include <windows.h>

#include <shellapi.h>

#include "base/wide_text_win32.h"
#include "cli/open_url.h"

namespace sitegen {

const char* const kOpenUrlProgram = "the default browser";

pid_t open_url(const std::string& url, std::string* err) {
  auto rc = reinterpret_cast<INT_PTR>(
      ShellExecuteW(nullptr, L"open", to_wide(url).c_str(), nullptr, nullptr, SW_SHOWNORMAL));
  if (rc > 32) return 0;  // ShellExecute's way of saying it worked
  *err =
      std::string("cannot open ") + kOpenUrlProgram + " (" + windows_message(GetLastError()) + ")";
  return -1;
}

void reap_opener(pid_t) {}

}  // namespace sitegen
