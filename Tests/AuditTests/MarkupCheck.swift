/// A strict XML 1.0 well-formedness check for the HTML, SVG and JUnit reports (the HTML report
/// is written to be well-formed XML too): an optional XML declaration and `<!DOCTYPE html>`,
/// then one root element; tags must nest and match, attribute values be quoted and unique, `&`
/// start a known or numeric reference, text hold no `]]>`, and every character be an XML
/// `Char` that is not a C1 control. No comments, CDATA or processing instructions elsewhere
/// (the reports write none). Returns what it read, references decoded.
enum MarkupCheck {
  enum Event: Equatable {
    case start(String, [String: String])
    case end(String)
    case text(String)
  }

  struct Problem: Error, CustomStringConvertible {
    var offset: Int
    var reason: String
    var description: String { "offset \(offset): \(reason)" }
  }

  static func parse(_ text: String) throws(Problem) -> [Event] {
    let s = Array(text.unicodeScalars)
    for (i, c) in s.enumerated() {
      let v = c.value
      let ok =
        v == 0x9 || v == 0xA || v == 0xD || (0x20...0x7E).contains(v) || (0xA0...0xD7FF).contains(v)
        || (0xE000...0xFFFD).contains(v) || v >= 0x10000
      if !ok { throw Problem(offset: i, reason: "character U+\(String(v, radix: 16))") }
    }
    var i = 0
    func starts(_ prefix: String) -> Bool {
      let p = Array(prefix.unicodeScalars)
      return i + p.count <= s.count && Array(s[i..<(i + p.count)]) == p
    }
    if starts("<?xml ") {
      guard let end = find("?>", s, from: i) else {
        throw Problem(offset: i, reason: "declaration")
      }
      i = end + 2
    }
    skipSpace(s, &i)
    if starts("<!DOCTYPE html>") { i += 15 }
    var events: [Event] = []
    var stack: [String] = []
    var sawRoot = false
    while i < s.count {
      if s[i] == "<" {
        if starts("</") {
          i += 2
          let name = try readName(s, &i)
          skipSpace(s, &i)
          guard i < s.count, s[i] == ">", stack.popLast() == name else {
            throw Problem(offset: i, reason: "end tag </\(name)> does not match")
          }
          i += 1
          events.append(.end(name))
        } else if starts("<!") || starts("<?") {
          throw Problem(offset: i, reason: "markup declaration, comment or PI in the body")
        } else {
          guard stack.isEmpty ? !sawRoot : true else {
            throw Problem(offset: i, reason: "a second root element")
          }
          i += 1
          let name = try readName(s, &i)
          var attributes: [String: String] = [:]
          while true {
            let hadSpace = skipSpace(s, &i)
            guard i < s.count else { throw Problem(offset: i, reason: "unterminated tag") }
            if s[i] == ">" || (s[i] == "/" && i + 1 < s.count && s[i + 1] == ">") { break }
            guard hadSpace else { throw Problem(offset: i, reason: "no space before attribute") }
            let key = try readName(s, &i)
            skipSpace(s, &i)
            guard i < s.count, s[i] == "=" else { throw Problem(offset: i, reason: "no =") }
            i += 1
            skipSpace(s, &i)
            guard i < s.count, s[i] == "\"" || s[i] == "'" else {
              throw Problem(offset: i, reason: "unquoted attribute value")
            }
            let quote = s[i]
            i += 1
            let start = i
            while i < s.count && s[i] != quote {
              if s[i] == "<" { throw Problem(offset: i, reason: "< in an attribute value") }
              i += 1
            }
            guard i < s.count else { throw Problem(offset: i, reason: "unterminated value") }
            let value = try decode(s[start..<i], at: start)
            i += 1
            guard attributes.updateValue(value, forKey: key) == nil else {
              throw Problem(offset: i, reason: "duplicate attribute \(key)")
            }
          }
          sawRoot = true
          events.append(.start(name, attributes))
          if s[i] == "/" {
            i += 2
            events.append(.end(name))
          } else {
            i += 1
            stack.append(name)
          }
        }
      } else {
        let start = i
        while i < s.count && s[i] != "<" { i += 1 }
        let raw = s[start..<i]
        if find("]]>", Array(raw), from: 0) != nil {
          throw Problem(offset: start, reason: "]]> in text")
        }
        let decoded = try decode(raw, at: start)
        if stack.isEmpty {
          guard decoded.allSatisfy(\.isWhitespace) else {
            throw Problem(offset: start, reason: "text outside the root element")
          }
        } else {
          events.append(.text(decoded))
        }
      }
    }
    guard stack.isEmpty, sawRoot else {
      throw Problem(offset: s.count, reason: "unclosed \(stack.last ?? "document")")
    }
    return events
  }

