# Sourced by scripts/release.sh and scripts/windows.sh, which build libraries from the
# Debian sources of the packages the normal build compiles against: each stops when an
# installed -dev package is not the version whose source it pins.
check_installed() {
  local pkg="$1" want="$2" got
  got="$(dpkg-query -W -f '${Version}' "$pkg" 2>/dev/null)" || die "$pkg is not installed (scripts/install-deps.sh)"
  [[ "$got" == "$want" ]] ||
    die "$pkg is $got, but this script pins the source of $want: update the pins in scripts/$(basename "$0")"
}
