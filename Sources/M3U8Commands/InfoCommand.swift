import HLS
import ManifestCore
import ToolSupport

/// `m3u8-tool info [FILE...]`: a human summary of each playlist.
let infoCommand = CommandSpec(
  name: "info", summary: "summarise a playlist", operands: "[FILE...]",
  discussion: """
    Media playlists: version, target duration, segments, total duration, the seekable window,
    where a client starts (and why) and the live edge, discontinuities,
    program date-times, keys, maps, date ranges, ad markers, ad breaks (id, dialect, start and
    duration in seconds, open), LL-HLS. Multivariant playlists:
    the variant ladder, I-frame and image streams, renditions, session data and keys, content
    steering. With several FILEs, each summary starts with a line "file: FILE" and ends with a
    blank line, in the order given (--jobs N of them read at once).
    """,
  options: [FileBatch.jobsOption] + PlaylistInput.variableOptions
) { arguments, io in
  let (paths, jobs, problem) = PlaylistInput.batchOperands(arguments)
  let (options, optionProblem) = PlaylistInput.parseOptions(arguments)
  if let problem = problem ?? optionProblem {
    return PlaylistInput.usageError(problem, command: "info", io: io)
  }
  let several = paths.count > 1
  return FileBatch.run(paths, jobs: jobs, io: io) { path, io in
    guard let loaded = PlaylistInput.load(path, io: io, options: options) else {
      return ExitStatus.failure
    }
    var lines: [String]
    switch loaded.playlist {
    case .media(let media): lines = PlaylistSummary.media(media)
    case .multivariant(let multivariant): lines = PlaylistSummary.multivariant(multivariant)
    }
    if several { lines.insert("file: \(loaded.document.name)", at: 0) }
    for line in lines { io.writeLine(TextEscaping.escapingControlCharacters(line)) }
    let diagnostics = loaded.playlist.diagnostics
    let errors = diagnostics.filter { $0.severity == .error }.count
    io.writeLine("diagnostics: \(errors) errors, \(diagnostics.count - errors) warnings")
    if several { io.writeLine("") }
    return ExitStatus.success
  }
}
