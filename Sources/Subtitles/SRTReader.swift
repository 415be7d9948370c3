import ManifestCore

/// Reads SubRip (`.srt`) files as translators and tools actually write them: a UTF-8 or UTF-16
/// byte-order mark, LF, CRLF, CR-only or doubled `\r\r\n` line breaks, `,` or `.` before the
/// fraction, 1 to 3 (or more) fraction digits, one-digit hours, missing cue numbers, numbering
/// gaps, missing blank lines between cues, `X1:… Y2:…` coordinates after the times (kept in
/// `Cue.settings`), and `{\anN}` alignment tags (giving `Cue.placement`). Payload markup is kept
/// as written. A cue whose timing line (a line starting with a digit, with `-->`, where a cue
/// starts) has unreadable times is skipped with a warning, not glued onto the cue before it.
public enum SRTReader {
  /// Parses an SRT file read as `encoding`; throws only when the bytes are not decodable text.
  public static func read(_ input: [UInt8], encoding: SubtitleEncoding = .automatic)
    throws(ParseError) -> SubtitleDocument
  {
    let (bytes, decoding) = try TextDecoding.decode(input, encoding: encoding)
    return bytes.withUnsafeBufferPointer { buffer in
      var state = State(bytes: buffer, source: SourceBuffer(bytes))
      state.diagnostics = decoding
      if ByteSearch.first(0x0D, in: buffer, 0..<buffer.count) == nil {
        // LF-only input (the common case): split with one memchr per line.
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var number = 1
        while start < buffer.count {
          let lf = ByteSearch.first(0x0A, in: buffer, start..<buffer.count)
          let end = lf ?? buffer.count
          state.consume(
            Line(number: number, start: start, end: end, terminator: lf == nil ? .none : .lf))
          number += 1
          start = end + 1
        }
      } else {
        var lines = LineScanner(bytes)
        var previous = LineTerminator.none
        while let line = lines.next() {
          // `\r\r\n` (a CRLF file converted to CRLF again) is one line break, not a blank line.
          if line.start == line.end && line.terminator == .crlf && previous == .cr {
            previous = .none
            continue
          }
          previous = line.terminator
          state.consume(line)
        }
      }
      if let index = state.pendingIndex { state.keepAsText(index) }
      state.finishCue()
      return SubtitleDocument(format: .srt, cues: state.cues, diagnostics: state.diagnostics)
    }
  }

  private struct Timing {
    var start: SubtitleTime
    var end: SubtitleTime
    var settings: Range<Int>
  }

  private struct OpenCue {
    var identifier: String?
    var timing: Timing
    var line: Int
  }

  private struct State {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The same bytes, shared with the cues whose text is a slice of them.
    let source: SourceBuffer
    var cues: [Cue] = []
    var diagnostics: [Diagnostic] = []
    /// A cue is open: its timing line was read and its text lines are being collected.
    var isOpen = false
    /// The open cue (stale when `isOpen` is false).
    var current = OpenCue(
      identifier: nil, timing: Timing(start: .zero, end: .zero, settings: 0..<0), line: 0)
    /// The open cue's text: `textCount` lines, from `textStart` to the end of `textLast`.
    var textCount = 0
    var textStart = 0
    var textLast = Line(number: 0, start: 0, end: 0, terminator: .none)
    /// The text lines are adjacent LF-ended lines of the input, so the text is the input from
    /// `textStart` to `textLast.end`; otherwise it is in `joined`.
    var textContiguous = true
    /// The open cue's text lines joined by LF, once they are not adjacent (reused between cues).
    var joined: [UInt8] = []
    var pendingIndex: Line? = nil
    var afterBlank = false
    /// Inside a cue whose timing line could not be read: its lines are dropped.
    var skipping = false

    init(bytes: UnsafeBufferPointer<UInt8>, source: SourceBuffer) {
      self.bytes = bytes
      self.source = source
      cues.reserveCapacity(bytes.count / 60)
    }

