import ManifestCore

/// The one HLS writer: renders typed values as playlist lines into a byte buffer (LF line ends),
/// refusing any value that would change the structure of what it writes
/// (`PlaylistWriteError`). Attribute lists follow RFC 8216bis §4.2: quoted strings, enumerated
/// strings, decimal integers, decimal floats (shortest exact form, as `ExactDecimal` spells
/// them), hexadecimal sequences and resolutions, in the order §4.4 lists each tag's attributes
/// (the order `CanonicalWriter` uses), with attributes the typed fields do not name after them.
///
/// A method that throws leaves `bytes` as it was: nothing of the refused line is written.
///
/// ```swift
/// var writer = PlaylistWriter()
/// try writer.write(EncryptionKey(method: .aes128, uri: "https://keys.example.com/1"))
/// // #EXT-X-KEY:METHOD=AES-128,URI="https://keys.example.com/1"
/// ```
public struct PlaylistWriter: Sendable {
  /// What has been written.
  public internal(set) var bytes: [UInt8]
  /// How what RFC 8216bis leaves open is laid out (`Options`).
  public var options: Options
  /// The last day a date-time was written on, and its year, month and day (consecutive
  /// date-times are mostly on one day).
  private var lastDay: (days: Int64, civil: (Int64, Int64, Int64))? = nil

  /// An empty writer; `capacity` reserves room for that many bytes.
  public init(capacity: Int = 0, options: Options = Options()) {
    bytes = []
    self.options = options
    bytes.reserveCapacity(capacity)
  }

  /// The written bytes as text.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Runs `body`, and removes what it wrote when it throws.
  mutating func atomically(_ body: (inout PlaylistWriter) throws(PlaylistWriteError) -> Void)
    throws(PlaylistWriteError)
  {
    let mark = bytes.count
    do throws(PlaylistWriteError) {
      try body(&self)
    } catch {
      bytes.removeSubrange(mark...)
      throw error
    }
  }

