// Mustache templates: compiled once, rendered many times into one string. The data is a
// small tree of Values whose object keys are string literals, and a Value can refer to
// another that outlives the render, so shared entries are never copied per page.
// The rendered bytes are kainjow mustache's for the same data (mustache_test.cc checks
// both engines side by side), including its rule for dropping section-only lines.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
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

  Value() = default;  // false
  explicit Value(bool b) : kind_(b ? Kind::kTrue : Kind::kFalse) {}
  Value(std::string text) : kind_(Kind::kText), text_(std::move(text)) {}  // NOLINT
  Value(const char* text) : kind_(Kind::kText), text_(text) {}             // NOLINT
  static Value list(size_t reserve = 0);
  static Value object(size_t reserve = 0);
  // Stands for *target wherever it is looked up or iterated; target must outlive renders.
  static Value ref(const Value* target);

  Kind kind() const { return kind_; }
  const std::string& text() const { return text_; }
  // A list's items; an object's values (in the order their keys were first set).
  const std::vector<Value>& items() const { return items_; }
  const std::vector<std::string_view>& keys() const { return keys_; }  // objects
  bool is_empty_list() const { return kind_ == Kind::kList && items_.empty(); }

  // Objects: set() replaces the value of a key already set. get() follows references.
  void set(Key key, Value value);
  const Value* get(std::string_view key) const;
  // Lists.
  void push(Value item) { items_.push_back(std::move(item)); }
  // The value a reference stands for; any other value itself.
  const Value* resolved() const { return kind_ == Kind::kRef ? target_ : this; }

 private:
  Kind kind_ = Kind::kFalse;
  std::string text_;
  std::vector<Value> items_;
  std::vector<std::string_view> keys_;  // objects: keys_[i] names items_[i]
  const Value* target_ = nullptr;
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

  // Renders with `stack` as the context, innermost last, appending to out.
  void render(const std::vector<const Value*>& stack, std::string& out) const;

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
