#!/usr/bin/env python3
"""`m3u8-tool format` against Python m3u8 (issue 18 item 3): in one run, REPEATS alternated
runs of the whole `m3u8-tool format PLAYLIST` process (output to /dev/null) and of Python
m3u8's `m3u8.loads(text).dumps()` timed inside the interpreter (no start-up or import counted,
the harder anchor), then the whole `python3 -c` process too; prints wall and user+sys CPU
medians, MB/s and the ratios (target >= 150x; the CPU ratio is the one to trust on a loaded
machine).

usage: tools/bench/format_vs_python.py [PLAYLIST] [REPEATS] [M3U8_TOOL]
       (default /work/bench/scale-1/dvr-ll.m3u8, 7, .build/release/m3u8-tool)
"""
import os
import statistics
import subprocess
import sys
import time

import m3u8


def timed_process(command):
    """Wall time and user+sys CPU time of one run of `command`."""
    before = os.times()
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = os.times()
    return wall, (after.children_user - before.children_user) + (
        after.children_system - before.children_system)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "/work/bench/scale-1/dvr-ll.m3u8"
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    tool = sys.argv[3] if len(sys.argv) > 3 else ".build/release/m3u8-tool"
    size = os.path.getsize(path)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    ours, theirs, theirs_process = [], [], []
    script = f"import m3u8,sys; sys.stdout.write(m3u8.loads(open({path!r}).read()).dumps())"
    for _ in range(repeats):
        ours.append(timed_process([tool, "format", path]))
        cpu, start = time.process_time(), time.perf_counter()
        m3u8.loads(text).dumps()
        theirs.append((time.perf_counter() - start, time.process_time() - cpu))
    for _ in range(max(1, repeats // 3)):
        theirs_process.append(timed_process([sys.executable, "-c", script]))
    # On a loaded machine wall time measures the scheduler; CPU time (user+sys) does not.
    print(f"format {os.path.basename(path)} ({size / 1e6:.1f} MB), {repeats} alternated runs, "
          f"load {os.getloadavg()[0]:.1f}")
    rows = [("m3u8-tool format (process)", ours),
            ("python m3u8 loads().dumps() (in process)", theirs),
            ("python m3u8 (whole process)", theirs_process)]
    for label, runs in rows:
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        print(f"  {label:42} wall median {wall * 1000:9.1f} ms  best {min(w for w, _ in runs) * 1000:9.1f}"
              f" ms  CPU median {cpu * 1000:9.1f} ms  {size / cpu / 1e6:7.1f} MB/s of CPU")
    def ratio(a, b, part):
        return statistics.median(r[part] for r in a) / statistics.median(r[part] for r in b)
    print(f"  ratio python in-process / m3u8-tool: {ratio(theirs, ours, 1):.0f}x CPU, "
          f"{ratio(theirs, ours, 0):.0f}x wall (target >= 150x); whole python process: "
          f"{ratio(theirs_process, ours, 1):.0f}x CPU")


if __name__ == "__main__":
    main()
