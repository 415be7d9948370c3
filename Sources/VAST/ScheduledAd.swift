import ManifestCore

/// One ad as a stitcher needs it, with no VAST left in it: the HLS playlist to splice, its
/// duration and every URL to request, wrapper tracking merged in. What `VASTAdDecision`
/// produces from VAST and VMAP documents.
public struct ScheduledAd: Sendable, Hashable {
  /// The inline `<Ad>`'s `id`, else the outermost wrapper's, else `ad-N` (N: the ad's place in
  /// its document, from 1).
  public var id: String
  /// The chosen HLS MediaFile's URI (`VASTLinear.hlsMediaFile`): a media or multivariant
  /// playlist, as written (relative URIs are the caller's to resolve).
  public var mediaURI: String
  /// The Linear creative's `Duration` in seconds, or `nil` when absent or unreadable (the
  /// stitcher then takes the playlist's).
  public var duration: ExactDecimal?
  /// Impression URLs: the inline ad's, then each wrapper's from the innermost to the
  /// outermost (VAST 4.x §2.3.5: wrapper tracking fires in addition to the inline ad's).
  public var impressions: [String]
  /// Tracking events in the same order: the inline Linear creative's, then the wrappers'.
  public var tracking: [ScheduledTracking]
  /// `ClickThrough` of the inline ad, or `nil`.
  public var clickThrough: String?
  /// `ClickTracking` URLs, inline first, then the wrappers'.
  public var clickTracking: [String]
  /// `Error` URLs (of the ad, not of the `<VAST>` element), inline first, then the wrappers'.
  public var errorURLs: [String]
  /// The file that holds the inline ad.
  public var file: String
  /// Where the inline `<Ad>` starts in `file`.
  public var location: SourceLocation

  /// Creates an ad.
  public init(
    id: String, mediaURI: String, duration: ExactDecimal? = nil, impressions: [String] = [],
    tracking: [ScheduledTracking] = [], clickThrough: String? = nil, clickTracking: [String] = [],
    errorURLs: [String] = [], file: String = "", location: SourceLocation = .start
  ) {
    self.id = id
    self.mediaURI = mediaURI
    self.duration = duration
    self.impressions = impressions
    self.tracking = tracking
    self.clickThrough = clickThrough
    self.clickTracking = clickTracking
    self.errorURLs = errorURLs
    self.file = file
    self.location = location
  }
}

/// One tracking URL of a scheduled ad or break: the event name as written (`start`,
/// `firstQuartile`, `midpoint`, `thirdQuartile`, `complete`, `progress`, `creativeView`, …;
/// for a VMAP break `breakStart`, `breakEnd`, `error`) and, for `progress`, when it fires.
public struct ScheduledTracking: Sendable, Hashable {
  /// The event name.
  public var event: String
  /// The URL to request.
  public var url: String
  /// Seconds from the ad's start for an event with an `offset` (a percentage already applied
  /// to the ad's duration); `nil` for the others, whose time follows from their name.
  public var offset: ExactDecimal?

  /// Creates a tracking entry.
  public init(event: String, url: String, offset: ExactDecimal? = nil) {
    self.event = event
    self.url = url
    self.offset = offset
  }
}

/// A diagnostic with the file it is about (a decision reads several documents).
public struct VASTDiagnostic: Sendable, Hashable {
  /// The file's name as the caller gave it.
  public var file: String
  /// The diagnostic.
  public var diagnostic: Diagnostic

  /// Creates a diagnostic.
  public init(file: String, _ diagnostic: Diagnostic) {
    self.file = file
    self.diagnostic = diagnostic
  }

  /// `FILE:LINE:COL: severity: message`, one line.
  public var rendered: String { diagnostic.rendered(file: file) }
}

/// A VAST document with the name it was read under (a file path or URI), so wrappers can be
/// matched to it and diagnostics can name it.
public struct VASTFile: Sendable, Hashable {
  /// The name: matched against a `VASTAdTagURI`'s or `AdTagURI`'s last path segment.
  public var name: String
  /// The document.
  public var document: VASTDocument

  /// Creates a named document.
  public init(name: String, document: VASTDocument) {
    self.name = name
    self.document = document
  }
}
