import ManifestCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// The single pass over a playlist's bytes: splits lines, names tags, decodes their values,
/// resolves per-segment state and collects diagnostics. Both playlist kinds are read by the same
/// pass; the kind is decided by the first kind-specific tag.
struct PlaylistParser {
  let bytes: [UInt8]
  let options: ParseOptions
  var buffer = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
  var tokens: [AttributeToken] = []

  var lines: [PlaylistLine] = []
  var diagnostics: [Diagnostic] = []
  var header = PlaylistHeader()

  // Media playlist state.
  var segments: [SegmentRecord] = []
  var keys: [EncryptionKey] = []
  var keySets: [[EncryptionKey]] = []
  var currentKeys: [EncryptionKey] = []
  var currentKeySet: Int32 = -1
  var maps: [MediaInitializationSection] = []
  var anchors: [ProgramDateTimeAnchor] = []
  var parts: [PartialSegment] = []
  var tiles: [ImageTiles] = []
  var currentMap: Int32 = -1
  var currentAnchor: Int32 = -1
  /// The last date-time read and where its text is, for `DateTime.parse(_:_:after:at:)`.
  var lastDateTime: (value: DateTime, range: Range<Int>)?
  var currentTiles: Int32 = -1
  var bitrate: Int32 = -1
  var byteRanges: [ByteRange] = []
  var discontinuityCount: Int32 = 0
  var elapsed = ExactDecimal.zero
  var pending = PendingSegment()
  /// IDs of the date ranges so far that gave a START-DATE (a later tag with one may omit it).
  var dateRangeIDsWithStart = Set<String>()
  var previousURI: Range<Int>? = nil
  var previousByteRangeEnd: Int64 = -1
  var previousPartURI: Range<Int>? = nil
  var previousPartByteRangeEnd: Int = -1
  /// The first line of the segment being built: after the previous URI, or after the last
  /// playlist-level tag before the first segment.
  var segmentStart: Int32 = 1

  // Multivariant playlist state.
  var variants: [VariantStream] = []
  var renditions: [Rendition] = []
  var sessionData: [SessionData] = []
  var sessionKeys: [EncryptionKey] = []
  var contentSteering: ContentSteering? = nil
  var pendingVariant: VariantStream? = nil

  /// Names declared by EXT-X-DEFINE so far (with or without a value).
  var declaredVariables = Set<String>()

  // Kind.
  var firstScope: TagName.Scope? = nil
  var sawOtherScope = false

  /// Bytes EXT-X-DEFINE substitution has added so far (for `limits.defineTotalBytes`).
  var substitutedBytes = 0
  /// The limit the input went over; the pass stops at the line that did.
  var limitError: ParseError? = nil

  init(bytes: [UInt8], options: ParseOptions) {
    self.bytes = bytes
    self.options = options
  }

  /// What the tags before a segment's URI said about it.
  struct PendingSegment {
    var infLine: Int32 = -1
    var duration = ExactDecimal.zero
    var discontinuity = false
    var gap = false
    var ownProgramDateTime = false
    /// The EXTINF has a title (text after its first comma).
    var hasTitle = false
    var byteLength: Int64 = -1
    var byteOffset: Int64 = -1
    var byteRangeLine = -1
    var partStart: Int32 = 0
  }

  /// Parses everything; throws for input that cannot be a playlist at all.
  mutating func run() throws(ParseError) {
    guard !bytes.isEmpty else {
      throw ParseError(code: HLSDiagnosticCode.inputEmpty.rawValue, message: "the input is empty")
    }
    guard bytes.count < Int(Int32.max) else {
      throw ParseError(
        code: HLSDiagnosticCode.inputTooLarge.rawValue,
        message: "the input is \(bytes.count) bytes, over 2 GiB")
    }
    try checkSignature()
    lines.reserveCapacity(bytes.count / 24 + 16)
    segments.reserveCapacity(bytes.count / 80 + 4)
    let source = bytes
    source.withUnsafeBufferPointer { buffer in
      self.buffer = buffer
      scanLines()
      self.buffer = UnsafeBufferPointer(start: nil, count: 0)
    }
    if let limitError { throw limitError }
  }

