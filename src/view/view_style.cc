// site.toml's [style] fonts as the theme sees them: flags for its own fonts, and a
// self-hosted family's @font-face rules with the custom properties that name it.
#include <cctype>

#include "view/view.h"
#include "view/view_data.h"

namespace sitegen {

namespace {

std::string font_format(const std::string& rel) {
  std::string ext = rel.substr(rel.rfind('.') + 1);
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (ext == "woff2" || ext == "woff") return ext;
  return ext == "ttf" ? "truetype" : "opentype";
}

// A file whose name says "italic" is the family's italic; every other one its upright.
bool italic_file(const std::string& rel) {
  std::string name = rel.substr(rel.rfind('/') + 1);
  for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return name.find("italic") != std::string::npos;
}

}  // namespace

void View::put_style() {
  const StyleSettings& style = site_.style;
  bool own_font = !style.font_family.empty();
  Data s;
  put(s, "system_fonts", data_flag(style.system_fonts));
  put(s, "bundled_fonts", data_flag(!style.system_fonts && !own_font));
  put(common_, "style", std::move(s));
  if (!own_font) return;
  std::string family = css_string(style.font_family);
  std::string css = "<style>\n";
  for (const std::string& rel : style.font_files)
    css += "@font-face { font-family: " + family +
           "; font-style: " + (italic_file(rel) ? "italic" : "normal") +
           "; font-weight: " + style.font_weight + "; font-display: swap; src: url(" +
           css_string(urls_.content(rel)) + ") format(\"" + font_format(rel) + "\"); }\n";
  css += ":root { --font-text: " + family + "; --font-headings: " + family + "; }\n</style>\n";
  font_style_html_ = std::move(css);
}

}  // namespace sitegen
