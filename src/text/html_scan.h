// Reading HTML the output already holds: the URLs and ids of a page, and character
// references, from one tag scanner (html_scan.cc).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sitegen {

// The URLs of one HTML document: values of href, src, poster and each srcset candidate,
// with character references decoded. Script and style contents and comments are skipped.
std::vector<std::string> html_urls(std::string_view html);
// Character references decoded: numeric ones and the few named ones HTML writers use
// (&amp; &lt; &gt; &quot; &apos; &nbsp; dashes, quotes, ...). Others stay as written.
std::string decode_html_entities(std::string_view html);
// The values of every id attribute (and <a name>), for #fragment checks.
std::vector<std::string> html_ids(std::string_view html);

}  // namespace sitegen
