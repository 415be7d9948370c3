import ManifestCore

/// A segment as the parser stores it: numbers and byte ranges only (80 bytes), turned into a
/// `Segment` when asked for. State that rarely changes (keys, map, byte ranges, tiles) is an
/// index into a side table.
struct SegmentRecord: Sendable, Hashable {
  var durationSignificand: Int64
  var startSignificand: Int64
  var uriStart: UInt32
  var uriEnd: UInt32
  var uriLine: Int32
  var infLine: Int32
  var firstLine: Int32
  var keySet: Int32
  var map: Int32
  var programDateTime: Int32
  var tiles: Int32
  var partStart: Int32
  /// EXT-X-DISCONTINUITY tags from the first listed segment through this one (the sequence
  /// number is `SegmentList.discontinuitySequence` plus this).
  var discontinuityCount: Int32
  var byteRange: Int32
  var bitrate: Int32
  var partCount: UInt16
  var flags: UInt8
  var durationScale: UInt8
  var startScale: UInt8

  static let discontinuity: UInt8 = 1
  static let gap: UInt8 = 2
  static let ownProgramDateTime: UInt8 = 4
  /// The EXTINF has text after its comma (`SegmentList.title(of:)` looks for it only then).
  static let hasTitle: UInt8 = 8

  var duration: ExactDecimal {
    ExactDecimal(significand: durationSignificand, scale: Int(durationScale))
  }

  var startTime: ExactDecimal {
    ExactDecimal(significand: startSignificand, scale: Int(startScale))
  }
}

/// A program date-time tag and the playlist time of the segment it is on, for extrapolation.
struct ProgramDateTimeAnchor: Sendable, Hashable {
  var dateTime: DateTime
  var startTime: ExactDecimal

}

/// The media segments of a playlist, each resolved when read (RFC 8216bis §4.4.4). Reading a
/// segment makes its `String`s; the collection itself holds only numbers and byte ranges.
public struct SegmentList: RandomAccessCollection, Sendable, Equatable {
  let bytes: [UInt8]
  let lines: [PlaylistLine]
  let records: [SegmentRecord]
  let keySets: [[EncryptionKey]]
  let maps: [MediaInitializationSection]
  let anchors: [ProgramDateTimeAnchor]
  let parts: [PartialSegment]
  let tiles: [ImageTiles]
  let byteRanges: [ByteRange]
  let mediaSequence: UInt64
  /// EXT-X-DISCONTINUITY-SEQUENCE: the first segment's discontinuity sequence number.
  let discontinuitySequence: UInt64
  let variables: [String: String]

  public var startIndex: Int { 0 }
  public var endIndex: Int { records.count }

  /// The segment at `position`, resolved.
  public subscript(position: Int) -> Segment {
    let r = records[position]
    let own = r.flags & SegmentRecord.ownProgramDateTime != 0
    let partStart = Int(r.partStart)
    return Segment(
      uri: uri(of: r), duration: r.duration, title: title(of: r),
      discontinuity: r.flags & SegmentRecord.discontinuity != 0,
      programDateTime: programDateTime(of: r),
      hasOwnProgramDateTime: own, byteRange: r.byteRange >= 0 ? byteRanges[Int(r.byteRange)] : nil,
      keys: r.keySet >= 0 ? keySets[Int(r.keySet)] : [],
      map: r.map >= 0 ? maps[Int(r.map)] : nil, gap: r.flags & SegmentRecord.gap != 0,
      bitrate: r.bitrate >= 0 ? Int(r.bitrate) : nil,
      parts: r.partCount == 0 ? [] : Array(parts[partStart..<(partStart + Int(r.partCount))]),
      tiles: r.tiles >= 0 ? tiles[Int(r.tiles)] : nil, index: position,
      // Past 2^64 − 1 the numbers wrap; the parser reported that (hls.sequence.too-large).
      mediaSequence: mediaSequence &+ UInt64(position), startTime: r.startTime,
      discontinuitySequence: discontinuitySequence &+ UInt64(r.discontinuityCount),
      uriLine: Int(r.uriLine),
      infLine: r.infLine >= 0 ? Int(r.infLine) : nil,
      lines: Int(r.firstLine)..<(Int(r.uriLine) + 1))
  }

  /// The URI of segment `position` (cheaper than reading the whole segment).
  public func uri(at position: Int) -> String { uri(of: records[position]) }

  /// The duration of segment `position`.
  public func duration(at position: Int) -> ExactDecimal { records[position].duration }

  /// The start of segment `position`: seconds from the start of the first segment, summed
  /// exactly while parsing (cheaper than reading the whole segment for `Segment.startTime`).
  public func startTime(at position: Int) -> ExactDecimal { records[position].startTime }

  /// The program date-time of segment `position`, its own or extrapolated (cheaper than
  /// reading the whole segment for `Segment.programDateTime`).
  public func programDateTime(at position: Int) -> DateTime? {
    programDateTime(of: records[position])
  }

  /// A segment's own tag that continued the previous date-time shares that anchor, so the
  /// date is always the anchor's plus the time since it (zero for the anchor's segment).
  private func programDateTime(of r: SegmentRecord) -> DateTime? {
    guard r.programDateTime >= 0 else { return nil }
    let anchor = anchors[Int(r.programDateTime)]
    return anchor.dateTime.adding(seconds: r.startTime - anchor.startTime)
  }

  /// The EXTINF title: the text after the first comma of its value, or `nil` when empty.
  private func title(of r: SegmentRecord) -> String? {
    guard r.infLine >= 0, r.flags & SegmentRecord.hasTitle != 0 else { return nil }
    let line = lines[Int(r.infLine)]
    var i = line.valueStart
    let end = line.range.upperBound
    while i < end && bytes[i] != 0x2C { i += 1 }
    var titleEnd = end
    while titleEnd > i + 1 && ASCII.isBlank(bytes[titleEnd - 1]) { titleEnd -= 1 }
    return i + 1 < titleEnd ? ASCII.string(bytes, (i + 1)..<titleEnd) : nil
  }

  private func uri(of r: SegmentRecord) -> String {
    bytes.withUnsafeBufferPointer {
      VariableSubstitution.string($0, Int(r.uriStart)..<Int(r.uriEnd), variables)
    }
  }
}
