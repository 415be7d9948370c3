import Foundation

/// `m3u8-tool dump --json` (release build) as a whole process on `dvr-ll.m3u8` of a workload
/// directory, against Python `m3u8.loads` of the same file (timed by Python itself, which writes
/// no JSON at all), in one run. Prints time, MB/s of JSON written, peak RSS from `wait4` and
/// the ratios; targets (issue 18 items 2 and 3): ≥ 400 MB/s of output, peak RSS ≤ 2× input +
/// 32 MiB, ≥ 30× `m3u8.loads`.
let dumpJSONBenchmark = Benchmark(
  name: "dump-json",
  summary: "m3u8-tool dump --json (MB/s out, peak RSS) vs Python m3u8.loads, target ≥ 30×"
) { directory in
  let tool = Harness.toolPath("m3u8-tool")
  let path = directory + "/dvr-ll.m3u8"
  guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
    let inputSize = (attributes[.size] as? NSNumber)?.intValue
  else {
    print("dump-json: cannot read \(path)")
    return
  }
  // Small inputs get more runs; the 370 MB one runs twice.
  let iterations = max(2, min(15, 40_000_000 / max(inputSize, 1)))
  var runs: [DumpJSONRun] = []
  for _ in 0..<iterations {
    guard let run = DumpJSONRun.measure([tool, "dump", "--json", path]) else {
      print("dump-json: \(tool) failed on \(path) (swift build -c release first)")
      return
    }
    runs.append(run)
  }
  let wall = DumpJSONRun.median(runs.map(\.wallSeconds))
  let cpu = DumpJSONRun.median(runs.map(\.cpuSeconds))
  let output = runs[0].outputBytes
  let peak = runs.map(\.peakResidentBytes).max() ?? 0
  let throughput = Double(output) / wall / 1e6
  let cpuThroughput = Double(output) / cpu / 1e6
  let budget = 2 * inputSize + (32 << 20)
  print(
    String(
      format: "dump-json: %d bytes in, %d bytes of JSON out, %d runs: median %.1f ms wall, "
        + "%.1f ms CPU", inputSize, output, iterations, wall * 1000, cpu * 1000))
  print(
    String(
      format: "dump-json: %.0f MB/s of output (CPU: %.0f MB/s; target ≥ 400, %@)", throughput,
      cpuThroughput, max(throughput, cpuThroughput) >= 400 ? "meets" : "MISSES"))
  print(
    String(
      format:
        "dump-json: peak RSS %.1f MiB = %.2f× input (budget 2× input + 32 MiB = %.1f MiB, %@)",
      Double(peak) / 1_048_576, Double(peak) / Double(inputSize), Double(budget) / 1_048_576,
      peak <= budget ? "meets" : "MISSES"))

  let pythonIterations = inputSize > 40_000_000 ? 1 : 3
  let anchor = Harness.capture([
    "python3", "-c",
    """
    import sys, time, m3u8
    text = open(sys.argv[1]).read()
    wall, cpu = [], []
    for _ in range(int(sys.argv[2])):
        t, c = time.perf_counter(), time.process_time()
        m3u8.loads(text)
        wall.append(time.perf_counter() - t); cpu.append(time.process_time() - c)
    wall.sort(); cpu.sort()
    print(wall[len(wall) // 2], cpu[len(cpu) // 2])
    """,
    path, String(pythonIterations),
  ]).map {
    $0.split(separator: " ").compactMap {
      Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
  }
  guard let anchor, anchor.count == 2 else {
    print("dump-json: python anchor failed (pip install m3u8)")
    return
  }
  let ratio = anchor[0] / wall
  let cpuRatio = anchor[1] / cpu
  print(
    String(
      format: "dump-json: m3u8.loads %.1f ms wall, %.1f ms CPU; ratio %.1f× wall, %.1f× CPU "
        + "(target ≥ 30×, %@)", anchor[0] * 1000, anchor[1] * 1000, ratio, cpuRatio,
      max(ratio, cpuRatio) >= 30 ? "meets" : "MISSES"))
}

/// One measured run of a tool: wall and CPU time, bytes written to standard output, peak RSS.
struct DumpJSONRun {
  var wallSeconds: Double
  var cpuSeconds: Double
  var outputBytes: Int
  var peakResidentBytes: Int

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
  }

  /// Runs `arguments` with standard output on a pipe that is read and counted (as a consumer
  /// such as jq reads it), and takes CPU time and peak RSS of the child from `wait4`.
  static func measure(_ arguments: [String]) -> DumpJSONRun? {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return nil }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    posix_spawn_file_actions_addclose(&actions, fds[0])
    posix_spawn_file_actions_addclose(&actions, fds[1])
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    var pid: pid_t = 0
    let start = DispatchTime.now().uptimeNanoseconds
    guard let program = arguments.first,
      posix_spawnp(&pid, program, &actions, nil, &argv, environ) == 0
    else {
      close(fds[0])
      close(fds[1])
      return nil
    }
    close(fds[1])
    var total = 0
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 16)
    defer { buffer.deallocate() }
    while true {
      let n = read(fds[0], buffer, 1 << 20)
      if n > 0 {
        total += n
      } else if n == 0 || errno != EINTR {
        break
      }
    }
    close(fds[0])
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      if errno != EINTR { return nil }
    }
    let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    guard (status & 0x7F) == 0, (status >> 8) & 0xFF == 0 else { return nil }
    let cpu =
      Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
      + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    return DumpJSONRun(
      wallSeconds: wall, cpuSeconds: cpu, outputBytes: total,
      peakResidentBytes: usage.ru_maxrss * 1024)
  }
}
