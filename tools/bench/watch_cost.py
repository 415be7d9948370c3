#!/usr/bin/env python3
"""What `m3u8-tool watch` costs (issue 16 item 6): watches a 5-variant LL-HLS origin on loopback
(2 s segments of four 0.5 s parts, blocking reloads per RFC 8216bis 6.2.5.2) for SECONDS, then
prints the tool's CPU time, its share of one core against the 2 % budget, and its peak RSS, for
a half-length run and a full one (constant memory: the two peaks match).

usage: tools/bench/watch_cost.py [SECONDS] [M3U8_TOOL]   (default 60, .build/release/m3u8-tool)
"""
import http.server
import os
import resource
import socketserver
import subprocess
import sys
import threading
import time
import urllib.parse

SEGMENT, PARTS, WINDOW, VARIANTS = 2.0, 4, 6, 5
PART = SEGMENT / PARTS
START = time.monotonic()


def live_edge():
    """The last complete segment and the parts of the next one, now."""
    elapsed = time.monotonic() - START
    return 100 + WINDOW - 1 + int(elapsed // SEGMENT), int((elapsed % SEGMENT) // PART)


def media_playlist():
    last, parts = live_edge()
    lines = ["#EXTM3U", "#EXT-X-VERSION:9", "#EXT-X-TARGETDURATION:2",
             "#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=1.5",
             "#EXT-X-PART-INF:PART-TARGET=0.5", f"#EXT-X-MEDIA-SEQUENCE:{last - WINDOW + 1}"]
    for msn in range(last - WINDOW + 1, last + 1):
        if msn >= last - 1:
            lines += [f'#EXT-X-PART:DURATION=0.500,URI="s{msn}.{p}.mp4"' for p in range(PARTS)]
        lines += ["#EXTINF:2.000,", f"s{msn}.mp4"]
    lines += [f'#EXT-X-PART:DURATION=0.500,URI="s{last + 1}.{p}.mp4"' for p in range(parts)]
    lines.append(f'#EXT-X-PRELOAD-HINT:TYPE=PART,URI="s{last + 1}.{parts}.mp4"')
    return "\n".join(lines) + "\n"


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        if url.path == "/master.m3u8":
            body = "#EXTM3U\n" + "".join(
                f"#EXT-X-STREAM-INF:BANDWIDTH={(i + 1) * 800000}\nv{i}.m3u8\n"
                for i in range(VARIANTS))
        else:
            if "_HLS_msn" in query:  # hold until the segment or part exists, at most 3 s
                msn, part = int(query["_HLS_msn"]), int(query.get("_HLS_part", "0"))
                deadline = time.monotonic() + 3
                while time.monotonic() < deadline:
                    last, parts = live_edge()
                    if last >= msn or (last == msn - 1 and parts > part):
                        break
                    time.sleep(0.01)
            body = media_playlist()
        data = body.encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/vnd.apple.mpegurl")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


def run(tool, url, seconds):
    """One watch; its own CPU time and peak RSS (wait4), its event count and exit status."""
    with open(os.devnull, "wb") as devnull:
        proc = subprocess.Popen([tool, "watch", "--duration", str(seconds), url],
                                stdout=subprocess.PIPE, stderr=devnull)
        out = proc.stdout.read()
        _, status, usage = os.wait4(proc.pid, 0)
    cpu = usage.ru_utime + usage.ru_stime
    return cpu, usage.ru_maxrss, out.count(b"\n"), out.count(b"  problem "), status >> 8


def main():
    seconds = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    tool = sys.argv[2] if len(sys.argv) > 2 else os.path.join(root, ".build/release/m3u8-tool")
    server = Server(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/master.m3u8"
    print(f"m3u8-tool watch, {VARIANTS}-variant LL-HLS loopback origin ({tool})")
    for length in (seconds // 2, seconds):
        cpu, rss, events, problems, status = run(tool, url, length)
        share = 100 * cpu / length
        print(f"  {length:4d} s: CPU {cpu:.3f} s = {share:.2f} % of one core "
              f"(budget 2 %, ratio {share / 2:.2f}), peak RSS {rss / 1024:.1f} MiB, "
              f"{events} events, {problems} problems, exit {status}")
    server.shutdown()


if __name__ == "__main__":
    main()
