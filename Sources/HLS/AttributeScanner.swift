import ManifestCore

/// One `NAME=VALUE` of an attribute list, as byte ranges into the playlist.
package struct AttributeToken: Sendable, Hashable {
  /// The attribute name.
  package var name: Range<Int>
  /// The value; for a quoted string, the bytes between the quotes.
  package var value: Range<Int>
  /// True when the value was a quoted string.
  package var quoted: Bool
}

/// A syntax error found while scanning an attribute list.
package struct AttributeSyntaxError: Sendable, Hashable {
  /// What was wrong.
  package var message: String
  /// Byte offset of the problem.
  package var offset: Int
}

/// Scans an attribute list (RFC 8216bis §4.2) without allocating: `NAME=VALUE` pairs separated
/// by commas, where a value is a quoted string, a hexadecimal sequence, a number, a resolution
/// or an enumerated string. Blanks around names and commas are tolerated.
package struct AttributeScanner {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var position: Int
  private let end: Int
  /// The first syntax error met; scanning stops there.
  package private(set) var error: AttributeSyntaxError?

  /// Scans `bytes[range]`.
  package init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
    self.bytes = bytes
    position = range.lowerBound
    end = range.upperBound
  }

  /// The next attribute, or `nil` at the end of the list or at a syntax error (see `error`).
  package mutating func next() -> AttributeToken? {
    guard error == nil else { return nil }
    while position < end && isBlank(bytes[position]) { position += 1 }
    guard position < end else { return nil }
    let nameStart = position
    while position < end {
      let b = bytes[position]
      if b == 0x3D || b == 0x2C || isBlank(b) { break }
      position += 1
    }
    let nameEnd = position
    while position < end && isBlank(bytes[position]) { position += 1 }
    guard nameEnd > nameStart else {
      fail("empty attribute name", at: nameStart)
      return nil
    }
    guard position < end, bytes[position] == 0x3D else {
      fail("expected '=' after attribute name '\(text(nameStart..<nameEnd))'", at: position)
      return nil
    }
    position += 1
    while position < end && isBlank(bytes[position]) { position += 1 }
    let token: AttributeToken
    if position < end && bytes[position] == 0x22 {
      let valueStart = position + 1
      var close = valueStart
      while close < end && bytes[close] != 0x22 { close += 1 }
      guard close < end else {
        fail(
          "unterminated quoted string in attribute '\(text(nameStart..<nameEnd))'",
          at: position)
        return nil
      }
      token = AttributeToken(name: nameStart..<nameEnd, value: valueStart..<close, quoted: true)
      position = close + 1
      while position < end && isBlank(bytes[position]) { position += 1 }
      if position < end && bytes[position] != 0x2C {
        fail(
          "unexpected \(ASCII.describe(bytes[position])) after the quoted value of '"
            + "\(text(nameStart..<nameEnd))'", at: position)
        return nil
      }
    } else {
      let valueStart = position
      while position < end && bytes[position] != 0x2C { position += 1 }
      var valueEnd = position
      while valueEnd > valueStart && isBlank(bytes[valueEnd - 1]) { valueEnd -= 1 }
      guard valueEnd > valueStart else {
        fail("attribute '\(text(nameStart..<nameEnd))' has no value", at: valueStart)
        return nil
      }
      token = AttributeToken(name: nameStart..<nameEnd, value: valueStart..<valueEnd, quoted: false)
    }
    if position < end {
      position += 1  // the comma
      var look = position
      while look < end && isBlank(bytes[look]) { look += 1 }
      if look == end { fail("trailing comma at the end of the attribute list", at: position - 1) }
    }
    return token
  }

  private mutating func fail(_ message: String, at offset: Int) {
    error = AttributeSyntaxError(message: message, offset: offset)
  }

  private func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

  private func text(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }
}
