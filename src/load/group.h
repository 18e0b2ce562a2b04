// Group sites: site.toml's [group], the members in people/, the news and talks that
// name them, and a member's personal site cut from the group's data.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/diag.h"
#include "base/source.h"
#include "model/model.h"
#include "toml/toml_reader.h"

namespace sitegen {

struct GroupRole {
  std::string_view name;   // as written in people/*.toml: "phd"
  std::string_view label;  // one member, in English: a member's own site's default position
                           // (pages show the role in their language: i18n's `role` table)
  bool student = false;
};

// The roles in the order /people/ shows them.
const std::vector<GroupRole>& group_roles();
const GroupRole* group_role(std::string_view name);

// site.toml's [group]: the group's name and settings; its name, address, email, logo and
// links fill site.person, which the home page shows.
void load_group_table(const Source& source, const TomlNode& node, Site& site, Diagnostics& diags);

// people/<id>.toml or people/<id>/person.toml, with people/<id>/bio.md and a photo
// people/<id>/photo.{jpg,jpeg,png,webp,avif,gif}; sorted into the order of /people/.
void load_people(const Source& source, Site& site, Diagnostics& diags);

// Every `people` id of news and talks must name a member; on a personal site they are
// an error, since there is no member to link.
void check_people_refs(const Site& site, Diagnostics& diags);

// Turns a loaded group site into member `id`'s personal site: their profile and bio,
// the papers they wrote (their names highlighted), the news and talks naming them.
void pick_member(Site& site, std::string_view id, Diagnostics& diags);

// For each member, the indexes of the publications they are an author of, in list order.
std::vector<std::vector<size_t>> member_publications(const Site& site);

}  // namespace sitegen