    mutating func consume(_ line: Line) {
      var lower = line.start
      var upper = line.end
      while lower < upper && isBlank(bytes[lower]) { lower += 1 }
      while upper > lower && isBlank(bytes[upper - 1]) { upper -= 1 }
      if lower == upper {
        if let index = pendingIndex {
          keepAsText(index)
          pendingIndex = nil
        }
        if isOpen { afterBlank = true }
        skipping = false
        return
      }
      let signed = bytes[lower] == 0x2D && lower + 1 < upper && isDigit(bytes[lower + 1])
      if isDigit(bytes[lower]) || signed {
        // A cue number is checked first: it is every other non-text line, and a timing line
        // (which has `-->`) is never all digits.
        if isNumber(lower..<upper) {
          if let index = pendingIndex { keepAsText(index) }
          pendingIndex = line
          return
        }
        if let timing = parseTiming(lower..<upper) {
          skipping = false
          startCue(timing, at: line)
          return
        }
      }
      if skipping {
        pendingIndex = nil
        return
      }
      if pendingIndex != nil || !isOpen || afterBlank, isDigit(bytes[lower]),
        hasArrow(lower..<upper)
      {
        diagnostics.append(
          Diagnostic(
            .warning, "invalid cue timing line; the cue is skipped",
            code: SubtitleDiagnosticCode.srtTimingInvalid.rawValue, at: line.startLocation))
        pendingIndex = nil
        finishCue()
        skipping = true
        return
      }
      if let index = pendingIndex {
        keepAsText(index)
        pendingIndex = nil
      }
      appendText(line)
    }

    func isNumber(_ range: Range<Int>) -> Bool {
      var i = range.lowerBound
      while i < range.upperBound {
        if !isDigit(bytes[i]) { return false }
        i += 1
      }
      return range.count <= 18
    }

    /// Whether `-->` occurs in `range`.
    func hasArrow(_ range: Range<Int>) -> Bool {
      var i = range.lowerBound
      while let dash = ByteSearch.first(0x2D, in: bytes, i..<range.upperBound) {
        if dash + 2 < range.upperBound && bytes[dash + 1] == 0x2D && bytes[dash + 2] == 0x3E {
          return true
        }
        i = dash + 1
      }
      return false
    }

