import ManifestCore
import Subtitles

/// Reads WebVTT thumbnail tracks: cues whose payload is an image URL, usually with a spatial
/// media fragment (`sprites/sheet-0001.jpg#xywh=160,0,160,90`, W3C Media Fragments URI 1.0
/// §4.2.2, in pixels by default or with `pixel:` / `percent:`), or a whole image per cue.
///
/// Built on `WebVTTScanner` (W3C WebVTT §6.1), so timestamps, short `mm:ss.ttt` forms, header,
/// `NOTE` and `STYLE` blocks follow the WebVTT reader exactly; only payloads are read
/// differently (as URLs, without building cue text).
public enum ThumbnailTrackReader {
  /// Parses a thumbnail track; throws when the bytes are not text or lack the `WEBVTT`
  /// signature. Cues without an image URL are dropped with an error diagnostic; a bad `xywh`
  /// is an error diagnostic and leaves the thumbnail without a region.
  public static func read(_ input: [UInt8]) throws(ParseError) -> ThumbnailTrack {
    var scanner = try WebVTTScanner(input)
    let bytes = scanner.bytes
    var diagnostics: [Diagnostic] = []
    var thumbnails: [Thumbnail] = []
    thumbnails.reserveCapacity(bytes.count / 64)
    var styleSheets: [String] = []
    var comments: [SubtitleComment] = []
    var previousURL: String? = nil
    bytes.withUnsafeBufferPointer { buffer in
      while let block = scanner.next() {
        switch block {
        case .cue(let raw):
          if let thumbnail = thumbnail(
            raw, in: buffer, previousURL: previousURL, diagnostics: &diagnostics)
          {
            previousURL = thumbnail.url
            thumbnails.append(thumbnail)
          }
        case .comment(let raw):
          var text = ASCII.string(bytes, (raw.firstLine.lowerBound + 4)..<raw.firstLine.upperBound)
          if text.hasPrefix(" ") || text.hasPrefix("\t") { text.removeFirst() }
          if !raw.body.isEmpty {
            text +=
              "\n"
              + WebVTTReader.string(bytes, raw.body, normalizing: raw.bodyHasCarriageReturn)
          }
          comments.append(SubtitleComment(text: text, beforeCue: thumbnails.count))
        case .style(let raw):
          styleSheets.append(
            WebVTTReader.string(bytes, raw.body, normalizing: raw.bodyHasCarriageReturn))
        case .region(let raw):
          diagnostics.append(
            Diagnostic(
              .warning, "REGION block is ignored in a thumbnail track",
              code: ThumbnailDiagnosticCode.vttRegionBlock.rawValue,
              at: SourceLocation(line: raw.line, column: 1, offset: raw.firstLine.lowerBound)))
        }
      }
    }
    diagnostics += scanner.diagnostics
    diagnostics.sort { $0.location.offset < $1.location.offset }
    return ThumbnailTrack(
      thumbnails: thumbnails, headerText: ASCII.string(bytes, scanner.headerText),
      headerLines: scanner.headerLines.map { ASCII.string(bytes, $0.range) },
      styleSheets: styleSheets, comments: comments, diagnostics: diagnostics)
  }

  /// The thumbnail of a scanned cue, or `nil` (with an error) when its payload is empty.
  static func thumbnail(
    _ raw: WebVTTRawCue, in bytes: UnsafeBufferPointer<UInt8>, previousURL: String?,
    diagnostics: inout [Diagnostic]
  ) -> Thumbnail? {
    let payload = raw.payload
    // The payload starts at the beginning of the line after the timing line.
    let lineNumber = raw.line + 1
    func location(_ offset: Int) -> SourceLocation {
      SourceLocation(line: lineNumber, column: offset - payload.lowerBound + 1, offset: offset)
    }
    let lineEnd =
      raw.payloadHasCarriageReturn
      ? ByteScan.firstLineBreak(bytes, payload) : ByteScan.first(0x0A, in: bytes, payload)
    var first = payload.lowerBound..<lineEnd
    while !first.isEmpty && ASCII.isBlank(bytes[first.lowerBound]) {
      first = (first.lowerBound &+ 1)..<first.upperBound
    }
    while !first.isEmpty && ASCII.isBlank(bytes[first.upperBound &- 1]) {
      first = first.lowerBound..<(first.upperBound &- 1)
    }
    // An empty payload, or one that is only a fragment (`#xywh=…`, which names this track).
    guard !first.isEmpty, bytes[first.lowerBound] != 0x23 else {
      diagnostics.append(
        Diagnostic(
          .error, "thumbnail cue has no image URL; the cue is ignored",
          code: ThumbnailDiagnosticCode.cueWithoutURL.rawValue,
          at: SourceLocation(
            line: raw.line, column: raw.timingLineStart, offset: payload.lowerBound)))
      return nil
    }
    if lineEnd < payload.upperBound {
      let nextLine =
        bytes[lineEnd] == 0x0D && lineEnd + 1 < payload.upperBound && bytes[lineEnd + 1] == 0x0A
        ? lineEnd + 2 : lineEnd + 1
      diagnostics.append(
        Diagnostic(
          .warning, "thumbnail cue has more than one payload line; only the first is used",
          code: ThumbnailDiagnosticCode.cueExtraPayload.rawValue,
          at: SourceLocation(line: lineNumber + 1, column: 1, offset: nextLine)))
    }
    let reference = ImageReference(bytes, first, previousURL: previousURL)
    for problem in reference.problems {
      diagnostics.append(
        Diagnostic(
          problem.severity, problem.message, code: problem.code.rawValue,
          at: location(problem.offset)))
    }
    return Thumbnail(
      start: raw.start, end: raw.end, url: reference.url, region: reference.region,
      otherFragment: reference.otherFragment,
      identifier: raw.identifier.map { ImageReference.string(bytes, $0) },
      settings: raw.settings.isEmpty ? nil : ImageReference.string(bytes, raw.settings),
      line: raw.line,
      regionLocation: reference.regionOffset.map(location))
  }
}