  private func checkSignature() throws(ParseError) {
    var scanner = LineScanner(bytes)
    guard let first = scanner.next() else {
      throw ParseError(code: HLSDiagnosticCode.inputEmpty.rawValue, message: "the input is empty")
    }
    var end = first.end
    while end > first.start && ASCII.isBlank(bytes[end - 1]) { end -= 1 }
    let range = first.start..<end
    guard
      ASCII.equals(bytes, range, "#EXTM3U")
        || (ASCII.hasPrefix(bytes, range, "#EXTM3U")
          && range.count > 7 && ASCII.isBlank(bytes[range.lowerBound + 7]))
    else {
      if bytes.prefix(4096).contains(0) {
        throw ParseError(
          code: HLSDiagnosticCode.inputBinary.rawValue,
          message: "binary data, not a playlist (NUL byte)",
          location: first.startLocation)
      }
      var message = "not an HLS playlist: the first line must be #EXTM3U"
      if let later = Self.laterHeaderLine(&scanner, bytes) {
        message += ", which is on line \(later) here"
      }
      throw ParseError(
        code: HLSDiagnosticCode.extm3uMissing.rawValue, message: message,
        location: first.startLocation)
    }
  }

  /// The number of a line among the next few that is `#EXTM3U`, for the error message when
  /// comments or blank lines come before it (RFC 8216bis §4.4.1.1: it MUST be the first line).
  private static func laterHeaderLine(_ scanner: inout LineScanner, _ bytes: [UInt8]) -> Int? {
    for _ in 0..<16 {
      guard let line = scanner.next() else { return nil }
      if ASCII.equals(bytes, ASCII.trimmed(bytes, line.start..<line.end), "#EXTM3U") {
        return line.number
      }
    }
    return nil
  }

  private mutating func scanLines() {
    guard let base = buffer.baseAddress else { return finish() }
    let count = buffer.count
    // Lines are split here rather than by `LineScanner` (same rules: LF, CRLF and CR-only
    // endings, a leading byte-order mark skipped), one `memchr` per line on the buffer.
    var position = count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF ? 3 : 0
    var number = 0
    var nextCR = -1
    while position < count {
      number += 1
      let start = position
      let lf = memchr(base + start, 0x0A, count - start)
      var lineEnd = lf.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? count
      var terminator: LineTerminator = lf == nil ? .none : .lf
      if nextCR < start {
        nextCR =
          memchr(base + start, 0x0D, count - start).map {
            UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base
          } ?? count
      }
      if nextCR < lineEnd {
        terminator = nextCR == lineEnd - 1 && lf != nil ? .crlf : .cr
        lineEnd = nextCR
      }
      switch terminator {
      case .none: position = lineEnd
      case .lf, .cr: position = lineEnd + 1
      case .crlf: position = lineEnd + 2
      }
      let line = Line(number: number, start: start, end: lineEnd, terminator: terminator)
      var end = lineEnd
      while end > start && (base[end - 1] == 0x20 || base[end - 1] == 0x09) { end -= 1 }
      let index = lines.count
      if end == start {
        append(.blank, .unknown, line, valueStart: start)
        continue
      }
      if base[start] != 0x23 {
        var uriStart = start
        while ASCII.isBlank(base[uriStart]) { uriStart += 1 }
        append(.uri, .unknown, line, valueStart: uriStart)
        guard withinSubstitutionLimits(index, uriStart..<end, quotedOnly: false) else { break }
        uriLine(index, uriStart..<end)
        continue
      }
      let (tag, colon) =
        Self.hotTag(base + start, end - start).map { ($0.0, start + $0.1) } ?? tagName(start, end)
      if colon < 0 {
        append(.comment, .unknown, line, valueStart: start)
        continue
      }
      let valueStart = colon < end ? colon + 1 : colon
      append(.tag, tag, line, valueStart: valueStart)
      if tag != .unknown {
        if tag != .define, colon < end {
          guard withinSubstitutionLimits(index, valueStart..<end, quotedOnly: true) else { break }
        }
        self.tag(tag, index, value: colon < end ? valueStart..<end : nil)
      }
    }
    finish()
  }

