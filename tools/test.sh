#!/bin/sh
# Installs everything the test suite needs on a fresh Debian/Ubuntu machine, then runs it.
# Python packages come from PyPI (the `test` extra); Neovim, which the real-editor test
# drives, comes from apt when it is missing. (npm, for the VS Code extension build test, is
# expected on the machine; that test skips with a reason without it.)
set -eu
cd "$(dirname "$0")/.."

need=""
command -v nvim >/dev/null 2>&1 || need="$need neovim"
if [ -n "$need" ] && command -v apt-get >/dev/null 2>&1; then
    if [ "$(id -u)" = "0" ]; then sudo=""; else sudo="sudo"; fi
    echo "installing:$need"
    $sudo apt-get update -qq >/dev/null
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $need >/dev/null
fi

python3 -m pip install -q -e '.[test]'
python3 -m pytest "$@"