    func string(_ range: Range<Int>) -> String {
      String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    mutating func startCue(_ timing: Timing, at line: Line) {
      if isOpen && !afterBlank {
        diagnostics.append(
          Diagnostic(
            .warning, "missing blank line before this cue",
            code: SubtitleDiagnosticCode.srtBlankLineMissing.rawValue, at: line.startLocation))
      }
      finishCue()
      var identifier: String? = nil
      if let index = pendingIndex {
        var lower = index.start
        while lower < index.end && isBlank(bytes[lower]) { lower += 1 }
        var upper = index.end
        while upper > lower && isBlank(bytes[upper - 1]) { upper -= 1 }
        identifier = string(lower..<upper)
      }
      pendingIndex = nil
      current = OpenCue(identifier: identifier, timing: timing, line: line.number)
      isOpen = true
      afterBlank = false
    }

    mutating func appendText(_ line: Line) {
      guard isOpen else {
        diagnostics.append(
          Diagnostic(
            .warning, "text outside a cue is ignored (expected a cue number or timing line)",
            code: SubtitleDiagnosticCode.srtTextOutsideCue.rawValue, at: line.startLocation))
        return
      }
      if afterBlank {
        diagnostics.append(
          Diagnostic(
            .warning, "text after a blank line is kept in the cue before it",
            code: SubtitleDiagnosticCode.srtTextAfterBlankLine.rawValue, at: line.startLocation))
        afterBlank = false
      }
      addText(line)
    }

    /// A number line that turned out not to precede a timing line: text of the open cue.
    mutating func keepAsText(_ line: Line) {
      if isOpen && !afterBlank {
        addText(line)
      } else {
        diagnostics.append(
          Diagnostic(
            .warning, "cue number without a timing line",
            code: SubtitleDiagnosticCode.srtNumberWithoutTiming.rawValue, at: line.startLocation))
      }
    }

    /// Adds a text line to the open cue.
    mutating func addText(_ line: Line) {
      defer {
        textLast = line
        textCount += 1
      }
      if textCount == 0 {
        textStart = line.start
        return
      }
      if textContiguous {
        if textLast.terminator == .lf && line.start == textLast.end + 1 { return }
        textContiguous = false
        joined.removeAll(keepingCapacity: true)
        joined += bytes[textStart..<textLast.end]
      }
      joined.append(0x0A)
      joined += bytes[line.range]
    }

    mutating func finishCue() {
      guard isOpen else { return }
      isOpen = false
      let (text, hasBrace) = payload()
      textCount = 0
      textContiguous = true
      var placement = CuePlacement()
      if hasBrace, let value = SRTMarkup.numpadAlignment(text.sourceMarkup?.text ?? ""),
        let aligned = CuePlacement(numpadAlignment: value)
      {
        placement = aligned
      }
      let settings = current.timing.settings
      guard settings.isEmpty else {
        cues.append(
          Cue(
            identifier: current.identifier, start: current.timing.start,
            end: current.timing.end, content: .text(text), settings: string(settings),
            placement: placement, line: current.line))
        return
      }
      // No settings, so no extras box to look for.
      cues.append(
        Cue(
          sharing: nil, identifier: current.identifier, start: current.timing.start,
          end: current.timing.end, content: .text(text), placement: placement,
          line: current.line))
    }

    /// The text lines joined by `\n` (a slice of the input when they are adjacent and end in
    /// LF), and whether the text contains `{`.
    func payload() -> (CueText, Bool) {
      guard textCount > 0 else { return (CueText(markup: "", in: .srt), false) }
      if textContiguous {
        let range = textStart..<textLast.end
        let slice = SourceSlice(source: source, range: range, normalizesNewlines: false)
        return (
          CueText(markup: slice, in: .srt), ByteSearch.first(0x7B, in: bytes, range) != nil
        )
      }
      return (
        CueText(markup: String(decoding: joined, as: UTF8.self), in: .srt), joined.contains(0x7B)
      )
    }

    /// `H:MM:SS,mmm --> H:MM:SS,mmm [settings]`, tolerantly; a timestamp may be negative
    /// (`-00:00:01,500`, as some shifting tools write), for validation to report.
    func parseTiming(_ range: Range<Int>) -> Timing? {
      var i = range.lowerBound
      let end = range.upperBound
      guard let start = signedTimestamp(&i, end) else { return nil }
      while i < end && isBlank(bytes[i]) { i += 1 }
      guard i + 3 <= end, bytes[i] == 0x2D, bytes[i + 1] == 0x2D, bytes[i + 2] == 0x3E
      else { return nil }
      i += 3
      while i < end && isBlank(bytes[i]) { i += 1 }
      guard let stop = signedTimestamp(&i, end) else { return nil }
      while i < end && isBlank(bytes[i]) { i += 1 }
      return Timing(start: start, end: stop, settings: i..<end)
    }

    /// A timestamp with an optional leading `-`.
    private func signedTimestamp(_ i: inout Int, _ end: Int) -> SubtitleTime? {
      guard i + 1 < end, bytes[i] == 0x2D, isDigit(bytes[i + 1]) else {
        return SRTReader.timestamp(bytes, &i, end)
      }
      i += 1
      return SRTReader.timestamp(bytes, &i, end).map { -$0 }
    }
  }

