import ManifestCore

/// One attribute value of a tag being written, by its RFC 8216bis §4.2 type.
enum AttributeValue {
  /// quoted-string: no CR, LF or `"` (no control character but TAB).
  case quoted(String)
  /// enumerated-string: no `"`, `,`, whitespace or control characters; one of `allowed` when
  /// given.
  case enumerated(String, allowed: [String]? = nil)
  /// decimal-integer (not negative).
  case integer(Int)
  /// decimal-integer in its whole range, 0 to 2^64 − 1 (a media sequence number).
  case unsigned(UInt64)
  /// decimal-floating-point (not negative) or, when `signed`, signed-decimal-floating-point.
  case decimal(ExactDecimal, signed: Bool = false)
  /// decimal-floating-point (not negative) with at least the writer's
  /// `options.minimumFractionDigits`.
  case styledDecimal(ExactDecimal)
  /// hexadecimal-sequence, `0x` and hex digits.
  case hexadecimal(String)
  /// decimal-resolution, `WIDTHxHEIGHT`.
  case resolution(Resolution)
  /// A date-time in a quoted string.
  case dateTime(DateTime)
  /// An attribute the typed fields do not name, as given (quoted or not).
  case extra(AttributeList.Attribute)
}

extension PlaylistWriter {
  /// Attribute ranks per tag, from `CanonicalWriter.attributeOrder`.
  private static let ranks: [[String: Int]] = TagName.allCases.map { tag in
    var rank: [String: Int] = [:]
    for (i, name) in CanonicalWriter.attributeOrder(tag).enumerated() { rank[name] = i }
    return rank
  }

  /// True when `name` is one of the attributes RFC 8216bis lists for `tag` (the typed fields).
  static func isTyped(_ name: String, of tag: TagName) -> Bool {
    ranks[Int(tag.rawValue)][name] != nil
  }

  /// The attributes of `list` that the typed fields of `tag` do not name.
  static func extras(_ list: AttributeList, of tag: TagName) -> [(String, AttributeValue)] {
    list.attributes.compactMap { isTyped($0.name, of: tag) ? nil : ($0.name, .extra($0)) }
  }

  /// Writes `#TAG:A=1,B="x"` and a line end, the attributes in spec order; nothing when a value
  /// is refused.
  mutating func write(
    _ tag: TagName, _ attributes: [(String, AttributeValue)], spelling: String? = nil
  ) throws(PlaylistWriteError) {
    let rank = Self.ranks[Int(tag.rawValue)]
    var ordered = attributes
    // Insertion sort: stable, and these lists are short.
    if ordered.count > 1 {
      for i in 1..<ordered.count {
        let item = ordered[i]
        let r = rank[item.0] ?? Int.max
        var j = i
        while j > 0 && (rank[ordered[j - 1].0] ?? Int.max) > r {
          ordered[j] = ordered[j - 1]
          j -= 1
        }
        ordered[j] = item
      }
    }
    let name = spelling ?? tag.spelling
    try atomically { (w: inout PlaylistWriter) throws(PlaylistWriteError) in
      w.bytes.append(0x23)
      w.append(name)
      w.bytes.append(0x3A)
      for (i, (attribute, value)) in ordered.enumerated() {
        if i > 0 { w.bytes.append(0x2C) }
        try w.write(attribute: attribute, value, tag: name)
      }
      w.newline()
    }
  }

