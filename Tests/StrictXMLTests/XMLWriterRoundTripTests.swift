import ManifestCore
import StrictXML
import Testing

/// A small deterministic generator (SplitMix64) for property tests.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Random trees written with `ManifestCore.XMLWriter` read back equal: names with their
/// prefixes and resolved namespaces, attributes in order, text with every character the writer
/// escapes (markup characters, quotes, tab, line feed, carriage return, non-ASCII).
@Suite struct XMLWriterRoundTripTests {
  static let pieces = [
    "a", "Z", "0", " ", "<", ">", "&", "\"", "'", "\t", "\n", "\r", "\r\n", "é", "日本", "😀",
    "]]>", "&amp;", "-->", "https://ads.example/p?a=1&b=2",
  ]

  static func string(_ r: inout SplitMix64, nonEmpty: Bool) -> String {
    let count = Int.random(in: (nonEmpty ? 1 : 0)...6, using: &r)
    return (0..<count).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &r)] }.joined()
  }

  /// Generates an element (with the names as the reader should resolve them) and writes it.
  static func element(
    _ r: inout SplitMix64, depth: Int, scope: [String: String], writer: inout XMLWriter
  ) -> XMLTreeElement {
    var scope = scope
    var attributes: [XMLTreeAttribute] = []
    var written: [(String, String)] = []
    func add(_ prefix: String?, _ local: String, _ namespace: String, _ value: String) {
      attributes.append(
        XMLTreeAttribute(
          name: XMLTreeName(prefix: prefix, localName: local, namespace: namespace), value: value))
      written.append((prefix.map { "\($0):\(local)" } ?? local, value))
    }
    // Declarations first (they apply to the element's own name and attributes).
    if Bool.random(using: &r) && depth > 0 {
      let uri = "urn:default:\(Int.random(in: 0..<3, using: &r))"
      scope[""] = uri
      add(nil, "xmlns", "http://www.w3.org/2000/xmlns/", uri)
    }
    for k in 0..<3 where Int.random(in: 0..<4, using: &r) == 0 {
      let uri = "urn:p\(k):v\(Int.random(in: 0..<3, using: &r))"
      scope["p\(k)"] = uri
      add("xmlns", "p\(k)", "http://www.w3.org/2000/xmlns/", uri)
    }
    let prefixes = scope.keys.filter { !$0.isEmpty }.sorted()
    let elementPrefix =
      prefixes.isEmpty || Bool.random(using: &r) ? nil : prefixes.randomElement(using: &r)
    let local = ["VAST", "Ad", "InLine", "Tracking", "x-y.z", "é"].randomElement(using: &r) ?? "e"
    let name = XMLTreeName(
      prefix: elementPrefix, localName: local,
      namespace: elementPrefix.flatMap { scope[$0] } ?? scope[""] ?? "")
    for k in 0..<Int.random(in: 0...3, using: &r) {
      add(nil, "a\(k)", "", string(&r, nonEmpty: false))
    }
    for prefix in prefixes where Int.random(in: 0..<3, using: &r) == 0 {
      add(prefix, "b", scope[prefix] ?? "", string(&r, nonEmpty: false))
    }
    writer.open(name.qualifiedName, written, inline: true)
    var children: [XMLTreeNode] = []
    var lastWasText = false
    for _ in 0..<(depth < 5 ? Int.random(in: 0...4, using: &r) : 0) {
      if !lastWasText && Bool.random(using: &r) {
        let text = string(&r, nonEmpty: true)
        writer.text(text)
        // The reader normalises line ends in text (XML 1.0 §2.11); the writer keeps LF as it
        // is and writes CR as a reference, so CR survives.
        children.append(.text(text))
        lastWasText = true
      } else {
        children.append(.element(element(&r, depth: depth + 1, scope: scope, writer: &writer)))
        lastWasText = false
      }
    }
    writer.close()
    return XMLTreeElement(name: name, attributes: attributes, children: children)
  }

  static func withoutLocations(_ element: XMLTreeElement) -> XMLTreeElement {
    var copy = element
    copy.location = .start
    copy.children = element.children.map {
      if case .element(let child) = $0 { return .element(withoutLocations(child)) }
      return $0
    }
    return copy
  }

  @Test func randomTreesReadBackEqual() throws {
    var r = SplitMix64(seed: 0x5EED_0014)
    for round in 0..<400 {
      var writer = XMLWriter(declaration: round % 2 == 0)
      let expected = Self.element(&r, depth: 0, scope: [:], writer: &writer)
      let read = try StrictXMLReader.read(writer.bytes)
      #expect(Self.withoutLocations(read) == expected, "round \(round): \(writer.output)")
    }
  }
}
