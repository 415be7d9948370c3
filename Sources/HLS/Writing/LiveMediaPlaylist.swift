import ManifestCore

/// A live media playlist a packager keeps up to date (RFC 8216bis §6.2.1, §6.2.2): segments are
/// appended at the live edge and expired from the front, and the playlist is written after each
/// change, in full or as the LL-HLS playlist delta update (§6.2.5.1) a `_HLS_skip` request gets.
///
/// Appending renders only the new segment (each segment's lines are kept rendered, in one
/// buffer), so an append costs the same whatever the window's length; writing copies those
/// bytes after the header. Expiring keeps the window consistent:
/// - EXT-X-MEDIA-SEQUENCE and EXT-X-DISCONTINUITY-SEQUENCE follow the first segment (§6.2.2);
/// - the keys, map, bitrate and date-time in force are stated again at the new first segment;
/// - a DATERANGE whose segment expired is kept, before the first segment, while its range
///   (START-DATE to END-DATE, START-DATE plus DURATION or PLANNED-DURATION, open when neither)
///   overlaps the window; once no tag of its ID is left, the ID is listed in
///   RECENTLY-REMOVED-DATERANGES for CAN-SKIP-UNTIL seconds of playlist time.
///
/// Byte ranges are written with explicit offsets, so no segment depends on one that expired.
/// Parts of segments more than three target durations from the live edge are dropped
/// (§4.4.4.9 expects them only near the edge).
///
/// ```swift
/// var live = LiveMediaPlaylist(MediaPlaylistBuilder(targetDuration: 2, mediaSequence: 100))
/// try live.append(Segment(uri: "s100.m4s", duration: ExactDecimal(2)))
/// live.expire(keeping: 30)
/// let full = try live.bytes()
/// let delta = try live.deltaUpdate(.yes)
/// ```
public struct LiveMediaPlaylist: Sendable {
  /// Which playlist delta update a client asked for (`_HLS_skip=YES` or `_HLS_skip=v2`).
  public enum Skip: Sendable, Hashable {
    /// Skip segments only.
    case yes
    /// Skip segments and the date ranges before the skip boundary (needs
    /// CAN-SKIP-DATERANGES=YES; otherwise served as `.yes`).
    case v2
  }

  /// The playlist-wide values and the LL-HLS tail (`pendingParts`, `preloadHints`,
  /// `renditionReports`). Its `mediaSequence` and `discontinuitySequence` number the first
  /// segment appended; its `segments`, `dateRanges`, `customTags` and `skip` are not used (the
  /// window holds its own).
  public var template: MediaPlaylistBuilder

  private struct Chunk: Sendable {
    var end: Int
    var stateEnd: Int
    var wroteDateTime: Bool
  }

  private var store: [Segment] = []
  private var first = 0
  private var chunks: [UInt8] = []
  private var chunkInfo: [Chunk] = []
  private var context = SegmentContext()
  private var attachedRanges: [Int: [DateRange]] = [:]
  private var attachedTags: [Int: [CustomTag]] = [:]
  private var carried: [DateRange] = []
  private var removed: [(id: String, at: ExactDecimal)] = []
  private var neededVersion = 1
  private var versionKeys: [EncryptionKey] = []
  private var longest = 1
  private var elapsed = ExactDecimal.zero
  private var oldestWithParts = 0

  /// An empty window with the playlist-wide values of `template`.
  public init(_ template: MediaPlaylistBuilder) {
    self.template = template
  }

  /// The segments in the window, oldest first (`mediaSequence`, `discontinuitySequence` and
  /// `startTime` filled in).
  public var segments: ArraySlice<Segment> { store[first...] }

  /// EXT-X-MEDIA-SEQUENCE: the first segment's media sequence number.
  public var mediaSequence: UInt64 {
    store.count > first ? store[first].mediaSequence : nextMediaSequence
  }

  /// The media sequence number the next appended segment gets (0 after 2^64 − 1, which
  /// `append` refuses).
  public var nextMediaSequence: UInt64 {
    store.last.map { $0.mediaSequence &+ 1 } ?? template.mediaSequence
  }

