import Foundation

/// `m3u8-tool ads --rewrite daterange` and `m3u8-tool format` as whole processes on
/// `dvr-ll.m3u8` (43,200 LL-HLS segments at scale 1, 72 breaks each marked in DATERANGE,
/// EXT-OATCLS-SCTE35 and CUE-OUT with a CONT on every ad segment); target: rewrite under 2×
/// format (issue 15 item 7). Format has its own row: its peak memory is issue 18 item 4's.
let adsRewriteBenchmark = Benchmark(
  name: "ads-rewrite",
  summary: "m3u8-tool ads --rewrite daterange vs format (dvr-ll), target < 2×"
) { directory in
  let tool = Harness.toolPath("m3u8-tool")
  let path = directory + "/dvr-ll.m3u8"
  guard let size = Harness.fileSize(path) else {
    print("ads-rewrite: dvr-ll.m3u8 missing in \(directory)")
    return
  }
  guard
    var rewrite = Harness.measureProcess(
      "m3u8-tool ads --rewrite daterange dvr-ll", [tool, "ads", "--rewrite", "daterange", path],
      inputBytes: size, iterations: 15),
    let format = Harness.measureProcess(
      "m3u8-tool format dvr-ll", [tool, "format", path], inputBytes: size, iterations: 15)
  else {
    print("ads-rewrite: \(tool) failed on dvr-ll.m3u8 (swift build -c release first)")
    return
  }
  format.emit()
  rewrite.anchor = "format"
  rewrite.comparison = .cost
  rewrite.target = 2
  rewrite.anchorSeconds = format.median
  rewrite.emit()
}
