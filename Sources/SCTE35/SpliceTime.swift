import ManifestCore

/// splice_time() (SCTE 35 §9.4.1): a 33-bit presentation time in 90 kHz ticks, or no time
/// (`time_specified_flag` 0, as a time_signal or splice_insert "now").
public struct SpliceTime: Sendable, Hashable {
  /// `pts_time` in 90 kHz ticks as transmitted (before `pts_adjustment`), or `nil` when
  /// `time_specified_flag` is 0.
  public var ptsTime: UInt64?
  /// The reserved bits as transmitted when they are not all ones (§9.1 asks for ones), so a
  /// decode → encode round trip stays byte exact; `nil` otherwise.
  public var reservedBits: UInt8?

  /// A splice time; `nil` means no time specified.
  public init(ptsTime: UInt64?, reservedBits: UInt8? = nil) {
    self.ptsTime = ptsTime
    self.reservedBits = reservedBits
  }

  /// `time_specified_flag`.
  public var timeSpecifiedFlag: Bool { ptsTime != nil }

  /// The time with `ptsAdjustment` added modulo 2^33 (§9.6.1: the splice happens at
  /// `pts_time + pts_adjustment`), or `nil` when no time is specified.
  public func adjustedPTSTime(ptsAdjustment: UInt64) -> UInt64? {
    ptsTime.map { ($0 &+ ptsAdjustment) & PTS.mask }
  }
}

/// break_duration() (SCTE 35 §9.4.2): how long a break lasts, and whether the splicer returns to
/// the network on its own when it ends.
public struct BreakDuration: Sendable, Hashable {
  /// `auto_return`.
  public var autoReturn: Bool
  /// `duration` in 90 kHz ticks (33 bits).
  public var duration: UInt64
  /// The reserved bits as transmitted when they are not all ones; `nil` otherwise.
  public var reservedBits: UInt8?

  /// A break duration.
  public init(autoReturn: Bool, duration: UInt64, reservedBits: UInt8? = nil) {
    self.autoReturn = autoReturn
    self.duration = duration
    self.reservedBits = reservedBits
  }

  /// `duration` in seconds, exact when it terminates within 9 fraction digits.
  public var seconds: ExactDecimal { PTS.seconds(duration) }
}

/// 90 kHz clock helpers (SCTE 35 §9.6.1, ISO/IEC 13818-1 §2.4.3.6).
public enum PTS {
  /// Ticks per second.
  public static let ticksPerSecond: Int64 = 90_000
  /// 2^33 - 1: PTS values and their sums wrap at 2^33.
  public static let mask: UInt64 = (1 << 33) - 1

  /// `ticks` in seconds, exact when the quotient terminates within 9 fraction digits (whole
  /// multiples of 1/90000 s such as 2 700 000 → 30), else rounded half away from zero to 9.
  public static func seconds(_ ticks: UInt64) -> ExactDecimal {
    ExactDecimal.ratio(Int64(truncatingIfNeeded: ticks), ticksPerSecond)
  }

  /// Seconds converted to 90 kHz ticks, rounded to the nearest tick; `nil` when negative or
  /// out of range.
  public static func ticks(seconds: ExactDecimal) -> UInt64? {
    guard !seconds.isNegative, seconds.integerPart < 100_000_000 else { return nil }
    // Six fraction digits are within 0.045 of a tick, so rounding gives the nearest tick.
    let scaled = seconds.rescaled(to: 6)
    let (product, overflow) = scaled.significand.multipliedReportingOverflow(by: 90_000)
    guard !overflow else { return nil }
    let ticks = ExactDecimal(significand: product, scale: 6).roundedToInteger
    return UInt64(ticks)
  }
}
