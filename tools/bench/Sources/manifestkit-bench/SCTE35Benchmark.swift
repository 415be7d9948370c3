import Foundation
import ManifestCore
import SCTE35

/// Decoding every payload of scte35.b64 (one base64 splice_info_section per line): ours in
/// process against `threefive.Cue(line).decode()`, target at least 100× faster.
let scte35Benchmark = Benchmark(
  name: "scte35",
  summary: "decode scte35.b64 (20,000 payloads) vs threefive, target ≥ 100×"
) { directory in
  let path = directory + "/scte35.b64"
  guard let data = FileManager.default.contents(atPath: path) else {
    print("scte35: cannot read \(path)")
    return
  }
  let bytes = [UInt8](data)
  // The non-empty lines without their LF or CRLF, as the anchor's `l.strip()` keeps them.
  let lines = bytes.split(separator: 0x0A).map { line in
    line.startIndex..<(line.last == 0x0D ? line.endIndex - 1 : line.endIndex)
  }
  var decoded = 0
  var failed = 0
  // Enough runs that the median spans a window comparable with the anchor's.
  let ours = Harness.median(iterations: 51) {
    decoded = 0
    failed = 0
    for line in lines {
      let result = SpliceInfoSection.decode(text: bytes, line)
      if result.succeeded { decoded += 1 } else { failed += 1 }
    }
  }
  let script = """
    import sys, time, threefive
    lines = [l.strip() for l in open(sys.argv[1]) if l.strip()]
    times = []
    for _ in range(5):
        t = time.perf_counter()
        for l in lines:
            threefive.Cue(l).decode()
        times.append(time.perf_counter() - t)
    times.sort()
    print(times[len(times) // 2])
    """
  let anchor = Harness.python(script, arguments: [path])
  print("scte35: \(decoded) payloads decoded, \(failed) failed")
  Harness.report(
    "scte35 decode (\(lines.count) payloads)", ours: ours, anchor: anchor,
    anchorName: "threefive", target: 100)
}
