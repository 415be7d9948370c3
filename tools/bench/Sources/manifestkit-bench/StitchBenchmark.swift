import Foundation
import HLS
import Stitching

/// `Stitcher` on a 5-variant ladder of `dvr-ll.m3u8` (at scale 1: 43,200 LL-HLS segments each,
/// key rotation, 72 CUE-OUT + DATERANGE breaks of 30 s): every break replaced by a 30 s fMP4 ad,
/// against parsing the five playlists; target: stitching under 3× parsing (issue 14 item 8).
/// Also printed: the breaks stitched and the page faults of one run of each side (the gap
/// between the CPU-time ratio and the instruction ratio).
let stitchBenchmark = Benchmark(
  name: "stitch",
  summary: "Stitcher: every break of a 5-variant dvr-ll ladder replaced vs parsing it, < 3×"
) { directory in
  guard let workload = StitchWorkload(directory) else { return }
  let (content, files, stitcher, loader) =
    (workload.content, workload.files, workload.stitcher, workload.loader)
  let cueIn = Array("#EXT-X-CUE-IN".utf8)
  let breaks = content.split(separator: 0x0A).count { $0.starts(with: cueIn) }
  var outputs = 0
  var failed = false
  // Page faults over every run, the warm-ups included (one `getrusage` a run on each side).
  var faults = (stitch: 0, parse: 0)
  func stitch() {
    let before = Harness.minorPageFaults()
    let result = stitcher.stitch(
      content: StitchWorkload.master, output: "out", planLocation: "plan.json", loader: loader)
    outputs = result.playlists.count
    failed = result.failed
    faults.stitch += Harness.minorPageFaults() - before
  }
  func parse() {
    let before = Harness.minorPageFaults()
    for i in 0..<5 { _ = try? Playlist.parse(files["ladder/v\(i)/live.m3u8"] ?? []) }
    faults.parse += Harness.minorPageFaults() - before
  }
  // The two sides take turns, one warm-up and one timed run each, so a change in the load of
  // the shared machine meets both (timed one after the other, the ratio measured the load);
  // each timed run still follows a run of its own side, as before.
  let runs = 5
  var samples = (stitch: [Double](), parse: [Double]())
  Harness.resetPeakResident()
  for _ in 0..<runs {
    samples.stitch += Harness.samples(iterations: 1, cpu: true, stitch)
    samples.parse += Harness.samples(iterations: 1, cpu: true, parse)
  }
  var row = ResultRow(
    name: "Stitcher: every break replaced, 5 dvr-ll variants", samples: samples.stitch,
    inputBytes: 5 * content.count, peakResidentBytes: Harness.peakResidentSinceReset(),
    clock: "cpu")
  guard !failed, outputs == 6 else {
    print("stitch: the stitch failed")
    return
  }
  row.anchor = "parsing the 5"
  row.anchorSeconds = Harness.median(of: samples.parse)
  row.comparison = .cost
  row.target = 3
  row.emit()
  print(
    "stitch: 5 × \(content.count) bytes, \(breaks) breaks each; page faults per run: stitch "
      + "\(faults.stitch / (2 * runs)), parsing \(faults.parse / (2 * runs))")
}

/// One untimed stitch of the `stitch` benchmark's ladder, its outputs written under
/// `./stitch-once` (to compare two builds' bytes, or to profile one stitch).
let stitchOnceBenchmark = Benchmark(
  name: "stitch-once",
  summary: "one stitch of the stitch benchmark's ladder, untimed, saved in ./stitch-once",
  kind: .manual
) { directory in
  guard let workload = StitchWorkload(directory) else { return }
  let result = workload.stitcher.stitch(
    content: StitchWorkload.master, output: "out", planLocation: "plan.json",
    loader: workload.loader)
  let root = FileManager.default.currentDirectoryPath + "/stitch-once/"
  for playlist in result.playlists {
    let path = root + playlist.name
    try? FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: path, contents: Data(playlist.bytes))
  }
  print("stitch-once: \(result.playlists.count) playlists written to \(root)")
}

/// The `stitch` benchmark's inputs: a master playlist naming five copies of `dvr-ll.m3u8`, one
/// 30 s fMP4 ad (start and complete beacons) and a plan that fills every marked break with it.
struct StitchWorkload {
  static let master = "ladder/master.m3u8"
  let content: [UInt8]
  let files: [String: [UInt8]]
  let stitcher: Stitcher
  let loader: BenchLoader

  /// The workload of `directory`, or `nil` (with a line on standard output).
  init?(_ directory: String) {
    let path = directory + "/dvr-ll.m3u8"
    guard let data = FileManager.default.contents(atPath: path) else {
      print("stitch: cannot read \(path)")
      return nil
    }
    content = [UInt8](data)
    var files: [String: [UInt8]] = [:]
    var master = "#EXTM3U\n#EXT-X-VERSION:9\n#EXT-X-INDEPENDENT-SEGMENTS\n"
    for (i, bandwidth) in [6_000_000, 4_000_000, 2_500_000, 1_200_000, 600_000].enumerated() {
      master +=
        "#EXT-X-STREAM-INF:BANDWIDTH=\(bandwidth),CODECS=\"avc1.640028,mp4a.40.2\"\n"
        + "v\(i)/live.m3u8\n"
      files["ladder/v\(i)/live.m3u8"] = content
    }
    files[Self.master] = Array(master.utf8)
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
      return nil
    }
    self.files = files
    stitcher = Stitcher(plan: plan)
    loader = BenchLoader(files: files)
  }
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
