// Templates, rendered by kainjow mustache: the one place that names it. Page data is a
// kainjow `Data` tree; data shared by every page sits below it on the context stack, and
// a list item can refer to a shared entry instead of copying it.
#pragma once

#include <kainjow/mustache.hpp>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace sitegen {

using Data = kainjow::mustache::data;

// kainjow's set() and push_back() deep-copy what they are given; these move it.
// A list with room for `reserve` items: growing it would copy every item, because
// kainjow's move constructor is not noexcept and std::vector then copies.
Data data_list(size_t reserve = 0);
void data_put(Data& object, const std::string& key, Data&& value);
void data_push(Data& list, Data&& item);
Data data_text(std::string text);
inline Data data_flag(bool b) {
  return Data(b ? Data::type::bool_true : Data::type::bool_false);
}
// Stands for *target wherever it is looked up or pushed; target must outlive renders.
Data data_ref(const Data* target);
// Stands for the theme's partial `partial` rendered on its own with the object that
// holds this value on top of the context: the same bytes whichever page asks, so a
// RenderCache keeps them. Only for objects that outlive the cache (shared entries).
Data data_partial_html(std::string partial);

// What one page may cost. A section over a list, nested in others, repeats its contents
// for every combination of items: 20 items 8 deep is 25 billion times.
struct RenderLimits {
  size_t max_bytes = size_t{64} << 20;  // of the page's output
  size_t max_steps = 10'000'000;        // section items entered and names looked up
};

// Thrown by Template::render when a page passes one of its RenderLimits.
class RenderLimitExceeded : public std::runtime_error {
 public:
  RenderLimitExceeded(bool too_big, size_t bytes, size_t steps, const RenderLimits& limits);
  bool too_big;  // the output passed max_bytes; else the steps passed max_steps
  size_t bytes;  // the output when it stopped, as far as it was counted
  size_t steps;
};

class Template;
class TemplateContext;
using Templates = std::map<std::string, Template, std::less<>>;

// What a `data_partial_html` value rendered to, per (partial, holder), with every name
// the render looked up outside its holder. A later page reuses the bytes where each
// of those names resolves as it did, so they are what a fresh render would give: a
// publication listed on several pages is rendered once. Shared by a build's threads.
class RenderCache {
 public:
  struct Lookup {
    std::string name;
    const Data* value;  // where it resolved below the holder; null: nowhere
  };
  struct Item {
    Data html;
    std::vector<Lookup> outside;
  };
  const Item* find(const Template* partial, const Data* holder) const;
  // Keeps the first item added for a key; returns the one kept.
  const Item* add(const Template* partial, const Data* holder, Item item);

 private:
  mutable std::mutex mu_;
  std::map<std::pair<const Template*, const Data*>, std::unique_ptr<Item>> items_;
};

// A template compiled once. render() is const: kainjow's is not, so each thread that
// renders at the same time gets its own copy of the compiled template.
class Template {
 public:
  struct Error {
    std::string message;  // "unclosed section \"a\"", lowercase, no position
    size_t offset = 0;    // byte offset in the template text
  };
  // Parses `text`; on a syntax error returns nullopt and fills *error.
  static std::optional<Template> compile(std::string text, Error* error);
  Template(Template&&) noexcept;
  Template& operator=(Template&&) noexcept;
  ~Template();

  // The template's text, partials expanded.
  const std::string& text() const { return text_; }

  // Renders with `stack` as the context, innermost last, appending to out. stack.front()
  // is data that every page of the build shares, and outlives `cache`. `partials` are
  // what data_partial_html values render with. Throws RenderLimitExceeded as soon as
  // the render passes `limits`; out then holds part of the page.
  void render(const std::vector<const Data*>& stack, std::string& out,
              const Templates* partials = nullptr, RenderCache* cache = nullptr,
              const RenderLimits& limits = {}) const;

 private:
  friend class TemplateContext;
  struct Copies;
  Template();
  void render_in(TemplateContext& context, std::string& out) const;

  std::string text_;
  std::unique_ptr<Copies> copies_;
};

}  // namespace sitegen
