import ManifestCore

/// EXT-X-DATERANGE (RFC 8216bis §4.4.5.1), including the SCTE-35 mapping (§4.4.5.1.4) and the
/// interstitial client attributes (Appendix D). Quoted values are given after substitution.
public struct DateRange: Sendable, Hashable {
  /// ID.
  public var id: String
  /// CLASS, or `nil`.
  public var classIdentifier: String?
  /// START-DATE, or `nil` when missing or malformed (a diagnostic says which).
  public var startDate: DateTime?
  /// CUE as written (`PRE`, `POST`, `ONCE`, comma-separated), or `nil`.
  public var cue: String?
  /// END-DATE, or `nil`.
  public var endDate: DateTime?
  /// DURATION in seconds, or `nil`.
  public var duration: ExactDecimal?
  /// PLANNED-DURATION in seconds, or `nil`.
  public var plannedDuration: ExactDecimal?
  /// SCTE35-CMD as written (`0x…`), or `nil`.
  public var scte35Command: String?
  /// SCTE35-OUT as written, or `nil`.
  public var scte35Out: String?
  /// SCTE35-IN as written, or `nil`.
  public var scte35In: String?
  /// END-ON-NEXT=YES.
  public var endOnNext: Bool
  /// Every attribute as written, in order (the `X-` client attributes are among them).
  public var attributes: AttributeList
  /// Index in `PlaylistSource.lines` of the tag.
  public var line: Int
  /// The segment the tag precedes (see `PlaylistLine.segmentIndex`); a writer places the tag
  /// before that segment (after the last one when it is the segment count).
  public var segmentIndex: Int

  /// Creates a date range. `attributes` carries what the typed fields do not name (the `X-`
  /// client attributes of an interstitial, say); the writer writes those after the typed ones,
  /// and the parser fills it with every attribute as written.
  public init(
    id: String, classIdentifier: String? = nil, startDate: DateTime? = nil, cue: String? = nil,
    endDate: DateTime? = nil, duration: ExactDecimal? = nil, plannedDuration: ExactDecimal? = nil,
    scte35Command: String? = nil, scte35Out: String? = nil, scte35In: String? = nil,
    endOnNext: Bool = false, attributes: AttributeList = AttributeList(), line: Int = 0,
    segmentIndex: Int = 0
  ) {
    self.id = id
    self.classIdentifier = classIdentifier
    self.startDate = startDate
    self.cue = cue
    self.endDate = endDate
    self.duration = duration
    self.plannedDuration = plannedDuration
    self.scte35Command = scte35Command
    self.scte35Out = scte35Out
    self.scte35In = scte35In
    self.endOnNext = endOnNext
    self.attributes = attributes
    self.line = line
    self.segmentIndex = segmentIndex
  }

  /// The client-defined `X-` attributes, in order.
  public var clientAttributes: [AttributeList.Attribute] {
    attributes.attributes.filter { $0.name.hasPrefix("X-") }
  }

  /// CUE values split at commas (`["PRE", "ONCE"]`).
  public var cueValues: [String] {
    cue.map { $0.split(separator: ",").map { String($0) } } ?? []
  }

  /// True for an HLS interstitial (CLASS `com.apple.hls.interstitial`).
  public var isInterstitial: Bool { classIdentifier == "com.apple.hls.interstitial" }
  /// X-ASSET-URI of an interstitial.
  public var assetURI: String? { attributes["X-ASSET-URI"] }
  /// X-ASSET-LIST of an interstitial.
  public var assetList: String? { attributes["X-ASSET-LIST"] }
  /// X-RESUME-OFFSET of an interstitial, in seconds.
  public var resumeOffset: ExactDecimal? {
    attributes["X-RESUME-OFFSET"].flatMap(ExactDecimal.init)
  }
  /// X-PLAYOUT-LIMIT of an interstitial, in seconds.
  public var playoutLimit: ExactDecimal? {
    attributes["X-PLAYOUT-LIMIT"].flatMap(ExactDecimal.init)
  }
  /// X-SNAP values (`OUT`, `IN`).
  public var snap: [String] {
    attributes["X-SNAP"].map { $0.split(separator: ",").map(String.init) } ?? []
  }
  /// X-RESTRICT values (`SKIP`, `JUMP`).
  public var restrict: [String] {
    attributes["X-RESTRICT"].map { $0.split(separator: ",").map(String.init) } ?? []
  }

  /// END-DATE, or START-DATE plus DURATION.
  public var effectiveEndDate: DateTime? {
    if let endDate { return endDate }
    guard let startDate, let duration else { return nil }
    return startDate.adding(seconds: duration)
  }
}
