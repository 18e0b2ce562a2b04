// `sitegen serve`: argument parsing, waiting for the user to stop it, and --open.
#include <chrono>
#include <filesystem>
#include <ostream>
#include <thread>

#include "base/cache_dir.h"
#include "cli/cli.h"
#include "cli/open_url.h"
#include "cli/stop_signals.h"
#include "images/image_cache.h"
#include "serve/serve.h"

namespace sitegen {

namespace {

struct ServeArgs {
  ServeOptions options;
  bool open = false;
  bool content_given = false;
};

bool parse_port(const std::string& text, int* port) {
  if (text.empty() || text.size() > 5 || text.find_first_not_of("0123456789") != std::string::npos)
    return false;
  *port = std::stoi(text);
  return *port <= 65535;
}

bool parse_args(const std::vector<std::string>& args, ServeArgs* a, Io io) {
  bool have_content = false;
  for (size_t i = 0; i < args.size(); ++i) {
    std::string arg = args[i];
    std::string value;
    bool has_value = false;
    if (size_t eq = arg.find('='); arg.rfind("--", 0) == 0 && eq != std::string::npos) {
      value = arg.substr(eq + 1);
      arg.resize(eq);
      has_value = true;
    }
    auto need_value = [&] { return has_value || option_value(args, i, &value, io); };
    if (arg == "--port" || arg == "-p") {
      if (!need_value()) return false;
      if (!parse_port(value, &a->options.port)) {
        io.err << "sitegen: --port needs a number from 0 to 65535, not `" << value << "`\n";
        return false;
      }
      a->options.port_tries = 1;  // a port asked for is that port or an error
    } else if (arg == "--bind") {
      if (!need_value()) return false;
      if (value.empty()) {
        io.err << "sitegen: --bind needs an address, e.g. 127.0.0.1\n";
        return false;
      }
      a->options.bind = value;
    } else if (arg == "--theme-dir") {
      if (!need_value()) return false;
      a->options.theme_search_dir = value;
    } else if (arg == "--open" && !has_value) {
      a->open = true;
    } else if (arg == "--pdf" && !has_value) {
      a->options.cv_pdf = true;
    } else if (arg == "--poll" && !has_value) {
      a->options.poll = true;
    } else if (!arg.empty() && arg[0] == '-') {
      io.err << "sitegen: unknown option `" << args[i] << "`; see --help\n";
      return false;
    } else if (!have_content) {
      a->options.content_dir = arg;
      have_content = true;
    } else {
      io.err << "sitegen: unexpected argument `" << arg << "`; see --help\n";
      return false;
    }
  }
  if (!have_content) a->options.content_dir = default_content_dir();
  a->options.image_cache_dir = default_image_cache_dir();
  a->options.code_cache_dir = default_cache_dir("code");
  a->content_given = have_content;
  return true;
}

bool is_loopback(const std::string& host) {
  return host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

}  // namespace

int cmd_serve(const std::vector<std::string>& args, Io io) {
  ServeArgs a;
  if (!parse_args(args, &a, io)) return kExitUsage;
  if (std::string missing = no_content_message("serve", a.options.content_dir, a.content_given);
      !missing.empty()) {
    io.err << "sitegen: error: " << missing << "\n";
    return kExitErrors;
  }
  if (!is_loopback(a.options.bind))
    io.err << "sitegen: warning: serving on " << a.options.bind
           << ", so other machines on the network can see your draft site; the preview server "
              "is meant for 127.0.0.1\n";

  ServeStopSignals stop_signals;  // before any thread starts
  int rc = kExitOk;
  {
    Server server(a.options, io.out, io.err);
    std::string err;
    if (!server.start(&err)) {
      io.err << "sitegen: error: " << err << "\n";
      rc = kExitErrors;
    } else {
      io.out << "serving " << server.url() << "\n";
      if (!server.watch_note().empty()) io.out << "note: " << server.watch_note() << "\n";
      io.out << "watching " << a.options.content_dir << " for changes; press Ctrl+C to stop\n"
             << std::flush;
      pid_t browser = -1;
      if (a.open && (browser = open_url(server.url(), &err)) < 0)
        io.err << "sitegen: --open: " << err << "; open " << server.url() << " yourself\n";
      // Looks every 100 ms, so a server that ended by itself is noticed too; POSIX has
      // no waiting for a signal with a timeout on every system (sigtimedwait).
      while (server.running() && !stop_signals.requested())
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
      server.stop();
      reap_opener(browser);
      io.out << "stopped\n" << std::flush;
    }
  }
  return rc;
}

}  // namespace sitegen
