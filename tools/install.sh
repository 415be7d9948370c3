#!/usr/bin/env bash
# Builds the four tools in release mode with the Swift runtime linked in statically, installs
# them under PREFIX/bin and their manual pages under PREFIX/share/man/man1, so a machine without
# a Swift toolchain can run them (subtitle-tool still needs the system's libxml2; reading a URL
# needs the system's libcurl.so.4, opened only then: docs/http-input.md).
#
# usage: tools/install.sh PREFIX        e.g. tools/install.sh /usr/local
set -euo pipefail
if [ $# -ne 1 ]; then
  sed -n '7p' "$0" | sed 's/^# //' >&2
  exit 2
fi
prefix="$1"
root="$(cd "$(dirname "$0")/.." && pwd)"
tools="m3u8-tool scte35-tool subtitle-tool thumbnail-tool"
for tool in $tools; do
  swift build -c release --static-swift-stdlib --package-path "$root" --product "$tool"
done
bin="$(swift build -c release --static-swift-stdlib --package-path "$root" --show-bin-path)"
mkdir -p "$prefix/bin"
for tool in $tools; do
  install -m 0755 "$bin/$tool" "$prefix/bin/$tool"
done
mkdir -p "$prefix/share/man/man1"
for tool in $tools; do
  install -m 0644 "$root/docs/man/$tool.1" "$prefix/share/man/man1/$tool.1"
done
echo "installed $tools in $prefix/bin"
