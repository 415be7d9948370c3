import ManifestCore

/// One dialect's account of an ad break: the tags that opened, continued and closed it, the
/// segments it covers, and what it declared. A break signalled by several dialects at once (a
/// DATERANGE, an EXT-OATCLS-SCTE35 and a CUE-OUT on the same segment, as MediaPackage and
/// Elemental write them) has one signal per dialect, so an audit can compare them.
public struct AdSignal: Sendable, Equatable {
  /// The dialect.
  public var dialect: AdMarkerDialect
  /// The identifier the dialect gives the break (DATERANGE ID, EXT-X-CUE ID, EXT-X-SCTE35 ID,
  /// CUE-OUT `ID=`), as written, or `nil`.
  public var id: String?
  /// The tag that opened the break; `nil` when the break began before the playlist's first
  /// segment and only continuation or closing tags are in the window.
  public var opening: AdMarker?
  /// Every continuation tag, in order (their elapsed values stay as written in `elapsed`).
  public var continuations: [AdMarker]
  /// The tag that closed the break, or `nil`.
  public var closing: AdMarker?
  /// The other tags that belong to the break (EXT-OATCLS-SCTE35 and EXT-X-ASSET beside the
  /// opening or closing tag, beacon tags), in order.
  public var extras: [AdMarker]
  /// The 0-based playlist position of the break's first segment (the segment count when the
  /// break starts after the last segment).
  public var startSegment: Int
  /// The 0-based position of its last segment, inclusive; `nil` when it covers no segment.
  public var endSegment: Int?
  /// True when the break had begun before the first segment of the playlist (a live window
  /// that starts mid-break).
  public var startedBeforeWindow: Bool
  /// True when nothing closed the break before the end of the playlist.
  public var open: Bool
  /// The duration the dialect declared, as written (CUE-OUT value, `DURATION=`,
  /// PLANNED-DURATION, AD_LENGTH, CONT `Duration=`), or `nil`.
  public var declaredDuration: String?
  /// The duration that ends the break in the dialect's own terms when it is not measured from
  /// segments (DATERANGE END-DATE − START-DATE or DURATION), exact.
  public var declaredEnd: ExactDecimal?
  /// The SCTE-35 cue that opened the break (the opening tag's, else an extra's, else the first
  /// continuation's), or `nil`.
  public var scte35: MarkerCue?
  /// Tracking beacons, in order.
  public var beacons: [Beacon]
  /// What an HLS Interstitial declared (dialect `interstitial`), or `nil`.
  public var interstitial: Interstitial?

  /// Creates a signal starting at `startSegment`.
  public init(
    dialect: AdMarkerDialect, id: String? = nil, opening: AdMarker? = nil,
    continuations: [AdMarker] = [], closing: AdMarker? = nil, extras: [AdMarker] = [],
    startSegment: Int, endSegment: Int? = nil, startedBeforeWindow: Bool = false,
    open: Bool = false, declaredDuration: String? = nil, declaredEnd: ExactDecimal? = nil,
    scte35: MarkerCue? = nil, beacons: [Beacon] = [], interstitial: Interstitial? = nil
  ) {
    self.dialect = dialect
    self.id = id
    self.opening = opening
    self.continuations = continuations
    self.closing = closing
    self.extras = extras
    self.startSegment = startSegment
    self.endSegment = endSegment
    self.startedBeforeWindow = startedBeforeWindow
    self.open = open
    self.declaredDuration = declaredDuration
    self.declaredEnd = declaredEnd
    self.scte35 = scte35
    self.beacons = beacons
    self.interstitial = interstitial
  }

  /// Every tag of the signal in source order.
  public var markers: [AdMarker] {
    var all = extras + continuations
    if let opening { all.append(opening) }
    if let closing { all.append(closing) }
    return all.sorted { $0.location.offset < $1.location.offset }
  }

  /// The first tag of the signal in source order: `markers.first` without building and sorting
  /// the list (extras and continuations are each in source order already).
  public var firstMarker: AdMarker? {
    [extras.first, continuations.first, opening, closing].lazy.compactMap { $0 }
      .min { $0.location.offset < $1.location.offset }
  }

  /// The line of the first tag of the signal (the opening tag's when there is one).
  public var line: Int { opening?.line ?? firstMarker?.line ?? 0 }

  /// The declared duration read as seconds, or `nil`.
  public var declaredSeconds: ExactDecimal? { declaredDuration.flatMap(MarkerNumber.seconds) }
}
