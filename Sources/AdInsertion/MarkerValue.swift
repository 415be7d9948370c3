import ManifestCore

/// A lenient reader for ad-marker tag values, which are often not RFC 8216bis attribute lists:
/// a bare leading number (`30.000`, `8.308/30`), lower-case names, blanks around commas
/// (`CUE="…" ,CUE-OUT=YES`), quoted or unquoted values (a `"` inside an unquoted value is a
/// character), and an unquoted URL that runs to the end of the line.
struct MarkerValue {
  /// The text before the first `,` when it has no `=` (the positional value), trimmed.
  var positional: String?
  /// The `NAME=VALUE` pairs in order, quotes removed.
  var attributes: [MarkerAttribute]

  /// Reads `bytes[range]`. An attribute named in `restOfLine` (ASCII case-insensitive) takes
  /// everything after its `=` up to the end of the range as its value.
  init(_ bytes: [UInt8], _ range: Range<Int>, restOfLine: StaticString? = nil) {
    positional = nil
    attributes = []
    var i = range.lowerBound
    let end = range.upperBound
    var first = true
    while i < end {
      while i < end && ASCII.isBlank(bytes[i]) { i += 1 }
      let tokenStart = i
      var equals: Int? = nil
      var inQuotes = false
      var valueStart = tokenStart
      while i < end {
        let b = bytes[i]
        if inQuotes {
          if b == 0x22 { inQuotes = false }
        } else if b == 0x22 && ASCII.trimmed(bytes, valueStart..<i).isEmpty {
          inQuotes = true  // a quote opens only at the start of a value
        } else {
          if b == 0x2C { break }
          if b == 0x3D && equals == nil {
            equals = i
            valueStart = i + 1
            let name = ASCII.trimmed(bytes, tokenStart..<i)
            if let restOfLine, Self.nameEquals(bytes, name, restOfLine) {
              i = end
              break
            }
          }
        }
        i += 1
      }
      let token = ASCII.trimmed(bytes, tokenStart..<i)
      if let equals {
        let name = ASCII.trimmed(bytes, tokenStart..<equals)
        let value = Self.unquoted(bytes, ASCII.trimmed(bytes, (equals + 1)..<token.upperBound))
        attributes.append(
          MarkerAttribute(name: ASCII.string(bytes, name), value: ASCII.string(bytes, value)))
      } else if !token.isEmpty {
        // A later token without `=` is not an attribute and is left out.
        if first { positional = ASCII.string(bytes, Self.unquoted(bytes, token)) }
      }
      first = false
      if i < end { i += 1 }  // the comma
    }
  }

  /// The value of the first attribute called `name` (ASCII case-insensitive).
  func value(_ name: String) -> String? {
    attributes.first { $0.name.caseInsensitiveEquals(name) }?.value
  }

  /// The attributes other than `names`.
  func attributes(excluding names: [String]) -> [MarkerAttribute] {
    attributes.filter { a in !names.contains { a.name.caseInsensitiveEquals($0) } }
  }

  private static func unquoted(_ bytes: [UInt8], _ range: Range<Int>) -> Range<Int> {
    if range.count >= 2 && bytes[range.lowerBound] == 0x22 && bytes[range.upperBound - 1] == 0x22 {
      return (range.lowerBound + 1)..<(range.upperBound - 1)
    }
    return range
  }

  private static func nameEquals(_ bytes: [UInt8], _ range: Range<Int>, _ name: StaticString)
    -> Bool
  {
    guard range.count == name.utf8CodeUnitCount else { return false }
    return name.withUTF8Buffer { p in
      for k in 0..<p.count where bytes[range.lowerBound + k] | 0x20 != p[k] | 0x20 {
        return false
      }
      return true
    }
  }
}
