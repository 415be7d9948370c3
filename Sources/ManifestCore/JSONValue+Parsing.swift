extension JSONValue {
  /// Why a JSON text could not be parsed.
  public struct ParsingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Byte offset of the problem.
    public var offset: Int
    /// What was wrong.
    public var reason: String

    /// Creates an error.
    public init(offset: Int, reason: String) {
      self.offset = offset
      self.reason = reason
    }

    public var description: String { "invalid JSON at offset \(offset): \(reason)" }
  }

  /// Parses one JSON document (RFC 8259). Nesting deeper than `maximumDepth` is an error.
  public static func parse(_ bytes: [UInt8], maximumDepth: Int = 256) throws(ParsingError)
    -> JSONValue
  {
    var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
    parser.skipWhitespace()
    let value = try parser.value(depth: 0)
    parser.skipWhitespace()
    guard parser.position == bytes.count else {
      throw ParsingError(offset: parser.position, reason: "unexpected data after the document")
    }
    return value
  }

  /// Parses a JSON string.
  public static func parse(_ text: String) throws(ParsingError) -> JSONValue {
    try parse(Array(text.utf8))
  }
}

private struct JSONParser {
  let bytes: [UInt8]
  let maximumDepth: Int
  var position = 0

  init(bytes: [UInt8], maximumDepth: Int) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
  }

  func fail(_ reason: String) -> JSONValue.ParsingError {
    JSONValue.ParsingError(offset: position, reason: reason)
  }

  mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  mutating func literal(_ word: StaticString, _ value: JSONValue) throws(JSONValue.ParsingError)
    -> JSONValue
  {
    guard ASCII.hasPrefix(bytes, position..<bytes.count, word) else {
      throw fail("unexpected token")
    }
    position += word.utf8CodeUnitCount
    return value
  }

  mutating func value(depth: Int) throws(JSONValue.ParsingError) -> JSONValue {
    guard depth <= maximumDepth else { throw fail("nesting deeper than \(maximumDepth)") }
    guard position < bytes.count else { throw fail("unexpected end of input") }
    switch bytes[position] {
    case 0x7B: return try object(depth: depth)
    case 0x5B: return try array(depth: depth)
    case 0x22: return .string(try string())
    case 0x74: return try literal("true", .bool(true))
    case 0x66: return try literal("false", .bool(false))
    case 0x6E: return try literal("null", .null)
    case 0x2D, 0x30...0x39: return try number()
    default: throw fail("unexpected \(ASCII.describe(bytes[position]))")
    }
  }

  mutating func object(depth: Int) throws(JSONValue.ParsingError) -> JSONValue {
    position += 1
    var members: [(String, JSONValue)] = []
    skipWhitespace()
    if position < bytes.count && bytes[position] == 0x7D {
      position += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard position < bytes.count, bytes[position] == 0x22 else {
        throw fail("expected a member name")
      }
      let key = try string()
      skipWhitespace()
      guard position < bytes.count, bytes[position] == 0x3A else { throw fail("expected ':'") }
      position += 1
      skipWhitespace()
      members.append((key, try value(depth: depth + 1)))
      skipWhitespace()
      guard position < bytes.count else { throw fail("unexpected end of input") }
      if bytes[position] == 0x2C {
        position += 1
      } else if bytes[position] == 0x7D {
        position += 1
        return .object(members)
      } else {
        throw fail("expected ',' or '}'")
      }
    }
  }

  mutating func array(depth: Int) throws(JSONValue.ParsingError) -> JSONValue {
    position += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if position < bytes.count && bytes[position] == 0x5D {
      position += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try value(depth: depth + 1))
      skipWhitespace()
      guard position < bytes.count else { throw fail("unexpected end of input") }
      if bytes[position] == 0x2C {
        position += 1
      } else if bytes[position] == 0x5D {
        position += 1
        return .array(elements)
      } else {
        throw fail("expected ',' or ']'")
      }
    }
  }

  mutating func hex4() throws(JSONValue.ParsingError) -> UInt32 {
    guard position + 4 <= bytes.count else { throw fail("truncated \\u escape") }
    var v: UInt32 = 0
    for _ in 0..<4 {
      guard let d = ASCII.hexValue(bytes[position]) else { throw fail("bad \\u escape") }
      v = v << 4 | UInt32(d)
      position += 1
    }
    return v
  }

  mutating func string() throws(JSONValue.ParsingError) -> String {
    position += 1
    var out = [UInt8]()
    while true {
      guard position < bytes.count else { throw fail("unterminated string") }
      let b = bytes[position]
      position += 1
      switch b {
      case 0x22: return String(decoding: out, as: UTF8.self)
      case 0x5C:
        guard position < bytes.count else { throw fail("unterminated string") }
        let e = bytes[position]
        position += 1
        switch e {
        case 0x22, 0x5C, 0x2F: out.append(e)
        case 0x62: out.append(0x08)
        case 0x66: out.append(0x0C)
        case 0x6E: out.append(0x0A)
        case 0x72: out.append(0x0D)
        case 0x74: out.append(0x09)
        case 0x75:
          var scalar = try hex4()
          if (0xD800..<0xDC00).contains(scalar), position + 1 < bytes.count,
            bytes[position] == 0x5C, bytes[position + 1] == 0x75
          {
            position += 2
            let low = try hex4()
            if (0xDC00..<0xE000).contains(low) {
              scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
            }
          }
          let s = Unicode.Scalar(scalar) ?? "\u{FFFD}"
          out += Array(String(Character(s)).utf8)
        default: throw fail("bad escape")
        }
      case 0..<0x20: throw fail("control character in string")
      default: out.append(b)
      }
    }
  }

  mutating func number() throws(JSONValue.ParsingError) -> JSONValue {
    let start = position
    if bytes[position] == 0x2D { position += 1 }
    var integral = true
    while position < bytes.count {
      let b = bytes[position]
      if ASCII.isDigit(b) {
        position += 1
      } else if b == 0x2E || b == 0x65 || b == 0x45 || b == 0x2B || b == 0x2D {
        integral = false
        position += 1
      } else {
        break
      }
    }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    if integral, let i = Int64(text) { return .int(i) }
    if integral, let u = UInt64(text) { return .unsigned(u) }
    if let d = ExactDecimal.parse(bytes, start..<position) { return .decimal(d) }
    guard let x = Double(text) else { throw fail("bad number '\(text)'") }
    return .double(x)
  }
}
