#!/usr/bin/env python3
"""A loopback HTTP server with byte ranges, for tools/mpd-e2e.sh.

Serves the files under DIR on 127.0.0.1 and answers `Range: bytes=FIRST-LAST` (one range, RFC
9110 §14) with 206 Partial Content and its Content-Range, as a CDN does. Python's http.server
ignores Range, and ffmpeg's DASH demuxer fetches a SegmentURL@mediaRange or an
Initialization@range only as an HTTP range request (dashdec.c passes `offset`/`end_offset`,
which the file protocol does not honour), so byte-range MPDs are played through this server.
Prints the port it listens on, then serves until killed.

Usage: tools/range-server.py DIR
"""
import http.server
import os
import re
import sys

ROOT = os.path.realpath(sys.argv[1])
RANGE = re.compile(r"bytes=(\d*)-(\d*)$")


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_HEAD(self):
        self.answer(body=False)

    def do_GET(self):
        self.answer(body=True)

    def answer(self, body):
        path = os.path.realpath(os.path.join(ROOT, self.path.split("?")[0].lstrip("/")))
        if not path.startswith(ROOT + os.sep) or not os.path.isfile(path):
            return self.fail(404)
        size = os.path.getsize(path)
        first, last, status = 0, size - 1, 200
        asked = self.headers.get("Range")
        if asked:
            match = RANGE.match(asked.strip())
            if not match or (not match.group(1) and not match.group(2)):
                return self.fail(416, size)
            if match.group(1):
                first = int(match.group(1))
                if match.group(2):
                    last = min(int(match.group(2)), size - 1)
            else:
                first = max(size - int(match.group(2)), 0)
            if first > last:
                return self.fail(416, size)
            status = 206
        self.send_response(status)
        self.send_header("Content-Type", "application/dash+xml" if path.endswith(".mpd")
                         else "application/octet-stream")
        self.send_header("Accept-Ranges", "bytes")
        self.send_header("Content-Length", str(last - first + 1))
        if status == 206:
            self.send_header("Content-Range", f"bytes {first}-{last}/{size}")
        self.end_headers()
        if body:
            with open(path, "rb") as f:
                f.seek(first)
                self.wfile.write(f.read(last - first + 1))

    def fail(self, status, size=None):
        self.send_response(status)
        if size is not None:
            self.send_header("Content-Range", f"bytes */{size}")
        self.send_header("Content-Length", "0")
        self.end_headers()


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
