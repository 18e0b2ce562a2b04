// The files of a migrated content tree (see content_write.h). Keys are written in the
// order docs/content-format.md lists them; empty values are left out.
#include "import/content_write.h"

#include "text/strings.h"

namespace sitegen {

namespace {

std::string comment(std::string_view text) {
  std::string out;
  for (size_t start = 0; start <= text.size();) {
    size_t nl = text.find('\n', start);
    std::string_view line = text.substr(start, nl == std::string_view::npos ? nl : nl - start);
    out += line.empty() ? "#\n" : "# " + std::string(line) + "\n";
    if (nl == std::string_view::npos) break;
    start = nl + 1;
  }
  return out;
}

void str(std::string& out, std::string_view key, const std::string& value) {
  if (!value.empty()) out += toml_key(key) + " = " + toml_string(value) + "\n";
}

void strings(std::string& out, std::string_view key, const std::vector<std::string>& values) {
  if (values.empty()) return;
  out += toml_key(key) + " = [";
  for (size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + toml_string(values[i]);
  out += "]\n";
}

void date(std::string& out, std::string_view key, const Date& d) {
  if (d.present)
    out += std::string(key) + " = \"present\"\n";
  else if (!d.empty())
    out += std::string(key) + " = " + toml_string(iso_date(d)) + "\n";
}

// Markdown in a TOML string: one line as a basic string, more as a multi-line one.
void markdown(std::string& out, std::string_view key, const std::string& value) {
  std::string_view v = trim(value);
  if (v.empty()) return;
  if (v.find('\n') == std::string_view::npos)
    out += std::string(key) + " = " + toml_string(v) + "\n";
  else
    out += std::string(key) + " = " + toml_multiline(std::string(v) + "\n") + "\n";
}

void links(std::string& out, const std::string& table, const std::vector<Link>& ls) {
  if (ls.empty()) return;
  out += "[" + table + "]\n";
  for (const Link& l : ls) out += toml_key(l.label) + " = " + toml_string(l.url) + "\n";
}

std::string site_toml(const MigratedSite& s, const std::string& origin) {
  std::string out = comment("Migrated from " + origin +
                            " by `sitegen migrate`.\n"
                            "Every field is described in docs/content-format.md.");
  out += "\n";
  str(out, "title", s.title);
  str(out, "base_url", s.base_url);
  str(out, "language", s.language);
  str(out, "description", s.description);
  const Person& p = s.person;
  out += "\n[person]\n";
  str(out, "name", p.name);
  strings(out, "aliases", p.aliases);
  str(out, "position", p.position);
  str(out, "affiliation", p.affiliation);
  strings(out, "address", p.address);
  str(out, "email", p.email);
  str(out, "phone", p.phone);
  str(out, "photo", p.photo);
  strings(out, "interests", p.interests);
  if (!p.links.empty()) out += "\n";
  links(out, "person.links", p.links);
  if (!s.bibtex.empty() || !s.markers.empty()) out += "\n[publications]\n";
  strings(out, "bibtex", s.bibtex);
  if (!s.markers.empty()) {
    out += "[publications.markers]\n";
    for (const Marker& m : s.markers)
      out += toml_string(m.symbol) + " = " + toml_string(m.text) + "\n";
  }
  if (!s.nav.empty()) {
    out += "\n[nav]\n";
    strings(out, "items", s.nav);
  }
  if (!s.redirects.empty()) {
    out += "\n" + comment(
                      "The addresses of the old site that are now elsewhere: each old path gets a "
                      "page\nthat sends visitors (and search engines) to the new one.");
    out += "[redirects]\n";
    for (const auto& [from, to] : s.redirects)
      out += toml_string(from) + " = " + toml_string(to) + "\n";
  }
  return out;
}

std::string news_toml(const MigratedSite& s, const std::string& origin) {
  std::string out = comment("News migrated from " + origin + " by `sitegen migrate`.");
  for (const NewsItem& n : s.news) {
    out += "\n[[news]]\n";
    date(out, "date", n.date);
    out += "text = " + toml_string(n.text) + "\n";
    str(out, "link", n.link);
  }
  return out;
}

std::string talks_toml(const MigratedSite& s, const std::string& origin) {
  std::string out = comment("Talks migrated from " + origin + " by `sitegen migrate`.");
  for (const Talk& t : s.talks) {
    out += "\n[[talk]]\n";
    out += "title = " + toml_string(t.title) + "\n";
    str(out, "slides", t.slides);
    str(out, "video", t.video);
    markdown(out, "abstract", t.abstract);
    links(out, "talk.links", t.links);
    for (const TalkEvent& e : t.given) {
      out += "[[talk.given]]\n";
      out += "event = " + toml_string(e.event) + "\n";
      str(out, "location", e.location);
      date(out, "date", e.date);
      str(out, "link", e.link);
    }
  }
  return out;
}

std::string cv_toml(const MigratedSite& s, const std::string& origin) {
  std::string out = comment("The CV migrated from " + origin + " by `sitegen migrate`.");
  for (const CvSection& sec : s.cv) {
    out += "\n[[section]]\n";
    str(out, "title", sec.title);
    str(out, "style", sec.style);
    str(out, "include", sec.include);
    for (const CvEntry& e : sec.entries) {
      out += "\n[[section.entry]]\n";
      out += "what = " + toml_string(e.what) + "\n";
      str(out, "where", e.where);
      str(out, "location", e.location);
      date(out, "start", e.start);
      date(out, "end", e.end);
      date(out, "date", e.date);
      markdown(out, "details", e.details);
    }
  }
  return out;
}

std::string page_md(const MigratedPage& p, const std::string& origin) {
  std::string out = "+++\n" + comment("Migrated from " + p.from + " of " + origin + ".");
  out += "title = " + toml_string(p.title) + "\n";
  str(out, "description", p.description);
  if (p.nav) out += "nav = true\n";
  if (p.order) out += "order = " + std::to_string(p.order) + "\n";
  out += "+++\n\n";
  std::string_view body = trim(p.body);
  if (!body.empty()) out += std::string(body) + "\n";
  return out;
}

}  // namespace

std::map<std::string, std::string> content_files(const MigratedSite& s, const std::string& origin) {
  std::map<std::string, std::string> files;
  files["site.toml"] = site_toml(s, origin);
  if (!trim(s.bio).empty()) files["bio.md"] = std::string(trim(s.bio)) + "\n";
  if (!s.publications.empty())
    files["publications.toml"] = publications_to_toml(
        s.publications,
        {"Publications migrated from " + origin + " by `sitegen migrate`.",
         "One [[publication]] per paper; see docs/content-format.md for the fields."});
  if (!s.news.empty()) files["news.toml"] = news_toml(s, origin);
  if (!s.talks.empty()) files["talks.toml"] = talks_toml(s, origin);
  if (!s.cv.empty()) files["cv.toml"] = cv_toml(s, origin);
  for (const MigratedPage& p : s.pages) files["pages/" + p.path + ".md"] = page_md(p, origin);
  return files;
}

}  // namespace sitegen
