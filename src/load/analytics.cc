// load_analytics (analytics.h).
#include "load/analytics.h"

#include <algorithm>

#include "text/ascii.h"

namespace sitegen {

namespace {

// An https URL that can stand in an HTML attribute as it is: no space, quote or angle
// bracket, and a host after the scheme.
bool script_url(std::string_view s) {
  if (!s.starts_with("https://") || s.size() <= 8 || s[8] == '/') return false;
  return std::none_of(s.begin(), s.end(), [](char c) {
    return c == '"' || c == '\'' || c == '<' || c == '>' || c == '`' || c == '\\' ||
           static_cast<unsigned char>(c) <= ' ';
  });
}

// A host name: labels of letters, digits and `-`, joined by dots ("example.org").
bool host_name(std::string_view s) {
  if (s.empty() || s.front() == '.' || s.back() == '.' || s.find("..") != s.npos) return false;
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return is_alpha(c) || is_digit(c) || c == '-' || c == '.'; });
}

// GoatCounter's site code: lower-case letters, digits and `-`.
bool goatcounter_code(std::string_view s) {
  return !s.empty() && s.front() != '-' && std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || is_digit(c) || c == '-';
  });
}

// 8-4-4-4-12 hexadecimal digits.
bool uuid(std::string_view s) {
  if (s.size() != 36) return false;
  for (size_t i = 0; i < s.size(); ++i) {
    bool dash = i == 8 || i == 13 || i == 18 || i == 23;
    if (dash ? s[i] != '-'
             : !(is_digit(s[i]) || (s[i] >= 'a' && s[i] <= 'f') || (s[i] >= 'A' && s[i] <= 'F')))
      return false;
  }
  return true;
}

// "G-" and upper-case letters and digits.
bool ga4_id(std::string_view s) {
  return s.size() > 2 && s.starts_with("G-") && std::all_of(s.begin() + 2, s.end(), [](char c) {
           return (c >= 'A' && c <= 'Z') || is_digit(c);
         });
}

}  // namespace

void load_analytics(const TomlNode& table, AnalyticsSettings& a, Diagnostics& diags) {
  TableReader r(table, "[analytics]", diags);
  auto error = [&](std::string_view key, const std::string& message, std::string* out) {
    diags.error(r.find(key)->loc, message);
    out->clear();
  };
  if (r.string("goatcounter", &a.goatcounter)) {
    if (goatcounter_code(a.goatcounter))
      a.goatcounter = "https://" + a.goatcounter + ".goatcounter.com/count";
    else if (!script_url(a.goatcounter) || !a.goatcounter.ends_with("/count"))
      error("goatcounter",
            "`goatcounter` must be your GoatCounter site's code, such as \"ada\" (for "
            "ada.goatcounter.com), or its count URL such as "
            "\"https://ada.goatcounter.com/count\", not `" +
                a.goatcounter + "`",
            &a.goatcounter);
  }
  if (r.string("plausible", &a.plausible) && !host_name(a.plausible))
    error("plausible",
          "`plausible` must be the site's domain as Plausible knows it, such as "
          "\"ada.example.org\" (no https:// and no path), not `" +
              a.plausible + "`",
          &a.plausible);
  if (r.string("plausible_script", &a.plausible_script)) {
    if (!script_url(a.plausible_script))
      error("plausible_script",
            "`plausible_script` must be the https URL of a self-hosted Plausible's script, such "
            "as \"https://plausible.example.org/js/script.js\", not `" +
                a.plausible_script + "`",
            &a.plausible_script);
    else if (!r.find("plausible"))
      error("plausible_script",
            "`plausible_script` is where Plausible's script is: set `plausible` (the site's "
            "domain) too",
            &a.plausible_script);
  }
  if (r.string("umami", &a.umami) && !uuid(a.umami))
    error("umami",
          "`umami` must be the website id Umami shows under Settings > Websites, a UUID such "
          "as \"4fb7fa4c-5b46-438d-94b3-3a8fb9bc2e8b\", not `" +
              a.umami + "`",
          &a.umami);
  if (r.string("umami_script", &a.umami_script)) {
    if (!script_url(a.umami_script))
      error("umami_script",
            "`umami_script` must be the https URL of Umami's script, such as "
            "\"https://umami.example.org/script.js\", not `" +
                a.umami_script + "`",
            &a.umami_script);
    else if (!r.find("umami"))
      error("umami_script",
            "`umami_script` is where Umami's script is: set `umami` (the website id) too",
            &a.umami_script);
  }
  if (r.string("google", &a.google) && !ga4_id(a.google))
    error("google",
          "`google` must be a Google Analytics 4 measurement id, \"G-\" and letters and "
          "digits such as \"G-1A2B3C4D5E\", not `" +
              a.google + "`" +
              (a.google.starts_with("UA-") ? " (Universal Analytics ids stopped counting in 2023)"
                                           : ""),
          &a.google);
  r.finish();
}

}  // namespace sitegen
