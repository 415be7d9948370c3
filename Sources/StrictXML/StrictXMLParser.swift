import ManifestCore

/// The reader's one pass (see `StrictXMLReader`): a cursor over the bytes, the open elements,
/// the namespace bindings in scope and a cursor for line numbers.
struct StrictXMLParser {
  private let b: UnsafeBufferPointer<UInt8>
  private let maximumAttributes: Int
  private let maximumDepth: Int
  private let maximumNodes: Int
  /// Elements, attributes and text nodes built so far.
  private var nodes = 0
  private var i = 0
  /// The elements opened and not yet closed, innermost last.
  private var open: [Frame] = []
  /// Character data since the last element start or end (references decoded).
  private var text: [UInt8] = []
  /// For each prefix in scope (`""` for the default namespace), its bindings, innermost last.
  private var bindings: [String: [String]] = [:]
  private let lines: LineCounter

  private struct Frame {
    var rawName: Range<Int>
    var name: XMLTreeName
    var attributes: [XMLTreeAttribute]
    var children: [XMLTreeNode]
    var location: SourceLocation
    /// The prefixes this element binds, to unbind when it closes.
    var declared: [String]
  }

  private static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
  private static let xmlnsNamespace = "http://www.w3.org/2000/xmlns/"

  init(
    _ bytes: UnsafeBufferPointer<UInt8>, maximumAttributes: Int, maximumDepth: Int,
    maximumNodes: Int
  ) {
    b = bytes
    self.maximumAttributes = maximumAttributes
    self.maximumDepth = maximumDepth
    self.maximumNodes = maximumNodes
    lines = LineCounter(bytes)
  }

  // MARK: Document

  mutating func parseDocument() throws(ParseError) -> XMLTreeElement {
    try checkEncodingLayout()
    if starts("\u{FEFF}") {
      i = 3
      lines.bodyStart = 3
    }
    if let bad = StrictXMLUTF8.firstProblem(in: b, from: i) {
      throw error(bad.code, bad.message, at: bad.offset)
    }
    if starts("<?xml"), i + 5 < b.count, XMLCharacters.isSpace(b[i + 5]) {
      try parseDeclaration()
    }
    // Prolog: white space, comments and processing instructions before the root.
    while true {
      skipSpace()
      guard i < b.count else { throw error("not-well-formed", "Document is empty", at: i) }
      if try skipMiscellany() {
        continue
      } else if b[i] == 0x3C {
        break
      } else {
        throw error("not-well-formed", "Start tag expected, '<' not found", at: i)
      }
    }
    let root = try parseContent()
    // Epilog: only white space, comments and processing instructions after the root.
    while true {
      skipSpace()
      guard i < b.count else { return root }
      guard try skipMiscellany() else {
        throw error("not-well-formed", "Extra content at the end of the document", at: i)
      }
    }
  }

  /// Skips one comment or processing instruction (XML 1.0 §2.8 Misc, and in content) and
  /// returns true; refuses a DOCTYPE; returns false at anything else.
  private mutating func skipMiscellany() throws(ParseError) -> Bool {
    if starts("<!--") {
      try skipComment()
    } else if starts("<?") {
      try skipProcessingInstruction()
    } else if starts("<!DOCTYPE") {
      throw error(
        "doctype",
        "DOCTYPE declarations are not allowed: DTDs, entity declarations and external "
          + "entities are disabled for untrusted XML", at: i)
    } else {
      return false
    }
    return true
  }

  /// A UTF-16 or UCS-4 document is refused before anything else (it is not UTF-8).
  private func checkEncodingLayout() throws(ParseError) {
    let head = (byte(0), byte(1), byte(2), byte(3))
    switch head {
    case (0xFE, 0xFF, _, _), (0xFF, 0xFE, _, _), (0x00, 0x3C, 0x00, 0x3F),
      (0x3C, 0x00, 0x3F, 0x00), (0x00, 0x00, 0x00, 0x3C), (0x3C, 0x00, 0x00, 0x00),
      (0x00, 0x00, 0xFE, 0xFF):
      throw error(
        "unsupported-encoding",
        "the document is in UTF-16 or UCS-4, which is not read for untrusted XML here; "
          + "convert it to UTF-8", at: 0)
    default: return
    }
  }

