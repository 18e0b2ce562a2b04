// Reads YAML with libyaml's event parser into TomlNode trees (see yaml_reader.h). The
// tree is built with an explicit stack, so deep nesting cannot overflow the C++ stack.
#include "import/yaml_reader.h"

#include <yaml.h>

#include <algorithm>
#include <map>
#include <unordered_set>
#include <vector>

#include "text/nfc.h"

namespace sitegen {

namespace {

constexpr size_t kMaxDepth = 200;
constexpr size_t kMaxNodes = 100000;  // aliases can repeat a subtree many times over

bool is_integer(std::string_view s) {
  size_t i = !s.empty() && (s[0] == '-' || s[0] == '+') ? 1 : 0;
  if (i == s.size() || s.size() - i > 18) return false;
  for (; i < s.size(); ++i)
    if (s[i] < '0' || s[i] > '9') return false;
  return true;
}

// A scalar as the YAML 1.2 core schema reads it (quoted scalars are always strings).
TomlNode scalar(const yaml_event_t& ev, const SourceLoc& at) {
  TomlNode n;
  n.loc = n.key_loc = at;
  n.kind = TomlNode::Kind::kString;
  n.str.assign(reinterpret_cast<const char*>(ev.data.scalar.value), ev.data.scalar.length);
  to_nfc_in_place(n.str);  // as TOML's strings: `"\u0301"` escapes composed too
  if (ev.data.scalar.style != YAML_PLAIN_SCALAR_STYLE || ev.data.scalar.tag) return n;
  const std::string& s = n.str;
  if (s == "true" || s == "True" || s == "TRUE" || s == "false" || s == "False" || s == "FALSE") {
    n.kind = TomlNode::Kind::kBool;
    n.boolean = s[0] == 't' || s[0] == 'T';
  } else if (is_integer(s)) {
    n.kind = TomlNode::Kind::kInteger;
    n.integer = std::stoll(s);
  } else if (s == "~" || s == "null" || s == "Null" || s == "NULL") {
    n.str.clear();
  }
  return n;
}

std::string anchor_of(const yaml_char_t* anchor) {
  return anchor ? reinterpret_cast<const char*>(anchor) : "";
}

class Reader {
 public:
  Reader(const std::string& path, Diagnostics& diags, int first_line)
      : path_(path), diags_(diags), first_line_(first_line) {}

  std::optional<TomlNode> run(std::string_view text);

 private:
  struct Frame {
    TomlNode node;
    std::string anchor;
    size_t first_node = 0;  // nodes_ when the collection started
    bool have_key = false;
    std::string key;
    SourceLoc key_loc;
    std::unordered_set<std::string> keys;    // of a mapping, to find duplicates at once
    std::unordered_set<std::string> merged;  // keys that came from a `<<` merge
  };
  struct Anchored {
    TomlNode node;
    size_t count = 0;
  };

  SourceLoc loc(const yaml_mark_t& m) const {
    return {path_, first_line_ + static_cast<int>(m.line), static_cast<int>(m.column) + 1};
  }
  bool fail(const SourceLoc& at, std::string message) {
    diags_.error(at, std::move(message));
    return false;
  }
  bool event(const yaml_event_t& ev);
  bool open(TomlNode::Kind kind, const yaml_event_t& ev, const yaml_char_t* anchor);
  bool add(TomlNode node, const std::string& anchor, size_t count);

