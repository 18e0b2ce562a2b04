// analytics_html (view_analytics.h). The services' keys were checked when loaded
// (load/analytics.h): they hold no quote or angle bracket, and are escaped all the same.
#include "view/view_analytics.h"

#include "text/escape.h"

namespace sitegen {

namespace {

std::string attr(std::string_view value) {
  std::string out;
  append_html_escaped(out, value);
  return out;
}

}  // namespace

std::string analytics_html(const AnalyticsSettings& a) {
  std::string out;
  // GoatCounter sets no cookie. Its own script, for goatcounter.com's sites; a
  // self-hosted GoatCounter serves count.js beside /count.
  if (!a.goatcounter.empty()) {
    std::string base = a.goatcounter.substr(0, a.goatcounter.size() - 5);  // without "count"
    bool hosted = base.ends_with(".goatcounter.com/");
    out += "<script data-goatcounter=\"" + attr(a.goatcounter) + "\" async src=\"" +
           (hosted ? std::string("https://gc.zgo.at/count.js") : attr(base + "count.js")) +
           "\"></script>\n";
  }
  // Plausible sets no cookie and keeps no IP address.
  if (!a.plausible.empty())
    out += "<script defer data-domain=\"" + attr(a.plausible) + "\" src=\"" +
           attr(a.plausible_script.empty() ? "https://plausible.io/js/script.js"
                                           : a.plausible_script) +
           "\"></script>\n";
  // Umami sets no cookie; data-do-not-track leaves out readers whose browser asks it to.
  if (!a.umami.empty())
    out += "<script defer src=\"" +
           attr(a.umami_script.empty() ? "https://cloud.umami.is/script.js" : a.umami_script) +
           "\" data-website-id=\"" + attr(a.umami) + "\" data-do-not-track=\"true\"></script>\n";
  // GA4 keeps no IP address in any case; Google signals and ad personalisation are
  // turned off, so the count is not joined to readers' Google accounts or ads.
  if (!a.google.empty())
    out += "<script async src=\"https://www.googletagmanager.com/gtag/js?id=" + attr(a.google) +
           "\"></script>\n<script>\nwindow.dataLayer = window.dataLayer || [];\n"
           "function gtag() { dataLayer.push(arguments); }\ngtag(\"js\", new Date());\n"
           "gtag(\"config\", \"" +
           attr(a.google) +
           "\", { allow_google_signals: false, allow_ad_personalization_signals: false });\n"
           "</script>\n";
  return out;
}

}  // namespace sitegen
