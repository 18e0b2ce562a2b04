// A local stand-in for DBLP, ORCID, OpenAlex and Semantic Scholar: an HTTP server on
// 127.0.0.1 that answers each request target with the responses a test gives it.
#pragma once

#include <httplib.h>

#include <chrono>
#include <deque>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>

#include "support/scoped_env.h"

namespace sitegen::testing {

struct CannedResponse {
  int status = 200;
  std::string body;
  std::string retry_after;  // the Retry-After header, when not empty
  int delay_ms = 0;         // waits this long before answering
};

// A file of tests/data/import/.
inline std::string import_data(const std::string& name) {
  std::ifstream in(std::filesystem::path(SITEGEN_SOURCE_DIR) / "tests/data/import" / name,
                   std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

class ApiServer {
 public:
  ApiServer() {
    server_.Get(".*", [this](const httplib::Request& req, httplib::Response& res) {
      CannedResponse r{404, "{\"error\": \"not found\"}", "", 0};
      {
        std::lock_guard<std::mutex> lock(mutex_);
        requests_.push_back(req.target);
        user_agent_ = req.get_header_value("User-Agent");
        auto it = routes_.find(req.target);
        if (it != routes_.end() && !it->second.empty()) {
          r = it->second.front();
          if (it->second.size() > 1) it->second.pop_front();  // the last one stays
        }
      }
      if (r.delay_ms) std::this_thread::sleep_for(std::chrono::milliseconds(r.delay_ms));
      res.status = r.status;
      if (!r.retry_after.empty()) res.set_header("Retry-After", r.retry_after);
      res.set_content(r.body, "application/json");
    });
    port_ = server_.bind_to_any_port("127.0.0.1");
    thread_ = std::thread([this] { server_.listen_after_bind(); });
    while (!server_.is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ~ApiServer() {
    server_.stop();
    thread_.join();
  }
  ApiServer(const ApiServer&) = delete;
  ApiServer& operator=(const ApiServer&) = delete;

  // Answers `target` (path and query, as sent) with these responses in turn.
  void on(const std::string& target, std::deque<CannedResponse> responses) {
    std::lock_guard<std::mutex> lock(mutex_);
    routes_[target] = std::move(responses);
  }
  void on(const std::string& target, const std::string& body) { on(target, {{200, body, "", 0}}); }

  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_); }
  std::vector<std::string> requests() {
    std::lock_guard<std::mutex> lock(mutex_);
    return requests_;
  }
  std::string user_agent() {
    std::lock_guard<std::mutex> lock(mutex_);
    return user_agent_;
  }

 private:
  httplib::Server server_;
  std::thread thread_;
  int port_ = 0;
  std::mutex mutex_;
  std::map<std::string, std::deque<CannedResponse>> routes_;
  std::vector<std::string> requests_;
  std::string user_agent_;
};

}  // namespace sitegen::testing
