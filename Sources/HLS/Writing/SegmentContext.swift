import ManifestCore

/// What is in force after a segment has been written, so the next one is written as the
/// difference: the keys, map, bitrate and tile layout in force, the date-time the next segment
/// continues to, and the byte ranges an implicit offset follows (RFC 8216bis §4.4.4).
struct SegmentContext: Sendable, Hashable {
  var keys: [EncryptionKey] = []
  var map: MediaInitializationSection? = nil
  var bitrate: Int? = nil
  var tiles: ImageTiles? = nil
  var nextDateTime: DateTime? = nil
  var uri: String? = nil
  var byteRangeEnd: Int? = nil
  var partURI: String? = nil
  var partByteRangeEnd: Int? = nil

  /// Nothing in force: the start of a playlist.
  init() {}

  /// The state after `segment` (as a parse resolved it, or as a builder holds it).
  init(after segment: Segment) {
    keys = segment.keys
    map = segment.map
    bitrate = segment.bitrate
    tiles = segment.tiles
    nextDateTime = segment.programDateTime?.adding(seconds: segment.duration)
    uri = segment.uri
    byteRangeEnd = segment.byteRange?.end
    if let last = segment.parts.last {
      partURI = last.uri
      partByteRangeEnd = last.byteRange?.end
    }
  }

  /// The same date-time, zone and precision: a tag that continues exactly needs not be written.
  static func continues(_ a: DateTime?, _ b: DateTime) -> Bool {
    guard let a else { return false }
    return a.epochNanoseconds == b.epochNanoseconds && a.utcOffsetMinutes == b.utcOffsetMinutes
      && a.fractionDigits == b.fractionDigits
  }

  static func same(_ a: EncryptionKey, _ b: EncryptionKey) -> Bool {
    a.method == b.method && a.uri == b.uri && a.iv == b.iv && a.keyFormat == b.keyFormat
      && a.keyFormatVersions == b.keyFormatVersions && a.keyID == b.keyID
  }

  static func same(_ a: [EncryptionKey], _ b: [EncryptionKey]) -> Bool {
    guard a.count == b.count else { return false }
    let identical = a.withUnsafeBufferPointer { x in
      b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress }
    }
    return identical || zip(a, b).allSatisfy { same($0, $1) }
  }

  static func same(_ a: MediaInitializationSection?, _ b: MediaInitializationSection?) -> Bool {
    a?.uri == b?.uri && a?.byteRange == b?.byteRange
  }

  static func same(_ a: ImageTiles?, _ b: ImageTiles?) -> Bool {
    a?.resolution == b?.resolution && a?.columns == b?.columns && a?.rows == b?.rows
      && a?.duration == b?.duration
  }
}

extension PlaylistWriter {
  /// Writes the tags that put `segment`'s keys, map, bitrate and tile layout in force after
  /// `context`, without the segment itself.
  mutating func writeState(of segment: Segment, after context: inout SegmentContext)
    throws(PlaylistWriteError)
  {
    if !SegmentContext.same(segment.keys, context.keys) {
      try writeKeys(segment.keys, after: context.keys)
      context.keys = segment.keys
    }
    if !SegmentContext.same(segment.map, context.map) {
      guard let map = segment.map else {
        throw PlaylistWriteError(
          .unrepresentable, tag: TagName.map.spelling,
          value: "no map after \(context.map?.uri ?? "")")
      }
      try write(map)
      context.map = map
    }
    if segment.bitrate != context.bitrate {
      guard let bitrate = segment.bitrate else {
        throw PlaylistWriteError(
          .unrepresentable, tag: TagName.bitrate.spelling,
          value: "no bitrate after \(context.bitrate ?? 0)")
      }
      append("#EXT-X-BITRATE:")
      guard bitrate >= 0 else {
        throw PlaylistWriteError(
          .negativeNumber, tag: TagName.bitrate.spelling, value: String(bitrate))
      }
      append(integer: bitrate)
      newline()
      context.bitrate = bitrate
    }
    if !SegmentContext.same(segment.tiles, context.tiles) {
      guard let tiles = segment.tiles else {
        throw PlaylistWriteError(.unrepresentable, tag: TagName.tiles.spelling, value: "no tiles")
      }
      try write(tiles)
      context.tiles = tiles
    }
  }

