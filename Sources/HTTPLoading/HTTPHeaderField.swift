/// One request or response header field, `Name: value` (RFC 9110 §5).
package struct HTTPHeaderField: Sendable, Hashable {
  /// The field name as written (compared without regard to case).
  package var name: String
  /// The field value, without the whitespace around it.
  package var value: String

  /// Creates a field; the caller has checked it (`init(parsing:)` does).
  package init(name: String, value: String) {
    self.name = name
    self.value = value
  }

  /// Reads `Name: value` as given to `--header`; nil with the reason when the name is not a
  /// token (RFC 9110 §5.1) or the text holds a CR, LF, NUL or another control character, which
  /// could end the header and start another (header injection).
  package static func parse(_ text: String) -> Result<HTTPHeaderField, HeaderError> {
    if text.utf8.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) {
      return .failure(
        HeaderError(message: "a header cannot hold CR, LF or other control characters"))
    }
    guard let colon = text.firstIndex(of: ":") else {
      return .failure(HeaderError(message: "a header is 'Name: value', got '\(text)'"))
    }
    let name = text[..<colon]
    guard !name.isEmpty, name.utf8.allSatisfy(isTokenCharacter) else {
      return .failure(HeaderError(message: "'\(name)' is not a header name (RFC 9110 §5.1 token)"))
    }
    let value = text[text.index(after: colon)...].utf8.drop { $0 == 0x20 || $0 == 0x09 }
    let trimmed = String(decoding: value, as: UTF8.self)
    var end = trimmed.endIndex
    while end > trimmed.startIndex, trimmed[trimmed.index(before: end)].isWhitespace {
      end = trimmed.index(before: end)
    }
    return .success(HTTPHeaderField(name: String(name), value: String(trimmed[..<end])))
  }

  /// `Name: value`, how the field is sent.
  package var line: String { "\(name): \(value)" }

  /// tchar of RFC 9110 §5.6.2.
  private static func isTokenCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
    case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"),
      UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"),
      UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
      UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
      true
    default: false
    }
  }

  /// Why `--header` text was refused.
  package struct HeaderError: Error, Sendable, Hashable {
    /// The reason, for a usage error.
    package var message: String
    /// Creates an error.
    package init(message: String) { self.message = message }
  }
}
