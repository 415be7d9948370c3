import Foundation
import HLS

/// HLS parse speed and memory on dvr-ll.m3u8 (3.7 MB, 43,200 segments, LL-HLS, key rotation, ad
/// breaks) against Python `m3u8.loads`, and `m3u8-tool format` against
/// `m3u8.loads(...).dumps()` as whole processes.
let hlsParseBenchmark = Benchmark(
  name: "hls-parse",
  summary: "HLS parse (in-process, MB/s, peak memory) and m3u8-tool format vs Python m3u8"
) { directory in
  let path = directory + "/dvr-ll.m3u8"
  if ProcessInfo.processInfo.environment["MANIFESTKIT_BENCH_MEMORY_CHILD"] != nil {
    HLSParseMemory.measureInChild(path)
    return
  }
  guard let data = FileManager.default.contents(atPath: path) else {
    print("hls-parse: cannot read \(path)")
    return
  }
  let bytes = [UInt8](data)
  var segmentCount = 0
  let ours = Harness.median(iterations: 30) {
    if case .media(let media) = try? Playlist.parse(bytes) { segmentCount = media.segments.count }
  }
  let anchor = Harness.python(
    """
    import sys, time, m3u8
    text = open(sys.argv[1]).read()
    times = []
    for _ in range(5):
        t = time.perf_counter(); m3u8.loads(text); times.append(time.perf_counter() - t)
    times.sort(); print(times[len(times) // 2])
    """, arguments: [path])
  print("hls-parse: \(bytes.count) bytes, \(segmentCount) segments")
  Harness.report(
    "hls-parse: Playlist.parse vs m3u8.loads", ours: ours, anchor: anchor,
    anchorName: "m3u8.loads", target: 100)
  let throughput = Double(bytes.count) / ours / 1e6
  print(
    String(
      format: "hls-parse: throughput %.0f MB/s (target ≥ 300 MB/s, %@)", throughput,
      throughput >= 300 ? "meets" : "MISSES"))
  HLSParseMemory.report(directory: directory, inputSize: bytes.count)

  let tool = Harness.toolPath("m3u8-tool")
  let format = Harness.processMedian([tool, "format", path], iterations: 15)
  let pythonFormat = Harness.processMedian(
    [
      "python3", "-c",
      "import sys, m3u8; sys.stdout.write(m3u8.loads(open(sys.argv[1]).read()).dumps())", path,
    ], iterations: 3)
  if let format {
    Harness.report(
      "hls-parse: m3u8-tool format vs m3u8.loads().dumps() (whole processes)", ours: format,
      anchor: pythonFormat, anchorName: "python m3u8", target: 50)
  } else {
    print("hls-parse: \(tool) did not run (swift build -c release first)")
  }
}

/// Peak memory of one parse, measured in a child process so nothing else inflates it.
enum HLSParseMemory {
  /// Runs this benchmark again in a child and prints what it measured against the target.
  static func report(directory: String, inputSize: Int) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["hls-parse", directory]
    process.environment = ProcessInfo.processInfo.environment.merging(
      ["MANIFESTKIT_BENCH_MEMORY_CHILD": "1"]) { $1 }
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { return print("hls-parse: memory child failed") }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let numbers = String(decoding: output, as: UTF8.self).split(separator: " ").compactMap {
      Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    guard numbers.count == 2 else { return print("hls-parse: memory child failed") }
    let growth = numbers[1] - numbers[0]
    let ratio = Double(growth) / Double(inputSize)
    print(
      String(
        format: "hls-parse: peak memory of a parse %.1f MB = %.2f× the input "
          + "(target ≤ 4×, %@); process peak %.1f MB", Double(growth) / 1e6, ratio,
        ratio <= 4 ? "meets" : "MISSES", Double(numbers[1]) / 1e6))
  }

  /// In the child: resident bytes after reading the input, then the peak while parsing it.
  /// The kernel's high-water mark is reset first (`/proc/self/clear_refs`), so the start-up
  /// peak of the runtime does not hide the parse.
  static func measureInChild(_ path: String) {
    guard let data = FileManager.default.contents(atPath: path) else { return }
    let bytes = [UInt8](data)
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    let before = residentBytes("VmRSS:")
    let playlist = try? Playlist.parse(bytes)
    let after = residentBytes("VmHWM:")
    withExtendedLifetime(playlist) { print("\(before) \(after)") }
  }

  /// A size field of /proc/self/status in bytes.
  private static func residentBytes(_ field: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return 0
    }
    for line in status.split(separator: "\n") where line.hasPrefix(field) {
      let digits = line.dropFirst(field.count).filter { $0.isNumber }
      return (Int(String(digits)) ?? 0) * 1024
    }
    return 0
  }
}