  /// `<?xml version="1.x" (encoding="…")? (standalone="yes|no")? ?>` (XML 1.0 §2.8, §4.3.3).
  private mutating func parseDeclaration() throws(ParseError) {
    i += 5
    var seen: [String] = []
    while true {
      let hadSpace = skipSpace()
      if starts("?>") {
        i += 2
        break
      }
      guard i < b.count else {
        throw error("not-well-formed", "the XML declaration is not closed by '?>'", at: i)
      }
      guard hadSpace, XMLCharacters.isNameStart(b[i]) else {
        throw error("not-well-formed", "parsing XML declaration: '?>' expected", at: i)
      }
      let nameStart = i
      while i < b.count, XMLCharacters.isName(b[i]) { i += 1 }
      let name = string(nameStart..<i)
      skipSpace()
      guard i < b.count, b[i] == 0x3D else {
        throw error("not-well-formed", "parsing XML declaration: '=' expected", at: i)
      }
      i += 1
      skipSpace()
      guard i < b.count, b[i] == 0x22 || b[i] == 0x27 else {
        throw error("not-well-formed", "parsing XML declaration: quote expected", at: i)
      }
      let quote = b[i]
      let valueStart = i + 1
      i += 1
      while i < b.count, b[i] != quote, b[i] != 0x3C { i += 1 }
      guard i < b.count, b[i] == quote else {
        throw error("not-well-formed", "the XML declaration is not closed by '?>'", at: i)
      }
      let value = string(valueStart..<i)
      i += 1
      let expected = ["version", "encoding", "standalone"]
      guard let rank = expected.firstIndex(of: name),
        seen.allSatisfy({ expected.firstIndex(of: $0) ?? 3 < rank })
      else {
        throw error(
          "not-well-formed",
          "parsing XML declaration: '\(TextEscaping.escapingControlCharacters(name))' is not expected here",
          at: nameStart)
      }
      if seen.isEmpty && name != "version" {
        throw error("not-well-formed", "Malformed declaration expecting version", at: nameStart)
      }
      seen.append(name)
      switch name {
      case "version":
        let utf8 = Array(value.utf8)
        guard utf8.count >= 3, utf8[0] == 0x31, utf8[1] == 0x2E,
          utf8.dropFirst(2).allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
        else {
          throw error(
            "not-well-formed",
            "the XML declaration names version '\(TextEscaping.escapingControlCharacters(value))', not 1.x",
            at: valueStart)
        }
      case "encoding":
        let lower = value.lowercased()
        guard ["utf-8", "utf8", "us-ascii", "ascii"].contains(lower) else {
          throw error(
            "unsupported-encoding",
            "the document declares encoding '\(TextEscaping.escapingControlCharacters(value))', which is not read "
              + "for untrusted XML (use UTF-8)", at: valueStart)
        }
      default:
        guard value == "yes" || value == "no" else {
          throw error(
            "not-well-formed", "standalone accepts only 'yes' or 'no'", at: valueStart)
        }
      }
    }
  }

  // MARK: Content

  /// Reads the root element and everything inside it, from the `<` that must start it.
  private mutating func parseContent() throws(ParseError) -> XMLTreeElement {
    if starts("</") || starts("<!") {
      throw error("not-well-formed", "Start tag expected, '<' not found", at: i)
    }
    while i < b.count {
      if b[i] == 0x3C {
        if starts("</") {
          if let closed = try parseEndTag() { return closed }
        } else if starts("<![CDATA[") {
          try readCDATA()
        } else if try skipMiscellany() {
          continue
        } else if let empty = try parseStartTag() {
          if open.isEmpty { return empty }
        }
      } else {
        try readText()
      }
    }
    throw error(
      "not-well-formed",
      "the document ends before its elements are closed (\(open.count) still open); is the "
        + "file truncated?", at: b.count)
  }