  /// The element names in document order (the structure, without text or attributes).
  static func structure(_ events: [Event]) -> [String] {
    events.compactMap {
      switch $0 {
      case .start(let name, _): "<" + name
      case .end(let name): "/" + name
      case .text: nil
      }
    }
  }

  /// The decoded text inside every element named `name`, in order.
  static func texts(of name: String, in events: [Event]) -> [String] {
    var out: [String] = []
    var depth = 0
    var current = ""
    for event in events {
      switch event {
      case .start(let n, _) where n == name:
        depth += 1
        current = ""
      case .end(let n) where n == name:
        depth -= 1
        out.append(current)
      case .text(let t) where depth > 0: current += t
      default: break
      }
    }
    return out
  }

  private static func find(_ needle: String, _ s: [Unicode.Scalar], from: Int) -> Int? {
    let n = Array(needle.unicodeScalars)
    guard s.count >= n.count else { return nil }
    var i = from
    while i + n.count <= s.count {
      if Array(s[i..<(i + n.count)]) == n { return i }
      i += 1
    }
    return nil
  }

  @discardableResult
  private static func skipSpace(_ s: [Unicode.Scalar], _ i: inout Int) -> Bool {
    let start = i
    while i < s.count && (s[i] == " " || s[i] == "\n" || s[i] == "\t" || s[i] == "\r") {
      i += 1
    }
    return i > start
  }

  private static func readName(_ s: [Unicode.Scalar], _ i: inout Int) throws(Problem) -> String {
    let start = i
    func isNameScalar(_ c: Unicode.Scalar, first: Bool) -> Bool {
      c.properties.isAlphabetic && c.isASCII || c == "_" || c == ":"
        || (!first && (("0"..."9").contains(c) || c == "-" || c == "."))
    }
    while i < s.count && isNameScalar(s[i], first: i == start) { i += 1 }
    guard i > start else { throw Problem(offset: i, reason: "expected a name") }
    return String(String.UnicodeScalarView(s[start..<i]))
  }

  private static func decode(_ raw: ArraySlice<Unicode.Scalar>, at offset: Int) throws(Problem)
    -> String
  {
    var out = String.UnicodeScalarView()
    var i = raw.startIndex
    while i < raw.endIndex {
      guard raw[i] == "&" else {
        out.append(raw[i])
        i += 1
        continue
      }
      guard let semicolon = raw[i...].firstIndex(of: ";") else {
        throw Problem(offset: offset, reason: "bare &")
      }
      let name = String(String.UnicodeScalarView(raw[(i + 1)..<semicolon]))
      let named: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'",
      ]
      if let scalar = named[name] {
        out.append(scalar)
      } else if name.hasPrefix("#x"), let v = UInt32(name.dropFirst(2), radix: 16),
        let scalar = Unicode.Scalar(v)
      {
        out.append(scalar)
      } else if name.hasPrefix("#"), let v = UInt32(name.dropFirst()),
        let scalar = Unicode.Scalar(v)
      {
        out.append(scalar)
      } else {
        throw Problem(offset: offset, reason: "unknown reference &\(name);")
      }
      i = semicolon + 1
    }
    return String(out)
  }
}
