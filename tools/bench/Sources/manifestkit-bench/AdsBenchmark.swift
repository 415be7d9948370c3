import Foundation

/// `m3u8-tool ads --format json` against `m3u8-tool dump --json` as whole processes on
/// `dvr-ll.m3u8` (LL-HLS, DATERANGE + EXT-OATCLS-SCTE35 + CUE-OUT breaks) and
/// `beacons-vod.m3u8` (beacon pods); target: ads under 2× dump.
let adsBenchmark = Benchmark(
  name: "ads",
  summary: "m3u8-tool ads --format json vs dump --json (dvr-ll, beacons-vod), target < 2×"
) { directory in
  let tool = Harness.toolPath("m3u8-tool")
  for name in ["dvr-ll.m3u8", "beacons-vod.m3u8"] {
    let path = directory + "/" + name
    guard FileManager.default.fileExists(atPath: path) else {
      print("ads: \(name) missing in \(directory)")
      continue
    }
    guard
      let ads = Harness.processMedian([tool, "ads", "--format", "json", path], iterations: 15),
      let dump = Harness.processMedian([tool, "dump", "--json", path], iterations: 15)
    else {
      print("ads: \(tool) failed on \(name) (swift build -c release first)")
      continue
    }
    let ratio = ads / dump
    print(
      String(
        format: "ads --format json %@: %.2f ms, dump --json %.2f ms, ratio %.2f× "
          + "(target < 2×, %@)",
        name, ads * 1000, dump * 1000, ratio, ratio < 2 ? "meets" : "MISSES"))
  }
}
