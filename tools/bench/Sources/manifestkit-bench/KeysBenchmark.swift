import Foundation
import HLS

/// Key reports and download lists on dvr-ll.m3u8 (43,200 segments at scale 1, 48 key tags with
/// rotation): `keyReport()` against Python m3u8's keys of every segment, and `m3u8-tool urls
/// --base` against m3u8's absolute segment URIs, as whole processes.
let keysBenchmark = Benchmark(
  name: "keys",
  summary: "key report (in-process) and m3u8-tool urls (processes) vs Python m3u8"
) { directory in
  let path = directory + "/dvr-ll.m3u8"
  guard let data = FileManager.default.contents(atPath: path) else {
    print("keys: cannot read \(path)")
    return
  }
  var bytes = [UInt8](data)
  var keyCount = 0
  var report = Harness.measure(
    "parse + keyReport dvr-ll", inputBytes: bytes.count, iterations: 15
  ) {
    keyCount = ((try? Playlist.parse(bytes))?.keyReport().keys.count) ?? 0
  }
  print("keys: \(keyCount) key tags")
  report.anchor = "python m3u8"
  report.target = 20
  report.anchorSeconds = Harness.python(
    """
    import sys, time, m3u8
    text = open(sys.argv[1]).read()
    times = []
    for _ in range(3):
        t = time.perf_counter()
        pl = m3u8.loads(text)
        keys = [k for k in pl.keys if k is not None]
        per_segment = [(s.key.method, s.key.uri) if s.key else None for s in pl.segments]
        times.append(time.perf_counter() - t)
    times.sort(); print(times[len(times) // 2])
    """, arguments: [path])
  report.emit()
  bytes = []
  let base = "https://cdn.example.com/live/channel1/index.m3u8"
  let tool = Harness.toolPath("m3u8-tool")
  guard
    var urls = Harness.measureProcess(
      "m3u8-tool urls --base dvr-ll", [tool, "urls", "--base", base, path],
      inputBytes: data.count, iterations: 9)
  else {
    print("keys: \(tool) did not run (swift build -c release first)")
    return
  }
  urls.anchor = "python m3u8"
  urls.target = 5
  urls.anchorSeconds = Harness.processMedian(
    [
      "python3", "-c",
      """
      import sys, m3u8
      pl = m3u8.loads(open(sys.argv[1]).read(), uri=sys.argv[2])
      seen = set()
      for s in pl.segments:
          if s.init_section is not None and s.init_section.absolute_uri not in seen:
              seen.add(s.init_section.absolute_uri); print(s.init_section.absolute_uri)
          print(s.absolute_uri)
      """, path, base,
    ], iterations: 3)
  urls.emit()
}
