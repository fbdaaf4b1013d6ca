#!/usr/bin/env bash
# Installs the Debian packages the build and tests need, only when some are missing.
# Idempotent and quiet when everything is already there.
set -euo pipefail
pkgs=(build-essential cmake catch2 libspdlog-dev nlohmann-json3-dev libcli11-dev jq python3  # jq, python3: tests/cli scripts
      parallel xboard xvfb xauth                # xqmatch shard test, headless XBoard tests
      fairy-stockfish fairymax                  # match peers under /usr/games (tests and bench/strength.sh)
      pkgconf                                   # libxqjudge's installed-package test (tests/cli/capi_install.sh)
      clang libclang-rt-14-dev                  # the sanitizer build (scripts/test.sh) and its runtimes
      llvm                                      # llvm-profdata: the release build's profile (scripts/configure.sh)
      librsvg2-bin fonts-wqy-microhei)          # diagrams rendered to pixels (tests/diagram/svg_pixels.py); the most compact CJK font
# The page (scripts/build-web.sh) and its browser test (tests/web/; Chromium draws the Chinese
# with fonts-wqy-microhei above): installed without their recommends, which for Chromium are a
# desktop's printer tools and daemons (about 100 MB more).
web_pkgs=(emscripten chromium)
missing_of() {
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || echo "$p"
  done
}
mapfile -t missing < <(missing_of "${pkgs[@]}")
mapfile -t missing_web < <(missing_of "${web_pkgs[@]}")
[ ${#missing[@]} -eq 0 ] && [ ${#missing_web[@]} -eq 0 ] && exit 0
echo "installing Debian packages: ${missing[*]} ${missing_web[*]}" >&2
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
[ ${#missing[@]} -eq 0 ] || $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
[ ${#missing_web[@]} -eq 0 ] || $SUDO apt-get install -y -qq --no-install-recommends "${missing_web[@]}" >/dev/null
