import Foundation
import Subtitles
import TTML

/// Parsing `movie.srt` against Python `srt.parse` and `pysubs2.load`, `thumbs.vtt` as WebVTT
/// against `webvtt.read`, and `movie.ttml` against ttconv (20,000, 17,280 and 20,000 cues at
/// scale 1); target ≥ 50× for each (issue 18 item 6).
let subtitlesBenchmark = Benchmark(
  name: "subtitles",
  summary: "parse movie.srt (vs srt, pysubs2), thumbs.vtt (vs webvtt-py), movie.ttml (vs ttconv)"
) { directory in
  let srtPath = directory + "/movie.srt"
  let vttPath = directory + "/thumbs.vtt"
  let ttmlPath = directory + "/movie.ttml"
  guard let srtBytes = FileManager.default.contents(atPath: srtPath).map(Array.init),
    let vttBytes = FileManager.default.contents(atPath: vttPath).map(Array.init),
    let ttmlBytes = FileManager.default.contents(atPath: ttmlPath).map(Array.init)
  else {
    print("subtitles: movie.srt, thumbs.vtt or movie.ttml missing in \(directory)")
    return
  }
  var cueCount = 0
  var srt = Harness.measure("SRT parse", inputBytes: srtBytes.count, iterations: 20, cpu: true) {
    cueCount = (try? SRTReader.read(srtBytes).cues.count) ?? -1
  }
  print("movie.srt: \(cueCount) cues")
  srt.anchor = "srt.parse"
  srt.target = 50
  srt.anchorSeconds = Harness.python(
    """
    import sys, time, srt
    text = open(sys.argv[1], encoding='utf-8').read()
    times = []
    for _ in range(5):
        t = time.process_time(); list(srt.parse(text)); times.append(time.process_time() - t)
    times.sort(); print(times[len(times) // 2])
    """, arguments: [srtPath])
  srt.emit()
  srt.name = "SRT parse vs pysubs2"
  srt.anchor = "pysubs2.load"
  srt.anchorSeconds = Harness.python(
    """
    import sys, time, pysubs2
    times = []
    for _ in range(5):
        t = time.process_time(); pysubs2.load(sys.argv[1]); times.append(time.process_time() - t)
    times.sort(); print(times[len(times) // 2])
    """, arguments: [srtPath])
  srt.emit()
  var vtt = Harness.measure("WebVTT parse", inputBytes: vttBytes.count, iterations: 20, cpu: true) {
    cueCount = (try? WebVTTReader.read(vttBytes).cues.count) ?? -1
  }
  print("thumbs.vtt: \(cueCount) cues")
  vtt.anchor = "webvtt.read"
  vtt.target = 50
  vtt.anchorSeconds = Harness.python(
    """
    import sys, time, webvtt
    times = []
    for _ in range(5):
        t = time.process_time(); webvtt.read(sys.argv[1]); times.append(time.process_time() - t)
    times.sort(); print(times[len(times) // 2])
    """, arguments: [vttPath])
  vtt.emit()
  var ttml = Harness.measure("TTML parse", inputBytes: ttmlBytes.count, iterations: 10, cpu: true) {
    cueCount = (try? TTMLReader.read(ttmlBytes).cues.count) ?? -1
  }
  print("movie.ttml: \(cueCount) cues")
  ttml.anchor = "ttconv"
  ttml.target = 50
  ttml.anchorSeconds = Harness.python(
    """
    import sys, time, logging, xml.etree.ElementTree as et
    logging.disable(logging.CRITICAL)
    import ttconv.imsc.reader as reader
    times = []
    for _ in range(3):
        t = time.process_time(); reader.to_model(et.parse(sys.argv[1]))
        times.append(time.process_time() - t)
    times.sort(); print(times[len(times) // 2])
    """, arguments: [ttmlPath])
  ttml.emit()
}
