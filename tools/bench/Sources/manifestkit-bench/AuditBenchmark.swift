import Audit
import Foundation
import HLS

/// `m3u8-tool audit` against `m3u8-tool dump --json` as whole processes on `dvr-ll.m3u8`
/// (43,200 segments, LL-HLS, key rotation, 72 CUE-OUT breaks): target audit under 3× dump.
/// Also `Audit.run` in process, every rule on, for where the time goes.
let auditBenchmark = Benchmark(
  name: "audit",
  summary: "m3u8-tool audit vs dump --json on dvr-ll (whole processes), target < 3×"
) { directory in
  let path = directory + "/dvr-ll.m3u8"
  guard let data = FileManager.default.contents(atPath: path) else {
    print("audit: cannot read \(path)")
    return
  }
  let bytes = [UInt8](data)
  var count = 0
  let parse = Harness.median(iterations: 15) { _ = try? Playlist.parse(bytes) }
  let inProcess = Harness.median(iterations: 15) {
    if let playlist = try? Playlist.parse(bytes) { count = Audit.run(playlist).count }
  }
  print(
    String(
      format: "audit: Audit.run on dvr-ll.m3u8 in process %.2f ms (parse %.2f ms of it), "
        + "%d findings", inProcess * 1000, parse * 1000, count))
  let tool = Harness.toolPath("m3u8-tool")
  guard let audit = Harness.processMedian([tool, "audit", path], iterations: 15),
    let dump = Harness.processMedian([tool, "dump", "--json", path], iterations: 15)
  else {
    print("audit: \(tool) failed (swift build -c release first)")
    return
  }
  let ratio = audit / dump
  print(
    String(
      format: "audit: m3u8-tool audit %.2f ms, dump --json %.2f ms, ratio %.2f× (target < 3×, %@)",
      audit * 1000, dump * 1000, ratio, ratio < 3 ? "meets" : "MISSES"))
}