  /// `H+:M{1,2}:S{1,2}[,.]F+` or `M{1,2}:S{1,2}[,.]F+` (a fraction of 1, 2 or 3 digits is
  /// milliseconds after padding: `,5` is 500 ms; longer fractions are kept exactly).
  static func timestamp(
    _ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, _ end: Int
  ) -> SubtitleTime? {
    if let fixed = fixedTimestamp(bytes, index, end) {
      index += 12
      return fixed
    }
    var fields: (Int64, Int64, Int64) = (0, 0, 0)
    var count = 0
    var i = index
    while count < 3 {
      let start = i
      var value: Int64 = 0
      while i < end && isDigit(bytes[i]) && i - start < 12 {
        value = value * 10 + Int64(bytes[i] &- 0x30)
        i += 1
      }
      guard i > start else { return nil }
      fields = (fields.1, fields.2, value)
      count += 1
      guard i < end, bytes[i] == 0x3A, count < 3 else { break }
      i += 1
    }
    guard count >= 2, fields.1 < 60, fields.2 < 60 else { return nil }
    var whole = (fields.0 * 60 + fields.1) * 60 + fields.2
    var numerator: Int64 = 0
    var digits = 0
    if i < end && (bytes[i] == 0x2C || bytes[i] == 0x2E) {
      i += 1
      while i < end && isDigit(bytes[i]) {
        if digits < 9 {
          numerator = numerator * 10 + Int64(bytes[i] &- 0x30)
          digits += 1
        }
        i += 1
      }
      guard digits > 0 else { return nil }
    }
    index = i
    if digits <= 3 {
      while digits < 3 {
        numerator *= 10
        digits += 1
      }
      whole = whole * 1000 + numerator
      return SubtitleTime(milliseconds: whole)
    }
    let scale = ExactDecimal.powerOfTen(digits)
    let (scaled, overflow) = whole.multipliedReportingOverflow(by: scale)
    guard !overflow else {
      // Hours this large leave no room for the extra digits: keep milliseconds.
      return SubtitleTime(
        milliseconds: whole * 1000 + numerator / ExactDecimal.powerOfTen(digits - 3))
    }
    return SubtitleTime(numerator: scaled + numerator, denominator: scale)
  }

  /// The common `HH:MM:SS,mmm` spelling (exactly 12 bytes), or `nil` for anything else.
  @inline(__always)
  private static func fixedTimestamp(
    _ bytes: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int
  ) -> SubtitleTime? {
    guard i + 12 <= end, bytes[i + 2] == 0x3A, bytes[i + 5] == 0x3A,
      bytes[i + 8] == 0x2C || bytes[i + 8] == 0x2E,
      i + 12 == end || !isDigit(bytes[i + 12])
    else { return nil }
    let digits = (
      bytes[i] &- 0x30, bytes[i + 1] &- 0x30, bytes[i + 3] &- 0x30, bytes[i + 4] &- 0x30,
      bytes[i + 6] &- 0x30, bytes[i + 7] &- 0x30, bytes[i + 9] &- 0x30, bytes[i + 10] &- 0x30,
      bytes[i + 11] &- 0x30
    )
    guard
      max(
        digits.0, digits.1, digits.2, digits.3, digits.4, digits.5, digits.6, digits.7,
        digits.8) < 10
    else { return nil }
    @inline(__always) func digit(_ k: Int) -> Int64 { Int64(bytes[i + k] &- 0x30) }
    let minutes = digit(3) * 10 + digit(4)
    let seconds = digit(6) * 10 + digit(7)
    guard minutes < 60, seconds < 60 else { return nil }
    let hours = digit(0) * 10 + digit(1)
    let ms = digit(9) * 100 + digit(10) * 10 + digit(11)
    return SubtitleTime(milliseconds: ((hours * 60 + minutes) * 60 + seconds) * 1000 + ms)
  }
}

/// Space or tab, as `ASCII.isBlank` (which is not inlined across the module boundary here, and
/// the reader tests it several times a line).
@inline(__always) private func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

/// `0`–`9`, as `ASCII.isDigit`.
@inline(__always) private func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }
