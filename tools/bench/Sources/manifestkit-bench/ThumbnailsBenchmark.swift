import Foundation
import ManifestCore
import Subtitles
import Thumbnails

/// Parsing thumbs.vtt (17,280 sprite cues) against Python `webvtt.read` (target ≥ 30×), and
/// the time of one lookup by time in the parsed track and in a sprite grid (target < 1 µs).
let thumbnailsBenchmark = Benchmark(
  name: "thumbnails",
  summary: "parse thumbs.vtt (vs webvtt-py) and look thumbnails up by time"
) { directory in
  let path = directory + "/thumbs.vtt"
  guard let data = FileManager.default.contents(atPath: path) else {
    print("thumbnails: cannot read \(path)")
    return
  }
  let bytes = [UInt8](data)
  var track = ThumbnailTrack(thumbnails: [])
  var row = Harness.measure(
    "thumbnail track parse", inputBytes: bytes.count, iterations: 30
  ) {
    if let parsed = try? ThumbnailTrackReader.read(bytes) { track = parsed }
  }
  print("thumbnails: \(bytes.count) bytes, \(track.thumbnails.count) cues")
  row.anchor = "webvtt.read"
  row.target = 30
  row.anchorSeconds = Harness.python(
    """
    import sys, time, webvtt
    times = []
    for _ in range(5):
        t = time.perf_counter(); webvtt.read(sys.argv[1]); times.append(time.perf_counter() - t)
    times.sort(); print(times[len(times) // 2])
    """, arguments: [path])
  row.emit()

  // Lookups at pseudo-random milliseconds over the whole track (and a little past its end).
  let endMilliseconds = track.end?.milliseconds ?? 1
  var state: UInt64 = 0x9E37_79B9_7F4A_7C15
  let times: [SubtitleTime] = (0..<4096).map { _ in
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return SubtitleTime(milliseconds: Int64((state >> 33) % UInt64(endMilliseconds + 5000)))
  }
  let rounds = 250
  var found = 0
  let lookups = Harness.median(iterations: 9) {
    for _ in 0..<rounds {
      for time in times where track.index(at: time) != nil { found &+= 1 }
    }
  }
  report("thumbnails: ThumbnailTrack.index(at:)", seconds: lookups, count: rounds * times.count)

  guard
    let interval = ExactDecimal("5"), let duration = track.end?.decimal,
    let grid = try? SpriteGrid(
      template: SpriteURLTemplate("sprites/sheet-~index:4~.jpg"), columns: 10, rows: 10,
      interval: interval, thumbnailSize: PixelSize(width: 160, height: 90))
  else { return }
  let gridRounds = 25
  let gridLookups = Harness.median(iterations: 9) {
    for _ in 0..<gridRounds {
      for time in times where grid.thumbnail(at: time, duration: duration) != nil { found &+= 1 }
    }
  }
  report(
    "thumbnails: SpriteGrid.thumbnail(at:)", seconds: gridLookups, count: gridRounds * times.count)
  if found == 0 { print("thumbnails: no lookup found anything") }
}

/// Prints the time of one lookup against the 1 µs target.
private func report(_ name: String, seconds: Double, count: Int) {
  let nanoseconds = seconds / Double(count) * 1e9
  ResultRow(name: name, samples: [seconds / Double(count)]).emitMachineLine()
  print(
    String(
      format: "%@: %.0f ns per lookup (target < 1000 ns, %@)", name, nanoseconds,
      nanoseconds < 1000 ? "meets" : "MISSES"))
}
