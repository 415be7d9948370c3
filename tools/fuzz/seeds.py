#!/usr/bin/env python3
"""Writes the seed corpora and dictionaries of the fuzz targets.

usage: seeds.py REPO_ROOT OUT_DIR

OUT_DIR/<target>/ gets one file per seed, named by its SHA-1, taken from samples/, the test
fixtures, and the string literals of the tests (multi-line literals, and one-line literals
holding a newline), sorted by what they look like. SCTE-35 payloads found as base64 or hex go
to the scte35 corpus both as text and as section bytes. OUT_DIR/<target>.dict is a libFuzzer
dictionary of the keywords the target's parser looks for, read from its sources.
"""
import base64
import binascii
import hashlib
import pathlib
import re
import sys

TARGETS = ["hls", "scte35", "ads", "thumbnails", "srt", "webvtt", "ttml", "tools"]

# Command lines of the tools target, each followed by inputs of the corpus named after it.
TOOL_COMMANDS = [
    ("m3u8-tool info", "hls"),
    ("m3u8-tool dump --json --pretty", "hls"),
    ("m3u8-tool format --canonical --check", "hls"),
    ("m3u8-tool keys --json", "hls"),
    ("m3u8-tool variants --list --json --sort -bandwidth --max-resolution 1280x720", "hls"),
    ("m3u8-tool variants --codecs avc1,mp4a --first 2", "hls"),
    ("m3u8-tool urls --json --base https://cdn.example/a/index.m3u8", "hls"),
    ("m3u8-tool resolve --base https://cdn.example/a/index.m3u8?t=1", "hls"),
    ("m3u8-tool merge-delta a b", "hls"),
    ("m3u8-tool next-request --url https://cdn.example/live.m3u8 --part --skip", "hls"),
    ("m3u8-tool diff --json a b", "hls"),
    ("m3u8-tool ads --format json", "ads"),
    ("m3u8-tool ads --format mpd --scheme xml+bin", "ads"),
    ("m3u8-tool audit --format json --profile strict --fail-on info", "hls"),
    ("m3u8-tool audit --format github --profile mediatailor --discontinuities require", "ads"),
    ("scte35-tool decode --text", "scte35"),
    ("scte35-tool decode --xml", "scte35"),
    ("scte35-tool encode --hex", "scte35json"),
    ("subtitle-tool dump --json", "subtitles"),
    ("subtitle-tool convert --to ttml", "subtitles"),
    ("subtitle-tool convert --to srt", "subtitles"),
    ("subtitle-tool convert --to vtt", "subtitles"),
    ("subtitle-tool shift --by -1.5", "subtitles"),
    ("subtitle-tool validate --strict", "subtitles"),
    ("thumbnail-tool dump --json --base https://cdn.example/v/t.vtt", "thumbnails"),
    ("thumbnail-tool lookup --time 42.5 --json", "thumbnails"),
    ("thumbnail-tool validate", "thumbnails"),
    ("thumbnail-tool to-hls", "thumbnails"),
    ("thumbnail-tool from-hls", "thumbnails"),
    ("thumbnail-tool generate --template s-~index:4~.jpg --columns 5 --rows 4 --interval 5 "
     "--width 160 --height 90 --duration 127.5 --format dash", None),
]
SEEDS_PER_COMMAND = 12
AD_WORDS = re.compile(rb"CUE|SCTE35|DATERANGE|PLACEMENT|SPLICE|BEACON|ASSET|OATCLS")
SRT_CUE = re.compile(rb"^\s*\d*\s*\r?\n?\s*\d+:\d+:\d+[,.]\d+\s*-->", re.M)
SCTE35_TEXT = re.compile(r"(/DA[A-Za-z0-9+/_-]{10,}={0,2}|0[xX][Ff][Cc][0-9A-Fa-f]{20,}|\b[Ff][Cc]30[0-9A-Fa-f]{20,})")


def swift_unescape(text):
    """The value of a Swift string literal's body (interpolations are left as written)."""
    def replace(match):
        escape = match.group(1)
        simple = {"n": "\n", "r": "\r", "t": "\t", "0": "\0", "\\": "\\", '"': '"', "'": "'"}
        if escape in simple:
            return simple[escape]
        if escape.startswith("u{"):
            try:
                return chr(int(escape[2:-1], 16))
            except ValueError:
                return match.group(0)
        return match.group(0)
    return re.sub(r"\\(u\{[0-9A-Fa-f]+\}|.)", replace, text)