  /// EXT-X-DISCONTINUITY-SEQUENCE of the window.
  public var discontinuitySequence: UInt64 {
    guard store.count > first else {
      return store.last?.discontinuitySequence ?? template.discontinuitySequence
    }
    let s = store[first]
    return s.discontinuitySequence &- (s.discontinuity ? 1 : 0)
  }

  /// The date ranges written with the window: those kept from expired segments, then those of
  /// the segments in the window, in order.
  public var dateRanges: [DateRange] {
    carried
      + attachedRanges.filter { $0.key >= first }.sorted { $0.key < $1.key }.flatMap(\.value)
  }

  /// The IDs a `_HLS_skip=v2` update lists in RECENTLY-REMOVED-DATERANGES.
  public var recentlyRemovedDateRanges: [String] {
    let horizon = elapsed - (template.serverControl?.canSkipUntil ?? .zero)
    return removed.filter { $0.at >= horizon }.map(\.id)
  }

  // MARK: Changing the window

  /// Appends `segment` at the live edge with date ranges and custom tags before it; only its
  /// lines are rendered. Throws, changing nothing, when one of its values is refused.
  public mutating func append(
    _ segment: Segment, dateRanges: [DateRange] = [], tags: [CustomTag] = []
  ) throws(PlaylistWriteError) {
    let lastDiscontinuity = store.last?.discontinuitySequence ?? template.discontinuitySequence
    if store.last?.mediaSequence == .max || (segment.discontinuity && lastDiscontinuity == .max) {
      // RFC 8216bis §4.2: a decimal-integer ends at 2^64 − 1; no later segment can be numbered.
      throw PlaylistWriteError(
        .unrepresentable, tag: segment.discontinuity ? "EXT-X-DISCONTINUITY" : "EXTINF",
        value: "18446744073709551616")
    }
    var s = segment
    let index = store.count
    s.index = index - first
    s.mediaSequence = nextMediaSequence
    s.startTime = elapsed
    s.discontinuitySequence = lastDiscontinuity + (s.discontinuity ? 1 : 0)
    if var range = s.byteRange {
      range.offsetWasExplicit = true
      s.byteRange = range
    }
    s.parts = s.parts.map { part in
      var p = part
      p.byteRange?.offsetWasExplicit = true
      return p
    }
    var ranges = dateRanges
    for i in ranges.indices { ranges[i].segmentIndex = index }
    var next = context
    let written = try render(s, after: &next, ranges[...], tags[...])
    context = next
    chunkInfo.append(
      Chunk(end: chunks.count, stateEnd: written.stateEnd, wroteDateTime: written.wroteDateTime))
    store.append(s)
    if !ranges.isEmpty { attachedRanges[index] = ranges }
    if !tags.isEmpty { attachedTags[index] = tags }
    elapsed = elapsed + s.duration
    longest = max(longest, Int(s.duration.roundedToInteger))
    neededVersion = max(
      neededVersion,
      ProtocolVersion.segment(s, after: &versionKeys, iFramesOnly: template.iFramesOnly))
    retireParts()
  }

  /// Renders `segment` at the end of `chunks`.
  private mutating func render(
    _ segment: Segment, after context: inout SegmentContext, _ ranges: ArraySlice<DateRange>,
    _ tags: ArraySlice<CustomTag>
  ) throws(PlaylistWriteError) -> PlaylistWriter.WrittenSegment {
    var writer = PlaylistWriter()
    swap(&writer.bytes, &chunks)
    defer { swap(&writer.bytes, &chunks) }
    var written = PlaylistWriter.WrittenSegment(stateEnd: 0, wroteDateTime: false)
    try writer.atomically { (w: inout PlaylistWriter) throws(PlaylistWriteError) in
      written = try w.write(segment: segment, after: &context, dateRanges: ranges, tags: tags)
    }
    return written
  }

  /// Adds a part of the segment being produced (written after the last segment).
  public mutating func addPart(_ part: PartialSegment) {
    template.pendingParts.append(part)
  }

