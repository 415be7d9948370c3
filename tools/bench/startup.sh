#!/usr/bin/env bash
# Start-up of every tool (issue 18 item 3, target <= 5 ms): `TOOL --version` with hyperfine
# (Debian's `hyperfine` package) when installed, else the mean of a loop of 100 runs.
# usage: tools/bench/startup.sh [BIN_DIR]   (default .build/release; build the four tools first:
#        swift build -c release --static-swift-stdlib, as tools/install.sh ships them)
set -euo pipefail
bin="${1:-.build/release}"
tools=(m3u8-tool scte35-tool subtitle-tool thumbnail-tool)
echo "start-up, TOOL --version, load $(cut -d' ' -f1 /proc/loadavg)"
if command -v hyperfine >/dev/null; then
  for tool in "${tools[@]}"; do
    hyperfine -N --warmup 20 --runs 300 --style none --export-json /tmp/startup-$$.json \
      "$bin/$tool --version" >/dev/null
    python3 - "$tool" /tmp/startup-$$.json <<'PY'
import json, sys
r = json.load(open(sys.argv[2]))["results"][0]
times = sorted(r["times"])
print(f"  {sys.argv[1]:15} mean {r['mean'] * 1000:5.2f} ms  median {r['median'] * 1000:5.2f} ms  "
      f"min {r['min'] * 1000:5.2f} ms  user {r['user'] * 1000:5.2f} ms  sys {r['system'] * 1000:5.2f} ms"
      f"  {'ok' if r['user'] + r['system'] <= 0.005 else 'OVER 5 ms'} (user+sys; wall times on a loaded"
      " machine measure the scheduler)")
PY
  done
  rm -f /tmp/startup-$$.json
else
  for tool in "${tools[@]}"; do
    start=$(date +%s%N)
    for _ in $(seq 100); do "$bin/$tool" --version >/dev/null; done
    end=$(date +%s%N)
    echo "  $tool mean $(((end - start) / 100000)) µs over 100 runs"
  done
fi
