import ManifestCore

/// An element or attribute name as `StrictXMLReader` reads it: the prefix as written, the local
/// part, and the namespace URI the prefix resolves to in scope (Namespaces in XML 1.0 §6; `""`
/// for no namespace).
package struct XMLTreeName: Sendable, Hashable, CustomStringConvertible {
  /// The prefix (`vmap` in `vmap:AdBreak`), or `nil`.
  package var prefix: String?
  /// The local part.
  package var localName: String
  /// The namespace URI, or `""` when the name is in no namespace.
  package var namespace: String

  /// Creates a name.
  package init(prefix: String? = nil, localName: String, namespace: String = "") {
    self.prefix = prefix
    self.localName = localName
    self.namespace = namespace
  }

  /// The name as written: `prefix:local` or `local`.
  package var qualifiedName: String { prefix.map { "\($0):\(localName)" } ?? localName }

  package var description: String { qualifiedName }
}

/// One attribute of an element, in document order (namespace declarations included, with the
/// prefix `xmlns`).
package struct XMLTreeAttribute: Sendable, Hashable {
  /// The attribute's name (an unprefixed attribute is in no namespace, §6.2).
  package var name: XMLTreeName
  /// The value: references decoded, white space normalised (XML 1.0 §3.3.3).
  package var value: String

  /// Creates an attribute.
  package init(name: XMLTreeName, value: String) {
    self.name = name
    self.value = value
  }
}

/// A child of an element: an element, or a run of character data (text and CDATA sections
/// joined; comments and processing instructions between them are dropped).
package enum XMLTreeNode: Sendable, Hashable {
  case element(XMLTreeElement)
  case text(String)
}

/// An element and everything inside it, with the place its start tag begins.
package struct XMLTreeElement: Sendable, Hashable {
  /// The element's name.
  package var name: XMLTreeName
  /// The attributes in document order.
  package var attributes: [XMLTreeAttribute]
  /// The children in document order.
  package var children: [XMLTreeNode]
  /// Where the start tag's `<` is.
  package var location: SourceLocation

  /// Creates an element.
  package init(
    name: XMLTreeName, attributes: [XMLTreeAttribute] = [], children: [XMLTreeNode] = [],
    location: SourceLocation = .start
  ) {
    self.name = name
    self.attributes = attributes
    self.children = children
    self.location = location
  }

  /// The child elements in document order.
  package var elements: [XMLTreeElement] {
    children.compactMap {
      if case .element(let element) = $0 { return element }
      return nil
    }
  }

  /// The child elements whose local name is `localName` (in any namespace).
  package func elements(named localName: String) -> [XMLTreeElement] {
    elements.filter { $0.name.localName == localName }
  }

  /// The first child element whose local name is `localName` (in any namespace).
  package func firstElement(named localName: String) -> XMLTreeElement? {
    for case .element(let element) in children where element.name.localName == localName {
      return element
    }
    return nil
  }

  /// The value of the attribute `localName` in no namespace, or `nil`.
  package func attribute(_ localName: String) -> String? {
    attributes.first { $0.name.localName == localName && $0.name.namespace.isEmpty }?.value
  }

  /// The element's own character data: its text children joined.
  package var text: String {
    var out = ""
    for case .text(let text) in children { out += text }
    return out
  }

  /// `text` without the XML white space (space, tab, line feed, carriage return) around it,
  /// as ad servers pad CDATA URLs.
  package var trimmedText: String {
    let utf8 = Array(text.utf8)
    var start = 0
    var end = utf8.count
    while start < end, XMLCharacters.isSpace(utf8[start]) { start += 1 }
    while end > start, XMLCharacters.isSpace(utf8[end - 1]) { end -= 1 }
    return String(decoding: utf8[start..<end], as: UTF8.self)
  }
}
