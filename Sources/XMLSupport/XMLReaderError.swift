/// Why an XML document could not be read: not well-formed, or refused as unsafe (an entity
/// declaration, nesting past the depth limit, a text node past the size limit).
package struct XMLReaderError: Error, Sendable, Hashable {
  /// A stable reason: `not-well-formed`, `encoding` (bytes the declared encoding cannot
  /// convert), `entity-declaration`, `attribute-default`,
  /// `depth-limit`, `text-limit`, `undeclared-entity`, `unsupported-encoding`,
  /// `limit.xml-attributes`.
  package var code: String
  /// One line for a human.
  package var message: String
  /// 1-based line (0 when unknown).
  package var line: Int
  /// 1-based column (0 when unknown).
  package var column: Int

  /// Creates an error.
  package init(code: String, message: String, line: Int, column: Int) {
    self.code = code
    self.message = message
    self.line = line
    self.column = column
  }
}

/// Limits for reading untrusted XML.
package struct XMLReaderLimits: Sendable, Hashable {
  /// The deepest element nesting accepted (the root is depth 1).
  package var maximumDepth: Int
  /// The most bytes one text event may hold (a base64 image is one text node).
  package var maximumTextBytes: Int
  /// The most attributes (namespace declarations included) one start tag may have, checked
  /// before libxml2 sees the document (`XMLPrescan`): `limit.xml-attributes`.
  package var maximumAttributes: Int

  /// Creates limits.
  package init(
    maximumDepth: Int = 128, maximumTextBytes: Int = 64 << 20, maximumAttributes: Int = 1000
  ) {
    self.maximumDepth = maximumDepth
    self.maximumTextBytes = maximumTextBytes
    self.maximumAttributes = maximumAttributes
  }

  /// The defaults: depth 128, 64 MiB of text per node, 1000 attributes per element.
  package static let standard = XMLReaderLimits()
}
