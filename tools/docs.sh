#!/usr/bin/env bash
# Builds the API documentation of the public library products with DocC: a debug build, the
# public symbol graph of each product's module (swift symbolgraph-extract), then `docc convert`
# into .build/docs/MODULE.doccarchive. A documentation warning (such as a double-backtick symbol
# link that resolves to nothing) fails the run.
#
# usage: tools/docs.sh [MODULE...]    (default: every public library product)
# An archive is a static site: serve .build/docs/HLS.doccarchive and open /documentation/hls.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
modules=("$@")
if [ ${#modules[@]} -eq 0 ]; then
  modules=(ManifestCore HLS SCTE35 DASH AdInsertion Audit Live Stitching Subtitles TTML Thumbnails VAST)
fi
docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
[ -x "$docc" ] || docc="$(command -v docc)" || { echo "docs.sh: no docc in the toolchain" >&2; exit 2; }

swift build >&2
bin="$(swift build --show-bin-path)"
triple="$(basename "$(dirname "$bin")")"
# TTML's dependency XMLSupport imports the libxml2 module map.
xml_flags=()
for flag in $(pkg-config --cflags-only-I libxml-2.0 2>/dev/null); do xml_flags+=(-Xcc "$flag"); done

out="$root/.build/docs"
status=0
for module in "${modules[@]}"; do
  graphs="$out/symbol-graphs/$module"
  rm -rf "$graphs" "$out/$module.doccarchive"
  mkdir -p "$graphs"
  swift symbolgraph-extract -module-name "$module" -target "$triple" -I "$bin/Modules" \
    -I "$root/Sources/CLibXML2" "${xml_flags[@]}" -minimum-access-level public \
    -skip-inherited-docs -output-dir "$graphs"
  if ! "$docc" convert --additional-symbol-graph-dir "$graphs" --warnings-as-errors \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.manifestkit.$module" \
    --output-dir "$out/$module.doccarchive"; then
    echo "docs.sh: $module has documentation warnings" >&2
    status=1
  fi
done
[ $status -ne 0 ] || echo "documentation in $out/{$(IFS=,; echo "${modules[*]}")}.doccarchive" >&2
exit $status
