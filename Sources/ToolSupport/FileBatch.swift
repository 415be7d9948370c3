/// A command run over many files, several at once (`--jobs N`, docs/cli-contract.md): each file
/// gets a ToolIO of its own that keeps what it writes, and those are written out in the order the
/// files were given, so the output, the diagnostics and the exit status are those of running the
/// files one after the other.
package enum FileBatch {
  /// `--jobs N`.
  package static let jobsOption = OptionSpec.option(
    "--jobs", "N", "work on N files at once (default: the number of processors online)")

  /// The largest `--jobs` taken.
  package static let maxJobs = 1024

  /// The `--jobs` value (default `OrderedBatch.onlineProcessors`); a usage error unless it is a
  /// whole number from 1 to `maxJobs`.
  package static func jobs(_ arguments: ParsedArguments) throws(UsageError) -> Int {
    guard let text = arguments.value("--jobs") else { return OrderedBatch.onlineProcessors }
    guard let jobs = Int(text), (1...maxJobs).contains(jobs) else {
      throw UsageError("--jobs must be a whole number from 1 to \(maxJobs), got '\(text)'")
    }
    return jobs
  }

  /// Runs `body` for every path, up to `jobs` at once, each with a buffered copy of `io`
  /// (`ToolIO.Template`), then in path order writes what it wrote to `io` and hands its result
  /// to `emit`. With `jobs` 1 or a single path, `body` writes to `io` directly as it goes.
  package static func run<Output: Sendable>(
    _ paths: [String], jobs: Int, io: ToolIO,
    body: @escaping @Sendable (String, ToolIO) -> Output, emit: (Output) -> Void
  ) {
    guard jobs > 1, paths.count > 1 else {
      for path in paths { emit(body(path, io)) }
      return
    }
    let template = io.template
    OrderedBatch.run(
      count: paths.count, jobs: jobs,
      work: { index in
        let fileIO = template.buffered()
        return Buffered(io: fileIO, output: body(paths[index], fileIO))
      },
      emit: { _, buffered in
        io.append(buffered.io)
        emit(buffered.output)
      })
  }

  /// Runs `body` for every path like `run(_:jobs:io:body:emit:)`; returns the highest exit
  /// status any gave (2 over 1 over 0, as a serial run ends with).
  package static func run(
    _ paths: [String], jobs: Int, io: ToolIO, body: @escaping @Sendable (String, ToolIO) -> Int32
  ) -> Int32 {
    var status = ExitStatus.success
    run(paths, jobs: jobs, io: io, body: body) { status = max(status, $0) }
    return status
  }

  /// One file's result and the ToolIO holding what it wrote, handed from a worker to the
  /// emitting thread (which alone touches it after that).
  private struct Buffered<Output: Sendable>: Sendable {
    let io: ToolIO
    let output: Output
  }
}
