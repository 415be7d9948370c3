/// A time in seconds held as an exact rational `numerator / denominator`: the rational member of
/// the exact time family beside `ExactDecimal` (which it converts to and from), so TTML frame
/// times such as 24 frames at 24000/1001 fps (exactly 1.001 s) and 90 kHz or 10 MHz
/// tick times need no rounding until a writer prints them.
///
/// The fraction is not kept reduced (times read from SRT or WebVTT stay `ms / 1000`); equality,
/// ordering and hashing are by value, so `1/2 == 500/1000`. Arithmetic that would overflow
/// `Int64` falls back to nanosecond precision.
public struct ExactTime: Sendable, Comparable, Hashable, CustomStringConvertible {
  /// The numerator; negative for times before zero.
  public private(set) var numerator: Int64
  /// The denominator, always positive.
  public private(set) var denominator: Int64

  /// Zero seconds.
  public static let zero = ExactTime(uncheckedNumerator: 0, denominator: 1)

  /// `numerator / denominator` seconds, or `nil` when `denominator` is zero.
  public init?(numerator: Int64, denominator: Int64) {
    guard denominator != 0 else { return nil }
    if denominator < 0 {
      guard numerator != .min, denominator != .min else { return nil }
      self.init(uncheckedNumerator: -numerator, denominator: -denominator)
    } else {
      self.init(uncheckedNumerator: numerator, denominator: denominator)
    }
  }

  /// A whole number of seconds.
  public init(seconds: Int64) {
    self.init(uncheckedNumerator: seconds, denominator: 1)
  }

  /// A whole number of milliseconds (the precision of SRT and WebVTT timestamps).
  public init(milliseconds: Int64) {
    self.init(uncheckedNumerator: milliseconds, denominator: 1000)
  }

  /// An exact decimal number of seconds.
  public init(_ seconds: ExactDecimal) {
    self.init(
      uncheckedNumerator: seconds.significand,
      denominator: ExactDecimal.powerOfTen(seconds.scale))
  }

  /// `numerator / denominator` for a `denominator` already known to be positive.
  @usableFromInline
  package init(uncheckedNumerator: Int64, denominator: Int64) {
    self.numerator = uncheckedNumerator
    self.denominator = denominator
  }

  /// The same value with the fraction in lowest terms.
  public var reduced: ExactTime {
    let divisor = Self.gcd(numerator.magnitude, UInt64(denominator))
    guard divisor > 1 else { return self }
    return ExactTime(
      uncheckedNumerator: numerator / Int64(divisor), denominator: denominator / Int64(divisor))
  }

  /// The value as a `Double` (for display and tolerance checks only).
  public var seconds: Double { Double(numerator) / Double(denominator) }

  /// True for times before zero.
  public var isNegative: Bool { numerator < 0 }

  /// The value rounded half away from zero to whole units of `1/unitsPerSecond` second
  /// (`1000` gives milliseconds, `90000` MPEG-TS ticks), exactly (through a 128-bit product);
  /// a count past `Int64` is clamped.
  public func rounded(toUnitsPerSecond unitsPerSecond: Int64) -> Int64 {
    let (high, low) = numerator.multipliedFullWidth(by: unitsPerSecond)
    let negative = high < 0
    if high == (negative ? -1 : 0) && (Int64(bitPattern: low) < 0) == negative {
      return Self.divideRounded(Int64(bitPattern: low), denominator)
    }
    // The magnitude of the 128-bit product, divided exactly when the quotient fits Int64.
    var magnitudeLow = low
    var magnitudeHigh = UInt64(bitPattern: high)
    if negative {
      magnitudeLow = ~low &+ 1
      magnitudeHigh = ~magnitudeHigh &+ (magnitudeLow == 0 ? 1 : 0)
    }
    let d = UInt64(denominator)
    guard magnitudeHigh < d else { return negative ? .min : .max }
    let (quotient, remainder) = d.dividingFullWidth((magnitudeHigh, magnitudeLow))
    let roundsUp = remainder >= d - remainder
    guard quotient < UInt64(Int64.max) || (quotient == UInt64(Int64.max) && !roundsUp) else {
      return negative ? .min : .max
    }
    let value = Int64(quotient) + (roundsUp ? 1 : 0)
    return negative ? -value : value
  }

