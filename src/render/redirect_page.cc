// Redirect pages (see redirect_page.h). No theme template: the page is seen for an
// instant, and must stay valid whatever the theme does.
#include "render/redirect_page.h"

#include "text/escape.h"

namespace sitegen {

std::string redirect_page(const Redirect& redirect, const Site& site, const Urls& urls) {
  const UiStrings ui = site.ui.text.empty() ? builtin_ui_strings(site.language) : site.ui;
  // Where the browser goes: a path of the site below the base path, or the address given.
  std::string href = urls.content(redirect.to);
  std::string full = urls.full(href);
  std::string title = html_escape(ui.get("moved_title"));
  return "<!DOCTYPE html>\n<html lang=\"" + html_escape(site.language) +
         "\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
         "<meta name=\"color-scheme\" content=\"light dark\">\n"
         // The system's own colours, named: with none set, checkers take the background
         // for white in the dark scheme, where the browser draws it dark.
         "<style>html{background:Canvas;color:CanvasText}</style>\n"
         "<meta name=\"robots\" content=\"noindex\">\n"
         "<title>" +
         title + "</title>\n<link rel=\"canonical\" href=\"" + html_escape(full) +
         "\">\n<meta http-equiv=\"refresh\" content=\"0; url=" + html_escape(href) +
         "\">\n</head>\n<body>\n<main>\n<h1>" + title + "</h1>\n<p>" +
         html_escape(ui.get("moved_to")) + " <a href=\"" + html_escape(href) + "\">" +
         html_escape(full) + "</a></p>\n</main>\n</body>\n</html>\n";
}

}  // namespace sitegen
