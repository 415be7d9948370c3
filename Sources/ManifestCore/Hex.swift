/// Hexadecimal encoding and decoding of byte strings.
package enum Hex {
  /// Why a hex text could not be decoded.
  package struct DecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Offset of the offending byte in the input text.
    package var offset: Int
    /// What was wrong.
    package var reason: String

    /// Creates an error.
    package init(offset: Int, reason: String) {
      self.offset = offset
      self.reason = reason
    }

    package var description: String { "invalid hex at offset \(offset): \(reason)" }
  }

  /// Two digits per byte, lower case unless `uppercase`.
  package static func encode(_ data: some Sequence<UInt8>, uppercase: Bool = false) -> String {
    let digits = Array((uppercase ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
    var out = [UInt8]()
    for b in data {
      out.append(digits[Int(b >> 4)])
      out.append(digits[Int(b & 15)])
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Decodes hex digits (either case) with an optional `0x`/`0X` prefix, ignoring ASCII
  /// whitespace. An odd digit count is an error.
  package static func decode(_ text: some Collection<UInt8>) throws(DecodingError) -> [UInt8] {
    let result =
      text.withContiguousStorageIfAvailable { decode(buffer: $0) }
      ?? Array(text).withUnsafeBufferPointer { decode(buffer: $0) }
    return try result.get()
  }

  private static func decode(buffer text: UnsafeBufferPointer<UInt8>)
    -> Result<[UInt8], DecodingError>
  {
    var out = [UInt8]()
    out.reserveCapacity(text.count / 2)
    var high: UInt8? = nil
    var first = true
    var pendingZero = false
    for (offset, c) in text.enumerated() {
      if first {
        first = false
        if c == 0x30 {
          pendingZero = true
          continue
        }
      }
      if pendingZero {
        pendingZero = false
        if c == 0x78 || c == 0x58 { continue }
        high = 0
      }
      if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { continue }
      guard let v = ASCII.hexValue(c) else {
        return .failure(
          DecodingError(offset: offset, reason: "\(ASCII.describe(c)) is not a hex digit"))
      }
      if let h = high {
        out.append(h << 4 | v)
        high = nil
      } else {
        high = v
      }
    }
    if pendingZero { high = 0 }
    guard high == nil else {
      return .failure(DecodingError(offset: text.count, reason: "odd number of hex digits"))
    }
    return .success(out)
  }
}
