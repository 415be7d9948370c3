/// A decimal number held exactly as `significand × 10^-scale`, for durations and times that must
/// sum without floating-point drift (`5.005 + 5.005 + 5.005` is exactly `15.015`).
///
/// Values compare and hash by number, not spelling: `2.000 == 2`. Up to 18 fraction digits.
public struct ExactDecimal: Sendable, Comparable, Hashable, CustomStringConvertible {
  /// The digits as an integer.
  public private(set) var significand: Int64
  /// How many of the digits are after the decimal point.
  public private(set) var scale: Int

  /// Largest supported scale.
  public static let maximumScale = 18

  /// Zero.
  public static let zero = ExactDecimal(significand: 0, scale: 0)

  /// `significand × 10^-scale`; `scale` is clamped to `0...18`.
  public init(significand: Int64, scale: Int) {
    self.significand = significand
    self.scale = min(max(scale, 0), Self.maximumScale)
  }

  /// An integer value.
  public init(_ integer: Int) {
    self.init(significand: Int64(integer), scale: 0)
  }

  /// The nearest decimal with at most `scale` fraction digits (default 9) to a `Double`, or
  /// `nil` for non-finite or out-of-range values.
  public init?(_ double: Double, scale: Int = 9) {
    guard double.isFinite else { return nil }
    let factor = Double(Self.powerOfTen(scale))
    let scaled = (double * factor).rounded()
    guard abs(scaled) < 9.2e18 else { return nil }
    self.init(significand: Int64(scaled), scale: scale)
    self = normalized
  }

