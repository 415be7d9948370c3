import ManifestCore

/// A tracking beacon of an ad break (`#EXT-X-BEACON:EVENT=start,URL=https://…`): the event name,
/// the URL exactly as written (it runs to the end of the line and may hold `,`, `=`, `&`, `?`),
/// and when it fires.
public struct Beacon: Sendable, Hashable {
  /// The event name as written (`impression`, `start`, `firstQuartile`, `midpoint`,
  /// `thirdQuartile`, `complete`, …), or `nil` when the tag has no EVENT.
  public var event: String?
  /// The URL as written, or `nil` when the tag has no URL.
  public var url: String?
  /// Seconds from the break's start to the start of the segment the tag precedes (the break's
  /// end for a tag after the last segment), exact.
  public var offset: ExactDecimal
  /// Where the tag's line starts (1-based line, column 1, byte offset), as for its `AdMarker`.
  public var location: SourceLocation

  /// Creates a beacon.
  public init(event: String?, url: String?, offset: ExactDecimal, location: SourceLocation) {
    self.event = event
    self.url = url
    self.offset = offset
    self.location = location
  }

  /// The 1-based line of the tag.
  public var line: Int { location.line }
}
