// Columns count characters, not bytes, and skip a byte-order mark.
#include "text/utf8.h"

#include <doctest/doctest.h>

namespace sitegen {

TEST_CASE("utf8: continuation bytes, lengths in characters and the byte-order mark") {
  CHECK_FALSE(is_utf8_continuation('a'));
  CHECK_FALSE(is_utf8_continuation('\xC3'));  // starts "é"
  CHECK(is_utf8_continuation('\xA9'));        // ends it
  CHECK(utf8_length("") == 0);
  CHECK(utf8_length("Zürich 胡清昊") == 10);
  CHECK(byte_order_mark_size("\xEF\xBB\xBFtitle") == 3);
  CHECK(byte_order_mark_size("title") == 0);
  CHECK(byte_order_mark_size("\xEF\xBB") == 0);
}

}  // namespace sitegen
