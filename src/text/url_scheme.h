// URL schemes as browsers read them, and the ones a page may link to: a filter that
// compares bytes would let `java\tscript:` through, which a browser runs.
#pragma once

#include <string>
#include <string_view>

namespace sitegen {

// The scheme of `url` as the WHATWG URL parser finds it: C0 controls and spaces trimmed
// from both ends, tabs and newlines removed anywhere, ASCII-lowercased. Empty for a
// relative URL (`papers/x.pdf`, `/cv/`, `#top`, `//host/x`).
std::string url_scheme(std::string_view url);

// A URL that leads off the site as written: one with a scheme (`https://...`, `mailto:`)
// or a protocol-relative one (`//cdn.example.org/a.pdf`; browsers read `\\host` and
// `/\host` the same way). Every other URL is a path on the site. The one rule for which
// URLs are the site's own: checks for files, the base path put in front, absolute forms.
bool is_external_url(std::string_view url);

// A URL that names a file or page of the site itself ("papers/x.pdf", "/cv/"): not
// external, not a bare "#fragment", not empty.
bool is_site_path(std::string_view url);

// An http or https address, the only ones profiles and Scholar's PDF link may be.
bool is_web_url(std::string_view url);

// Relative, or one of the schemes a homepage links to: http, https, mailto, tel.
bool is_safe_link(std::string_view url);

// A URL that runs script or shows a document of its own origin when followed or loaded:
// `javascript:`, `vbscript:`, and `data:` other than an image. What is neither this nor a
// safe link (`ftp:`, `zotero:`, ...) is merely not linked.
bool is_script_url(std::string_view url);

}  // namespace sitegen
