import ManifestCore

/// What is in force after a segment has been written, so the next one is written as the
/// difference: the keys, map, bitrate and tile layout in force, the date-time the next segment
/// continues to, and the byte ranges an implicit offset follows (RFC 8216bis §4.4.4).
package struct SegmentContext: Sendable, Hashable {
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
  package init() {}

  /// The state after `segment` (as a parse resolved it, or as a builder holds it).
  package init(after segment: Segment) {
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
    return a.isSpelledAlike(b)
  }

  static func same(_ a: EncryptionKey, _ b: EncryptionKey) -> Bool {
    a.method == b.method && a.uri == b.uri && a.iv == b.iv && a.keyFormat == b.keyFormat
      && a.keyFormatVersions == b.keyFormatVersions && a.keyID == b.keyID
  }

  @inline(__always)
  static func same(_ a: [EncryptionKey], _ b: [EncryptionKey]) -> Bool {
    guard a.count == b.count else { return false }
    let identical = a.withUnsafeBufferPointer { x in
      b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress }
    }
    return identical || zip(a, b).allSatisfy { same($0, $1) }
  }

  @inline(__always)
  static func same(_ a: MediaInitializationSection?, _ b: MediaInitializationSection?) -> Bool {
    guard let a else { return b == nil }
    guard let b else { return false }
    return a.uri == b.uri && a.byteRange == b.byteRange
  }

  @inline(__always)
  static func same(_ a: ImageTiles?, _ b: ImageTiles?) -> Bool {
    guard let a else { return b == nil }
    guard let b else { return false }
    return a.resolution == b.resolution && a.columns == b.columns && a.rows == b.rows
      && a.duration == b.duration
  }
}

extension PlaylistWriter {
  /// Writes the tags that put `segment`'s keys, map, bitrate and tile layout in force after
  /// `context`, without the segment itself.
  mutating func writeState(of segment: Segment, after context: inout SegmentContext)
    throws(PlaylistWriteError)
  {
    try withUnsafePointer(to: segment) { (s) throws(PlaylistWriteError) in
      try writeState(of: s, after: &context)
    }
  }

