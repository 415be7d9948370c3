#!/usr/bin/env bash
# Builds the tools and the benchmarks in release mode, writes the workloads, runs every
# benchmark `manifestkit-bench list` names at every scale and prints one markdown table
# (tools/bench/table.py; the convention is in docs/benchmarks.md, "Rows").
#
# usage: tools/bench/run.sh [--quick | --full] [--scales 0.1,1,...] [--workloads ROOT]
#                           [--only NAME,...] [--python-max-scale S]
#        tools/bench/run.sh NAME [DIR]     one benchmark, its own output (DIR: a workload folder)
#
#   --quick              scales 0.1 and 1 (the default)
#   --full               scales 0.1, 1, 10 and 100 (100 ≈ 370 MB of playlist; about an hour)
#   --workloads ROOT     workloads in ROOT/scale-S (default .build/bench-workloads), written by
#                        gen_workloads.py when a scale's folder is missing
#   --python-max-scale S the Python anchors run up to scale S (default 1): at 10 and 100 one
#                        of them runs for minutes
# Environment: SCTE35_GO_BENCH (the Comcast/scte35-go anchor, docs/benchmarks.md),
# MANIFESTKIT_BENCH_BUDGET (seconds per measurement before it stops adding runs, default 3).
# The raw output and rows are kept in .build/bench-results/.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bench="$root/tools/bench/.build/release/manifestkit-bench"
workloads="$root/.build/bench-workloads"
scales="0.1,1"
only=""
python_max=1

build() {
  swift build -c release --package-path "$root" >/dev/null
  swift build -c release --package-path "$root/tools/bench" >/dev/null
}

# Writes the workloads of scale $1 into $workloads/scale-$1 unless they are there.
workload_dir() {
  local dir="$workloads/scale-$1"
  if [ ! -d "$dir" ]; then
    mkdir -p "$workloads"
    python3 "$root/tools/bench/gen_workloads.py" "$dir.partial" --scale "$1" >/dev/null
    mv "$dir.partial" "$dir"
  fi
  echo "$dir"
}

case "${1:-}" in
  "" | --*) ;;
  *)
    # One benchmark by name, as before: its human output and its @row lines.
    build
    dir="${2:-}"
    if [ -z "$dir" ]; then dir="$(workload_dir 1)"; fi
    exec "$bench" "$1" "$dir"
    ;;
esac

while [ $# -gt 0 ]; do
  case "$1" in
    --quick) scales="0.1,1" ;;
    --full) scales="0.1,1,10,100" ;;
    --scales) scales="$2"; shift ;;
    --workloads) workloads="$2"; shift ;;
    --only) only="$2"; shift ;;
    --python-max-scale) python_max="$2"; shift ;;
    *) echo "run.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

build
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
out="$root/.build/bench-results/$stamp"
mkdir -p "$out"
rows="$out/rows.tsv"
log="$out/log.txt"
: >"$rows"
load_start="$(cut -d' ' -f1-3 /proc/loadavg)"

# Runs benchmark $1 on folder $2 and files its @row lines under scale $3.
run_one() {
  echo "== $1 scale $3" | tee -a "$log" >&2
  "$bench" "$1" "$2" 2>&1 | tee -a "$log" | while IFS= read -r line; do
    case "$line" in "@row "*) printf '%s\t%s\t%s\n' "$3" "$1" "$line" >>"$rows" ;; esac
  done
}

IFS=, read -r -a scale_list <<<"$scales"
while IFS=$'\t' read -r name kind; do
  if [ -n "$only" ] && [[ ",$only," != *",$name,"* ]]; then continue; fi
  case "$kind" in
    fixed) run_one "$name" "$(workload_dir 1)" - ;;
    scaled)
      for scale in "${scale_list[@]}"; do
        dir="$(workload_dir "$scale")"
        python=1
        if ! python3 -c "import sys; sys.exit(0 if float('$scale') <= float('$python_max') else 1)"
        then python=0; fi
        MANIFESTKIT_BENCH_PYTHON=$python run_one "$name" "$dir" "$scale"
      done
      ;;
  esac
done < <("$bench" list)

cpu="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
machine="Machine: $(nproc) cores, ${cpu:-unknown CPU}, load $load_start at the start and"
machine+=" $(cut -d' ' -f1-3 /proc/loadavg) at the end; $(date -u '+%Y-%m-%d %H:%M UTC');"
machine+=" commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown);"
machine+=" scales $scales (Python anchors up to $python_max); \`tools/bench/run.sh$( [ "$scales" = "0.1,1" ] || echo " --scales $scales")\`"
python3 "$root/tools/bench/table.py" "$rows" "$machine" | tee "$out/table.md"
