import Foundation
import HLS
import ManifestCore

/// Writing HLS from typed values: a 43,200-segment media playlist of dvr-ll.m3u8's shape (2 s
/// segments, a date-time on each, FairPlay and Widevine keys rotated every hour, a SCTE-35
/// DATERANGE break with CUE-OUT/CONT/IN every 20 minutes, LL-HLS parts on the live edge) built
/// and written by `PlaylistWriter`, in MB/s of output; and one append to a `LiveMediaPlaylist`
/// window of 43,200 and of 86,400 segments, which should take the same time.
let hlsWriteBenchmark = Benchmark(
  name: "hls-write",
  summary: "PlaylistWriter MB/s on a dvr-ll-shaped playlist; LiveMediaPlaylist append at N and 2N",
  kind: .fixed
) { _ in
  let count = 43_200
  var built = MediaPlaylistBuilder()
  // The playlist of the run before is dropped off the clock: its teardown is not the build.
  let drop = { built = MediaPlaylistBuilder() }
  let build = Harness.median(iterations: 9, setup: drop) { built = DVRShape.playlist(count) }
  var output: [UInt8] = []
  let write = Harness.median(iterations: 15) {
    output = (try? PlaylistWriter.write(built)) ?? []
  }
  let both = build + write
  // CPU time of this thread too: on a loaded machine wall time counts the waits for a core.
  let cpuBuild = Harness.cpuMedian(iterations: 9, setup: drop) {
    built = DVRShape.playlist(count)
  }
  let cpuWrite = Harness.cpuMedian(iterations: 15) {
    output = (try? PlaylistWriter.write(built)) ?? []
  }
  guard case .media(let media)? = try? Playlist.parse(output) else {
    print("hls-write: the written playlist does not parse")
    return
  }
  print(
    "hls-write: \(output.count) bytes, \(media.segments.count) segments, "
      + "\(media.dateRanges.count) date ranges, \(media.keys.count) key tags")
  let throughput = Double(output.count) / both / 1e6
  print(
    String(
      format:
        "hls-write: build %.1f ms + write %.1f ms: %.0f MB/s of output (write alone %.0f MB/s)"
        + " (target ≥ 300 MB/s, %@)", build * 1e3, write * 1e3, throughput,
      Double(output.count) / write / 1e6, throughput >= 300 ? "meets" : "MISSES"))
  print(
    String(
      format: "hls-write: CPU time: build %.1f ms + write %.1f ms: %.0f MB/s of output (write "
        + "alone %.0f MB/s)", cpuBuild * 1e3, cpuWrite * 1e3,
      Double(output.count) / (cpuBuild + cpuWrite) / 1e6, Double(output.count) / cpuWrite / 1e6))

  let hours = (0...(4 * count / 1800)).map { DVRShape.keys($0) }
  for n in [count, 2 * count] {
    var live = LiveMediaPlaylist(DVRShape.header())
    for i in 0..<n { try? live.append(DVRShape.segment(i, keys: hours[i / 1800])) }
    // The segments are made before the clock starts: only the appends (and expiries) are timed.
    var next = n
    func batches(_ size: Int) -> [[Segment]] {
      (0..<10).map { _ in
        (0..<size).map { _ in
          next += 1
          return DVRShape.segment(next - 1, keys: hours[(next - 1) / 1800])
        }
      }
    }
    // Appends alone: the window grows by 2,000 segments over the 10 batches (under 5%).
    let growing = batches(200)
    var batch = 0
    let append = Harness.median(iterations: 9) {
      for segment in growing[batch] { try? live.append(segment) }
      batch += 1
    }
    live.expire(keeping: n)
    // Appends with an expiry each: the window stays at n segments.
    let sliding = batches(2000)
    batch = 0
    let slide = Harness.median(iterations: 9) {
      for segment in sliding[batch] {
        try? live.append(segment)
        live.expire()
      }
      batch += 1
    }
    var bytes: [UInt8] = []
    let full = Harness.median(iterations: 9) { bytes = (try? live.bytes()) ?? [] }
    print(
      String(
        format: "hls-write: window of %d segments: append %.2f µs, append + expire %.2f µs each; "
          + "writing the window (%d bytes) %.2f ms", n, append / 200 * 1e6, slide / 2000 * 1e6,
        bytes.count, full * 1e3))
  }
}

/// The shape of gen_workloads.py's dvr-ll.m3u8, built from typed values.
enum DVRShape {
  static let start = DateTime(epochNanoseconds: 1_764_374_400_000_000_000)
  static let two = ExactDecimal(2)
  static let part = ExactDecimal(significand: 33334, scale: 5)
  static let out =
    "0xFC302500000000000000FFF01405000000017FEFFE00A5B1C0FE002932E000010000000016E46D2C"
  static let back = "0xFC302000000000000000FFF00F05000000017F4FFE00CEE4A00001000000005B6DAC5F"
  static let map = MediaInitializationSection(uri: "init-v1080.mp4")

