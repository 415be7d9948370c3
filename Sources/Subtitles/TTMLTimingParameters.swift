/// The TTML timing parameters of a document (TTML2 §7.2: `ttp:timeBase`, `ttp:frameRate`,
/// `ttp:frameRateMultiplier`, `ttp:subFrameRate`, `ttp:tickRate`, `ttp:dropMode`,
/// `ttp:clockMode`), as written on the `tt` element, with the spec's defaults.
public struct TTMLTimingParameters: Sendable, Hashable {
  /// `ttp:timeBase` (TTML2 §7.2.13).
  public enum TimeBase: String, Sendable, Hashable {
    case media, smpte, clock
  }

  /// `ttp:dropMode` (TTML2 §7.2.5).
  public enum DropMode: String, Sendable, Hashable {
    case nonDrop, dropNTSC, dropPAL
  }

  /// The time base; `media` when not specified.
  public var timeBase: TimeBase
  /// `ttp:frameRate` as written, or `nil` (the effective frame rate then uses 30).
  public var frameRate: Int64?
  /// `ttp:frameRateMultiplier` numerator and denominator; `1 1` when not specified.
  public var frameRateMultiplier: (numerator: Int64, denominator: Int64)
  /// `ttp:subFrameRate`; 1 when not specified.
  public var subFrameRate: Int64
  /// `ttp:tickRate` as written, or `nil` (see `effectiveTickRate`).
  public var tickRate: Int64?
  /// `ttp:dropMode`; `nonDrop` when not specified.
  public var dropMode: DropMode
  /// `ttp:clockMode` as written (`local`, `gps`, `utc`), or `nil`.
  public var clockMode: String?

  /// The defaults of a document that sets no timing parameters.
  public init(
    timeBase: TimeBase = .media, frameRate: Int64? = nil,
    frameRateMultiplier: (numerator: Int64, denominator: Int64) = (1, 1),
    subFrameRate: Int64 = 1, tickRate: Int64? = nil, dropMode: DropMode = .nonDrop,
    clockMode: String? = nil
  ) {
    self.timeBase = timeBase
    self.frameRate = frameRate
    self.frameRateMultiplier = frameRateMultiplier
    self.subFrameRate = subFrameRate
    self.tickRate = tickRate
    self.dropMode = dropMode
    self.clockMode = clockMode
  }

  /// Frames per second as an exact fraction: `frameRate × multiplier` (TTML2 §7.2.4, §7.2.5);
  /// `ttp:frameRate` defaults to 30. `(0, 1)`, no rate, when the product does not fit `Int64`.
  public var effectiveFrameRate: (numerator: Int64, denominator: Int64) {
    let rate = frameRate ?? 30
    let (frames, overflow) = rate.multipliedReportingOverflow(by: frameRateMultiplier.numerator)
    return overflow ? (0, 1) : (frames, frameRateMultiplier.denominator)
  }

  /// Ticks per second as an exact fraction (TTML2 §7.2.12): `ttp:tickRate` when given; else,
  /// when a frame rate is given, the effective frame rate times the sub-frame rate (ticks are
  /// sub-frames; `frameRate × subFrameRate` when there is no multiplier); else 1. `(0, 1)`, no
  /// rate, when the product does not fit `Int64`.
  public var effectiveTickRate: (numerator: Int64, denominator: Int64) {
    if let tickRate { return (tickRate, 1) }
    guard frameRate != nil else { return (1, 1) }
    let frames = effectiveFrameRate
    let (ticks, overflow) = frames.numerator.multipliedReportingOverflow(by: subFrameRate)
    return overflow ? (0, 1) : (ticks, frames.denominator)
  }

  public static func == (lhs: TTMLTimingParameters, rhs: TTMLTimingParameters) -> Bool {
    lhs.timeBase == rhs.timeBase && lhs.frameRate == rhs.frameRate
      && lhs.frameRateMultiplier == rhs.frameRateMultiplier
      && lhs.subFrameRate == rhs.subFrameRate && lhs.tickRate == rhs.tickRate
      && lhs.dropMode == rhs.dropMode && lhs.clockMode == rhs.clockMode
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(timeBase)
    hasher.combine(frameRate)
    hasher.combine(frameRateMultiplier.numerator)
    hasher.combine(frameRateMultiplier.denominator)
    hasher.combine(subFrameRate)
    hasher.combine(tickRate)
    hasher.combine(dropMode)
    hasher.combine(clockMode)
  }
}
