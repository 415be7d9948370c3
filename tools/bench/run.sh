#!/usr/bin/env bash
# Builds the tools and the benchmarks in release mode, writes the workloads, runs every benchmark.
# usage: tools/bench/run.sh [BENCHMARK|all] [WORKLOAD_DIR]
#   tools/bench/run.sh growth            each once-quadratic HLS/ads/audit path at N and 2N
#   tools/bench/run.sh subtitle-growth   the same for the subtitle and XML paths
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
which="${1:-all}"
dir="${2:-$root/.build/bench-workloads}"
# The growth and hls-write benchmarks make their own inputs in process.
needs_workloads=true
case "$which" in growth | subtitle-growth | hls-write | hls-write-once) needs_workloads=false ;; esac
if $needs_workloads && [ ! -f "$dir/dvr-ll.m3u8" ]; then
  python3 "$root/tools/bench/gen_workloads.py" "$dir" >/dev/null
fi
swift build -c release --package-path "$root" >/dev/null
swift run -c release --package-path "$root/tools/bench" manifestkit-bench "$which" "$dir"