  static func header() -> MediaPlaylistBuilder {
    MediaPlaylistBuilder(
      version: 9, targetDuration: 2, mediaSequence: 1_000_000, discontinuitySequence: 12,
      serverControl: ServerControl(
        canBlockReload: true, canSkipUntil: ExactDecimal(12), partHoldBack: ExactDecimal(1)),
      partInformation: PartInformation(partTarget: part))
  }

  static func keys(_ hour: Int) -> [EncryptionKey] {
    let kid = String(repeating: "0", count: 24) + String(format: "%08x", hour)
    return [
      EncryptionKey(
        method: .sampleAES, uri: "skd://\(kid)", keyFormat: "com.apple.streamingkeydelivery",
        keyFormatVersions: "1"),
      EncryptionKey(
        method: .sampleAESCTR, uri: "data:text/plain;base64,AAAAW3Bzc2g=",
        keyFormat:
          "urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed", keyFormatVersions: "1",
        keyID: "0x" + kid),
    ]
  }

  static func segment(_ i: Int, keys: [EncryptionKey]? = nil, parts: [PartialSegment] = [])
    -> Segment
  {
    Segment(
      uri: "seg_\(1_000_000 + i).m4s", duration: two,
      discontinuity: i % 600 == 300 || i % 600 == 315,
      programDateTime: start.adding(seconds: ExactDecimal(2 * i)),
      keys: keys ?? Self.keys(i / 1800), map: map, parts: parts)
  }

  static func playlist(_ count: Int) -> MediaPlaylistBuilder {
    var playlist = header()
    playlist.segments.reserveCapacity(count)
    var keys = Self.keys(0)
    for i in 0..<count {
      if i % 1800 == 0 { keys = Self.keys(i / 1800) }
      // The LL-HLS parts of the live edge.
      let parts =
        count - i > 3
        ? []
        : (0..<6).map {
          PartialSegment(
            uri: "seg_\(1_000_000 + i).part\($0).m4s", duration: part, independent: $0 % 3 == 0)
        }
      // A `let`, handed to `append` as its last use: moved into the builder, not copied.
      let s = segment(i, keys: keys, parts: parts)
      let phase = i % 600
      var ranges: [DateRange] = []
      var tags: [CustomTag] = []
      if phase == 300 {
        ranges.append(
          DateRange(
            id: "splice-\(i)", startDate: s.programDateTime, plannedDuration: ExactDecimal(30),
            scte35Out: out))
        tags.append(CustomTag(name: "EXT-X-CUE-OUT", value: "30.000"))
      } else if phase > 300 && phase < 315 {
        tags.append(
          CustomTag(
            name: "EXT-X-CUE-OUT-CONT",
            value: "ElapsedTime=\(2 * (phase - 300)).000,Duration=30.000"))
      } else if phase == 315 {
        ranges.append(
          DateRange(
            id: "splice-\(i - 15)", startDate: start.adding(seconds: ExactDecimal(2 * (i - 15))),
            endDate: s.programDateTime, duration: ExactDecimal(30), scte35In: back))
        tags.append(CustomTag(name: "EXT-X-CUE-IN"))
      }
      playlist.append(s, dateRanges: ranges, tags: tags)
    }
    let next = 1_000_000 + count
    playlist.pendingParts = [
      PartialSegment(uri: "seg_\(next).part0.m4s", duration: part, independent: true)
    ]
    playlist.preloadHints = [PreloadHint(type: "PART", uri: "seg_\(next).part1.m4s")]
    playlist.renditionReports = ["v720", "v540", "a128"].map {
      RenditionReport(uri: "../\($0)/live.m3u8", lastMediaSequence: UInt64(next), lastPart: 0)
    }
    return playlist
  }
}

/// One build and one write of `hls-write`'s playlist, untimed, saved as
/// WORKLOAD_DIR/hls-write.m3u8: the run to profile (`valgrind --tool=callgrind`, `perf record`)
/// for a figure that does not depend on the load, and the bytes to compare across changes.
let hlsWriteOnceBenchmark = Benchmark(
  name: "hls-write-once",
  summary: "one build + write of hls-write's playlist, untimed (for callgrind or perf)",
  kind: .manual
) { directory in
  let built = DVRShape.playlist(43_200)
  let output = (try? PlaylistWriter.write(built)) ?? []
  let path = directory + "/hls-write.m3u8"
  try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  let saved = FileManager.default.createFile(atPath: path, contents: Data(output))
  print("hls-write-once: \(output.count) bytes" + (saved ? " written to \(path)" : ""))
}
