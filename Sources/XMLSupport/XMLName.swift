/// An expanded XML name: namespace URI (empty for none), local name, and the prefix it was
/// written with (kept so unknown names can be written back as they were).
///
/// A name is one reference to shared immutable storage, so the reader hands out the same name
/// for every occurrence at the cost of one retain.
package struct XMLName: Sendable, Hashable {
  private final class Storage: Sendable {
    let namespace: String
    let localName: String
    let prefix: String?
    let namespaceID: Int
    let localID: Int

    init(namespace: String, localName: String, prefix: String?, namespaceID: Int, localID: Int) {
      self.namespace = namespace
      self.localName = localName
      self.prefix = prefix
      self.namespaceID = namespaceID
      self.localID = localID
    }
  }

  private let storage: Storage

  /// The namespace URI, or `""` when the name is in no namespace.
  package var namespace: String { storage.namespace }
  /// The local part.
  package var localName: String { storage.localName }
  /// The prefix as written (`tts` in `tts:color`), or `nil`.
  package var prefix: String? { storage.prefix }
  /// A small number the reader gives each distinct namespace URI of a document (in order of
  /// first use; the empty namespace is 0), so consumers can classify namespaces once per
  /// document instead of comparing strings per element. -1 for names built in code.
  package var namespaceID: Int { storage.namespaceID }
  /// A small number the reader gives each distinct local name of a document (in order of first
  /// use), for the same purpose. -1 for names built in code.
  package var localID: Int { storage.localID }

  /// Creates a name.
  package init(
    namespace: String, localName: String, prefix: String? = nil, namespaceID: Int = -1,
    localID: Int = -1
  ) {
    storage = Storage(
      namespace: namespace, localName: localName, prefix: prefix, namespaceID: namespaceID,
      localID: localID)
  }

  /// The name as written: `prefix:local` or `local`.
  package var qualifiedName: String {
    prefix.map { "\($0):\(localName)" } ?? localName
  }

  /// Names are equal when namespace and local name are; the prefix and ids are only spelling.
  package static func == (lhs: XMLName, rhs: XMLName) -> Bool {
    lhs.storage === rhs.storage
      || (lhs.localName == rhs.localName && lhs.namespace == rhs.namespace)
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
