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
  /// The last day a date-time was written on, and its year, month and day (consecutive
  /// date-times are mostly on one day).
  private var lastDay: (days: Int64, civil: (Int64, Int64, Int64))? = nil

  /// An empty writer; `capacity` reserves room for that many bytes.
  public init(capacity: Int = 0) {
    bytes = []
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

  /// `value` in decimal, zero-padded to `width` digits (at most 20).
  mutating func appendDigits(_ value: UInt64, width: Int) {
    withScratch { Self.put(value, width: width, $0) }
  }

  /// A decimal in its shortest exact form (`ExactDecimal.description`).
  mutating func append(decimal value: ExactDecimal) {
    withScratch { Self.put(value, $0) }
  }

  /// A date-time as `DateTime.description` spells it.
  mutating func append(dateTime value: DateTime) {
    let (days, secondOfDay, nanos) = value.localClock
    let civil: (Int64, Int64, Int64)
    if let last = lastDay, last.days == days {
      civil = last.civil
    } else {
      civil = DateTime.civil(fromDays: days)
      lastDay = (days, civil)
    }
    let (y, m, d) = civil
    guard (0...9999).contains(y) else { return append(value.description) }
    withScratch { p in
      var n = Self.put(UInt64(y), width: 4, p)
      p[n] = 0x2D
      n += 1 + Self.put(UInt64(m), width: 2, p + n + 1)
      p[n] = 0x2D
      n += 1 + Self.put(UInt64(d), width: 2, p + n + 1)
      p[n] = 0x54
      n += 1 + Self.put(UInt64(secondOfDay / 3600), width: 2, p + n + 1)
      p[n] = 0x3A
      n += 1 + Self.put(UInt64(secondOfDay / 60 % 60), width: 2, p + n + 1)
      p[n] = 0x3A
      n += 1 + Self.put(UInt64(secondOfDay % 60), width: 2, p + n + 1)
      if value.fractionDigits > 0 {
        var divisor: Int64 = 1
        for _ in 0..<(9 - value.fractionDigits) { divisor *= 10 }
        p[n] = 0x2E
        n += 1 + Self.put(UInt64(nanos / divisor), width: value.fractionDigits, p + n + 1)
      }
      if let offset = value.utcOffsetMinutes {
        p[n] = offset < 0 ? 0x2D : 0x2B
        n += 1 + Self.put(UInt64(abs(offset) / 60), width: 2, p + n + 1)
        p[n] = 0x3A
        n += 1 + Self.put(UInt64(abs(offset) % 60), width: 2, p + n + 1)
      } else {
        p[n] = 0x5A
        n += 1
      }
      return n
    }
  }

  /// Appends the bytes `body` puts in a 64-byte scratch buffer (it returns how many).
  mutating func withScratch(_ body: (UnsafeMutablePointer<UInt8>) -> Int) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
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
