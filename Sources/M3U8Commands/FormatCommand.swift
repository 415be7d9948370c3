import HLS
import ManifestCore
import ToolSupport

/// `m3u8-tool format [--canonical] [--check] [FILE]`: writes the playlist back; unchanged
/// byte for byte without `--canonical`. `--check` takes many FILEs (`--jobs`).
let formatCommand = CommandSpec(
  name: "format", summary: "write the playlist back (losslessly, or in canonical form)",
  operands: "[FILE...]",
  discussion: """
    Without --canonical the playlist is written back byte for byte (line ends, blank lines,
    attribute order and number spelling kept). --canonical writes one normal form: LF line
    ends, no blank lines or trailing blanks, attributes in RFC 8216bis order, numbers written
    one way. --check writes nothing and exits 1 when the output would differ from the input;
    it takes several FILEs (--jobs N of them read at once) and reports each that differs.
    """,
  options: [
    .flag("--canonical", "write the canonical form"),
    .flag("--check", "write nothing; exit 1 when the input is not already formatted"),
    FileBatch.jobsOption,
  ]
) { arguments, io in
  var (paths, jobs, problem) = PlaylistInput.batchOperands(arguments)
  if paths.count > 1, !arguments.flag("--check") {
    problem = "expected at most one FILE without --check, got \(paths.count)"
  }
  if let problem { return PlaylistInput.usageError(problem, command: "format", io: io) }
  return FileBatch.run(paths, jobs: jobs, io: io) { path, io in
    guard let loaded = PlaylistInput.load(path, io: io) else { return ExitStatus.failure }
    let source = loaded.playlist.source
    let output = arguments.flag("--canonical") ? CanonicalWriter.write(source) : source.bytes
    guard arguments.flag("--check") else {
      io.write(bytes: output)
      return ExitStatus.success
    }
    guard output != source.bytes else { return ExitStatus.success }
    let line = firstDifferentLine(source.bytes, output)
    io.errorLine(
      "\(loaded.document.name):\(line):1: error: not in canonical form "
        + "[\(ToolDiagnosticCode.formatNotCanonical.rawValue)]")
    return ExitStatus.checkFailed
  }
}

/// The 1-based line of the input where `a` and `b` first differ.
private func firstDifferentLine(_ a: [UInt8], _ b: [UInt8]) -> Int {
  var line = 1
  var i = 0
  if a.starts(with: [0xEF, 0xBB, 0xBF]) { return 1 }
  while i < a.count && i < b.count && a[i] == b[i] {
    if a[i] == 0x0A { line += 1 }
    i += 1
  }
  return line
}
