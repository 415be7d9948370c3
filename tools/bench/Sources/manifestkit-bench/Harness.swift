import Foundation

/// Timing helpers shared by every benchmark: in-process timing of library calls, whole-process
/// timing of our tools, and the Python anchors timed by Python itself on the same input.
enum Harness {
  /// Median wall time in seconds of `iterations` runs of `body` (after one warm-up run; fewer
  /// past the time budget); `setup` runs before each, off the clock.
  static func median(iterations: Int, setup: () -> Void = {}, _ body: () -> Void) -> Double {
    median(of: samples(iterations: iterations, setup: setup, body))
  }

  /// Median CPU time in seconds of this thread over `iterations` runs of `body` (after one
  /// warm-up run; fewer past the time budget; `setup` runs before each, off the clock): unlike
  /// wall time, not stretched by other processes on a busy machine.
  static func cpuMedian(iterations: Int, setup: () -> Void = {}, _ body: () -> Void) -> Double {
    median(of: samples(iterations: iterations, cpu: true, setup: setup, body))
  }

  /// Median wall time in seconds of running `arguments` as a process `iterations` times (fewer
  /// past the time budget), with standard output discarded. Returns `nil` when the process
  /// cannot be started or fails, or is a Python anchor and those are off.
  static func processMedian(_ arguments: [String], stdin: String? = nil, iterations: Int) -> Double?
  {
    processSamples(arguments, stdin: stdin, iterations: iterations).map { median(of: $0.samples) }
  }

  /// Runs `script` with `python3`, passing `arguments`; the script prints one number, the
  /// median seconds it measured itself. Returns `nil` (with a note on stderr) when it fails.
  static func python(_ script: String, arguments: [String]) -> Double? {
    guard pythonAnchors else { return nil }
    let output = capture(["python3", "-c", script] + arguments)
    guard let text = output,
      let seconds = Double(text.trimmingCharacters(in: .whitespacesAndNewlines))
    else {
      FileHandle.standardError.write(
        Data(
          "python anchor failed (pip install m3u8 threefive pysubs2 srt webvtt-py ttconv)\n".utf8))
      return nil
    }
    return seconds
  }

  /// Runs a process and returns its exit status, or `nil` when it cannot start.
  static func runProcess(_ arguments: [String], stdin: String? = nil) -> Int32? {
    spawn(arguments, stdin: stdin)?.0
  }

  /// Runs a process and returns its standard output, or `nil` when it fails.
  static func capture(_ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// Peak resident memory of this process so far, in bytes.
  static func peakResidentBytes() -> Int {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return usage.ru_maxrss * 1024
  }

  /// Minor page faults of this process so far (memory touched for the first time).
  static func minorPageFaults() -> Int {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return usage.ru_minflt
  }

  /// Prints one result row: what was measured, both times, and the ratio against the target.
  static func report(
    _ name: String, ours: Double, anchor: Double?, anchorName: String, target: Double
  ) {
    ResultRow(
      name: name, samples: [ours], anchor: anchorName, anchorSeconds: anchor, target: target
    )
    .emitMachineLine()
    let oursText = String(format: "%.2f ms", ours * 1000)
    guard let anchor else {
      print("\(name): ours \(oursText); \(anchorName) unavailable")
      return
    }
    let ratio = anchor / ours
    let verdict = ratio >= target ? "meets" : "MISSES"
    print(
      String(
        format: "%@: ours %@, %@ %.2f ms, ratio %.1f× (target ≥ %.0f×, %@)",
        name, oursText, anchorName, anchor * 1000, ratio, target, verdict))
  }

  /// The path of a built tool in the main package's release build directory.
  static func toolPath(_ name: String) -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../../../.build/release/\(name)").standardized.path
    return root
  }
}
