import ManifestCore

extension LineEdit {
  /// Replaces line `line` with what `body` writes (one line or several, e.g. EXT-X-STREAM-INF
  /// and its URI): `try LineEdit.replacing(line: key.line) { try $0.write(newKey) }`. A single
  /// line keeps the replaced line's terminator; several are ended as the playlist's first line.
  public static func replacing(
    line: Int, _ body: (inout PlaylistWriter) throws(PlaylistWriteError) -> Void
  ) throws(PlaylistWriteError) -> [LineEdit] {
    let lines = try rendered(body)
    if lines.count == 1 { return [.replace(line: line, text: lines[0])] }
    return [.remove(line: line), .insert(before: line, lines: lines)]
  }

  /// Inserts what `body` writes before line `line` (`lines.count` appends).
  public static func inserting(
    before line: Int, _ body: (inout PlaylistWriter) throws(PlaylistWriteError) -> Void
  ) throws(PlaylistWriteError) -> [LineEdit] {
    let lines = try rendered(body)
    return lines.isEmpty ? [] : [.insert(before: line, lines: lines)]
  }

  /// The lines `body` writes, without their line ends.
  static func rendered(_ body: (inout PlaylistWriter) throws(PlaylistWriteError) -> Void)
    throws(PlaylistWriteError) -> [String]
  {
    var writer = PlaylistWriter()
    try body(&writer)
    return writer.bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map {
      String(decoding: $0, as: UTF8.self)
    }
  }
}

/// Edits by value (RFC 8216bis §4.4.4): segments replaced, inserted and removed through typed
/// values, written by `PlaylistWriter`, as line edits: every line the edit does not concern is
/// written as it was. Where the change alters what is in force for the next segment (its keys,
/// map, bitrate, tile layout, date-time or byte range offset), the tags that keep the next
/// segment as it was are added before it.
extension MediaPlaylist {
  /// The edits that replace segment `index` with `segment` (its tags in force written where
  /// they differ from the previous segment's): its EXTINF, URI and segment tags go, its date
  /// ranges, ad markers, unknown tags and comments stay.
  public func replacingSegment(at index: Int, with segment: Segment) throws(PlaylistWriteError)
    -> [LineEdit]
  {
    guard segments.indices.contains(index) else { return [] }
    let old = segments[index]
    var context = self.context(before: index)
    let lines = try LineEdit.rendered { (w: inout PlaylistWriter) throws(PlaylistWriteError) in
      try w.write(segment: segment, after: &context, dateRanges: [], tags: [])
    }
    var edits = ownLines(of: old, including: Self.stateTags).map { LineEdit.remove(line: $0) }
    edits += [.insert(before: old.uriLine, lines: lines), .remove(line: old.uriLine)]
    return edits + (try keeping(index + 1, after: context, not: SegmentContext(after: old)))
  }

  /// The edits that insert `segment` before segment `index` (`segments.count` appends it after
  /// the last one), before the date ranges and tags that precede segment `index`.
  public func insertingSegment(_ segment: Segment, at index: Int) throws(PlaylistWriteError)
    -> [LineEdit]
  {
    guard (0...segments.count).contains(index) else { return [] }
    var context = self.context(before: index)
    let lines = try LineEdit.rendered { (w: inout PlaylistWriter) throws(PlaylistWriteError) in
      try w.write(segment: segment, after: &context, dateRanges: [], tags: [])
    }
    let at =
      index < segments.count
      ? segments[index].lines.lowerBound
      : (segments.last.map { $0.uriLine + 1 } ?? firstLineAfterHeader)
    return [.insert(before: at, lines: lines)]
      + (try keeping(index, after: context, not: self.context(before: index)))
  }

