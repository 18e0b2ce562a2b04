// <head> metadata. Kept apart from view.cc because its vocabulary (OpenGraph,
// schema.org, Highwire) is fixed by the consumers, not by our themes.
#include "view/view_meta.h"

#include <cstdio>

#include "base/date.h"
#include "markdown/markdown.h"
#include "markdown/math.h"
#include "text/escape.h"
#include "text/url_scheme.h"

namespace sitegen {

namespace {

void meta(std::string& out, std::string_view attr, std::string_view name,
          std::string_view content) {
  if (content.empty()) return;
  out += "<meta ";
  out += attr;
  out += "=\"";
  out += name;
  out += "\" content=\"";
  append_html_escaped(out, content);
  out += "\">\n";
}

// `"key":"value"` after a comma, the value as a JSON string.
void json_field(std::string& out, std::string_view key, std::string_view value) {
  out += ",\"";
  out += key;
  out += "\":";
  append_json_string(out, value);
}

// A URL from content usable outside the site (Scholar, OpenGraph): absolute when
// base_url is absolute.
std::string external_url(const Urls& urls, const std::string& content_url) {
  return urls.full(urls.content(content_url));
}

constexpr std::string_view kJsonLdOpen = "<script type=\"application/ld+json\">";
constexpr std::string_view kJsonLdClose = "</script>\n";

std::string json_ld(const std::string& body) {
  std::string out(kJsonLdOpen);
  out += body;
  out += kJsonLdClose;
  return out;
}

// A person's profiles elsewhere (`sameAs`: their http(s) links) and research interests.
void append_profiles_and_topics(std::string& j, const Person& p) {
  std::string same;
  for (const Link& l : p.links) {
    if (!is_web_url(l.url)) continue;
    same += (same.empty() ? "" : ",") + json_string(l.url);
  }
  if (!same.empty()) j += ",\"sameAs\":[" + same + "]";
  std::string topics;
  for (const std::string& t : p.interests) topics += (topics.empty() ? "" : ",") + json_string(t);
  if (!topics.empty()) j += ",\"knowsAbout\":[" + topics + "]";
}

std::string person_json(const Site& site, const Urls& urls) {
  const Person& p = site.person;
  // A group site's home page is the group's: an organization, part of its affiliation.
  bool group = !site.group.name.empty();
  std::string j = std::string("{\"@context\":\"https://schema.org\",\"@type\":") +
                  (group ? "\"ResearchOrganization\"" : "\"Person\"") +
                  ",\"name\":" + json_string(p.name);
  if (!p.native_name.empty()) j += ",\"alternateName\":" + json_string(p.native_name);
  if (!p.position.empty()) j += ",\"jobTitle\":" + json_string(p.position);
  if (!p.affiliation.empty())
    j += std::string(group ? ",\"parentOrganization\"" : ",\"affiliation\"") +
         ":{\"@type\":\"Organization\",\"name\":" + json_string(p.affiliation) + "}";
  if (!urls.abs.empty()) j += ",\"url\":" + json_string(urls.abs);
  if (!p.photo.empty() && !urls.abs.empty())
    j += std::string(group ? ",\"logo\":" : ",\"image\":") +
         json_string(external_url(urls, p.photo));
  append_profiles_and_topics(j, p);
  return j + "}";
}

}  // namespace

MarkdownOptions page_markdown_options(const Urls& urls, bool trusted,
                                      std::string_view table_label) {
  return {.allow_javascript_urls = urls.allow_scripts && trusted,
          .allow_raw_html = trusted,
          .link_prefix = urls.root,
          .base_path = urls.root,
          .table_label = table_label,
          .task_done_label = "",
          .task_open_label = ""};
}

MarkdownOptions page_markdown_options(const Urls& urls, bool trusted, const UiStrings& ui) {
  MarkdownOptions o = page_markdown_options(urls, trusted, ui.get("table"));
  o.task_done_label = ui.get("task_done");
  o.task_open_label = ui.get("task_open");
  return o;
}

MarkdownOptions feed_markdown_options(const Urls& urls) {
  return {.allow_javascript_urls = urls.allow_scripts,
          .allow_raw_html = true,
          .link_prefix = urls.abs.empty() ? urls.root : urls.abs,
          .base_path = urls.root,
          .table_label = "",  // a feed reader lays tables out itself
          .task_done_label = "",
          .task_open_label = ""};
}

std::string obfuscated_email_html(std::string_view email) {
  size_t at = email.rfind('@');
  std::string_view user = email.substr(0, at == std::string_view::npos ? email.size() : at);
  std::string_view domain = at == std::string_view::npos ? "" : email.substr(at + 1);
  auto entities = [](std::string_view s) {
    std::string out;
    for (unsigned char c : s) {
      if (c < 0x80)
        out += "&#" + std::to_string(c) + ";";
      else
        out += static_cast<char>(c);
    }
    return out;
  };
  auto reversed = [](std::string_view s) { return html_escape(std::string(s.rbegin(), s.rend())); };
  // The hidden words break the address for anything reading the text content (they are
  // not shown, copied or read aloud); entities keep it out of a regex over the raw bytes.
  return "<span class=\"email-address\" data-eu=\"" + reversed(user) + "\" data-ed=\"" +
         reversed(domain) + "\">" + entities(user) +
         "<span class=\"email-decoy\" hidden> [remove this] </span>" +
         "<span class=\"at\">&#64;</span>" + entities(domain) + "</span>";
}

std::string head_html(const Site& site, const Urls& urls, const PageMeta& page) {
  std::string out;
  // The 404 page is served for every missing address: no canonical URL of its own, and
  // search engines should not index it.
  bool not_found = page.kind == "404";
  std::string canonical = not_found ? "" : urls.absolute(page.rel);
  if (not_found) out += "<meta name=\"robots\" content=\"noindex\">\n";
  if (!canonical.empty()) {
    out += "<link rel=\"canonical\" href=\"";
    append_html_escaped(out, canonical);
    out += "\">\n";
  }
  meta(out, "property", "og:title", page.title);
  meta(out, "property", "og:type",
       page.kind == "publication" || page.kind == "post" ? "article"
       : page.kind == "home"                             ? "profile"
                                                         : "website");
  meta(out, "property", "og:url", canonical);
  meta(out, "property", "og:description", page.description);
  meta(out, "property", "og:site_name", site.title);
  if (!site.person.photo.empty() && !urls.abs.empty())
    meta(out, "property", "og:image", external_url(urls, site.person.photo));
  meta(out, "name", "twitter:card", "summary");
  meta(out, "name", "twitter:title", page.title);
  meta(out, "name", "twitter:description", page.description);
  if (!site.news.empty())
    out += "<link rel=\"alternate\" type=\"application/atom+xml\" title=\"" +
           html_escape(site.title + " — " + site.ui.get("news")) + "\" href=\"" +
           html_escape(urls.page(paths::kNewsFeed)) + "\">\n";
  if (page.kind == "home") out += json_ld(person_json(site, urls));
  return out;
}

std::string math_head_html(const Urls& urls) {
  std::string dir = urls.shared(std::string(kKatexDir));
  std::string out = "<link rel=\"stylesheet\" href=\"";
  append_html_escaped(out, dir);
  out += "katex.min.css\">\n<link rel=\"stylesheet\" href=\"";
  append_html_escaped(out, dir);
  // The live reload keeps KaTeX loaded and runs the typesetting again after an update.
  out += "math.css\">\n<script defer src=\"";
  append_html_escaped(out, dir);
  out += "katex.min.js\" data-live-reload=\"keep\"></script>\n<script defer src=\"";
  append_html_escaped(out, dir);
  out += "render-math.js\" data-live-reload=\"rerun\"></script>\n";
  return out;
}

std::string publication_head_html(const Site& site, const Urls& urls, const Publication& p,
                                  const std::string& rel) {
  std::string out;
  out.reserve(2048);
  const std::string& title = p.title;
  meta(out, "name", "citation_title", title);
  for (const Author& a : p.authors) meta(out, "name", "citation_author", a.name);
  // Scholar reads "YYYY/MM/DD" or the year alone: a year and month is given as the year.
  std::string date = p.year ? std::to_string(p.year) : "";
  if (p.date.year && p.date.month && p.date.day) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%04d/%02d/%02d", p.date.year, p.date.month, p.date.day);
    date = buf;
  }
  meta(out, "name", "citation_publication_date", date);
  std::string venue = p.venue_full.empty() ? p.venue : p.venue_full;
  bool report =
      p.bibtex_type == "techreport" || p.bibtex_type == "report" ||
      (p.type == PublicationType::kOther && p.bibtex_type.empty() && !p.institution.empty());
  bool chapter = p.type == PublicationType::kChapter || p.bibtex_type == "incollection" ||
                 p.bibtex_type == "inbook";
  if (p.type == PublicationType::kJournal) {
    meta(out, "name", "citation_journal_title", venue);
  } else if (p.type == PublicationType::kThesis) {
    meta(out, "name", "citation_dissertation_institution", p.school.empty() ? venue : p.school);
  } else if (report) {
    meta(out, "name", "citation_technical_report_institution",
         p.institution.empty() ? venue : p.institution);
    meta(out, "name", "citation_technical_report_number", p.number);
  } else if (chapter) {
    meta(out, "name", "citation_inbook_title", venue);
  } else if (p.type == PublicationType::kConference || p.type == PublicationType::kWorkshop ||
             p.type == PublicationType::kPoster || p.type == PublicationType::kTalk) {
    meta(out, "name", "citation_conference_title", venue);
  }
  meta(out, "name", "citation_volume", p.volume);
  if (!report) meta(out, "name", "citation_issue", p.number);
  if (!p.pages.empty()) {
    size_t dash = p.pages.find_first_of("-–");
    meta(out, "name", "citation_firstpage", p.pages.substr(0, dash));
    if (dash != std::string::npos) {
      size_t last = p.pages.find_first_not_of("-–", dash);
      if (last != std::string::npos) meta(out, "name", "citation_lastpage", p.pages.substr(last));
    }
  }
  meta(out, "name", "citation_publisher", p.publisher);
  meta(out, "name", "citation_isbn", p.isbn);
  meta(out, "name", "citation_doi", p.doi);
  if (!p.arxiv.empty()) meta(out, "name", "citation_arxiv_id", p.arxiv);
  // Scholar needs the PDF's full URL. A relative link has one only when base_url is a full
  // address; with a path-only base_url the tag is left out rather than given a guess.
  for (const Link& l : p.links) {
    std::string url = external_url(urls, l.url);
    if ((l.label == "pdf" || l.label == "PDF") && is_web_url(url)) {
      meta(out, "name", "citation_pdf_url", url);
      break;
    }
  }
  std::string page_url = urls.absolute(rel);
  meta(out, "name", "citation_abstract_html_url", page_url);

