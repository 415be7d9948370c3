import ManifestCore
import Subtitles

/// Exact integer arithmetic on times that sprite grids need: how many whole intervals fit in a
/// time, and an interval taken `n` times.
enum TimeArithmetic {
  /// `⌊a / b⌋` for `b > 0` (exact while the products fit in 64 bits, else through `Double`).
  static func floorQuotient(_ a: SubtitleTime, _ b: SubtitleTime) -> Int64 {
    let (q, r) = quotientAndRemainder(a, b)
    return r < 0 ? q - 1 : q
  }

  /// `⌈a / b⌉` for `b > 0`.
  static func ceilingQuotient(_ a: SubtitleTime, _ b: SubtitleTime) -> Int64 {
    let (q, r) = quotientAndRemainder(a, b)
    return r > 0 ? q + 1 : q
  }

  /// The truncating quotient of `a / b` and the sign of the remainder (−1, 0 or 1).
  private static func quotientAndRemainder(_ a: SubtitleTime, _ b: SubtitleTime) -> (Int64, Int) {
    // a / b = (a.n × b.d) / (a.d × b.n)
    let (denominator, o1) = a.denominator.multipliedReportingOverflow(by: b.numerator)
    let (numerator, o2) = a.numerator.multipliedReportingOverflow(by: b.denominator)
    guard !o1, !o2, denominator > 0 else {
      let x = a.seconds / b.seconds
      guard x.isFinite, abs(x) < 9e18 else { return (0, 0) }
      let t = x.rounded(.towardZero)
      return (Int64(t), x > t ? 1 : x < t ? -1 : 0)
    }
    let r = numerator % denominator
    return (numerator / denominator, r > 0 ? 1 : r < 0 ? -1 : 0)
  }

  /// `interval × count` as an exact time.
  static func times(_ interval: ExactDecimal, _ count: Int64) -> SubtitleTime {
    let (product, overflow) = interval.significand.multipliedReportingOverflow(by: count)
    guard !overflow else {
      return SubtitleTime(interval).scaled(by: count, over: 1)
    }
    return SubtitleTime(ExactDecimal(significand: product, scale: interval.scale))
  }
}
