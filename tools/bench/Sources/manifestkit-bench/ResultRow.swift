import Foundation

/// One row of the results table. A benchmark prints it as one line starting with `@row ` and
/// a JSON object; `tools/bench/run.sh` collects those lines over every benchmark and scale and
/// `tools/bench/table.py` turns them into the table (docs/benchmarks.md, "Rows"). The name must
/// not depend on the scale: rows of one name at several scales give the fitted exponent.
struct ResultRow {
  /// How the anchor's time reads against ours.
  enum Comparison: String {
    /// Another tool doing the same work: the ratio is the anchor's time over ours (≥ target).
    case faster
    /// Our own baseline (parsing, `dump --json`): the ratio is our time over it (< target).
    case cost
  }

  var name: String
  /// Wall or CPU seconds of each run, as measured.
  var samples: [Double]
  /// The bytes of input one run reads, for MB/s and the fitted exponent.
  var inputBytes: Int? = nil
  /// Peak resident memory while the runs ran (the process's high-water mark, or the child's).
  var peakResidentBytes: Int? = nil
  var anchor: String? = nil
  var anchorSeconds: Double? = nil
  var comparison: Comparison = .faster
  var target: Double? = nil
  /// "cpu" when the samples are CPU time of this thread, else wall time.
  var clock = "wall"
  /// For a benchmark that sizes its own inputs (growth): log2 T(2N)/T(N), measured in process.
  var exponent: Double? = nil

  var median: Double {
    let sorted = samples.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
  }

  /// Prints the human line and the machine line.
  func emit() {
    var text = String(format: "%@: %@ median %.3f ms", name, clock, median * 1000)
    if let low = samples.min(), let high = samples.max(), samples.count > 1 {
      text += String(format: " (%.3f–%.3f, %d runs)", low * 1000, high * 1000, samples.count)
    }
    if let inputBytes, median > 0 {
      text += String(format: ", %.0f MB/s", Double(inputBytes) / median / 1e6)
    }
    if let peakResidentBytes {
      text += String(format: ", peak RSS %.1f MB", Double(peakResidentBytes) / 1e6)
    }
    if let anchor {
      if let anchorSeconds, median > 0 {
        let ratio = comparison == .faster ? anchorSeconds / median : median / anchorSeconds
        text += String(format: "; %@ %.3f ms, ratio %.2f×", anchor, anchorSeconds * 1000, ratio)
        if let target {
          let meets = comparison == .faster ? ratio >= target : ratio < target
          text += String(
            format: " (target %@ %g×, %@)", comparison == .faster ? "≥" : "<", target,
            meets ? "meets" : "MISSES")
        }
      } else {
        text += "; \(anchor) not run"
      }
    }
    if let exponent { text += String(format: ", exponent %.2f", exponent) }
    print(text)
    emitMachineLine()
  }

  /// Prints only the `@row` line (for benchmarks that print their own human line).
  func emitMachineLine() {
    var object: [String: Any] = ["name": name, "samples": samples, "clock": clock]
    object["bytes"] = inputBytes
    object["rss"] = peakResidentBytes
    object["anchor"] = anchor
    object["anchor_seconds"] = anchorSeconds
    object["comparison"] = comparison.rawValue
    object["target"] = target
    object["exponent"] = exponent
    if let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) {
      print("@row " + String(decoding: data, as: UTF8.self))
    }
  }
}
