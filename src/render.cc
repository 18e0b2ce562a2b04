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
  std::string path;                   // output path
  const char* kind;                   // template; null for a file made already
  std::function<Value()> data;        // the template's data
  const std::string* text = nullptr;  // the file, when there is no template
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
    for (size_t i = 0; i < site.publications.size(); ++i) {
      jobs.push_back({View::publication_path(site.publications[i]) + "index.html", "publication",
                      [&view, i] { return view.publication(i); }});
      jobs.push_back({View::bib_path(site.publications[i]), nullptr, {}, &view.bibtex()[i]});
    }
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

size_t render_pages(const Site& site, const Theme& theme, const View& view, Output& out,
                    const FileSink& sink) {
  std::vector<Job> jobs = page_jobs(site, view);
  std::vector<OutputFile> results(jobs.size());
  std::atomic<size_t> next{0};
  std::atomic<bool> stop{false};  // the sink failed: it knows why
  RenderCache cache;              // publications listed on several pages render once
  auto worker = [&] {
    std::map<std::string, size_t> last_size;  // per template: a good first reserve()
    for (size_t i; !stop && (i = next.fetch_add(1)) < jobs.size();) {
      OutputFile& f = results[i];
      if (jobs[i].kind) {
        const Template& tmpl = theme.templates.at(jobs[i].kind);
        Value page = jobs[i].data();
        size_t& reserve = last_size[jobs[i].kind];
        f.bytes.reserve(std::min<size_t>(reserve + reserve / 8, 256 * 1024));
        tmpl.render({&view.common(), &page}, f.bytes, &cache);
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

  size_t pages = 0;
  for (size_t i = 0; i < jobs.size(); ++i) {
    out.files[jobs[i].path] = std::move(results[i]);
    pages += jobs[i].kind != nullptr;
  }
  std::string all_bib;
  for (const std::string& bib : view.bibtex()) {
    all_bib += bib;
    all_bib += '\n';
  }
  if (!site.publications.empty()) out.files["publications.bib"].bytes = std::move(all_bib);
  if (!site.news.empty())
    out.files["news/feed.xml"].bytes = atom_feed(site, view.urls(), view.news_html());
  return pages;
}

}  // namespace sitegen
