import ManifestCore

/// Reading attribute lists and typed attribute values (RFC 8216bis §4.2), with diagnostics.
extension PlaylistParser {
  /// Scans the attribute list of the tag on line `index` into `tokens`; reports a syntax error
  /// or a duplicate attribute. Returns false when the tag has no value.
  mutating func scanAttributes(_ tag: TagName, _ index: Int, _ value: Range<Int>?) -> Bool {
    tokens.removeAll(keepingCapacity: true)
    guard let value else {
      error(.attributeListMissing, "\(tag.spelling) needs an attribute list", line: index)
      return false
    }
    var scanner = AttributeScanner(buffer, value)
    var longListNames: Set<String> = []
    while let token = scanner.next() {
      if isRepeated(token.name, longListNames: &longListNames) {
        error(
          .attributeDuplicate,
          "\(tag.spelling): duplicate attribute \(text(token.name))", line: index,
          offset: token.name.lowerBound)
      }
      tokens.append(token)
    }
    if let failure = scanner.error {
      error(
        .attributeSyntax, "\(tag.spelling): \(failure.message)", line: index, offset: failure.offset
      )
    }
    return true
  }

  /// Attribute lists up to this long are checked for duplicates pair by pair; longer ones (only
  /// abusive input has them) through a set, so the check stays linear.
  private static let pairwiseDuplicateCheckLimit = 32

  /// True when an attribute already in `tokens` is called `name`. `longListNames` holds the
  /// names seen once the list outgrows the pairwise check.
  private func isRepeated(_ name: Range<Int>, longListNames: inout Set<String>) -> Bool {
    if tokens.count < Self.pairwiseDuplicateCheckLimit {
      return tokens.contains { sameBytes($0.name, name) }
    }
    if longListNames.isEmpty { longListNames = Set(tokens.map { text($0.name) }) }
    return !longListNames.insert(text(name)).inserted
  }

  /// True when the token's name is `name`.
  func named(_ token: AttributeToken, _ name: StaticString) -> Bool {
    token.name.count == name.utf8CodeUnitCount
      && TagName.matches(buffer, token.name.lowerBound, name)
  }

  /// The token called `name` in `tokens`, if any.
  func token(_ name: StaticString) -> AttributeToken? {
    tokens.first { named($0, name) }
  }

  /// A quoted-string value after substitution; warns when it was not quoted.
  mutating func quoted(_ t: AttributeToken, _ tag: TagName, _ index: Int) -> String {
    if !t.quoted {
      warn(
        .attributeUnquoted,
        "\(tag.spelling): \(text(t.name)) must be a quoted string", line: index,
        offset: t.value.lowerBound)
      return text(t.value)
    }
    checkVariableReferences(t.value, line: index)
    return VariableSubstitution.string(buffer, t.value, header.variables)
  }

  /// Reports each `{$name}` in `range` whose variable no EXT-X-DEFINE declared (§4.3).
  mutating func checkVariableReferences(_ range: Range<Int>, line index: Int) {
    guard firstIndex(of: 0x7B, in: range) < range.upperBound else { return }
    for (name, offset) in VariableSubstitution.references(buffer, range)
    where !declaredVariables.contains(name) {
      error(.variableUndefined, "undefined variable {$\(name)}", line: index, offset: offset)
    }
  }

  /// The value as written (enumerated strings, hexadecimal sequences).
  func raw(_ t: AttributeToken) -> String { text(t.value) }

  /// A decimal-integer value (§4.2), or `nil` with a diagnostic.
  mutating func integer(_ t: AttributeToken, _ tag: TagName, _ index: Int) -> Int? {
    if !t.quoted, let v = ASCII.parseUnsigned(bytes, t.value), v <= UInt64(Int.max) {
      return Int(v)
    }
    error(
      .attributeInteger,
      "\(tag.spelling): \(text(t.name)) must be a decimal integer, got '\(text(t.value))'",
      line: index, offset: t.value.lowerBound)
    return nil
  }

  /// A decimal-integer attribute in its whole range, 0 to 2^64 − 1 (RFC 8216bis §4.2), such as
  /// LAST-MSN.
  mutating func unsignedInteger(_ t: AttributeToken, _ tag: TagName, _ index: Int) -> UInt64? {
    if !t.quoted, let v = ASCII.parseUnsigned(bytes, t.value) { return v }
    error(
      .attributeInteger,
      "\(tag.spelling): \(text(t.name)) must be a decimal integer (0 to 18446744073709551615), "
        + "got '\(text(t.value))'", line: index, offset: t.value.lowerBound)
    return nil
  }

  /// The whole part of a non-negative decimal written where a decimal-integer bit rate belongs
  /// (`BANDWIDTH=2560000.4`, already reported by `integer`), read as players read it (hls.js and
  /// Python m3u8 truncate), so a variant keeps its place in the ladder; `nil` for anything else.
  func wholeBitsPerSecond(_ t: AttributeToken) -> Int? {
    guard !t.quoted, let v = ExactDecimal.parse(bytes, t.value), !v.isNegative else { return nil }
    return Int(exactly: v.integerPart)
  }

