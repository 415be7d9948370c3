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

  /// The issue as a ManifestCore diagnostic.
  public var diagnostic: Diagnostic { Diagnostic(severity, message, at: location) }
}
