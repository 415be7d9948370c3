import Foundation
import HLS

#if canImport(Glibc)
  import Glibc
#endif

/// `Playlist.parse` speed on dvr-ll.m3u8 of one workload scale (issue 18 item 1): best and
/// median MB/s of a parse, of a parse plus reading every resolved `Segment`, and of a bare
/// `memchr` line scan of the same bytes (the floor), beside the Rust crate quick-m3u8 in the
/// same run when `QUICK_M3U8_BENCH` names its bench binary (docs/benchmarks.md says how to
/// build it). `MANIFESTKIT_BENCH_ITERATIONS` overrides the number of timed runs.
let hlsParseSpeedBenchmark = Benchmark(
  name: "hls-parse-speed",
  summary: "Playlist.parse and segment iteration MB/s vs a memchr line scan and quick-m3u8"
) { directory in
  let path = directory + "/dvr-ll.m3u8"
  guard let data = FileManager.default.contents(atPath: path) else {
    print("hls-parse-speed: cannot read \(path)")
    return
  }
  let bytes = [UInt8](data)
  let environment = ProcessInfo.processInfo.environment
  let iterations =
    environment["MANIFESTKIT_BENCH_ITERATIONS"].flatMap { Int($0) }
    ?? max(5, min(40, 150_000_000 / max(bytes.count, 1)))
  var segmentCount = 0
  var lineCount = 0
  let scan = ParseSpeed.time(iterations) { lineCount = ParseSpeed.memchrLines(bytes) }
  let parse = ParseSpeed.time(iterations) {
    if case .media(let media) = try? Playlist.parse(bytes) { segmentCount = media.segments.count }
  }
  var checksum = 0
  let iterate = ParseSpeed.time(iterations) {
    guard case .media(let media) = try? Playlist.parse(bytes) else { return }
    for segment in media.segments {
      let sequences = Int(
        truncatingIfNeeded: segment.mediaSequence &+ segment.discontinuitySequence)
      let counts = segment.uri.utf8.count &+ segment.keys.count &+ (segment.map == nil ? 0 : 1)
      checksum &+= sequences &+ counts &+ (segment.programDateTime?.fractionDigits ?? 0)
    }
  }
  let mb = Double(bytes.count) / 1e6
  print(
    "hls-parse-speed: \(path): \(bytes.count) bytes, \(lineCount) lines, \(segmentCount) "
      + "segments, best and median of \(iterations) (checksum \(checksum % 1000))")
  func line(_ name: String, _ t: (best: Double, median: Double)) {
    print(
      String(
        format: "hls-parse-speed:   %@ best %8.2f ms %6.0f MB/s, median %8.2f ms %6.0f MB/s",
        name.padding(toLength: 26, withPad: " ", startingAt: 0), t.best * 1e3, mb / t.best,
        t.median * 1e3, mb / t.median))
  }
  line("memchr line scan (floor)", scan)
  line("Playlist.parse", parse)
  line("parse + every Segment", iterate)
  let anchor = environment["QUICK_M3U8_BENCH"].flatMap {
    ParseSpeed.quickM3U8($0, path, iterations)
  }
  if let anchor {
    line("quick-m3u8 all tags", anchor.parse)
    line("quick-m3u8 segments", anchor.segments)
  } else {
    print("hls-parse-speed:   quick-m3u8 not run (set QUICK_M3U8_BENCH, see docs/benchmarks.md)")
  }
  let parseRate = mb / parse.best
  let iterateRate = mb / iterate.best
  print(
    String(
      format: "hls-parse-speed: parse %.0f MB/s (target ≥ 1000 at scale 1), %.2f× the memchr "
        + "floor's time; parse + segments %.0f MB/s (target ≥ 600, %@)", parseRate,
      parse.best / scan.best, iterateRate, iterateRate >= 600 ? "meets" : "MISSES"))
  if let anchor {
    let ratio = anchor.segments.best / iterate.best
    print(
      String(
        format: "hls-parse-speed: parse + segments is %.2f× quick-m3u8's segment iterator "
          + "(best vs best; target ≥ 2×, %@); parse is %.2f× quick-m3u8 all tags",
        ratio, ratio >= 2 ? "meets" : "MISSES", anchor.parse.best / parse.best))
  }
}

/// One untimed parse of dvr-ll.m3u8, for `valgrind --tool=callgrind` or `perf`: with
/// `--toggle-collect='$s3HLS8PlaylistO5parse*'` callgrind counts the parse alone (see
/// docs/benchmarks.md), instructions per input byte being the figure that does not depend on
/// the load. `MANIFESTKIT_BENCH_SEGMENTS=1` also reads every resolved segment inside the count.
let hlsParseOnceBenchmark = Benchmark(
  name: "hls-parse-once",
  summary: "one parse of dvr-ll.m3u8, untimed (for callgrind or perf)"
) { directory in
  let path = directory + "/dvr-ll.m3u8"
  guard let data = FileManager.default.contents(atPath: path) else {
    print("hls-parse-once: cannot read \(path)")
    return
  }
  let bytes = [UInt8](data)
  let withSegments = ProcessInfo.processInfo.environment["MANIFESTKIT_BENCH_SEGMENTS"] == "1"
  let count = ParseSpeed.parseOnce(bytes, withSegments: withSegments)
  print("hls-parse-once: \(bytes.count) bytes, \(count) segments")
}

/// Timing and the anchors of `hls-parse-speed`.
enum ParseSpeed {
  /// Best and median wall time in seconds of `iterations` runs after one warm-up.
  static func time(_ iterations: Int, _ body: () -> Void) -> (best: Double, median: Double) {
    body()
    var times: [Double] = []
    for _ in 0..<max(iterations, 1) {
      let start = DispatchTime.now().uptimeNanoseconds
      body()
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    times.sort()
    return (times[0], times[times.count / 2])
  }

  /// The number of lines found by a `memchr` loop over `bytes`: the least any line parser does.
  static func memchrLines(_ bytes: [UInt8]) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return 0 }
      var count = 0
      var p = base
      let end = base + buffer.count
      while p < end, let found = memchr(p, 0x0A, end - p) {
        count += 1
        p = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) + 1
      }
      return count
    }
  }

  /// Parses once (and reads every segment when asked); a function of its own, so callgrind can
  /// collect from it alone with `--toggle-collect='*ParseSpeed*parseOnce*'`.
  @inline(never)
  static func parseOnce(_ bytes: [UInt8], withSegments: Bool) -> Int {
    guard case .media(let media) = try? Playlist.parse(bytes) else { return 0 }
    guard withSegments else { return media.segments.count }
    var checksum = 0
    for segment in media.segments { checksum &+= segment.uri.utf8.count }
    return checksum > 0 ? media.segments.count : 0
  }

  /// Runs the quick-m3u8 bench binary (`BIN FILE ITERATIONS`, printing `parse BEST MEDIAN` and
  /// `segments BEST MEDIAN` in seconds); `nil` when it does not run.
  static func quickM3U8(_ binary: String, _ path: String, _ iterations: Int) -> (
    parse: (best: Double, median: Double), segments: (best: Double, median: Double)
  )? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = [path, String(iterations)]
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { return nil }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    var times: [String: (best: Double, median: Double)] = [:]
    for row in String(decoding: output, as: UTF8.self).split(separator: "\n") {
      let fields = row.split(separator: " ")
      guard fields.count >= 3, let best = Double(fields[1]), let median = Double(fields[2])
      else { continue }
      times[String(fields[0])] = (best, median)
    }
    guard let parse = times["parse"], let segments = times["segments"] else { return nil }
    return (parse, segments)
  }
}