  /// Parses `-?digits[.digits]` (also `.5` and `5.`), exactly the bytes of `range`; no exponent,
  /// no blanks. Trailing fraction zeros are not kept (`6.000` has scale 0), so they do not count
  /// towards the 18 significant digits; returns `nil` for anything else or more digits.
  public static func parse(_ bytes: [UInt8], _ range: Range<Int>) -> ExactDecimal? {
    var i = range.lowerBound
    let end = range.upperBound
    guard i < end else { return nil }
    if end - i <= 18 && i >= 0 && end <= bytes.count {
      return bytes.withUnsafeBufferPointer { parseShort($0, range) }
    }
    var negative = false
    if bytes[i] == 0x2D {
      negative = true
      i += 1
    } else if bytes[i] == 0x2B {
      i += 1
    }
    // The magnitude, up to 2^63 (Int64.min's) when negative and Int64.max otherwise: every
    // value `description` writes reads back.
    var value: UInt64 = 0
    let limit: UInt64 = negative ? UInt64(Int64.max) + 1 : UInt64(Int64.max)
    var scale = 0
    var seenPoint = false
    var seenDigit = false
    var pendingZeros = 0  // fraction zeros not yet known to be followed by a non-zero digit
    while i < end {
      let b = bytes[i]
      if b == 0x2E {
        if seenPoint { return nil }
        seenPoint = true
      } else {
        let d = b &- 0x30
        guard d < 10 else { return nil }
        seenDigit = true
        if seenPoint && d == 0 {
          pendingZeros += 1
        } else {
          var count = pendingZeros + 1  // the held-back zeros, then d
          pendingZeros = 0
          while count > 0 {
            count -= 1
            let digit = count == 0 ? d : 0
            let (tens, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow, tens <= limit, limit - tens >= UInt64(digit) else { return nil }
            value = tens + UInt64(digit)
            if seenPoint { scale += 1 }
            guard scale <= maximumScale else { return nil }
          }
        }
      }
      i += 1
    }
    guard seenDigit else { return nil }
    let significand = negative ? Int64(truncatingIfNeeded: 0 &- value) : Int64(value)
    return ExactDecimal(significand: significand, scale: scale)
  }

  /// `parse(_:_:)` for at most 18 bytes, whose digits cannot overflow: one pass with no
  /// overflow checks (the EXTINF durations of every playlist).
  private static func parseShort(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
    -> ExactDecimal?
  {
    var i = range.lowerBound
    let end = range.upperBound
    var negative = false
    if bytes[i] == 0x2D {
      negative = true
      i += 1
    } else if bytes[i] == 0x2B {
      i += 1
    }
    var value: Int64 = 0
    var scale = 0
    var trailingZeros = 0
    var seenPoint = false
    var seenDigit = false
    while i < end {
      let b = bytes[i]
      i += 1
      let d = b &- 0x30
      if d < 10 {
        seenDigit = true
        value = value &* 10 &+ Int64(d)
        if seenPoint {
          scale += 1
          trailingZeros = d == 0 ? trailingZeros + 1 : 0
        }
      } else if b == 0x2E && !seenPoint {
        seenPoint = true
      } else {
        return nil
      }
    }
    guard seenDigit else { return nil }
    // Trailing fraction zeros are not kept (as in `parse`).
    if trailingZeros > 0 {
      value /= powerOfTen(trailingZeros)
      scale -= trailingZeros
    }
    return ExactDecimal(significand: negative ? 0 &- value : value, scale: scale)
  }

  /// Parses a string with the same rules as `parse(_:_:)`.
  public init?(_ text: String) {
    let bytes = Array(text.utf8)
    guard let value = Self.parse(bytes, 0..<bytes.count) else { return nil }
    self = value
  }

  /// The value as a `Double` (for display and tolerance checks only).
  public var doubleValue: Double {
    Double(significand) / Double(Self.powerOfTen(scale))
  }

  /// The same number with trailing fraction zeros removed.
  public var normalized: ExactDecimal {
    var s = significand
    var k = scale
    while k > 0 && s % 10 == 0 {
      s /= 10
      k -= 1
    }
    return ExactDecimal(significand: s, scale: k)
  }

  /// True for zero.
  public var isZero: Bool { significand == 0 }

  /// True for values below zero.
  public var isNegative: Bool { significand < 0 }

  /// The integer part, rounded toward zero.
  public var integerPart: Int64 { significand / Self.powerOfTen(scale) }

  /// The value rounded half away from zero to an integer (`2.5` → 3), as RFC 8216bis rounds
  /// EXTINF durations against EXT-X-TARGETDURATION.
  public var roundedToInteger: Int64 {
    let p = Self.powerOfTen(scale)
    let q = significand / p
    let r = significand % p
    if r * 2 >= p { return q + 1 }
    if r * 2 <= -p { return q - 1 }
    return q
  }

  /// Shortest exact spelling: `2`, `30.5`, `5.005`, `-0.25`.
  public var description: String {
    let n = normalized
    if n.scale == 0 { return String(n.significand) }
    let magnitude = n.significand.magnitude
    let p = UInt64(Self.powerOfTen(n.scale))
    var fraction = String(magnitude % p)
    fraction = String(repeating: "0", count: n.scale - fraction.count) + fraction
    return (n.significand < 0 ? "-" : "") + String(magnitude / p) + "." + fraction
  }

  /// The spelling with exactly `digits` fraction digits (rounded half away from zero when
  /// digits are dropped), as in `2.000`.
  public func formatted(fractionDigits digits: Int) -> String {
    let d = min(max(digits, 0), Self.maximumScale)
    let value = rescaled(to: d)
    if d == 0 { return String(value.significand) }
    let magnitude = value.significand.magnitude
    let p = UInt64(Self.powerOfTen(d))
    var fraction = String(magnitude % p)
    fraction = String(repeating: "0", count: d - fraction.count) + fraction
    return (value.significand < 0 ? "-" : "") + String(magnitude / p) + "." + fraction
  }

  /// The value at `newScale` fraction digits, rounding half away from zero when shrinking.
  public func rescaled(to newScale: Int) -> ExactDecimal {
    let target = min(max(newScale, 0), Self.maximumScale)
    if target == scale { return self }
    if target > scale {
      let (m, o) = significand.multipliedReportingOverflow(by: Self.powerOfTen(target - scale))
      return o ? self : ExactDecimal(significand: m, scale: target)
    }
    let p = Self.powerOfTen(scale - target)
    var q = significand / p
    let r = significand % p
    if r * 2 >= p { q += 1 } else if r * 2 <= -p { q -= 1 }
    return ExactDecimal(significand: q, scale: target)
  }

  public static func == (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
    compare(lhs, rhs) == 0
  }

  public func hash(into hasher: inout Hasher) {
    let n = normalized
    hasher.combine(n.significand)
    hasher.combine(n.scale)
  }

  public static func < (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
    compare(lhs, rhs) < 0
  }

  /// The sum: exact when it fits (always for values of one scale that fit); otherwise the finer
  /// operand is rounded half away from zero to the most fraction digits that fit, and a sum
  /// past ±`Int64.max` whole units saturates there. Never wraps or traps: `adding(_:)` throws
  /// instead.
  public static func + (lhs: ExactDecimal, rhs: ExactDecimal) -> ExactDecimal {
    if lhs.scale == rhs.scale {
      let (sum, overflow) = lhs.significand.addingReportingOverflow(rhs.significand)
      if !overflow { return ExactDecimal(significand: sum, scale: lhs.scale) }
    }
    return exactSum(lhs, rhs, negatingRight: false)
      ?? nearestSum(lhs, rhs, negatingRight: false)
  }

  /// The difference, exact or rounded and saturated as `+` is; `subtracting(_:)` throws instead.
  public static func - (lhs: ExactDecimal, rhs: ExactDecimal) -> ExactDecimal {
    if lhs.scale == rhs.scale {
      let (difference, overflow) = lhs.significand.subtractingReportingOverflow(rhs.significand)
      if !overflow { return ExactDecimal(significand: difference, scale: lhs.scale) }
    }
    return exactSum(lhs, rhs, negatingRight: true)
      ?? nearestSum(lhs, rhs, negatingRight: true)
  }

  public static func += (lhs: inout ExactDecimal, rhs: ExactDecimal) { lhs = lhs + rhs }

  public static func -= (lhs: inout ExactDecimal, rhs: ExactDecimal) { lhs = lhs - rhs }

  /// Negation. A significand of `Int64.min` (which neither parsing nor `+` and `-` produce) is
  /// its own negation.
  public static prefix func - (value: ExactDecimal) -> ExactDecimal {
    ExactDecimal(significand: 0 &- value.significand, scale: value.scale)
  }

  /// The absolute value.
  public var magnitude: ExactDecimal { significand < 0 ? -self : self }

  /// The quotient `numerator / denominator` (such as 90 kHz ticks over 90000): exact when it
  /// terminates within 9 fraction digits, else rounded half away from zero to 9.
  public static func ratio(_ numerator: Int64, _ denominator: Int64) -> ExactDecimal {
    guard denominator != 0 else { return .zero }
    var scale = 0
    var n = numerator
    while scale < 9 && n % denominator != 0 {
      let (m, o) = n.multipliedReportingOverflow(by: 10)
      if o { break }
      n = m
      scale += 1
    }
    let q = n / denominator
    let r = n % denominator
    var rounded = q
    if denominator > 0 && r.magnitude * 2 >= denominator.magnitude {
      rounded += r < 0 ? -1 : 1
    }
    return ExactDecimal(significand: rounded, scale: scale).normalized
  }

  /// -1, 0 or 1 as `lhs` is less than, equal to or greater than `rhs`, exactly: the significand
  /// of the smaller scale is widened to 128 bits rather than wrapped.
  private static func compare(_ lhs: ExactDecimal, _ rhs: ExactDecimal) -> Int {
    if lhs.scale == rhs.scale {
      return lhs.significand < rhs.significand ? -1 : lhs.significand == rhs.significand ? 0 : 1
    }
    let a = lhs.significand.multipliedFullWidth(by: powerOfTen(max(rhs.scale - lhs.scale, 0)))
    let b = rhs.significand.multipliedFullWidth(by: powerOfTen(max(lhs.scale - rhs.scale, 0)))
    if a.high != b.high { return a.high < b.high ? -1 : 1 }
    if a.low != b.low { return a.low < b.low ? -1 : 1 }
    return 0
  }

  /// `lhs ± rhs` at the finest scale where it fits, each operand rounded to that scale; past
  /// ±`Int64.max` whole units, that bound with the sign of the exact result.
  private static func nearestSum(_ lhs: ExactDecimal, _ rhs: ExactDecimal, negatingRight: Bool)
    -> ExactDecimal
  {
    var scale = max(lhs.scale, rhs.scale)
    while scale > 0 {
      scale -= 1
      let a = lhs.rescaled(to: min(lhs.scale, scale))
      let b = rhs.rescaled(to: min(rhs.scale, scale))
      if let sum = exactSum(a, b, negatingRight: negatingRight) { return sum }
    }
    // Whole units overflow only when the exact result is beyond ±Int64.max: a sum of two values
    // of one sign, or a difference of two of opposite signs.
    let positive = negatingRight ? rhs < lhs : !lhs.isNegative
    return ExactDecimal(significand: positive ? .max : -.max, scale: 0)
  }

  /// 10^exponent for exponent in 0...18.
  @inlinable
  public static func powerOfTen(_ exponent: Int) -> Int64 {
    var result: Int64 = 1
    var k = 0
    while k < exponent && k < 18 {
      result &*= 10
      k += 1
    }
    return result
  }
}
