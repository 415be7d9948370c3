#!/usr/bin/env python3
"""Turns the `@row` lines of manifestkit-bench runs into one markdown table.

Usage: table.py ROWS_FILE MACHINE_LINE

ROWS_FILE holds lines `SCALE<TAB>BENCHMARK<TAB>@row {json}` as tools/bench/run.sh writes them
(SCALE is `-` for a benchmark that makes its own inputs). The fitted exponent of a row name is
the least-squares slope of log(median time) against log(input bytes) over its scales (against
log(scale) when the row has no byte count); in brackets the slope between the two largest
scales, where a superlinear path shows first. Above 1.1 is a defect (issue 18 item 4).
"""
import json, math, sys


def fmt_time(s):
    if s is None:
        return ""
    if s < 1e-6:
        return "%.0f ns" % (s * 1e9)
    if s < 1e-3:
        return "%.2f µs" % (s * 1e6)
    if s < 1:
        return "%.2f ms" % (s * 1e3)
    return "%.2f s" % s


def fmt_bytes(n):
    return "" if n is None else "%.1f MB" % (n / 1e6)


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2] if xs else 0.0


def slope(points):
    if len(points) < 2:
        return None
    xs = [math.log(x) for x, _ in points]
    ys = [math.log(y) for _, y in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    den = sum((x - mx) ** 2 for x in xs)
    if den == 0:
        return None
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / den


def main():
    rows = []
    with open(sys.argv[1]) as f:
        for line in f:
            scale, bench, rest = line.rstrip("\n").split("\t", 2)
            if not rest.startswith("@row "):
                continue
            row = json.loads(rest[5:])
            row["scale"], row["bench"] = scale, bench
            rows.append(row)
    by_name = {}
    for row in rows:
        by_name.setdefault((row["bench"], row["name"]), []).append(row)
    exponents = {}
    for key, group in by_name.items():
        if len(group) == 1 and group[0].get("exponent") is not None:
            exponents[key] = "%.2f" % group[0]["exponent"]
            continue
        points = []
        for r in group:
            t = median(r["samples"])
            x = r.get("bytes") or (float(r["scale"]) if r["scale"] != "-" else None)
            if x and t > 0:
                points.append((x, t))
        points.sort()
        fit = slope(points)
        if fit is None:
            continue
        last = slope(points[-2:]) if len(points) > 2 else None
        text = "%.2f" % fit + (" (%.2f)" % last if last is not None else "")
        if max(fit, last if last is not None else fit) > 1.1:
            text += " DEFECT"
        exponents[key] = text

    print(sys.argv[2])
    print()
    print("| benchmark | scale | median | spread (min–max, runs) | ratio to anchor | MB/s | peak RSS | exponent |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    def order(r):
        return (r["bench"], r["name"], float(r["scale"]) if r["scale"] != "-" else 0)
    seen = set()
    for r in sorted(rows, key=order):
        t = median(r["samples"])
        spread = ""
        if len(r["samples"]) > 1:
            spread = "%s–%s, %d" % (fmt_time(min(r["samples"])), fmt_time(max(r["samples"])), len(r["samples"]))
        ratio = ""
        anchor, a = r.get("anchor"), r.get("anchor_seconds")
        if anchor:
            if a and t > 0:
                target = r.get("target")
                if r.get("comparison") == "cost":
                    value = t / a
                    ratio = "%.2f× %s" % (value, anchor)
                    if target:
                        ratio += " (< %g×%s)" % (target, "" if value < target else " MISSES")
                else:
                    value = a / t
                    ratio = "%.1f× %s" % (value, anchor)
                    if target:
                        ratio += " (≥ %g×%s)" % (target, "" if value >= target else " MISSES")
            else:
                ratio = "%s not run" % anchor
        mbs = "%.0f" % (r["bytes"] / t / 1e6) if r.get("bytes") and t > 0 else ""
        key = (r["bench"], r["name"])
        # The exponent once per name, on the row of its largest scale.
        group = by_name[key]
        last = max(group, key=lambda g: float(g["scale"]) if g["scale"] != "-" else 0)
        exponent = exponents.get(key, "") if r is last else ""
        name = r["name"] + (" (cpu)" if r.get("clock") == "cpu" else "")
        print("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
            name.replace("|", "\\|"), r["scale"], fmt_time(t), spread, ratio, mbs,
            fmt_bytes(r.get("rss")), exponent))


main()
