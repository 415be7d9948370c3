import ManifestCore

/// A problem in a playlist's ad markers that reading went on after. The reader never drops,
/// merges or invents a break to hide one: it keeps every break it can see and says what is
/// wrong here, pointing at the tag's line. `kind` is stable, so an audit can map it to a rule.
public struct AdMarkerIssue: Sendable, Hashable {
  /// What is wrong.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// A duration, elapsed time or length that is not a non-negative decimal number of seconds
    /// (`PT30S`, `abc`, empty).
    case malformedDuration = "malformed-duration"
    /// A tag whose value cannot be read at all (no EVENT/URL, unknown TYPE, missing payload).
    case malformedTag = "malformed-tag"
    /// A SCTE-35 payload that does not decode (bad base64 or hex, truncated section, …).
    case undecodablePayload = "undecodable-payload"
    /// A SCTE-35 payload that decodes but neither opens nor closes an ad break.
    case payloadWithoutBreak = "payload-without-break"
    /// An opening tag while a break of the same dialect is still open (the open break is
    /// ended before the new one).
    case nestedOut = "nested-out"
    /// A closing tag with no open break.
    case orphanIn = "orphan-in"
    /// A continuation tag with no open break (a break is started at it).
    case orphanCont = "orphan-cont"
    /// A break of a finished playlist (EXT-X-ENDLIST or VOD) that nothing closes.
    case unterminatedBreak = "unterminated-break"
    /// An `EXT-X-BEACON:EVENT` outside every `AD_LENGTH` block.
    case beaconOutsideBreak = "beacon-outside-break"
    /// A DATERANGE SCTE35-IN whose ID no SCTE35-OUT used.
    case unpairedDateRange = "unpaired-daterange"
    /// A DATERANGE re-declared with a different START-DATE or SCTE-35 role.
    case conflictingDateRange = "conflicting-daterange"
    /// A DATERANGE ad marker in a playlist without EXT-X-PROGRAM-DATE-TIME (placed at its tag).
    case dateRangeWithoutProgramDateTime = "daterange-without-program-date-time"
    /// Two breaks covering the same segment that do not start together.
    case overlappingBreaks = "overlapping-breaks"
  }

  /// What is wrong.
  public var kind: Kind
  /// How serious it is.
  public var severity: Severity
  /// One line naming the values involved.
  public var message: String
  /// The tag's location (line, column, offset).
  public var location: SourceLocation

  /// Creates an issue.
  public init(_ kind: Kind, _ severity: Severity, _ message: String, at location: SourceLocation) {
    self.kind = kind
    self.severity = severity
    self.message = message
    self.location = location
  }

  /// The stable code of the issue: `ads.marker.` and the kind (`ads.marker.orphan-in`).
  public var code: String { kind.code }

  /// The issue as a ManifestCore diagnostic.
  public var diagnostic: Diagnostic { Diagnostic(severity, message, code: code, at: location) }

  /// Every code an issue carries, for docs/diagnostic-codes.md.
  public static var catalog: [DiagnosticCodeInfo] { Kind.allCases.map(\.info) }
}

extension AdMarkerIssue.Kind {
  /// The stable code: `ads.marker.` and the raw value (`ads.marker.orphan-in`).
  public var code: String { "ads.marker." + rawValue }

  /// The severities the kind is reported at and what it means.
  public var info: DiagnosticCodeInfo {
    let summary =
      switch self {
      case .malformedDuration:
        "A duration, elapsed time or length is not a non-negative decimal number of seconds."
      case .malformedTag: "An ad-marker tag whose value cannot be read (no EVENT/URL, bad TYPE…)."
      case .undecodablePayload: "A SCTE-35 payload in an ad marker does not decode."
      case .payloadWithoutBreak: "A SCTE-35 payload that neither opens nor closes an ad break."
      case .nestedOut: "An opening marker while a break of the same dialect is open."
      case .orphanIn: "A closing marker with no open break."
      case .orphanCont: "A continuation marker with no open break."
      case .unterminatedBreak: "A break of a finished playlist that nothing closes."
      case .beaconOutsideBreak: "An EXT-X-BEACON:EVENT outside every AD_LENGTH block."
      case .unpairedDateRange: "A DATERANGE SCTE35-IN whose ID no SCTE35-OUT used."
      case .conflictingDateRange:
        "A DATERANGE re-declared with another START-DATE or SCTE-35 role."
      case .dateRangeWithoutProgramDateTime:
        "A DATERANGE ad marker in a playlist without EXT-X-PROGRAM-DATE-TIME."
      case .overlappingBreaks: "Two breaks cover the same segment and do not start together."
      }
    return DiagnosticCodeInfo(code, self == .payloadWithoutBreak ? [.info] : [.warning], summary)
  }
}
