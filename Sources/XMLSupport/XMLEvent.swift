/// One step of a streamed XML document.
package enum XMLEvent {
  /// An element starts (a view valid while the handler runs).
  case startElement(XMLStartTag)
  /// An element ends.
  case endElement(XMLName, line: Int)
  /// Character data (CDATA sections included), adjacent pieces joined, entities decoded; the
  /// line where it starts.
  case text(String, line: Int)
  /// A comment's text.
  case comment(String, line: Int)
  /// A processing instruction.
  case processingInstruction(target: String, data: String, line: Int)
}

/// A namespace declaration on an element (`xmlns:tts="…"`).
package struct XMLNamespaceDeclaration: Sendable, Hashable {
  /// The prefix, or `nil` for the default namespace.
  package var prefix: String?
  /// The namespace URI.
  package var uri: String

  /// Creates a declaration.
  package init(prefix: String?, uri: String) {
    self.prefix = prefix
    self.uri = uri
  }
}
