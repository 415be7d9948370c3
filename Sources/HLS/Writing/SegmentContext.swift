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
    a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
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
  @discardableResult
  mutating func write(
    segment: Segment, after context: inout SegmentContext, dateRanges: ArraySlice<DateRange>,
    tags: ArraySlice<CustomTag>
  ) throws(PlaylistWriteError) -> WrittenSegment {
    var written = WrittenSegment(stateEnd: bytes.count, wroteDateTime: false)
    var next = context
    try atomically { (w: inout PlaylistWriter) throws(PlaylistWriteError) in
      if segment.discontinuity { w.append("#EXT-X-DISCONTINUITY\n") }
      try w.writeState(of: segment, after: &next)
      written.stateEnd = w.bytes.count
      if let date = segment.programDateTime {
        if segment.hasOwnProgramDateTime || !SegmentContext.continues(next.nextDateTime, date) {
          written.wroteDateTime = true
          w.append("#EXT-X-PROGRAM-DATE-TIME:")
          w.append(dateTime: date)
          w.newline()
        }
        next.nextDateTime = date.adding(seconds: segment.duration)
      } else if let date = next.nextDateTime {
        next.nextDateTime = date.adding(seconds: segment.duration)
      }
      for range in dateRanges { try w.write(range) }
      for tag in tags { try w.write(tag) }
      for part in segment.parts { try w.write(part: part, after: &next) }
      if let range = segment.byteRange {
        if range.length < 0 || range.offset < 0 {
          throw PlaylistWriteError(
            .negativeNumber, tag: TagName.byteRange.spelling,
            value: "\(range.length)@\(range.offset)")
        }
        w.append("#EXT-X-BYTERANGE:")
        w.append(integer: range.length)
        if range.offsetWasExplicit || next.byteRangeEnd != range.offset || next.uri != segment.uri {
          w.bytes.append(0x40)
          w.append(integer: range.offset)
        }
        w.newline()
      }
      next.byteRangeEnd = segment.byteRange?.end
      if segment.gap { w.append("#EXT-X-GAP\n") }
      try w.writeInf(segment.duration, segment.title)
      try w.write(uri: segment.uri)
      next.uri = segment.uri
    }
    context = next
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
    append("#EXTINF:")
    append(decimal: duration)
    bytes.append(0x2C)
    if let title { append(title) }
    newline()
  }
}
