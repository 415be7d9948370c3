import HLS
import ManifestCore
import ToolSupport

/// `m3u8-tool next-request --url URL [--part] [--skip] [FILE]`: the next blocking playlist
/// reload an LL-HLS client makes.
let nextRequestCommand = CommandSpec(
  name: "next-request",
  summary: "the next blocking-reload request (_HLS_msn, _HLS_part, _HLS_skip)",
  discussion: """
    FILE is the media playlist just received from URL. Prints the URL of the next request: with
    _HLS_msn (the next segment's media sequence number) when the server offers blocking reload,
    _HLS_part with --part (the next partial segment), and _HLS_skip=YES (or v2 when date
    ranges may be skipped) with --skip when the server offers delta updates. Existing _HLS_
    parameters of URL are replaced; the others are kept. What the server does not offer is
    left out, with a warning on standard error.
    """,
  options: [
    .option("--url", "URL", "the URL the playlist was loaded from (required)"),
    .flag("--part", "ask for the next partial segment"),
    .flag("--skip", "ask for a playlist delta update"),
  ]
) { arguments, io in
  let (path, problem) = PlaylistInput.singleOperand(arguments)
  if let problem { return PlaylistInput.usageError(problem, command: "next-request", io: io) }
  guard let url = arguments.value("--url") else {
    return PlaylistInput.usageError("--url URL is required", command: "next-request", io: io)
  }
  if let problem = LineSafeArgument.problem("--url", url) {
    return PlaylistInput.usageError(problem, command: "next-request", io: io)
  }
  guard
    let (document, playlist) = PlaylistInput.loadMedia(
      path, io: io, options: ParseOptions(url: url))
  else { return ExitStatus.failure }
  let request = BlockingReloadRequest(
    after: playlist, url: url, parts: arguments.flag("--part"), skip: arguments.flag("--skip"))
  for note in request.notes {
    io.errorLine(
      "\(document.name):1:1: warning: \(note) [\(ToolDiagnosticCode.nextRequestNote.rawValue)]")
  }
  io.writeLine(PercentEncoding.encodingUnsafeBytes(request.url))
  return ExitStatus.success
}
