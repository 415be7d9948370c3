import ManifestCore

/// A `SegmentList` (ISO/IEC 23009-1 §5.3.9.3): the Initialization Segment and one `SegmentURL`
/// per Media Segment, timed by a `SegmentTimeline` (§5.3.9.6). Children are written in the
/// schema's order (`SegmentBaseType`'s Initialization, `MultipleSegmentBaseType`'s
/// SegmentTimeline, then the SegmentURLs).
public struct SegmentList: Sendable, Hashable {
  /// `@timescale`, ticks per second of the timeline.
  public var timescale: Int64
  /// `@presentationTimeOffset` in ticks (§5.3.9.2: the media time at the Period's start),
  /// written when not 0.
  public var presentationTimeOffset: Int64
  /// `Initialization`: the Initialization Segment, when the media have one.
  public var initialization: URLRange?
  /// `SegmentTimeline`: the segments' start times and durations, in ticks.
  public var timeline: SegmentTimeline
  /// `SegmentURL`s, one per segment in timeline order.
  public var segments: [SegmentURL]

  /// Creates a segment list.
  public init(
    timescale: Int64, presentationTimeOffset: Int64 = 0, initialization: URLRange? = nil,
    timeline: SegmentTimeline, segments: [SegmentURL]
  ) {
    self.timescale = timescale
    self.presentationTimeOffset = presentationTimeOffset
    self.initialization = initialization
    self.timeline = timeline
    self.segments = segments
  }

  /// Writes the `SegmentList` element.
  public func write(into writer: inout XMLWriter) {
    var attributes = [("timescale", String(timescale))]
    if presentationTimeOffset != 0 {
      attributes.append(("presentationTimeOffset", String(presentationTimeOffset)))
    }
    writer.open("SegmentList", attributes)
    if let initialization {
      writer.empty("Initialization", initialization.attributes("sourceURL", "range"))
    }
    timeline.write(into: &writer)
    for segment in segments {
      writer.empty("SegmentURL", segment.attributes)
    }
    writer.close()
  }
}

/// A URL and an optional byte range (`URLType`, §5.3.9.2.2: `@sourceURL`, `@range`).
public struct URLRange: Sendable, Hashable {
  /// The URL, relative to the MPD.
  public var url: String
  /// The byte range `first-last` (RFC 7233 byte-range-spec), or `nil` for the whole resource.
  public var range: String?

  /// Creates a reference.
  public init(url: String, range: String? = nil) {
    self.url = url
    self.range = range
  }

  /// A reference to `length` bytes from `offset`: `range` is `offset-(offset+length-1)`.
  public init(url: String, offset: Int, length: Int) {
    self.init(url: url, range: "\(offset)-\(offset + length - 1)")
  }

  func attributes(_ urlName: String, _ rangeName: String) -> [(String, String)] {
    var pairs = [(urlName, url)]
    if let range { pairs.append((rangeName, range)) }
    return pairs
  }
}

/// A `SegmentURL` (§5.3.9.3.2): `@media` and `@mediaRange`.
public struct SegmentURL: Sendable, Hashable {
  /// The segment.
  public var media: URLRange

  /// Creates a segment URL.
  public init(_ media: URLRange) { self.media = media }

  var attributes: [(String, String)] { media.attributes("media", "mediaRange") }
}

/// A `SegmentTimeline` (§5.3.9.6): `S` elements, each a run of `r + 1` segments of duration
/// `d` ticks, the first of the timeline (and any after a gap) with its start `t`.
public struct SegmentTimeline: Sendable, Hashable {
  /// One `S` element.
  public struct Entry: Sendable, Hashable {
    /// `@t`, the start in ticks, written when given.
    public var time: Int64?
    /// `@d`, the duration in ticks.
    public var duration: Int64
    /// `@r`, how many more segments of this duration follow; written when not 0.
    public var repeatCount: Int

    /// Creates an entry.
    public init(time: Int64? = nil, duration: Int64, repeatCount: Int = 0) {
      self.time = time
      self.duration = duration
      self.repeatCount = repeatCount
    }
  }

  /// The entries, in order.
  public var entries: [Entry]

  /// Creates a timeline from its entries.
  public init(entries: [Entry]) { self.entries = entries }

  /// The timeline of `segments` (start and duration in ticks, in order): the first `S` and
  /// any after a gap or an overlap carry `@t`; equal durations in a row share one `S` with `@r`.
  public init(segments: [(start: Int64, duration: Int64)]) {
    var entries: [Entry] = []
    var next: Int64? = nil
    for (start, duration) in segments {
      if let last = entries.last, last.duration == duration, next == start {
        entries[entries.count - 1].repeatCount += 1
      } else {
        entries.append(Entry(time: next == start ? nil : start, duration: duration))
      }
      next = start + duration
    }
    self.entries = entries
  }

  /// The segments' durations in ticks, one per segment.
  public var durations: [Int64] {
    entries.flatMap { Array(repeating: $0.duration, count: $0.repeatCount + 1) }
  }

  /// Writes the `SegmentTimeline` element.
  public func write(into writer: inout XMLWriter) {
    writer.open("SegmentTimeline")
    for entry in entries {
      var attributes: [(String, String)] = []
      if let time = entry.time { attributes.append(("t", String(time))) }
      attributes.append(("d", String(entry.duration)))
      if entry.repeatCount != 0 { attributes.append(("r", String(entry.repeatCount))) }
      writer.empty("S", attributes)
    }
    writer.close()
  }
}
