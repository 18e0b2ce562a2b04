// The helpers that build template data, shared by the files that implement View
// (view.cc and the view_*.cc file of each page family).
#pragma once

#include <string>
#include <vector>

#include "model/model.h"
#include "theme/template.h"
#include "view/view.h"

namespace sitegen {

// Empty text is `false`, so a template's {{#x}}...{{/x}} around an optional field
// disappears when the field is absent (mustache treats "" as true).
void put(Data& d, const std::string& key, Data&& value);
void put(Data& d, const std::string& key, std::string&& text);
void put(Data& d, const std::string& key, const std::string& text);
void put(Data& d, const std::string& key, const char* text);

Data string_list(const std::vector<std::string>& items);

// An image the site shows, for an <img>: `url` (the original as published), `src` (the
// narrowest resized WebP, or the original), `srcset` ("<url> 240w, <url> 480w"; false
// when the original is shown as it is), `width` and `height` (the pixels of `src`; when
// unknown, as for SVG, `box_w` x `box_h`, the size the theme shows it at). False when
// `path` is empty or its URL is dropped.
Data image_data(const Site& site, const Urls& urls, const std::string& path, int box_w, int box_h);

// Appends a link to a list; a link whose URL is dropped (a script URL) is left out.
void append_link(Data& links, const std::string& label, const std::string& url, const Urls& urls,
                 const UiStrings& ui, bool trusted = true);

// `s` as a CSS string, safe inside a <style> element.
std::string css_string(std::string_view s);

// On a group site, one way members' names are set apart in author lists, as the legend
// shows it: `sample` (a word) in the style of `member_class`, and what the style means.
struct NameStyle {
  std::string member_class;  // "member", "member pi", "member student"
  std::string sample, text;
};

// The legend of the marks these publications' authors carry: `legend` ({symbol, text,
// member_class}: the name styles first, then the marks in the order of
// [publications.markers]) and `has_legend`.
void put_legend(Data& d, const std::vector<const Publication*>& pubs,
                const std::vector<Marker>& markers, const std::vector<NameStyle>& styles = {});

}  // namespace sitegen
