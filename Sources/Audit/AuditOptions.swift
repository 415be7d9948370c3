import ManifestCore

/// Settings that tune how rules compare values.
public struct AuditOptions: Sendable, Hashable {
  /// How far two times may differ before a timing rule reports them (measured against
  /// declared ad durations, CONT elapsed values, SCTE-35 durations, break starts across
  /// variants). Default 0.5 s.
  public var tolerance: ExactDecimal

  /// Creates options.
  public init(tolerance: ExactDecimal = ExactDecimal(significand: 5, scale: 1)) {
    self.tolerance = tolerance
  }
}
