// One job per output page, spread over the machine's cores. The workers share the
// theme's compiled templates and the view's data, both read-only.
#include "render.h"

#include <algorithm>
#include <atomic>
#include <functional>
#include <thread>

#include "feed.h"
#include "parallel.h"

namespace sitegen {

namespace {

struct Job {
  std::string path;  // output path
  const char* kind;  // template
  std::function<Value()> data;
};

std::vector<Job> page_jobs(const Site& site, const View& view) {
  std::vector<Job> jobs;
  jobs.push_back({"index.html", "home", [&] { return view.home(); }});
  if (!site.publications.empty()) {
    jobs.push_back(
        {"publications/index.html", "publications", [&] { return view.publications(); }});
    for (size_t i = 0; i < view.filters().size(); ++i)
      jobs.push_back({view.filters()[i].rel + "index.html", "publications",
                      [&view, i] { return view.publications_filtered(i); }});
    for (size_t i = 0; i < site.publications.size(); ++i)
      jobs.push_back({View::publication_path(site.publications[i]) + "index.html", "publication",
                      [&view, i] { return view.publication(i); }});
  }
  if (!site.news.empty()) jobs.push_back({"news/index.html", "news", [&] { return view.news(); }});
  if (!site.talks.empty())
    jobs.push_back({"talks/index.html", "talks", [&] { return view.talks(); }});
  if (!site.cv.empty()) jobs.push_back({"cv/index.html", "cv", [&] { return view.cv(); }});
  for (size_t i = 0; i < site.pages.size(); ++i)
    jobs.push_back(
        {site.pages[i].slug + "/index.html", "page", [&view, i] { return view.page(i); }});
  jobs.push_back({"404.html", "404", [&] { return view.not_found(); }});
  return jobs;
}

}  // namespace

size_t render_pages(const Site& site, const Theme& theme, const View& view, Output& out) {
  std::vector<Job> jobs = page_jobs(site, view);
  std::vector<std::string> results(jobs.size());
  std::atomic<size_t> next{0};
  auto worker = [&] {
    std::map<std::string, size_t> last_size;  // per template: a good first reserve()
    for (size_t i; (i = next.fetch_add(1)) < jobs.size();) {
      const Template& tmpl = theme.templates.at(jobs[i].kind);
      Value page = jobs[i].data();
      size_t& reserve = last_size[jobs[i].kind];
      results[i].reserve(std::min<size_t>(reserve + reserve / 8, 256 * 1024));
      tmpl.render({&view.common(), &page}, results[i]);
      reserve = results[i].size();
    }
  };
  size_t n_threads =
      std::min(max_threads(), (jobs.size() + 63) / 64);  // small sites: no thread start-up
  std::vector<std::thread> threads;
  for (size_t t = 1; t < n_threads; ++t) threads.emplace_back(worker);
  worker();
  for (std::thread& t : threads) t.join();

  for (size_t i = 0; i < jobs.size(); ++i) out.files[jobs[i].path].bytes = std::move(results[i]);
  std::string all_bib;
  for (size_t i = 0; i < site.publications.size(); ++i) {
    const std::string& bib = view.bibtex()[i];
    all_bib += bib;
    all_bib += '\n';
    out.files[View::bib_path(site.publications[i])].bytes = bib;
  }
  if (!site.publications.empty()) out.files["publications.bib"].bytes = std::move(all_bib);
  if (!site.news.empty())
    out.files["news/feed.xml"].bytes = atom_feed(site, view.urls(), view.news_html());
  return jobs.size();
}

}  // namespace sitegen
