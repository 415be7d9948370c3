import ManifestCore

/// One `<Creative>`: a Linear creative is read; NonLinear and Companion creatives are recorded
/// as skipped (ad insertion splices linear video only).
public struct VASTCreative: Sendable, Hashable {
  /// What the creative holds.
  public enum Content: Sendable, Hashable {
    /// `<Linear>`.
    case linear(VASTLinear)
    /// A creative that is not read: `NonLinearAds` or `CompanionAds` (its element's name).
    case skipped(String)
  }

  /// The `id` attribute, or `nil`.
  public var id: String?
  /// The `adId` attribute (VAST 3.0+; `AdID` in VAST 2.0), or `nil`.
  public var adID: String?
  /// The `sequence` attribute: the creative's order within the ad, or `nil`.
  public var sequence: Int?
  /// The linear creative, or the name of the skipped kind.
  public var content: Content
  /// Where `<Creative>` starts.
  public var location: SourceLocation

  /// Creates a creative.
  public init(
    id: String? = nil, adID: String? = nil, sequence: Int? = nil, content: Content,
    location: SourceLocation = .start
  ) {
    self.id = id
    self.adID = adID
    self.sequence = sequence
    self.content = content
    self.location = location
  }

  /// The Linear creative, or `nil`.
  public var linear: VASTLinear? {
    if case .linear(let linear) = content { return linear }
    return nil
  }
}

/// `<Linear>`: a video ad that plays in the content's place.
public struct VASTLinear: Sendable, Hashable {
  /// `<Duration>` (`HH:MM:SS` or `HH:MM:SS.mmm`) in seconds, or `nil` when absent or
  /// unreadable.
  public var duration: ExactDecimal?
  /// The `<MediaFile>`s in document order.
  public var mediaFiles: [VASTMediaFile]
  /// The `<Tracking>` events in document order, each event name as written.
  public var trackingEvents: [VASTTrackingEvent]
  /// `<VideoClicks><ClickThrough>`, or `nil` (VAST 4.0 §3.10.1).
  public var clickThrough: String?
  /// `<VideoClicks><ClickTracking>` URLs (VAST 4.0 §3.10.2).
  public var clickTracking: [String]
  /// Where `<Linear>` starts.
  public var location: SourceLocation

  /// Creates a linear creative.
  public init(
    duration: ExactDecimal? = nil, mediaFiles: [VASTMediaFile] = [],
    trackingEvents: [VASTTrackingEvent] = [], clickThrough: String? = nil,
    clickTracking: [String] = [], location: SourceLocation = .start
  ) {
    self.duration = duration
    self.mediaFiles = mediaFiles
    self.trackingEvents = trackingEvents
    self.clickThrough = clickThrough
    self.clickTracking = clickTracking
    self.location = location
  }
}

/// One `<MediaFile>` of a Linear creative.
public struct VASTMediaFile: Sendable, Hashable {
  /// The file's URI (the element's text, trimmed).
  public var uri: String
  /// The `type` attribute: a MIME type (`application/x-mpegURL`, `video/mp4`), or `nil`.
  public var type: String?
  /// The `delivery` attribute: `progressive` or `streaming`, or `nil`.
  public var delivery: String?
  /// The `width` attribute in pixels, or `nil`.
  public var width: Int?
  /// The `height` attribute in pixels, or `nil`.
  public var height: Int?
  /// The `bitrate` attribute in kbit/s, or `nil`.
  public var bitrate: Int?
  /// The `minBitrate` attribute in kbit/s (streaming delivery), or `nil`.
  public var minBitrate: Int?
  /// The `maxBitrate` attribute in kbit/s (streaming delivery), or `nil`.
  public var maxBitrate: Int?
  /// The `codec` attribute (RFC 6381), or `nil`.
  public var codec: String?
  /// The `id` attribute, or `nil`.
  public var id: String?
  /// Where `<MediaFile>` starts.
  public var location: SourceLocation

  /// Creates a media file.
  public init(
    uri: String, type: String? = nil, delivery: String? = nil, width: Int? = nil,
    height: Int? = nil, bitrate: Int? = nil, minBitrate: Int? = nil, maxBitrate: Int? = nil,
    codec: String? = nil, id: String? = nil, location: SourceLocation = .start
  ) {
    self.uri = uri
    self.type = type
    self.delivery = delivery
    self.width = width
    self.height = height
    self.bitrate = bitrate
    self.minBitrate = minBitrate
    self.maxBitrate = maxBitrate
    self.codec = codec
    self.id = id
    self.location = location
  }
}

/// One `<Tracking>` of a Linear creative: an event name (`start`, `firstQuartile`, `midpoint`,
/// `thirdQuartile`, `complete`, `progress`, … kept as written) and the URL to request.
public struct VASTTrackingEvent: Sendable, Hashable {
  /// The `event` attribute.
  public var event: String
  /// The URL (the element's text, trimmed).
  public var url: String
  /// The `offset` attribute of a `progress` event (VAST 3.0+), or `nil`.
  public var offset: VASTProgressOffset?
  /// Where `<Tracking>` starts.
  public var location: SourceLocation

  /// Creates a tracking event.
  public init(
    event: String, url: String, offset: VASTProgressOffset? = nil,
    location: SourceLocation = .start
  ) {
    self.event = event
    self.url = url
    self.offset = offset
    self.location = location
  }
}

/// When a `progress` event fires: a time into the ad or a percentage of its duration
/// (`offset="00:00:10.000"` or `offset="25%"`).
public enum VASTProgressOffset: Sendable, Hashable {
  /// Seconds from the ad's start.
  case time(ExactDecimal)
  /// Percent of the ad's duration, 0 to 100.
  case percent(ExactDecimal)
}
