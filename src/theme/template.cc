// kainjow mustache behind Template: compiling, one copy of a compiled template per thread
// rendering it at once, and the context pages render in: kainjow's lookup rules, plus
// references to shared entries and partials rendered once per entry (RenderCache).
#include "theme/template.h"

#include <algorithm>
#include <deque>

#include "text/ascii.h"
#include "text/escape.h"

namespace sitegen {

namespace {

using kainjow::mustache::mustache;

// The functions of `partial` values. kainjow calls one only for a {{> name}} tag that
// finds it in the data, and TemplateContext lets no tag find any, so they serve as
// values only the context understands.
struct DataRef {
  const Data* target;
  std::string operator()() const { return {}; }
};
struct PartialHtml {
  std::string partial;
  std::string operator()() const { return {}; }
};

template <class T>
const T* tagged(const Data* d) {
  return d && d->is_partial() ? d->partial_value().target<T>() : nullptr;
}

const Data* follow(const Data* d) {
  const DataRef* r = tagged<DataRef>(d);
  return r ? r->target : d;
}

}  // namespace

RenderLimitExceeded::RenderLimitExceeded(bool too_big_, size_t bytes_, size_t steps_,
                                         const RenderLimits& limits)
    : std::runtime_error(too_big_
                             ? "the page passed " + std::to_string(limits.max_bytes) + " bytes"
                             : "the page passed " + std::to_string(limits.max_steps) + " steps"),
      too_big(too_big_),
      bytes(bytes_),
      steps(steps_) {}

Data data_list(size_t reserve) {
  Data l(Data::type::list);
  // The list is ours and not const; kainjow only offers a const view of it.
  const_cast<kainjow::mustache::list&>(l.list_value()).reserve(reserve);
  return l;
}

void data_put(Data& object, const std::string& key, Data&& value) {
  object[key] = std::move(value);
}

void data_push(Data& list, Data&& item) {
  const_cast<kainjow::mustache::list&>(list.list_value()).push_back(std::move(item));
}

Data data_text(std::string text) {
  Data d(Data::type::string);
  const_cast<std::string&>(d.string_value()).swap(text);
  return d;
}

Data data_ref(const Data* target) {
  return Data(kainjow::mustache::partial(DataRef{target}));
}

Data data_partial_html(std::string partial) {
  return Data(kainjow::mustache::partial(PartialHtml{std::move(partial)}));
}

const RenderCache::Item* RenderCache::find(const Template* partial, const Data* holder) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = items_.find({partial, holder});
  return it == items_.end() ? nullptr : it->second.get();
}

const RenderCache::Item* RenderCache::add(const Template* partial, const Data* holder, Item item) {
  std::lock_guard<std::mutex> lock(mu_);
  auto [it, fresh] = items_.try_emplace({partial, holder});
  if (fresh) it->second = std::make_unique<Item>(std::move(item));
  return it->second.get();
}

// The context stack a page renders with, outermost first.
class TemplateContext final : public kainjow::mustache::basic_context<std::string> {
 public:
  TemplateContext(const std::vector<const Data*>& stack, const Templates* partials,
                  RenderCache* cache, const RenderLimits& limits)
      : partials_(partials), cache_(cache), limits_(limits) {
    items_.reserve(stack.size() + 16);
    for (const Data* d : stack) items_.push_back(follow(d));
  }

  void push(const Data* d) override {
    step();
    items_.push_back(follow(d));
  }
  void pop() override { items_.pop_back(); }

  const Data* get(const std::string& name) const override {
    step();
    const Data* v = lookup(name);
    if (v && v->is_string()) add_pending(v->string_value().size());
    return v;
  }

  // kainjow hands each finished line to the sink; until then it holds the line itself.
  // A partial rendered on its own is one level deeper: its text reaches the page as a
  // value, counted there.
  void begin_level() { levels_.push_back({}); }
  void end_level() { levels_.pop_back(); }
  void flush(size_t n) const {
    Level& l = levels_.back();
    if (l.flushed + n > limits_.max_bytes) fail(true);
    l.flushed += n;
    l.pending = 0;
  }

