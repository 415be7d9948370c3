import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs one of the package's tool executables as a child process, the way a user or a CI job
/// does, and reports what the kernel saw: exit status or signal (`wait4`), wall time, peak RSS,
/// and what it wrote.
///
/// Peak RSS is the child's own high-water mark (`VmHWM` in `/proc/PID/status`, its address
/// space after `exec`), read every 5 ms while it runs. `wait4`'s `ru_maxrss` is kept too, but on
/// Linux it starts from the spawning process's high-water mark (exec carries the old address
/// space's mark into the process's `maxrss`, and posix_spawn's child shares this process's
/// until it execs), so it is never below the test runner's own size.
///
/// A child that runs past its time limit, or whose resident memory passes `memoryCeiling`, is
/// killed with SIGKILL (so a regression fails its case instead of taking the machine down), and
/// the result says so.
struct ChildProcess {
  /// What the child reads on standard input.
  enum Input {
    /// Nothing: standard input is `/dev/null`.
    case none
    /// These bytes (written to a file first, so the child sees a regular file's end).
    case bytes([UInt8])
    /// The file at this path.
    case file(String)
    /// `/dev/zero`: endless zero bytes.
    case devZero
    /// A pipe this process writes to without end, until the child closes it or exits.
    case endlessPipe(chunk: [UInt8])
  }

  /// What happened to one child.
  struct Result {
    /// The exit status when the child exited, `nil` when a signal ended it.
    var status: Int32?
    /// The signal that ended the child, `nil` when it exited.
    var signal: Int32?
    /// The first `keptBytes` bytes of standard output.
    var stdout: [UInt8]
    /// The first `keptBytes` bytes of standard error.
    var stderr: [UInt8]
    /// Bytes written to standard output in all.
    var stdoutCount: Int
    /// Bytes written to standard error in all.
    var stderrCount: Int
    /// The child's peak resident set size in bytes (its own `VmHWM`, last read before it ended).
    var maxRSS: Int
    /// `wait4`'s `ru_maxrss` in bytes: at least the test runner's own peak (see above).
    var rusageMaxRSS: Int
    /// Wall-clock seconds from spawn to exit.
    var seconds: Double
    /// The child ran past its time limit and was killed.
    var timedOut: Bool
    /// The child's memory passed the ceiling and it was killed.
    var killedForMemory: Bool

    /// Standard output as text (invalid UTF-8 repaired).
    var out: String { String(decoding: stdout, as: UTF8.self) }
    /// Standard error as text (invalid UTF-8 repaired).
    var err: String { String(decoding: stderr, as: UTF8.self) }
    /// Standard error's lines, without their line feeds.
    var errLines: [String] { Text.lines(err) }
    /// The first line of standard error, without its line feed.
    var firstErrLine: String { errLines.first ?? "" }
    /// A one-line account for failure messages.
    var summary: String {
      let how = status.map { "exit \($0)" } ?? "signal \(signal ?? 0)"
      let rss = maxRSS >> 20
      let flags = (timedOut ? ", timed out" : "") + (killedForMemory ? ", killed for memory" : "")
      return "\(how) in \(String(format: "%.2f", seconds)) s, \(rss) MB RSS\(flags); "
        + "stderr: \(String(err.prefix(400)).debugDescription)"
    }
  }

  /// The default wall-time limit: generous, for a loaded 2-core CI machine running a debug build.
  static let defaultTimeout: Double = 30
  /// The resident size at which a child is killed outright.
  static let memoryCeiling = 2 << 30
  /// How much of each output stream a result keeps.
  static let keptBytes = 16 << 20

