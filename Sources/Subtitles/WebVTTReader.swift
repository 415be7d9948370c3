import ManifestCore

/// Reads WebVTT files (W3C WebVTT) into a `SubtitleDocument`: header text and lines,
/// `X-TIMESTAMP-MAP` (RFC 8216bis §3.1.4), `STYLE`, `REGION` and `NOTE` blocks, and cues with
/// identifiers, settings and payload markup. For the fastest walk over cues without building
/// `Cue`s, use `WebVTTScanner` directly.
public enum WebVTTReader {
  /// Parses a WebVTT file; throws when the bytes are not text or lack the `WEBVTT` signature.
  public static func read(_ input: [UInt8], encoding: SubtitleEncoding = .automatic)
    throws(ParseError) -> SubtitleDocument
  {
    var scanner = try WebVTTScanner(input, encoding: encoding)
    let bytes = scanner.bytes
    var document = SubtitleDocument(format: .webVTT)
    document.headerText = ASCII.string(bytes, scanner.headerText)
    for line in scanner.headerLines {
      let text = ASCII.string(bytes, line.range)
      if text.hasPrefix("X-TIMESTAMP-MAP=") {
        if let map = WebVTTTimestampMap(headerValue: String(text.dropFirst(16))) {
          document.timestampMap = map
          continue
        }
        document.diagnostics.append(
          Diagnostic(
            .warning, "invalid X-TIMESTAMP-MAP (expected MPEGTS:<ticks>,LOCAL:<timestamp>)",
            code: SubtitleDiagnosticCode.vttTimestampMapInvalid.rawValue, at: line.startLocation))
      } else if text.hasPrefix("Region:") {
        document.diagnostics.append(
          Diagnostic(
            .warning,
            "a 'Region:' header line (a WebVTT draft before REGION blocks) is kept, but browsers "
              + "ignore it; write a REGION block (§4.5)",
            code: SubtitleDiagnosticCode.vttRegionHeader.rawValue, at: line.startLocation))
      } else if text.hasPrefix("Language:") {
        document.language = String(Substring(text.dropFirst(9)).trimmingBlanks)
      }
      document.headerLines.append(text)
    }
    var cues: [Cue] = []
    cues.reserveCapacity(bytes.count / 64)
    let source = SourceBuffer(bytes)
    while let block = scanner.next() {
      switch block {
      case .cue(let raw):
        cues.append(cue(raw, in: source))
      case .comment(let raw):
        var text = ASCII.string(bytes, (raw.firstLine.lowerBound + 4)..<raw.firstLine.upperBound)
        if text.hasPrefix(" ") || text.hasPrefix("\t") { text.removeFirst() }
        if !raw.body.isEmpty {
          text += "\n" + string(bytes, raw.body, normalizing: raw.bodyHasCarriageReturn)
        }
        document.comments.append(SubtitleComment(text: text, beforeCue: cues.count))
      case .style(let raw):
        document.styleSheets.append(string(bytes, raw.body, normalizing: raw.bodyHasCarriageReturn))
      case .region(let raw):
        if let region = region(raw, in: bytes, diagnostics: &document.diagnostics) {
          document.regions.append(region)
        }
      }
    }
    document.cues = cues
    document.diagnostics += scanner.diagnostics
    document.diagnostics.sort { $0.location.line < $1.location.line }
    return document
  }

  /// The `Cue` for a scanned cue (`bytes` being the scanner's `bytes`).
  public static func cue(_ raw: WebVTTRawCue, in bytes: [UInt8]) -> Cue {
    cue(raw, in: SourceBuffer(bytes))
  }

  private static func cue(_ raw: WebVTTRawCue, in source: SourceBuffer) -> Cue {
    let bytes = source.bytes
    let payload = SourceSlice(
      source: source, range: raw.payload, normalizesNewlines: raw.payloadHasCarriageReturn)
    var cue = Cue(
      identifier: raw.identifier.map { ASCII.string(bytes, $0) }, start: raw.start,
      end: raw.end, content: .text(CueText(markup: payload, in: .webVTT)), line: raw.line)
    if !raw.settings.isEmpty {
      let text = ASCII.string(bytes, raw.settings)
      let settings = WebVTTCueSettings(text)
      cue.settings = text
      cue.region = settings.region
      cue.placement = settings.placement
    }
    return cue
  }

  /// The bytes of `range` as text, with CRLF and CR line breaks turned into `\n` when
  /// `normalizing` is set.
  public static func string(_ bytes: [UInt8], _ range: Range<Int>, normalizing: Bool) -> String {
    guard normalizing else { return ASCII.string(bytes, range) }
    var out = [UInt8]()
    out.reserveCapacity(range.count)
    var i = range.lowerBound
    while i < range.upperBound {
      let b = bytes[i]
      if b == 0x0D {
        out.append(0x0A)
        if i + 1 < range.upperBound && bytes[i + 1] == 0x0A { i += 1 }
      } else {
        out.append(b)
      }
      i += 1
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// W3C WebVTT §6.5 region settings: `id`, `width`, `lines`, `regionanchor`,
  /// `viewportanchor`, `scroll`, one or more per line.
  private static func region(
    _ raw: WebVTTRawBlock, in bytes: [UInt8], diagnostics: inout [Diagnostic]
  ) -> SubtitleRegion? {
    let text = string(bytes, raw.body, normalizing: raw.bodyHasCarriageReturn)
    var identifier: String? = nil
    var properties: [StyleProperty] = []
    for item in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
      guard let colon = item.firstIndex(of: ":") else { continue }
      let name = String(item[..<colon])
      let value = String(item[item.index(after: colon)...])
      if name == "id" { identifier = value }
      properties.append(StyleProperty(name, value))
    }
    guard let identifier, !identifier.isEmpty else {
      diagnostics.append(
        Diagnostic(
          .warning, "REGION block without an id is ignored",
          code: SubtitleDiagnosticCode.vttRegionWithoutID.rawValue,
          at: SourceLocation(line: raw.line, column: 1, offset: raw.firstLine.lowerBound)))
      return nil
    }
    return SubtitleRegion(identifier: identifier, properties: properties)
  }
}
