/// One step of a streamed XML document.
package enum XMLEvent {
  /// An element starts (a view valid while the handler runs).
  case startElement(XMLStartTag)
  /// An element ends.
  case endElement(XMLName, line: Int)
  /// Character data (CDATA sections included), adjacent pieces joined, entities decoded (a
  /// view valid while the handler runs).
  case text(XMLText)
  /// A comment's text.
  case comment(String, line: Int)
  /// A processing instruction.
  case processingInstruction(target: String, data: String, line: Int)
  /// A namespace error the parser recovers from (Namespaces in XML 1.0 §5: a prefix that is not
  /// declared): the element or attribute it names arrives with no namespace. Delivered before
  /// that element's `startElement`.
  case namespaceWarning(String, line: Int, column: Int)
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

/// A run of character data as the parser reports it: the UTF-8 bytes and the line where it
/// starts. A view: valid only while the handler that received it runs; `string` copies it out.
package struct XMLText {
  /// The bytes (well-formed UTF-8: libxml2 checked and decoded them).
  package let bytes: UnsafeBufferPointer<UInt8>
  /// The 1-based line where the text starts.
  package let line: Int

  /// The text as a `String`.
  package var string: String { String(decoding: bytes, as: UTF8.self) }

  /// True when the text is only XML whitespace (space, tab, line feed, carriage return).
  package var isWhitespace: Bool {
    bytes.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }
  }
}