  /// The directory of the running test executable, where SwiftPM puts the tools it built
  /// (`.build/debug`).
  static let binDirectory: String = {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return ".build/debug" }
    let path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var directory = (path as NSString).deletingLastPathComponent
    // On some set-ups the tests run from a bundle directory inside the build directory.
    while !directory.isEmpty, directory != "/",
      !FileManager.default.isExecutableFile(atPath: directory + "/m3u8-tool")
    {
      directory = (directory as NSString).deletingLastPathComponent
    }
    return directory
  }()

  /// The path of one tool (`m3u8-tool`).
  static func path(of tool: String) -> String { binDirectory + "/" + tool }

  /// Runs `tool` with `arguments` and `stdin`, killing it after `timeout` seconds.
  static func run(
    tool: String, arguments: [String], stdin: Input = .none, timeout: Double = defaultTimeout
  ) throws -> Result {
    let scratch = try Scratch()
    var inputPath: String? = "/dev/null"
    switch stdin {
    case .none: break
    case .bytes(let bytes): inputPath = try scratch.write("stdin", bytes)
    case .file(let path): inputPath = path
    case .devZero: inputPath = "/dev/zero"
    case .endlessPipe: inputPath = nil
    }

    var inPipe: [Int32] = [-1, -1]
    var outPipe: [Int32] = [-1, -1]
    var errPipe: [Int32] = [-1, -1]
    try makePipe(&outPipe)
    try makePipe(&errPipe)
    if inputPath == nil { try makePipe(&inPipe) }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let inputPath {
      posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
    } else {
      posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
    }
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)

    // The child gets default signal handling and an empty mask, whatever this process set up
    // (it ignores SIGPIPE to write endless input).
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    let executable = path(of: tool)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let started = Date()
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
    close(outPipe[1])
    close(errPipe[1])
    if inPipe[0] >= 0 { close(inPipe[0]) }
    guard spawned == 0 else {
      close(outPipe[0])
      close(errPipe[0])
      if inPipe[1] >= 0 { close(inPipe[1]) }
      throw ChildError("cannot run \(executable): \(String(cString: strerror(spawned)))")
    }

    let group = DispatchGroup()
    let stdoutSink = Sink()
    let stderrSink = Sink()
    stdoutSink.drain(outPipe[0], group: group)
    stderrSink.drain(errPipe[0], group: group)
    let writer = Flag()
    if case .endlessPipe(let chunk) = stdin {
      signal(SIGPIPE, SIG_IGN)
      let fd = inPipe[1]
      group.enter()
      DispatchQueue.global().async {
        defer {
          close(fd)
          group.leave()
        }
        chunk.withUnsafeBytes { raw in
          while !writer.isSet {
            if write(fd, raw.baseAddress, raw.count) < 0 && errno != EINTR { return }
          }
        }
      }
    }

    var status: Int32 = 0
    var usage = rusage()
    var timedOut = false
    var killedForMemory = false
    var peak = 0
    while true {
      let reaped = wait4(pid, &status, WNOHANG, &usage)
      if reaped == pid { break }
      if reaped < 0 && errno != EINTR { throw ChildError("wait4 failed: errno \(errno)") }
      let (resident, highWater) = memory(of: pid)
      peak = max(peak, highWater)
      if !timedOut && !killedForMemory {
        if Date().timeIntervalSince(started) > timeout {
          timedOut = true
          kill(pid, SIGKILL)
        } else if resident > memoryCeiling {
          killedForMemory = true
          kill(pid, SIGKILL)
        }
      }
      usleep(5000)
    }
    let seconds = Date().timeIntervalSince(started)
    writer.set()
    group.wait()

    let exited = (status & 0x7F) == 0
    return Result(
      status: exited ? (status >> 8) & 0xFF : nil, signal: exited ? nil : status & 0x7F,
      stdout: stdoutSink.kept, stderr: stderrSink.kept, stdoutCount: stdoutSink.count,
      stderrCount: stderrSink.count, maxRSS: peak, rusageMaxRSS: Int(usage.ru_maxrss) * 1024,
      seconds: seconds,
      timedOut: timedOut, killedForMemory: killedForMemory)
  }

  /// Makes a pipe whose ends are closed in children (each child gets its own ends by dup2).
  private static func makePipe(_ fds: inout [Int32]) throws {
    guard pipe(&fds) == 0 else { throw ChildError("pipe failed: errno \(errno)") }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
  }

  /// The resident size and its high-water mark of process `pid` in bytes (`VmRSS`, `VmHWM` in
  /// `/proc/PID/status`); zeros when they cannot be read (the process has ended).
  private static func memory(of pid: pid_t) -> (resident: Int, highWater: Int) {
    let fd = open("/proc/\(pid)/status", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return (0, 0) }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = read(fd, &buffer, buffer.count)
    guard count > 0 else { return (0, 0) }
    var resident = 0
    var highWater = 0
    for line in buffer[..<count].split(separator: 0x0A) {
      let text = String(decoding: line, as: UTF8.self)
      let fields = text.split { $0 == " " || $0 == "\t" }
      let kilobytes = fields.count > 1 ? Int(fields[1]) ?? 0 : 0
      if text.hasPrefix("VmRSS:") { resident = kilobytes * 1024 }
      if text.hasPrefix("VmHWM:") { highWater = kilobytes * 1024 }
    }
    return (resident, highWater)
  }
}

/// Why a child could not be run.
struct ChildError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// Collects one output stream of a child on a background queue, keeping its first bytes.
private final class Sink: @unchecked Sendable {
  private let lock = NSLock()
  private var bytes: [UInt8] = []
  private var total = 0

  var kept: [UInt8] { lock.withLock { bytes } }
  var count: Int { lock.withLock { total } }

  func drain(_ fd: Int32, group: DispatchGroup) {
    group.enter()
    DispatchQueue.global().async {
      defer {
        close(fd)
        group.leave()
      }
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      while true {
        let n = read(fd, &buffer, buffer.count)
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { return }
        self.lock.withLock {
          self.total += n
          let room = ChildProcess.keptBytes - self.bytes.count
          if room > 0 { self.bytes += buffer[..<min(n, room)] }
        }
      }
    }
  }
}

/// A flag one thread sets and another reads.
private final class Flag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false
  var isSet: Bool { lock.withLock { value } }
  func set() { lock.withLock { value = true } }
}
