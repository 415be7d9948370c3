import Foundation
import HLS
import Stitching

/// `Stitcher` on a 5-variant ladder of `dvr-ll.m3u8` (43,200 LL-HLS segments each, key rotation,
/// 72 CUE-OUT + DATERANGE breaks of 30 s): all 72 breaks replaced by a 30 s fMP4 ad, against
/// parsing the five playlists; target: stitching under 3× parsing (issue 14 item 8).
let stitchBenchmark = Benchmark(
  name: "stitch",
  summary: "Stitcher: 72 replace-mode breaks into a 5-variant dvr-ll ladder vs parsing it, < 3×"
) { directory in
  let path = directory + "/dvr-ll.m3u8"
  guard let data = FileManager.default.contents(atPath: path) else {
    print("stitch: cannot read \(path)")
    return
  }
  let content = [UInt8](data)
  var files: [String: [UInt8]] = [:]
  var master = "#EXTM3U\n#EXT-X-VERSION:9\n#EXT-X-INDEPENDENT-SEGMENTS\n"
  for (i, bandwidth) in [6_000_000, 4_000_000, 2_500_000, 1_200_000, 600_000].enumerated() {
    master +=
      "#EXT-X-STREAM-INF:BANDWIDTH=\(bandwidth),CODECS=\"avc1.640028,mp4a.40.2\"\nv\(i)/live.m3u8\n"
    files["ladder/v\(i)/live.m3u8"] = content
  }
  files["ladder/master.m3u8"] = Array(master.utf8)
  var ad = "#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-TARGETDURATION:2\n#EXT-X-PLAYLIST-TYPE:VOD\n"
  ad += "#EXT-X-INDEPENDENT-SEGMENTS\n#EXT-X-MAP:URI=\"init.mp4\"\n"
  for i in 0..<15 { ad += "#EXTINF:2.000,\nad\(i).m4s\n" }
  files["ads/spot.m3u8"] = Array((ad + "#EXT-X-ENDLIST\n").utf8)
  let planText =
    #"{"breaks":[{"at":"markers","ads":[{"id":"spot","playlist":"ads/spot.m3u8","#
    + #""tracking":[{"event":"start","url":"https://t.example.com/s"},"#
    + #"{"event":"complete","url":"https://t.example.com/c"}]}]}]}"#
  guard let plan = StitchPlan.parse(Array(planText.utf8), file: "plan.json").plan else {
    print("stitch: the plan does not read")
    return
  }
  let loader = BenchLoader(files: files)
  let stitcher = Stitcher(plan: plan)
  var outputs = 0
  var failed = false
  var row = Harness.measure(
    "Stitcher 72 breaks × 5 dvr-ll variants", inputBytes: 5 * content.count, iterations: 5,
    cpu: true
  ) {
    let result = stitcher.stitch(
      content: "ladder/master.m3u8", output: "out", planLocation: "plan.json", loader: loader)
    outputs = result.playlists.count
    failed = result.failed
  }
  let parse = Harness.cpuMedian(iterations: 5) {
    for i in 0..<5 { _ = try? Playlist.parse(files["ladder/v\(i)/live.m3u8"] ?? []) }
  }
  guard !failed, outputs == 6 else {
    print("stitch: the stitch failed")
    return
  }
  row.anchor = "parsing the 5"
  row.anchorSeconds = parse
  row.comparison = .cost
  row.target = 3
  row.emit()
  let stitch = row.median
  let ratio = stitch / parse
  print(
    String(
      format: "stitch: 5 × %d bytes, 72 breaks each: %.1f ms CPU, parsing them %.1f ms, "
        + "ratio %.2f× (target < 3×, %@)",
      content.count, stitch * 1000, parse * 1000, ratio, ratio < 3 ? "meets" : "MISSES"))
}

/// The workload in memory.
struct BenchLoader: PlaylistLoader {
  let files: [String: [UInt8]]

  func bytes(at location: String) throws(PlaylistLoadError) -> [UInt8] {
    guard let bytes = files[location] else {
      throw PlaylistLoadError(location: location, reason: "not in the workload")
    }
    return bytes
  }
}
