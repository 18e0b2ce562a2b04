// One job per output page, spread over the machine's cores. The workers share the
// theme's compiled templates and the view's data, both read-only.
#include "render/render.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <numeric>
#include <thread>

#include "base/parallel.h"
#include "load/redirects.h"
#include "render/feed.h"
#include "render/redirect_page.h"

namespace sitegen {

namespace {

// The pages of one language, below `prefix` ("" or "zh/"); the BibTeX files, shared by
// every language, only with the default one.
void page_jobs(const Site& site, const View& view, const std::string& prefix,
               std::vector<SitePages::Job>& jobs) {
  const View* v = &view;
  auto add = [&](std::string path, const char* kind, std::function<Data()> data) {
    jobs.push_back({prefix + path, kind, std::move(data), nullptr, v});
  };
  add("index.html", "home", [v] { return v->home(); });
  if (!site.publications.empty()) {
    add(paths::file_of(paths::kPublications), "publications", [v] { return v->publications(); });
    for (size_t i = 0; i < site.filters.size(); ++i)
      add(paths::file_of(site.filters[i].path), "publications",
          [v, i] { return v->publications_filtered(i); });
    for (size_t i = 0; i < site.publications.size(); ++i) {
      add(paths::file_of(site.publications[i].path), "publication",
          [v, i] { return v->publication(i); });
      if (prefix.empty())
        jobs.push_back({paths::bibtex(site.publications[i].slug), nullptr, {}, &view.bibtex()[i]});
    }
  }
  if (!site.members.empty()) {
    add(paths::file_of(paths::kPeople), "people", [v] { return v->people(); });
    for (size_t i = 0; i < site.members.size(); ++i)
      add(paths::file_of(site.members[i].path), "member", [v, i] { return v->member(i); });
  }
  if (!site.news.empty()) add(paths::file_of(paths::kNews), "news", [v] { return v->news(); });
  if (!site.talks.empty()) add(paths::file_of(paths::kTalks), "talks", [v] { return v->talks(); });
  if (!site.cv.empty()) add(paths::file_of(paths::kCv), "cv", [v] { return v->cv(); });
  for (size_t i = 0; i < site.pages.size(); ++i)
    add(paths::file_of(site.pages[i].path), "page", [v, i] { return v->page(i); });
  if (!site.posts.empty()) {
    add(paths::file_of(paths::kPosts), "posts", [v] { return v->posts(); });
    for (size_t i = 0; i < site.posts.size(); ++i)
      add(paths::file_of(site.posts[i].path), "post", [v, i] { return v->post(i); });
    for (size_t i = 0; i < site.post_tags.size(); ++i)
      add(paths::file_of(site.post_tags[i].path), "posts", [v, i] { return v->post_tag(i); });
  }
  if (!site.projects.empty()) {
    add(paths::file_of(paths::kProjects), "projects", [v] { return v->projects(); });
    for (size_t i = 0; i < site.projects.size(); ++i)
      add(paths::file_of(site.projects[i].path), "project", [v, i] { return v->project(i); });
  }
  add(std::string(paths::kNotFound), "404", [v] { return v->not_found(); });
}

// The feeds of the posts of one language: all of them, and each tag's.
void add_post_feeds(const Site& site, const Urls& urls, Output& out) {
  if (site.posts.empty()) return;
  out.files[urls.prefix + std::string(paths::kPostsFeed)].bytes = posts_feed(site, urls, nullptr);
  for (const PostTag& t : site.post_tags)
    out.files[urls.prefix + paths::post_tag_feed(t.key)].bytes = posts_feed(site, urls, &t);
}

// The files made from the whole view at once: every entry's BibTeX, the news and posts
// feeds, and the pages of [redirects].
void add_site_files(const SitePages& pages, Output& out) {
  const Site& site = pages.site();
  if (!site.publications.empty()) {
    std::string all_bib;
    for (const std::string& bib : pages.view().bibtex()) {
      all_bib += bib;
      all_bib += '\n';
    }
    out.files[std::string(paths::kAllBibtex)].bytes = std::move(all_bib);
  }
  if (!site.news.empty())
    out.files[std::string(paths::kNewsFeed)].bytes = atom_feed(site, pages.view().urls());
  // Each language has its own feed, in its words.
  for (const auto& t : pages.translations())
    if (!t->site.news.empty())
      out.files[t->view.urls().prefix + std::string(paths::kNewsFeed)].bytes =
          atom_feed(t->site, t->view.urls());
  add_post_feeds(site, pages.view().urls(), out);
  for (const auto& t : pages.translations()) add_post_feeds(t->site, t->view.urls(), out);
  for (const Redirect& r : site.redirects)
    out.files[redirect_output_path(r.from)].bytes = redirect_page(r, site, pages.view().urls());
}

std::string size_text(size_t bytes) {
  if (bytes % (size_t{1} << 20) == 0) return std::to_string(bytes >> 20) + " MB";
  return std::to_string(bytes) + " bytes";
}

}  // namespace

SitePages::SitePages(Site site, Theme theme, ViewOptions options, RenderLimits limits)
    : site_(std::move(site)),
      theme_(std::move(theme)),
      view_(site_, options),
      options_(std::move(options)),
      limits_(limits) {
  options_.default_site = &site_;
  page_jobs(site_, view_, "", jobs_);
  for (size_t i = 0; i < jobs_.size(); ++i) index_.emplace(jobs_[i].path, i);
}

void SitePages::add_translations(std::vector<Site> translations) {
  for (Site& t : translations) {
    translations_.push_back(std::make_unique<Translation>(std::move(t), options_));
    const Translation& added = *translations_.back();
    size_t first = jobs_.size();
    page_jobs(added.site, added.view, added.view.urls().prefix, jobs_);
    for (size_t i = first; i < jobs_.size(); ++i) index_.emplace(jobs_[i].path, i);
  }
}

OutputPlan SitePages::plan(size_t languages) const {
  OutputPlan plan;
  plan.languages = languages;
  plan.papers = site_.publications.size();
  for (const Job& j : jobs_) {
    if (!j.kind || j.view != &view_) continue;
    ++plan.language_pages;
    plan.paper_pages += std::string_view(j.kind) == "publication";
  }
  plan.pages = plan.language_pages * languages;
  // Publications are shared by every language, and so are the lists.
  if (plan.papers > 0) {
    plan.list_entries = plan.papers;
    for (const PublicationFilter& f : site_.filters) {
      ++plan.filter_pages;
      plan.topic_pages += f.kind == "tag";
      plan.list_entries += f.pubs.size();
    }
  }
  return plan;
}

std::string plan_problem(const OutputPlan& plan, const SiteLimits& limits) {
  auto n = [](size_t count, const char* one, const char* many) {
    return std::to_string(count) + " " + (count == 1 ? one : many);
  };
  std::string filters =
      n(plan.filter_pages, "type, year and topic page", "type, year and topic pages");
  std::string languages =
      plan.languages > 1 ? ", in each of " + std::to_string(plan.languages) + " languages" : "";
  if (plan.entries() > limits.max_entries)
    return "the site would list " + std::to_string(plan.entries()) +
           " publication entries, and a build stops past " + std::to_string(limits.max_entries) +
           ": " + n(plan.papers, "paper", "papers") + " on the full list and on " + filters + " (" +
           n(plan.topic_pages, "topic", "topics") + ") make " + std::to_string(plan.list_entries) +
           " entries" + languages +
           "; a topic's page lists every paper with that topic, so give papers fewer `tags`" +
           (plan.languages > 1 ? ", or the site fewer `languages`" : "");
  if (plan.pages > limits.max_pages)
    return "the site would have " + std::to_string(plan.pages) + " pages, and a build stops past " +
           std::to_string(limits.max_pages) + ": " +
           n(plan.paper_pages, "paper page", "paper pages") + ", " + filters + " and " +
           std::to_string(plan.language_pages - plan.paper_pages - plan.filter_pages) + " others" +
           languages + (plan.languages > 1 ? "; give the site fewer `languages`" : "");
  return "";
}

size_t SitePages::find(std::string_view path) const {
  auto it = index_.find(path);
  return it == index_.end() ? jobs_.size() : it->second;
}

void SitePages::render(size_t job, std::string& out, RenderCache& cache) const {
  const Job& j = jobs_[job];
  if (!j.kind) {
    out += *j.text;
    return;
  }
  Data page = j.data();
  try {
    theme_.templates.at(j.kind).render({&j.view->common(), &page}, out, &theme_.templates, &cache,
                                       limits_);
  } catch (const RenderLimitExceeded& e) {
    auto file = theme_.files.find(j.kind);
    std::string what = e.too_big ? "produced more than " + size_text(limits_.max_bytes)
                                 : "took more than " + std::to_string(limits_.max_steps) +
                                       " steps (section items entered and names looked up)";
    throw RenderError({Severity::kError,
                       SourceLoc{file == theme_.files.end() ? j.kind : file->second, 0, 0},
                       "rendering `" + j.path + "` " + what +
                           "; a section over a list repeats everything inside it for each "
                           "item, so sections over lists nested in each other multiply"});
  }
}

size_t render_pages(const SitePages& pages, Output& out, Diagnostics& diags, const FileSink& sink) {
  const std::vector<SitePages::Job>& jobs = pages.jobs();
  std::vector<OutputFile> results(jobs.size());
  std::atomic<size_t> next{0};
  std::atomic<bool> stop{false};  // the sink failed (it knows why), or a page did
  std::mutex failed_mu;
  std::vector<Diagnostic> failed;  // the pages that could not be rendered
  RenderCache cache;               // publications listed on several pages render once
  // The filter pages list entries that the full list renders first. Taken last, they
  // find every entry in the cache, instead of two threads rendering one at the same time.
  std::vector<size_t> order(jobs.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_partition(order.begin(), order.end(), [&](size_t i) {
    return !jobs[i].kind || std::string_view(jobs[i].kind) != "publications" ||
           jobs[i].path == paths::file_of(paths::kPublications);
  });
  auto worker = [&] {
    std::map<std::string, size_t> last_size;  // per template: a good first reserve()
    for (size_t n; !stop && (n = next.fetch_add(1)) < jobs.size();) {
      size_t i = order[n];
      OutputFile& f = results[i];
      if (jobs[i].kind) {
        size_t& reserve = last_size[jobs[i].kind];
        f.bytes.reserve(std::min<size_t>(reserve + reserve / 8, 256 * 1024));
        try {
          pages.render(i, f.bytes, cache);
        } catch (const RenderError& e) {
          std::string().swap(f.bytes);
          std::lock_guard<std::mutex> lock(failed_mu);
          failed.push_back(e.diag);
          stop = true;
          break;
        }
        reserve = f.bytes.size();
      } else if (!sink) {
        f.bytes = *jobs[i].text;
      }
      if (sink) {
        if (!sink(jobs[i].path, jobs[i].kind ? f.bytes : *jobs[i].text)) stop = true;
        std::string().swap(f.bytes);  // frees it (assigning an empty string keeps the buffer)
        f.written = true;
      }
    }
  };
  size_t n_threads =
      std::min(max_threads(), (jobs.size() + 63) / 64);  // small sites: no thread start-up
  std::vector<std::thread> threads;
  for (size_t t = 1; t < n_threads; ++t) threads.emplace_back(worker);
  worker();
  for (std::thread& t : threads) t.join();
  // At most one per worker: each stops at its first.
  for (const Diagnostic& d : failed) diags.error(d.loc, d.message);

  size_t count = 0;
  for (size_t i = 0; i < jobs.size(); ++i) {
    out.files[jobs[i].path] = std::move(results[i]);
    count += jobs[i].kind != nullptr;
  }
  add_site_files(pages, out);
  return count;
}

size_t name_pages(const SitePages& pages, Output& out) {
  size_t count = 0;
  for (const SitePages::Job& j : pages.jobs()) {
    OutputFile& f = out.files[j.path];
    if (j.kind) {
      f.on_request = true;
      ++count;
    } else {
      f.bytes = *j.text;
    }
  }
  add_site_files(pages, out);
  return count;
}

}  // namespace sitegen
