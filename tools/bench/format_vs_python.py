#!/usr/bin/env python3
"""`m3u8-tool format` against Python m3u8 (issue 18 item 3): in one run, REPEATS alternated
runs of the whole `m3u8-tool format PLAYLIST` process (output to /dev/null) and of Python
m3u8's `m3u8.loads(text).dumps()` timed inside the interpreter (no start-up or import counted,
the harder anchor), then the whole `python3 -c` process too; prints medians, best, MB/s and
the ratios (target >= 150x).

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
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


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
        start = time.perf_counter()
        m3u8.loads(text).dumps()
        theirs.append(time.perf_counter() - start)
    for _ in range(max(1, repeats // 3)):
        theirs_process.append(timed_process([sys.executable, "-c", script]))
    print(f"format {os.path.basename(path)} ({size / 1e6:.1f} MB), {repeats} alternated runs, "
          f"load {os.getloadavg()[0]:.1f}")
    for label, times in [("m3u8-tool format (process)", ours),
                         ("python m3u8 loads().dumps() (in process)", theirs),
                         ("python m3u8 (whole process)", theirs_process)]:
        m = statistics.median(times)
        print(f"  {label:42} median {m * 1000:9.1f} ms  best {min(times) * 1000:9.1f} ms  "
              f"{size / m / 1e6:8.1f} MB/s")
    print(f"  ratio python in-process / m3u8-tool: "
          f"{statistics.median(theirs) / statistics.median(ours):.0f}x median, "
          f"{min(theirs) / min(ours):.0f}x best (target >= 150x); whole python process: "
          f"{statistics.median(theirs_process) / statistics.median(ours):.0f}x median")


if __name__ == "__main__":
    main()
