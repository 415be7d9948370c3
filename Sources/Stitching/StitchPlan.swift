import ManifestCore

/// An ad decision to splice into a content playlist: the breaks in order, each placed at a
/// time or on the content's marked breaks, each holding a pod of ads (the PLAN.json shape,
/// docs/stitching.md). A VAST or VMAP response reduces to the same value.
public struct StitchPlan: Sendable, Hashable {
  /// The breaks, in plan order.
  public var breaks: [Break]

  /// Creates a plan.
  public init(breaks: [Break]) { self.breaks = breaks }

  /// Where a break goes.
  public enum Position: Sendable, Hashable {
    /// At this many seconds from the start of the content's first segment, snapped to the next
    /// segment boundary.
    case time(ExactDecimal)
    /// On the content's marked breaks (every break `AdTimeline` finds, in order).
    case markers
  }

  /// How a break's ads meet the content.
  public enum Mode: String, Sendable, Hashable {
    /// The ads are added: the content after them is delayed by the pod's duration.
    case insert
    /// The ads take the place of the break's content segments.
    case replace
  }

  /// One break of the plan.
  public struct Break: Sendable, Hashable {
    /// Where it goes.
    public var position: Position
    /// Insert or replace; `markers` breaks are always `replace`.
    public var mode: Mode
    /// The pod, in play order.
    public var ads: [Ad]
    /// Where the break is written in the plan (for diagnostics).
    public var origin: PlanOrigin

    /// Creates a break.
    public init(position: Position, mode: Mode, ads: [Ad], origin: PlanOrigin = PlanOrigin()) {
      self.position = position
      self.mode = mode
      self.ads = ads
      self.origin = origin
    }
  }

  /// One ad of a pod: its creative (an HLS playlist) and its tracking.
  public struct Ad: Sendable, Hashable {
    /// The ad's identifier (written in the markers and in diagnostics).
    public var id: String
    /// The ad's HLS playlist, as written in the plan (resolved against the plan's location): a
    /// media playlist, or a multivariant playlist whose variants are matched to the content's.
    public var playlist: String
    /// The declared duration in seconds, or `nil` (then the playlist's duration).
    public var duration: ExactDecimal?
    /// Impression URLs (fired at the ad's start).
    public var impressions: [String]
    /// Tracking events.
    public var tracking: [TrackingEvent]
    /// The click-through URL, or `nil`.
    public var clickThrough: String?
    /// Where the ad is written in the plan (for diagnostics).
    public var origin: PlanOrigin

    /// Creates an ad.
    public init(
      id: String, playlist: String, duration: ExactDecimal? = nil, impressions: [String] = [],
      tracking: [TrackingEvent] = [], clickThrough: String? = nil,
      origin: PlanOrigin = PlanOrigin()
    ) {
      self.id = id
      self.playlist = playlist
      self.duration = duration
      self.impressions = impressions
      self.tracking = tracking
      self.clickThrough = clickThrough
      self.origin = origin
    }
  }

  /// A tracking event of an ad (VAST 4.1 §3.14.1 linear tracking events): its name as given
  /// (`start`, `firstQuartile`, `midpoint`, `thirdQuartile`, `complete`, `progress`, …), the
  /// URL to fire, and, for `progress` and untimed events, when.
  public struct TrackingEvent: Sendable, Hashable {
    /// The event name as given.
    public var event: String
    /// The URL to fire.
    public var url: String
    /// When it fires, or `nil` for the event's own time (impression, creativeView and start
    /// at 0, quartiles at 25/50/75 %, complete at the end).
    public var offset: Offset?

    /// Creates an event.
    public init(event: String, url: String, offset: Offset? = nil) {
      self.event = event
      self.url = url
      self.offset = offset
    }
  }

  /// When a tracking event fires, from the ad's start.
  public enum Offset: Sendable, Hashable {
    /// Seconds.
    case seconds(ExactDecimal)
    /// Percent of the ad's duration (0–100).
    case percent(ExactDecimal)
  }
}

/// Where a plan value was read from: the plan's file, where its JSON value starts,
/// and its JSON path (`breaks[1].ads[0]`).
public struct PlanOrigin: Sendable, Hashable {
  /// The plan file's name as given, or empty.
  public var file: String
  /// The JSON path of the value.
  public var path: String
  /// Where it is in the file.
  public var location: SourceLocation

  /// Creates an origin.
  public init(file: String = "", path: String = "", location: SourceLocation = .start) {
    self.file = file
    self.path = path
    self.location = location
  }
}
