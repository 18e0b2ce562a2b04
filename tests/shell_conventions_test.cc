// The completion scripts, the manual page and `sitegen help` say what --help says: each
// is written from the command table, and these tests read every command's --help back
// and look for each of its parts in them. (tests/completions_test.sh runs the scripts in
// bash, zsh and fish, and the page through groff.)
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "cli/cli.h"
#include "cli/help_spec.h"
#include "support/run_cli.h"

using namespace sitegen;
using sitegen::testing::Run;
using sitegen::testing::run;

namespace {

// Text as the manual page writes it (manpage.cc's roff()).
std::string roff(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '-')
      out += "\\-";
    else if (c == '\\')
      out += "\\e";
    else if (c == '\'')
      out += "\\(aq";
    else if (c == '`')
      out += "\\(ga";
    else if (c == '"')
      out += "\\(dq";
    else
      out += c;
  }
  return out;
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("help spec: every command's --help is read back whole") {
  for (const CommandSpec& s : command_specs()) {
    CAPTURE(s.name);
    CHECK(s.errors == std::vector<std::string>{});
    CHECK_FALSE(s.usage_lines.empty());
    CHECK_FALSE(s.paragraphs.empty());
  }
  // One command's spec in full: usage words, option names and values, descriptions.
  for (const Command& c : commands()) {
    if (std::string(c.name) != "build") continue;
    CommandSpec b = parse_help(c);
    REQUIRE(b.usages.size() == 1);
    REQUIRE(b.usages[0].size() == 1);
    CHECK(b.usages[0][0].placeholder == "CONTENT");
    CHECK(b.usages[0][0].optional);
    REQUIRE_FALSE(b.options.empty());
    CHECK(b.options[0].names == std::vector<std::string>{"-o", "--output"});
    CHECK(b.options[0].value == "DIR");
    CHECK(b.options[0].description == "where to write the site (default: public/)");
  }
  CHECK(value_kind("--person", "ID") == ValueKind::kMember);
  CHECK(value_kind("--language", "TAG") == ValueKind::kLanguage);
  CHECK(value_kind("", "bash|zsh|fish") == ValueKind::kWords);
  CHECK(builtin_language_tags() ==
        std::vector<std::string>{"de", "en", "es", "fr", "ja", "ko", "pt", "zh", "zh-Hant"});
}

TEST_CASE("help: `sitegen help COMMAND` prints COMMAND --help and refuses an unknown command") {
  for (const Command& c : commands()) {
    CAPTURE(c.name);
    Run h = run({"help", c.name});
    CHECK(h.code == 0);
    CHECK(h.out == run({c.name, "--help"}).out);
    CHECK(h.out == c.usage);
  }
  CHECK(run({"help"}).out == run({"--help"}).out);
  Run bad = run({"help", "bild"});
  CHECK(bad.code == 2);
  CHECK(bad.out == "");
  CHECK(bad.err == "sitegen: unknown command `bild`; run `sitegen --help` for the list\n");
  CHECK(run({"help", "build", "check"}).err == "usage: sitegen help [COMMAND]\n");
}

TEST_CASE("man: sitegen(1) holds every command, usage line, description line and option") {
  Run m = run({"man"});
  REQUIRE(m.code == 0);
  CHECK(m.out.starts_with(".\\\" sitegen(1), written by `sitegen man`"));
  CHECK(has(m.out, std::string(".TH SITEGEN 1 \"\" \"sitegen ") + SITEGEN_VERSION + "\""));
  CHECK(has(m.out, std::string(".SH NAME\nsitegen \\- ") + roff(kSitegenTagline) + "\n"));
  for (const CommandSpec& s : command_specs()) {
    CAPTURE(s.name);
    CHECK(has(m.out, ".SS " + s.name + "\n" + roff(s.summary) + ".\n"));
    for (const std::string& u : s.usage_lines)
      CHECK(
          has(m.out, "\\fBsitegen " + s.name + "\\fR" + roff(u.substr(8 + s.name.size())) + "\n"));
    for (const auto& p : s.paragraphs)
      for (const std::string& line : p) {
        std::string text = line.substr(line.find_first_not_of(' '));
        CHECK(has(m.out, roff(text) + "\n"));
      }
    for (const OptionSpec& o : s.options) {
      std::string head;
      for (const std::string& n : o.names)
        head += (head.empty() ? "" : ", ") + ("\\fB" + roff(n) + "\\fR");
      if (!o.value.empty()) head += " \\fI" + roff(o.value) + "\\fR";
      CHECK(has(m.out, ".TP\n" + head + "\n" + roff(o.description) + "\n"));
    }
  }
  CHECK(run({"man", "x"}).code == 2);
}

TEST_CASE("completions: every command, option, usage word and language in bash, zsh and fish") {
  Run bash = run({"completions", "bash"}), zsh = run({"completions", "zsh"}),
      fish = run({"completions", "fish"});
  REQUIRE(bash.code == 0);
  REQUIRE(zsh.code == 0);
  REQUIRE(fish.code == 0);
  CHECK(has(bash.out, "\ncomplete -F _sitegen sitegen\n"));
  CHECK(zsh.out.starts_with("#compdef sitegen\n"));
  CHECK(has(fish.out, "\ncomplete -c sitegen -f -a '(__sitegen_complete)'\n"));
  for (const CommandSpec& s : command_specs()) {
    CAPTURE(s.name);
    CHECK(has(bash.out, "\n    " + s.name + ")\n      options='"));
    CHECK(has(zsh.out, "\n    '" + s.name + ":"));
    CHECK(has(fish.out, "printf '%s\\t%s\\n' '" + s.name + "' '"));
    for (const OptionSpec& o : s.options)
      for (const std::string& n : o.names) {
        CAPTURE(n);
        CHECK(has(bash.out, " " + n + " ") + has(bash.out, "'" + n + " ") > 0);
        CHECK(has(zsh.out, "'" + n + ":"));
        CHECK(has(fish.out, "'" + n + "\t"));
      }
  }
  std::string tags;
  for (const std::string& tag : builtin_language_tags()) tags += (tags.empty() ? "" : " ") + tag;
  CHECK(tags == "de en es fr ja ko pt zh zh-Hant");
  CHECK(
      has(bash.out, "language) mapfile -t COMPREPLY < <(compgen -W \"" + tags + "\" -- \"$cur\")"));
  CHECK(has(zsh.out, "language) compadd -- " + tags + " ;;"));
  CHECK(has(fish.out, "case language\n            printf '%s\\n' " + tags + "\n"));
  Run bad = run({"completions", "tcsh"});
  CHECK(bad.code == 2);
  CHECK(bad.err == "sitegen: no completions for `tcsh`: choose bash, zsh or fish\n");
}
