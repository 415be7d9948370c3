import Foundation

/// `m3u8-tool ads --rewrite daterange` against `m3u8-tool format` as whole processes on
/// `dvr-ll.m3u8` (43,200 LL-HLS segments, 72 breaks each marked in DATERANGE,
/// EXT-OATCLS-SCTE35 and CUE-OUT with a CONT on every ad segment); target: rewrite under 2×
/// format (issue 15 item 7).
let adsRewriteBenchmark = Benchmark(
  name: "ads-rewrite",
  summary: "m3u8-tool ads --rewrite daterange vs format (dvr-ll), target < 2×"
) { directory in
  let tool = Harness.toolPath("m3u8-tool")
  let path = directory + "/dvr-ll.m3u8"
  guard FileManager.default.fileExists(atPath: path) else {
    print("ads-rewrite: dvr-ll.m3u8 missing in \(directory)")
    return
  }
  guard
    let rewrite = Harness.processMedian(
      [tool, "ads", "--rewrite", "daterange", path], iterations: 15),
    let format = Harness.processMedian([tool, "format", path], iterations: 15)
  else {
    print("ads-rewrite: \(tool) failed on dvr-ll.m3u8 (swift build -c release first)")
    return
  }
  let ratio = rewrite / format
  print(
    String(
      format: "ads --rewrite daterange dvr-ll.m3u8: %.2f ms, format %.2f ms, ratio %.2f× "
        + "(target < 2×, %@)",
      rewrite * 1000, format * 1000, ratio, ratio < 2 ? "meets" : "MISSES"))
}
