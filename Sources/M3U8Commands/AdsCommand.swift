import AdInsertion
import Audit
import HLS
import ManifestCore
import ToolSupport

/// `m3u8-tool ads [--format periods|mpd|json|text|svg] [--scheme xml|xml+bin]
/// [--events offset|per-beacon] [--detect discontinuities] [FILE]`: the ad-break
/// timeline of a media playlist (docs/cli-contract.md).
let adsCommand = CommandSpec(
  name: "ads", summary: "print the ad-break timeline (DASH Periods, MPD, JSON or text)",
  discussion: """
    Reads ad markers in every dialect (EXT-X-CUE-OUT/CONT/IN, EXT-OATCLS-SCTE35, EXT-X-DATERANGE
    SCTE35-OUT/IN, EXT-X-SCTE35, EXT-X-SPLICEPOINT-SCTE35, Adobe EXT-X-CUE, EXT-X-BEACON, HLS
    Interstitials, grafov's EXT-SCTE35) into one timeline. --detect discontinuities also finds
    ads stitched without markers: runs of segments between EXT-X-DISCONTINUITY tags whose URIs
    come from another host or first path component than the content's. --format periods
    (default) writes one DASH <Period> per break with its beacons and SCTE-35 cue (--events
    offset, the default: beacons at the same offset share an Event; --events per-beacon: one
    Event per beacon, ids from 0 in each Period); mpd a whole MPD with the content and ad
    Periods in order (for fMP4/CMAF media, one that plays: every Period lists its segments; with
    --follow, of every variant and audio rendition of a multivariant playlist; docs/dash.md);
    json the
    breaks as JSON; text one line per break; svg the timeline as a picture (segments,
    discontinuities, breaks with their declared durations and dialects, beacons). Malformed markers are warnings on standard error.
    --rewrite DIALECT writes the media playlist instead, its ad markers rewritten in DIALECT
    and every other line byte for byte (docs/ad-marker-rewrite.md).
    """,
  options: [
    .option("--format", "FORMAT", "periods (default), mpd, json, text or svg"),
    .option("--scheme", "SCHEME", "SCTE-35 in Periods: xml (default) or xml+bin"),
    .option("--detect", "HEURISTIC", "also find unmarked breaks: discontinuities"),
    .option("--events", "SHAPE", "Events in Periods: offset (default) or per-beacon"),
    .flag("--follow", "with --format mpd: read the media playlists a multivariant playlist names"),
  ] + AdsRewrite.options
) { arguments, io in
  let (path, problem) = PlaylistInput.singleOperand(arguments)
  if let problem { return PlaylistInput.usageError(problem, command: "ads", io: io) }
  var rewriter: AdMarkerRewriter?
  if arguments.value("--rewrite") == nil, let stray = AdsRewrite.strayOption(arguments) {
    return PlaylistInput.usageError("\(stray) is for --rewrite", command: "ads", io: io)
  }
  if let target = arguments.value("--rewrite") {
    switch AdsRewrite.rewriter(arguments, target: target) {
    case .success(let value): rewriter = value
    case .failure(let problem):
      return PlaylistInput.usageError(problem.message, command: "ads", io: io)
    }
  }
  let format = arguments.value("--format") ?? "periods"
  guard ["periods", "mpd", "json", "text", "svg"].contains(format) else {
    return PlaylistInput.usageError(
      "--format must be periods, mpd, json, text or svg, got '\(format)'", command: "ads",
      io: io)
  }
  let schemeName = arguments.value("--scheme") ?? "xml"
  guard let scheme = DASHPeriodWriter.SCTE35Scheme(rawValue: schemeName) else {
    return PlaylistInput.usageError(
      "--scheme must be xml or xml+bin, got '\(schemeName)'", command: "ads", io: io)
  }
  let shapeName = arguments.value("--events") ?? DASHPeriodWriter.EventShape.byOffset.rawValue
  guard let eventShape = DASHPeriodWriter.EventShape(rawValue: shapeName) else {
    return PlaylistInput.usageError(
      "--events must be offset or per-beacon, got '\(shapeName)'", command: "ads", io: io)
  }
  var detections = Set<AdTimeline.Detection>()
  if let name = arguments.value("--detect") {
    guard let detection = AdTimeline.Detection(rawValue: name) else {
      return PlaylistInput.usageError(
        "--detect must be discontinuities, got '\(name)'", command: "ads", io: io)
    }
    detections.insert(detection)
  }
  if arguments.flag("--follow"), format != "mpd" {
    return PlaylistInput.usageError("--follow needs --format mpd", command: "ads", io: io)
  }
  guard let loaded = PlaylistInput.load(path, io: io) else { return ExitStatus.failure }
  var writer = DASHPeriodWriter(scheme: scheme)
  writer.eventShape = eventShape
  if format == "mpd" {
    return AdsMPD.write(
      loaded, follow: arguments.flag("--follow"), detecting: detections, writer: writer, io: io)
  }
  guard let media = loaded.playlist.media else {
    io.report(
      ParseError(
        code: ToolDiagnosticCode.multivariant.rawValue,
        message: "ads needs a media playlist; this is a multivariant playlist"),
      file: loaded.document.name)
    return ExitStatus.failure
  }
  let timeline = AdTimeline(media, detecting: detections)
  for issue in timeline.issues where issue.severity >= .warning {
    io.report(issue.diagnostic, file: loaded.document.name)
  }
  if let rewriter {
    return AdsRewrite.run(rewriter, media, timeline, file: loaded.document.name, io: io)
  }
  switch format {
  case "json":
    io.writeJSONLine(timeline.jsonValue)
  case "text":
    io.write(timeline.text)
  case "svg":
    let track = TimelineTrack(name: loaded.document.name, media: media, timeline: timeline)
    io.write(AdTimelineChart(tracks: [track]).svgDocument)
  default:
    for period in writer.periods(timeline) { io.writeLine(period) }
  }
  return ExitStatus.success
}
