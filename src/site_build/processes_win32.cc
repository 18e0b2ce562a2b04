// The child processes of a build on Windows: run_child (the Python that highlights code)
// and run_browser (the browser that prints cv.pdf), with CreateProcessW. The browser runs
// in a job object, so that ending the job ends its helper processes too, as a process
// group does on POSIX systems; Ctrl+C reaches StopSignals through the console's handler.
#include <windows.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cwctype>
#include <filesystem>
#include <random>
#include <thread>

#include "base/wide_text_win32.h"
#include "site_build/browser_process.h"
#include "site_build/child_process.h"

namespace fs = std::filesystem;

namespace sitegen {

namespace {

// One argument as the C runtime of the program started splits its command line: quoted
// when it has a space, tab or quote, with backslashes doubled before a quote.
std::wstring quote_argument(const std::wstring& a) {
  if (!a.empty() && a.find_first_of(L" \t\n\v\"") == std::wstring::npos) return a;
  std::wstring out = L"\"";
  for (size_t i = 0;; ++i) {
    size_t backslashes = 0;
    for (; i < a.size() && a[i] == L'\\'; ++i) ++backslashes;
    if (i == a.size()) {
      out.append(backslashes * 2, L'\\');
      break;
    }
    out.append(a[i] == L'"' ? backslashes * 2 + 1 : backslashes, L'\\');
    out += a[i];
  }
  return out + L"\"";
}

std::wstring command_line(const std::vector<std::string>& argv) {
  std::wstring line;
  for (const std::string& a : argv)
    line += (line.empty() ? L"" : L" ") + quote_argument(to_wide(a));
  return line;
}

// Closes a handle once, wherever the code leaves.
struct Handle {
  HANDLE h = nullptr;
  Handle() = default;
  explicit Handle(HANDLE handle) : h(handle == INVALID_HANDLE_VALUE ? nullptr : handle) {}
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  ~Handle() { close(); }
  void close() {
    if (h) CloseHandle(h);
    h = nullptr;
  }
};

// A pipe whose end `keep` (0: read, 1: write) stays with sitegen and is not inherited.
bool make_pipe(Handle* read, Handle* write, int keep) {
  SECURITY_ATTRIBUTES sa{sizeof sa, nullptr, TRUE};
  HANDLE r = nullptr, w = nullptr;
  if (!CreatePipe(&r, &w, &sa, 0)) return false;
  read->h = r;
  write->h = w;
  SetHandleInformation(keep == 0 ? r : w, HANDLE_FLAG_INHERIT, 0);
  return true;
}

// The start of a program whose stdin, stdout and stderr are these (inheritable) handles.
STARTUPINFOW with_handles(HANDLE in, HANDLE out, HANDLE err) {
  STARTUPINFOW si{};
  si.cb = sizeof si;
  si.dwFlags = STARTF_USESTDHANDLES;
  si.hStdInput = in;
  si.hStdOutput = out;
  si.hStdError = err;
  return si;
}

void read_all(HANDLE h, std::string* out) {
  char buf[1 << 16];
  DWORD n = 0;
  while (ReadFile(h, buf, sizeof buf, &n, nullptr) && n > 0) out->append(buf, n);
}

std::atomic<int> g_stop_signal{0};

BOOL WINAPI note_stop(DWORD event) {
  if (event == CTRL_C_EVENT || event == CTRL_BREAK_EVENT) {
    g_stop_signal = SIGINT;
    return TRUE;
  }
  if (event == CTRL_CLOSE_EVENT || event == CTRL_SHUTDOWN_EVENT) {
    g_stop_signal = SIGTERM;
    return TRUE;
  }
  return FALSE;
}

bool is_program(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

std::wstring upper(std::wstring s) {
  std::transform(s.begin(), s.end(), s.begin(), [](wchar_t c) { return std::towupper(c); });
  return s;
}

// This process's environment with `env` ("NAME=value") replacing variables of the same
// name (names compare without case on Windows), sorted by name as CreateProcessW expects.
std::wstring environment_block(const std::vector<std::string>& env) {
  std::vector<std::wstring> vars;
  if (wchar_t* block = GetEnvironmentStringsW()) {
    for (const wchar_t* e = block; *e; e += wcslen(e) + 1) vars.emplace_back(e);
    FreeEnvironmentStringsW(block);
  }
  auto name = [](const std::wstring& v) { return upper(v.substr(0, v.find(L'=', 1))); };
  for (const std::string& mine : env) {
    std::wstring w = to_wide(mine);
    std::erase_if(vars, [&](const std::wstring& v) { return name(v) == name(w); });
    vars.push_back(std::move(w));
  }
  std::stable_sort(vars.begin(), vars.end(),
                   [&](const std::wstring& a, const std::wstring& b) { return name(a) < name(b); });
  std::wstring block;
  for (const std::wstring& v : vars) block += v + L'\0';
  return block + L'\0';
}

}  // namespace

std::string resolve_command(const std::string& name) {
  if (name.empty()) return "";
  fs::path given = fs::path(to_wide(name));
  if (name.find_first_of("/\\") != std::string::npos)
    return is_program(given) ? name : is_program(fs::path(given) += L".exe") ? name + ".exe" : "";
  std::wstring path = _wgetenv(L"PATH") ? _wgetenv(L"PATH") : L"";
  for (size_t start = 0; start < path.size();) {
    size_t end = std::min(path.find(L';', start), path.size());
    fs::path dir = path.substr(start, end - start);
    start = end + 1;
    if (dir.empty()) continue;
    for (const wchar_t* ext : {L"", L".exe"})
      if (fs::path p = (dir / given) += ext; is_program(p)) return from_wide(p.native());
  }
  // Chrome and Edge (on every Windows 10 and 11) install themselves off PATH.
  if (name == "chrome") {
    for (const wchar_t* var : {L"ProgramFiles", L"ProgramFiles(x86)", L"LOCALAPPDATA"}) {
      const wchar_t* root = _wgetenv(var);
      if (!root) continue;
      for (const wchar_t* exe : {L"Google\\Chrome\\Application\\chrome.exe",
                                 L"Microsoft\\Edge\\Application\\msedge.exe"})
        if (fs::path p = fs::path(root) / exe; is_program(p)) return from_wide(p.native());
    }
  }
  return "";
}

// An administrator's browser keeps its sandbox on Windows.
bool running_as_root() {
  return false;
}

// The temporary folder is the user's own on Windows (below their profile).
fs::path make_temp_dir(const std::string& prefix) {
  std::error_code ec;
  fs::path tmp = fs::temp_directory_path(ec);
  if (ec) return fs::path();
  std::random_device random;
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::string name = prefix;
    for (int i = 0; i < 6; ++i) name += "abcdefghijklmnopqrstuvwxyz0123456789"[random() % 36];
    fs::path dir = tmp / fs::path(to_wide(name));
    if (CreateDirectoryW(dir.c_str(), nullptr)) return dir;
    if (GetLastError() != ERROR_ALREADY_EXISTS) break;
  }
  return fs::path();
}

ChildRun run_child(const std::vector<std::string>& argv, std::string_view input, int timeout_s) {
  ChildRun run;
  Handle in_r, in_w, out_r, out_w, err_r, err_w;
  if (!make_pipe(&in_r, &in_w, 1) || !make_pipe(&out_r, &out_w, 0) ||
      !make_pipe(&err_r, &err_w, 0)) {
    run.error = windows_message(GetLastError());
    return run;
  }
  STARTUPINFOW si = with_handles(in_r.h, out_w.h, err_w.h);
  PROCESS_INFORMATION pi{};
  std::wstring line = command_line(argv);
  if (!CreateProcessW(nullptr, line.data(), nullptr, nullptr, TRUE, CREATE_NO_WINDOW, nullptr,
                      nullptr, &si, &pi)) {
    run.error = windows_message(GetLastError());
    return run;
  }
  Handle process(pi.hProcess), thread(pi.hThread);
  run.started = true;
  // The child's ends are its own now: when it exits, reading ours ends.
  in_r.close();
  out_w.close();
  err_w.close();
  std::thread writer([&] {
    for (std::string_view rest = input; !rest.empty();) {
      DWORD n = 0;
      DWORD want = DWORD(std::min<size_t>(rest.size(), 1u << 20));
      if (!WriteFile(in_w.h, rest.data(), want, &n, nullptr)) break;  // it stopped reading
      rest.remove_prefix(n);
    }
    in_w.close();
  });
  std::thread errors([&] { read_all(err_r.h, &run.err); });
  std::thread output([&] { read_all(out_r.h, &run.out); });
  if (WaitForSingleObject(process.h, DWORD(timeout_s) * 1000) == WAIT_TIMEOUT) {
    run.timed_out = true;
    TerminateProcess(process.h, 1);
    WaitForSingleObject(process.h, INFINITE);
  } else if (DWORD code = 0; GetExitCodeProcess(process.h, &code)) {
    run.status = int(code);
  }
  writer.join();
  errors.join();
  output.join();
  return run;
}

struct StopSignals::Saved {};

StopSignals::StopSignals(const std::atomic<bool>* stop) : stop_(stop) {
  g_stop_signal = 0;
  installed_ = SetConsoleCtrlHandler(note_stop, TRUE) != 0;
}

StopSignals::~StopSignals() {
  if (!installed_) return;
  SetConsoleCtrlHandler(note_stop, FALSE);
  int sig = g_stop_signal.exchange(0);
  if (sig != 0) raise(sig);  // the C runtime's handling: the end sitegen had without us
}

int StopSignals::caught() const {
  if (int sig = g_stop_signal; installed_ && sig != 0) return sig;
  if (stop_ && stop_->load()) return -1;
  return 0;
}

BrowserExit run_browser(const std::vector<std::string>& argv, const std::vector<std::string>& env,
                        const std::string& log, int timeout_s, const StopSignals& stop) {
  BrowserExit exit;
  SECURITY_ATTRIBUTES sa{sizeof sa, nullptr, TRUE};
  Handle nul(CreateFileW(L"NUL", GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE, &sa,
                         OPEN_EXISTING, 0, nullptr));
  Handle out(CreateFileW(to_wide(log).c_str(), GENERIC_WRITE, FILE_SHARE_READ, &sa, CREATE_ALWAYS,
                         FILE_ATTRIBUTE_NORMAL, nullptr));
  // Closing the job (at the latest when sitegen ends) ends every process in it.
  Handle job(CreateJobObjectW(nullptr, nullptr));
  if (!nul.h || !out.h || !job.h) return exit;
  JOBOBJECT_EXTENDED_LIMIT_INFORMATION limits{};
  limits.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
  SetInformationJobObject(job.h, JobObjectExtendedLimitInformation, &limits, sizeof limits);
  STARTUPINFOW si = with_handles(nul.h, out.h, out.h);
  PROCESS_INFORMATION pi{};
  std::wstring line = command_line(argv);
  std::wstring vars = environment_block(env);
  // Suspended until it is in the job, so that no helper it starts can escape the job.
  if (!CreateProcessW(nullptr, line.data(), nullptr, nullptr, TRUE,
                      CREATE_SUSPENDED | CREATE_NO_WINDOW | CREATE_UNICODE_ENVIRONMENT, vars.data(),
                      nullptr, &si, &pi))
    return exit;
  Handle process(pi.hProcess), thread(pi.hThread);
  AssignProcessToJobObject(job.h, process.h);
  ResumeThread(thread.h);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_s);
  while (WaitForSingleObject(process.h, 20) == WAIT_TIMEOUT) {
    exit.stopped_by = stop.caught();
    exit.timed_out = std::chrono::steady_clock::now() > deadline;
    if (exit.stopped_by != 0 || exit.timed_out) break;
  }
  if (DWORD code = 0; !exit.timed_out && exit.stopped_by == 0 &&
                      GetExitCodeProcess(process.h, &code) && code != STILL_ACTIVE)
    exit.status = int(code);
  // Its helpers too: they would keep files in its folder open.
  TerminateJobObject(job.h, 1);
  WaitForSingleObject(process.h, 2000);
  return exit;
}

}  // namespace sitegen
