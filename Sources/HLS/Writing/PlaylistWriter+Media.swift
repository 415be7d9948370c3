import ManifestCore

extension PlaylistWriter {
  /// The text of a media playlist laid out by `options`; throws, writing nothing, when a value
  /// is refused.
  public static func write(_ playlist: MediaPlaylistBuilder, options: Options = Options())
    throws(PlaylistWriteError) -> [UInt8]
  {
    var writer = PlaylistWriter(capacity: playlist.segments.count * 96 + 4096, options: options)
    try writer.write(playlist)
    return writer.bytes
  }

  /// Writes a media playlist: the header tags, the segments with their date ranges and custom
  /// tags, the pending parts, preload hints, rendition reports and EXT-X-ENDLIST.
  public mutating func write(_ playlist: MediaPlaylistBuilder) throws(PlaylistWriteError) {
    try atomically { (w: inout PlaylistWriter) throws(PlaylistWriteError) in
      try w.writeHeader(playlist)
      if let skip = playlist.skip { try w.write(skip) }
      let ranges = Self.placed(playlist.dateRanges, \.segmentIndex)
      let tags = Self.placed(playlist.customTags, \.segmentIndex)
      var r = 0
      var t = 0
      var context = SegmentContext()
      // Through the buffer's pointer, so no segment is copied on its way to the writer.
      try playlist.segments.withUnsafeBufferPointer {
        (segments: UnsafeBufferPointer<Segment>) throws(PlaylistWriteError) in
        guard let base = segments.baseAddress else { return }
        for index in segments.indices {
          let r0 = r
          while r < ranges.count && ranges[r].segmentIndex <= index { r += 1 }
          let t0 = t
          while t < tags.count && tags[t].segmentIndex <= index { t += 1 }
          try w.write(
            segmentAt: base + index, after: &context, dateRanges: ranges[r0..<r],
            tags: tags[t0..<t])
        }
      }
      for range in ranges[r...] { try w.write(range) }
      for tag in tags[t...] { try w.write(tag) }
      try w.writeTail(playlist, context: &context)
    }
  }

  /// `items` in order of `segmentIndex`, stable (already so when appended in order).
  private static func placed<T>(_ items: [T], _ index: KeyPath<T, Int>) -> [T] {
    var sorted = true
    var last = Int.min
    for item in items {
      if item[keyPath: index] < last { sorted = false }
      last = item[keyPath: index]
    }
    if sorted { return items }
    return items.enumerated().sorted {
      ($0.element[keyPath: index], $0.offset) < ($1.element[keyPath: index], $1.offset)
    }.map(\.element)
  }

  /// The playlist-wide tags, EXTM3U through the header custom tags.
  mutating func writeHeader(
    _ playlist: MediaPlaylistBuilder, listingRemovedDateRanges: Bool = false
  )
    throws(PlaylistWriteError)
  {
    append("#EXTM3U\n")
    let version =
      playlist.version
      ?? ProtocolVersion.minimum(playlist, listingRemovedDateRanges: listingRemovedDateRanges)
    if version > 1 || playlist.version != nil { try writeNumber(.version, version) }
    let target =
      playlist.targetDuration
      ?? max(1, playlist.segments.lazy.map { Int($0.duration.roundedToInteger) }.max() ?? 1)
    try writeNumber(.targetDuration, target)
    if let type = playlist.playlistType {
      append("#EXT-X-PLAYLIST-TYPE:")
      append(type.rawValue)
      newline()
    }
    if playlist.mediaSequence != 0 || !playlist.endList {
      writeNumber(.mediaSequence, playlist.mediaSequence)
    }
    if playlist.discontinuitySequence != 0 {
      writeNumber(.discontinuitySequence, playlist.discontinuitySequence)
    }
    if playlist.independentSegments { append("#EXT-X-INDEPENDENT-SEGMENTS\n") }
    if playlist.iFramesOnly { append("#EXT-X-I-FRAMES-ONLY\n") }
    if playlist.imagesOnly { append("#EXT-X-IMAGES-ONLY\n") }
    if let start = playlist.start { try write(start) }
    for definition in playlist.definitions { try write(definition) }
    if let control = playlist.serverControl { try write(control) }
    if let information = playlist.partInformation { try write(information) }
    for tag in playlist.headerTags { try write(tag) }
  }

  /// `#TAG:n` for the decimal-integer tags.
  /// `#NAME:n` for a sequence number (0 to 2^64 − 1), with its line end.
  mutating func writeNumber(_ tag: TagName, _ value: UInt64) {
    bytes.append(0x23)
    append(tag.spelling)
    bytes.append(0x3A)
    append(unsigned: value)
    newline()
  }

  mutating func writeNumber(_ tag: TagName, _ value: Int) throws(PlaylistWriteError) {
    guard value >= 0 else {
      throw PlaylistWriteError(.negativeNumber, tag: tag.spelling, value: String(value))
    }
    bytes.append(0x23)
    append(tag.spelling)
    bytes.append(0x3A)
    append(integer: value)
    newline()
  }

  /// Pending parts, preload hints, rendition reports and EXT-X-ENDLIST.
  mutating func writeTail(_ playlist: MediaPlaylistBuilder, context: inout SegmentContext)
    throws(PlaylistWriteError)
  {
    for part in playlist.pendingParts { try write(part: part, after: &context) }
    for hint in playlist.preloadHints { try write(hint) }
    for report in playlist.renditionReports { try write(report) }
    if playlist.endList { append("#EXT-X-ENDLIST\n") }
  }
}
