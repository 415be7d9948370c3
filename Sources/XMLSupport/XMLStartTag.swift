internal import CLibXML2

/// An element's start tag as the parser reports it: the name and line at once, the attributes
/// and namespace declarations read on demand straight from libxml2's buffers.
///
/// A view: it is valid only while the handler that received it runs (the buffers belong to the
/// parser); copy out what you need.
package struct XMLStartTag {
  let localName: UnsafePointer<xmlChar>?
  let prefix: UnsafePointer<xmlChar>?
  let uri: UnsafePointer<xmlChar>?
  /// The 1-based line of the tag.
  package let line: Int
  /// How many attributes the tag has.
  package let attributeCount: Int
  let rawAttributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  let namespaceCount: Int
  let rawNamespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  let state: UnsafeMutablePointer<XMLParseState>

  /// The element's name.
  package var name: XMLName { state.pointee.qualifiedName(localName, prefix, uri) }

  /// The namespace and local-name ids of the element's name (see `XMLName`), without building
  /// the name.
  package var nameIDs: (namespaceID: Int, localID: Int) {
    state.pointee.ids(local: localName, uri: uri)
  }

  /// The name of attribute `index` (0-based, document order).
  package func attributeName(_ index: Int) -> XMLName {
    guard index >= 0, index < attributeCount, let raw = rawAttributes else {
      return XMLName(namespace: "", localName: "")
    }
    return state.pointee.qualifiedName(raw[5 * index], raw[5 * index + 1], raw[5 * index + 2])
  }

  /// The namespace and local-name ids of attribute `index` (see `XMLName`), without building
  /// its name: the cheap way to recognise attributes already seen.
  package func attributeIDs(_ index: Int) -> (namespaceID: Int, localID: Int) {
    guard index >= 0, index < attributeCount, let raw = rawAttributes else { return (-1, -1) }
    return state.pointee.ids(local: raw[5 * index], uri: raw[5 * index + 2])
  }

  /// The value of attribute `index`, character and predefined entity references decoded.
  package func attributeValue(_ index: Int) -> String {
    guard index >= 0, index < attributeCount, let raw = rawAttributes,
      let start = raw[5 * index + 3], let end = raw[5 * index + 4]
    else { return "" }
    return XMLParseState.attributeValue(UnsafeBufferPointer(start: start, count: end - start))
  }

  /// The raw bytes of attribute `index`'s value (a view valid while the handler runs), or
  /// `nil` when the value holds a decoded `&` (read those with `attributeValue`).
  package func attributeBytes(_ index: Int) -> UnsafeBufferPointer<UInt8>? {
    guard index >= 0, index < attributeCount, let raw = rawAttributes,
      let start = raw[5 * index + 3], let end = raw[5 * index + 4]
    else { return nil }
    let bytes = UnsafeBufferPointer(start: start, count: end - start)
    return bytes.contains(0x26) ? nil : bytes
  }

  /// All attributes, in document order.
  package var attributes: [XMLAttribute] {
    (0..<attributeCount).map { XMLAttribute(name: attributeName($0), value: attributeValue($0)) }
  }

  /// The namespace declarations the tag makes (prefix `nil` for the default namespace).
  package var namespaceDeclarations: [XMLNamespaceDeclaration] {
    guard let raw = rawNamespaces else { return [] }
    return (0..<namespaceCount).map { i in
      XMLNamespaceDeclaration(
        prefix: raw[2 * i].map { state.pointee.name($0).text },
        uri: state.pointee.name(raw[2 * i + 1]).text)
    }
  }
}
