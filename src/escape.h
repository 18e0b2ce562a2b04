// Escaping by runs, for HTML text and JSON strings: the bytes a table marks are
// replaced, and the runs between them, most of every text, are copied whole.
#pragma once

#include <array>
#include <string>
#include <string_view>

namespace sitegen {

// A table of the bytes in `chars`, and with `controls` also of those below 0x20.
constexpr std::array<bool, 256> byte_table(std::string_view chars, bool controls = false) {
  std::array<bool, 256> t{};
  for (int c = 0; c < 0x20; ++c) t[c] = controls;
  for (char c : chars) t[static_cast<unsigned char>(c)] = true;
  return t;
}

// Appends `text` to `out`, handing each byte that `special` marks to escape(out, byte).
template <class Escape>
void append_escaped(std::string& out, std::string_view text, const std::array<bool, 256>& special,
                    Escape escape) {
  const char* p = text.data();
  const char* end = p + text.size();
  while (p < end) {
    const char* run = p;
    while (p < end && !special[static_cast<unsigned char>(*p)]) ++p;
    out.append(run, static_cast<size_t>(p - run));
    if (p == end) break;
    escape(out, *p++);
  }
}

}  // namespace sitegen