  /// `self × numerator / denominator` when that is a whole number that fits `Int64` (a count of
  /// frames or ticks), else `nil`; exact, with no `Double` fallback. `denominator` must be
  /// positive and `numerator` not zero.
  package func wholeCount(scaledBy numerator: Int64, over denominator: Int64) -> Int64? {
    guard denominator > 0, numerator != 0, numerator != .min else { return nil }
    let g0 = Int64(Self.gcd(numerator.magnitude, UInt64(denominator)))
    let (n, d) = (numerator / g0, denominator / g0)
    let r = reduced
    let g1 = Int64(Self.gcd(r.numerator.magnitude, UInt64(d)))
    let g2 = Int64(Self.gcd(n.magnitude, UInt64(r.denominator)))
    // In lowest terms now, so the value is whole exactly when the denominator is 1.
    let (top, o1) = (r.numerator / g1).multipliedReportingOverflow(by: n / g2)
    let (bottom, o2) = (r.denominator / g2).multipliedReportingOverflow(by: d / g1)
    guard !o1, !o2, bottom == 1 else { return nil }
    return top
  }

  /// The value rounded half away from zero to whole milliseconds.
  public var milliseconds: Int64 { rounded(toUnitsPerSecond: 1000) }

  /// The value as an exact decimal when it terminates within 9 fraction digits, else rounded
  /// half away from zero to 9 digits (nanoseconds).
  public var decimal: ExactDecimal {
    let r = reduced
    if let scale = r.decimalScale {
      let factor = ExactDecimal.powerOfTen(scale) / r.denominator
      let (m, overflow) = r.numerator.multipliedReportingOverflow(by: factor)
      if !overflow { return ExactDecimal(significand: m, scale: scale).normalized }
    }
    return ExactDecimal(significand: rounded(toUnitsPerSecond: 1_000_000_000), scale: 9)
      .normalized
  }

  /// How many fraction digits the value needs as a decimal, or `nil` when it does not
  /// terminate within 9 (the denominator has a prime factor other than 2 and 5, or needs more).
  public var decimalScale: Int? {
    var d = reduced.denominator
    var twos = 0
    var fives = 0
    while d % 2 == 0 {
      d /= 2
      twos += 1
    }
    while d % 5 == 0 {
      d /= 5
      fives += 1
    }
    let scale = max(twos, fives)
    return d == 1 && scale <= 9 ? scale : nil
  }

  /// The shortest exact decimal spelling, or a 9-digit rounding when it does not terminate.
  public var description: String { decimal.description }

  // MARK: Arithmetic

  public static func + (lhs: ExactTime, rhs: ExactTime) -> ExactTime {
    combine(lhs, rhs, subtract: false)
  }

  public static func - (lhs: ExactTime, rhs: ExactTime) -> ExactTime {
    combine(lhs, rhs, subtract: true)
  }

  /// The largest time held exactly: `Int64.max` milliseconds (about 292 million years), the
  /// most an SRT or WebVTT timestamp can spell.
  public static let maximum = ExactTime(milliseconds: .max)

  /// The exact sum, or `nil` when it cannot be held exactly or is beyond `±maximum` (`+` falls
  /// back to a rounded, clamped value instead).
  public func adding(_ other: ExactTime) -> ExactTime? {
    let sum: ExactTime
    if denominator == other.denominator {
      let (n, overflow) = numerator.addingReportingOverflow(other.numerator)
      guard !overflow else { return nil }
      sum = ExactTime(uncheckedNumerator: n, denominator: denominator)
    } else {
      let g = Int64(Self.gcd(UInt64(denominator), UInt64(other.denominator)))
      let (d, o1) = denominator.multipliedReportingOverflow(by: other.denominator / g)
      let (a, o2) = numerator.multipliedReportingOverflow(by: other.denominator / g)
      let (b, o3) = other.numerator.multipliedReportingOverflow(by: denominator / g)
      guard !o1, !o2, !o3 else { return nil }
      let (n, o4) = a.addingReportingOverflow(b)
      guard !o4 else { return nil }
      sum = ExactTime(uncheckedNumerator: n, denominator: d)
    }
    guard sum <= Self.maximum, -Self.maximum <= sum else { return nil }
    return sum
  }

  public static func += (lhs: inout ExactTime, rhs: ExactTime) { lhs = lhs + rhs }

  public static func -= (lhs: inout ExactTime, rhs: ExactTime) { lhs = lhs - rhs }

