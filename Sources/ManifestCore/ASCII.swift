/// Byte-level helpers for parsing ASCII syntax without making `String`s.
package enum ASCII {
  /// True for space and horizontal tab.
  @inlinable package static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

  /// True for `0`–`9`.
  @inlinable package static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

  /// The value of a hexadecimal digit, or `nil`.
  @inlinable package static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: byte - 0x30
    case 0x41...0x46: byte - 0x41 + 10
    case 0x61...0x66: byte - 0x61 + 10
    default: nil
    }
  }

  /// True when `bytes[range]` is a hexadecimal-sequence (RFC 8216bis §4.2): `0x` or `0X`
  /// followed by one or more hexadecimal digits and nothing else. HLS writes IVs and the
  /// DATERANGE SCTE35-CMD/OUT/IN values this way.
  package static func isHexadecimalSequence(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
    guard range.count > 2, bytes[range.lowerBound] == 0x30,
      bytes[range.lowerBound + 1] | 0x20 == 0x78
    else { return false }
    return bytes[(range.lowerBound + 2)..<range.upperBound].allSatisfy { hexValue($0) != nil }
  }

  /// `range` without leading and trailing blanks (spaces and tabs).
  @inlinable
  package static func trimmed(_ bytes: [UInt8], _ range: Range<Int>) -> Range<Int> {
    var lower = range.lowerBound
    var upper = range.upperBound
    while lower < upper && isBlank(bytes[lower]) { lower += 1 }
    while upper > lower && isBlank(bytes[upper - 1]) { upper -= 1 }
    return lower..<upper
  }

  /// True when `bytes[range]` starts with the ASCII `prefix`.
  @inlinable
  package static func hasPrefix(_ bytes: [UInt8], _ range: Range<Int>, _ prefix: StaticString)
    -> Bool
  {
    let count = prefix.utf8CodeUnitCount
    guard range.count >= count else { return false }
    return prefix.withUTF8Buffer { p in
      var i = 0
      while i < count {
        if bytes[range.lowerBound + i] != p[i] { return false }
        i += 1
      }
      return true
    }
  }

  /// True when `bytes[range]` equals the ASCII `literal`.
  @inlinable
  package static func equals(_ bytes: [UInt8], _ range: Range<Int>, _ literal: StaticString) -> Bool
  {
    range.count == literal.utf8CodeUnitCount && hasPrefix(bytes, range, literal)
  }

  /// A non-negative decimal integer spelled by exactly the bytes of `range`, or `nil` when the
  /// range is empty, holds anything but digits, or overflows `UInt64`.
  @inlinable
  package static func parseUnsigned(_ bytes: [UInt8], _ range: Range<Int>) -> UInt64? {
    guard !range.isEmpty else { return nil }
    var value: UInt64 = 0
    for i in range {
      let digit = bytes[i] &- 0x30
      guard digit < 10 else { return nil }
      let (times10, o1) = value.multipliedReportingOverflow(by: 10)
      let (sum, o2) = times10.addingReportingOverflow(UInt64(digit))
      if o1 || o2 { return nil }
      value = sum
    }
    return value
  }

  /// The bytes of `range` as a `String` (invalid UTF-8 is repaired with U+FFFD).
  @inlinable
  package static func string(_ bytes: [UInt8], _ range: Range<Int>) -> String {
    bytes.withUnsafeBufferPointer { string(UnsafeBufferPointer(rebasing: $0[range])) }
  }

  /// The bytes of `buffer` as a `String` (invalid UTF-8 is repaired with U+FFFD). Up to 15
  /// bytes the string is built in place as a small string, which the standard library checks
  /// for ASCII with one mask instead of validating byte by byte; the result is the same.
  @inlinable
  package static func string(_ buffer: UnsafeBufferPointer<UInt8>) -> String {
    guard buffer.count <= 15 else { return String(decoding: buffer, as: UTF8.self) }
    return String(unsafeUninitializedCapacity: buffer.count) { target in
      target.initialize(fromContentsOf: buffer)
    }
  }

  /// A byte for an error message: `'x'` when printable ASCII, else `0xNN`.
  package static func describe(_ byte: UInt8) -> String {
    byte >= 0x21 && byte < 0x7F
      ? "'\(Character(Unicode.Scalar(byte)))'" : "0x" + Hex.encode([byte], uppercase: true)
  }
}
