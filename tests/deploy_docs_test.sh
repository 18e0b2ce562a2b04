#!/usr/bin/env bash
# Runs every shell command of docs/deploying.md, in order, in a scratch directory
# (all but `git push`, which needs GitHub), with SITEGEN_REPO pointing at this
# repository; then checks what they made: the repository layout, the site built for a
# project page, and the workflow (the official Pages actions, valid YAML, the same as
# in the docs, packages that scripts/install-deps.sh also installs).
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

# The commands: every line of the ```sh blocks, but `git push`. Before "update the
# submodule", the test makes a newer sitegen commit for it to find.
awk '/^```sh$/ { on = 1; next } /^```$/ { on = 0 } on' "$doc" | grep -v '^git push' |
  sed 's|^git submodule update --remote|git -C "$SITEGEN_REPO" commit -q --allow-empty -m "A newer sitegen"  # (test only)\n&|' \
  > "$work/commands.sh"
grep -q . "$work/commands.sh" || fail "no shell blocks in $doc"
echo "--- the commands of docs/deploying.md:"
cat "$work/commands.sh"

# A clean git identity and home; local clones may serve as submodules (git >= 2.38 asks).
(
  cd "$work"
  export PATH="$work/bin:$PATH" HOME="$work/home" SITEGEN_REPO="$work/sitegen-upstream"
  export GIT_CONFIG_NOSYSTEM=1 GIT_AUTHOR_NAME="Ada Example" GIT_AUTHOR_EMAIL="ada@example.org"
  export GIT_COMMITTER_NAME="Ada Example" GIT_COMMITTER_EMAIL="ada@example.org"
  export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=protocol.file.allow GIT_CONFIG_VALUE_0=always
  git clone -q "$src" "$SITEGEN_REPO"
  echo "--- running them in $work"
  bash -euo pipefail -x "$work/commands.sh"
) || fail "a command of docs/deploying.md failed"

site="$work/mysite"
for f in content/site.toml .github/workflows/pages.yml .gitignore .gitmodules sitegen/CMakeLists.txt \
         public/index.html public/404.html public/.nojekyll public/news/feed.xml public/sitemap.xml; do
  [[ -e "$site/$f" ]] || fail "mysite/$f is missing"
done
log=$(git -C "$site" log --format=%s)  # (not piped into grep -q: SIGPIPE under pipefail)
[[ $log == *"My homepage"* ]] || fail "the commit was not made"
[[ $log == *"Update sitegen"* ]] || fail "the submodule update was not committed"
[[ $(git -C "$site/sitegen" log -1 --format=%s) == "A newer sitegen" ]] || fail "the submodule was not updated"
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

# The workflow: as documented, valid YAML, the official actions, and the right build.
wf="$site/.github/workflows/pages.yml"
awk '/^```yaml$/ { on = 1; next } /^```$/ { on = 0 } on' "$doc" > "$work/doc-workflow.yml"
cmp -s "$wf" "$work/doc-workflow.yml" || fail "the workflow in docs/deploying.md differs from the one sitegen writes"
cmp -s "$wf" "$src/templates/github-pages/pages.yml" || fail "sitegen wrote another workflow than templates/"
if python3 -c 'import yaml' 2>/dev/null; then
  python3 - "$wf" <<'EOF' || fail "the workflow is not the YAML expected"
import sys, yaml
w = yaml.safe_load(open(sys.argv[1]))
on = w.get("on", w.get(True))
assert "push" in on and on["push"]["branches"] == ["main"], on
assert w["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
build, deploy = w["jobs"]["build"], w["jobs"]["deploy"]
assert build["runs-on"] == "ubuntu-24.04" and deploy["needs"] == "build"
uses = [s.get("uses", "").split("@")[0] for s in build["steps"] + deploy["steps"]]
assert uses == ["actions/checkout", "", "", "actions/configure-pages", "", "actions/upload-pages-artifact",
                "actions/deploy-pages"], uses
assert build["steps"][0]["with"]["submodules"] is True
assert deploy["environment"]["name"] == "github-pages"
print("workflow: valid YAML with the expected jobs and actions")
EOF
else
  echo "note: python3 yaml module missing; checking the workflow's shape by text only"
  if grep -qP '\t' "$wf"; then fail "tabs in the workflow"; fi
fi
for action in actions/checkout@v4 actions/configure-pages@v5 actions/upload-pages-artifact@v3 \
              actions/deploy-pages@v4; do
  grep -q "uses: $action\$" "$wf" || fail "the workflow does not use $action"
done
grep -qF 'build content -o public --base-url "${{ steps.pages.outputs.base_url }}/"' "$wf" ||
  fail "the workflow does not build for the Pages base URL"
grep -qF 'check content --links --base-url "${{ steps.pages.outputs.base_url }}/"' "$wf" ||
  fail "the workflow does not check links"
grep -q 'runs-on: ubuntu-24.04' "$wf" || fail "the workflow does not run on ubuntu-24.04"

# Its packages are build dependencies that scripts/install-deps.sh installs too.
pkgs=$(sed -n '/apt-get install/,/^ *$/p' "$wf" | tr -s ' \\' '\n' | grep -E '^[a-z0-9][a-z0-9.+-]+$' |
       grep -vE '^(sudo|apt-get|install|run|name|[a-z]+:)$' || true)
[[ -n "$pkgs" ]] || fail "no packages found in the workflow"
for p in $pkgs; do
  re=$(printf '%s' "$p" | sed 's/[+.]/\\&/g')
  grep -qE "(^|[[:space:]])$re([[:space:]]|\$)" "$src/scripts/install-deps.sh" ||
    fail "the workflow installs $p, which scripts/install-deps.sh does not"
done
# ... and it installs every library sitegen uses, as scripts/install-deps.sh lists them.
libs=$(sed -n '/# the libraries sitegen uses/,/^ *#/p' "$src/scripts/install-deps.sh" |
       grep -v '^ *#' | tr -s ' ' '\n' | grep -E '^[a-z]' | sort -u)
[[ -n "$libs" ]] || fail "no library list found in scripts/install-deps.sh"
for p in $libs; do
  [[ " $(echo $pkgs) " == *" $p "* ]] || fail "scripts/install-deps.sh installs $p, the workflow does not"
done
echo "workflow packages: $(echo $pkgs)"

# `sitegen new --github-pages` refuses a non-empty directory, like `sitegen new`.
if "$sitegen" new "$site" --github-pages >/dev/null 2>&1; then fail "new overwrote a non-empty directory"; fi

echo "1 passed, 0 failed"
