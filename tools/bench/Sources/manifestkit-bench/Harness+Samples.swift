import Foundation

/// Every run's time (not only the median), peak memory, and the limits run.sh sets for large
/// scales: a time budget per measurement and whether the Python anchors run at all.
extension Harness {
  /// Seconds one measurement may take before it stops adding runs (at least 3 runs are made):
  /// `MANIFESTKIT_BENCH_BUDGET`, default 3, so a scale-100 input is not run 50 times.
  static var budget: Double {
    ProcessInfo.processInfo.environment["MANIFESTKIT_BENCH_BUDGET"].flatMap(Double.init) ?? 3
  }

  /// False when `MANIFESTKIT_BENCH_PYTHON=0`: run.sh turns the Python anchors off at scales
  /// where one of them would run for minutes.
  static var pythonAnchors: Bool {
    ProcessInfo.processInfo.environment["MANIFESTKIT_BENCH_PYTHON"] != "0"
  }

  /// Wall (or, with `cpu`, this thread's CPU) seconds of up to `iterations` runs of `body` after
  /// one warm-up run, fewer once `budget` seconds have gone; `setup` runs before each, off the
  /// clock.
  static func samples(
    iterations: Int, cpu: Bool = false, setup: () -> Void = {}, _ body: () -> Void
  ) -> [Double] {
    func now() -> Double {
      var time = timespec()
      clock_gettime(cpu ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &time)
      return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
    let started = now()
    body()
    var times: [Double] = []
    let deadline = budget
    for _ in 0..<max(iterations, 1) {
      setup()
      let start = now()
      body()
      times.append(now() - start)
      if times.count >= 3, now() - started > deadline { break }
    }
    return times
  }

  /// The median of `samples`.
  static func median(of samples: [Double]) -> Double {
    let sorted = samples.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
  }

  /// Resets the kernel's high-water mark of this process's resident memory
  /// (`/proc/self/clear_refs`), so `peakResidentSinceReset()` sees only what follows.
  static func resetPeakResident() {
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
  }

  /// `VmHWM` of /proc/self/status in bytes: the peak since the last reset.
  static func peakResidentSinceReset() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return nil
    }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      return Int(String(line.dropFirst(6).filter(\.isNumber))).map { $0 * 1024 }
    }
    return nil
  }

  /// A row for an in-process measurement: `samples` with the peak resident memory of the
  /// process while they ran.
  static func measure(
    _ name: String, inputBytes: Int?, iterations: Int, cpu: Bool = false, _ body: () -> Void
  ) -> ResultRow {
    resetPeakResident()
    let times = samples(iterations: iterations, cpu: cpu, body)
    return ResultRow(
      name: name, samples: times, inputBytes: inputBytes,
      peakResidentBytes: peakResidentSinceReset(), clock: cpu ? "cpu" : "wall")
  }

  /// Wall seconds of each run of `arguments` as a process (standard output discarded) and the
  /// largest peak resident memory of those runs (`wait4`'s `ru_maxrss`); `nil` when it cannot
  /// start or fails.
  static func processSamples(_ arguments: [String], stdin: String? = nil, iterations: Int)
    -> (samples: [Double], peakResidentBytes: Int)?
  {
    if arguments.first == "python3", !pythonAnchors { return nil }
    var times: [Double] = []
    var peak = 0
    let started = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<max(iterations, 1) {
      let start = DispatchTime.now().uptimeNanoseconds
      guard let (status, resident) = spawn(arguments, stdin: stdin), status <= 1 else {
        return nil
      }
      let end = DispatchTime.now().uptimeNanoseconds
      times.append(Double(end - start) / 1e9)
      peak = max(peak, resident)
      if times.count >= 3, Double(end - started) / 1e9 > budget { break }
    }
    return (times, peak)
  }

  /// A row for a whole-process measurement of one of our tools.
  static func measureProcess(
    _ name: String, _ arguments: [String], inputBytes: Int?, iterations: Int
  ) -> ResultRow? {
    guard let (times, peak) = processSamples(arguments, iterations: iterations) else {
      return nil
    }
    return ResultRow(
      name: name, samples: times, inputBytes: inputBytes, peakResidentBytes: peak)
  }

  /// The size of the file at `path` in bytes, or nil.
  static func fileSize(_ path: String) -> Int? {
    (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
  }

  /// Runs a process with standard output discarded and returns its exit status and peak
  /// resident bytes, or `nil` when it cannot start or is killed. `posix_spawnp` and `wait4`
  /// directly: Foundation's `Process.waitUntilExit` polls and adds about 50 ms to every run.
  static func spawn(_ arguments: [String], stdin: String? = nil) -> (Int32, Int)? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    if let stdin { posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0) }
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    var pid: pid_t = 0
    guard let program = arguments.first,
      posix_spawnp(&pid, program, &actions, nil, &argv, environ) == 0
    else { return nil }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      if errno != EINTR { return nil }
    }
    // WIFEXITED / WEXITSTATUS
    guard (status & 0x7F) == 0 else { return nil }
    return ((status >> 8) & 0xFF, usage.ru_maxrss * 1024)
  }
}