  /// EXT-X-KEY tags that turn the keys `old` into `new` (§4.4.4.4: a key replaces the one of
  /// its KEYFORMAT, METHOD=NONE ends them all).
  private mutating func writeKeys(_ new: [EncryptionKey], after old: [EncryptionKey])
    throws(PlaylistWriteError)
  {
    var formats = Set<String>()
    for key in new {
      guard key.method != .none, formats.insert(key.effectiveKeyFormat).inserted else {
        throw PlaylistWriteError(
          .unrepresentable, tag: TagName.key.spelling, attribute: "KEYFORMAT",
          value: key.method == .none ? "METHOD=NONE in force" : key.effectiveKeyFormat)
      }
    }
    let keepsOrder =
      old.count <= new.count
      && zip(old, new).allSatisfy { $0.effectiveKeyFormat == $1.effectiveKeyFormat }
    if new.isEmpty || !keepsOrder {
      append("#EXT-X-KEY:METHOD=NONE\n")
    }
    for (i, key) in new.enumerated()
    where !keepsOrder || i >= old.count || !SegmentContext.same(key, old[i]) {
      try write(key)
    }
  }

  /// Where a written segment's parts are: the end of its state tags (discontinuity, keys, map,
  /// bitrate, tiles) in `bytes`, and whether it wrote a program date-time.
  struct WrittenSegment {
    var stateEnd: Int
    var wroteDateTime: Bool
  }

  /// Writes one segment (its state tags where they change, its date ranges and custom tags,
  /// parts, byte range, gap, EXTINF and URI line) after `context`, and advances `context`.
  /// `context` is advanced as the segment is written: on a throw, both it and `bytes` hold a
  /// part of the segment, and the caller (which writes atomically) drops them.
  @discardableResult
  mutating func write(
    segment: Segment, after context: inout SegmentContext, dateRanges: ArraySlice<DateRange>,
    tags: ArraySlice<CustomTag>
  ) throws(PlaylistWriteError) -> WrittenSegment {
    var written = WrittenSegment(stateEnd: bytes.count, wroteDateTime: false)
    if segment.discontinuity { append("#EXT-X-DISCONTINUITY\n") }
    try writeState(of: segment, after: &context)
    written.stateEnd = bytes.count
    if let date = segment.programDateTime {
      if segment.hasOwnProgramDateTime || !SegmentContext.continues(context.nextDateTime, date) {
        written.wroteDateTime = true
        append("#EXT-X-PROGRAM-DATE-TIME:")
        append(dateTime: date)
        newline()
      }
      context.nextDateTime = date.adding(seconds: segment.duration)
    } else if let date = context.nextDateTime {
      context.nextDateTime = date.adding(seconds: segment.duration)
    }
    for range in dateRanges { try write(range) }
    for tag in tags { try write(tag) }
    for part in segment.parts { try write(part: part, after: &context) }
    if let range = segment.byteRange {
      if range.length < 0 || range.offset < 0 {
        throw PlaylistWriteError(
          .negativeNumber, tag: TagName.byteRange.spelling,
          value: "\(range.length)@\(range.offset)")
      }
      append("#EXT-X-BYTERANGE:")
      append(integer: range.length)
      if range.offsetWasExplicit || context.byteRangeEnd != range.offset
        || context.uri != segment.uri
      {
        bytes.append(0x40)
        append(integer: range.offset)
      }
      newline()
      context.byteRangeEnd = range.end
    } else if context.byteRangeEnd != nil {
      context.byteRangeEnd = nil
    }
    if segment.gap { append("#EXT-X-GAP\n") }
    try writeInf(segment.duration, segment.title)
    try write(uri: segment.uri)
    context.uri = segment.uri
    return written
  }

  /// A part, its BYTERANGE offset written unless it follows the previous part's range.
  mutating func write(part: PartialSegment, after context: inout SegmentContext)
    throws(PlaylistWriteError)
  {
    let implicit =
      part.byteRange.map {
        !$0.offsetWasExplicit && context.partURI == part.uri
          && context.partByteRangeEnd == $0.offset
      } ?? false
    try write(part, writeOffset: !implicit)
    context.partURI = part.uri
    context.partByteRangeEnd = part.byteRange?.end
  }

  /// `#EXTINF:duration,title`.
  mutating func writeInf(_ duration: ExactDecimal, _ title: String?) throws(PlaylistWriteError) {
    guard !duration.isNegative else {
      throw PlaylistWriteError(
        .negativeNumber, tag: TagName.inf.spelling, value: duration.description)
    }
    if let title, Self.hasControl(title, allowTab: true) {
      throw PlaylistWriteError(.controlCharacter, tag: TagName.inf.spelling, value: title)
    }
    withScratch { p in
      let prefix: StaticString = "#EXTINF:"
      prefix.withUTF8Buffer { for (i, b) in $0.enumerated() { p[i] = b } }
      let n = prefix.utf8CodeUnitCount
      let count = n + Self.put(duration, p + n)
      p[count] = 0x2C
      return count + 1
    }
    if let title { append(title) }
    newline()
  }
}