  out += kJsonLdOpen;
  out += "{\"@context\":\"https://schema.org\",\"@type\":\"ScholarlyArticle\"";
  json_field(out, "headline", title);
  json_field(out, "name", title);
  out += ",\"author\":[";
  for (size_t i = 0; i < p.authors.size(); ++i) {
    out += i ? ",{\"@type\":\"Person\"" : "{\"@type\":\"Person\"";
    json_field(out, "name", p.authors[i].name);
    out += '}';
  }
  out += ']';
  if (!date.empty())
    json_field(out, "datePublished", p.date.empty() ? std::to_string(p.year) : iso_date(p.date));
  if (!venue.empty()) {
    out += ",\"isPartOf\":{\"@type\":\"PublicationIssue\"";
    json_field(out, "name", venue);
    out += '}';
  }
  if (!p.doi.empty()) json_field(out, "sameAs", "https://doi.org/" + p.doi);
  if (!page_url.empty()) json_field(out, "url", page_url);
  if (!p.tags.empty()) {
    std::string kw;
    for (const std::string& t : p.tags) kw += (kw.empty() ? "" : ", ") + t;
    json_field(out, "keywords", kw);
  }
  out += '}';
  out += kJsonLdClose;
  (void)site;
  return out;
}

std::string member_head_html(const Site& site, const Urls& urls, const Member& m,
                             const std::string& rel, std::string_view role) {
  const Person& p = m.person;
  std::string j = "{\"@context\":\"https://schema.org\",\"@type\":\"Person\"";
  json_field(j, "name", p.name);
  if (!p.native_name.empty()) json_field(j, "alternateName", p.native_name);
  if (!p.position.empty()) json_field(j, "jobTitle", p.position);
  if (!urls.abs.empty()) json_field(j, "url", urls.absolute(rel));
  if (!p.photo.empty() && !urls.abs.empty()) json_field(j, "image", external_url(urls, p.photo));
  // schema.org's Role pattern: the membership with its role and dates, around the group.
  j += ",\"memberOf\":{\"@type\":\"OrganizationRole\"";
  json_field(j, "roleName", role);
  if (!iso_date(m.start).empty()) json_field(j, "startDate", iso_date(m.start));
  if (!iso_date(m.end).empty()) json_field(j, "endDate", iso_date(m.end));
  j += ",\"memberOf\":{\"@type\":\"ResearchOrganization\"";
  json_field(j, "name", site.group.name);
  if (!urls.abs.empty()) json_field(j, "url", urls.abs);
  j += "}}";
  if (m.alumni() && !m.now.empty()) json_field(j, "description", m.now);
  append_profiles_and_topics(j, p);
  return json_ld(j + "}");
}

}  // namespace sitegen
