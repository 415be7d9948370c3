import HLS
import ManifestCore
import Thumbnails
import ToolSupport

/// `thumbnail-tool from-hls [--iframes [--ffmpeg]] [FILE]`: an HLS image media playlist
/// (EXT-X-IMAGES-ONLY, EXT-X-TILES) as a WebVTT thumbnail track, or with `--iframes` the frames
/// of an I-frame playlist (EXT-X-I-FRAMES-ONLY) as JSON rows or ffmpeg extraction commands.
let fromHLSCommand = CommandSpec(
  name: "from-hls", summary: "turn an HLS image media playlist into a WebVTT thumbnail track",
  discussion: """
    Each segment is a sprite sheet covering its EXTINF, cut by EXT-X-TILES into a LAYOUT grid
    of RESOLUTION tiles shown DURATION each (EXTINF split evenly when DURATION is absent), in
    row order; a segment without EXT-X-TILES is one whole-image thumbnail; EXT-X-GAP segments
    get none. Image URIs stay relative to the playlist unless --base is given. A playlist
    without EXT-X-IMAGES-ONLY is refused. With --iframes the input is an I-frame playlist and
    the output {"iframes":[{time,duration,uri,offset,length,map}]}, one row per I-frame
    (offset/length null for a whole resource; map the EXT-X-MAP it needs, or null); with
    --ffmpeg instead one POSIX shell command per I-frame that decodes it into
    iframe-NNNNN.jpg (ffmpeg's subfile protocol cuts the byte range, concat puts the map
    first; every argument single-quoted).
    """,
  options: [
    TrackInput.baseOption, TrackInput.shiftAdsOption,
    .flag("--iframes", "read an I-frame playlist (EXT-X-I-FRAMES-ONLY): one row per I-frame"),
    .flag("--ffmpeg", "with --iframes: print ffmpeg extraction commands instead of JSON"),
    .flag("--pretty", "with --iframes: indent the JSON"),
  ]
) { arguments, io in
  TrackInput.running("from-hls", io: io) { () throws(UsageError) -> Int32 in
    let path = try TrackInput.operand(arguments)
    let iFrames = arguments.flag("--iframes")
    if !iFrames && (arguments.flag("--ffmpeg") || arguments.flag("--pretty")) {
      throw UsageError("--ffmpeg and --pretty need --iframes")
    }
    if iFrames && arguments.value("--shift-ads") != nil {
      throw UsageError("--shift-ads does not apply to --iframes")
    }
    guard let document = TrackInput.read(path, io: io) else { return ExitStatus.failure }
    guard TrackInput.isPlaylist(document.bytes) else {
      io.errorLine(
        "\(document.name):1:1: error: not an HLS playlist (no #EXTM3U line) "
          + "[hls.extm3u.missing]")
      return ExitStatus.failure
    }
    let parsed: Playlist
    do throws(ParseError) {
      parsed = try Playlist.parse(document.bytes, options: ParseOptions(limits: io.limits))
    } catch {
      io.report(error, file: document.name)
      return ExitStatus.failure
    }
    if iFrames { return writeIFrames(parsed, document.name, arguments, io) }
    if case .media(let media) = parsed, !media.imagesOnly {
      let message =
        media.iFramesOnly
        ? ImagePlaylistReader.iFramesMessage
        : "not an image media playlist (no EXT-X-IMAGES-ONLY); from-hls reads sprite-sheet "
          + "playlists (--iframes reads an I-frame playlist)"
      let code: ThumbnailDiagnosticCode = media.iFramesOnly ? .iFramesOnly : .notImagePlaylist
      let location =
        media.iFramesOnly ? ImagePlaylistReader.iFramesTagLocation(media) : SourceLocation.start
      io.report(
        Diagnostic(.error, message, code: code.rawValue, at: location), file: document.name)
      return ExitStatus.failure
    }
    guard case .media(let media) = parsed else {
      // The library's message for a multivariant playlist.
      guard let loaded = TrackInput.parse(document, arguments: arguments, io: io) else {
        return ExitStatus.failure
      }
      TrackInput.write(loaded.track, io: io)
      return ExitStatus.success
    }
    let track: ThumbnailTrack
    do throws(ParseError) {
      track = try ImagePlaylistReader.read(media, limits: io.limits)
    } catch {
      io.report(error, file: document.name)
      return ExitStatus.failure
    }
    for diagnostic in track.diagnostics { io.report(diagnostic, file: document.name) }
    guard let adjusted = TrackInput.adjust(track, arguments: arguments, io: io) else {
      return ExitStatus.failure
    }
    TrackInput.write(adjusted, io: io)
    return ExitStatus.success
  }
}

/// The `--iframes` output of `from-hls`.
private func writeIFrames(
  _ parsed: Playlist, _ name: String, _ arguments: ParsedArguments, _ io: ToolIO
) -> Int32 {
  guard case .media(let media) = parsed, media.iFramesOnly else {
    io.report(
      Diagnostic(
        .error,
        "--iframes needs an I-frame media playlist (EXT-X-I-FRAMES-ONLY); this one has none",
        code: ThumbnailDiagnosticCode.notImagePlaylist.rawValue, at: .start), file: name)
    return ExitStatus.failure
  }
  for diagnostic in media.diagnostics { io.report(diagnostic, file: name) }
  var frames = IFramePreview.frames(media)
  if let base = arguments.value("--base") { frames = frames.map { $0.resolving(against: base) } }
  if arguments.flag("--ffmpeg") {
    for (index, frame) in frames.enumerated() {
      let number = String(index + 1)
      let padded = String(repeating: "0", count: max(0, 5 - number.count)) + number
      io.writeLine(frame.ffmpegCommand(output: "iframe-\(padded).jpg"))
    }
  } else {
    let json = JSONValue.object([("iframes", .array(frames.map(\.jsonValue)))])
    io.writeJSONLine(json, pretty: arguments.flag("--pretty"))
  }
  return ExitStatus.success
}
