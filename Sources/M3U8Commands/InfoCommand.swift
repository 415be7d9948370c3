import HLS
import ManifestCore
import ToolSupport

/// `m3u8-tool info [FILE]`: a human summary of a playlist.
let infoCommand = CommandSpec(
  name: "info", summary: "summarise a playlist",
  discussion: """
    Media playlists: version, target duration, segments, total duration, the seekable window,
    where a client starts (and why) and the live edge, discontinuities,
    program date-times, keys, maps, date ranges, ad markers, ad breaks (id, dialect, start and
    duration in seconds, open), LL-HLS. Multivariant playlists:
    the variant ladder, I-frame and image streams, renditions, session data and keys, content
    steering.
    """,
  options: PlaylistInput.variableOptions
) { arguments, io in
  let (path, problem) = PlaylistInput.singleOperand(arguments)
  let (options, optionProblem) = PlaylistInput.parseOptions(arguments)
  if let problem = problem ?? optionProblem {
    return PlaylistInput.usageError(problem, command: "info", io: io)
  }
  guard let loaded = PlaylistInput.load(path, io: io, options: options) else {
    return ExitStatus.failure
  }
  let lines: [String]
  switch loaded.playlist {
  case .media(let media): lines = PlaylistSummary.media(media)
  case .multivariant(let multivariant): lines = PlaylistSummary.multivariant(multivariant)
  }
  for line in lines { io.writeLine(TextEscaping.escapingControlCharacters(line)) }
  let diagnostics = loaded.playlist.diagnostics
  let errors = diagnostics.filter { $0.severity == .error }.count
  io.writeLine("diagnostics: \(errors) errors, \(diagnostics.count - errors) warnings")
  return ExitStatus.success
}
