// kainjow mustache as the reference for sitegen's own engine (mustache.h): the same
// template and data rendered by both must give the same bytes or the same error. Used
// by mustache_test.cc and fuzz/mustache_fuzz.cc only; sitegen itself does not link it.
#pragma once

#include <kainjow/mustache.hpp>
#include <string>

#include "markdown.h"
#include "mustache.h"

namespace sitegen::oracle {

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
      return data(r.text());
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
  for (size_t i = 0; i < r.keys().size(); ++i)
    o.set(std::string(r.keys()[i]), to_kainjow(r.items()[i]));
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

}  // namespace sitegen::oracle
