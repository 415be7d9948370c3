extension DateTime {
  /// Calls `body` with the ISO 8601 spelling in the zone and precision the value carries
  /// (`2025-11-29T00:00:02.000Z`, `2025-11-29T01:00:02+01:00`), made in a buffer on the stack:
  /// `description` and `JSONWriter` both write it from here, without a `String` per value.
  package func withText<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    let (days, secondOfDay, nanos) = localClock
    let (y, m, d) = Self.civil(fromDays: days)
    var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
      (0, 0, 0, 0, 0, 0, 0, 0)
    return withUnsafeMutableBytes(of: &storage) { raw in
      var text = DigitBuffer(bytes: raw)
      if y < 0 { text.append(0x2D) }
      text.append(y.magnitude, width: 4)
      text.append(0x2D)
      text.append(UInt64(m), width: 2)
      text.append(0x2D)
      text.append(UInt64(d), width: 2)
      text.append(0x54)
      text.append(UInt64(secondOfDay / 3600), width: 2)
      text.append(0x3A)
      text.append(UInt64(secondOfDay / 60 % 60), width: 2)
      text.append(0x3A)
      text.append(UInt64(secondOfDay % 60), width: 2)
      if fractionDigits > 0 {
        var divisor: Int64 = 1
        for _ in 0..<(9 - fractionDigits) { divisor *= 10 }
        text.append(0x2E)
        text.append(UInt64(nanos / divisor), width: fractionDigits)
      }
      if let offset = utcOffsetMinutes {
        text.append(offset < 0 ? 0x2D : 0x2B)
        text.append(UInt64(offset.magnitude / 60), width: 2)
        text.append(0x3A)
        text.append(UInt64(offset.magnitude % 60), width: 2)
      } else {
        text.append(0x5A)
      }
      return body(
        UnsafeBufferPointer(
          start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: text.count))
    }
  }
}

/// ASCII digits and punctuation written into a fixed buffer (64 bytes: the longest date-time
/// spelling is 45).
private struct DigitBuffer {
  let bytes: UnsafeMutableRawBufferPointer
  var count = 0

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    bytes[count] = byte
    count += 1
  }

  /// `value` in decimal, zero-padded on the left to `width`.
  @inline(__always)
  mutating func append(_ value: UInt64, width: Int) {
    var digits = 1
    var rest = value / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    let n = max(digits, width)
    let start = count  // a local, so the stores below need no reload of `count`
    var v = value
    var i = start + n
    while i > start {
      i -= 1
      bytes[i] = UInt8(truncatingIfNeeded: v % 10) &+ 0x30
      v /= 10
    }
    count = start + n
  }
}
