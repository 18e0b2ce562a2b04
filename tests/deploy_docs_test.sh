#!/usr/bin/env bash
# Runs every shell command of docs/deploying.md, in order, in a scratch directory
# (all but `git push`, which needs GitHub); then checks what they made: the repository
# layout, the site built for a project page, and the workflow (valid YAML, the same as
# in the docs, the official Pages actions and sitegen's own Action at this sitegen's
# repository and version, no compiler, packages or submodule).
# Usage: tests/deploy_docs_test.sh SITEGEN_BINARY   (exits 77 when git is missing)
set -euo pipefail

src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
sitegen=$(realpath "${1:?usage: deploy_docs_test.sh SITEGEN_BINARY}")
doc="$src/docs/deploying.md"
if ! command -v git >/dev/null; then
  echo "skipped: git is not installed"
  exit 77
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/home"
ln -s "$sitegen" "$work/bin/sitegen"

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# The commands: every line of the ```sh blocks, but `git push`.
awk '/^```sh$/ { on = 1; next } /^```$/ { on = 0 } on' "$doc" | grep -v '^git push' \
  > "$work/commands.sh"
grep -q . "$work/commands.sh" || fail "no shell blocks in $doc"
echo "--- the commands of docs/deploying.md:"
cat "$work/commands.sh"

# A clean git identity and home.
(
  cd "$work"
  export PATH="$work/bin:$PATH" HOME="$work/home"
  export GIT_CONFIG_NOSYSTEM=1 GIT_AUTHOR_NAME="Ada Example" GIT_AUTHOR_EMAIL="ada@example.org"
  export GIT_COMMITTER_NAME="Ada Example" GIT_COMMITTER_EMAIL="ada@example.org"
  echo "--- running them in $work"
  bash -euo pipefail -x "$work/commands.sh"
) || fail "a command of docs/deploying.md failed"

site="$work/mysite"
for f in content/site.toml .github/workflows/pages.yml .gitignore \
         public/index.html public/404.html public/.nojekyll public/news/feed.xml public/sitemap.xml; do
  [[ -e "$site/$f" ]] || fail "mysite/$f is missing"
done
log=$(git -C "$site" log --format=%s)  # (not piped into grep -q: SIGPIPE under pipefail)
[[ $log == *"My homepage"* ]] || fail "the commit was not made"
[[ ! -e "$site/.gitmodules" && ! -e "$site/sitegen" ]] || fail "the site repository has a sitegen submodule"
[[ -z "$(git -C "$site" status --porcelain)" ]] || fail "uncommitted files left: $(git -C "$site" status --porcelain)"
git -C "$site" remote get-url origin >/dev/null || fail "no remote origin"

# The last build was for the project page: every link starts with the base path.
grep -q '<link rel="stylesheet" href="/homepage/assets/style.css' "$site/public/index.html" ||
  fail "the stylesheet is not under /homepage/"
grep -q '<link rel="canonical" href="https://ada-example.github.io/homepage/">' "$site/public/index.html" ||
  fail "no canonical URL for the project page"
if grep -Eo '(href|src)="/[^"]*"' "$site/public/index.html" | grep -v '="/homepage/'; then
  fail "root-relative links outside /homepage/ (above)"
fi
grep -q '<link rel="self" href="https://ada-example.github.io/homepage/news/feed.xml"/>' \
  "$site/public/news/feed.xml" || fail "the feed does not name its project-page address"

# The workflow: as documented, valid YAML, the official actions and sitegen's Action.
# The docs show the workflow of sitegen's default build as its release writes it (the
# Action at the tag v<version>); one configured for another repository or version
# (SITEGEN_REPOSITORY) writes other names, which the docs do not. A sitegen built from
# another commit names that commit instead of the tag (tests/action_test.sh runs the
# Action at it): the comparison reads the tag in its place.
wf="$site/.github/workflows/pages.yml"
version_text=$("$sitegen" --version)
version=$(printf '%s\n' "$version_text" | sed -n '1s/^sitegen \([^ ]*\) .*/\1/p')
repository=$(printf '%s\n' "$version_text" | sed -n '2s|^https://github.com/||p')
[[ -n "$version" && -n "$repository" ]] || fail "sitegen --version names no version and repository: $version_text"
ref=$(sed -n "s|^        uses: $repository@||p" "$wf")
[[ "$ref" == "v$version" || "$ref" =~ ^[0-9a-f]{40}$ ]] ||
  fail "the workflow runs $repository at \"$ref\", neither the tag v$version nor a commit"
awk '/^```yaml$/ { on = 1; next } /^```$/ { on = 0 } on' "$doc" > "$work/doc-workflow.yml"
if ! grep -qF "uses: $repository@v$version" "$work/doc-workflow.yml" ||
   ! grep -qF "version: \"$version\"" "$work/doc-workflow.yml"; then
  echo "skipped: this sitegen was configured for $repository $version, the docs show another"
  exit 77
fi
sed "s|^        uses: $repository@$ref\$|        uses: $repository@v$version|" "$wf" > "$work/as-released.yml"
cmp -s "$work/as-released.yml" "$work/doc-workflow.yml" || fail "the workflow in docs/deploying.md differs from the one sitegen writes"
grep -qF "[releases of $repository](https://github.com/$repository/releases)" "$doc" ||
  fail "docs/deploying.md does not link the releases of $repository"
if grep -nE 'apt-get|submodule|cmake|g\+\+|@SITEGEN' "$wf"; then
  fail "the workflow installs packages, builds sitegen or holds a placeholder (above)"
fi
if python3 -c 'import yaml' 2>/dev/null; then
  python3 - "$wf" "$repository" "$version" "$ref" <<'EOF' || fail "the workflow is not the YAML expected"
import sys, yaml
w = yaml.safe_load(open(sys.argv[1]))
repository, version, ref = sys.argv[2], sys.argv[3], sys.argv[4]
on = w.get("on", w.get(True))
assert "push" in on and on["push"]["branches"] == ["main"], on
assert w["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
build, deploy = w["jobs"]["build"], w["jobs"]["deploy"]
assert build["runs-on"] == "ubuntu-24.04" and deploy["needs"] == "build"
uses = [s.get("uses", "") for s in build["steps"] + deploy["steps"]]
assert uses == ["actions/checkout@v4", repository + "@" + ref, "actions/configure-pages@v5", "",
                "actions/upload-pages-artifact@v3", "actions/deploy-pages@v4"], uses
assert build["steps"][1]["with"] == {"version": version}, build["steps"][1]
assert deploy["environment"]["name"] == "github-pages"
run = build["steps"][3]["run"]
assert 'sitegen build content -o public --base-url "${{ steps.pages.outputs.base_url }}/"' in run
assert 'sitegen check content --links --base-url "${{ steps.pages.outputs.base_url }}/"' in run
print("workflow: valid YAML with the expected jobs and actions")
EOF
else
  echo "note: python3 yaml module missing; checking the workflow's shape by text only"
  if grep -qP '\t' "$wf"; then fail "tabs in the workflow"; fi
fi

# `sitegen new --github-pages` refuses a non-empty directory, like `sitegen new`.
if "$sitegen" new "$site" --github-pages >/dev/null 2>&1; then fail "new overwrote a non-empty directory"; fi

echo "1 passed, 0 failed"
