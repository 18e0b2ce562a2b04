// What this sitegen binary is: its version, the commit it was built from (git describe
// at configure time, "unknown" outside git) and the GitHub repository that publishes it.
#pragma once

namespace sitegen {

extern const char kSitegenRepository[];  // "owner/name"
extern const char kSitegenCommit[];

}  // namespace sitegen
