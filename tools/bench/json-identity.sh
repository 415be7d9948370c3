#!/usr/bin/env bash
# Byte-for-byte comparison of every JSON output of two builds of the tools, on every sample and
# on the benchmark workloads: the streaming JSON writer must write exactly what the tree
# renderer wrote (issue 18 item 2).
#   tools/bench/json-identity.sh OLD_BIN_DIR NEW_BIN_DIR [WORKLOAD_DIR...]
# The directories hold m3u8-tool, scte35-tool, subtitle-tool and thumbnail-tool; workload
# directories (scale-*) add `dump --json` (compact and pretty) of their dvr-ll.m3u8, compared
# by SHA-256 so no copy of the output is kept. Prints one line per difference and a summary;
# exits 1 on any difference.
set -u
old=$1 new=$2
shift 2
root=$(cd "$(dirname "$0")/../.." && pwd)
compared=0 differ=0
check() { # TOOL ARGS...: same stdout and exit status from both builds
  check_input /dev/null "$@"
}
check_input() { # STDIN TOOL ARGS...
  local input=$1 tool=$2
  shift 2
  local a b sa sb
  a=$("$old/$tool" "$@" <"$input" 2>/dev/null | sha256sum)
  sa=${PIPESTATUS[0]}
  b=$("$new/$tool" "$@" <"$input" 2>/dev/null | sha256sum)
  sb=${PIPESTATUS[0]}
  compared=$((compared + 1))
  if [[ $a != "$b" || $sa != "$sb" ]]; then
    differ=$((differ + 1))
    echo "DIFFERS: $tool $*"
  fi
}
while IFS= read -r f; do
  check m3u8-tool dump --json "$f"
  check m3u8-tool dump --json --pretty "$f"
  check m3u8-tool ads --format json "$f"
  check m3u8-tool audit --format json "$f"
  check m3u8-tool audit --format sarif "$f"
  check m3u8-tool keys --json "$f"
  check m3u8-tool keys --json --pretty "$f"
  check m3u8-tool urls --json "$f"
  check m3u8-tool variants --list --json "$f"
  check m3u8-tool tracks --json "$f"
  check m3u8-tool locate --json --time 10 "$f"
  check thumbnail-tool dump --json "$f"
done < <(find "$root/samples" -name '*.m3u8' | sort)
while IFS= read -r f; do
  check subtitle-tool dump "$f"
done < <(find "$root/samples/subtitles" -type f | sort)
while IFS= read -r f; do
  check thumbnail-tool dump --json "$f"
  check thumbnail-tool dump --pretty "$f"
done < <(find "$root/samples/thumbnails" -name '*.vtt' | sort)
for dir in "$@"; do
  for form in "" --pretty; do
    check m3u8-tool dump --json $form "$dir/dvr-ll.m3u8"
  done
  if [[ -f $dir/scte35.b64 ]]; then
    check_input "$dir/scte35.b64" scte35-tool decode --json
    check scte35-tool decode --json "$(head -1 "$dir/scte35.b64")"
  fi
done
echo "$compared outputs compared, $differ differ"
[[ $differ == 0 ]]