  /// Reads a start tag; returns the element when it is an empty-element tag that closes the
  /// root, else `nil` (the element is open, or was added to its parent).
  private mutating func parseStartTag() throws(ParseError) -> XMLTreeElement? {
    let tagStart = i
    i += 1
    guard i < b.count, XMLCharacters.isNameStart(b[i]) else {
      throw error("not-well-formed", "StartTag: invalid element name", at: i)
    }
    let rawName = scanName()
    if open.count >= maximumDepth {
      throw error(
        "depth-limit", "elements are nested deeper than \(maximumDepth) levels", at: tagStart)
    }
    try flushText()
    var raw: [(name: Range<Int>, value: String)] = []
    var names = AttributeNames()
    var declared: [String] = []
    var empty = false
    while true {
      let hadSpace = skipSpace()
      guard i < b.count else {
        throw error(
          "not-well-formed",
          "Couldn't find end of Start Tag \(string(rawName)) line \(lines.location(tagStart).line)",
          at: i)
      }
      if b[i] == 0x3E {
        i += 1
        break
      }
      if b[i] == 0x2F {
        guard i + 1 < b.count, b[i + 1] == 0x3E else {
          throw error("not-well-formed", "expected '>' after '/' in a start tag", at: i)
        }
        i += 2
        empty = true
        break
      }
      guard hadSpace, XMLCharacters.isNameStart(b[i]) else {
        throw error("not-well-formed", "attributes construct error", at: i)
      }
      let nameStart = i
      let name = scanName()
      skipSpace()
      guard i < b.count, b[i] == 0x3D else {
        throw error(
          "not-well-formed", "Specification mandates value for attribute \(string(name))",
          at: i)
      }
      i += 1
      skipSpace()
      guard i < b.count, b[i] == 0x22 || b[i] == 0x27 else {
        throw error("not-well-formed", "AttValue: \" or ' expected", at: i)
      }
      let value = try readAttributeValue()
      if raw.count >= maximumAttributes {
        throw Limits.exceeded(
          "xml-attributes", value: maximumAttributes,
          "an element has more than \(maximumAttributes) attributes",
          at: lines.location(tagStart))
      }
      if !names.insert(name, b) {
        throw error("not-well-formed", "Attribute \(string(name)) redefined", at: nameStart)
      }
      raw.append((name, value))
      // Namespace declarations (Namespaces in XML 1.0 §3).
      if equals(name, "xmlns") {
        bind("", to: value, declared: &declared)
      } else if startsWith(name, "xmlns:") {
        let prefix = string((name.lowerBound + 6)..<name.upperBound)
        if value.isEmpty {
          throw error(
            "not-well-formed", "xmlns:\(prefix): Empty XML namespace is not allowed",
            at: nameStart)
        }
        bind(prefix, to: value, declared: &declared)
      }
    }
    try count(1 + raw.count, at: tagStart)
    let location = lines.location(tagStart)
    let elementName = try resolve(rawName, of: rawName, isAttribute: false)
    var attributes: [XMLTreeAttribute] = []
    attributes.reserveCapacity(raw.count)
    for attribute in raw {
      attributes.append(
        XMLTreeAttribute(
          name: try resolve(attribute.name, of: rawName, isAttribute: true), value: attribute.value)
      )
    }
    try checkExpandedNames(attributes, raw)
    let frame = Frame(
      rawName: rawName, name: elementName, attributes: attributes, children: [],
      location: location, declared: declared)
    open.append(frame)
    if empty { return close() }
    return nil
  }

  /// Reads an end tag; returns the root when it closes the root.
  private mutating func parseEndTag() throws(ParseError) -> XMLTreeElement? {
    let tagStart = i
    i += 2
    guard let top = open.last else {
      throw error("not-well-formed", "Extra content at the end of the document", at: tagStart)
    }
    guard i < b.count, XMLCharacters.isNameStart(b[i]) else {
      throw error("not-well-formed", "EndTag: invalid element name", at: i)
    }
    let name = scanName()
    if !sameBytes(name, top.rawName) {
      throw error(
        "not-well-formed",
        "Opening and ending tag mismatch: \(string(top.rawName)) line "
          + "\(top.location.line) and \(string(name))", at: tagStart)
    }
    skipSpace()
    guard i < b.count, b[i] == 0x3E else {
      throw error("not-well-formed", "EndTag: '</' not terminated by '>'", at: i)
    }
    i += 1
    try flushText()
    return close()
  }

