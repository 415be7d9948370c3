#!/usr/bin/env bash
# Installs the tools with tools/install.sh into a scratch prefix and checks what a CI image
# without a Swift toolchain relies on: each tool runs from a clean directory with an empty
# environment, and none links a Swift runtime library; only subtitle-tool (TTML) links libxml2,
# and it converts TTML from there too. None links libcurl either (docs/http-input.md): each opens
# libcurl.so.4 when it reads its first URL, which the check does against a closed loopback port.
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
  # libcurl is opened at the first URL, not linked: start-up does not load it (issue 18).
  if ldd "$binary" | grep -E 'libcurl' >&2; then
    echo "check-install: $tool links libcurl" >&2
    exit 1
  fi
done
# A URL is read with libcurl from an empty environment: port 1 on loopback refuses the
# connection, which only a loaded libcurl can report.
url_error="$(cd "$scratch/empty" && env -i "$scratch/prefix/bin/m3u8-tool" info http://127.0.0.1:1/a.m3u8 2>&1 || true)"
case "$url_error" in
  "http://127.0.0.1:1/a.m3u8:1:1: error: "*"[io.http.transport]") ;;
  *) echo "check-install: 'm3u8-tool info http://127.0.0.1:1/a.m3u8' printed '$url_error'" >&2; exit 1 ;;
esac
# libxml2 is TTML's alone (issue 13 item 5): the installed tools and the release build products.
for tool in m3u8-tool scte35-tool thumbnail-tool; do
  for binary in "$scratch/prefix/bin/$tool" "$root/.build/release/$tool"; do
    if ldd "$binary" | grep -E 'libxml2' >&2; then
      echo "check-install: $binary links libxml2" >&2
      exit 1
    fi
  done
done
# The smallest TTML1 document with a timed paragraph (TTML1 §7.1.1 tt, §7.1.4 p), to SRT.
ttml='<tt xmlns="http://www.w3.org/ns/ttml"><body><div><p begin="00:00:01.000" end="00:00:02.000">Hi</p></div></body></tt>'
srt="$(cd "$scratch/empty" && printf '%s' "$ttml" | env -i "$scratch/prefix/bin/subtitle-tool" convert --to srt)"
expected="$(printf '1\n00:00:01,000 --> 00:00:02,000\nHi')"
if [ "$srt" != "$expected" ]; then
  echo "check-install: 'subtitle-tool convert --to srt' printed '$srt'" >&2
  exit 1
fi
echo "check-install: 4 tools run without a Swift toolchain; only subtitle-tool links libxml2;"
echo "check-install: none links libcurl, and m3u8-tool loads it for a URL"
