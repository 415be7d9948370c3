import HLS
import ManifestCore
import ToolSupport

/// `m3u8-tool locate [--time SECONDS | --date ISO8601] [--json] [FILE]`: the segment (and part)
/// holding a media time or a program date-time, and the playlist's playback timing.
let locateCommand = CommandSpec(
  name: "locate",
  summary: "the segment and part holding a time or a program date-time",
  discussion: """
    FILE is a media playlist, or a multivariant playlist: then the first listed variant's media
    playlist (where clients start) is read, with the multivariant playlist's EXT-X-START
    applying in place of its own (RFC 8216bis §4.4.2), and printed first. --time is seconds from the start of the first listed segment;
    --date an EXT-X-PROGRAM-DATE-TIME instant (ISO 8601 with a zone). Without either, locates
    where a client starts playing (EXT-X-START, else HOLD-BACK / PART-HOLD-BACK or three target
    durations from the end of a live playlist, else 0). Prints the segment's media sequence
    number, index and URI, its start and duration, the offset inside it, and the partial segment
    and offset inside that for LL-HLS. A time or date outside the playlist exits 1.
    --json also gives the seekable window, start position and live edge.
    """,
  options: [
    .option("--time", "SECONDS", "a media time: seconds from the start of the first segment"),
    .option("--date", "ISO8601", "a program date-time, such as 2025-11-29T18:42:20.104Z"),
    .flag("--json", "print {timing, location} instead (docs/schemas/locate.schema.json)"),
  ]
) { arguments, io in
  let (path, problem) = PlaylistInput.singleOperand(arguments)
  if let problem { return PlaylistInput.usageError(problem, command: "locate", io: io) }
  let timeText = arguments.value("--time")
  let dateText = arguments.value("--date")
  if timeText != nil && dateText != nil {
    return PlaylistInput.usageError(
      "--time and --date cannot be used together", command: "locate", io: io)
  }
  var time: ExactDecimal? = nil
  if let timeText {
    guard let value = ExactDecimal(timeText), !value.isNegative else {
      return PlaylistInput.usageError(
        "option '--time' needs seconds of 0 or more, got '\(timeText)'", code: .option,
        command: "locate", io: io)
    }
    time = value
  }
  var date: DateTime? = nil
  if let dateText {
    guard let value = DateTime(dateText) else {
      return PlaylistInput.usageError(
        "option '--date' needs an ISO 8601 date-time such as 2025-11-29T18:42:20.104Z, got "
          + "'\(dateText)'", code: .option, command: "locate", io: io)
    }
    date = value
  }
  guard let loaded = PlaylistInput.load(path, io: io) else { return ExitStatus.failure }
  let document = loaded.document
  let playlist: MediaPlaylist
  let timing: PlaybackTiming
  var variant: String? = nil
  switch loaded.playlist {
  case .media(let media):
    playlist = media
    timing = media.playbackTiming
  case .multivariant(let multivariant):
    guard let first = FirstVariant.load(multivariant, name: document.name, io: io) else {
      return ExitStatus.failure
    }
    (playlist, variant) = (first.media, first.uri)
    timing = PlaybackTiming(first.media, multivariantStart: multivariant.start)
  }
  let location: MediaLocation?
  if let time {
    location = playlist.location(atTime: time)
  } else if let date {
    location = playlist.location(atDate: date)
  } else {
    location = timing.start
  }
  guard let location else {
    let asked = time.map { "\($0) s" } ?? date.map { "\($0)" } ?? "the start"
    var window = "[\(timing.window.start), \(timing.window.end)] s"
    if date != nil {
      window =
        timing.window.startDate.map { start in
          "\(start) – " + (timing.window.endDate.map { "\($0)" } ?? "?")
        } ?? "without EXT-X-PROGRAM-DATE-TIME"
    }
    io.errorLine(
      "\(document.name):1:1: error: no segment holds \(asked); the playlist spans \(window) "
        + "[\(ToolDiagnosticCode.locateOutsidePlaylist.rawValue)]")
    return ExitStatus.checkFailed
  }
  if arguments.flag("--json") {
    var members: [(String, JSONValue)] = [
      ("timing", TimingJSON.timing(timing)), ("location", TimingJSON.location(location)),
    ]
    if let variant { members.append(("variant", .string(variant))) }
    io.writeJSONLine(JSONValue.object(members))
  } else {
    if let variant { io.writeLine(TextEscaping.escapingControlCharacters("variant: \(variant)")) }
    for line in TimingText.location(location) {
      io.writeLine(TextEscaping.escapingControlCharacters(line))
    }
  }
  return ExitStatus.success
}
