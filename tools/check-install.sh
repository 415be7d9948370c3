#!/usr/bin/env bash
# Installs the tools with tools/install.sh into a scratch prefix and checks what a CI image
# without a Swift toolchain relies on: each tool runs from a clean directory with an empty
# environment, and none links a Swift runtime library.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
bash "$root/tools/install.sh" "$scratch/prefix" >/dev/null
mkdir "$scratch/empty"
for tool in m3u8-tool scte35-tool subtitle-tool thumbnail-tool; do
  binary="$scratch/prefix/bin/$tool"
  version="$(cd "$scratch/empty" && env -i "$binary" --version)"
  case "$version" in
    "$tool "[0-9]*) ;;
    *) echo "check-install: '$tool --version' printed '$version'" >&2; exit 1 ;;
  esac
  if ldd "$binary" | grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime' >&2; then
    echo "check-install: $tool links the Swift runtime" >&2
    exit 1
  fi
done
echo "check-install: 4 tools run without a Swift toolchain"
