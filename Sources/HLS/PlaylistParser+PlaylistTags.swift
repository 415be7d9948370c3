import ManifestCore

/// Playlist-wide tags: basic, media playlist, media metadata, and tags for either kind
/// (RFC 8216bis §4.4.1–§4.4.5).
extension PlaylistParser {
  mutating func headerTag(_ tag: TagName, _ index: Int, _ value: Range<Int>?) {
    if segments.isEmpty && tag.isPlaylistLevel { segmentStart = Int32(index + 1) }
    switch tag {
    case .version:
      if header.version != nil {
        error(.versionRepeated, "EXT-X-VERSION appears more than once", line: index)
      }
      header.version = wholeNumber(tag, index, value)
    case .targetDuration:
      header.targetDuration = wholeNumber(tag, index, value)
    case .mediaSequence:
      if !segments.isEmpty {
        error(
          .mediaSequenceLate, "EXT-X-MEDIA-SEQUENCE must appear before the first segment",
          line: index)
      }
      header.mediaSequence = sequenceNumber(tag, index, value)
    case .discontinuitySequence:
      if !segments.isEmpty {
        error(
          .discontinuitySequenceLate,
          "EXT-X-DISCONTINUITY-SEQUENCE must appear before the first segment", line: index)
      }
      header.discontinuitySequence = sequenceNumber(tag, index, value)
    case .endList: header.endList = true
    case .playlistType:
      let text = value.map(text) ?? ""
      if let type = PlaylistType(rawValue: text) {
        header.playlistType = type
      } else {
        error(
          .playlistTypeInvalid,
          "EXT-X-PLAYLIST-TYPE must be EVENT or VOD, got '\(text)'", line: index,
          offset: value?.lowerBound)
      }
    case .iFramesOnly: header.iFramesOnly = true
    case .imagesOnly: header.imagesOnly = true
    case .independentSegments: header.independentSegments = true
    case .partInf: partInf(index, value)
    case .serverControl: serverControl(index, value)
    case .start: start(index, value)
    case .define: define(index, value)
    case .dateRange: dateRange(index, value)
    case .skip: skip(index, value)
    case .preloadHint: preloadHint(index, value)
    case .renditionReport: renditionReport(index, value)
    case .media, .streamInf, .iFrameStreamInf, .imageStreamInf, .sessionData, .sessionKey,
      .contentSteering:
      multivariantTag(tag, index, value)
    default: break  // ad markers and EXT-X-ALLOW-CACHE: kept, read by their own layers
    }
  }

  private mutating func wholeNumber(_ tag: TagName, _ index: Int, _ value: Range<Int>?) -> Int? {
    guard let value, let v = ASCII.parseUnsigned(bytes, value), v <= UInt64(Int.max) else {
      error(
        .tagInteger,
        "\(tag.spelling) must be a decimal integer, got '\(value.map(text) ?? "")'", line: index,
        offset: value?.lowerBound)
      return nil
    }
    return Int(v)
  }

  /// A media or discontinuity sequence number: a decimal-integer, 0 to 2^64 − 1 (RFC 8216bis
  /// §4.2, §4.4.3.2, §4.4.3.3); anything else is reported and read as 0.
  private mutating func sequenceNumber(_ tag: TagName, _ index: Int, _ value: Range<Int>?) -> UInt64
  {
    guard let value, let v = ASCII.parseUnsigned(bytes, value) else {
      error(
        .tagInteger,
        "\(tag.spelling) must be a decimal integer (0 to 18446744073709551615), got '"
          + (value.map(text) ?? "") + "'", line: index, offset: value?.lowerBound)
      return 0
    }
    return v
  }

  /// SKIPPED-SEGMENTS is a count of segments, kept below 2^53 so that adding positions to it
  /// cannot overflow; a larger value is reported and read as 0.
  private mutating func skipCount(_ value: Int?, _ index: Int) -> Int {
    guard let value else { return 0 }
    guard value < 1 << 53 else {
      error(
        .sequenceTooLarge, "SKIPPED-SEGMENTS \(value) is beyond 2^53; it is read as 0",
        line: index)
      return 0
    }
    return value
  }

  private mutating func partInf(_ index: Int, _ value: Range<Int>?) {
    guard scanAttributes(.partInf, index, value) else { return }
    guard let t = token("PART-TARGET") else { return missing("PART-TARGET", .partInf, index) }
    if let target = decimal(t, .partInf, index) {
      header.partInformation = PartInformation(partTarget: target)
    }
  }

