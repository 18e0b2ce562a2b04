// The template engine: a flat node list per template, names split once at compile time,
// and a renderer that writes straight into the page.
#include "theme/mustache.h"

#include <algorithm>
#include <cstring>
#include <mutex>
#include <new>
#include <tuple>
#include <unordered_map>

#include "markdown/markdown.h"

namespace sitegen {

namespace {

constexpr size_t kMaxDepth = 100;

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

// "{{=<% %>=}}" contents ("=<% %>=") -> the two delimiters; false if malformed.
bool parse_delimiters(std::string_view contents, std::string* open, std::string* close) {
  if (contents.size() < 5 || contents.back() != '=') return false;
  std::string_view inner = trim(contents.substr(1, contents.size() - 2));
  size_t space = inner.find(' ');
  if (space == std::string_view::npos) return false;
  size_t next = inner.find_first_not_of(' ', space + 1);
  std::string_view a = inner.substr(0, space), b = inner.substr(next);
  // Delimiters may not contain whitespace or `=`.
  for (std::string_view d : {a, b})
    for (char c : d)
      if (c == '=' || is_space(c)) return false;
  *open = a;
  *close = b;
  return true;
}

}  // namespace

Value::Value(std::string_view text)
    : kind_(Kind::kText), size_(static_cast<uint32_t>(text.size())) {
  char* to = data_;
  if (size_ > kInline) {
    to = new char[size_];
    set_ptr(to);
  }
  std::memcpy(to, text.data(), size_);
}

Value Value::list(size_t reserve) {
  Value v;
  v.kind_ = Kind::kList;
  v.set_cap(static_cast<uint32_t>(reserve));
  v.set_ptr(reserve ? ::operator new(reserve * sizeof(Value)) : nullptr);
  return v;
}

Value Value::object(size_t reserve) {
  Value v;
  v.kind_ = Kind::kObject;
  v.set_cap(static_cast<uint32_t>(reserve));
  v.set_ptr(reserve ? ::operator new(reserve * sizeof(Field)) : nullptr);
  return v;
}

Value Value::ref(const Value* target) {
  Value v;
  v.kind_ = Kind::kRef;
  v.set_ptr(target->resolved());
  return v;
}

// A Value is its bytes: moving one is copying them and leaving `false` behind. That is
// also why grow() may move items and fields with memcpy.
Value::Value(Value&& other) noexcept : kind_(other.kind_), size_(other.size_) {
  std::memcpy(data_, other.data_, kInline);
  other.kind_ = Kind::kFalse;
  other.size_ = 0;
}

Value& Value::operator=(Value&& other) noexcept {
  if (this != &other) {
    release();
    kind_ = other.kind_;
    size_ = other.size_;
    std::memcpy(data_, other.data_, kInline);
    other.kind_ = Kind::kFalse;
    other.size_ = 0;
  }
  return *this;
}

void Value::release() noexcept {
  switch (kind_) {
    case Kind::kText:
      if (size_ > kInline) delete[] static_cast<char*>(ptr());
      break;
    case Kind::kList:
      for (uint32_t i = 0; i < size_; ++i) slots<Value>()[i].~Value();
      ::operator delete(ptr());
      break;
    case Kind::kObject:
      for (uint32_t i = 0; i < size_; ++i) slots<Field>()[i].~Field();
      ::operator delete(ptr());
      break;
    default:
      break;
  }
  kind_ = Kind::kFalse;
  size_ = 0;
}

void Value::grow() {
  size_t slot = kind_ == Kind::kList ? sizeof(Value) : sizeof(Field);
  uint32_t cap = std::max<uint32_t>(4, this->cap() * 2);
  void* bigger = ::operator new(cap* slot);
  if (size_) std::memcpy(bigger, ptr(), size_ * slot);
  ::operator delete(ptr());
  set_ptr(bigger);
  set_cap(cap);
}

void Value::set(Key key, Value value) {
  if (kind_ != Kind::kObject) *this = object();
  Field* f = slots<Field>();
  for (uint32_t i = 0; i < size_; ++i)
    if (f[i].key == key.name) {
      f[i].value = std::move(value);
      return;
    }
  if (size_ == cap()) grow();
  new (slots<Field>() + size_) Field{key.name, std::move(value)};
  ++size_;
}

const Value* Value::get(std::string_view key) const {
  if (kind_ != Kind::kObject) return nullptr;
  const Field* f = slots<const Field>();
  for (uint32_t i = 0; i < size_; ++i)
    if (f[i].key.size() == key.size() &&
        (key.empty() ||
         (f[i].key[0] == key[0] && std::memcmp(f[i].key.data(), key.data(), key.size()) == 0)))
      return f[i].value.resolved();
  return nullptr;
}

void Value::push(Value item) {
  if (kind_ != Kind::kList) *this = list();
  if (size_ == cap()) grow();
  new (slots<Value>() + size_) Value(std::move(item));
  ++size_;
}

std::optional<Template> Template::compile(std::string text, Error* error) {
  Template t;
  t.text_ = std::move(text);
  const std::string& in = t.text_;
  std::string open = "{{", close = "}}";
  bool braces = true;
  struct Open {
    size_t node;
    size_t at;
    std::string name;
    std::string closed_by;  // the name in the end tag that closed it
    bool closed = false;
  };
  std::vector<Open> sections;  // every section, in document order
  std::vector<size_t> open_now;
  auto fail = [&](std::string message, size_t at) {
    *error = Error{std::move(message), at};
    return std::nullopt;
  };
  auto add_name = [&](std::string_view name) {
    Name n;
    n.dot = name == ".";
    if (name.find('.') == std::string_view::npos) {
      n.parts.emplace_back(name);
    } else if (!n.dot) {
      // As kainjow splits: "a." is {"a"}, "a..b" is {"a", "", "b"}.
      for (size_t from = 0; from < name.size();) {
        size_t dot = std::min(name.find('.', from), name.size());
        n.parts.emplace_back(name.substr(from, dot - from));
        from = dot + 1;
      }
    }
    t.names_.push_back(std::move(n));
    return static_cast<uint32_t>(t.names_.size() - 1);
  };
  for (size_t pos = 0; pos < in.size();) {
    if (in.compare(pos, open.size(), open) != 0) {
      Node n;
      n.begin = static_cast<uint32_t>(pos);
      if (in[pos] == '\n' || in[pos] == '\r') {
        n.type = Node::Type::kNewline;
        pos += in.compare(pos, 2, "\r\n") == 0 ? 2 : 1;
      } else {
        while (pos < in.size() && in[pos] != '\n' && in[pos] != '\r' &&
               in.compare(pos, open.size(), open) != 0)
          ++pos;
      }
      n.size = static_cast<uint32_t>(pos - n.begin);
      t.nodes_.push_back(n);
      continue;
    }
    size_t tag_at = pos;
    size_t contents_at = pos + open.size();
    // {{{name}}}: only while the delimiters are the braces.
    bool triple = braces && contents_at < in.size() && in[contents_at] == '{';
    std::string_view end_delim = triple ? std::string_view("}}}") : std::string_view(close);
    if (triple) ++contents_at;
    size_t end = in.find(end_delim, contents_at);
    if (end == std::string::npos) return fail("unclosed tag", tag_at);
    std::string_view contents = trim(std::string_view(in).substr(contents_at, end - contents_at));
    pos = end + end_delim.size();
    if (!contents.empty() && contents[0] == '=') {
      if (!parse_delimiters(contents, &open, &close))
        return fail("invalid set delimiter tag", tag_at);
      braces = open == "{{" && close == "}}";
      continue;
    }
    char sigil = triple || contents.empty() ? 0 : contents[0];
    std::string_view name = std::string_view("#^/>&!").find(sigil) != std::string_view::npos
                                ? trim(contents.substr(1))
                                : contents;
    Node n;
    switch (sigil) {
      case '#':
      case '^':
        n.type = sigil == '#' ? Node::Type::kSection : Node::Type::kInverted;
        n.name = add_name(name);
        // Rendering recurses once per level; a theme cannot nest deep enough to
        // exhaust the stack.
        if (open_now.size() == kMaxDepth)
          return fail("sections nested more than " + std::to_string(kMaxDepth) + " deep", tag_at);
        open_now.push_back(sections.size());
        sections.push_back({t.nodes_.size(), tag_at, std::string(name), "", false});
        t.nodes_.push_back(n);
        break;
      case '/': {
        if (open_now.empty()) return fail("unopened section \"" + std::string(name) + "\"", tag_at);
        Open& s = sections[open_now.back()];
        open_now.pop_back();
        s.closed = true;
        s.closed_by = name;
        t.nodes_[s.node].end = static_cast<uint32_t>(t.nodes_.size());
        break;
      }
      case '>':  // partials are expanded before compiling; one left over is unknown
      case '!':
        break;
      default:
        n.type = triple || sigil == '&' ? Node::Type::kRaw : Node::Type::kVariable;
        n.name = add_name(name);
        t.nodes_.push_back(n);
        break;
    }
  }
  for (const Open& s : sections)
    if (!s.closed || s.closed_by != s.name)
      return fail("unclosed section \"" + s.name + "\"", s.at);
  return t;
}

namespace {

struct Renderer {
  const Template* tmpl;
  const std::string& text;
  const std::vector<Template::Node>& nodes;
  const std::vector<Template::Name>& names;
  std::vector<const Value*> stack;
  std::string& out;
  size_t line_start;
  RenderCache* cache;
  // A section tag was on the current line: if nothing but blanks is left on it, the
  // whole line goes.
  bool section_on_line = false;
  // While an item for the cache renders: its stack level, and the lookups that went below it.
  size_t item_level = SIZE_MAX;
  std::vector<RenderCache::Lookup>* outside = nullptr;