  /// EXTINF and EXT-X-PROGRAM-DATE-TIME (two of every three lines of a typical live playlist)
  /// told by comparing words, with the offset of their `:`; `nil` for any other line.
  @inline(__always)
  private static func hotTag(_ p: UnsafePointer<UInt8>, _ length: Int) -> (TagName, Int)? {
    guard length >= 8 else { return nil }
    let raw = UnsafeRawPointer(p)
    let first = raw.loadUnaligned(as: UInt64.self)
    if first == 0x3A46_4E49_5458_4523 { return (.inf, 7) }  // "#EXTINF:"
    // "#EXT-X-P", "ROGRAM-D", "ATE-TIME", ":" as little-endian words.
    if length >= 25 && first == 0x502D_582D_5458_4523
      && raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == 0x442D_4D41_5247_4F52
      && raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self) == 0x454D_4954_2D45_5441
      && p[24] == 0x3A
    {
      return (.programDateTime, 24)
    }
    return nil
  }

  /// The tag of a line starting with `#` (ending before `end`, trailing blanks removed) and
  /// the offset of its `:` (`end` when it has none); a colon of -1 for a comment (`#` without
  /// `EXT`).
  private func tagName(_ start: Int, _ end: Int) -> (TagName, Int) {
    guard end - start >= 4, buffer[start + 1] == 0x45, buffer[start + 2] == 0x58,
      buffer[start + 3] == 0x54
    else { return (.unknown, -1) }
    let colon = firstIndex(of: 0x3A, in: (start + 4)..<end)
    return (TagName.identify(buffer, (start + 1)..<colon), colon)
  }

  private mutating func append(
    _ kind: PlaylistLine.Kind, _ tag: TagName, _ line: Line, valueStart: Int
  ) {
    lines.append(
      PlaylistLine(
        kind: kind, tag: tag, number: line.number, range: line.range, valueStart: valueStart,
        terminator: line.terminator, segmentIndex: segments.count))
  }

  /// Records that a tag of `scope` was seen, for deciding the playlist kind.
  mutating func note(_ scope: TagName.Scope) {
    if firstScope == nil { firstScope = scope } else if firstScope != scope { sawOtherScope = true }
  }

  // MARK: Diagnostics

  mutating func warn(
    _ code: HLSDiagnosticCode, _ message: String, line: Int, offset: Int? = nil
  ) {
    report(.warning, code, message, line: line, offset: offset)
  }

  mutating func error(
    _ code: HLSDiagnosticCode, _ message: String, line: Int, offset: Int? = nil
  ) {
    report(.error, code, message, line: line, offset: offset)
  }

  mutating func report(
    _ severity: Severity, _ code: HLSDiagnosticCode, _ message: String, line: Int, offset: Int?
  ) {
    let l = lines[line]
    diagnostics.append(
      Diagnostic(
        severity, message, code: code.rawValue, at: l.location(at: offset ?? l.range.lowerBound)))
  }

  /// The bytes of `range` as a `String`.
  func text(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
  }

  // MARK: Tags

  private mutating func tag(_ tag: TagName, _ index: Int, value: Range<Int>?) {
    switch tag.scope {
    case .media:
      note(.media)
      if firstScope == .multivariant { return }  // reported once the pass ends
    case .multivariant:
      note(.multivariant)
      if firstScope == .media { return }
    case .either: break
    }
    switch tag {
    case .inf: inf(index, value)
    case .programDateTime: programDateTime(index, value)
    case .part: part(index, value)
    case .byteRange: byteRange(index, value)
    case .discontinuity: pending.discontinuity = true
    case .gap: pending.gap = true
    case .key: key(index, value)
    case .map: map(index, value)
    case .bitrate: bitrateTag(index, value)
    case .tiles: tilesTag(index, value)
    case .extm3u:
      if index != 0 {
        warn(.extm3uRepeated, "#EXTM3U appears again on line \(lines[index].number)", line: index)
      }
    default: headerTag(tag, index, value)
    }
  }

  private mutating func inf(_ index: Int, _ value: Range<Int>?) {
    if pending.infLine >= 0 {
      warn(
        .extinfRepeated, "EXTINF without a URI before the next EXTINF", line: Int(pending.infLine))
    }
    pending.infLine = Int32(index)
    pending.hasTitle = false
    guard let value else {
      error(.extinfDurationMissing, "EXTINF needs a duration", line: index)
      pending.duration = .zero
      return
    }
    var comma = value.lowerBound
    while comma < value.upperBound && buffer[comma] != 0x2C { comma += 1 }
    // The value ends in a non-blank byte, so any byte after the comma makes a title.
    pending.hasTitle = comma + 1 < value.upperBound
    var durationEnd = comma
    while durationEnd > value.lowerBound && ASCII.isBlank(buffer[durationEnd - 1]) {
      durationEnd -= 1
    }
    if let duration = ExactDecimal.parse(bytes, value.lowerBound..<durationEnd),
      !duration.isNegative
    {
      pending.duration = duration
    } else {
      error(
        .extinfDuration,
        "EXTINF duration must be a non-negative decimal number, got '"
          + text(value.lowerBound..<durationEnd) + "'", line: index, offset: value.lowerBound)
      pending.duration = .zero
    }
  }

  private mutating func programDateTime(_ index: Int, _ value: Range<Int>?) {
    var parsed: DateTime? = nil
    if let value {
      if let last = lastDateTime {
        parsed = DateTime.parse(bytes, value, after: last.value, at: last.range)
      } else {
        parsed = DateTime.parse(bytes, value)
      }
    }
    guard let value, let dateTime = parsed else {
      error(
        .programDateTimeSyntax,
        "EXT-X-PROGRAM-DATE-TIME must be an ISO 8601 date-time, got '"
          + (value.map(text) ?? "") + "'", line: index, offset: value?.lowerBound)
      return
    }
    lastDateTime = (dateTime, value)
    // A date-time that continues the last one exactly (same instant, zone and precision) is
    // read from that anchor, so a playlist with one tag per segment stores one anchor.
    if currentAnchor >= 0 {
      let anchor = anchors[Int(currentAnchor)]
      let expected = anchor.dateTime.adding(seconds: elapsed - anchor.startTime)
      if !expected.isSpelledAlike(dateTime) {
        anchors.append(ProgramDateTimeAnchor(dateTime: dateTime, startTime: elapsed))
        currentAnchor = Int32(anchors.count - 1)
      }
    } else {
      anchors.append(ProgramDateTimeAnchor(dateTime: dateTime, startTime: elapsed))
      currentAnchor = Int32(anchors.count - 1)
    }
    pending.ownProgramDateTime = true
  }

  private mutating func uriLine(_ index: Int, _ range: Range<Int>) {
    checkVariableReferences(range, line: index)
    if firstScope == .multivariant {
      variantURI(index, range)
      return
    }
    if pending.infLine < 0 {
      error(.segmentWithoutExtinf, "media segment '\(text(range))' has no EXTINF", line: index)
    }
    var byteOffset = pending.byteOffset
    var explicit = true
    if pending.byteLength >= 0 && byteOffset < 0 {
      explicit = false
      if let previousURI, previousByteRangeEnd >= 0, sameBytes(previousURI, range) {
        byteOffset = previousByteRangeEnd
        if byteOffset > Int64.max - pending.byteLength {
          error(
            .byteRangeOverflow,
            "EXT-X-BYTERANGE ends past the largest byte offset (\(Int64.max))",
            line: pending.byteRangeLine)
          byteOffset = 0
        }
      } else {
        error(
          .byteRangeNoPrevious,
          "EXT-X-BYTERANGE has no offset and the previous segment is not a range of the same "
            + "resource", line: pending.byteRangeLine)
        byteOffset = 0
      }
    }
    if pending.discontinuity { discontinuityCount += 1 }
    var byteRangeIndex: Int32 = -1
    if pending.byteLength >= 0 {
      byteRanges.append(
        ByteRange(
          length: Int(pending.byteLength), offset: Int(byteOffset), offsetWasExplicit: explicit))
      byteRangeIndex = Int32(byteRanges.count - 1)
    }
    var flags: UInt8 = 0
    if pending.discontinuity { flags |= SegmentRecord.discontinuity }
    if pending.gap { flags |= SegmentRecord.gap }
    if pending.ownProgramDateTime { flags |= SegmentRecord.ownProgramDateTime }
    if pending.hasTitle { flags |= SegmentRecord.hasTitle }
    let duration = pending.duration
    segments.append(
      SegmentRecord(
        durationSignificand: duration.significand, startSignificand: elapsed.significand,
        uriStart: UInt32(range.lowerBound), uriEnd: UInt32(range.upperBound),
        uriLine: Int32(index), infLine: pending.infLine, firstLine: segmentStart,
        keySet: currentKeySet, map: currentMap, programDateTime: currentAnchor,
        tiles: currentTiles, partStart: pending.partStart,
        discontinuityCount: discontinuityCount, byteRange: byteRangeIndex, bitrate: bitrate,
        partCount: UInt16(clamping: Int32(parts.count) - pending.partStart), flags: flags,
        durationScale: UInt8(duration.scale), startScale: UInt8(elapsed.scale)))
    elapsed += pending.duration
    previousURI = range
    segmentStart = Int32(index + 1)
    previousByteRangeEnd = pending.byteLength >= 0 ? byteOffset + pending.byteLength : -1
    pending = PendingSegment()
    pending.partStart = Int32(parts.count)
  }

  /// The offset of the first `byte` in `range`, or `range.upperBound`.
  func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int {
    guard let base = buffer.baseAddress, !range.isEmpty,
      let found = memchr(base + range.lowerBound, Int32(byte), range.count)
    else { return range.upperBound }
    return UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
  }

  /// The URI line of a multivariant playlist, which ends an EXT-X-STREAM-INF.
  @inline(never)
  private mutating func variantURI(_ index: Int, _ range: Range<Int>) {
    guard var variant = pendingVariant else {
      warn(
        .uriWithoutStreamInf, "URI line '\(text(range))' does not follow an EXT-X-STREAM-INF",
        line: index)
      return
    }
    variant.uri = VariableSubstitution.string(buffer, range, header.variables)
    variant.uriLine = index
    variants.append(variant)
    pendingVariant = nil
  }

  /// True when two byte ranges of the input hold the same bytes.
  func sameBytes(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
    guard a.count == b.count else { return false }
    guard let base = buffer.baseAddress else { return true }
    return memcmp(base + a.lowerBound, base + b.lowerBound, a.count) == 0
  }

  /// Segment numbers past 2^64 − 1 (RFC 8216bis §4.2 decimal-integer) cannot be written: the
  /// first segment whose media or discontinuity sequence number would be 2^64 is reported (the
  /// numbers wrap to 0 from there, so arithmetic on them never traps).
  mutating func reportSequenceOverflow() {
    let skipped = UInt64(header.skip?.skippedSegments ?? 0)
    let (first, skipOverflow) = header.mediaSequence.addingReportingOverflow(skipped)
    if !segments.isEmpty && (skipOverflow || UInt64(segments.count - 1) > UInt64.max - first) {
      let position = skipOverflow ? 0 : Int(UInt64.max - first) + 1
      error(
        .sequenceTooLarge,
        "EXT-X-MEDIA-SEQUENCE \(header.mediaSequence)"
          + (skipped > 0 ? " plus \(skipped) skipped" : "")
          + " leaves no media sequence number for segment \(position + 1) (past"
          + " 18446744073709551615); numbers wrap to 0 from here",
        line: Int(segments[position].uriLine))
    }
    let base = header.discontinuitySequence
    guard base > UInt64.max - UInt64(Int32.max),
      let wrapped = segments.firstIndex(where: {
        base.addingReportingOverflow(UInt64($0.discontinuityCount)).overflow
      })
    else { return }
    error(
      .sequenceTooLarge,
      "EXT-X-DISCONTINUITY-SEQUENCE \(base) plus \(segments[wrapped].discontinuityCount)"
        + " discontinuities passes 18446744073709551615; numbers wrap to 0 from here",
      line: Int(segments[wrapped].uriLine))
  }

  private mutating func finish() {
    if pendingVariant != nil, let line = pendingVariant?.line {
      error(.streamInfWithoutURI, "EXT-X-STREAM-INF is not followed by a URI line", line: line)
    }
    if pending.infLine >= 0 {
      error(.extinfWithoutURI, "EXTINF is not followed by a URI line", line: Int(pending.infLine))
    }
    if sawOtherScope { reportMixedScopes() }
  }

  private mutating func reportMixedScopes() {
    let isMultivariant = firstScope == .multivariant
    for index in lines.indices where lines[index].kind == .tag {
      let scope = lines[index].tag.scope
      if isMultivariant && scope == .media {
        warn(
          .tagWrongPlaylistKind,
          "\(lines[index].tag.spelling) does not belong in a multivariant playlist", line: index)
      } else if !isMultivariant && scope == .multivariant {
        warn(
          .tagWrongPlaylistKind, "\(lines[index].tag.spelling) does not belong in a media playlist",
          line: index)
      }
    }
  }
}
