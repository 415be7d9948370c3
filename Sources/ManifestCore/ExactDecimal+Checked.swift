/// Checked arithmetic on `ExactDecimal`: the exact result, or an `ExactDecimal.Overflow` error
/// when it cannot be held in 18 fraction digits and a 64-bit significand. Nothing wraps or traps.
extension ExactDecimal {
  /// An exact result that does not fit `ExactDecimal`: the operation and its operands.
  public struct Overflow: Error, Sendable, Hashable, CustomStringConvertible {
    /// `+`, `-` or `*`.
    public var operation: String
    /// The left operand.
    public var lhs: ExactDecimal
    /// The right operand.
    public var rhs: ExactDecimal

    /// Creates the error for `lhs operation rhs`.
    public init(operation: String, lhs: ExactDecimal, rhs: ExactDecimal) {
      self.operation = operation
      self.lhs = lhs
      self.rhs = rhs
    }

    /// `decimal overflow: 9000000000000000000 * 2`.
    public var description: String { "decimal overflow: \(lhs) \(operation) \(rhs)" }
  }

  /// The exact sum, or `Overflow` when it does not fit.
  public func adding(_ other: ExactDecimal) throws(Overflow) -> ExactDecimal {
    guard let sum = Self.exactSum(self, other, negatingRight: false) else {
      throw Overflow(operation: "+", lhs: self, rhs: other)
    }
    return sum
  }

  /// The exact difference, or `Overflow` when it does not fit.
  public func subtracting(_ other: ExactDecimal) throws(Overflow) -> ExactDecimal {
    guard let difference = Self.exactSum(self, other, negatingRight: true) else {
      throw Overflow(operation: "-", lhs: self, rhs: other)
    }
    return difference
  }

  /// The exact product (trailing fraction zeros dropped), or `Overflow` when it needs more than
  /// 18 fraction digits or a significand beyond 64 bits.
  public func multiplied(by other: ExactDecimal) throws(Overflow) -> ExactDecimal {
    let a = normalized
    let b = other.normalized
    let (high, low) = a.significand.multipliedFullWidth(by: b.significand)
    let negative = high < 0
    // The magnitude of the 128-bit product, as two unsigned halves.
    var magnitudeHigh = UInt64(bitPattern: high)
    var magnitudeLow = low
    if negative {
      magnitudeLow = ~low &+ 1
      magnitudeHigh = ~magnitudeHigh &+ (magnitudeLow == 0 ? 1 : 0)
    }
    var scale = a.scale + b.scale
    // Drop trailing zeros of the product while it is too wide or too fine.
    while magnitudeHigh != 0 || magnitudeLow > UInt64(Int64.max) || scale > Self.maximumScale {
      guard scale > 0 else { throw Overflow(operation: "*", lhs: self, rhs: other) }
      let (quotientHigh, remainderHigh) = magnitudeHigh.quotientAndRemainder(dividingBy: 10)
      let (quotientLow, remainder) = UInt64(10).dividingFullWidth((remainderHigh, magnitudeLow))
      guard remainder == 0 else { throw Overflow(operation: "*", lhs: self, rhs: other) }
      (magnitudeHigh, magnitudeLow) = (quotientHigh, quotientLow)
      scale -= 1
    }
    let value = Int64(magnitudeLow)
    return ExactDecimal(significand: negative ? -value : value, scale: scale).normalized
  }

  /// The exact product; throws `Overflow` rather than wrapping.
  public static func * (lhs: ExactDecimal, rhs: ExactDecimal) throws(Overflow) -> ExactDecimal {
    try lhs.multiplied(by: rhs)
  }

  /// `lhs ± rhs` exactly at the finer of the two scales, or `nil` when that does not fit.
  static func exactSum(_ lhs: ExactDecimal, _ rhs: ExactDecimal, negatingRight: Bool)
    -> ExactDecimal?
  {
    let scale = max(lhs.scale, rhs.scale)
    let (a, o1) = lhs.significand.multipliedReportingOverflow(
      by: powerOfTen(scale - lhs.scale))
    let (b, o2) = rhs.significand.multipliedReportingOverflow(
      by: powerOfTen(scale - rhs.scale))
    guard !o1, !o2 else { return nil }
    let (result, o3) =
      negatingRight ? a.subtractingReportingOverflow(b) : a.addingReportingOverflow(b)
    guard !o3 else { return nil }
    return ExactDecimal(significand: result, scale: scale)
  }
}
