import ManifestCore

/// A WebVTT cue as the scanner finds it: times parsed, everything else byte ranges into the
/// scanner's UTF-8 buffer. Cheap enough for tracks of tens of thousands of cues (thumbnail
/// tracks); `WebVTTReader` turns these into `Cue`s.
public struct WebVTTRawCue: Sendable, Hashable {
  /// The identifier line, if the cue has one.
  public var identifier: Range<Int>?
  /// The start time.
  public var start: SubtitleTime
  /// The end time.
  public var end: SubtitleTime
  /// The cue settings after the end time (empty when there are none).
  public var settings: Range<Int>
  /// The payload: from the first payload line to the end of the last, line terminators inside
  /// (empty for a cue without text).
  public var payload: Range<Int>
  /// True when a line terminator inside `payload` is CR or CRLF (so `\n` is not the only one).
  public var payloadHasCarriageReturn: Bool
  /// The 1-based line number of the timing line.
  public var line: Int
  /// The 1-based column where the timing line starts (1, unless it is indented).
  public var timingLineStart: Int
}

/// A WebVTT block other than a cue: the first line (`NOTE …`, `STYLE`, `REGION`) and the body
/// lines after it.
public struct WebVTTRawBlock: Sendable, Hashable {
  /// The first line's bytes.
  public var firstLine: Range<Int>
  /// The lines after the first (empty when there are none), terminators inside.
  public var body: Range<Int>
  /// True when a line terminator inside `body` is CR or CRLF.
  public var bodyHasCarriageReturn: Bool
  /// The 1-based line number of the first line.
  public var line: Int
}

/// One block of a WebVTT file body.
public enum WebVTTBlock: Sendable, Hashable {
  /// A cue.
  case cue(WebVTTRawCue)
  /// A `NOTE` comment block.
  case comment(WebVTTRawBlock)
  /// A `STYLE` block (before the first cue).
  case style(WebVTTRawBlock)
  /// A `REGION` definition block (before the first cue).
  case region(WebVTTRawBlock)
}

/// Splits a WebVTT file into its header and blocks following the W3C WebVTT parser
/// (§6.1 "WebVTT parser algorithm", "collect a WebVTT block"), on bytes: a line containing `-->`
/// starts a cue only as the first or second line of a block, a blank line ends a block, `STYLE`
/// and `REGION` blocks count only before the first cue. Blocks that are none of these are
/// skipped with a warning in `diagnostics`.
public struct WebVTTScanner: Sendable, IteratorProtocol, Sequence {
  /// The input as UTF-8 (UTF-16 input is transcoded); all ranges index into it.
  public let bytes: [UInt8]
  /// The text after `WEBVTT` on the first line (may be empty).
  public let headerText: Range<Int>
  /// The header lines after the first, up to the first blank line.
  public let headerLines: [Line]
  /// Warnings for blocks and timing lines the parser ignored.
  public private(set) var diagnostics: [Diagnostic] = []

  private var lines: LineScanner
  private var pending: Line?
  private var seenCue = false
  /// A one-line block that may be the identifier of the cue after it (a generator that writes a
  /// blank line between them), and where its warning goes among the diagnostics.
  private var detached: (line: Line, diagnosticIndex: Int)? = nil

  /// Checks the `WEBVTT` signature and reads the header; throws for input that is not WebVTT
  /// (or not decodable text) read as `encoding`. NUL characters read as U+FFFD (§6.1).
  public init(_ input: [UInt8], encoding: SubtitleEncoding = .automatic) throws(ParseError) {
    (bytes, diagnostics) = try TextDecoding.decode(input, encoding: encoding, replacingNUL: true)
    var lines = LineScanner(bytes)
    guard let first = lines.next(),
      ASCII.hasPrefix(bytes, first.range, "WEBVTT"),
      first.end - first.start == 6 || ASCII.isBlank(bytes[first.start + 6])
    else {
      throw ParseError(
        code: SubtitleDiagnosticCode.vttSignatureMissing.rawValue,
        message: "not a WebVTT file: the first line must be 'WEBVTT' (optionally followed by a "
          + "space or tab and text)")
    }
    headerText = (first.start + 6)..<first.end
    var header: [Line] = []
    var pending: Line? = nil
    while let line = lines.next() {
      if line.start == line.end { break }
      if Self.containsArrow(bytes, line.range) {
        pending = line
        break
      }
      header.append(line)
    }
    headerLines = header
    self.lines = lines
    self.pending = pending
  }

  /// The next block, or `nil` at the end of the file.
  public mutating func next() -> WebVTTBlock? {
    while let first = nextLine() {
      if first.start == first.end { continue }
      let orphan = detached
      detached = nil
      let block = collectBlock(startingWith: first)
      if let orphan {
        if case .cue(var cue) = block, cue.identifier == nil {
          cue.identifier = orphan.line.range
          insertWarning(
            "a cue identifier line followed by a blank line (WebVTT §4.1 puts it right above the "
              + "timing line) is read as the next cue's identifier, but browsers ignore the line "
              + "and read the cue without one", .vttIdentifierDetached, orphan)
          return .cue(cue)
        }
        insertWarning(
          "text block without a cue timing line is ignored", .vttBlockWithoutTiming, orphan)
      }
      if let block { return block }
    }
    if let orphan = detached {
      detached = nil
      insertWarning(
        "text block without a cue timing line is ignored", .vttBlockWithoutTiming, orphan)
    }
    return nil
  }