def swift_literals(source):
    """Multi-line literals (indentation removed) and one-line literals holding `\\n`."""
    for match in re.finditer(r'"""\n(.*?)\n([ \t]*)"""', source, re.S):
        indent = match.group(2)
        lines = [line[len(indent):] if line.startswith(indent) else line.lstrip()
                 for line in match.group(1).split("\n")]
        body = "\n".join(lines)
        body = re.sub(r"\\\n", "", body)  # a line ending in a backslash joins the next
        yield swift_unescape(body)
    for match in re.finditer(r'(?<!")"((?:[^"\\\n]|\\.)*\\n(?:[^"\\\n]|\\.)*)"(?!")', source):
        yield swift_unescape(match.group(1))


def targets_for(data):
    """Which corpora a text or file belongs to, by what it looks like."""
    head = data.lstrip(b"\xef\xbb\xbf \t\r\n")
    found = []
    if head.startswith(b"#EXTM3U"):
        found += ["hls", "ads"] if AD_WORDS.search(data) else ["hls"]
        if b"EXT-X-TILES" in data or b"IMAGES-ONLY" in data:
            found.append("thumbnails")
    elif head.startswith(b"WEBVTT"):
        found.append("webvtt")
        if b"#xywh" in data or re.search(rb"\.(jpe?g|png|webp)\b", data):
            found.append("thumbnails")
    elif head.startswith(b"<"):
        found.append("ttml")
    elif head.startswith(b"{") and b"splice" in data:
        found.append("scte35json")
    elif SRT_CUE.search(data):
        found.append("srt")
    return found


