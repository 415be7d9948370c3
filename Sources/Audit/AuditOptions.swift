import ManifestCore

/// Settings that tune how rules compare values.
public struct AuditOptions: Sendable, Hashable {
  /// How far two times may differ before a timing rule reports them (measured against
  /// declared ad durations, CONT elapsed values, SCTE-35 durations, break starts across
  /// variants). Default 0.5 s.
  public var tolerance: ExactDecimal
  /// Whether ad-break boundaries must or must not carry EXT-X-DISCONTINUITY
  /// (`ads.discontinuity-policy`); `nil` (the default) checks neither.
  public var discontinuities: DiscontinuityPolicy?

  /// What `ads.discontinuity-policy` expects at a break's boundaries.
  public enum DiscontinuityPolicy: String, Sendable, Hashable, CaseIterable {
    /// Every boundary has EXT-X-DISCONTINUITY (stitched output, MediaTailor).
    case require
    /// No boundary has one (markers on continuous content).
    case forbid
  }

  /// Creates options.
  public init(
    tolerance: ExactDecimal = ExactDecimal(significand: 5, scale: 1),
    discontinuities: DiscontinuityPolicy? = nil
  ) {
    self.tolerance = tolerance
    self.discontinuities = discontinuities
  }
}
