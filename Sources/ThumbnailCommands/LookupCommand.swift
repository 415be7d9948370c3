import HLS
import ManifestCore
import Subtitles
import Thumbnails
import ToolSupport

/// `thumbnail-tool lookup --time SECONDS [FILE]`: the `url#xywh=…` shown at a time, from a
/// track or, with the sprite options, from a sprite configuration alone.
let lookupCommand = CommandSpec(
  name: "lookup", summary: "print the thumbnail shown at a time (url#xywh=…)",
  discussion: """
    Prints the image reference a player shows at --time: the thumbnail that started last at or
    before it; a thumbnail's end belongs to the next one; past the end of the track, the last
    thumbnail. Before the first thumbnail or in a gap there is none: a message on standard
    error and exit status 1. That is --rule containing (the default, W3C WebVTT cue timing);
    --rule next picks the nearest thumbnail starting at or after --time (the scrubbing rule
    issue 20 names; docs/thumbnails.md on its sources), clamped to the first and the last thumbnail, so there is
    always one. --time is seconds (42.5) or a WebVTT timestamp (00:00:42.500).
    With --template and the other sprite options (and optionally --duration, required with
    --shift-ads), the thumbnail is computed from the sprite configuration and no FILE is read.
    """,
  options: [
    .option("--time", "SECONDS", "the playhead position"),
    .option("--rule", "containing|next", "which thumbnail applies (default containing)"),
    .flag("--json", "print {start,end,url,x,y,width,height,unit} instead"),
    TrackInput.baseOption,
    TrackInput.shiftAdsOption,
  ] + SpriteOptions.options + [SpriteOptions.durationOption]
) { arguments, io in
  TrackInput.running("lookup", io: io) { () throws(UsageError) -> Int32 in
    guard let text = arguments.value("--time") else {
      throw UsageError("option '--time' is required")
    }
    guard let time = TrackInput.time(text) else {
      throw UsageError("option '--time' needs seconds or a WebVTT timestamp, got '\(text)'")
    }
    let ruleText = arguments.value("--rule") ?? ThumbnailLookupRule.containing.rawValue
    guard let rule = ThumbnailLookupRule(rawValue: ruleText) else {
      throw UsageError("option '--rule' needs containing or next, got '\(ruleText)'")
    }
    let found: Thumbnail?
    let source: String
    if SpriteOptions.given(arguments) {
      guard arguments.positionals.isEmpty else {
        throw UsageError("a FILE and sprite options cannot be used together")
      }
      let grid = try SpriteOptions.grid(arguments)
      let duration = try SpriteOptions.decimal("--duration", arguments)
      // With ad breaks the time is on the stitched timeline: shift the whole generated track.
      let shifting = arguments.value("--shift-ads") != nil
      if shifting {
        guard let duration else {
          throw UsageError("--shift-ads with sprite options needs --duration")
        }
        do throws(SpriteGrid.ConfigurationError) {
          try grid.checkDuration(duration)
        } catch {
          throw UsageError(error.message)
        }
      }
      let track = ThumbnailTrack(
        thumbnails: shifting
          ? grid.generate(duration: duration ?? .zero).track.thumbnails
          : candidates(grid, at: time, duration: duration))
      guard let adjusted = TrackInput.adjust(track, arguments: arguments, io: io) else {
        return ExitStatus.failure
      }
      found = adjusted.thumbnail(at: time, rule: rule)
      source = "sprite configuration"
    } else {
      let path = try TrackInput.operand(arguments)
      guard let loaded = TrackInput.load(path, arguments: arguments, io: io) else {
        return ExitStatus.failure
      }
      found = loaded.track.thumbnail(at: time, rule: rule)
      source = loaded.name
    }
    guard let found else {
      io.errorLine(
        "\(source): no thumbnail at \(time) s [\(ToolDiagnosticCode.lookupNotFound.rawValue)]")
      return ExitStatus.checkFailed
    }
    if arguments.flag("--json") {
      io.writeJSONLine(found.jsonValue)
    } else {
      io.writeLine(PercentEncoding.encodingUnsafeBytes(found.reference))
    }
    return ExitStatus.success
  }
}

/// The thumbnails of a sprite configuration either rule can pick at `time`: the one holding it
/// (the first one before 0) and the one after it.
private func candidates(_ grid: SpriteGrid, at time: SubtitleTime, duration: ExactDecimal?)
  -> [Thumbnail]
{
  guard let holding = grid.thumbnail(at: time.isNegative ? .zero : time, duration: duration)
  else { return [] }
  guard let following = grid.thumbnail(at: holding.end, duration: duration),
    following.start > holding.start
  else { return [holding] }
  return [holding, following]
}
