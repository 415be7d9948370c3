/// Whole-interval division and multiples, exact: how many whole intervals fit in a time (sprite
/// grids, segment counts), and an interval taken `n` times.
extension ExactTime {
  /// `⌊self / interval⌋` for `interval > 0` (exact while the cross products fit in 64 bits,
  /// else through `Double`; 0 when even that is out of range).
  public func floorQuotient(dividingBy interval: ExactTime) -> Int64 {
    let (q, r) = quotientAndRemainderSign(interval)
    return r < 0 ? q - 1 : q
  }

  /// `⌈self / interval⌉` for `interval > 0`.
  public func ceilingQuotient(dividingBy interval: ExactTime) -> Int64 {
    let (q, r) = quotientAndRemainderSign(interval)
    return r > 0 ? q + 1 : q
  }

  /// `interval × count`: exact through `ExactDecimal`'s checked `*`, else as a rational.
  public static func multiple(of interval: ExactDecimal, _ count: Int64) -> ExactTime {
    guard let product = try? interval * ExactDecimal(significand: count, scale: 0) else {
      return ExactTime(interval).scaled(by: count, over: 1)
    }
    return ExactTime(product)
  }

  /// The truncating quotient of `self / b` and the sign of the remainder (−1, 0 or 1).
  private func quotientAndRemainderSign(_ b: ExactTime) -> (Int64, Int) {
    // a / b = (a.n × b.d) / (a.d × b.n)
    let (denominator, o1) = self.denominator.multipliedReportingOverflow(by: b.numerator)
    let (numerator, o2) = self.numerator.multipliedReportingOverflow(by: b.denominator)
    guard !o1, !o2, denominator > 0 else {
      let x = seconds / b.seconds
      guard x.isFinite, abs(x) < 9e18 else { return (0, 0) }
      let t = x.rounded(.towardZero)
      return (Int64(t), x > t ? 1 : x < t ? -1 : 0)
    }
    let r = numerator % denominator
    return (numerator / denominator, r > 0 ? 1 : r < 0 ? -1 : 0)
  }
}