  /// `writeState(of:after:)` for the segment at `s`: the segment is read in place, not copied.
  mutating func writeState(of s: UnsafePointer<Segment>, after context: inout SegmentContext)
    throws(PlaylistWriteError)
  {
    if !SegmentContext.same(s.pointee.keys, context.keys) {
      try writeKeys(s.pointee.keys, after: context.keys)
      context.keys = s.pointee.keys
    }
    if !SegmentContext.same(s.pointee.map, context.map) {
      guard let map = s.pointee.map else {
        throw PlaylistWriteError(
          .unrepresentable, tag: TagName.map.spelling,
          value: "no map after \(context.map?.uri ?? "")")
      }
      try write(map)
      context.map = map
    }
    if s.pointee.bitrate != context.bitrate {
      guard let bitrate = s.pointee.bitrate else {
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
    // Under `options.tilesOnEverySegment` the tiles go after EXTINF (`writeStyledInf`).
    if !SegmentContext.same(s.pointee.tiles, context.tiles), !options.tilesOnEverySegment {
      guard let tiles = s.pointee.tiles else {
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
    try withUnsafePointer(to: segment) { (s) throws(PlaylistWriteError) in
      try write(segmentAt: s, after: &context, dateRanges: dateRanges, tags: tags)
    }
  }

  /// `write(segment:after:dateRanges:tags:)` for the segment at `s`, read in place: a playlist's
  /// segments are written without a copy of each (its strings and arrays retained and released).
  @discardableResult
  mutating func write(
    segmentAt s: UnsafePointer<Segment>, after context: inout SegmentContext,
    dateRanges: ArraySlice<DateRange>, tags: ArraySlice<CustomTag>
  ) throws(PlaylistWriteError) -> WrittenSegment {
    var written = WrittenSegment(stateEnd: bytes.count, wroteDateTime: false)
    if s.pointee.discontinuity { append("#EXT-X-DISCONTINUITY\n") }
    try writeState(of: s, after: &context)
    written.stateEnd = bytes.count
    let duration = s.pointee.duration
    // The date-time line goes out with the EXTINF and URI lines, in one append, when no line
    // comes between them.
    var dateBeforeInf: DateTime? = nil
    if let date = s.pointee.programDateTime {
      if s.pointee.hasOwnProgramDateTime || !SegmentContext.continues(context.nextDateTime, date) {
        written.wroteDateTime = true
        if dateRanges.isEmpty && tags.isEmpty && s.pointee.parts.isEmpty
          && s.pointee.byteRange == nil && !s.pointee.gap
        {
          dateBeforeInf = date
        } else {
          writeProgramDateTime(date)
        }
      }
      context.nextDateTime = date.adding(seconds: duration)
    } else if let date = context.nextDateTime {
      context.nextDateTime = date.adding(seconds: duration)
    }
    for range in dateRanges { try write(range) }
    for tag in tags { try write(tag) }
    for part in s.pointee.parts { try write(part: part, after: &context) }
    if let range = s.pointee.byteRange {
      if range.length < 0 || range.offset < 0 {
        throw PlaylistWriteError(
          .negativeNumber, tag: TagName.byteRange.spelling,
          value: "\(range.length)@\(range.offset)")
      }
      append("#EXT-X-BYTERANGE:")
      append(integer: range.length)
      if range.offsetWasExplicit || context.byteRangeEnd != range.offset
        || context.uri != s.pointee.uri
      {
        bytes.append(0x40)
        append(integer: range.offset)
      }
      newline()
      context.byteRangeEnd = range.end
    } else if context.byteRangeEnd != nil {
      context.byteRangeEnd = nil
    }
    if s.pointee.gap { append("#EXT-X-GAP\n") }
    if options.isDefault {
      try writeInf(duration, s.pointee.title, uri: s.pointee.uri, after: dateBeforeInf)
    } else {
      try writeStyledInf(s, after: dateBeforeInf)
    }
    context.uri = s.pointee.uri
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

  /// `#EXTINF:duration,title` and the URI line after it (after the EXT-X-PROGRAM-DATE-TIME line
  /// of `dateTime` when given), in one append; nothing when a value is refused (the duration,
  /// then the title, then the URI).
  mutating func writeInf(
    _ duration: ExactDecimal, _ title: String?, uri: String, after dateTime: DateTime? = nil
  ) throws(PlaylistWriteError) {
    guard !duration.isNegative else {
      throw PlaylistWriteError(
        .negativeNumber, tag: TagName.inf.spelling, value: duration.description)
    }
    if let title, Self.hasControl(title, allowTab: true) {
      throw PlaylistWriteError(.controlCharacter, tag: TagName.inf.spelling, value: title)
    }
    if let problem = Self.uriProblem(uri) {
      throw PlaylistWriteError(problem, tag: "URI line", value: uri)
    }
    var clock: DateClock? = nil
    if let dateTime {
      clock = self.clock(of: dateTime)
      if clock == nil { writeProgramDateTime(dateTime) }
    }
    // The date-time line (at most 25 + 40 + 1 bytes), "#EXTINF:", a decimal (at most 40
    // bytes), ",", the title, LF, the URI, LF.
    let capacity = 128 + (title?.utf8.count ?? 0) + uri.utf8.count
    withScratch(capacity: capacity) { p in
      var n = 0
      if let dateTime, let clock {
        n = Self.put("#EXT-X-PROGRAM-DATE-TIME:", p)
        n += Self.put(dateTime, clock, p + n)
        p[n] = 0x0A
        n += 1
      }
      n += Self.put("#EXTINF:", p + n)
      n += Self.put(duration, p + n)
      p[n] = 0x2C
      n += 1
      if let title { n += Self.put(string: title, p + n) }
      p[n] = 0x0A
      n += 1
      n += Self.put(string: uri, p + n)
      p[n] = 0x0A
      return n + 1
    }
  }
}
