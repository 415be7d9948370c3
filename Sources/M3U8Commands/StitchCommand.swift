import HLS
import ManifestCore
import Stitching
import ToolSupport

/// `m3u8-tool stitch --plan PLAN.json [--at-markers] [--markers DIALECT] [--slate PLAYLIST]
/// [--base URL] [--output-dir DIR] CONTENT`: splices the plan's ad pods into the content
/// (docs/cli-contract.md, docs/stitching.md).
let stitchCommand = CommandSpec(
  name: "stitch", summary: "splice ad pods into a content playlist (server-side ad insertion)",
  discussion: """
    Splices the ads of PLAN.json into CONTENT, a media or a multivariant playlist: inserted at a
    time (snapped to the next segment boundary) or replacing the content's marked breaks, with
    discontinuities, keys and maps restated, the breaks marked (--markers, default cue-out) and
    each ad's tracking as EXT-X-BEACON tags. A media playlist is written to standard output, or
    into --output-dir; a multivariant playlist and every media playlist it names are written
    under their own names into --output-dir (which must not exist, or be empty), all or
    nothing. Warnings (snaps, cut or filled pods) go to standard error.
    """,
  options: [
    .option("--plan", "PLAN.json", "the ad decision (required)"),
    .flag("--at-markers", "fill the content's marked breaks, in order, in replace mode"),
    .option("--markers", "DIALECT", "cue-out (default), daterange, scte35-tag, beacon or none"),
    .option("--slate", "PLAYLIST", "a media playlist that completes pods shorter than a break"),
    .option("--base", "URL", "write every URI absolute against this URL"),
    .option("--output-dir", "DIR", "write the output playlists into DIR"),
  ]
) { arguments, io in
  let (path, problem) = PlaylistInput.singleOperand(arguments)
  if let problem { return PlaylistInput.usageError(problem, command: "stitch", io: io) }
  guard let content = path, content != "-" else {
    return PlaylistInput.usageError(
      "stitch needs CONTENT as a file (its URIs are relative to it)", command: "stitch", io: io)
  }
  guard let planPath = arguments.value("--plan") else {
    return PlaylistInput.usageError("--plan PLAN.json is required", command: "stitch", io: io)
  }
  let markerName = arguments.value("--markers") ?? "cue-out"
  guard let markers = StitchMarkers(rawValue: markerName) else {
    return PlaylistInput.usageError(
      "--markers must be cue-out, daterange, scte35-tag, beacon or none, got '\(markerName)'",
      command: "stitch", io: io)
  }
  let planDocument: InputDocument
  do {
    planDocument = try io.readNamedFile(planPath)
  } catch {
    io.errorLine("\(error)")
    return ExitStatus.failure
  }
  let (plan, planDiagnostics) = StitchPlan.parse(planDocument.bytes, file: planPath)
  for diagnostic in planDiagnostics { io.errorLine(diagnostic.description) }
  guard let plan else { return ExitStatus.failure }
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