  // The name looked up in stack levels [0, levels).
  const Value* lookup_in(const Template::Name& name, size_t levels, size_t* found_at) const {
    if (name.dot) {
      *found_at = levels - 1;
      return stack[levels - 1];
    }
    for (size_t level = levels; level-- > 0;) {
      const Value* v = stack[level];
      // "a.b.c": the innermost context in which the whole path resolves.
      for (const std::string& part : name.parts)
        if (!(v = v->get(part))) break;
      if (v) {
        *found_at = level;
        return v;
      }
    }
    *found_at = SIZE_MAX;
    return nullptr;
  }

  const Value* lookup(uint32_t name) const {
    size_t level;
    const Value* v = lookup_in(names[name], stack.size(), &level);
    if (outside && (level == SIZE_MAX || level < item_level) &&
        std::none_of(outside->begin(), outside->end(),
                     [&](const RenderCache::Lookup& l) { return l.name == name; }))
      outside->push_back({name, v});
    return v;
  }

  void end_line(const Template::Node* newline) {
    if (section_on_line && std::all_of(out.begin() + static_cast<std::ptrdiff_t>(line_start),
                                       out.end(), [](char c) { return c == ' ' || c == '\t'; }))
      out.resize(line_start);
    else if (newline)
      out.append(text, newline->begin, newline->size);
    line_start = out.size();
    section_on_line = false;
  }