  private mutating func insertWarning(
    _ message: String, _ code: SubtitleDiagnosticCode, _ at: (line: Line, diagnosticIndex: Int)
  ) {
    diagnostics.insert(
      Diagnostic(.warning, message, code: code.rawValue, at: at.line.startLocation),
      at: at.diagnosticIndex)
  }

  private mutating func nextLine() -> Line? {
    if let line = pending {
      pending = nil
      return line
    }
    return lines.next()
  }

  private enum Kind {
    case text, style, region
  }

  private mutating func collectBlock(startingWith first: Line) -> WebVTTBlock? {
    var lineCount = 0
    var seenArrow = false
    var timingFailed = false
    var cue: WebVTTRawCue? = nil
    var kind = Kind.text
    var bufferFirst: Line? = nil
    var bodyStart = -1
    var bodyEnd = -1
    var bodyHasCR = false
    var lastTerminator = LineTerminator.lf
    var next: Line? = first
    while let line = next ?? lines.next() {
      next = nil
      lineCount += 1
      if Self.containsArrow(bytes, line.range) {
        if lineCount == 2, timingFailed, let timing = parseTiming(line) {
          // An identifier holding "-->" (WebVTT §4.1 forbids it) above a good timing line:
          // browsers take the identifier for a failed timing line and read the cue without it.
          diagnostics.removeLast()
          diagnostics.append(
            Diagnostic(
              .warning,
              "a cue identifier containing '-->' (WebVTT §4.1 forbids it) is read as the "
                + "identifier, but browsers take it for a timing line and read the cue without "
                + "it", code: SubtitleDiagnosticCode.vttIdentifierArrow.rawValue,
              at: first.startLocation))
          timingFailed = false
          bufferFirst = first
          cue = WebVTTRawCue(
            identifier: first.range, start: timing.start, end: timing.end,
            settings: timing.settings, payload: line.end..<line.end,
            payloadHasCarriageReturn: false, line: line.number,
            timingLineStart: timing.column)
          seenCue = true
          bodyStart = -1
          if timing.comma { warnComma(line) }
          if let digits = timing.fractionDigits { warnFraction(digits, line) }
          continue
        }
        guard lineCount == 1 || (lineCount == 2 && !seenArrow) else {
          pending = line
          break
        }
        seenArrow = true
        if let timing = parseTiming(line) {
          cue = WebVTTRawCue(
            identifier: bufferFirst?.range, start: timing.start, end: timing.end,
            settings: timing.settings, payload: line.end..<line.end,
            payloadHasCarriageReturn: false, line: line.number,
            timingLineStart: timing.column)
          seenCue = true
          bodyStart = -1
          if timing.comma { warnComma(line) }
          if let digits = timing.fractionDigits { warnFraction(digits, line) }
        } else {
          timingFailed = true
          diagnostics.append(
            Diagnostic(
              .warning, "invalid cue timing line; the block is ignored",
              code: SubtitleDiagnosticCode.vttTimingInvalid.rawValue, at: line.startLocation))
        }
      } else if line.start == line.end {
        break
      } else {
        if lineCount == 2, cue == nil, !seenCue, let head = bufferFirst {
          if Self.isKeywordLine(bytes, head.range, "STYLE") {
            kind = .style
          } else if Self.isKeywordLine(bytes, head.range, "REGION") {
            kind = .region
          }
        }
        if bufferFirst == nil && cue == nil {
          bufferFirst = line
        } else if bodyStart < 0 {
          bodyStart = line.start
          bodyEnd = line.end
        } else {
          if lastTerminator != .lf { bodyHasCR = true }
          bodyEnd = line.end
        }
        lastTerminator = line.terminator
      }
    }
    if var cue {
      if bodyStart >= 0 {
        cue.payload = bodyStart..<bodyEnd
        cue.payloadHasCarriageReturn = bodyHasCR
      }
      return .cue(cue)
    }
    guard let head = bufferFirst, !timingFailed else { return nil }
    let block = WebVTTRawBlock(
      firstLine: head.range, body: bodyStart >= 0 ? bodyStart..<bodyEnd : head.end..<head.end,
      bodyHasCarriageReturn: bodyHasCR, line: head.number)
    switch kind {
    case .style: return .style(block)
    case .region: return .region(block)
    case .text:
      if Self.isKeywordLine(bytes, head.range, "NOTE") { return .comment(block) }
      if seenCue
        && (Self.isKeywordLine(bytes, head.range, "STYLE")
          || Self.isKeywordLine(bytes, head.range, "REGION"))
      {
        diagnostics.append(
          Diagnostic(
            .warning,
            "\(ASCII.string(bytes, head.range)) block after the first cue is ignored",
            code: SubtitleDiagnosticCode.vttBlockAfterCue.rawValue, at: head.startLocation))
      } else if bodyStart < 0, Self.isBareKeywordLine(bytes, head.range, "STYLE") {
        // `STYLE` alone before the first cue (CCExtractor's header): an empty style sheet,
        // never the next cue's identifier.
        return .style(block)
      } else if bodyStart < 0, Self.isBareKeywordLine(bytes, head.range, "REGION") {
        return .region(block)
      } else if bodyStart < 0 {
        // One line alone: the next block tells whether it was a cue's identifier.
        detached = (head, diagnostics.count)
      } else {
        diagnostics.append(
          Diagnostic(
            .warning, "text block without a cue timing line is ignored",
            code: SubtitleDiagnosticCode.vttBlockWithoutTiming.rawValue, at: head.startLocation))
      }
      return nil
    }
  }