  // MARK: Bytes

  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  mutating func append(_ text: String) {
    if let done: Void = text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) })
    {
      return done
    }
    bytes.append(contentsOf: text.utf8)
  }

  mutating func newline() { bytes.append(0x0A) }

  /// A decimal integer.
  mutating func append(integer value: Int) {
    withScratch { p in
      var n = 0
      if value < 0 {
        p[0] = 0x2D
        n = 1
      }
      return n + Self.put(UInt64(value.magnitude), width: 1, p + n)
    }
  }

  /// An unsigned decimal-integer, up to 2^64 − 1.
  mutating func append(unsigned value: UInt64) {
    withScratch { Self.put(value, width: 1, $0) }
  }

  /// A decimal in its shortest exact form (`ExactDecimal.description`).
  mutating func append(decimal value: ExactDecimal) {
    withScratch { Self.put(value, $0) }
  }

  /// A date-time as `DateTime.description` spells it.
  mutating func append(dateTime value: DateTime) {
    guard let clock = clock(of: value) else { return append(value.description) }
    withScratch { Self.put(value, clock, $0) }
  }

  /// `#EXT-X-PROGRAM-DATE-TIME:` and the date-time, with its line end, in one append.
  mutating func writeProgramDateTime(_ value: DateTime) {
    guard let clock = clock(of: value) else {
      append("#EXT-X-PROGRAM-DATE-TIME:")
      append(value.description)
      return newline()
    }
    withScratch { p in
      var n = Self.put("#EXT-X-PROGRAM-DATE-TIME:", p)
      n += Self.put(value, clock, p + n)
      p[n] = 0x0A
      return n + 1
    }
  }

  /// The local calendar day and time of day of `value`, or `nil` when its year is not four
  /// digits (then `DateTime.description` spells it).
  mutating func clock(of value: DateTime) -> DateClock? {
    let (days, secondOfDay, nanos) = value.localClock
    let civil: (Int64, Int64, Int64)
    if let last = lastDay, last.days == days {
      civil = last.civil
    } else {
      civil = DateTime.civil(fromDays: days)
      lastDay = (days, civil)
    }
    guard (0...9999).contains(civil.0) else { return nil }
    return DateClock(civil: civil, secondOfDay: secondOfDay, nanoseconds: nanos)
  }

  /// A date-time split for writing: year, month, day, second of the day, nanoseconds.
  struct DateClock {
    var civil: (year: Int64, month: Int64, day: Int64)
    var secondOfDay: Int64
    var nanoseconds: Int64
  }

  /// Puts `value` (its `clock`) at `p` as `DateTime.description` spells it (at most 40 bytes);
  /// returns the count.
  static func put(_ value: DateTime, _ clock: DateClock, _ p: UnsafeMutablePointer<UInt8>) -> Int {
    // Unsigned from here: the year is in 0...9999 (`clock(of:)`), the month and day positive,
    // the second of the day in 0..<86,400 and the nanosecond in 0..<10⁹ (`localClock`).
    func unsigned(_ v: Int64) -> UInt64 { UInt64(truncatingIfNeeded: v) }
    let second = unsigned(clock.secondOfDay)
    put4(unsigned(clock.civil.year), p)
    p[4] = 0x2D
    put2(unsigned(clock.civil.month), p + 5)
    p[7] = 0x2D
    put2(unsigned(clock.civil.day), p + 8)
    p[10] = 0x54
    put2(second / 3600, p + 11)
    p[13] = 0x3A
    put2(second / 60 % 60, p + 14)
    p[16] = 0x3A
    put2(second % 60, p + 17)
    var n = 19
    let digits = value.fractionDigits
    let nanos = unsigned(clock.nanoseconds)
    if digits == 3 {
      p[19] = 0x2E
      let millis = nanos / 1_000_000
      p[20] = 0x30 &+ UInt8(truncatingIfNeeded: millis / 100)
      put2(millis % 100, p + 21)
      n = 23
    } else if digits > 0 {
      var divisor: UInt64 = 1
      for _ in 0..<(9 - digits) { divisor &*= 10 }
      p[n] = 0x2E
      n += 1 + put(nanos / divisor, width: digits, p + n + 1)
    }
    if let offset = value.utcOffsetMinutes {
      p[n] = offset < 0 ? 0x2D : 0x2B
      let minutes = UInt64(offset.magnitude)
      n += 1 + put(minutes / 60, width: 2, p + n + 1)
      p[n] = 0x3A
      n += 1
      put2(minutes % 60, p + n)
      n += 2
    } else {
      p[n] = 0x5A
      n += 1
    }
    return n
  }

  /// Puts `value` (below 100) as two digits at `p`.
  @inline(__always)
  static func put2(_ value: UInt64, _ p: UnsafeMutablePointer<UInt8>) {
    p[0] = 0x30 &+ UInt8(truncatingIfNeeded: value / 10)
    p[1] = 0x30 &+ UInt8(truncatingIfNeeded: value % 10)
  }

  /// Puts `value` (below 10,000) as four digits at `p`.
  @inline(__always)
  static func put4(_ value: UInt64, _ p: UnsafeMutablePointer<UInt8>) {
    put2(value / 100, p)
    put2(value % 100, p + 2)
  }

  /// Puts the bytes of `text` at `p`; returns the count.
  @inline(__always)
  static func put(_ text: StaticString, _ p: UnsafeMutablePointer<UInt8>) -> Int {
    text.withUTF8Buffer { buffer in
      if let base = buffer.baseAddress { p.update(from: base, count: buffer.count) }
      return buffer.count
    }
  }

  /// Puts the UTF-8 bytes of `text` at `p` (room for `text.utf8.count`); returns the count.
  @inline(__always)
  static func put(string text: String, _ p: UnsafeMutablePointer<UInt8>) -> Int {
    if let count = text.utf8.withContiguousStorageIfAvailable({ buffer in
      if let base = buffer.baseAddress { p.update(from: base, count: buffer.count) }
      return buffer.count
    }) {
      return count
    }
    var n = 0
    for b in text.utf8 {
      p[n] = b
      n += 1
    }
    return n
  }

  /// Appends the bytes `body` puts in a scratch buffer of `capacity` bytes (it returns how
  /// many): one append to `bytes` for what is composed of many pieces.
  @inline(__always)
  mutating func withScratch(capacity: Int = 64, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
      guard let base = buffer.baseAddress else { return }
      let count = body(base)
      bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
    }
  }

  /// Puts `value` in decimal, zero-padded to `width` (at most 20) digits, at `p`; returns the
  /// count.
  static func put(_ value: UInt64, width: Int, _ p: UnsafeMutablePointer<UInt8>) -> Int {
    var count = 1
    var rest = value / 10
    while rest > 0 {
      count += 1
      rest /= 10
    }
    count = max(count, min(width, 20))
    var v = value
    var i = count
    while i > 0 {
      i -= 1
      p[i] = 0x30 &+ UInt8(truncatingIfNeeded: v % 10)
      v /= 10
    }
    return count
  }

  /// Puts `value` in its shortest exact form at `p` (at most 40 bytes); returns the count.
  static func put(_ value: ExactDecimal, _ p: UnsafeMutablePointer<UInt8>) -> Int {
    let n = value.normalized
    var count = 0
    if n.significand < 0 {
      p[0] = 0x2D
      count = 1
    }
    let magnitude = n.significand.magnitude
    guard n.scale > 0 else { return count + put(magnitude, width: 1, p + count) }
    var power: UInt64 = 1
    for _ in 0..<n.scale { power &*= 10 }
    count += put(magnitude / power, width: 1, p + count)
    p[count] = 0x2E
    count += 1
    return count + put(magnitude % power, width: n.scale, p + count)
  }
}
