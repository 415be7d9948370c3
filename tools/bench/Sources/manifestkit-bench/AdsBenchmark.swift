import Foundation

/// `m3u8-tool ads --format json` against `m3u8-tool dump --json` as whole processes on
/// `dvr-ll.m3u8` (LL-HLS, DATERANGE + EXT-OATCLS-SCTE35 + CUE-OUT breaks) and
/// `beacons-vod.m3u8` (beacon pods); target: ads under 2× dump. Peak memory of each is the
/// child's `ru_maxrss` (issue 18 item 4: ≤ 2.5× the input at scale 100).
let adsBenchmark = Benchmark(
  name: "ads",
  summary: "m3u8-tool ads --format json vs dump --json (dvr-ll, beacons-vod), target < 2×"
) { directory in
  let tool = Harness.toolPath("m3u8-tool")
  for name in ["dvr-ll.m3u8", "beacons-vod.m3u8"] {
    let path = directory + "/" + name
    guard let size = Harness.fileSize(path) else {
      print("ads: \(name) missing in \(directory)")
      continue
    }
    guard
      var ads = Harness.measureProcess(
        "m3u8-tool ads --format json \(name)", [tool, "ads", "--format", "json", path],
        inputBytes: size, iterations: 15)
    else {
      print("ads: \(tool) failed on \(name) (swift build -c release first)")
      continue
    }
    ads.anchor = "dump --json"
    ads.comparison = .cost
    ads.target = 2
    ads.anchorSeconds = Harness.processMedian([tool, "dump", "--json", path], iterations: 15)
    ads.emit()
  }
}
