#!/usr/bin/env bash
# Builds one libFuzzer target (release, with libFuzzer and AddressSanitizer instrumenting the
# ManifestKit modules too) and fuzzes it for SECONDS, or runs it once on given inputs. The fuzz
# targets (tools/fuzz/Sources) are targets of the main package that Package.swift defines only
# when MANIFESTKIT_FUZZ=1, so `swift build` and `swift test` never see them.
#
# usage: tools/fuzz/run.sh TARGET SECONDS [LIBFUZZER_OPTION...]
#        tools/fuzz/run.sh TARGET FILE... [LIBFUZZER_OPTION...]    (reproduce; add
#                                                -minimize_crash=1 -runs=20000 to minimize)
# TARGET: hls scte35 ads thumbnails srt webvtt ttml tools
#
# Seeds (samples/, test fixtures and test literals) and dictionaries are rewritten by seeds.py
# on every run; the growing corpus and the crash/timeout/oom artifacts stay under
# .build/fuzz/{corpus,artifacts}/TARGET; the sanitized build is in .build/fuzz/build, apart from
# the ordinary release build. The fuzzer runs at nice 19.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
targets="hls scte35 ads thumbnails srt webvtt ttml tools"
if [ $# -lt 2 ]; then
  sed -n '7,10p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
target="${1#fuzz-}"
shift
case " $targets " in
  *" $target "*) ;;
  *) echo "run.sh: unknown target '$target' (one of: $targets)" >&2; exit 2 ;;
esac

work="$root/.build/fuzz"
mkdir -p "$work/corpus/$target" "$work/artifacts/$target"
python3 "$here/seeds.py" "$root" "$work/seeds" >/dev/null
MANIFESTKIT_FUZZ=1 swift build -c release --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address \
  --package-path "$root" --scratch-path "$work/build" \
  --product "fuzz-$target" 2>&1 | grep -Ev "asan_extra_spill_area|^\[" >&2 || true
binary="$work/build/release/fuzz-$target"
[ -x "$binary" ] || { echo "run.sh: build of fuzz-$target failed" >&2; exit 2; }

# The Swift runtime's backtracer would hold a crashing process; libFuzzer reports instead.
export SWIFT_BACKTRACE=enable=no
options=(-timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=1024 -print_final_stats=1
  "-dict=$work/seeds/$target.dict" "-artifact_prefix=$work/artifacts/$target/")

if [[ "$1" =~ ^[0-9]+$ ]]; then
  seconds="$1"
  # libFuzzer reads 0 as "no limit": a run always ends.
  [ "$seconds" -gt 0 ] || { echo "run.sh: SECONDS must be 1 or more" >&2; exit 2; }
  shift
  exec nice -n 19 "$binary" "${options[@]}" -max_total_time="$seconds" "$@" \
    "$work/corpus/$target" "$work/seeds/$target"
fi
inputs=()
while [ $# -gt 0 ] && [[ "$1" != -* ]]; do inputs+=("$1"); shift; done
exec nice -n 19 "$binary" "${options[@]}" "$@" "${inputs[@]}"
