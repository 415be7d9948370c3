import ManifestCore

/// One method per typed value: each writes its tag (and, for EXT-X-STREAM-INF, its URI line).
extension PlaylistWriter {
  /// EXT-X-KEY (RFC 8216bis §4.4.4.4), or EXT-X-SESSION-KEY (§4.4.6.5) when `session`.
  public mutating func write(_ key: EncryptionKey, session: Bool = false)
    throws(PlaylistWriteError)
  {
    var a: [(String, AttributeValue)] = [("METHOD", .enumerated(key.method.description))]
    if let uri = key.uri { a.append(("URI", .quoted(uri))) }
    if let iv = key.iv { a.append(("IV", .hexadecimal(iv))) }
    if let format = key.keyFormat { a.append(("KEYFORMAT", .quoted(format))) }
    if let versions = key.keyFormatVersions { a.append(("KEYFORMATVERSIONS", .quoted(versions))) }
    if let id = key.keyID { a.append(("KEYID", .hexadecimal(id))) }
    try write(session ? .sessionKey : .key, a)
  }

  /// EXT-X-MAP (§4.4.4.5).
  public mutating func write(_ map: MediaInitializationSection) throws(PlaylistWriteError) {
    var a: [(String, AttributeValue)] = [("URI", .quoted(map.uri))]
    if let range = map.byteRange {
      a.append(
        ("BYTERANGE", .quoted(Self.byteRangeText(range, withOffset: range.offsetWasExplicit))))
    }
    try write(.map, a)
  }

  /// EXT-X-PART (§4.4.4.9); BYTERANGE's offset is written when `byteRange.offsetWasExplicit`.
  public mutating func write(_ part: PartialSegment) throws(PlaylistWriteError) {
    try write(part, writeOffset: part.byteRange?.offsetWasExplicit ?? false)
  }

  mutating func write(_ part: PartialSegment, writeOffset: Bool) throws(PlaylistWriteError) {
    var a: [(String, AttributeValue)] = [
      ("DURATION", .decimal(part.duration)), ("URI", .quoted(part.uri)),
    ]
    if part.independent { a.append(("INDEPENDENT", .enumerated("YES"))) }
    if let range = part.byteRange {
      a.append(("BYTERANGE", .quoted(Self.byteRangeText(range, withOffset: writeOffset))))
    }
    if part.gap { a.append(("GAP", .enumerated("YES"))) }
    try write(.part, a)
  }

  static func byteRangeText(_ range: ByteRange, withOffset: Bool) -> String {
    withOffset ? "\(range.length)@\(range.offset)" : String(range.length)
  }

  /// EXT-X-DATERANGE (§4.4.5.1), the attributes of `range.attributes` that no typed field names
  /// (the `X-` client attributes) after the typed ones.
  public mutating func write(_ range: DateRange) throws(PlaylistWriteError) {
    var a: [(String, AttributeValue)] = [("ID", .quoted(range.id))]
    if let c = range.classIdentifier { a.append(("CLASS", .quoted(c))) }
    if let d = range.startDate { a.append(("START-DATE", .dateTime(d))) }
    if let cue = range.cue { a.append(("CUE", .quoted(cue))) }
    if let d = range.endDate { a.append(("END-DATE", .dateTime(d))) }
    if let d = range.duration { a.append(("DURATION", .decimal(d))) }
    if let d = range.plannedDuration { a.append(("PLANNED-DURATION", .decimal(d))) }
    if let h = range.scte35Command { a.append(("SCTE35-CMD", .hexadecimal(h))) }
    if let h = range.scte35Out { a.append(("SCTE35-OUT", .hexadecimal(h))) }
    if let h = range.scte35In { a.append(("SCTE35-IN", .hexadecimal(h))) }
    if range.endOnNext { a.append(("END-ON-NEXT", .enumerated("YES"))) }
    try write(.dateRange, a + Self.extras(range.attributes, of: .dateRange))
  }

