#!/bin/sh
# Installs everything the test suite needs on a fresh Debian/Ubuntu machine, then runs it.
# Python packages come from PyPI (the `test` extra); Neovim, which the real-editor test
# drives, and Graphviz, which renders `dipcheck simulate --format dot`, come from apt when
# they are missing. (npm, for the VS Code extension build test, is expected on the machine;
# that test skips with a reason without it.)
set -eu
cd "$(dirname "$0")/.."

missing=""
command -v nvim >/dev/null 2>&1 || missing="$missing neovim"
command -v dot >/dev/null 2>&1 || missing="$missing graphviz"

if [ -n "$missing" ] && command -v apt-get >/dev/null 2>&1; then
    if [ "$(id -u)" = "0" ]; then
        sudo=""
    elif command -v sudo >/dev/null 2>&1; then
        sudo="sudo"
    else
        sudo="unavailable"
    fi
    if [ "$sudo" = "unavailable" ]; then
        echo "tools/test.sh: not root and no sudo:$missing not installed, their tests will skip" >&2
    else
        echo "tools/test.sh: installing$missing with apt-get" >&2
        $sudo apt-get update -qq >/dev/null
        # shellcheck disable=SC2086 # one word per package
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing >/dev/null
    fi
fi

python3 -m pip install -q -e '.[test]'
python3 -m pytest "$@"
