// JSON Resume into CV sections (see json_resume.h). Section order follows the schema's:
// work, volunteer, education, awards, certificates, publications, presentations (an
// academicpages addition), teaching (another), skills, languages, interests, projects.
#include "import/json_resume.h"

#include <nlohmann/json.hpp>

#include "import/migrate_site.h"
#include "text/strings.h"
#include "text/utf8.h"

namespace sitegen {

namespace {

using nlohmann::json;

std::string get(const json& j, const char* key) {
  if (!j.is_object()) return "";
  auto it = j.find(key);
  if (it == j.end()) return "";
  if (it->is_string()) return std::string(trim(it->get<std::string>()));
  if (it->is_number_integer()) return std::to_string(it->get<long long>());
  return "";
}

std::vector<std::string> list(const json& j, const char* key) {
  std::vector<std::string> out;
  if (!j.is_object() || !j.contains(key) || !j[key].is_array()) return out;
  for (const json& item : j[key])
    if (item.is_string() && !trim(item.get<std::string>()).empty())
      out.emplace_back(trim(item.get<std::string>()));
  return out;
}

Date date_of(const json& j, const char* key) {
  std::optional<Date> d = lenient_date(get(j, key));
  return d ? *d : Date{};
}

std::string bullets(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& i : items) out += "- " + i + "\n";
  return out;
}

std::string join(const std::vector<std::string>& parts, std::string_view sep) {
  std::string out;
  for (const std::string& p : parts)
    if (!p.empty()) out += (out.empty() ? "" : std::string(sep)) + p;
  return out;
}

std::string paragraphs(std::string a, const std::string& b) {
  if (a.empty()) return b;
  if (b.empty()) return a;
  return a + "\n\n" + b;
}

const json& array_of(const json& root, const char* key) {
  static const json kEmpty = json::array();
  auto it = root.find(key);
  return it != root.end() && it->is_array() ? *it : kEmpty;
}

void add(std::vector<CvSection>& out, CvSection s) {
  if (!s.entries.empty() || !s.include.empty()) out.push_back(std::move(s));
}

// A span: startDate to endDate, an ongoing one (no end) to "present".
void span(const json& j, CvEntry& e) {
  e.start = date_of(j, "startDate");
  e.end = date_of(j, "endDate");
  if (e.end.empty() && !e.start.empty()) e.end.present = true;
  if (e.start.empty() && !e.end.empty()) std::swap(e.date, e.end);
}

}  // namespace