def scte35_seeds(text):
    for payload in SCTE35_TEXT.findall(text):
        yield payload.encode()
        try:
            if payload.startswith("/"):
                padded = payload + "=" * (-len(payload) % 4)
                yield base64.b64decode(padded.replace("-", "+").replace("_", "/"))
            else:
                digits = payload[2:] if payload[:2] in ("0x", "0X") else payload
                yield binascii.unhexlify(digits[: len(digits) // 2 * 2])
        except (binascii.Error, ValueError):
            pass


def dictionary_words(root, target):
    """Keywords from the sources the target exercises, as libFuzzer dictionary entries."""
    patterns = {
        "hls": (["Sources/HLS"], r'"(#?EXT[A-Z0-9-]*:?|[A-Z][A-Z0-9-]{2,})"'),
        "ads": (["Sources/HLS", "Sources/AdInsertion"], r'"(#?EXT[A-Z0-9-]*:?|[A-Z][A-Z0-9-]{2,})"'),
        "thumbnails": (["Sources/Thumbnails"], r'"([A-Za-z#~:=-][A-Za-z0-9#~:=.-]{1,})"'),
        "srt": (["Sources/Subtitles/SRTReader.swift", "Sources/Subtitles/SRTMarkup.swift"],
                r'"([A-Za-z<{\\][A-Za-z0-9<>/{}\\=#-]{1,})"'),
        "webvtt": (["Sources/Subtitles/WebVTTReader.swift", "Sources/Subtitles/WebVTTScanner.swift",
                    "Sources/Subtitles/WebVTTCueSettings.swift",
                    "Sources/Subtitles/WebVTTCueTextParser.swift",
                    "Sources/Subtitles/WebVTTTimestampMap.swift"],
                   r'"([A-Za-z<:-][A-Za-z0-9<>/:=%.-]{1,})"'),
        "ttml": (["Sources/Subtitles", "Sources/XMLSupport"], r'"([a-zA-Z:#][A-Za-z0-9:#./-]{2,})"'),
        "scte35": ([], r"$^"),
        "tools": (["Sources/M3U8Commands", "Sources/SCTE35Commands", "Sources/SubtitleCommands",
                   "Sources/ThumbnailCommands"], r'"(--[a-z0-9-]+|[a-z]+-tool|[a-z][a-z-]{2,})"'),
    }
    paths, pattern = patterns[target]
    words = set()
    for path in paths:
        base = root / path
        for file in [base] if base.is_file() else sorted(base.rglob("*.swift")):
            words.update(re.findall(pattern, file.read_text(errors="replace")))
    extra = {
        "hls": ["#EXTM3U\n", "#EXTINF:", ",\n", "=", '"', "0x", "{$", "}", "\r\n"],
        "ads": ["#EXTM3U\n", "#EXTINF:", "/DA", "0xFC30", "SCTE35-OUT=0x", "\r\n"],
        "thumbnails": ["WEBVTT\n\n", " --> ", "#xywh=", "pixel:", "percent:", "\\#", "%23"],
        "srt": [" --> ", ",", "\r\n", "{\\an", "<font color=", "</font>"],
        "webvtt": ["WEBVTT\n\n", " --> ", "NOTE", "STYLE", "REGION", "X-TIMESTAMP-MAP=",
                   "MPEGTS:", "LOCAL:", "<c.", "<v ", "&amp;", "&lt;", "::cue"],
        "ttml": ['<?xml version="1.0"?>', "<tt ", 'xmlns="http://www.w3.org/ns/ttml"', "<body>",
                 "<div>", "<p ", "</p>", "<span ", "<br/>", 'begin="', 'end="', 'dur="',
                 "<!DOCTYPE", "<!ENTITY", "&", "<![CDATA[", "ms", "f", "t", "h"],
        "scte35": ["/DA", "0xFC30", "\xfc\x30", "CUEI", "{", '"spliceCommandType"', '"spliceCommand"'],
        "tools": ["#EXTM3U\n", "#EXTINF:", "WEBVTT\n\n", " --> ", "#xywh=", "<tt ", "/DA", "0xFC30",
                  "m3u8-tool ", "scte35-tool ", "subtitle-tool ", "thumbnail-tool ", " -1", " 1e99",
                  " 99999999999999999999", " 0", " NaN"],
    }[target]
    words.update(extra)
    lines = []
    for word in sorted(words):
        escaped = "".join(c if 0x20 <= ord(c) < 0x7F and c not in '"\\' else "\\x%02X" % ord(c)
                          for c in word.encode("latin-1", "replace").decode("latin-1"))
        lines.append('"%s"' % escaped)
    return lines


def main():
    root = pathlib.Path(sys.argv[1]).resolve()
    out = pathlib.Path(sys.argv[2])
    corpora = {target: set() for target in TARGETS + ["scte35json"]}
    for path in sorted((root / "samples").rglob("*")) + sorted((root / "Tests").rglob("Fixtures/*")):
        if path.is_file():
            data = path.read_bytes()
            for target in targets_for(data):
                corpora[target].add(data)
            for seed in scte35_seeds(data.decode("utf-8", "replace")):
                corpora["scte35"].add(seed)
    for path in sorted((root / "Tests").rglob("*.swift")):
        source = path.read_text(errors="replace")
        for literal in swift_literals(source):
            data = literal.encode("utf-8", "surrogatepass")
            for target in targets_for(data):
                corpora[target].add(data)
        for seed in scte35_seeds(source):
            corpora["scte35"].add(seed)
    corpora["scte35"] |= corpora["scte35json"]
    subtitles = corpora["srt"] | corpora["webvtt"] | corpora["ttml"]
    scte35_text = {seed for seed in corpora["scte35"] if seed.isascii()}
    for command, kind in TOOL_COMMANDS:
        inputs = {"subtitles": subtitles, "scte35": scte35_text, None: {b""}}.get(kind)
        inputs = inputs if inputs is not None else corpora[kind]
        for body in sorted(inputs, key=lambda seed: (len(seed), seed))[:SEEDS_PER_COMMAND]:
            corpora["tools"].add(command.encode() + b"\n" + body)
    del corpora["scte35json"]
    for target, seeds in corpora.items():
        directory = out / target
        directory.mkdir(parents=True, exist_ok=True)
        for old in directory.iterdir():
            old.unlink()
        for seed in seeds:
            (directory / hashlib.sha1(seed).hexdigest()).write_bytes(seed)
        (out / (target + ".dict")).write_text("\n".join(dictionary_words(root, target)) + "\n")
        print("%-10s %4d seeds" % (target, len(seeds)))


if __name__ == "__main__":
    main()
