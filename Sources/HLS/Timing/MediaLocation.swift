import ManifestCore

/// Where an instant of a media playlist's timeline falls: the segment (and partial segment)
/// holding it and the offset inside each (RFC 8216bis §4.4.4.1, §4.4.4.9). Times are seconds
/// from the start of the playlist's first listed segment.
public struct MediaLocation: Sendable, Hashable {
  /// A partial segment holding the instant.
  public struct Part: Sendable, Hashable {
    /// 0-based position among the segment's parts.
    public var index: Int
    /// The part's URI.
    public var uri: String
    /// Where the part starts on the playlist timeline.
    public var start: ExactDecimal
    /// The part's DURATION.
    public var duration: ExactDecimal
    /// Seconds from the part's start to the instant.
    public var offset: ExactDecimal

    /// Creates a part location.
    public init(
      index: Int, uri: String, start: ExactDecimal, duration: ExactDecimal, offset: ExactDecimal
    ) {
      self.index = index
      self.uri = uri
      self.start = start
      self.duration = duration
      self.offset = offset
    }
  }

  /// The instant, in seconds from the start of the first listed segment.
  public var time: ExactDecimal
  /// Its program date-time, when the segment holding it has one.
  public var programDateTime: DateTime?
  /// Media sequence number of the segment holding the instant (the next one for the parts of
  /// the segment still being produced).
  public var mediaSequence: UInt64
  /// 0-based index of that segment, or `nil` for the segment still being produced.
  public var segmentIndex: Int?
  /// Its URI, or `nil` for the segment still being produced.
  public var segmentURI: String?
  /// Where the segment starts on the playlist timeline.
  public var segmentStart: ExactDecimal
  /// Its duration (for the segment being produced: the parts listed so far).
  public var segmentDuration: ExactDecimal
  /// Seconds from the segment's start to the instant.
  public var offset: ExactDecimal
  /// The partial segment holding the instant, when the segment has parts.
  public var part: Part?
}
