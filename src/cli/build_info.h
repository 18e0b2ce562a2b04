// What this sitegen binary is: its version, the commit it was built from (git describe
// at configure time, "unknown" outside git) and the GitHub repository that publishes it.
#pragma once

namespace sitegen {

extern const char kSitegenRepository[];  // "owner/name"
extern const char kSitegenCommit[];
// The ref of sitegen's Action in the workflow `sitegen new --github-pages` writes: the
// tag v<version> in a release, else the full hash of the commit built.
extern const char kSitegenActionRef[];

}  // namespace sitegen
