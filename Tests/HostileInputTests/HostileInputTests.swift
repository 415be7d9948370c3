import Testing

/// The hostile inputs of issue 12, each run through the real tool executables as a child
/// process: exit status (never a signal), a wall-time bound generous for a loaded CI machine
/// running a debug build, peak memory where the finding took gigabytes, the exact error or limit
/// code where there is one, and the structure of the output for the injection findings.
///
/// The cases run one at a time, so that their time and memory bounds measure one child.
@Suite(.serialized) struct HostileInputTests {}

/// Runs `tool` with `arguments` and `stdin` as a child process.
func run(
  _ tool: String, _ arguments: [String], stdin: ChildProcess.Input = .none,
  timeout: Double = ChildProcess.defaultTimeout
) throws -> ChildProcess.Result {
  try ChildProcess.run(tool: tool, arguments: arguments, stdin: stdin, timeout: timeout)
}

/// Expects `result` to be an exit with `status` (not a signal, not a timeout) and, when
/// `rssBelow` is given, a peak resident size below that many MiB.
func expectExit(
  _ result: ChildProcess.Result, _ status: Int32, rssBelow megabytes: Int? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  if result.timedOut || result.killedForMemory {
    Issue.record("killed: \(result.summary)", sourceLocation: sourceLocation)
    return
  }
  #expect(result.status == status, "\(result.summary)", sourceLocation: sourceLocation)
  if let megabytes {
    #expect(result.maxRSS < megabytes << 20, "\(result.summary)", sourceLocation: sourceLocation)
  }
}

/// Expects every line of `result`'s standard error to have a diagnostic's form and none to be
/// forged by the input.
func expectWellFormedDiagnostics(
  _ result: ChildProcess.Result, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(Diagnostics.malformedLines(result.err) == [], sourceLocation: sourceLocation)
  #expect(Diagnostics.forgedLines(result.err) == [], sourceLocation: sourceLocation)
  #expect(!Text.hasControlCharacter(result.err), sourceLocation: sourceLocation)
}