  private struct Timing {
    var start: SubtitleTime
    var end: SubtitleTime
    var settings: Range<Int>
    var column: Int
    /// The fewest fraction digits of a timestamp read as generators write it (not three).
    var fractionDigits: Int? = nil
    /// A timestamp has a comma before its fraction (SRT style).
    var comma = false
  }

  /// The warning for a cue read with a timestamp whose fraction follows a comma.
  private mutating func warnComma(_ line: Line) {
    diagnostics.append(
      Diagnostic(
        .warning,
        "timestamp with a comma before its fraction, as SRT writes it (WebVTT requires '.', "
          + "§4.1); the cue is read, but browsers drop it",
        code: SubtitleDiagnosticCode.vttTimestampComma.rawValue, at: line.startLocation))
  }

  /// The warning for a cue read with a timestamp the W3C parser refuses.
  private mutating func warnFraction(_ digits: Int, _ line: Line) {
    let (code, what) =
      digits == 0
      ? (SubtitleDiagnosticCode.vttTimestampNoFraction, "without a fraction")
      : (.vttTimestampShortFraction, "with \(digits) fraction digit\(digits == 1 ? "" : "s")")
    diagnostics.append(
      Diagnostic(
        .warning,
        "timestamp \(what) (WebVTT requires exactly three, §4.1); the cue is read, but "
          + "browsers drop it",
        code: code.rawValue, at: line.startLocation))
  }

  /// W3C WebVTT §6.3 "collect WebVTT cue timings and settings".
  private func parseTiming(_ line: Line) -> Timing? {
    bytes.withUnsafeBufferPointer { buffer -> Timing? in
      let end = line.end
      var i = line.start
      while i < end && Self.isSpace(buffer[i]) { i += 1 }
      let column = i - line.start + 1
      var fractionDigits: Int? = nil
      var comma = false
      func timestamp() -> SubtitleTime? {
        let before = i
        if let time = WebVTTTimestamp.parse(buffer, &i, end) { return time }
        i = before
        guard let (time, digits, withComma) = WebVTTTimestamp.parseAsWritten(buffer, &i, end),
          i == end || Self.isSpace(buffer[i]) || buffer[i] == 0x2D
        else { return nil }
        if digits < 3 { fractionDigits = Swift.min(fractionDigits ?? 3, digits) }
        comma = comma || withComma
        return time
      }
      guard let start = timestamp() else { return nil }
      while i < end && Self.isSpace(buffer[i]) { i += 1 }
      guard i + 3 <= end, buffer[i] == 0x2D, buffer[i + 1] == 0x2D, buffer[i + 2] == 0x3E
      else { return nil }
      i += 3
      while i < end && Self.isSpace(buffer[i]) { i += 1 }
      guard let stop = timestamp() else { return nil }
      while i < end && Self.isSpace(buffer[i]) { i += 1 }
      var settingsEnd = end
      while settingsEnd > i && Self.isSpace(buffer[settingsEnd - 1]) { settingsEnd -= 1 }
      return Timing(
        start: start, end: stop, settings: i..<settingsEnd, column: column,
        fractionDigits: fractionDigits, comma: comma)
    }
  }

  @inline(__always)
  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0C
  }

  /// True when the line is `keyword` alone or followed by a space or tab.
  static func isKeywordLine(_ bytes: [UInt8], _ range: Range<Int>, _ keyword: StaticString)
    -> Bool
  {
    guard ASCII.hasPrefix(bytes, range, keyword) else { return false }
    let after = range.lowerBound + keyword.utf8CodeUnitCount
    return after == range.upperBound || ASCII.isBlank(bytes[after])
  }

  /// True when the line is `keyword` alone, or followed only by spaces and tabs.
  static func isBareKeywordLine(_ bytes: [UInt8], _ range: Range<Int>, _ keyword: StaticString)
    -> Bool
  {
    guard ASCII.hasPrefix(bytes, range, keyword) else { return false }
    let after = range.lowerBound + keyword.utf8CodeUnitCount
    return bytes[after..<range.upperBound].allSatisfy(ASCII.isBlank)
  }

  /// True when the bytes contain `-->`.
  static func containsArrow(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
    var i = range.lowerBound
    let end = range.upperBound - 2
    while i < end {
      if bytes[i] == 0x2D && bytes[i + 1] == 0x2D && bytes[i + 2] == 0x3E { return true }
      i += 1
    }
    return false
  }
}