  /// EXT-X-SERVER-CONTROL (§4.4.3.8).
  public mutating func write(_ control: ServerControl) throws(PlaylistWriteError) {
    var a: [(String, AttributeValue)] = []
    if let d = control.canSkipUntil { a.append(("CAN-SKIP-UNTIL", .decimal(d))) }
    if control.canSkipDateRanges { a.append(("CAN-SKIP-DATERANGES", .enumerated("YES"))) }
    if let d = control.holdBack { a.append(("HOLD-BACK", .decimal(d))) }
    if let d = control.partHoldBack { a.append(("PART-HOLD-BACK", .decimal(d))) }
    if control.canBlockReload { a.append(("CAN-BLOCK-RELOAD", .enumerated("YES"))) }
    try write(.serverControl, a)
  }

  /// EXT-X-PART-INF (§4.4.3.7).
  public mutating func write(_ information: PartInformation) throws(PlaylistWriteError) {
    try write(.partInf, [("PART-TARGET", .decimal(information.partTarget))])
  }

  /// EXT-X-PRELOAD-HINT (§4.4.5.3).
  public mutating func write(_ hint: PreloadHint) throws(PlaylistWriteError) {
    var a: [(String, AttributeValue)] = [
      ("TYPE", .enumerated(hint.type, allowed: ["PART", "MAP"])), ("URI", .quoted(hint.uri)),
    ]
    if let n = hint.byteRangeStart { a.append(("BYTERANGE-START", .integer(n))) }
    if let n = hint.byteRangeLength { a.append(("BYTERANGE-LENGTH", .integer(n))) }
    try write(.preloadHint, a)
  }

  /// EXT-X-RENDITION-REPORT (§4.4.5.4).
  public mutating func write(_ report: RenditionReport) throws(PlaylistWriteError) {
    var a: [(String, AttributeValue)] = [("URI", .quoted(report.uri))]
    if let n = report.lastMediaSequence { a.append(("LAST-MSN", .unsigned(n))) }
    if let n = report.lastPart { a.append(("LAST-PART", .integer(n))) }
    try write(.renditionReport, a)
  }

  /// EXT-X-SKIP (§4.4.5.2); RECENTLY-REMOVED-DATERANGES is written when it lists an ID or when
  /// `listingRemovedDateRanges` (a `_HLS_skip=v2` update must carry it, empty or not).
  public mutating func write(_ skip: SkipInformation, listingRemovedDateRanges: Bool = false)
    throws(PlaylistWriteError)
  {
    var a: [(String, AttributeValue)] = [("SKIPPED-SEGMENTS", .integer(skip.skippedSegments))]
    if listingRemovedDateRanges || !skip.recentlyRemovedDateRanges.isEmpty {
      for id in skip.recentlyRemovedDateRanges where id.utf8.contains(0x09) || id.isEmpty {
        throw PlaylistWriteError(
          .controlCharacter, tag: TagName.skip.spelling, attribute: "RECENTLY-REMOVED-DATERANGES",
          value: id)
      }
      a.append(
        (
          "RECENTLY-REMOVED-DATERANGES",
          .quoted(skip.recentlyRemovedDateRanges.joined(separator: "\t"))
        ))
    }
    try write(.skip, a)
  }

  /// EXT-X-START (§4.4.2.2).
  public mutating func write(_ start: StartPoint) throws(PlaylistWriteError) {
    var a: [(String, AttributeValue)] = [("TIME-OFFSET", .decimal(start.timeOffset, signed: true))]
    if start.precise { a.append(("PRECISE", .enumerated("YES"))) }
    try write(.start, a)
  }

  /// EXT-X-DEFINE (§4.4.2.3): NAME and VALUE, IMPORT or QUERYPARAM by `definition.source`.
  public mutating func write(_ definition: VariableDefinition) throws(PlaylistWriteError) {
    switch definition.source {
    case .value:
      try write(
        .define, [("NAME", .quoted(definition.name)), ("VALUE", .quoted(definition.value ?? ""))])
    case .imported: try write(.define, [("IMPORT", .quoted(definition.name))])
    case .queryParameter: try write(.define, [("QUERYPARAM", .quoted(definition.name))])
    }
  }

