import ManifestCore

extension PlaylistWriter {
  /// Writes `segments` as a run inside a media playlist whose lines before it are kept as
  /// written (RFC 8216bis §4.4.4): each segment after `context` with the tags in force where they
  /// change, the date ranges and custom tags placed by `segmentIndex` in the run; then, for
  /// `next` (the playlist's segment after the run, whose own lines follow as written), its
  /// discontinuity, keys, map, bitrate and date-time, and the tags placed after the run's last
  /// segment. Nothing is written when a value is refused.
  package mutating func write(
    run segments: [Segment], dateRanges: [DateRange], tags: [CustomTag], before next: Segment?,
    after context: inout SegmentContext
  ) throws(PlaylistWriteError) {
    var state = context
    try atomically { (w: inout PlaylistWriter) throws(PlaylistWriteError) in
      var r = 0
      var t = 0
      for (index, segment) in segments.enumerated() {
        let r0 = r
        while r < dateRanges.count && dateRanges[r].segmentIndex <= index { r += 1 }
        let t0 = t
        while t < tags.count && tags[t].segmentIndex <= index { t += 1 }
        try w.write(
          segment: segment, after: &state, dateRanges: dateRanges[r0..<r], tags: tags[t0..<t])
      }
      if let next {
        if next.discontinuity { w.append("#EXT-X-DISCONTINUITY\n") }
        try w.writeState(of: next, after: &state)
        if let date = next.programDateTime,
          next.hasOwnProgramDateTime || !SegmentContext.continues(state.nextDateTime, date)
        {
          w.writeProgramDateTime(date)
        }
      }
      for range in dateRanges[r...] { try w.write(range) }
      for tag in tags[t...] { try w.write(tag) }
    }
    context = state
  }

  /// Lines of a playlist copied as they were read (their line ends included).
  package mutating func append(lines: ArraySlice<UInt8>) { bytes += lines }

  /// Lines of a playlist copied as they were read (their line ends included), straight from
  /// the buffer they were read into: no slice is made per copy.
  package mutating func append(lines: UnsafeBufferPointer<UInt8>) {
    bytes.append(contentsOf: lines)
  }

  /// `#EXT-X-BYTERANGE:<length>@<offset>` (§4.4.4.2), the offset stated: a segment whose range
  /// followed the one before it, written after other segments.
  package mutating func write(explicit range: ByteRange) throws(PlaylistWriteError) {
    guard range.length >= 0, range.offset >= 0 else {
      throw PlaylistWriteError(
        .negativeNumber, tag: TagName.byteRange.spelling, value: "\(range.length)@\(range.offset)")
    }
    append("#EXT-X-BYTERANGE:")
    append(integer: range.length)
    bytes.append(0x40)
    append(integer: range.offset)
    newline()
  }

  /// `#NAME:n` for a decimal-integer playlist tag (EXT-X-VERSION, EXT-X-TARGETDURATION), with
  /// its line end.
  package mutating func write(number value: Int, of tag: TagName) throws(PlaylistWriteError) {
    try writeNumber(tag, value)
  }

  /// A URI line: `prefix` and then `uri` (bytes as read, from the buffer they were read into);
  /// throws, writing nothing, when they would not be one URI line (a control character, a
  /// leading `#` or blank, a trailing blank).
  package mutating func write(
    uriLine prefix: UnsafeBufferPointer<UInt8>, _ uri: UnsafeBufferPointer<UInt8>
  ) throws(PlaylistWriteError) {
    if let refused = Self.refusal(uriLine: prefix, uri) {
      throw PlaylistWriteError(
        refused, tag: "URI line",
        value: String(decoding: Array(prefix) + Array(uri), as: UTF8.self))
    }
    bytes.append(contentsOf: prefix)
    bytes.append(contentsOf: uri)
    newline()
  }

  /// Why `prefix` and then `uri` would not be one URI line, or `nil`.
  private static func refusal(
    uriLine prefix: UnsafeBufferPointer<UInt8>, _ uri: UnsafeBufferPointer<UInt8>
  )
    -> PlaylistWriteError.Code?
  {
    if hasControl(prefix, allowTab: false) || hasControl(uri, allowTab: false) {
      return .controlCharacter
    }
    guard let first = prefix.first ?? uri.first, let last = uri.last ?? prefix.last,
      first != 0x23, !ASCII.isBlank(first), !ASCII.isBlank(last)
    else { return .uriLine }
    return nil
  }
}

extension PlaylistWriter {
  /// `#NAME:` and `attributes` in their order, each rendered as the writer renders attribute
  /// lists (RFC 8216bis §4.2): a tag read from a playlist written again with one value changed.
  package mutating func write(tag name: String, attributes: AttributeList)
    throws(PlaylistWriteError)
  {
    try atomically { (w: inout PlaylistWriter) throws(PlaylistWriteError) in
      w.bytes.append(0x23)
      w.append(name)
      w.bytes.append(0x3A)
      for (i, attribute) in attributes.enumerated() {
        if i > 0 { w.bytes.append(0x2C) }
        try w.write(attribute: attribute.name, .extra(attribute), tag: name)
      }
      w.newline()
    }
  }
}
