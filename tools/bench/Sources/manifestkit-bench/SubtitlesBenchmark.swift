import Foundation
import Subtitles
import TTML

/// Parsing `movie.srt` against Python `srt.parse` and `pysubs2.load`, and `movie.ttml` against
/// ttconv (20,000 cues each); target ≥ 30× for each.
let subtitlesBenchmark = Benchmark(
  name: "subtitles",
  summary: "parse movie.srt (vs srt, pysubs2) and movie.ttml (vs ttconv)"
) { directory in
  let srtPath = directory + "/movie.srt"
  let ttmlPath = directory + "/movie.ttml"
  guard let srtBytes = FileManager.default.contents(atPath: srtPath).map(Array.init),
    let ttmlBytes = FileManager.default.contents(atPath: ttmlPath).map(Array.init)
  else {
    print("subtitles: movie.srt or movie.ttml missing in \(directory)")
    return
  }
  var cueCount = 0
  let srtSeconds = Harness.median(iterations: 20) {
    cueCount = (try? SRTReader.read(srtBytes).cues.count) ?? -1
  }
  print("movie.srt: \(cueCount) cues")
  let srtAnchor = Harness.python(
    """
    import sys, time, srt
    text = open(sys.argv[1], encoding='utf-8').read()
    times = []
    for _ in range(5):
        t = time.perf_counter(); list(srt.parse(text)); times.append(time.perf_counter() - t)
    times.sort(); print(times[len(times) // 2])
    """, arguments: [srtPath])
  Harness.report(
    "parse movie.srt", ours: srtSeconds, anchor: srtAnchor, anchorName: "srt.parse", target: 30)
  let pysubs2Anchor = Harness.python(
    """
    import sys, time, pysubs2
    times = []
    for _ in range(5):
        t = time.perf_counter(); pysubs2.load(sys.argv[1]); times.append(time.perf_counter() - t)
    times.sort(); print(times[len(times) // 2])
    """, arguments: [srtPath])
  Harness.report(
    "parse movie.srt", ours: srtSeconds, anchor: pysubs2Anchor, anchorName: "pysubs2.load",
    target: 30)
  let ttmlSeconds = Harness.median(iterations: 10) {
    cueCount = (try? TTMLReader.read(ttmlBytes).cues.count) ?? -1
  }
  print("movie.ttml: \(cueCount) cues")
  let ttconvAnchor = Harness.python(
    """
    import sys, time, logging, xml.etree.ElementTree as et
    logging.disable(logging.CRITICAL)
    import ttconv.imsc.reader as reader
    times = []
    for _ in range(3):
        t = time.perf_counter(); reader.to_model(et.parse(sys.argv[1]))
        times.append(time.perf_counter() - t)
    times.sort(); print(times[len(times) // 2])
    """, arguments: [ttmlPath])
  Harness.report(
    "parse movie.ttml", ours: ttmlSeconds, anchor: ttconvAnchor, anchorName: "ttconv", target: 30)
}
