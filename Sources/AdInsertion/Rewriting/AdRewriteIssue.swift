import ManifestCore

/// What `AdMarkerRewriter` could not write exactly as the break was read, and the one problem
/// that stops it. A break the target dialect cannot express is still written, as the dialect
/// allows (docs/ad-marker-rewrite.md lists what each dialect loses), and reported here with the
/// line of the tag that opened it: a break is never dropped silently.
public struct AdRewriteIssue: Error, Sendable, Hashable {
  /// What is wrong.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// The target places breaks by date (EXT-X-DATERANGE, interstitials) and the break's
    /// segment has no program date-time; give `--epoch` (an error: nothing is written).
    case noProgramDateTime = "no-program-date-time"
    /// An open break without a declared duration, in a dialect whose tags declare one
    /// (EXT-X-CUE-OUT, EXT-X-BEACON AD_LENGTH, X-RESUME-OFFSET): written without it, or with
    /// the seconds seen so far.
    case openBreakWithoutDuration = "open-break-without-duration"
    /// A break whose end the target cannot mark where it is (a beacon block ends only at a
    /// discontinuity, at the next AD_LENGTH or at the end of the playlist).
    case endNotExpressible = "end-not-expressible"
    /// A break that began before the playlist's window, in a dialect that cannot say so (it is
    /// written as starting at the first segment).
    case startedBeforeWindowLost = "started-before-window-lost"
    /// Tracking beacons of a break, in a target other than the beacon dialect (which alone
    /// carries them): they are not written.
    case beaconsDropped = "beacons-dropped"
    /// A value the HLS writer or the SCTE-35 encoder refused (an error: nothing is written).
    case unwritable
  }

  /// What is wrong.
  public var kind: Kind
  /// How serious it is: `.error` stops the rewrite.
  public var severity: Severity
  /// One line naming the break and the values involved.
  public var message: String
  /// The location of the tag that opened the break.
  public var location: SourceLocation
  /// The index of the break in `AdTimeline.breaks`, or `nil`.
  public var breakIndex: Int?

  /// Creates an issue.
  public init(_ kind: Kind, _ severity: Severity, _ message: String, at location: SourceLocation) {
    self.kind = kind
    self.severity = severity
    self.message = message
    self.location = location
  }

  /// The stable code: `ads.rewrite.` and the kind (`ads.rewrite.beacons-dropped`).
  public var code: String { "ads.rewrite." + kind.rawValue }

  /// The issue as a ManifestCore diagnostic.
  public var diagnostic: Diagnostic { Diagnostic(severity, message, code: code, at: location) }

  /// Every code an issue carries, for docs/diagnostic-codes.md.
  public static var catalog: [DiagnosticCodeInfo] {
    Kind.allCases.map { kind in
      let summary =
        switch kind {
        case .noProgramDateTime:
          "A break cannot be dated for EXT-X-DATERANGE: no EXT-X-PROGRAM-DATE-TIME, no --epoch."
        case .openBreakWithoutDuration:
          "An open break without a declared duration, in a dialect whose tags declare one."
        case .endNotExpressible: "The target dialect cannot end the break where it ends."
        case .startedBeforeWindowLost:
          "The target dialect cannot say that the break began before the window."
        case .beaconsDropped: "Tracking beacons are not written: only the beacon dialect has them."
        case .unwritable: "A value the HLS writer or the SCTE-35 encoder refused."
        }
      let severities: [Severity] =
        kind == .noProgramDateTime || kind == .unwritable ? [.error] : [.warning]
      return DiagnosticCodeInfo("ads.rewrite." + kind.rawValue, severities, summary)
    }
  }
}