bool read_json_resume(std::string_view text, bool has_publications, bool has_talks, JsonResume* out,
                      JsonError* error) {
  json root;
  size_t at = 0;
  bool valid = true;
  try {
    root = json::parse(text.begin(), text.end());
  } catch (const json::parse_error& e) {
    valid = false;
    at = e.byte;
  }
  if (!valid || !root.is_object()) {
    int line = 1, col = 1;
    for (size_t i = 0; i + 1 < at && i < text.size(); ++i) {
      if (text[i] == '\n') {
        ++line;
        col = 1;
      } else if (!is_utf8_continuation(text[i])) {
        ++col;
      }
    }
    *error = {line, col, valid ? "expected a JSON object" : "invalid JSON"};
    return false;
  }
  const json& basics = root.contains("basics") ? root["basics"] : json::object();
  Person& p = out->person;
  p.name = get(basics, "name");
  p.position = get(basics, "label");
  p.email = get(basics, "email");
  p.phone = get(basics, "phone");
  out->website = get(basics, "url");
  if (out->website.empty()) out->website = get(basics, "website");
  out->summary = get(basics, "summary");
  if (basics.contains("location") && basics["location"].is_object()) {
    const json& l = basics["location"];
    std::string street = get(l, "address");
    std::string city = join({get(l, "postalCode"), get(l, "city")}, " ");
    std::string region = join({get(l, "region"), get(l, "countryCode")}, ", ");
    for (const std::string& line : {street, city, region})
      if (!line.empty()) p.address.push_back(line);
  }
  for (const json& prof : array_of(basics, "profiles")) {
    std::string url = get(prof, "url");
    std::string network = get(prof, "network");
    if (url.empty() || network.empty()) continue;
    p.links.push_back({network, url});
  }

  std::vector<CvSection>& s = out->sections;
  CvSection work = cv_section("Experience");
  for (const json& w : array_of(root, "work")) {
    CvEntry e;
    e.what = get(w, "position");
    e.where = get(w, "name");
    if (e.where.empty()) e.where = get(w, "company");
    e.location = get(w, "location");
    span(w, e);
    e.details = paragraphs(get(w, "summary"), bullets(list(w, "highlights")));
    if (e.what.empty()) std::swap(e.what, e.where);
    if (!e.what.empty()) work.entries.push_back(std::move(e));
  }
  add(s, std::move(work));
  CvSection volunteer = cv_section("Volunteering");
  for (const json& w : array_of(root, "volunteer")) {
    CvEntry e;
    e.what = get(w, "position");
    e.where = get(w, "organization");
    e.location = get(w, "location");
    span(w, e);
    e.details = paragraphs(get(w, "summary"), bullets(list(w, "highlights")));
    if (e.what.empty()) std::swap(e.what, e.where);
    if (!e.what.empty()) volunteer.entries.push_back(std::move(e));
  }
  add(s, std::move(volunteer));
  CvSection education = cv_section("Education");
  for (const json& w : array_of(root, "education")) {
    CvEntry e;
    e.what = join({get(w, "studyType"), get(w, "area")}, ", ");
    e.where = get(w, "institution");
    e.location = get(w, "location");
    span(w, e);
    std::string score = get(w, "score");
    if (score.empty()) score = get(w, "gpa");
    e.details = paragraphs(score.empty() ? "" : "Score: " + score, bullets(list(w, "courses")));
    if (e.what.empty()) std::swap(e.what, e.where);
    if (!e.what.empty()) education.entries.push_back(std::move(e));
  }
  add(s, std::move(education));
  CvSection awards = cv_section("Awards", "compact");
  for (const json& w : array_of(root, "awards")) {
    CvEntry e;
    e.what = get(w, "title");
    e.where = get(w, "awarder");
    e.date = date_of(w, "date");
    e.details = get(w, "summary");
    if (!e.what.empty()) awards.entries.push_back(std::move(e));
  }
  add(s, std::move(awards));
  CvSection certificates = cv_section("Certificates", "compact");
  for (const json& w : array_of(root, "certificates")) {
    CvEntry e;
    e.what = get(w, "name");
    e.where = get(w, "issuer");
    e.date = date_of(w, "date");
    if (!e.what.empty()) certificates.entries.push_back(std::move(e));
  }
  add(s, std::move(certificates));
  CvSection pubs = cv_section("Publications");
  if (has_publications && !array_of(root, "publications").empty()) {
    pubs.include = "publications";
  } else {
    for (const json& w : array_of(root, "publications")) {
      CvEntry e;
      e.what = get(w, "name");
      e.where = get(w, "publisher");
      e.date = date_of(w, "releaseDate");
      e.details = get(w, "summary");
      std::string url = get(w, "url");
      if (url.empty()) url = get(w, "website");
      if (!url.empty()) e.details = paragraphs(e.details, "<" + url + ">");
      if (!e.what.empty()) pubs.entries.push_back(std::move(e));
    }
  }
  add(s, std::move(pubs));
  CvSection talks = cv_section("Talks");
  if (has_talks && !array_of(root, "presentations").empty()) {
    talks.include = "talks";
  } else {
    for (const json& w : array_of(root, "presentations")) {
      CvEntry e;
      e.what = get(w, "name");
      e.where = get(w, "event");
      e.location = get(w, "location");
      e.date = date_of(w, "date");
      e.details = get(w, "description");
      if (!e.what.empty()) talks.entries.push_back(std::move(e));
    }
  }
  add(s, std::move(talks));
  CvSection teaching = cv_section("Teaching");
  for (const json& w : array_of(root, "teaching")) {
    CvEntry e;
    e.what = get(w, "course");
    e.where = get(w, "institution");
    e.date = date_of(w, "date");
    e.details = paragraphs(get(w, "role"), get(w, "description"));
    if (!e.what.empty()) teaching.entries.push_back(std::move(e));
  }
  add(s, std::move(teaching));
  CvSection skills = cv_section("Skills", "compact");
  for (const json& w : array_of(root, "skills")) {
    CvEntry e;
    e.what = join({get(w, "name"), get(w, "level")}, ": ");
    e.details = join(list(w, "keywords"), ", ");
    if (!e.what.empty()) skills.entries.push_back(std::move(e));
  }
  add(s, std::move(skills));
  CvSection languages = cv_section("Languages", "compact");
  for (const json& w : array_of(root, "languages")) {
    CvEntry e;
    e.what = join({get(w, "language"), get(w, "fluency")}, ": ");
    if (!e.what.empty()) languages.entries.push_back(std::move(e));
  }
  add(s, std::move(languages));
  CvSection interests = cv_section("Interests", "compact");
  for (const json& w : array_of(root, "interests")) {
    CvEntry e;
    e.what = get(w, "name");
    e.details = join(list(w, "keywords"), ", ");
    if (!e.what.empty()) interests.entries.push_back(std::move(e));
  }
  add(s, std::move(interests));
  CvSection projects = cv_section("Projects");
  for (const json& w : array_of(root, "projects")) {
    CvEntry e;
    e.what = get(w, "name");
    span(w, e);
    e.details = paragraphs(get(w, "summary").empty() ? get(w, "description") : get(w, "summary"),
                           bullets(list(w, "highlights")));
    if (std::string url = get(w, "url"); !url.empty())
      e.details = paragraphs(e.details, "<" + url + ">");
    if (!e.what.empty()) projects.entries.push_back(std::move(e));
  }
  add(s, std::move(projects));
  return true;
}

}  // namespace sitegen
