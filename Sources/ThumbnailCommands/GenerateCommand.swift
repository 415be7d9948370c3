import ManifestCore
import Thumbnails
import ToolSupport

/// `thumbnail-tool generate --template T --columns C --rows R --interval S --width W --height H
/// --duration D`: a WebVTT thumbnail track (or its HLS image playlist, or DASH adaptation set)
/// from a sprite configuration.
let generateCommand = CommandSpec(
  name: "generate", summary: "write a thumbnail track from a sprite configuration",
  operands: "",
  discussion: """
    Sheets are named by --template (~index~ is the sheet number from --start-index, ~index:4~
    pads it with zeros to 4 digits) and hold --columns × --rows thumbnails of --width ×
    --height pixels in row order, one every --interval seconds, for --duration seconds (the
    last sheet may be partly filled, the last thumbnail cut short). --format chooses WebVTT
    (default), an HLS image media playlist (hls), a DASH image AdaptationSet (dash) or a whole
    MPD holding it (mpd). Above --max-thumbnails, every k-th thumbnail is kept and shown k
    intervals long, with a warning (default 150; docs/thumbnails.md).
    """,
  options: SpriteOptions.options + [
    SpriteOptions.durationOption,
    .option("--format", "vtt|hls|dash|mpd", "what to write (default vtt)"),
    .option("--max-thumbnails", "N", "cap on the number of cues (vtt)"),
    .option("--bandwidth", "BPS", "DASH Representation@bandwidth (default: estimated)"),
    .option("--representation-id", "ID", "DASH Representation@id (default thumbnails)"),
    TrackInput.shiftAdsOption,
  ]
) { arguments, io in
  TrackInput.running("generate", io: io) { () throws(UsageError) -> Int32 in
    guard arguments.positionals.isEmpty else {
      throw UsageError("generate reads no FILE, got '\(arguments.positionals[0])'")
    }
    let grid = try SpriteOptions.grid(arguments)
    let duration = try SpriteOptions.requiredDecimal("--duration", arguments)
    do throws(SpriteGrid.ConfigurationError) {
      try grid.checkDuration(duration)
    } catch {
      throw UsageError(error.message)
    }
    let format = arguments.value("--format") ?? "vtt"
    if format != "vtt" && arguments.value("--shift-ads") != nil {
      throw UsageError("--shift-ads works with --format vtt only (\(format) has no gaps for ads)")
    }
    switch format {
    case "vtt":
      let cap = try arguments.integer("--max-thumbnails")
      if let cap, cap < 1 { throw UsageError("option '--max-thumbnails' must be at least 1") }
      let generated = grid.generate(duration: duration, maximumCount: cap)
      for warning in generated.warnings {
        io.errorLine(
          "thumbnail-tool generate: warning: \(warning) "
            + "[\(ToolDiagnosticCode.generateWarning.rawValue)]")
      }
      guard let track = TrackInput.adjust(generated.track, arguments: arguments, io: io) else {
        return ExitStatus.failure
      }
      TrackInput.write(track, io: io)
    case "hls":
      do {
        io.write(try ImagePlaylistWriter.write(grid.sheets(duration: duration)))
      } catch {
        io.errorLine("thumbnail-tool generate: error: \(error)")
        return ExitStatus.failure
      }
    case "dash", "mpd":
      let bandwidth = try arguments.integer("--bandwidth")
      if let bandwidth, bandwidth < 1 {
        throw UsageError("option '--bandwidth' must be at least 1")
      }
      let set = DASHImageAdaptationSet(
        grid: grid, representationID: arguments.value("--representation-id") ?? "thumbnails",
        bandwidth: bandwidth)
      io.writeLine(format == "dash" ? set.xml : set.mpd(duration: duration))
    default:
      throw UsageError("option '--format' must be vtt, hls, dash or mpd, got '\(format)'")
    }
    return ExitStatus.success
  }
}
