/// An ISO 8601 / RFC 3339 date-time as HLS writes it (`2025-11-29T00:00:02.000Z`,
/// `2025-11-29T01:00:02+01:00`), held as whole seconds since the Unix epoch, the nanosecond
/// within that second, and the UTC offset it was written with. Every instant whose spelling in
/// its own zone has a four-digit year (0000–9999, RFC 3339 §5.6 `date-fullyear`) is held exactly.
public struct DateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Whole seconds since 1970-01-01T00:00:00Z (negative before), rounded toward the past.
  public private(set) var secondsSinceEpoch: Int64
  /// The nanosecond within that second, `0..<1_000_000_000`.
  public private(set) var nanosecond: Int32
  /// The offset from UTC the value was written with, in minutes (`nil` when written as `Z`).
  public var utcOffsetMinutes: Int?
  /// How many fraction-of-second digits to write (the count it was written with).
  public var fractionDigits: Int

  /// Creates a date-time `secondsSinceEpoch` seconds and `nanosecond` nanoseconds after the
  /// epoch (the nanoseconds may be any value; they carry into the seconds). An instant whose
  /// spelling in the given zone would need a year outside 0000–9999 is clamped to the nearest
  /// one that does not.
  public init(
    secondsSinceEpoch: Int64, nanosecond: Int64 = 0, utcOffsetMinutes: Int? = nil,
    fractionDigits: Int = 3
  ) {
    let offset = min(max(utcOffsetMinutes ?? 0, -1439), 1439)
    self.utcOffsetMinutes = utcOffsetMinutes.map { _ in offset }
    self.fractionDigits = min(max(fractionDigits, 0), 9)
    let carry = nanosecond / 1_000_000_000
    var nanos = nanosecond % 1_000_000_000
    var seconds = secondsSinceEpoch
    var overflow = false
    (seconds, overflow) = seconds.addingReportingOverflow(carry)
    if nanos < 0 {
      nanos += 1_000_000_000
      if !overflow { (seconds, overflow) = seconds.subtractingReportingOverflow(1) }
    }
    let shift = Int64(offset) * 60
    let lowest = Self.firstSecondOfYear0000 - shift
    let highest = Self.lastSecondOfYear9999 - shift
    if overflow || seconds > highest {
      seconds = overflow && secondsSinceEpoch < 0 ? lowest : highest
      nanos = overflow && secondsSinceEpoch < 0 ? 0 : 999_999_999
    } else if seconds < lowest {
      seconds = lowest
      nanos = 0
    }
    self.secondsSinceEpoch = seconds
    self.nanosecond = Int32(nanos)
  }

  /// Creates a date-time `epochNanoseconds` after 1970-01-01T00:00:00Z (any `Int64`: the
  /// years 1677 to 2262).
  public init(epochNanoseconds: Int64, utcOffsetMinutes: Int? = nil, fractionDigits: Int = 3) {
    self.init(
      secondsSinceEpoch: 0, nanosecond: epochNanoseconds, utcOffsetMinutes: utcOffsetMinutes,
      fractionDigits: fractionDigits)
  }

  /// Nanoseconds since 1970-01-01T00:00:00Z, or `nil` for an instant an `Int64` count of
  /// nanoseconds cannot hold (before 1677-09-21T00:12:43.145224192Z or after
  /// 2262-04-11T23:47:16.854775807Z).
  public var epochNanoseconds: Int64? {
    let (scaled, overflow) = secondsSinceEpoch.multipliedReportingOverflow(by: 1_000_000_000)
    let (total, carry) = scaled.addingReportingOverflow(Int64(nanosecond))
    return overflow || carry ? nil : total
  }

  /// 0000-01-01T00:00:00Z in seconds since the epoch.
  private static let firstSecondOfYear0000 = Int64(daysFromCivil(0, 1, 1)) * 86_400
  /// 9999-12-31T23:59:59Z in seconds since the epoch.
  private static let lastSecondOfYear9999 = Int64(daysFromCivil(9999, 12, 31)) * 86_400 + 86_399

  /// Parses `YYYY-MM-DDThh:mm:ss[.fraction](Z|±hh:mm|±hhmm|±hh)` from exactly the bytes of
  /// `range`. A lower-case `t`/`z` and a space for `T` are accepted; a missing zone is read as
  /// UTC. Returns `nil` for anything else, including out-of-range fields.
  public static func parse(_ bytes: [UInt8], _ range: Range<Int>) -> DateTime? {
    guard range.lowerBound >= 0, range.upperBound <= bytes.count else { return nil }
    return bytes.withUnsafeBufferPointer {
      parse(Cursor(bytes: $0, i: range.lowerBound, end: range.upperBound))
    }
  }

  /// Parses `bytes[range]` as `parse(_:_:)` does, knowing that `previous` is what
  /// `bytes[previousRange]` parsed to. A text that differs from the previous one only in its
  /// seconds and fraction digits (one tag per segment, as packagers write them) is read from
  /// those digits alone: the rest was checked when `previous` was parsed.
  package static func parse(
    _ bytes: [UInt8], _ range: Range<Int>, after previous: DateTime, at previousRange: Range<Int>
  ) -> DateTime? {
    let n = range.count
    guard n >= 19, previousRange.count == n, range.lowerBound >= 0,
      range.upperBound <= bytes.count, previousRange.lowerBound >= 0,
      previousRange.upperBound <= bytes.count
    else { return parse(bytes, range) }
    let fast: DateTime? = bytes.withUnsafeBufferPointer { b in
      let t = range.lowerBound
      let p = previousRange.lowerBound
      // `YYYY-MM-DDThh:mm:` alike: two words and a byte.
      guard let base = b.baseAddress else { return nil }
      let next = UnsafeRawPointer(base + t)
      let last = UnsafeRawPointer(base + p)
      guard next.loadUnaligned(as: UInt64.self) == last.loadUnaligned(as: UInt64.self),
        next.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
          == last.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
        b[t + 16] == b[p + 16]
      else { return nil }
      let s1 = b[t + 17] &- 0x30
      let s0 = b[t + 18] &- 0x30
      guard s1 < 10, s0 < 10 else { return nil }
      let second = Int64(s1) * 10 + Int64(s0)
      let previousSecond = Int64(b[p + 17] &- 0x30) * 10 + Int64(b[p + 18] &- 0x30)
      guard second <= 60 else { return nil }
      var k = 19
      var nanos: Int64 = 0
      if k < n && (b[p + k] == 0x2E || b[p + k] == 0x2C) {
        guard b[t + k] == b[p + k] else { return nil }
        k += 1
        var scale: Int64 = 100_000_000
        var digits = 0
        while k < n, ASCII.isDigit(b[p + k]) {
          guard ASCII.isDigit(b[t + k]), digits < 9 else { return nil }
          nanos += Int64(b[t + k] - 0x30) * scale
          scale /= 10
          digits += 1
          k += 1
        }
      }
      // The zone as before, byte for byte.
      while k < n {
        guard b[t + k] == b[p + k] else { return nil }
        k += 1
      }
      return DateTime(
        secondsSinceEpoch: previous.secondsSinceEpoch + (second - previousSecond),
        nanosecond: nanos,
        utcOffsetMinutes: previous.utcOffsetMinutes, fractionDigits: previous.fractionDigits)
    }
    return fast ?? parse(bytes, range)
  }

  /// A read position in the bytes being parsed (no closures, so the parse stays fast).
  private struct Cursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var i: Int
    let end: Int

    mutating func number(_ width: Int) -> Int? {
      guard i + width <= end else { return nil }
      var v = 0
      for k in i..<(i + width) {
        let d = bytes[k] &- 0x30
        guard d < 10 else { return nil }
        v = v &* 10 &+ Int(d)
      }
      i += width
      return v
    }

    /// `YYYY-MM-DDThh:mm:ss`: read at fixed positions when all 19 bytes are there (one check of
    /// the separators, then the digits), else field by field.
    mutating func fields() -> (Int, Int, Int, Int, Int, Int)? {
      if i + 19 <= end {
        let p = i
        let t = bytes[p + 10]
        guard bytes[p + 4] == 0x2D, bytes[p + 7] == 0x2D, bytes[p + 13] == 0x3A,
          bytes[p + 16] == 0x3A, t == 0x54 || t == 0x74 || t == 0x20
        else { return nil }
        var bad: UInt8 = 0
        func digit(_ k: Int) -> Int {
          let d = bytes[p + k] &- 0x30
          bad |= d > 9 ? 1 : 0
          return Int(d)
        }
        let year = digit(0) * 1000 + digit(1) * 100 + digit(2) * 10 + digit(3)
        let month = digit(5) * 10 + digit(6)
        let day = digit(8) * 10 + digit(9)
        let hour = digit(11) * 10 + digit(12)
        let minute = digit(14) * 10 + digit(15)
        let second = digit(17) * 10 + digit(18)
        guard bad == 0 else { return nil }
        i = p + 19
        return (year, month, day, hour, minute, second)
      }
      guard let year = number(4), expect(0x2D), let month = number(2), expect(0x2D),
        let day = number(2)
      else { return nil }
      guard i < end, bytes[i] == 0x54 || bytes[i] == 0x74 || bytes[i] == 0x20 else { return nil }
      i += 1
      guard let hour = number(2), expect(0x3A), let minute = number(2), expect(0x3A),
        let second = number(2)
      else { return nil }
      return (year, month, day, hour, minute, second)
    }

    mutating func expect(_ byte: UInt8) -> Bool {
      guard i < end, bytes[i] == byte else { return false }
      i += 1
      return true
    }
  }

  private static func parse(_ start: Cursor) -> DateTime? {
    var c = start
    guard let (year, month, day, hour, minute, second) = c.fields() else { return nil }
    guard (1...12).contains(month), day >= 1, day <= daysInMonth(year, month), hour <= 23,
      minute <= 59, second <= 60
    else { return nil }
    var nanos: Int64 = 0
    var digits = 0
    if c.i < c.end && (c.bytes[c.i] == 0x2E || c.bytes[c.i] == 0x2C) {
      c.i += 1
      var scale: Int64 = 100_000_000
      while c.i < c.end, ASCII.isDigit(c.bytes[c.i]) {
        nanos += Int64(c.bytes[c.i] - 0x30) * scale
        scale /= 10
        digits += 1
        c.i += 1
      }
      guard digits > 0 else { return nil }
    }
    var offset: Int? = nil
    if c.i < c.end {
      let b = c.bytes[c.i]
      if b == 0x5A || b == 0x7A {
        c.i += 1
      } else if b == 0x2B || b == 0x2D {
        c.i += 1
        guard let oh = c.number(2) else { return nil }
        var om = 0
        if c.i < c.end {
          _ = c.expect(0x3A)
          guard let m = c.number(2) else { return nil }
          om = m
        }
        guard oh <= 23, om <= 59 else { return nil }
        offset = (b == 0x2D ? -1 : 1) * (oh * 60 + om)
      } else {
        return nil
      }
    }
    guard c.i == c.end else { return nil }
    let days = daysFromCivil(year, month, day)
    let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    // Years are four digits and the offset below a day, so this neither overflows nor clamps.
    return DateTime(
      secondsSinceEpoch: seconds - Int64((offset ?? 0) * 60), nanosecond: nanos,
      utcOffsetMinutes: offset, fractionDigits: digits)
  }

  /// Parses a string with the same rules as `parse(_:_:)`.
  public init?(_ text: String) {
    let bytes = Array(text.utf8)
    guard let value = Self.parse(bytes, 0..<bytes.count) else { return nil }
    self = value
  }

  /// The instant `seconds` later (earlier when negative), keeping zone and precision, exact to
  /// the nanosecond (finer fractions are rounded half away from zero); an instant its zone
  /// cannot spell in years 0000–9999 is clamped to the nearest one it can.
  public func adding(seconds: ExactDecimal) -> DateTime {
    // The whole seconds and the rest, both with the sign of `seconds` (the rest is exact: it
    // is the significand's remainder at the same scale).
    let unit = ExactDecimal.powerOfTen(seconds.scale)
    let whole = seconds.significand / unit
    let fraction = ExactDecimal(significand: seconds.significand % unit, scale: seconds.scale)
      .rescaled(to: 9)
    let (sum, overflow) = secondsSinceEpoch.addingReportingOverflow(whole)
    return DateTime(
      secondsSinceEpoch: overflow ? (whole < 0 ? .min : .max) : sum,
      nanosecond: overflow ? 0 : Int64(nanosecond) + fraction.significand,
      utcOffsetMinutes: utcOffsetMinutes, fractionDigits: fractionDigits)
  }

  /// Seconds from `other` to `self` (negative when `self` is earlier): exact for instants up to
  /// 292 years apart, else to the ten nanoseconds `ExactDecimal` holds.
  public func seconds(since other: DateTime) -> ExactDecimal {
    // Both differences fit: seconds are within ±3.2 × 10^11, nanoseconds within ±10^9.
    let wholeSeconds = secondsSinceEpoch - other.secondsSinceEpoch
    let nanos = Int64(nanosecond) - Int64(other.nanosecond)
    return Self.decimal(seconds: wholeSeconds, nanoseconds: nanos)
  }

  /// Seconds since the Unix epoch: exact for 1677 to 2262, else to the ten nanoseconds
  /// `ExactDecimal` holds.
  public var epochSeconds: ExactDecimal {
    Self.decimal(seconds: secondsSinceEpoch, nanoseconds: Int64(nanosecond))
  }

  private static func decimal(seconds: Int64, nanoseconds: Int64) -> ExactDecimal {
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    let (total, carry) = scaled.addingReportingOverflow(nanoseconds)
    if !overflow && !carry { return ExactDecimal(significand: total, scale: 9).normalized }
    return
      (ExactDecimal(significand: seconds, scale: 0)
      + ExactDecimal(significand: nanoseconds, scale: 9)).normalized
  }

  /// The ISO 8601 spelling in the zone and precision the value carries:
  /// `2025-11-29T00:00:02.000Z`.
  public var description: String { withText { String(decoding: $0, as: UTF8.self) } }

  public static func < (lhs: DateTime, rhs: DateTime) -> Bool {
    (lhs.secondsSinceEpoch, lhs.nanosecond) < (rhs.secondsSinceEpoch, rhs.nanosecond)
  }

  /// Same instant (zone and precision are spelling, not value).
  public static func == (lhs: DateTime, rhs: DateTime) -> Bool {
    lhs.secondsSinceEpoch == rhs.secondsSinceEpoch && lhs.nanosecond == rhs.nanosecond
  }

  /// Same instant, zone and precision: the same spelling.
  public func isSpelledAlike(_ other: DateTime) -> Bool {
    self == other && utcOffsetMinutes == other.utcOffsetMinutes
      && fractionDigits == other.fractionDigits
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(secondsSinceEpoch)
    hasher.combine(nanosecond)
  }

  private static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

  private static func daysInMonth(_ y: Int, _ m: Int) -> Int {
    switch m {
    case 2: isLeap(y) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  // Howard Hinnant's days-from-civil algorithm (proleptic Gregorian calendar).
  private static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// The wall-clock time in the value's own zone: days since 1970-01-01, the second of that
  /// day and the nanosecond of that second (what every spelling of the value starts from).
  package var localClock: (days: Int64, secondOfDay: Int64, nanoseconds: Int64) {
    let seconds = secondsSinceEpoch + Int64((utcOffsetMinutes ?? 0) * 60)
    let nanos = Int64(nanosecond)
    var days = seconds / 86_400
    var secondOfDay = seconds % 86_400
    if secondOfDay < 0 {
      secondOfDay += 86_400
      days -= 1
    }
    return (days, secondOfDay, nanos)
  }

  /// The proleptic Gregorian year, month and day of a count of days since 1970-01-01.
  package static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
  }
}