  void section(size_t i, const Value* v) {
    section_on_line = true;
    if (v) stack.push_back(v);
    run(i + 1, nodes[i].end);
    if (v) stack.pop_back();
    section_on_line = true;
  }

  // One item of a list section. Items that refer to shared entries go through the cache
  // when they start a line: nothing before them on it can then change their bytes.
  void list_item(size_t i, const Value& item) {
    const Value* entry = item.resolved();
    if (!cache || item.kind() != Value::Kind::kRef || outside || out.size() != line_start) {
      section(i, entry);
      return;
    }
    auto node = static_cast<uint32_t>(i);
    size_t start = out.size();
    if (const RenderCache::Item* done = cache->find(tmpl, node, entry)) {
      size_t level;
      if (std::all_of(done->outside.begin(), done->outside.end(), [&](const auto& l) {
            return lookup_in(names[l.name], stack.size(), &level) == l.value;
          })) {
        out += done->bytes;
        line_start = start + done->line_start;
        section_on_line = true;
        return;
      }
      section(i, entry);  // the same entry in another setting
      return;
    }
    RenderCache::Item made;
    item_level = stack.size();
    outside = &made.outside;
    section(i, entry);
    outside = nullptr;
    item_level = SIZE_MAX;
    made.bytes = out.substr(start);
    made.line_start = line_start - start;
    cache->add(tmpl, node, entry, std::move(made));
  }

  void run(size_t from, size_t to) {
    for (size_t i = from; i < to; ++i) {
      const Template::Node& n = nodes[i];
      switch (n.type) {
        case Template::Node::Type::kText:
          out.append(text, n.begin, n.size);
          break;
        case Template::Node::Type::kNewline:
          end_line(&n);
          break;
        case Template::Node::Type::kVariable:
        case Template::Node::Type::kRaw:
          if (const Value* v = lookup(n.name); v && v->kind() == Value::Kind::kText) {
            if (n.type == Template::Node::Type::kRaw)
              out += v->text();
            else
              append_html_escaped(out, v->text());
          }
          break;
        case Template::Node::Type::kSection: {
          const Value* v = lookup(n.name);
          if (v && v->kind() == Value::Kind::kList) {
            for (const Value& item : v->items()) list_item(i, item);
          } else if (v && v->kind() != Value::Kind::kFalse) {
            section(i, v);
          }
          i = n.end - 1;
          break;
        }
        case Template::Node::Type::kInverted: {
          const Value* v = lookup(n.name);
          if (!v || v->kind() == Value::Kind::kFalse || v->is_empty_list()) section(i, v);
          i = n.end - 1;
          break;
        }
      }
    }
  }
};

}  // namespace

struct RenderCache::State {
  struct KeyHash {
    size_t operator()(const std::tuple<const Template*, uint32_t, const Value*>& k) const {
      auto [t, node, entry] = k;
      return std::hash<const void*>()(entry) ^ (std::hash<const void*>()(t) << 1) ^ node;
    }
  };
  mutable std::mutex mu;
  std::unordered_map<std::tuple<const Template*, uint32_t, const Value*>, Item, KeyHash> items;
};

RenderCache::RenderCache() : s_(std::make_unique<State>()) {}
RenderCache::~RenderCache() = default;

const RenderCache::Item* RenderCache::find(const Template* t, uint32_t node,
                                           const Value* entry) const {
  std::lock_guard<std::mutex> g(s_->mu);
  auto it = s_->items.find({t, node, entry});
  return it == s_->items.end() ? nullptr : &it->second;
}

void RenderCache::add(const Template* t, uint32_t node, const Value* entry, Item item) {
  std::lock_guard<std::mutex> g(s_->mu);
  s_->items.try_emplace({t, node, entry}, std::move(item));  // a twin from another thread stays
}

void Template::render(const std::vector<const Value*>& stack, std::string& out,
                      RenderCache* cache) const {
  Renderer r{this, text_, nodes_, names_, stack, out, out.size(), cache};
  r.run(0, nodes_.size());
  r.end_line(nullptr);
}

}  // namespace sitegen