  private mutating func serverControl(_ index: Int, _ value: Range<Int>?) {
    guard scanAttributes(.serverControl, index, value) else { return }
    var control = ServerControl(
      canBlockReload: false, canSkipUntil: nil, canSkipDateRanges: false, holdBack: nil,
      partHoldBack: nil)
    let tag = TagName.serverControl
    for t in tokens {
      if named(t, "CAN-BLOCK-RELOAD") {
        control.canBlockReload = yesNo(t, tag, index)
      } else if named(t, "CAN-SKIP-UNTIL") {
        control.canSkipUntil = decimal(t, tag, index)
      } else if named(t, "CAN-SKIP-DATERANGES") {
        control.canSkipDateRanges = yesNo(t, tag, index)
      } else if named(t, "HOLD-BACK") {
        control.holdBack = decimal(t, tag, index)
      } else if named(t, "PART-HOLD-BACK") {
        control.partHoldBack = decimal(t, tag, index)
      }
    }
    header.serverControl = control
  }

  private mutating func start(_ index: Int, _ value: Range<Int>?) {
    guard scanAttributes(.start, index, value) else { return }
    guard let t = token("TIME-OFFSET") else { return missing("TIME-OFFSET", .start, index) }
    let offset = decimal(t, .start, index, signed: true) ?? .zero
    let precise = token("PRECISE").map { yesNo($0, .start, index) } ?? false
    header.start = StartPoint(timeOffset: offset, precise: precise)
  }

  private mutating func define(_ index: Int, _ value: Range<Int>?) {
    guard scanAttributes(.define, index, value) else { return }
    var definition: VariableDefinition? = nil
    if let n = token("NAME") {
      let name = text(n.value)
      checkVariableName(n, index)
      if let v = token("VALUE") {
        if !v.quoted {
          warn(
            .attributeUnquoted,
            "EXT-X-DEFINE: VALUE must be a quoted string", line: index, offset: v.value.lowerBound)
        }
        definition = VariableDefinition(
          name: name, source: .value, value: text(v.value), line: index)
      } else {
        missing("VALUE", .define, index)
      }
    } else if let i = token("IMPORT") {
      let name = text(i.value)
      checkVariableName(i, index)
      let found = options.importedVariables[name]
      if found == nil {
        error(
          .defineImportUndefined,
          "EXT-X-DEFINE: IMPORT \"\(name)\" is not defined by the parent playlist", line: index)
      }
      definition = VariableDefinition(name: name, source: .imported, value: found, line: index)
    } else if let q = token("QUERYPARAM") {
      let name = text(q.value)
      checkVariableName(q, index)
      let found = options.url.flatMap { VariableSubstitution.queryParameter(name, in: $0) }
      if found == nil {
        error(
          .defineQueryParamMissing,
          "EXT-X-DEFINE: QUERYPARAM \"\(name)\" is not in the playlist URL's query", line: index)
      }
      definition = VariableDefinition(
        name: name, source: .queryParameter, value: found, line: index)
    } else {
      error(.defineNoName, "EXT-X-DEFINE needs NAME, IMPORT or QUERYPARAM", line: index)
    }
    guard let definition else { return }
    if !declaredVariables.insert(definition.name).inserted {
      error(
        .defineDuplicate, "EXT-X-DEFINE: variable \"\(definition.name)\" is defined twice",
        line: index)
    }
    header.definitions.append(definition)
    if let value = definition.value { header.variables[definition.name] = value }
  }

  private mutating func checkVariableName(_ t: AttributeToken, _ index: Int) {
    if !t.quoted || t.value.isEmpty
      || !t.value.allSatisfy({ VariableSubstitution.isNameByte(buffer[$0]) })
    {
      error(
        .defineInvalidName,
        "EXT-X-DEFINE: \(text(t.name)) must be a quoted name of [a-zA-Z0-9_-], got '"
          + "\(text(t.value))'", line: index, offset: t.value.lowerBound)
    }
  }

  private mutating func skip(_ index: Int, _ value: Range<Int>?) {
    guard scanAttributes(.skip, index, value) else { return }
    guard let t = token("SKIPPED-SEGMENTS") else {
      return missing("SKIPPED-SEGMENTS", .skip, index)
    }
    let removed = token("RECENTLY-REMOVED-DATERANGES").map { quoted($0, .skip, index) }
    header.skip = SkipInformation(
      skippedSegments: skipCount(integer(t, .skip, index), index),
      recentlyRemovedDateRanges: removed.map {
        $0.split(separator: "\t").map(String.init)
      } ?? [], line: index)
    if !segments.isEmpty {
      error(.skipLate, "EXT-X-SKIP must appear before the first segment", line: index)
    }
  }