  /// Writes `NAME=VALUE`.
  mutating func write(attribute name: String, _ value: AttributeValue, tag: String)
    throws(PlaylistWriteError)
  {
    func refuse(_ code: PlaylistWriteError.Code, _ text: String) -> PlaylistWriteError {
      PlaylistWriteError(code, tag: tag, attribute: name, value: text)
    }
    guard !name.isEmpty, name.utf8.allSatisfy(Self.isAttributeNameByte) else {
      throw refuse(.attributeName, name)
    }
    append(name)
    bytes.append(0x3D)
    switch value {
    case .quoted(let text):
      if let code = Self.quotedProblem(text) { throw refuse(code, text) }
      bytes.append(0x22)
      append(text)
      bytes.append(0x22)
    case .enumerated(let text, let allowed):
      guard Self.isEnumerated(text), allowed.map({ $0.contains(text) }) ?? true else {
        throw refuse(
          Self.hasControl(text, allowTab: false) ? .controlCharacter : .enumeratedValue, text)
      }
      append(text)
    case .integer(let n):
      guard n >= 0 else { throw refuse(.negativeNumber, String(n)) }
      append(integer: n)
    case .unsigned(let n):
      append(unsigned: n)
    case .decimal(let d, let signed):
      guard signed || !d.isNegative else { throw refuse(.negativeNumber, d.description) }
      append(decimal: d)
    case .styledDecimal(let d):
      guard !d.isNegative else { throw refuse(.negativeNumber, d.description) }
      append(styledDecimal: d)
    case .hexadecimal(let text):
      guard Self.isHexadecimal(text) else {
        throw refuse(
          Self.hasControl(text, allowTab: false) ? .controlCharacter : .hexadecimalValue, text)
      }
      append(text)
    case .resolution(let r):
      guard r.width >= 0, r.height >= 0 else { throw refuse(.negativeNumber, r.description) }
      append(integer: r.width)
      bytes.append(0x78)
      append(integer: r.height)
    case .dateTime(let date):
      bytes.append(0x22)
      append(dateTime: date)
      bytes.append(0x22)
    case .extra(let attribute):
      if attribute.isQuoted {
        if let code = Self.quotedProblem(attribute.value) { throw refuse(code, attribute.value) }
        bytes.append(0x22)
        append(attribute.value)
        bytes.append(0x22)
      } else {
        guard Self.isEnumerated(attribute.value) else {
          throw refuse(
            Self.hasControl(attribute.value, allowTab: false)
              ? .controlCharacter : .enumeratedValue, attribute.value)
        }
        append(attribute.value)
      }
    }
  }

  // MARK: Grammar

  static func isAttributeNameByte(_ b: UInt8) -> Bool {
    (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x2D
  }

  static func isControl(_ b: UInt8, allowTab: Bool) -> Bool {
    (b < 0x20 && !(allowTab && b == 0x09)) || b == 0x7F
  }

  static func hasControl(_ text: String, allowTab: Bool) -> Bool {
    let found = text.utf8.withContiguousStorageIfAvailable { hasControl($0, allowTab: allowTab) }
    return found ?? text.utf8.contains { isControl($0, allowTab: allowTab) }
  }

  /// True when a byte of `u` is a control character: eight bytes at a time, each word tested
  /// for a byte below 0x20 or equal to 0x7F (the word tricks of "Bit Twiddling Hacks",
  /// `hasless` and `haszero`), its bytes looked at one by one only when it has one.
  static func hasControl(_ u: UnsafeBufferPointer<UInt8>, allowTab: Bool) -> Bool {
    guard let base = u.baseAddress else { return false }
    guard u.count >= 8 else {
      return u.contains { isControl($0, allowTab: allowTab) }
    }
    /// The word at `i` has a control character.
    func word(at i: Int) -> Bool {
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
      let below = (w &- ones &* 0x20) & ~w & highs
      let del = w ^ (ones &* 0x7F)
      guard below | ((del &- ones) & ~del & highs) != 0 else { return false }
      return (i..<(i + 8)).contains { isControl(base[$0], allowTab: allowTab) }
    }
    var i = 0
    while i + 8 <= u.count {
      if word(at: i) { return true }
      i += 8
    }
    // The last word again, overlapping the one before, for the bytes after it.
    return i < u.count && word(at: u.count - 8)
  }

  /// Why `text` cannot be a quoted string, or `nil`.
  static func quotedProblem(_ text: String) -> PlaylistWriteError.Code? {
    var problem: PlaylistWriteError.Code? = nil
    for b in text.utf8 {
      if isControl(b, allowTab: true) { return .controlCharacter }
      if b == 0x22 { problem = .quoteInQuotedString }
    }
    return problem
  }

  /// enumerated-string (§4.2): not empty, no `"`, `,`, whitespace or control characters.
  static func isEnumerated(_ text: String) -> Bool {
    !text.isEmpty
      && text.utf8.allSatisfy { $0 > 0x20 && $0 != 0x7F && $0 != 0x22 && $0 != 0x2C }
  }

  /// hexadecimal-sequence (§4.2): `0x` or `0X` and at least one hex digit.
  static func isHexadecimal(_ text: String) -> Bool {
    let u = Array(text.utf8)
    guard u.count > 2, u[0] == 0x30, u[1] == 0x78 || u[1] == 0x58 else { return false }
    return u[2...].allSatisfy { ASCII.hexValue($0) != nil }
  }
}
