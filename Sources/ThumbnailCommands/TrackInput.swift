import ManifestCore
import Subtitles
import Thumbnails
import ToolSupport

/// What the `thumbnail-tool` commands share: reading a track (WebVTT, or an HLS image media
/// playlist sniffed by its `#EXTM3U` line), `--base` and `--shift-ads`, and the contract's
/// error handling (`FILE:LINE:COL: error: message` and exit status 2).
enum TrackInput {
  /// `--base URL`: resolve relative image URLs against it.
  static let baseOption = OptionSpec.option(
    "--base", "URL", "resolve relative image URLs against URL (the track's own URL)")
  /// `--shift-ads FILE`: move thumbnails past inserted ad breaks.
  static let shiftAdsOption = OptionSpec.option(
    "--shift-ads", "FILE",
    "move thumbnail times past the ad breaks of FILE ('m3u8-tool ads --format json' output)")

  /// A track and the name of the document it came from.
  struct Loaded {
    var name: String
    var track: ThumbnailTrack
  }

  /// Reads and parses `path` (standard input for `nil` or `-`), prints its diagnostics, and
  /// applies `--base` and `--shift-ads`; `nil` after reporting a failure.
  static func load(
    _ path: String?, arguments: ParsedArguments, io: ToolIO, quiet: Bool = false
  ) -> Loaded? {
    guard let document = read(path, io: io) else { return nil }
    return parse(document, arguments: arguments, io: io, quiet: quiet)
  }

  /// Reads `path` (standard input for `nil` or `-`); `nil` after reporting a failure.
  static func read(_ path: String?, io: ToolIO) -> InputDocument? {
    do {
      return try io.read(path)
    } catch {
      io.errorLine(error.description)
      return nil
    }
  }

  /// Parses a document (see `load`).
  static func parse(
    _ document: InputDocument, arguments: ParsedArguments, io: ToolIO, quiet: Bool = false
  ) -> Loaded? {
    let track: ThumbnailTrack
    do {
      track =
        isPlaylist(document.bytes)
        ? try ImagePlaylistReader.read(document.bytes, limits: io.limits)
        : try ThumbnailTrackReader.read(document.bytes)
    } catch {
      io.report(error, file: document.name)
      return nil
    }
    if !quiet {
      for diagnostic in track.diagnostics { io.report(diagnostic, file: document.name) }
    }
    guard let adjusted = adjust(track, arguments: arguments, io: io) else { return nil }
    return Loaded(name: document.name, track: adjusted)
  }

  /// The track with `--base` and `--shift-ads` applied; `nil` after reporting a bad ads file.
  static func adjust(_ track: ThumbnailTrack, arguments: ParsedArguments, io: ToolIO)
    -> ThumbnailTrack?
  {
    var track = track
    if let base = arguments.value("--base") { track = track.resolvingURLs(against: base) }
    if let adsPath = arguments.value("--shift-ads") {
      guard let shift = loadShift(adsPath, io: io) else { return nil }
      track = shift.shift(track)
    }
    return track
  }

  /// Reads an `m3u8-tool ads --format json` document; `nil` after reporting a problem.
  static func loadShift(_ path: String, io: ToolIO) -> AdInsertionShift? {
    guard let document = read(path, io: io) else { return nil }
    do {
      return try AdInsertionShift(json: document.bytes)
    } catch {
      io.report(error, file: document.name)
      return nil
    }
  }

  /// True when the input starts (after a byte-order mark and blanks) with `#EXTM3U`.
  static func isPlaylist(_ bytes: [UInt8]) -> Bool {
    var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while i < bytes.count && (ASCII.isBlank(bytes[i]) || bytes[i] == 0x0A || bytes[i] == 0x0D) {
      i += 1
    }
    return ASCII.hasPrefix(bytes, i..<bytes.count, "#EXTM3U")
  }

  /// The single optional FILE operand.
  static func operand(_ arguments: ParsedArguments) throws(UsageError) -> String? {
    guard arguments.positionals.count <= 1 else {
      throw UsageError("expected at most one FILE, got \(arguments.positionals.count)")
    }
    return arguments.positionals.first
  }

  /// Runs `body`, turning a usage error into the contract's message and exit status 2.
  static func running(
    _ command: String, io: ToolIO, _ body: () throws(UsageError) -> Int32
  ) -> Int32 {
    do {
      return try body()
    } catch {
      return usageError(error.message, code: error.code, command: command, io: io)
    }
  }

  /// Prints `thumbnail-tool COMMAND: error: message [code]` and a hint; returns exit status 2.
  static func usageError(
    _ message: String, code: ToolDiagnosticCode = .usage, command: String, io: ToolIO
  ) -> Int32 {
    io.errorLine(
      "thumbnail-tool \(command): error: " + DiagnosticCodeInfo.tagged(message, code.rawValue))
    io.errorLine("Run 'thumbnail-tool \(command) --help' for usage.")
    return ExitStatus.failure
  }

  /// A time given as seconds (`42.5`, `-1`) or as a WebVTT timestamp (`00:01:02.500`).
  static func time(_ text: String) -> SubtitleTime? {
    if let seconds = ExactDecimal(text) { return SubtitleTime(seconds) }
    return WebVTTTimestamp.parse(text)
  }

  /// The WebVTT track bytes for standard output.
  static func write(_ track: ThumbnailTrack, io: ToolIO) {
    io.write(bytes: ThumbnailTrackWriter.write(track))
  }
}
