// Mustache templates: compiled once, rendered many times into one string. The data is a
// small tree of Values whose object keys are string literals, and a Value can refer to
// another that outlives the render, so shared entries are never copied per page.
// The rendered bytes are kainjow mustache's for the same data (mustache_test.cc checks
// both engines side by side), including its rule for dropping section-only lines.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sitegen {

// An object key: a string literal, so keys never own memory and compare as views.
struct Key {
  std::string_view name;
  template <size_t N>
  consteval Key(const char (&s)[N]) : name(s, N - 1) {}  // NOLINT: implicit by design
};

class Value {
 public:
  enum class Kind : uint8_t { kFalse, kTrue, kText, kList, kObject, kRef };
  struct Field;  // an object's key and value

  Value() noexcept = default;  // false
  explicit Value(bool b) noexcept : kind_(b ? Kind::kTrue : Kind::kFalse) {}
  Value(std::string_view text);                                      // NOLINT: copies the text
  Value(const std::string& text) : Value(std::string_view(text)) {}  // NOLINT
  Value(const char* text) : Value(std::string_view(text)) {}         // NOLINT
  static Value list(size_t reserve = 0);
  static Value object(size_t reserve = 0);
  // Stands for *target wherever it is looked up or iterated; target must outlive renders.
  static Value ref(const Value* target);

  // Moving keeps a list's items and an object's fields where they are, so references
  // to them stay good.
  Value(Value&& other) noexcept;
  Value& operator=(Value&& other) noexcept;
  Value(const Value&) = delete;
  Value& operator=(const Value&) = delete;
  ~Value() { release(); }

  Kind kind() const { return kind_; }
  std::string_view text() const {
    return {size_ <= kInline ? data_ : static_cast<const char*>(ptr()), size_};
  }
  std::span<const Value> items() const;   // lists
  std::span<const Field> fields() const;  // objects, in the order their keys were first set
  bool is_empty_list() const { return kind_ == Kind::kList && size_ == 0; }

  // Objects: set() replaces the value of a key already set. get() follows references.
  void set(Key key, Value value);
  const Value* get(std::string_view key) const;
  // Lists.
  void push(Value item);
  // The value a reference stands for; any other value itself.
  const Value* resolved() const {
    return kind_ == Kind::kRef ? static_cast<const Value*>(ptr()) : this;
  }

 private:
  // 24 bytes: a build holds millions of these, and their memory, fresh from the
  // system, was a third of the build's time. data_ holds text of up to 16 bytes in
  // place, or else a pointer (longer text, items, fields, a reference's target) and,
  // for lists and objects, the slots allocated. Items and fields are sized exactly
  // when reserved.
  static constexpr uint32_t kInline = 16;
  void* ptr() const {
    void* p;
    std::memcpy(&p, data_ + 8, sizeof p);
    return p;
  }
  void set_ptr(const void* p) { std::memcpy(data_ + 8, &p, sizeof p); }
  uint32_t cap() const {
    uint32_t c;
    std::memcpy(&c, data_, sizeof c);
    return c;
  }
  void set_cap(uint32_t c) { std::memcpy(data_, &c, sizeof c); }
  template <typename T>
  T* slots() const {
    return static_cast<T*>(ptr());
  }
  void release() noexcept;
  void grow();

  Kind kind_ = Kind::kFalse;
  uint32_t size_ = 0;  // text bytes, list items or object fields
  alignas(8) char data_[kInline] = {};
};

struct Value::Field {
  std::string_view key;
  Value value;
};

inline std::span<const Value> Value::items() const {
  return {kind_ == Kind::kList ? slots<const Value>() : nullptr, kind_ == Kind::kList ? size_ : 0};
}
inline std::span<const Value::Field> Value::fields() const {
  return {kind_ == Kind::kObject ? slots<const Field>() : nullptr,
          kind_ == Kind::kObject ? size_ : 0};
}

class Template;

// List items that stand for shared entries (references), rendered once per template
// section and copied into every later page that lists the same entry there: a
// publication appears on the full list and on several filter pages. An item's bytes are
// reused only where every name its section looked up outside the item resolves to the
// same value as when it was rendered, so the bytes are those a fresh render would give.
// Shared by the threads of one build.
class RenderCache {
 public:
  RenderCache();
  ~RenderCache();
  RenderCache(const RenderCache&) = delete;
  RenderCache& operator=(const RenderCache&) = delete;

  struct Lookup {
    uint32_t name;       // the template's name index
    const Value* value;  // what it resolved to below the item; null: nothing
  };
  struct Item {
    std::string bytes;
    size_t line_start;            // where the last line of bytes starts
    std::vector<Lookup> outside;  // lookups that went past the item
  };
  // The item rendered for (template, section node, entry), or null.
  const Item* find(const Template* t, uint32_t node, const Value* entry) const;
  void add(const Template* t, uint32_t node, const Value* entry, Item item);

 private:
  struct State;
  std::unique_ptr<State> s_;
};

// A compiled template; render() is const, so threads can share one.
class Template {
 public:
  struct Error {
    std::string message;  // "unclosed section \"a\"", lowercase, no position
    size_t offset = 0;    // byte offset in the template text
  };
  // Parses `text`; on a syntax error returns nullopt and fills *error.
  static std::optional<Template> compile(std::string text, Error* error);

  // The template's text, partials expanded.
  const std::string& text() const { return text_; }

  // Renders with `stack` as the context, innermost last, appending to out. With a cache,
  // list items that are references are taken from it or added to it.
  void render(const std::vector<const Value*>& stack, std::string& out,
              RenderCache* cache = nullptr) const;

  struct Node {
    enum class Type : uint8_t { kText, kNewline, kVariable, kRaw, kSection, kInverted };
    Type type = Type::kText;
    uint32_t begin = 0, size = 0;  // kText/kNewline: the bytes in text_
    uint32_t name = 0;             // tags: index into names_
    uint32_t end = 0;              // sections: the index just past their last child
  };
  // A tag's name split at dots ("a.b" -> {"a", "b"}); `dot` for the implicit {{.}}.
  struct Name {
    bool dot = false;
    std::vector<std::string> parts;
  };

 private:
  std::string text_;
  std::vector<Node> nodes_;
  std::vector<Name> names_;
};

}  // namespace sitegen
