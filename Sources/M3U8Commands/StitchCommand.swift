import HLS
import ManifestCore
import Stitching
import ToolSupport

/// `m3u8-tool stitch (--plan PLAN.json | --vast FILE... | --vmap FILE) [--at-markers] [--markers DIALECT] [--slate PLAYLIST]
/// [--base URL] [--output-dir DIR] CONTENT`: splices the plan's ad pods into the content
/// (docs/cli-contract.md, docs/stitching.md).
let stitchCommand = CommandSpec(
  name: "stitch", summary: "splice ad pods into a content playlist (server-side ad insertion)",
  discussion: """
    Splices the ads of PLAN.json (or of a VAST response, or a VMAP schedule) into CONTENT, a
    media or a multivariant playlist: inserted at a time (snapped to the next segment boundary)
    or replacing the content's marked breaks, with discontinuities, keys and maps restated, the
    breaks marked (--markers, default cue-out) and each ad's tracking as EXT-X-BEACON tags.
    A VAST pod fills every marked break (else plays first); VMAP breaks go at their
    timeOffset; an AdTagURI names the --vast file (else the file beside the VMAP) with its
    last path segment. A media playlist is written to standard output, or
    into --output-dir; a multivariant playlist and every media playlist it names are written
    under their own names into --output-dir (which must not exist, or be empty), all or
    nothing. Warnings (snaps, cut or filled pods) go to standard error. With --state, CONTENT is
    one window of a live media playlist: each run stitches the next window so that the outputs
    follow on (the state file keeps what they need; the output replaces DIR/NAME in place).
    """,
  options: [
    .option("--plan", "PLAN.json", "the ad decision as a plan"),
    .option(
      "--vast", "FILE",
      "a VAST response; again for its wrappers' targets (repeatable)",
      repeatable: true),
    .option("--vmap", "FILE", "a VMAP schedule (with --vast: the files it names)"),
    .flag("--at-markers", "fill the content's marked breaks, in order, in replace mode"),
    .option("--markers", "DIALECT", "cue-out (default), daterange, scte35-tag, beacon or none"),
    .option("--slate", "PLAYLIST", "a media playlist that completes pods shorter than a break"),
    .option("--base", "URL", "write every URI absolute against this URL"),
    .option("--output-dir", "DIR", "write the output playlists into DIR"),
    .option("--state", "FILE", "live: the state between windows (JSON, created when missing)"),
  ]
) { arguments, io in
  let (path, problem) = PlaylistInput.singleOperand(arguments)
  if let problem { return PlaylistInput.usageError(problem, command: "stitch", io: io) }
  guard let content = path, content != "-" else {
    return PlaylistInput.usageError(
      "stitch needs CONTENT as a file (its URIs are relative to it)", command: "stitch", io: io)
  }
  let markerName = arguments.value("--markers") ?? "cue-out"
  guard let markers = StitchMarkers(rawValue: markerName) else {
    return PlaylistInput.usageError(
      "--markers must be cue-out, daterange, scte35-tag, beacon or none, got '\(markerName)'",
      command: "stitch", io: io)
  }
  let plan: StitchPlan
  let planPath: String?
  switch StitchDecision.read(arguments, content: content, io: io) {
  case .success(let decision): (plan, planPath) = decision
  case .failure(let exit): return exit.status
  }
  let options = StitchOptions(
    markers: markers, slate: arguments.value("--slate"), atMarkers: arguments.flag("--at-markers"),
    base: arguments.value("--base"))
  let directory = arguments.value("--output-dir")
  let loader = FilePlaylistLoader(io: io)
  // A multivariant content is written into the directory; a media one under its own name.
  var output = directory
  if let directory, let loaded = PlaylistInput.load(content, io: io, quiet: true),
    loaded.playlist.media != nil
  {
    let name = content.split(separator: "/").last.map(String.init) ?? content
    output = (directory.hasSuffix("/") ? directory : directory + "/") + name
  }
  if let statePath = arguments.value("--state") {
    return stitchLive(
      Stitcher(plan: plan, options: options), content: content, output: output,
      statePath: statePath, planPath: planPath, io: io)
  }
  let result = Stitcher(plan: plan, options: options).stitch(
    content: content, output: output, planLocation: planPath, loader: loader)
  for diagnostic in result.diagnostics { io.errorLine(diagnostic.description) }
  guard !result.failed else { return ExitStatus.failure }
  guard let directory else {
    for playlist in result.playlists { io.write(bytes: playlist.bytes) }
    return ExitStatus.success
  }
  let files = result.playlists.map { playlist in
    let prefix = (directory.hasSuffix("/") ? directory : directory + "/")
    let name =
      playlist.name.hasPrefix(prefix)
      ? String(playlist.name.dropFirst(prefix.count)) : playlist.name
    return (name: name, bytes: playlist.bytes)
  }
  if let reason = io.writeDirectory(directory, files: files) {
    io.errorLine("m3u8-tool stitch: error: \(reason)")
    return ExitStatus.failure
  }
  return ExitStatus.success
}

/// One live window: the state read (or a new one), the window stitched, the output written
/// (standard output, or DIR/NAME replaced whole), then the state.
private func stitchLive(
  _ stitcher: Stitcher, content: String, output: String?, statePath: String, planPath: String?,
  io: ToolIO
) -> Int32 {
  var state = LiveStitchState()
  if io.namedFileExists(statePath) {
    do {
      let document = try io.readNamedFile(statePath)
      guard let read = LiveStitchState(json: try JSONValue.parse(document.bytes)) else {
        io.errorLine("\(statePath):1:1: error: not a stitch state (write it with --state only)")
        return ExitStatus.failure
      }
      state = read
    } catch {
      io.errorLine("\(statePath):1:1: error: cannot read the state: \(error)")
      return ExitStatus.failure
    }
  }
  let (result, next) = stitcher.stitchLive(
    content: content, state: state, output: output, planLocation: planPath,
    loader: FilePlaylistLoader(io: io))
  for diagnostic in result.diagnostics { io.errorLine(diagnostic.description) }
  guard !result.failed, let playlist = result.playlists.first else { return ExitStatus.failure }
  if let output {
    if let reason = io.writeFile(output, bytes: playlist.bytes) {
      io.errorLine("m3u8-tool stitch: error: \(reason)")
      return ExitStatus.failure
    }
  } else {
    io.write(bytes: playlist.bytes)
  }
  if let reason = io.writeFile(statePath, bytes: next.jsonValue.serialized(pretty: true)) {
    io.errorLine("m3u8-tool stitch: error: \(reason)")
    return ExitStatus.failure
  }
  return ExitStatus.success
}
