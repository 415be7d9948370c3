import ManifestCore

/// What a `LiveReloadTracker` tolerates.
public struct LiveOptions: Sendable, Hashable {
  /// Seconds two variants' breaks may differ by, and a break's measured duration from its
  /// declared one (default 0.5, as `audit --tolerance`).
  public var tolerance: ExactDecimal
  /// The most open breaks kept per variant after their markers slid out (constant memory).
  public var maximumOpenBreaks: Int

  /// Options with these values.
  public init(
    tolerance: ExactDecimal = ExactDecimal(significand: 5, scale: 1), maximumOpenBreaks: Int = 8
  ) {
    self.tolerance = tolerance
    self.maximumOpenBreaks = maximumOpenBreaks
  }
}