  /// Negation.
  public static prefix func - (value: ExactTime) -> ExactTime {
    value.numerator == .min
      ? ExactTime(uncheckedNumerator: .max, denominator: value.denominator)
      : ExactTime(uncheckedNumerator: -value.numerator, denominator: value.denominator)
  }

  /// The value multiplied by the rational `numerator / denominator` (a positive denominator),
  /// as TTML frame and tick counts are scaled by rates.
  public func scaled(by numerator: Int64, over denominator: Int64) -> ExactTime {
    guard denominator > 0 else { return self }
    let (n, o1) = self.numerator.multipliedReportingOverflow(by: numerator)
    let (d, o2) = self.denominator.multipliedReportingOverflow(by: denominator)
    if !o1 && !o2 {
      // Small denominators stay as they are; large ones are reduced to keep room.
      let value = ExactTime(uncheckedNumerator: n, denominator: d)
      return d <= 1 << 40 ? value : value.reduced
    }
    let r = reduced
    let f = ExactTime(uncheckedNumerator: numerator, denominator: denominator).reduced
    let (n2, o3) = r.numerator.multipliedReportingOverflow(by: f.numerator)
    let (d2, o4) = r.denominator.multipliedReportingOverflow(by: f.denominator)
    if !o3 && !o4 { return ExactTime(uncheckedNumerator: n2, denominator: d2).reduced }
    return Self.nanoseconds(seconds * Double(numerator) / Double(denominator))
  }

  public static func == (lhs: ExactTime, rhs: ExactTime) -> Bool {
    if lhs.denominator == rhs.denominator { return lhs.numerator == rhs.numerator }
    return compare(lhs, rhs) == 0
  }

  public static func < (lhs: ExactTime, rhs: ExactTime) -> Bool {
    if lhs.denominator == rhs.denominator { return lhs.numerator < rhs.numerator }
    return compare(lhs, rhs) < 0
  }

  public func hash(into hasher: inout Hasher) {
    let r = reduced
    hasher.combine(r.numerator)
    hasher.combine(r.denominator)
  }

  // MARK: Helpers

  private static func compare(_ lhs: ExactTime, _ rhs: ExactTime) -> Int {
    let a = lhs.numerator.multipliedFullWidth(by: rhs.denominator)
    let b = rhs.numerator.multipliedFullWidth(by: lhs.denominator)
    if a.high != b.high { return a.high < b.high ? -1 : 1 }
    if a.low != b.low { return a.low < b.low ? -1 : 1 }
    return 0
  }

  private static func combine(_ lhs: ExactTime, _ rhs: ExactTime, subtract: Bool)
    -> ExactTime
  {
    if rhs.numerator == 0 { return lhs }
    if lhs.numerator == 0 && !subtract { return rhs }
    let rn = subtract ? (rhs.numerator == .min ? .max : -rhs.numerator) : rhs.numerator
    if lhs.denominator == rhs.denominator {
      let (sum, overflow) = lhs.numerator.addingReportingOverflow(rn)
      if !overflow { return ExactTime(uncheckedNumerator: sum, denominator: lhs.denominator) }
    } else {
      let g = Int64(gcd(UInt64(lhs.denominator), UInt64(rhs.denominator)))
      let lf = rhs.denominator / g
      let rf = lhs.denominator / g
      let (d, o1) = lhs.denominator.multipliedReportingOverflow(by: lf)
      let (a, o2) = lhs.numerator.multipliedReportingOverflow(by: lf)
      let (b, o3) = rn.multipliedReportingOverflow(by: rf)
      if !o1 && !o2 && !o3 {
        let (sum, o4) = a.addingReportingOverflow(b)
        if !o4 { return ExactTime(uncheckedNumerator: sum, denominator: d) }
      }
    }
    let value = subtract ? lhs.seconds - rhs.seconds : lhs.seconds + rhs.seconds
    return nanoseconds(value)
  }

  private static func nanoseconds(_ seconds: Double) -> ExactTime {
    let scaled = (seconds * 1e9).rounded()
    let clamped = max(min(scaled, 9.2e18), -9.2e18)
    return ExactTime(uncheckedNumerator: Int64(clamped), denominator: 1_000_000_000)
  }

  private static func divideRounded(_ n: Int64, _ d: Int64) -> Int64 {
    let q = n / d
    let r = n % d
    if r.magnitude * 2 >= d.magnitude { return n < 0 ? q - 1 : q + 1 }
    return q
  }

  package static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
    var x = a
    var y = b
    while y != 0 { (x, y) = (y, x % y) }
    return x
  }
}
