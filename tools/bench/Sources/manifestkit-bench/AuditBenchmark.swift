import Audit
import Foundation
import HLS

/// `m3u8-tool audit` against `m3u8-tool dump --json` as whole processes on `dvr-ll.m3u8`
/// (43,200 segments at scale 1, LL-HLS, key rotation, 72 CUE-OUT breaks): target audit under
/// 3× dump. Also `Audit.run` in process, every rule on, against the parse alone, for where the
/// time goes.
let auditBenchmark = Benchmark(
  name: "audit",
  summary: "m3u8-tool audit vs dump --json on dvr-ll (whole processes), target < 3×"
) { directory in
  let path = directory + "/dvr-ll.m3u8"
  guard let data = FileManager.default.contents(atPath: path) else {
    print("audit: cannot read \(path)")
    return
  }
  var bytes = [UInt8](data)
  var count = 0
  let parse = Harness.median(iterations: 15) { _ = try? Playlist.parse(bytes) }
  var inProcess = Harness.measure(
    "Audit.run dvr-ll (in process)", inputBytes: bytes.count, iterations: 15
  ) {
    if let playlist = try? Playlist.parse(bytes) { count = Audit.run(playlist).count }
  }
  print("audit: \(count) findings")
  inProcess.anchor = "Playlist.parse"
  inProcess.anchorSeconds = parse
  inProcess.comparison = .cost
  inProcess.emit()
  bytes = []
  let tool = Harness.toolPath("m3u8-tool")
  guard
    var audit = Harness.measureProcess(
      "m3u8-tool audit dvr-ll", [tool, "audit", path], inputBytes: data.count, iterations: 15)
  else {
    print("audit: \(tool) failed (swift build -c release first)")
    return
  }
  audit.anchor = "dump --json"
  audit.comparison = .cost
  audit.target = 3
  audit.anchorSeconds = Harness.processMedian([tool, "dump", "--json", path], iterations: 15)
  audit.emit()
}
