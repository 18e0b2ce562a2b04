// The loopback server the printing browser loads the CV from: one folder (the print
// copy of the pages and the theme's files) at 127.0.0.1 on a port the system picks. Its
// answers carry a Content-Security-Policy that lets a page load nothing but these files,
// and it answers only requests addressed to itself, so that as the browser's proxy it
// turns away every other address (see cv_pdf.cc).
#pragma once

#include <memory>
#include <string>

namespace sitegen {

class PrintServer {
 public:
  PrintServer();
  ~PrintServer();  // stops serving
  PrintServer(const PrintServer&) = delete;
  PrintServer& operator=(const PrintServer&) = delete;

  // Serves the files below `folder` until destroyed. False, with `err` set, when no
  // loopback port can be had.
  bool start(const std::string& folder, std::string* err);
  // "127.0.0.1:40123"
  std::string host() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The Content-Security-Policy of every answer: the page's own origin, inline scripts and
// styles (the theme writes some), and data: URLs; nothing else.
extern const char kPrintContentSecurityPolicy[];

}  // namespace sitegen
