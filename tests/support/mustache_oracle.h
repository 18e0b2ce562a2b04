// kainjow mustache as the reference for sitegen's own engine (mustache.h): the same
// template and data rendered by both must give the same bytes or the same error. Used
// by mustache_test.cc and fuzz/mustache_fuzz.cc only; sitegen itself does not link it.
#pragma once

#include <kainjow/mustache.hpp>
#include <string>
#include <vector>

#include "markdown/markdown.h"
#include "theme/mustache.h"

namespace sitegen::oracle {

// The data the tests and the fuzz target render templates with: text that needs
// escaping, flags, three lists of more than one entry (`items`, `strs`, `refs`), an
// empty one, and references to `shared` (see shared_data()). The `other` page has
// another title and the flags swapped, so what a list item of `refs` looks up outside
// `shared` differs from the first page's.
inline Value sample_data(const Value& shared, bool other = false) {
  Value d = Value::object();
  d.set("title", other ? "Other & page" : "A <b>&'\"");
  d.set("yes", Value(!other));
  d.set("no", Value(other));
  d.set("blank", "  ");
  d.set("nl", "line\nbreak");
  Value items = Value::list();
  for (const char* name : {"x", "y", "z"}) {
    Value item = Value::object();
    item.set("name", name);
    item.set("last", Value(std::string_view(name) == "z"));
    items.push(std::move(item));
  }
  d.set("items", std::move(items));
  Value strs = Value::list();
  strs.push("a");
  strs.push("b<");
  d.set("strs", std::move(strs));
  d.set("none", Value::list());
  d.set("ref", Value::ref(&shared));
  Value refs = Value::list();
  refs.push(Value::ref(&shared));
  refs.push(Value::ref(&shared));
  d.set("refs", std::move(refs));
  return d;
}

inline Value shared_data() {
  Value deep = Value::object();
  deep.set("v", "deep");
  Value s = Value::object();
  s.set("name", "shared");
  s.set("deep", std::move(deep));
  return s;
}

// kainjow has no references: a reference becomes a copy of what it stands for.
inline kainjow::mustache::data to_kainjow(const Value& v) {
  using kainjow::mustache::data;
  const Value& r = *v.resolved();
  switch (r.kind()) {
    case Value::Kind::kFalse:
      return data(data::type::bool_false);
    case Value::Kind::kTrue:
      return data(data::type::bool_true);
    case Value::Kind::kText:
      return data(std::string(r.text()));
    case Value::Kind::kList: {
      data l(data::type::list);
      for (const Value& item : r.items()) l.push_back(to_kainjow(item));
      return l;
    }
    case Value::Kind::kObject:
    case Value::Kind::kRef:
      break;
  }
  data o(data::type::object);
  for (const Value::Field& f : r.fields()) o.set(std::string(f.key), to_kainjow(f.value));
  return o;
}

struct Result {
  bool ok = false;
  std::string text;  // the page, or the error message as sitegen words it
  size_t offset = 0;
};

// Renders with `data` as the only context item, escaping as sitegen does.
inline Result kainjow_render(const std::string& tmpl_text, const Value& data) {
  kainjow::mustache::mustache tmpl(tmpl_text);
  if (!tmpl.is_valid()) {
    // "Unclosed section \"a\" at 12" -> "unclosed section \"a\"", 12
    std::string msg = tmpl.error_message();
    size_t at = msg.rfind(" at ");
    Result r{false, msg.substr(0, at), std::stoul(msg.substr(at + 4))};
    r.text[0] = static_cast<char>(r.text[0] - 'A' + 'a');
    return r;
  }
  tmpl.set_custom_escape([](const std::string& s) { return html_escape(s); });
  // Partials are expanded before sitegen compiles a template, so one left in the text
  // finds nothing; kainjow's own context would look it up in the data.
  struct NoPartials : kainjow::mustache::context<std::string> {
    using context::context;
    const kainjow::mustache::data* get_partial(const std::string&) const override {
      return nullptr;
    }
  };
  kainjow::mustache::data d = to_kainjow(data);
  NoPartials ctx(&d);
  return {true, tmpl.render(ctx), 0};
}

inline Result sitegen_render(const std::string& tmpl_text, const Value& data) {
  Template::Error e;
  std::optional<Template> t = Template::compile(tmpl_text, &e);
  if (!t) return {false, e.message, e.offset};
  Result r{true, "", 0};
  t->render({&data}, r.text);
  return r;
}

// Renders the pages one after the other through one RenderCache, as a build does.
inline std::vector<Result> sitegen_render_cached(const std::string& tmpl_text,
                                                 const std::vector<const Value*>& pages) {
  Template::Error e;
  std::optional<Template> t = Template::compile(tmpl_text, &e);
  if (!t) return std::vector<Result>(pages.size(), Result{false, e.message, e.offset});
  RenderCache cache;
  std::vector<Result> results;
  for (const Value* page : pages) {
    Result& r = results.emplace_back(Result{true, "", 0});
    t->render({page}, r.text, &cache);
  }
  return results;
}

}  // namespace sitegen::oracle
