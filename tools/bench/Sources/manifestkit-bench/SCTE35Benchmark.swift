import Foundation
import ManifestCore
import SCTE35

/// Decoding every payload of scte35.b64 (one base64 splice_info_section per line, 20,000 at
/// scale 1): ours in process against `threefive.Cue(line).decode()` (target ≥ 150×) and
/// against Comcast/scte35-go's `scte35.DecodeBase64` (target ≥ 2×), the latter timed by a Go
/// program built outside the project and named by `SCTE35_GO_BENCH` (docs/benchmarks.md).
let scte35Benchmark = Benchmark(
  name: "scte35",
  summary: "decode scte35.b64 vs threefive (≥ 150×) and Comcast/scte35-go (≥ 2×)"
) { directory in
  let path = directory + "/scte35.b64"
  guard let data = FileManager.default.contents(atPath: path) else {
    print("scte35: cannot read \(path)")
    return
  }
  let bytes = [UInt8](data)
  // The non-empty lines without their LF or CRLF, as the anchors' `strip()` keeps them.
  let lines = bytes.split(separator: 0x0A).map { line in
    line.startIndex..<(line.last == 0x0D ? line.endIndex - 1 : line.endIndex)
  }
  var decoded = 0
  var failed = 0
  var row = Harness.measure("scte35 decode", inputBytes: bytes.count, iterations: 51, cpu: true) {
    decoded = 0
    failed = 0
    for line in lines {
      let result = SpliceInfoSection.decode(text: bytes, line)
      if result.succeeded { decoded += 1 } else { failed += 1 }
    }
  }
  print("scte35: \(lines.count) payloads, \(decoded) decoded, \(failed) failed")
  let script = """
    import sys, time, threefive
    lines = [l.strip() for l in open(sys.argv[1]) if l.strip()]
    times = []
    for _ in range(5):
        t = time.process_time()
        for l in lines:
            threefive.Cue(l).decode()
        times.append(time.process_time() - t)
    times.sort()
    print(times[len(times) // 2])
    """
  row.anchor = "threefive"
  row.anchorSeconds = Harness.python(script, arguments: [path])
  row.target = 150
  row.emit()
  row.anchor = "scte35-go"
  row.anchorSeconds = goAnchor(path, runs: bytes.count > 5_000_000 ? 5 : 21)
  row.target = 2
  row.name = "scte35 decode vs Go"
  row.emit()
}

/// The median seconds the Go program at `SCTE35_GO_BENCH` measured for decoding every line of
/// `path` (it prints the time of each of its runs), or nil when it is not set or fails.
private func goAnchor(_ path: String, runs: Int) -> Double? {
  guard let program = ProcessInfo.processInfo.environment["SCTE35_GO_BENCH"], !program.isEmpty
  else {
    print("scte35: SCTE35_GO_BENCH not set, Comcast/scte35-go not run (docs/benchmarks.md)")
    return nil
  }
  guard let text = Harness.capture([program, path, String(runs)]) else { return nil }
  let times = text.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
  return times.isEmpty ? nil : Harness.median(of: times)
}
