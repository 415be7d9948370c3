import HLS
import ManifestCore
import Subtitles
import ToolSupport

/// `subtitle-tool package --segment SECONDS --language LANG --name NAME [--group GROUP-ID]
/// [--master FILE] [options] INPUT OUTDIR`: the input as an HLS WebVTT subtitle rendition
/// (RFC 8216bis §3.1.4): segment files, their media playlist, and the EXT-X-MEDIA line.
enum PackageCommand {
  /// The media playlist's file name, as Apple's `mediasubtitlesegmenter` names it.
  static let playlistName = "prog_index.m3u8"

  /// The file name of segment `index`, as `mediasubtitlesegmenter` names them.
  static func segmentName(_ index: Int) -> String { "fileSequence\(index).webvtt" }

  static let spec = CommandSpec(
    name: "package",
    summary: "segment subtitles into an HLS WebVTT rendition with its playlist and EXT-X-MEDIA",
    operands: "INPUT OUTDIR",
    discussion: """
      Writes OUTDIR/fileSequenceN.webvtt (segments of --segment seconds from 0, the last one
      shorter, up to --duration or the last cue's end) and OUTDIR/prog_index.m3u8 (a VOD media
      playlist), all or nothing, and prints the #EXT-X-MEDIA:TYPE=SUBTITLES line to add to the
      multivariant playlist. Cue times stay on the media timeline: every segment has the same
      X-TIMESTAMP-MAP (MPEGTS:--mpegts, LOCAL:00:00:00.000; a WebVTT input's own map when
      --mpegts is not given). A cue that spans a segment boundary is in both segments (as
      Apple's mediasubtitlesegmenter and Shaka Packager write it); segments without cues are
      written too. With --master, a LANGUAGE or NAME already in the group, a group of another
      TYPE, or --default in a group that has a default is refused (RFC 8216bis §4.4.6.1.1).
      """,
    options: [
      .option("--segment", "SECONDS", "segment duration (required)"),
      .option("--language", "LANG", "LANGUAGE, a BCP 47 tag (required)"),
      .option("--name", "NAME", "NAME, shown to viewers (required)"),
      .option("--group", "GROUP-ID", "GROUP-ID (default subs)"),
      .option("--master", "FILE", "refuse what this multivariant playlist's group already has"),
      .option("--uri", "URI", "URI of the media playlist (default OUTDIR/prog_index.m3u8)"),
      .option("--mpegts", "PTS", "X-TIMESTAMP-MAP MPEGTS of cue time 0 (default 900000)"),
      .option("--duration", "SECONDS", "presentation duration (default the last cue's end)"),
      .flag("--default", "DEFAULT=YES"),
      .flag("--forced", "FORCED=YES"),
      SubtitleInput.fromOption, SubtitleInput.encodingOption,
    ]
  ) { arguments, io in
    let request: PackageRequest
    do throws(UsageError) {
      request = try PackageRequest(arguments)
    } catch {
      return SubtitleInput.usageError(error.message, code: error.code, command: "package", io: io)
    }
    if let master = request.master, !checkMaster(master, request: request, io: io) {
      return ExitStatus.failure
    }
    let input = request.input == "-" ? nil : request.input
    switch SubtitleInput.read(input, arguments: arguments, io: io, tool: "subtitle-tool package") {
    case .failure(let code): return code.status
    case .success(let (document, name)):
      SubtitleInput.reportDiagnostics(document, name: name, io: io)
      return package(document, name: name, request: request, io: io)
    }
  }

  /// Writes the rendition of `document` and prints its EXT-X-MEDIA line.
  private static func package(
    _ document: SubtitleDocument, name: String, request: PackageRequest, io: ToolIO
  ) -> Int32 {
    let images = document.cues.filter(\.isImage).count
    if images > 0 {
      io.errorLine(
        "\(name): warning: \(images) image cue\(images == 1 ? "" : "s") cannot be written as "
          + "WebVTT and \(images == 1 ? "was" : "were") skipped "
          + "[\(ToolDiagnosticCode.convertImagesSkipped.rawValue)]")
    }
    let text = document.cues.filter { !$0.isImage }
    let lastEnd = text.map { max($0.start, $0.end) }.max() ?? .zero
    let end = request.duration ?? (lastEnd > .zero ? lastEnd : request.segment)
    let after = text.filter { $0.start >= end }
    if let first = after.first {
      io.errorLine(
        "\(name):\(max(first.line, 1)):1: warning: \(after.count) cue"
          + "\(after.count == 1 ? " starts" : "s start") at or after --duration \(end) s and "
          + "\(after.count == 1 ? "is" : "are") left out "
          + "[\(ToolDiagnosticCode.packageCuesAfterEnd.rawValue)]")
    }
    guard
      let segments = WebVTTSegmenter.segments(
        of: text, duration: request.segment, end: end, maximumCount: maximumSegments)
    else {
      return SubtitleInput.usageError(
        "--segment \(request.segment) would make more than \(maximumSegments) segments of "
          + "\(end) s", command: "package", io: io)
    }
    let map =
      request.mpegts.map { WebVTTTimestampMap(mpegts: $0, local: .zero) }
      ?? document.timestampMap ?? WebVTTTimestampMap(mpegts: 900_000, local: .zero)
    var files: [(name: String, bytes: [UInt8])] = []
    var playlist = MediaPlaylistBuilder(playlistType: .vod, endList: true)
    for (index, segment) in segments.enumerated() {
      files.append((segmentName(index), segment.webVTT(header: document, map: map)))
      playlist.append(Segment(uri: segmentName(index), duration: segment.duration.decimal))
    }
    do throws(PlaylistWriteError) {
      files.append((playlistName, try PlaylistWriter.write(playlist)))
    } catch {
      io.errorLine("subtitle-tool package: error: \(error.description)")
      return ExitStatus.failure
    }
    if let reason = io.writeFiles(in: request.outputDirectory, files) {
      io.errorLine(
        "subtitle-tool package: error: \(reason); nothing was written "
          + "[\(ToolDiagnosticCode.packageNotWritten.rawValue)]")
      return ExitStatus.failure
    }
    io.write(bytes: request.mediaLine)
    return ExitStatus.success
  }

  /// The most segments one rendition is cut into (a day of 0.1 s segments is 864,000).
  static let maximumSegments = 1_000_000

  /// Reports what `master` already has that the new rendition may not repeat; true when
  /// nothing conflicts.
  private static func checkMaster(_ path: String, request: PackageRequest, io: ToolIO) -> Bool {
    let input: InputDocument
    let parsed: Playlist
    do {
      input = try io.read(path)
    } catch {
      io.errorLine(error.description)
      return false
    }
    do throws(ParseError) {
      parsed = try Playlist.parse(input.bytes, options: ParseOptions(limits: io.limits))
    } catch {
      io.report(error, file: input.name)
      return false
    }
    guard case .multivariant(let master) = parsed else {
      io.report(
        Diagnostic(
          .error, "--master needs a multivariant playlist; this is a media playlist",
          code: ToolDiagnosticCode.usage.rawValue, at: .start), file: input.name)
      return false
    }
    let conflict = RenditionConflict.first(in: master.renditions, adding: request.rendition)
    guard let conflict else { return true }
    let lines = master.source.lines
    let location =
      lines.indices.contains(conflict.rendition.line)
      ? lines[conflict.rendition.line].location : .start
    io.report(
      Diagnostic(
        .error, conflict.message, code: ToolDiagnosticCode.packageConflict.rawValue,
        at: location), file: input.name)
    return false
  }
}
