import ManifestCore

/// A VMAP 1.0 document (IAB Video Multiple Ad Playlist 1.0.1): the ad breaks of one piece of
/// content, as `VMAPReader` reads them.
public struct VMAPDocument: Sendable, Hashable {
  /// The `version` attribute of `<vmap:VMAP>`, or `nil`.
  public var version: String?
  /// The breaks in document order (those with a readable `timeOffset`).
  public var breaks: [VMAPAdBreak]
  /// Where `<vmap:VMAP>` starts.
  public var location: SourceLocation

  /// Creates a document.
  public init(version: String? = nil, breaks: [VMAPAdBreak] = [], location: SourceLocation = .start)
  {
    self.version = version
    self.breaks = breaks
    self.location = location
  }

  /// The `AdTagURI`s of every break, in document order: the VAST documents a caller loads and
  /// passes to `VASTAdDecision.schedule(vmap:vastFiles:)`.
  public var adTagURIs: [String] {
    breaks.compactMap {
      if case .adTagURI(let uri, _) = $0.source?.content { return uri }
      return nil
    }
  }
}

/// When a break plays (VMAP 1.0.1 §2.3.1, `timeOffset`).
public enum VMAPTimeOffset: Sendable, Hashable, CustomStringConvertible {
  /// `start`: before the content (a pre-roll).
  case start
  /// `end`: after the content (a post-roll).
  case end
  /// `HH:MM:SS(.mmm)`: seconds into the content.
  case time(ExactDecimal)
  /// `n%`: that percentage of the content's duration.
  case percent(ExactDecimal)
  /// `#n`: at the n-th of the content's cue points (from 1).
  case position(Int)

  /// The value as VMAP writes it: `start`, `end`, seconds (`600.5`), `25%`, `#2`.
  public var description: String {
    switch self {
    case .start: "start"
    case .end: "end"
    case .time(let seconds): seconds.description
    case .percent(let percent): "\(percent)%"
    case .position(let n): "#\(n)"
    }
  }

  /// Reads a `timeOffset` value, or `nil`.
  public init?(_ text: String) {
    let trimmed = String(decoding: VASTClock.trimmed(text), as: UTF8.self)
    if trimmed == "start" {
      self = .start
    } else if trimmed == "end" {
      self = .end
    } else if let seconds = VASTClock.seconds(trimmed) {
      self = .time(seconds)
    } else if let percent = VASTClock.percent(trimmed) {
      self = .percent(percent)
    } else if trimmed.hasPrefix("#"), trimmed.count > 1,
      trimmed.utf8.dropFirst().allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
      let n = Int(trimmed.dropFirst()), n >= 1
    {
      self = .position(n)
    } else {
      return nil
    }
  }
}

/// One `<vmap:AdBreak>`.
public struct VMAPAdBreak: Sendable, Hashable {
  /// The `breakId` attribute, or `nil`.
  public var breakID: String?
  /// The `breakType` attribute (`linear`, `nonlinear`, `display`, comma-separated), or `nil`.
  public var breakType: String?
  /// When the break plays.
  public var timeOffset: VMAPTimeOffset
  /// The `<vmap:AdSource>`, or `nil` when the break has none.
  public var source: VMAPAdSource?
  /// The break's own `<vmap:TrackingEvents>` (`breakStart`, `breakEnd`, `error`).
  public var trackingEvents: [ScheduledTracking]
  /// Where `<vmap:AdBreak>` starts.
  public var location: SourceLocation

  /// Creates a break.
  public init(
    breakID: String? = nil, breakType: String? = nil, timeOffset: VMAPTimeOffset,
    source: VMAPAdSource? = nil, trackingEvents: [ScheduledTracking] = [],
    location: SourceLocation = .start
  ) {
    self.breakID = breakID
    self.breakType = breakType
    self.timeOffset = timeOffset
    self.source = source
    self.trackingEvents = trackingEvents
    self.location = location
  }
}

/// `<vmap:AdSource>`: where a break's ads are.
public struct VMAPAdSource: Sendable, Hashable {
  /// What the source holds.
  public enum Content: Sendable, Hashable {
    /// `<vmap:VASTAdData>`: a VAST document inside the VMAP document.
    case vastAdData(VASTDocument)
    /// `<vmap:AdTagURI templateType>`: a VAST document elsewhere.
    case adTagURI(String, templateType: String?)
  }

  /// The `id` attribute, or `nil`.
  public var id: String?
  /// The `allowMultipleAds` attribute, or `nil`.
  public var allowMultipleAds: Bool?
  /// The `followRedirects` attribute, or `nil`.
  public var followRedirects: Bool?
  /// The VAST data or its URI.
  public var content: Content
  /// Where `<vmap:AdSource>` starts.
  public var location: SourceLocation

  /// Creates a source.
  public init(
    id: String? = nil, allowMultipleAds: Bool? = nil, followRedirects: Bool? = nil,
    content: Content, location: SourceLocation = .start
  ) {
    self.id = id
    self.allowMultipleAds = allowMultipleAds
    self.followRedirects = followRedirects
    self.content = content
    self.location = location
  }
}