  /// A decimal-floating-point value (§4.2; negative only when `signed`), or `nil` with a
  /// diagnostic; a negative value where none is allowed is reported as `negative`.
  mutating func decimal(
    _ t: AttributeToken, _ tag: TagName, _ index: Int, signed: Bool = false,
    negative: HLSDiagnosticCode = .attributeNegative
  ) -> ExactDecimal? {
    let parsed = t.quoted ? nil : ExactDecimal.parse(bytes, t.value)
    if let v = parsed, signed || !v.isNegative { return v }
    error(
      parsed == nil ? .attributeDecimal : negative,
      "\(tag.spelling): \(text(t.name)) must be a \(signed ? "" : "non-negative ")decimal number, "
        + "got '\(text(t.value))'", line: index, offset: t.value.lowerBound)
    return nil
  }

  /// A `YES`/`NO` value; anything else is reported and read as `NO`.
  mutating func yesNo(_ t: AttributeToken, _ tag: TagName, _ index: Int) -> Bool {
    if !t.quoted && ASCII.equals(bytes, t.value, "YES") { return true }
    if !t.quoted && ASCII.equals(bytes, t.value, "NO") { return false }
    error(
      .attributeYesNo,
      "\(tag.spelling): \(text(t.name)) must be YES or NO, got '\(text(t.value))'", line: index,
      offset: t.value.lowerBound)
    return false
  }

  /// An enumerated-string value that must be one of `allowed`; reported otherwise, and kept.
  mutating func enumerated(
    _ t: AttributeToken, _ tag: TagName, _ index: Int, _ allowed: [StaticString]
  ) -> String {
    let value = text(t.value)
    if t.quoted || !allowed.contains(where: { ASCII.equals(bytes, t.value, $0) }) {
      let list = allowed.map(\.description).joined(separator: ", ")
      error(
        .attributeEnumerated,
        "\(tag.spelling): \(text(t.name)) must be one of \(list), got '\(value)'", line: index,
        offset: t.value.lowerBound)
    }
    return value
  }

  /// A decimal-resolution value `WxH`, or `nil` with a diagnostic.
  mutating func resolution(_ t: AttributeToken, _ tag: TagName, _ index: Int) -> Resolution? {
    if !t.quoted {
      let x = t.value.firstIndex { buffer[$0] == 0x78 || buffer[$0] == 0x58 }
      if let x, let w = ASCII.parseUnsigned(bytes, t.value.lowerBound..<x),
        let h = ASCII.parseUnsigned(bytes, (x + 1)..<t.value.upperBound), w <= Int32.max,
        h <= Int32.max
      {
        return Resolution(width: Int(w), height: Int(h))
      }
    }
    error(
      .attributeResolution,
      "\(tag.spelling): \(text(t.name)) must be a resolution WIDTHxHEIGHT, got '\(text(t.value))'",
      line: index, offset: t.value.lowerBound)
    return nil
  }

  /// A hexadecimal-sequence value (`0x…`), kept as written; reported when malformed.
  mutating func hexadecimal(
    _ t: AttributeToken, _ tag: TagName, _ index: Int,
    code: HLSDiagnosticCode = .attributeHexadecimal
  ) -> String {
    if t.quoted || !ASCII.isHexadecimalSequence(bytes, t.value) {
      error(
        code,
        "\(tag.spelling): \(text(t.name)) must be a hexadecimal sequence 0x…, got '"
          + "\(text(t.value))'", line: index, offset: t.value.lowerBound)
    }
    return text(t.value)
  }

  /// A byte range `n[@o]` (§4.4.4.2) from `range`: length and offset (-1 when absent).
  func byteRangeValue(_ range: Range<Int>) -> (Int64, Int64)? {
    let at = range.firstIndex { buffer[$0] == 0x40 }
    guard let length = ASCII.parseUnsigned(bytes, range.lowerBound..<(at ?? range.upperBound)),
      length <= UInt64(Int64.max)
    else { return nil }
    guard let at else { return (Int64(length), -1) }
    guard let offset = ASCII.parseUnsigned(bytes, (at + 1)..<range.upperBound),
      offset <= UInt64(Int64.max) - length
    else { return nil }
    return (Int64(length), Int64(offset))
  }

  /// Reports a missing required attribute (`code` for those a dedicated audit rule checks).
  mutating func missing(
    _ name: String, _ tag: TagName, _ index: Int, code: HLSDiagnosticCode = .attributeMissing
  ) {
    error(code, "\(tag.spelling): missing required attribute \(name)", line: index)
  }

  /// The attribute list just scanned, as written (for typed values that keep it).
  func attributeList(_ index: Int) -> AttributeList {
    AttributeList(
      tokens.map {
        AttributeList.Attribute(
          name: text($0.name), value: text($0.value), isQuoted: $0.quoted,
          column: $0.name.lowerBound - lines[index].range.lowerBound + 1)
      })
  }
}
