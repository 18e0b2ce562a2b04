// nfc.h: one spelling for each character, whatever form the text came in.
#include "text/nfc.h"

#include <doctest/doctest.h>

#include <utf8proc.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "text/utf8.h"

using sitegen::to_nfc;

TEST_CASE("nfc: decomposed letters are composed") {
  CHECK(to_nfc("Nguye\u0302\u0303n") == "Nguy\u1EC5n");  // Nguyễn
  CHECK(to_nfc("Nguy\u00EA\u0303n") == "Nguy\u1EC5n");   // ê + combining tilde
  CHECK(to_nfc("Zoe\u0308") == "Zo\u00EB");
  CHECK(to_nfc("a\u0323\u0302") == "\u1EAD");  // ậ: the marks in canonical order
  CHECK(to_nfc("a\u0302\u0323") == "\u1EAD");
  CHECK(to_nfc("\u1100\u1161\u11A8") == "\uAC01");  // Hangul jamo: 각
  CHECK(to_nfc("\u212B") == "\u00C5");              // the Ångström sign is the letter Å
}

TEST_CASE("nfc: text in NFC already comes back as it is") {
  for (const char* s :
       {"", "plain ASCII, with $math$ and \\LaTeX{}", "Zoë Müller–Łukasz", "Nguyễn Văn Ánh",
        "深度学习 and 한국어", "x\u0301 has no precomposed form", "emoji 👩‍🔬 stays"})
    CHECK(to_nfc(s) == s);
}

TEST_CASE("nfc: invalid UTF-8 is left for its reader to report") {
  std::string bad = "Caf\xE9 e\xCC\x81";  // Latin-1 é, then a combining acute
  CHECK(to_nfc(bad) == bad);
  std::string nul("a\0e\xCC\x81", 5);
  CHECK(to_nfc(nul) == std::string("a\0\xC3\xA9", 4));
}

namespace {

// NFC by utf8proc alone, without nfc.cc's shortcut.
std::string library_nfc(const std::string& s) {
  utf8proc_uint8_t* out = nullptr;
  utf8proc_ssize_t n = utf8proc_map(
      reinterpret_cast<const utf8proc_uint8_t*>(s.data()), static_cast<utf8proc_ssize_t>(s.size()),
      &out, static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE));
  std::string nfc =
      n >= 0 ? std::string(reinterpret_cast<const char*>(out), static_cast<size_t>(n)) : "";
  std::free(out);
  return nfc;
}

}  // namespace

TEST_CASE("nfc: the code points passed over without utf8proc are ones NFC never touches") {
  // Every code point some other one decomposes to, after the first: the characters that
  // compose with what comes before them.
  std::vector<bool> second(0x110000);
  for (utf8proc_int32_t c = 0; c < 0x110000; ++c) {
    utf8proc_int32_t d[32];
    int last;
    utf8proc_ssize_t n = utf8proc_decompose_char(c, d, 32, UTF8PROC_DECOMPOSE, &last);
    for (utf8proc_ssize_t k = 1; k < n && k < 32; ++k) second[static_cast<size_t>(d[k])] = true;
  }
  size_t stable = 0;
  for (utf8proc_int32_t c = 0; c < 0x110000; ++c) {
    if (!sitegen::nfc_stable(static_cast<char32_t>(c))) continue;
    ++stable;
    INFO("code point " << c);
    CHECK(utf8proc_get_property(c)->combining_class == 0);
    std::string alone;
    sitegen::append_utf8(alone, static_cast<char32_t>(c));
    CHECK(library_nfc(alone) == alone);
    CHECK_FALSE(second[static_cast<size_t>(c)]);
  }
  CHECK(stable == 0x300 + (0x205E - 0x2010 + 1) + (0x9FFF - 0x4E00 + 1));
  // A stable letter before a combining mark is composed all the same.
  CHECK(to_nfc("\u2014e\u0301\u4E00") == "\u2014\u00E9\u4E00");
}