  /// Closes the innermost element: returns it when it is the root, else adds it to its parent.
  private mutating func close() -> XMLTreeElement? {
    guard let frame = open.popLast() else { return nil }
    for prefix in frame.declared { bindings[prefix]?.removeLast() }
    let element = XMLTreeElement(
      name: frame.name, attributes: frame.attributes, children: frame.children,
      location: frame.location)
    guard !open.isEmpty else { return element }
    open[open.count - 1].children.append(.element(element))
    return nil
  }

  private mutating func flushText() throws(ParseError) {
    guard !text.isEmpty else { return }
    if !open.isEmpty {
      try count(1, at: i)
      open[open.count - 1].children.append(.text(String(decoding: text, as: UTF8.self)))
    }
    text.removeAll(keepingCapacity: true)
  }

  /// Counts `n` more nodes of the tree, refusing a document with more than `maximumNodes`: the
  /// tree takes some 100 bytes a node, so `<a/>` repeated would otherwise grow 25-fold.
  private mutating func count(_ n: Int, at offset: Int) throws(ParseError) {
    nodes += n
    guard nodes > maximumNodes else { return }
    throw error(
      "node-limit",
      "the document has more than \(maximumNodes) elements, attributes and text nodes, more than "
        + "this reader builds a tree of", at: offset)
  }

  /// Character data up to the next `<`, references decoded, line ends normalised.
  private mutating func readText() throws(ParseError) {
    while i < b.count {
      let c = b[i]
      switch c {
      case 0x3C: return
      case 0x26:
        let scalar = try readReference()
        UTF8.encode(scalar) { text.append($0) }
      case 0x0D:
        text.append(0x0A)
        i += (i + 1 < b.count && b[i + 1] == 0x0A) ? 2 : 1
      case 0x5D where i + 2 < b.count && b[i + 1] == 0x5D && b[i + 2] == 0x3E:
        throw error("not-well-formed", "Sequence ']]>' not allowed in content", at: i)
      default:
        text.append(c)
        i += 1
      }
    }
  }

  /// `<![CDATA[…]]>`: the bytes as they are, line ends normalised (XML 1.0 §2.7).
  private mutating func readCDATA() throws(ParseError) {
    let start = i
    i += 9
    while i < b.count {
      let c = b[i]
      if c == 0x5D, i + 2 < b.count, b[i + 1] == 0x5D, b[i + 2] == 0x3E {
        i += 3
        return
      }
      if c == 0x0D {
        text.append(0x0A)
        i += (i + 1 < b.count && b[i + 1] == 0x0A) ? 2 : 1
      } else {
        text.append(c)
        i += 1
      }
    }
    throw error("not-well-formed", "CData section not finished", at: start)
  }

  /// A quoted attribute value from the opening quote: references decoded, white space
  /// characters written literally become spaces (XML 1.0 §3.3.3, CDATA attributes).
  private mutating func readAttributeValue() throws(ParseError) -> String {
    let quote = b[i]
    i += 1
    let start = i
    // The common case: no reference, no white space to normalise.
    while i < b.count, b[i] != quote, b[i] != 0x26, b[i] != 0x3C, b[i] >= 0x20 { i += 1 }
    if i < b.count, b[i] == quote {
      let value = string(start..<i)
      i += 1
      return value
    }
    var out = Array(b[start..<i])
    while i < b.count {
      let c = b[i]
      switch c {
      case quote:
        i += 1
        return String(decoding: out, as: UTF8.self)
      case 0x3C:
        throw error("not-well-formed", "Unescaped '<' not allowed in attributes values", at: i)
      case 0x26:
        let scalar = try readReference()
        UTF8.encode(scalar) { out.append($0) }
      case 0x0D:
        out.append(0x20)
        i += (i + 1 < b.count && b[i + 1] == 0x0A) ? 2 : 1
      case 0x09, 0x0A:
        out.append(0x20)
        i += 1
      default:
        out.append(c)
        i += 1
      }
    }
    throw error("not-well-formed", "AttValue: ' expected", at: i)
  }