  /// Turns the pending parts into a full segment at `uri` (its duration their sum, the keys,
  /// map and bitrate of the last segment in force, its date-time continuing the last one unless
  /// given) and appends it.
  public mutating func promotePendingParts(
    uri: String, title: String? = nil, programDateTime: DateTime? = nil
  ) throws(PlaylistWriteError) {
    let parts = template.pendingParts
    let duration = parts.reduce(ExactDecimal.zero) { $0 + $1.duration }
    let last = store.last
    let date =
      programDateTime ?? last?.programDateTime.map { $0.adding(seconds: last?.duration ?? .zero) }
    try append(
      Segment(
        uri: uri, duration: duration, title: title, programDateTime: date,
        hasOwnProgramDateTime: programDateTime != nil, keys: last?.keys ?? [], map: last?.map,
        bitrate: last?.bitrate, parts: parts, tiles: last?.tiles))
    template.pendingParts = []
  }

  /// Removes the `count` oldest segments (§6.2.2).
  public mutating func expire(_ count: Int = 1) {
    let n = min(max(count, 0), store.count - first)
    guard n > 0 else { return }
    for index in first..<(first + n) {
      carried += attachedRanges.removeValue(forKey: index) ?? []
      attachedTags.removeValue(forKey: index)
    }
    first += n
    pruneDateRanges()
    compact()
  }

  /// Removes the oldest segments until at most `count` are left.
  public mutating func expire(keeping count: Int) {
    expire(store.count - first - max(count, 0))
  }

  /// Drops the kept date ranges that no longer overlap the window, and remembers the IDs of
  /// which no tag is left.
  private mutating func pruneDateRanges() {
    guard store.count > first, let windowStart = store[first].programDateTime else { return }
    var gone: [String] = []
    carried.removeAll { range in
      guard let start = range.startDate else { return false }
      let end =
        range.effectiveEndDate ?? range.plannedDuration.map { start.adding(seconds: $0) }
      guard let end, end <= windowStart else { return false }
      gone.append(range.id)
      return true
    }
    if !gone.isEmpty {
      let left = Set(dateRanges.map(\.id))
      for id in gone where !left.contains(id) && !removed.contains(where: { $0.id == id }) {
        removed.append((id, elapsed))
      }
    }
    let horizon = elapsed - (template.serverControl?.canSkipUntil ?? .zero)
    removed.removeAll { $0.at < horizon }
  }

  /// Drops the storage of expired segments once they are half of it (amortized O(1)).
  private mutating func compact() {
    guard first >= 1024, first * 2 >= store.count else { return }
    let cut = chunkInfo[first - 1].end
    chunks.removeSubrange(0..<cut)
    store.removeSubrange(0..<first)
    chunkInfo.removeSubrange(0..<first)
    for i in chunkInfo.indices {
      chunkInfo[i].end -= cut
      chunkInfo[i].stateEnd -= cut
    }
    for i in store.indices { store[i].index = i }
    attachedRanges = Dictionary(
      uniqueKeysWithValues: attachedRanges.map { ($0.key - first, $0.value) })
    attachedTags = Dictionary(uniqueKeysWithValues: attachedTags.map { ($0.key - first, $0.value) })
    oldestWithParts = max(0, oldestWithParts - first)
    first = 0
  }

  /// Renders again, without parts, the segments more than three target durations from the live
  /// edge that still list parts.
  private mutating func retireParts() {
    guard let target = template.targetDuration else { return }
    let limit = elapsed - ExactDecimal(3 * target)
    oldestWithParts = max(oldestWithParts, first)
    while oldestWithParts < store.count {
      let i = oldestWithParts
      let s = store[i]
      if s.parts.isEmpty {
        oldestWithParts += 1
        continue
      }
      guard s.startTime + s.duration <= limit else { return }
      var plain = s
      plain.parts = []
      var previous = i > 0 ? SegmentContext(after: store[i - 1]) : SegmentContext()
      let start = i > 0 ? chunkInfo[i - 1].end : 0
      var writer = PlaylistWriter()
      guard
        let written = try? writer.write(
          segment: plain, after: &previous, dateRanges: (attachedRanges[i] ?? [])[...],
          tags: (attachedTags[i] ?? [])[...])
      else { return }
      let delta = writer.bytes.count - (chunkInfo[i].end - start)
      chunks.replaceSubrange(start..<chunkInfo[i].end, with: writer.bytes)
      chunkInfo[i].stateEnd = start + written.stateEnd
      chunkInfo[i].wroteDateTime = written.wroteDateTime
      for j in i..<chunkInfo.count { chunkInfo[j].end += delta }
      for j in (i + 1)..<chunkInfo.count { chunkInfo[j].stateEnd += delta }
      store[i] = plain
      oldestWithParts += 1
    }
  }