  /// EXT-X-TILES (HLS image media playlists); DURATION with the `options.minimumFractionDigits`.
  public mutating func write(_ tiles: ImageTiles) throws(PlaylistWriteError) {
    var a: [(String, AttributeValue)] = [
      ("RESOLUTION", .resolution(tiles.resolution)),
      ("LAYOUT", .resolution(Resolution(width: tiles.columns, height: tiles.rows))),
    ]
    if let d = tiles.duration { a.append(("DURATION", .styledDecimal(d))) }
    try write(.tiles, a)
  }

  /// EXT-X-STREAM-INF and its URI line (§4.4.6.2), EXT-X-I-FRAME-STREAM-INF (§4.4.6.3) or
  /// EXT-X-IMAGE-STREAM-INF, by `variant.kind`.
  public mutating func write(_ variant: VariantStream) throws(PlaylistWriteError) {
    let tag: TagName =
      switch variant.kind {
      case .media: .streamInf
      case .iFrame: .iFrameStreamInf
      case .image: .imageStreamInf
      }
    var a: [(String, AttributeValue)] = [("BANDWIDTH", .integer(variant.bandwidth))]
    if let n = variant.averageBandwidth { a.append(("AVERAGE-BANDWIDTH", .integer(n))) }
    if let d = variant.score { a.append(("SCORE", .decimal(d))) }
    if let s = variant.codecs { a.append(("CODECS", .quoted(s))) }
    if let s = variant.supplementalCodecs { a.append(("SUPPLEMENTAL-CODECS", .quoted(s))) }
    if let r = variant.resolution { a.append(("RESOLUTION", .resolution(r))) }
    if let d = variant.frameRate { a.append(("FRAME-RATE", .decimal(d))) }
    if let s = variant.hdcpLevel {
      a.append(("HDCP-LEVEL", .enumerated(s, allowed: ["TYPE-0", "TYPE-1", "NONE"])))
    }
    if let s = variant.allowedCPC { a.append(("ALLOWED-CPC", .quoted(s))) }
    if let s = variant.videoRange {
      a.append(("VIDEO-RANGE", .enumerated(s, allowed: ["SDR", "HLG", "PQ"])))
    }
    if let s = variant.requiredVideoLayout { a.append(("REQ-VIDEO-LAYOUT", .quoted(s))) }
    if let s = variant.stableVariantID { a.append(("STABLE-VARIANT-ID", .quoted(s))) }
    if let s = variant.audio { a.append(("AUDIO", .quoted(s))) }
    if let s = variant.video { a.append(("VIDEO", .quoted(s))) }
    if let s = variant.subtitles { a.append(("SUBTITLES", .quoted(s))) }
    if let s = variant.closedCaptions {
      a.append(("CLOSED-CAPTIONS", s == "NONE" ? .enumerated(s) : .quoted(s)))
    }
    if let s = variant.pathwayID { a.append(("PATHWAY-ID", .quoted(s))) }
    if variant.kind != .media { a.append(("URI", .quoted(variant.uri))) }
    a += Self.extras(variant.attributes, of: tag)
    try atomically { (w: inout PlaylistWriter) throws(PlaylistWriteError) in
      try w.write(tag, a)
      if variant.kind == .media { try w.write(uri: variant.uri) }
    }
  }