  const std::string& path_;
  Diagnostics& diags_;
  int first_line_;
  std::vector<Frame> stack_;
  std::map<std::string, Anchored> anchors_;
  std::optional<TomlNode> root_;
  size_t nodes_ = 0;
  bool done_ = false;
};

std::optional<TomlNode> Reader::run(std::string_view text) {
  yaml_parser_t parser;
  if (!yaml_parser_initialize(&parser)) {
    fail({path_, first_line_, 1}, "cannot start the YAML parser (out of memory)");
    return std::nullopt;
  }
  yaml_parser_set_input_string(&parser, reinterpret_cast<const unsigned char*>(text.data()),
                               text.size());
  bool ok = true;
  while (ok && !done_) {
    yaml_event_t ev;
    if (!yaml_parser_parse(&parser, &ev)) {
      std::string message = parser.problem ? parser.problem : "invalid YAML";
      if (parser.context) message += " " + std::string(parser.context);
      SourceLoc at = loc(parser.problem_mark);
      if (parser.error == YAML_READER_ERROR) {  // bad encoding: only a byte offset is known
        std::string_view before = text.substr(0, std::min(parser.problem_offset, text.size()));
        size_t nl = before.rfind('\n');
        size_t line_start = nl == std::string_view::npos ? 0 : nl + 1;
        at = loc({0, static_cast<size_t>(std::count(before.begin(), before.end(), '\n')),
                  before.size() - line_start});
      }
      ok = fail(at, "invalid YAML: " + message);
      break;
    }
    ok = event(ev);
    yaml_event_delete(&ev);
  }
  yaml_parser_delete(&parser);
  if (!ok) return std::nullopt;
  if (!root_) {  // no document, or an empty one: an empty table
    TomlNode empty;
    empty.loc = empty.key_loc = SourceLoc{path_, first_line_, 1};
    return empty;
  }
  return std::move(root_);
}

bool Reader::event(const yaml_event_t& ev) {
  switch (ev.type) {
    case YAML_STREAM_END_EVENT:
    case YAML_DOCUMENT_END_EVENT:  // front matter is one document: the rest is not read
      done_ = true;
      return true;
    case YAML_SCALAR_EVENT:
      ++nodes_;
      return add(scalar(ev, loc(ev.start_mark)), anchor_of(ev.data.scalar.anchor), 1);
    case YAML_SEQUENCE_START_EVENT:
      return open(TomlNode::Kind::kArray, ev, ev.data.sequence_start.anchor);
    case YAML_MAPPING_START_EVENT:
      return open(TomlNode::Kind::kTable, ev, ev.data.mapping_start.anchor);
    case YAML_SEQUENCE_END_EVENT:
    case YAML_MAPPING_END_EVENT: {
      Frame f = std::move(stack_.back());
      stack_.pop_back();
      return add(std::move(f.node), f.anchor, nodes_ - f.first_node);
    }
    case YAML_ALIAS_EVENT: {
      std::string name = anchor_of(ev.data.alias.anchor);
      auto it = anchors_.find(name);
      if (it == anchors_.end()) return fail(loc(ev.start_mark), "unknown alias `*" + name + "`");
      nodes_ += it->second.count;
      if (nodes_ > kMaxNodes)
        return fail(loc(ev.start_mark),
                    "aliases expand to more than " + std::to_string(kMaxNodes) + " values");
      TomlNode copy = it->second.node;
      copy.loc = copy.key_loc = loc(ev.start_mark);
      return add(std::move(copy), "", it->second.count);
    }
    default:  // stream and document starts
      return true;
  }
}

bool Reader::open(TomlNode::Kind kind, const yaml_event_t& ev, const yaml_char_t* anchor) {
  SourceLoc at = loc(ev.start_mark);
  if (!stack_.empty() && stack_.back().node.kind == TomlNode::Kind::kTable &&
      !stack_.back().have_key)
    return fail(at, "a mapping key must be a plain value, not a list or mapping");
  if (stack_.size() >= kMaxDepth)
    return fail(at, "too deeply nested: more than " + std::to_string(kMaxDepth) + " levels");
  ++nodes_;
  Frame f;
  f.node.kind = kind;
  f.node.loc = f.node.key_loc = at;
  f.anchor = anchor_of(anchor);
  f.first_node = nodes_ - 1;
  stack_.push_back(std::move(f));
  return true;
}

bool Reader::add(TomlNode node, const std::string& anchor, size_t count) {
  if (nodes_ > kMaxNodes)
    return fail(node.loc, "more than " + std::to_string(kMaxNodes) + " values");
  if (!anchor.empty()) anchors_[anchor] = Anchored{node, count};
  if (stack_.empty()) {
    if (!root_) root_ = std::move(node);
    return true;
  }
  Frame& top = stack_.back();
  if (top.node.kind == TomlNode::Kind::kArray) {
    top.node.items.push_back(std::move(node));
    return true;
  }
  if (!top.have_key) {
    if (node.kind == TomlNode::Kind::kTable || node.kind == TomlNode::Kind::kArray)
      return fail(node.loc, "a mapping key must be a plain value, not a list or mapping");
    top.key = node.str;
    top.key_loc = node.loc;
    top.have_key = true;
    return true;
  }
  top.have_key = false;
  node.key_loc = top.key_loc;
  auto& fields = top.node.fields;
  if (top.key == "<<" && node.kind == TomlNode::Kind::kTable) {  // merge: own keys win
    for (auto& [k, v] : node.fields) {
      if (!top.keys.insert(k).second) continue;
      top.merged.insert(k);
      fields.emplace_back(k, std::move(v));
    }
    return true;
  }
  if (top.merged.erase(top.key)) {  // a key of its own replaces a merged one
    for (auto& f : fields)
      if (f.first == top.key) f.second = std::move(node);
    return true;
  }
  if (!top.keys.insert(top.key).second) return fail(top.key_loc, "duplicate key `" + top.key + "`");
  fields.emplace_back(top.key, std::move(node));
  return true;
}

}  // namespace

std::optional<TomlNode> parse_yaml(std::string_view text, const std::string& display_path,
                                   Diagnostics& diags, int first_line) {
  return Reader(display_path, diags, first_line).run(text);
}

}  // namespace sitegen