  // Partials are expanded into the templates when a theme loads (theme.cc, with kainjow's
  // own rules for finding them: template_scan.h), so a template compiled here has none
  // left. Should one reach a render, it renders nothing: kainjow would render the data
  // under that name as a template.
  const Data* get_partial(const std::string&) const override { return nullptr; }

 private:
  struct Found {
    const Data* value = nullptr;
    const Data* holder = nullptr;  // the object value was found in
    size_t level = 0;              // the stack item the lookup started from
  };
  struct Level {
    size_t flushed = 0;  // handed to the sink
    size_t pending = 0;  // values looked up since, in kainjow's line buffer
  };

  const Data* lookup(const std::string& name) const {
    if (name == ".") return items_.empty() ? nullptr : items_.back();
    Found f = find(name, items_.size());
    for (Recording* r : recordings_) record(*r, name, f);
    if (const PartialHtml* p = tagged<PartialHtml>(f.value)) return partial_html(*p, f);
    return f.value;
  }

  void step() const {
    if (++steps_ > limits_.max_steps) fail(false);
  }
  void add_pending(size_t n) const {
    Level& l = levels_.back();
    l.pending += n;
    if (l.flushed + l.pending > limits_.max_bytes) fail(true);
  }
  [[noreturn]] void fail(bool too_big) const {
    const Level& page = levels_.front();
    throw RenderLimitExceeded(too_big, page.flushed + page.pending, steps_, limits_);
  }

  // The names a partial's render looked up below `base`, where its holder sits.
  struct Recording {
    size_t base;
    std::vector<RenderCache::Lookup> outside;
    bool reusable = true;
  };

  // kainjow's rule over items_[0, levels): the innermost item that has the name, or the
  // whole of a dotted path.
  Found find(const std::string& name, size_t levels) const {
    if (name.find('.') == std::string::npos) {
      for (size_t l = levels; l-- > 0;)
        if (const Data* v = items_[l]->get(name)) return {follow(v), items_[l], l};
      return {};
    }
    std::string part;
    for (size_t l = levels; l-- > 0;) {
      const Data* v = items_[l];
      const Data* holder = nullptr;
      for (size_t from = 0; v && from < name.size();) {
        size_t dot = std::min(name.find('.', from), name.size());
        part.assign(name, from, dot - from);
        holder = v;
        v = follow(v->get(part));
        from = dot + 1;
      }
      if (v) return {v, holder, l};
    }
    return {};
  }

  // Only the build-wide item (the stack's first) lives as long as the cache, so a name
  // found below the holder anywhere else makes the bytes this page's alone.
  static void record(Recording& r, const std::string& name, const Found& f) {
    if (f.value && f.level >= r.base) return;
    if (f.value && f.level != 0) {
      r.reusable = false;
      return;
    }
    for (const RenderCache::Lookup& l : r.outside)
      if (l.name == name) return;
    r.outside.push_back({name, f.value});
  }