  /// EXT-X-MEDIA (§4.4.6.1).
  public mutating func write(_ rendition: Rendition) throws(PlaylistWriteError) {
    var a: [(String, AttributeValue)] = [
      (
        "TYPE",
        .enumerated(rendition.type, allowed: ["AUDIO", "VIDEO", "SUBTITLES", "CLOSED-CAPTIONS"])
      ),
      ("GROUP-ID", .quoted(rendition.groupID)), ("NAME", .quoted(rendition.name)),
    ]
    if let s = rendition.uri { a.append(("URI", .quoted(s))) }
    if let s = rendition.language { a.append(("LANGUAGE", .quoted(s))) }
    if let s = rendition.associatedLanguage { a.append(("ASSOC-LANGUAGE", .quoted(s))) }
    if let s = rendition.stableRenditionID { a.append(("STABLE-RENDITION-ID", .quoted(s))) }
    if rendition.isDefault { a.append(("DEFAULT", .enumerated("YES"))) }
    if rendition.autoselect { a.append(("AUTOSELECT", .enumerated("YES"))) }
    if rendition.forced { a.append(("FORCED", .enumerated("YES"))) }
    if let s = rendition.instreamID { a.append(("INSTREAM-ID", .quoted(s))) }
    if let n = rendition.bitDepth { a.append(("BIT-DEPTH", .integer(n))) }
    if let n = rendition.sampleRate { a.append(("SAMPLE-RATE", .integer(n))) }
    if let s = rendition.characteristics { a.append(("CHARACTERISTICS", .quoted(s))) }
    if let s = rendition.channels { a.append(("CHANNELS", .quoted(s))) }
    try write(.media, a + Self.extras(rendition.attributes, of: .media))
  }

  /// EXT-X-SESSION-DATA (§4.4.6.4).
  public mutating func write(_ data: SessionData) throws(PlaylistWriteError) {
    var a: [(String, AttributeValue)] = [("DATA-ID", .quoted(data.dataID))]
    if let s = data.value { a.append(("VALUE", .quoted(s))) }
    if let s = data.uri { a.append(("URI", .quoted(s))) }
    if let s = data.format { a.append(("FORMAT", .enumerated(s, allowed: ["JSON", "RAW"]))) }
    if let s = data.language { a.append(("LANGUAGE", .quoted(s))) }
    try write(.sessionData, a)
  }

  /// EXT-X-CONTENT-STEERING (§4.4.6.6).
  public mutating func write(_ steering: ContentSteering) throws(PlaylistWriteError) {
    var a: [(String, AttributeValue)] = [("SERVER-URI", .quoted(steering.serverURI))]
    if let s = steering.pathwayID { a.append(("PATHWAY-ID", .quoted(s))) }
    try write(.contentSteering, a)
  }

  /// EXT-X-PROGRAM-DATE-TIME (§4.4.4.6).
  public mutating func write(programDateTime value: DateTime) { writeProgramDateTime(value) }

  /// A custom tag line.
  public mutating func write(_ tag: CustomTag) throws(PlaylistWriteError) {
    let name = tag.name
    let known = TagName(spelling: name)
    guard name.utf8.count > 3, name.hasPrefix("EXT"),
      name.utf8.allSatisfy(Self.isAttributeNameByte),
      known == .unknown || known.isAdMarker
    else { throw PlaylistWriteError(.tagName, tag: name, value: name) }
    if let value = tag.value, Self.hasControl(value, allowTab: true) {
      throw PlaylistWriteError(.controlCharacter, tag: name, value: value)
    }
    bytes.append(0x23)
    append(name)
    if let value = tag.value {
      bytes.append(0x3A)
      append(value)
    }
    newline()
  }

  /// A URI line (a segment's or a variant's).
  public mutating func write(uri: String) throws(PlaylistWriteError) {
    if let problem = Self.uriProblem(uri) {
      throw PlaylistWriteError(problem, tag: "URI line", value: uri)
    }
    append(uri)
    newline()
  }

  /// Why `uri` cannot be a URI line (a control character; empty, starting with `#`, or
  /// starting or ending with a blank), or `nil`.
  static func uriProblem(_ uri: String) -> PlaylistWriteError.Code? {
    @inline(__always) func problem(_ u: UnsafeBufferPointer<UInt8>) -> PlaylistWriteError.Code? {
      if hasControl(u, allowTab: false) { return .controlCharacter }
      guard let first = u.first, let last = u.last, first != 0x23, !ASCII.isBlank(first),
        !ASCII.isBlank(last)
      else { return .uriLine }
      return nil
    }
    if let found = uri.utf8.withContiguousStorageIfAvailable(problem) { return found }
    var text = uri
    return text.withUTF8(problem)
  }
}
