#!/usr/bin/env python3
"""Batch audit throughput (issue 18 item 5): writes 10,000 small playlists (deterministic: VOD
as ffmpeg writes it, live windows with CUE-OUT/CUE-IN as AWS Elemental writes them, fMP4 with
EXT-X-MAP and a key as Shaka Packager writes it, some with findings), then runs
`m3u8-tool audit FILE...` with `--jobs 1` and with the default (`--jobs` = processors online)
alternately REPEATS times in one run, checks that both write the same bytes, and prints for
each the median wall time, files/s and user+sys CPU, and the ratio of the medians.

usage: tools/bench/batch.py [REPEATS] [M3U8_TOOL] [FILES]
       (default 5, .build/release/m3u8-tool, 10000)
"""
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time


def vod(rng, n):
    lines = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:10",
             "#EXT-X-MEDIA-SEQUENCE:0", "#EXT-X-PLAYLIST-TYPE:VOD"]
    for i in range(n):
        duration = 10.0 if i < n - 1 else rng.uniform(1, 10)
        # Every 40th file has a segment over the target duration (an audit error).
        if n % 40 == 0 and i == 3:
            duration = 12.5
        lines += [f"#EXTINF:{duration:.6f},", f"segment{i}.ts"]
    return lines + ["#EXT-X-ENDLIST"]


def live_ads(rng, n):
    first = rng.randrange(1, 10**6)
    lines = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:6",
             f"#EXT-X-MEDIA-SEQUENCE:{first}"]
    pdt = 1_700_000_000 + first * 6
    cue = rng.randrange(2, max(3, n - 6))
    for i in range(n):
        if i == 0:
            stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(pdt))
            lines.append(f"#EXT-X-PROGRAM-DATE-TIME:{stamp}.000Z")
        if i == cue:
            lines.append("#EXT-X-CUE-OUT:30.000")
        elif cue < i < cue + 5:
            lines.append(f"#EXT-X-CUE-OUT-CONT:ElapsedTime={(i - cue) * 6}.000,Duration=30")
        elif i == cue + 5:
            lines.append("#EXT-X-CUE-IN")
        lines += ["#EXTINF:6.000,", f"https://cdn.example.com/live/{first + i}.ts"]
    return lines


def fmp4(rng, n):
    key = "%032x" % rng.getrandbits(128)
    lines = ["#EXTM3U", "#EXT-X-VERSION:6", "#EXT-X-TARGETDURATION:4",
             "#EXT-X-PLAYLIST-TYPE:VOD", "#EXT-X-INDEPENDENT-SEGMENTS",
             f'#EXT-X-KEY:METHOD=SAMPLE-AES,URI="data:text/plain;base64,AAAAW3Bzc2g=",'
             f'KEYID=0x{key},KEYFORMAT="urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed",'
             'KEYFORMATVERSIONS="1"',
             '#EXT-X-MAP:URI="init.mp4"']
    for i in range(n):
        lines += ["#EXTINF:4.004,", f"seg_{i:05d}.m4s"]
    return lines + ["#EXT-X-ENDLIST"]


def write_files(directory, count):
    rng = random.Random(18)
    names = []
    for i in range(count):
        kind = (vod, live_ads, fmp4)[i % 3]
        lines = kind(rng, rng.randrange(8, 60))
        name = f"p{i:05d}.m3u8"
        with open(os.path.join(directory, name), "w") as f:
            f.write("\n".join(lines) + "\n")
        names.append(name)
    return names


def run(command, cwd):
    start = time.perf_counter()
    child = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = child.communicate()
    wall = time.perf_counter() - start
    return wall, out + b"\0" + err + bytes([child.returncode & 0xFF])


def main():
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    tool = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else ".build/release/m3u8-tool")
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 10000
    cores = os.cpu_count()
    with tempfile.TemporaryDirectory(prefix="mk-batch-") as directory:
        names = write_files(directory, count)
        total = sum(os.path.getsize(os.path.join(directory, n)) for n in names)
        variants = {"--jobs 1": ["--jobs", "1"], f"default ({cores})": []}
        walls = {label: [] for label in variants}
        cpus = {label: [] for label in variants}
        outputs = {}
        for _ in range(repeats):
            for label, jobs in variants.items():
                before = os.times()
                wall, output = run([tool, "audit"] + jobs + names, directory)
                after = os.times()
                walls[label].append(wall)
                cpus[label].append((after.children_user - before.children_user)
                                   + (after.children_system - before.children_system))
                outputs.setdefault(label, output)
                if output != outputs[label]:
                    sys.exit(f"{label}: output changed between runs")
        first, second = outputs.values()
        if first != second:
            sys.exit("--jobs 1 and the default wrote different output")
        print(f"audit of {count} playlists ({total / 1e6:.1f} MB), {repeats} alternated runs, "
              f"{cores} processors online, load {os.getloadavg()[0]:.1f}")
        for label in variants:
            w = statistics.median(walls[label])
            c = statistics.median(cpus[label])
            print(f"  {label:14} median {w * 1000:8.1f} ms  (min {min(walls[label]) * 1000:.1f}, "
                  f"max {max(walls[label]) * 1000:.1f})  {count / w:8.0f} files/s  "
                  f"user+sys {c * 1000:.0f} ms")
        labels = list(variants)
        ratio = statistics.median(walls[labels[0]]) / statistics.median(walls[labels[1]])
        best = min(walls[labels[0]]) / min(walls[labels[1]])
        print(f"  throughput ratio default / --jobs 1: {ratio:.2f}x median, {best:.2f}x best "
              f"(target >= 1.7x on 2 cores); output identical")


if __name__ == "__main__":
    main()