  /// The edits that remove segment `index`: its EXTINF, URI, byte range, parts, gap and
  /// date-time go; the keys, map, bitrate, tile layout and discontinuity it states stay, for the
  /// segments after it, as do its date ranges and other tags. EXT-X-MEDIA-SEQUENCE is not
  /// changed (expiring from a live window is `LiveMediaPlaylist`'s).
  public func removingSegment(at index: Int) throws(PlaylistWriteError) -> [LineEdit] {
    guard segments.indices.contains(index) else { return [] }
    let old = segments[index]
    var edits = ownLines(of: old, including: Self.segmentOwnTags).map { LineEdit.remove(line: $0) }
    edits.append(.remove(line: old.uriLine))
    var context = self.context(before: index)
    // What stays of the removed segment still applies to the next one.
    context.keys = old.keys
    context.map = old.map
    context.bitrate = old.bitrate
    context.tiles = old.tiles
    return edits + (try keeping(index + 1, after: context, not: SegmentContext(after: old)))
  }

  /// Tags that state a segment's keys, map, bitrate, tiles, date-time, discontinuity, byte
  /// range, gap, parts and duration.
  private static let stateTags: Set<TagName> = [
    .key, .map, .bitrate, .tiles, .programDateTime, .discontinuity, .byteRange, .gap, .part, .inf,
  ]

  /// Tags that belong to a segment alone (removing it removes them).
  private static let segmentOwnTags: Set<TagName> = [
    .programDateTime, .byteRange, .gap, .part, .inf,
  ]

  /// The lines of `segment` (before its URI line) that are tags of `kinds`.
  private func ownLines(of segment: Segment, including kinds: Set<TagName>) -> [Int] {
    segment.lines.filter { i in
      i != segment.uriLine && source.lines[i].kind == .tag && kinds.contains(source.lines[i].tag)
    }
  }

  /// What is in force before segment `index`.
  private func context(before index: Int) -> SegmentContext {
    index > 0 ? SegmentContext(after: segments[index - 1]) : SegmentContext()
  }

  private var firstLineAfterHeader: Int {
    var i = 0
    while i < source.lines.count
      && (source.lines[i].kind != .tag || source.lines[i].tag.isPlaylistLevel)
    {
      i += 1
    }
    return i
  }

  /// The edits that keep segment `index` as it was when `context` precedes it instead of
  /// `before`: its keys, map, bitrate and tile layout stated again where what precedes it
  /// changed them (its own tags still apply after), its date-time where it no longer continues,
  /// its byte range offset where it no longer follows.
  private func keeping(_ index: Int, after context: SegmentContext, not before: SegmentContext)
    throws(PlaylistWriteError) -> [LineEdit]
  {
    guard segments.indices.contains(index) else { return [] }
    let next = segments[index]
    var context = context
    var target = next
    if SegmentContext.same(context.keys, before.keys) { target.keys = context.keys }
    if SegmentContext.same(context.map, before.map) { target.map = context.map }
    if context.bitrate == before.bitrate { target.bitrate = context.bitrate }
    if SegmentContext.same(context.tiles, before.tiles) { target.tiles = context.tiles }
    let state = target
    var lines = try LineEdit.rendered { (w: inout PlaylistWriter) throws(PlaylistWriteError) in
      try w.writeState(of: state, after: &context)
    }
    if let date = next.programDateTime, !next.hasOwnProgramDateTime,
      !SegmentContext.continues(context.nextDateTime, date)
    {
      var writer = PlaylistWriter()
      writer.append("#EXT-X-PROGRAM-DATE-TIME:")
      writer.append(dateTime: date)
      lines.append(writer.text)
    }
    var edits: [LineEdit] =
      lines.isEmpty ? [] : [.insert(before: next.lines.lowerBound, lines: lines)]
    if let range = next.byteRange, !range.offsetWasExplicit,
      context.byteRangeEnd != range.offset || context.uri != next.uri,
      let line = next.lines.first(where: { source.lines[$0].tag == .byteRange })
    {
      edits.append(.replace(line: line, text: "#EXT-X-BYTERANGE:\(range.length)@\(range.offset)"))
    }
    return edits
  }
}
