/// An expanded XML name: namespace URI (empty for none), local name, and the prefix it was
/// written with (kept so unknown names can be written back as they were).
package struct XMLName: Sendable, Hashable {
  /// The namespace URI, or `""` when the name is in no namespace.
  package var namespace: String
  /// The local part.
  package var localName: String
  /// The prefix as written (`tts` in `tts:color`), or `nil`.
  package var prefix: String?

  /// Creates a name.
  package init(namespace: String, localName: String, prefix: String? = nil) {
    self.namespace = namespace
    self.localName = localName
    self.prefix = prefix
  }

  /// The name as written: `prefix:local` or `local`.
  package var qualifiedName: String {
    prefix.map { "\($0):\(localName)" } ?? localName
  }

  /// Names are equal when namespace and local name are; the prefix is only spelling.
  package static func == (lhs: XMLName, rhs: XMLName) -> Bool {
    lhs.localName == rhs.localName && lhs.namespace == rhs.namespace
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(namespace)
    hasher.combine(localName)
  }
}

/// One attribute of an element, in document order.
package struct XMLAttribute: Sendable, Hashable {
  /// The attribute's name (unprefixed attributes are in no namespace).
  package var name: XMLName
  /// The value, with character and predefined entity references decoded.
  package var value: String

  /// Creates an attribute.
  package init(name: XMLName, value: String) {
    self.name = name
    self.value = value
  }
}

/// The namespace of `xml:lang`, `xml:space`, `xml:id` (Namespaces in XML 1.0 §3).
package let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
