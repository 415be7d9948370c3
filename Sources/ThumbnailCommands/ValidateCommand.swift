import ManifestCore
import Thumbnails
import ToolSupport

/// `thumbnail-tool validate [FILE...]`: reading problems and track checks, exit status 1 when
/// there are any.
let validateCommand = CommandSpec(
  name: "validate", summary: "check thumbnail tracks (exit 1 on problems)", operands: "[FILE...]",
  discussion: """
    Prints every problem as FILE:LINE:COL: error|warning: message on standard error: unreadable
    cues and xywh values; thumbnails out of time order, overlapping, or ending before they
    start; gaps between thumbnails; rectangles of an unusual size, empty, or past 100%; the
    x1,y1,x2,y2 corner mistake (160,0,320,90 for the second 160x90 cell); a whole-image cue
    in a sprite track; more than --max-thumbnails thumbnails (default 150; Brightcove's
    Android SDK keeps 50, docs/thumbnails.md; 0 turns the check off). Then one summary line per file on standard output. Exit status 1 when
    any file has an error or a warning, 2 when a file cannot be read or is not WebVTT.
    """,
  options: [
    .option("--max-thumbnails", "N", "warn above N thumbnails (default 150, 0: no limit)")
  ]
) { arguments, io in
  let limit: Int
  do throws(UsageError) {
    limit = try arguments.integer("--max-thumbnails") ?? ThumbnailTrack.playerThumbnailLimit
    if limit < 0 { throw UsageError("option '--max-thumbnails' must not be negative") }
  } catch {
    return TrackInput.usageError(error.message, code: error.code, command: "validate", io: io)
  }
  let paths: [String?] = arguments.positionals.isEmpty ? [nil] : arguments.positionals.map { $0 }
  var status = ExitStatus.success
  for path in paths {
    guard let loaded = TrackInput.load(path, arguments: arguments, io: io, quiet: true) else {
      status = ExitStatus.failure
      continue
    }
    let all =
      (loaded.track.diagnostics + loaded.track.validate(maximumCount: limit > 0 ? limit : nil))
      .sorted {
        ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column)
      }
    for finding in all { io.report(finding, file: loaded.name) }
    let errors = all.filter { $0.severity == .error }.count
    let warnings = all.filter { $0.severity == .warning }.count
    io.writeLine(
      TextEscaping.escapingControlCharacters(loaded.name)
        + ": \(loaded.track.thumbnails.count) thumbnails, \(errors) "
        + (errors == 1 ? "error" : "errors") + ", \(warnings) "
        + (warnings == 1 ? "warning" : "warnings"))
    if errors + warnings > 0 && status == ExitStatus.success { status = ExitStatus.checkFailed }
  }
  return status
}
