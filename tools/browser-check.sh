#!/usr/bin/env bash
# Renders the audit HTML reports and the ad-break SVG timelines of the samples in headless
# Chromium, fails on any console message of level error or an XML parse error, and saves PNG
# screenshots 1280 and 400 px wide (look at them: issue 19 item 4).
#
# usage: tools/browser-check.sh [OUTDIR]     (default .build/browser-check; needs chromium)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$root/.build/browser-check}"
browser="$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)"
if [ -z "$browser" ]; then
  echo "browser-check: no chromium on PATH (Debian: apt-get install chromium)" >&2
  exit 2
fi
swift build --package-path "$root" --product m3u8-tool >/dev/null
tool="$(swift build --package-path "$root" --show-bin-path)/m3u8-tool"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
cd "$root"

# The pages: the reports of the problem samples and of a whole presentation (--follow), and the
# timeline of every ad sample. audit exits 1 when it finds problems; 2 would be a failure.
pages=()
render() { # NAME COMMAND...: the output of COMMAND into OUTDIR/NAME, exit 0 or 1 accepted
  local name="$1" status=0
  shift
  "$@" >"$out/$name" || status=$?
  if [ "$status" -gt 1 ]; then
    echo "browser-check: '$*' exited $status" >&2
    exit 1
  fi
  pages+=("$out/$name")
}
render audit-problems.html "$tool" audit --format html samples/audit/problems/live-ads.m3u8 \
  samples/audit/problems/ll-hls.m3u8 samples/audit/problems/multivariant.m3u8
render audit-presentation.html "$tool" audit --follow --format html \
  samples/audit/clean/presentation/master.m3u8
render audit-live-ads.html "$tool" audit --format html samples/audit/problems/live-ads.m3u8
for sample in samples/ads/*.m3u8; do
  render "ads-$(basename "$sample" .m3u8).svg" "$tool" ads --format svg "$sample"
done

failed=0
profile="$(mktemp -d)"
trap 'rm -rf "$profile"' EXIT
chrome() {
  "$browser" --headless --no-sandbox --disable-gpu --no-first-run \
    --user-data-dir="$profile" --enable-logging=stderr --v=0 "$@"
}
for page in "${pages[@]}"; do
  name="$(basename "$page")"
  # A page that is not well-formed XML (SVG) shows a parsererror element instead of the picture.
  dom="$(chrome --dump-dom "file://$page" 2>/dev/null)"
  if grep -q "parsererror" <<<"$dom"; then
    echo "browser-check: $name: XML parse error" >&2
    failed=1
  fi
  height=2400 # a report is long; a timeline alone is one row or a few
  if [ "${name##*.}" = svg ]; then height=400; fi
  for width in 1280 400; do
    log="$(chrome --window-size="$width,$height" --screenshot="$out/${name%.*}-$width.png" \
      "file://$page" 2>&1 >/dev/null || true)"
    # The pages carry no scripts, so every console message (a parse error, a refused resource,
    # an exception) is an error: Chromium logs them all as INFO:CONSOLE whatever their level.
    errors="$(grep -E ':CONSOLE[:(]|net::ERR_' <<<"$log" || true)"
    if [ -n "$errors" ]; then
      echo "browser-check: $name at $width px:" >&2
      echo "$errors" >&2
      failed=1
    fi
    if [ ! -s "$out/${name%.*}-$width.png" ]; then
      echo "browser-check: $name at $width px: no screenshot" >&2
      failed=1
    fi
  done
done
if [ "$failed" -ne 0 ]; then exit 1; fi
echo "browser-check: ${#pages[@]} pages rendered without console errors; screenshots in $out"