  // MARK: Writing

  /// The full playlist.
  public func bytes() throws(PlaylistWriteError) -> [UInt8] {
    var writer = PlaylistWriter(capacity: chunks.count - chunkStart + 1024)
    try writer.writeHeader(header(version: neededVersion))
    if store.count > first {
      let s = store[first]
      let info = chunkInfo[first]
      if s.discontinuity { writer.append("#EXT-X-DISCONTINUITY\n") }
      var fresh = SegmentContext()
      try writer.writeState(of: s, after: &fresh)
      if !info.wroteDateTime, let date = s.programDateTime {
        writer.append("#EXT-X-PROGRAM-DATE-TIME:")
        writer.append(dateTime: date)
        writer.newline()
      }
      for range in carried { try writer.write(range) }
      writer.bytes += chunks[info.stateEnd..<(chunkInfo.last?.end ?? info.end)]
    }
    var tail = context
    try writer.writeTail(template, context: &tail)
    return writer.bytes
  }

  /// The playlist delta update for `_HLS_skip` (§6.2.5.1): the segments that end at least
  /// CAN-SKIP-UNTIL seconds before the end of the playlist replaced by EXT-X-SKIP. For `.v2`
  /// (with CAN-SKIP-DATERANGES=YES) the date ranges of the skipped segments are left out too and
  /// RECENTLY-REMOVED-DATERANGES lists the IDs removed; for `.yes` every date range is kept. The
  /// full playlist when nothing can be skipped or there is no CAN-SKIP-UNTIL.
  public func deltaUpdate(_ skip: Skip) throws(PlaylistWriteError) -> [UInt8] {
    guard let until = template.serverControl?.canSkipUntil else { return try bytes() }
    let v2 = skip == .v2 && template.serverControl?.canSkipDateRanges == true
    var skipped = 0
    var fromEnd = ExactDecimal.zero
    var i = store.count - 1
    while i >= first {
      if fromEnd >= until {
        skipped = i - first + 1
        break
      }
      fromEnd = fromEnd + store[i].duration
      i -= 1
    }
    guard skipped > 0, first + skipped < store.count else { return try bytes() }
    let info = SkipInformation(
      skippedSegments: skipped, recentlyRemovedDateRanges: v2 ? recentlyRemovedDateRanges : [])
    var header = header(version: max(neededVersion, v2 ? 10 : 9))
    header.skip = info
    var writer = PlaylistWriter(capacity: chunks.count - chunkStart + 1024)
    try writer.writeHeader(header, listingRemovedDateRanges: v2)
    try writer.write(info, listingRemovedDateRanges: v2)
    for range in carried { try writer.write(range) }
    if !v2 {
      for index in first..<(first + skipped) {
        for range in attachedRanges[index] ?? [] { try writer.write(range) }
      }
    }
    writer.bytes += chunks[chunkInfo[first + skipped - 1].end..<(chunkInfo.last?.end ?? 0)]
    var tail = context
    try writer.writeTail(template, context: &tail)
    return writer.bytes
  }

  private var chunkStart: Int { first > 0 ? chunkInfo[first - 1].end : 0 }

  private func header(version: Int) -> MediaPlaylistBuilder {
    var header = template
    header.segments = []
    header.dateRanges = []
    header.customTags = []
    header.skip = nil
    header.mediaSequence = mediaSequence
    header.discontinuitySequence = discontinuitySequence
    header.targetDuration = template.targetDuration ?? longest
    let needed = max(version, ProtocolVersion.header(header))
    header.version = template.version ?? (needed > 1 ? needed : nil)
    return header
  }
}