  /// `&name;` for the five predefined entities, `&#N;` and `&#xH;` (XML 1.0 §4.1, §4.6).
  private mutating func readReference() throws(ParseError) -> Unicode.Scalar {
    let start = i
    i += 1
    if i < b.count, b[i] == 0x23 {
      i += 1
      let hex = i < b.count && b[i] == 0x78
      if hex { i += 1 }
      let digitsStart = i
      var value: UInt32 = 0
      var tooLarge = false
      while i < b.count {
        let c = b[i]
        let digit: UInt32
        if c >= 0x30 && c <= 0x39 {
          digit = UInt32(c - 0x30)
        } else if hex && c >= 0x61 && c <= 0x66 {
          digit = UInt32(c - 0x61 + 10)
        } else if hex && c >= 0x41 && c <= 0x46 {
          digit = UInt32(c - 0x41 + 10)
        } else {
          break
        }
        if !tooLarge {
          value = value * (hex ? 16 : 10) + digit
          if value > 0x10FFFF { tooLarge = true }
        }
        i += 1
      }
      guard i > digitsStart, i < b.count, b[i] == 0x3B else {
        throw error(
          "not-well-formed",
          hex
            ? "xmlParseCharRef: invalid hexadecimal value"
            : "xmlParseCharRef: invalid decimal value",
          at: start)
      }
      i += 1
      guard !tooLarge, XMLCharacters.isChar(value), let scalar = Unicode.Scalar(value) else {
        throw error(
          "not-well-formed",
          "character reference '\(string(start..<i))' names a character XML does not allow",
          at: start)
      }
      return scalar
    }
    guard i < b.count, XMLCharacters.isNameStart(b[i]) else {
      throw error("not-well-formed", "xmlParseEntityRef: no name", at: start)
    }
    let name = scanName()
    guard i < b.count, b[i] == 0x3B else {
      throw error("not-well-formed", "EntityRef: expecting ';'", at: i)
    }
    i += 1
    if equals(name, "lt") { return "<" }
    if equals(name, "gt") { return ">" }
    if equals(name, "amp") { return "&" }
    if equals(name, "apos") { return "'" }
    if equals(name, "quot") { return "\"" }
    throw error(
      "undeclared-entity",
      "Entity '\(TextEscaping.escapingControlCharacters(string(name)))' not defined",
      at: start)
  }

  // MARK: Skipped markup

  /// `<!--…-->`; `--` may not occur inside (XML 1.0 §2.5).
  private mutating func skipComment() throws(ParseError) {
    let start = i
    i += 4
    while i + 1 < b.count {
      if b[i] == 0x2D && b[i + 1] == 0x2D {
        guard i + 2 < b.count, b[i + 2] == 0x3E else {
          throw error("not-well-formed", "Double hyphen within comment", at: i)
        }
        i += 3
        return
      }
      i += 1
    }
    throw error("not-well-formed", "Comment not terminated", at: start)
  }

  /// `<?target …?>`; the target `xml` is reserved for the declaration (XML 1.0 §2.6).
  private mutating func skipProcessingInstruction() throws(ParseError) {
    let start = i
    i += 2
    guard i < b.count, XMLCharacters.isNameStart(b[i]) else {
      throw error("not-well-formed", "xmlParsePI : no target name", at: i)
    }
    let target = scanName()
    if target.count == 3, string(target).lowercased() == "xml" {
      throw error(
        "not-well-formed", "XML declaration allowed only at the start of the document", at: start)
    }
    while i + 1 < b.count {
      if b[i] == 0x3F && b[i + 1] == 0x3E {
        i += 2
        return
      }
      i += 1
    }
    throw error("not-well-formed", "PI \(string(target)) never end ...", at: start)
  }

  // MARK: Names and namespaces

  /// The bytes of a name from `i` (the first byte is a name start).
  private mutating func scanName() -> Range<Int> {
    let start = i
    while i < b.count, XMLCharacters.isName(b[i]) { i += 1 }
    return start..<i
  }

  private mutating func bind(_ prefix: String, to uri: String, declared: inout [String]) {
    bindings[prefix, default: []].append(uri)
    declared.append(prefix)
  }