  const Data* partial_html(const PartialHtml& p, const Found& f) const {
    auto it = partials_ ? partials_->find(p.partial) : Templates::const_iterator();
    if (!partials_ || it == partials_->end()) return nullptr;
    const Template* t = &it->second;
    std::pair<const Template*, const Data*> key{t, f.holder};
    if (std::find(rendering_.begin(), rendering_.end(), key) != rendering_.end())
      return nullptr;  // the partial asks for itself
    bool on_top = f.holder == items_.back();
    size_t base = on_top ? items_.size() - 1 : items_.size();
    // Inside another partial's render, its recording must see every lookup: no reuse.
    bool cached = cache_ && recordings_.empty();
    if (cached)
      if (const RenderCache::Item* item = cache_->find(t, f.holder))
        if (std::all_of(
                item->outside.begin(), item->outside.end(),
                [&](const RenderCache::Lookup& l) { return find(l.name, base).value == l.value; }))
          return &item->html;

    Recording rec{base, {}};
    if (cached) recordings_.push_back(&rec);
    rendering_.push_back(key);
    if (!on_top) items_.push_back(f.holder);
    Data& html = rendered_.emplace_back(Data::type::string);
    // get() is const for kainjow; the context itself is not.
    t->render_in(const_cast<TemplateContext&>(*this),
                 const_cast<std::string&>(html.string_value()));
    if (!on_top) items_.pop_back();
    rendering_.pop_back();
    if (cached) {
      recordings_.pop_back();
      if (rec.reusable) cache_->add(t, f.holder, {Data(html), std::move(rec.outside)});
    }
    return &html;
  }

  mutable std::vector<const Data*> items_;
  const Templates* partials_;
  RenderCache* cache_;
  RenderLimits limits_;
  mutable size_t steps_ = 0;
  mutable std::vector<Level> levels_;
  mutable std::vector<Recording*> recordings_;
  mutable std::vector<std::pair<const Template*, const Data*>> rendering_;
  mutable std::deque<Data> rendered_;  // what partial_html made, alive until the page is done
};

struct Template::Copies {
  explicit Copies(const std::string& text) : compiled(text) {}
  mustache compiled;  // never rendered: each copy is made from it
  std::mutex mu;
  std::vector<std::unique_ptr<mustache>> idle;
};

Template::Template() = default;
Template::Template(Template&&) noexcept = default;
Template& Template::operator=(Template&&) noexcept = default;
Template::~Template() = default;

std::optional<Template> Template::compile(std::string text, Error* error) {
  auto copies = std::make_unique<Copies>(text);
  if (!copies->compiled.is_valid()) {
    // "Unclosed section \"a\" at 12" -> "unclosed section \"a\"", 12
    const std::string& msg = copies->compiled.error_message();
    size_t at = msg.rfind(" at ");
    error->message = msg.substr(0, at);
    error->offset = at == std::string::npos ? 0 : std::stoul(msg.substr(at + 4));
    if (!error->message.empty()) error->message[0] = to_lower(error->message[0]);
    return std::nullopt;
  }
  copies->compiled.set_custom_escape([](const std::string& s) { return html_escape(s); });
  Template t;
  t.text_ = std::move(text);
  t.copies_ = std::move(copies);
  return t;
}

void Template::render(const std::vector<const Data*>& stack, std::string& out,
                      const Templates* partials, RenderCache* cache,
                      const RenderLimits& limits) const {
  TemplateContext context(stack, partials, cache, limits);
  render_in(context, out);
}

namespace {

// kainjow's render() collects the page in an ostringstream and copies it out; this
// appends each line to the page, counting it against the limits first.
struct StringSink {
  std::string& out;
  const TemplateContext& context;
  StringSink& operator<<(const std::string& s) {
    context.flush(s.size());
    out += s;
    return *this;
  }
};

}  // namespace

void Template::render_in(TemplateContext& context, std::string& out) const {
  std::unique_ptr<mustache> m;
  {
    std::lock_guard<std::mutex> lock(copies_->mu);
    if (!copies_->idle.empty()) {
      m = std::move(copies_->idle.back());
      copies_->idle.pop_back();
    }
  }
  if (!m) m = std::make_unique<mustache>(copies_->compiled);
  StringSink sink{out, context};
  context.begin_level();
  m->render(context, sink);
  context.end_level();
  // What fails while rendering (partials found in the data, lambdas) is what the
  // context never offers; a copy that failed anyway is not used again.
  if (!m->is_valid()) return;
  std::lock_guard<std::mutex> lock(copies_->mu);
  copies_->idle.push_back(std::move(m));
}

}  // namespace sitegen
