import HLS
import ManifestCore

/// What an HLS Interstitial declares (an EXT-X-DATERANGE with
/// `CLASS="com.apple.hls.interstitial"`, RFC 8216bis Appendix D, Apple's "HLS Interstitials"):
/// the asset to play, where primary playback resumes, and how a player may present and
/// navigate it. Values are as written (enumerated-string-lists split at commas); numbers are
/// read exactly, and `nil` when absent or not a decimal (an audit reports which).
public struct Interstitial: Sendable, Equatable {
  /// X-ASSET-URI: the URI of one interstitial asset (a playlist), or `nil`.
  public var assetURI: String?
  /// X-ASSET-LIST: the URI of a JSON asset list, or `nil`.
  public var assetList: String?
  /// X-RESUME-OFFSET in seconds: where primary playback resumes, from the interstitial's
  /// start on the primary timeline (absent: the interstitial's duration; 0: nothing replaced).
  public var resumeOffset: ExactDecimal?
  /// X-PLAYOUT-LIMIT in seconds: the most the interstitial plays for, or `nil`.
  public var playoutLimit: ExactDecimal?
  /// X-SNAP values (`OUT`, `IN`).
  public var snap: [String]
  /// X-RESTRICT values (`SKIP`, `JUMP`).
  public var restrict: [String]
  /// CUE values (`PRE`, `POST`, `ONCE`, RFC 8216bis §4.4.5.1).
  public var cue: [String]
  /// X-TIMELINE-OCCUPIES (`POINT`, the default, or `RANGE`), or `nil`.
  public var timelineOccupies: String?
  /// X-TIMELINE-STYLE (`HIGHLIGHT`, the default, or `PRIMARY`), or `nil`.
  public var timelineStyle: String?
  /// X-CONTENT-MAY-VARY (`YES`, the default, or `NO`), or `nil`.
  public var contentMayVary: String?
  /// X-SKIP-CONTROL-OFFSET in seconds: interstitial time played before a skip button shows.
  public var skipControlOffset: ExactDecimal?
  /// X-SKIP-CONTROL-DURATION in seconds: how long the skip button shows.
  public var skipControlDuration: ExactDecimal?
  /// X-SKIP-CONTROL-LABEL-ID: the DATA-ID of the EXT-X-SESSION-DATA holding the button's label.
  public var skipControlLabelId: String?

  /// Creates an interstitial.
  public init(
    assetURI: String? = nil, assetList: String? = nil, resumeOffset: ExactDecimal? = nil,
    playoutLimit: ExactDecimal? = nil, snap: [String] = [], restrict: [String] = [],
    cue: [String] = [], timelineOccupies: String? = nil, timelineStyle: String? = nil,
    contentMayVary: String? = nil, skipControlOffset: ExactDecimal? = nil,
    skipControlDuration: ExactDecimal? = nil, skipControlLabelId: String? = nil
  ) {
    self.assetURI = assetURI
    self.assetList = assetList
    self.resumeOffset = resumeOffset
    self.playoutLimit = playoutLimit
    self.snap = snap
    self.restrict = restrict
    self.cue = cue
    self.timelineOccupies = timelineOccupies
    self.timelineStyle = timelineStyle
    self.contentMayVary = contentMayVary
    self.skipControlOffset = skipControlOffset
    self.skipControlDuration = skipControlDuration
    self.skipControlLabelId = skipControlLabelId
  }

  /// Reads the interstitial attributes of `range` (missing ones stay `nil` or empty).
  public init(_ range: DateRange) {
    let attributes = range.attributes
    self.init(
      assetURI: attributes["X-ASSET-URI"], assetList: attributes["X-ASSET-LIST"],
      resumeOffset: attributes["X-RESUME-OFFSET"].flatMap(MarkerNumber.seconds),
      playoutLimit: attributes["X-PLAYOUT-LIMIT"].flatMap(MarkerNumber.seconds),
      snap: Self.list(attributes["X-SNAP"]), restrict: Self.list(attributes["X-RESTRICT"]),
      cue: Self.list(attributes["CUE"]), timelineOccupies: attributes["X-TIMELINE-OCCUPIES"],
      timelineStyle: attributes["X-TIMELINE-STYLE"],
      contentMayVary: attributes["X-CONTENT-MAY-VARY"],
      skipControlOffset: attributes["X-SKIP-CONTROL-OFFSET"].flatMap(MarkerNumber.seconds),
      skipControlDuration: attributes["X-SKIP-CONTROL-DURATION"].flatMap(MarkerNumber.seconds),
      skipControlLabelId: attributes["X-SKIP-CONTROL-LABEL-ID"])
  }

  /// The CLASS of an interstitial date range.
  public static let dateRangeClass = "com.apple.hls.interstitial"

  /// True when primary playback resumes where the interstitial started (X-RESUME-OFFSET 0):
  /// the interstitial is inserted and replaces no primary content.
  public var isInserted: Bool { resumeOffset == .zero }

  /// True for a pre-roll (CUE includes PRE).
  public var isPreRoll: Bool { cue.contains("PRE") }

  /// True for a post-roll (CUE includes POST).
  public var isPostRoll: Bool { cue.contains("POST") }

  /// Fills what `self` lacks from `later`, a later tag with the same ID (tags with one ID may
  /// add attributes, RFC 8216bis §4.4.5.1).
  mutating func adding(_ later: Interstitial) {
    assetURI = assetURI ?? later.assetURI
    assetList = assetList ?? later.assetList
    resumeOffset = resumeOffset ?? later.resumeOffset
    playoutLimit = playoutLimit ?? later.playoutLimit
    if snap.isEmpty { snap = later.snap }
    if restrict.isEmpty { restrict = later.restrict }
    if cue.isEmpty { cue = later.cue }
    timelineOccupies = timelineOccupies ?? later.timelineOccupies
    timelineStyle = timelineStyle ?? later.timelineStyle
    contentMayVary = contentMayVary ?? later.contentMayVary
    skipControlOffset = skipControlOffset ?? later.skipControlOffset
    skipControlDuration = skipControlDuration ?? later.skipControlDuration
    skipControlLabelId = skipControlLabelId ?? later.skipControlLabelId
  }

  private static func list(_ text: String?) -> [String] {
    guard let text else { return [] }
    return text.split(separator: ",").map { String($0.trimmingBlanks) }.filter { !$0.isEmpty }
  }
}

extension Substring {
  /// Without leading and trailing spaces and tabs.
  fileprivate var trimmingBlanks: Substring {
    var s = self
    while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
    while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
    return s
  }
}
