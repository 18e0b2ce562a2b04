// nfc.h: one spelling for each character, whatever form the text came in.
#include "text/nfc.h"

#include <doctest/doctest.h>

#include <string>

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
