#!/bin/sh
# Runs the tree-sitter CLI (generate, test, parse, query) for editors/tree-sitter-dip.
#
# A `tree-sitter` on PATH is used as it is. Otherwise, on Debian and Ubuntu, the CLI comes from
# Debian 13 (trixie)'s `tree-sitter-cli` package: apt-get downloads it, with the libc6 and
# libgcc-s1 it was built against, through a private apt configuration (the machine's sources
# and installed packages are not touched; apt checks the signatures with the Debian archive
# keyring), and it runs from the unpacked packages through their own dynamic loader. npm's
# `tree-sitter-cli` would download its binary from GitHub instead, which CI machines may not
# reach. Cached in ${DIPCHECK_TOOLS_DIR:-~/.cache/dipcheck-tools}; `--install` only fetches (nothing
# when one is on PATH).
set -eu

install_only=false
if [ "${1:-}" = "--install" ]; then
    install_only=true
fi
if command -v tree-sitter >/dev/null 2>&1; then
    if [ "$install_only" = true ]; then
        exit 0
    fi
    exec tree-sitter "$@"
fi

tools="${DIPCHECK_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/dipcheck-tools}"
root="$tools/tree-sitter-cli"
lib="$root/usr/lib/x86_64-linux-gnu"

if [ ! -x "$root/usr/bin/tree-sitter" ]; then
    if ! command -v apt-get >/dev/null 2>&1 || [ "$(dpkg --print-architecture 2>/dev/null)" != "amd64" ]; then
        echo "tools/tree-sitter.sh: no tree-sitter on PATH, and fetching Debian's needs apt-get on amd64" >&2
        exit 127
    fi
    keyring=/usr/share/keyrings/debian-archive-keyring.gpg
    if [ ! -f "$keyring" ]; then
        echo "tools/tree-sitter.sh: $keyring is missing (apt-get install debian-archive-keyring)" >&2
        exit 127
    fi
    work="$tools/apt"
    mkdir -p "$work/lists/partial" "$work/archives/partial" "$work/sources" "$work/debs"
    cat >"$work/sources/trixie.sources" <<SOURCES
Types: deb
URIs: http://deb.debian.org/debian
Suites: trixie
Components: main
Signed-By: $keyring
SOURCES
    private_apt() {
        apt-get -qq -o Dir::Etc::SourceList=/dev/null -o "Dir::Etc::SourceParts=$work/sources" \
            -o "Dir::State::Lists=$work/lists" -o "Dir::Cache=$work" \
            -o Dir::State::status=/dev/null -o APT::Sandbox::User="$(id -un)" "$@"
    }
    private_apt update >/dev/null
    (cd "$work/debs" && private_apt download tree-sitter-cli libc6 libgcc-s1 >/dev/null)
    rm -rf "$root.partial"
    for deb in "$work/debs"/*.deb; do
        dpkg-deb -x "$deb" "$root.partial"
    done
    rm -rf "$root" && mv "$root.partial" "$root"
    rm -rf "$work"
fi

if [ "$install_only" = true ]; then
    exit 0
fi
exec "$lib/ld-linux-x86-64.so.2" --library-path "$lib" "$root/usr/bin/tree-sitter" "$@"