  /// The name for the raw bytes `raw`, its prefix resolved in scope (Namespaces in XML 1.0 §6).
  private func resolve(_ raw: Range<Int>, of element: Range<Int>, isAttribute: Bool)
    throws(ParseError) -> XMLTreeName
  {
    var colon: Int? = nil
    for k in raw where b[k] == 0x3A {
      guard colon == nil else {
        throw error("not-well-formed", "Failed to parse QName '\(string(raw))'", at: raw.lowerBound)
      }
      colon = k
    }
    guard let colon else {
      let local = string(raw)
      if isAttribute {
        return XMLTreeName(
          localName: local, namespace: local == "xmlns" ? Self.xmlnsNamespace : "")
      }
      return XMLTreeName(localName: local, namespace: bindings[""]?.last ?? "")
    }
    guard colon > raw.lowerBound, colon + 1 < raw.upperBound else {
      throw error("not-well-formed", "Failed to parse QName '\(string(raw))'", at: raw.lowerBound)
    }
    let prefix = string(raw.lowerBound..<colon)
    let local = string((colon + 1)..<raw.upperBound)
    if prefix == "xmlns" {
      guard isAttribute else {
        throw error(
          "not-well-formed", "the prefix xmlns is reserved and names no element",
          at: raw.lowerBound)
      }
      return XMLTreeName(prefix: prefix, localName: local, namespace: Self.xmlnsNamespace)
    }
    if prefix == "xml" {
      return XMLTreeName(prefix: prefix, localName: local, namespace: Self.xmlNamespace)
    }
    guard let uri = bindings[prefix]?.last else {
      throw error(
        "undeclared-prefix",
        "Namespace prefix \(prefix) on \(isAttribute ? local : string(raw)) is not defined"
          + (isAttribute ? " (attribute of \(string(element)))" : ""), at: raw.lowerBound)
    }
    return XMLTreeName(prefix: prefix, localName: local, namespace: uri)
  }

  /// No two attributes of one element may have the same expanded name (§6.3).
  private func checkExpandedNames(
    _ attributes: [XMLTreeAttribute], _ raw: [(name: Range<Int>, value: String)]
  ) throws(ParseError) {
    guard attributes.count > 1, attributes.contains(where: { $0.name.prefix != nil }) else {
      return
    }
    var seen = Set<String>()
    for (k, attribute) in attributes.enumerated() {
      guard !seen.insert(attribute.name.namespace + " " + attribute.name.localName).inserted
      else { continue }
      throw error(
        "not-well-formed",
        "Namespaced Attribute \(attribute.name.localName) in '\(attribute.name.namespace)' "
          + "redefined", at: raw[k].name.lowerBound)
    }
  }

  // MARK: Bytes

  private func byte(_ k: Int) -> UInt8? { k < b.count ? b[k] : nil }

  private func starts(_ text: StaticString) -> Bool {
    let n = text.utf8CodeUnitCount
    guard i + n <= b.count else { return false }
    let p = text.utf8Start
    for k in 0..<n where b[i + k] != p[k] { return false }
    return true
  }

  private func equals(_ r: Range<Int>, _ text: StaticString) -> Bool {
    let n = text.utf8CodeUnitCount
    guard r.count == n else { return false }
    let p = text.utf8Start
    for k in 0..<n where b[r.lowerBound + k] != p[k] { return false }
    return true
  }

  private func startsWith(_ r: Range<Int>, _ text: StaticString) -> Bool {
    let n = text.utf8CodeUnitCount
    guard r.count > n else { return false }
    let p = text.utf8Start
    for k in 0..<n where b[r.lowerBound + k] != p[k] { return false }
    return true
  }

  private func sameBytes(_ x: Range<Int>, _ y: Range<Int>) -> Bool {
    AttributeNames.same(x, y, b)
  }

  private func string(_ r: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: b[r]), as: UTF8.self)
  }

  /// Skips XML white space; true when there was some.
  @discardableResult
  private mutating func skipSpace() -> Bool {
    let start = i
    while i < b.count, XMLCharacters.isSpace(b[i]) { i += 1 }
    return i > start
  }

  /// A parse error with the code `xml.` + `reason` (the codes of `StrictXMLReader.codes`).
  private func error(_ reason: String, _ message: String, at offset: Int) -> ParseError {
    ParseError(code: "xml." + reason, message: message, location: lines.location(offset))
  }
}