  private mutating func preloadHint(_ index: Int, _ value: Range<Int>?) {
    guard scanAttributes(.preloadHint, index, value) else { return }
    let tag = TagName.preloadHint
    guard let type = token("TYPE") else { return missing("TYPE", tag, index) }
    guard let uri = token("URI") else { return missing("URI", tag, index) }
    header.preloadHints.append(
      PreloadHint(
        type: enumerated(type, tag, index, ["PART", "MAP"]), uri: quoted(uri, tag, index),
        byteRangeStart: token("BYTERANGE-START").flatMap { integer($0, tag, index) },
        byteRangeLength: token("BYTERANGE-LENGTH").flatMap { integer($0, tag, index) },
        line: index))
  }

  private mutating func renditionReport(_ index: Int, _ value: Range<Int>?) {
    guard scanAttributes(.renditionReport, index, value) else { return }
    let tag = TagName.renditionReport
    guard let uri = token("URI") else { return missing("URI", tag, index) }
    header.renditionReports.append(
      RenditionReport(
        uri: quoted(uri, tag, index),
        lastMediaSequence: token("LAST-MSN").flatMap { unsignedInteger($0, tag, index) },
        lastPart: token("LAST-PART").flatMap { integer($0, tag, index) }, line: index))
  }

  private mutating func dateRange(_ index: Int, _ value: Range<Int>?) {
    guard scanAttributes(.dateRange, index, value) else { return }
    let tag = TagName.dateRange
    var range = DateRange(
      id: "", classIdentifier: nil, startDate: nil, cue: nil, endDate: nil, duration: nil,
      plannedDuration: nil, scte35Command: nil, scte35Out: nil, scte35In: nil, endOnNext: false,
      attributes: attributeList(index), line: index, segmentIndex: segments.count)
    var sawID = false
    for t in tokens {
      if named(t, "ID") {
        sawID = true
        range.id = quoted(t, tag, index)
      } else if named(t, "CLASS") {
        range.classIdentifier = quoted(t, tag, index)
      } else if named(t, "START-DATE") {
        range.startDate = date(t, index)
      } else if named(t, "END-DATE") {
        range.endDate = date(t, index)
      } else if named(t, "CUE") {
        range.cue = quoted(t, tag, index)
      } else if named(t, "DURATION") {
        range.duration = decimal(t, tag, index, negative: .dateRangeNegativeDuration)
      } else if named(t, "PLANNED-DURATION") {
        range.plannedDuration = decimal(
          t, tag, index, negative: .dateRangeNegativeDuration)
      } else if named(t, "SCTE35-CMD") {
        range.scte35Command = hexadecimal(t, tag, index, code: .dateRangeSCTE35Hexadecimal)
      } else if named(t, "SCTE35-OUT") {
        range.scte35Out = hexadecimal(t, tag, index, code: .dateRangeSCTE35Hexadecimal)
      } else if named(t, "SCTE35-IN") {
        range.scte35In = hexadecimal(t, tag, index, code: .dateRangeSCTE35Hexadecimal)
      } else if named(t, "END-ON-NEXT") {
        range.endOnNext = enumerated(t, tag, index, ["YES"]) == "YES"
      }
    }
    if !sawID { missing("ID", tag, index, code: .dateRangeIDMissing) }
    // A later tag with the ID of an earlier one may leave START-DATE out: RFC 8216bis's own
    // SCTE-35 example (§4.4.5.1.4) closes a range that way, and spec.daterange-missing-start-date
    // accepts it.
    if token("START-DATE") == nil && !dateRangeIDsWithStart.contains(range.id) {
      missing("START-DATE", tag, index, code: .dateRangeStartDateMissing)
    }
    if let end = range.endDate, let startDate = range.startDate, end < startDate {
      error(.dateRangeEndBeforeStart, "EXT-X-DATERANGE: END-DATE is before START-DATE", line: index)
    }
    if range.endOnNext && range.classIdentifier == nil {
      error(
        .dateRangeEndOnNextWithoutClass, "EXT-X-DATERANGE: END-ON-NEXT=YES needs a CLASS",
        line: index)
    }
    if range.startDate != nil { dateRangeIDsWithStart.insert(range.id) }
    header.dateRanges.append(range)
  }

  private mutating func date(_ t: AttributeToken, _ index: Int) -> DateTime? {
    if t.quoted, let value = DateTime.parse(bytes, t.value) { return value }
    error(
      .dateRangeDateTime,
      "EXT-X-DATERANGE: \(text(t.name)) must be a quoted ISO 8601 date-time, got '"
        + "\(text(t.value))'", line: index, offset: t.value.lowerBound)
    return nil
  }
}
