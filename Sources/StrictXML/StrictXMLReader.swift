import ManifestCore

/// A small, strict XML 1.0 reader in Swift for untrusted documents that are small enough to
/// hold as a tree (VAST and VMAP responses): it needs no system library, so a tool that links
/// it does not link libxml2.
///
/// What it reads: UTF-8 only (a byte-order mark is accepted; an XML declaration naming an
/// encoding other than UTF-8 or its subset US-ASCII is refused, `unsupported-encoding`);
/// elements and attributes with their namespaces resolved (Namespaces in XML 1.0); text and
/// CDATA sections, joined into one text node between two pieces of markup; line ends
/// normalised (XML 1.0 §2.11) and attribute values normalised (§3.3.3); the five predefined
/// entities and numeric character references (§4.1, §4.6). Comments and processing
/// instructions are checked and dropped.
///
/// What it refuses (each error's code is `xml.` and the reason in brackets, as the codes of
/// TTML's XML errors are; an exceeded limit's is `limit.NAME`): any DOCTYPE declaration
/// (`doctype`: so no DTD, no entity declarations, no external entities, no network), a
/// reference to any other entity (`undeclared-entity`),
/// nesting deeper than `maximumDepth` (`depth-limit`), a tree of more than `maximumNodes`
/// elements, attributes and text nodes (`node-limit`: the tree costs about 100 bytes a node, so
/// memory stays bounded whatever the input), more attributes on one element than
/// `Limits.xmlAttributes` (`limit.xml-attributes`), input longer than `Limits.inputBytes`
/// (`limit.input-bytes`), bytes that are not UTF-8 (`encoding`), an undeclared prefix
/// (`undeclared-prefix`), and everything else that is not well-formed (`not-well-formed`), each
/// with the line and column where the problem is. The reasons and messages follow
/// `XMLSupport`'s (libxml2's wording where libxml2 has one).
///
/// One pass over the bytes, linear in the input; names and values become `String`s only once.
package enum StrictXMLReader {
  /// The codes of the errors the reader throws, with what each means (a limit's code is
  /// `limit.NAME`, from `Limits`).
  package static let codes: [(code: String, summary: String)] = [
    ("xml.not-well-formed", "The document is not well-formed XML (XML 1.0 §2.1)."),
    ("xml.encoding", "The bytes are not UTF-8."),
    ("xml.unsupported-encoding", "The document declares or starts with an encoding not read."),
    ("xml.doctype", "The document has a DOCTYPE declaration (refused: DTDs and entities)."),
    ("xml.undeclared-entity", "A reference to an entity other than the five predefined ones."),
    ("xml.undeclared-prefix", "A namespace prefix that is not declared in scope."),
    ("xml.depth-limit", "Elements nest deeper than the reader allows."),
    ("xml.node-limit", "The document has more elements, attributes and text nodes than allowed."),
  ]

  /// The deepest nesting accepted by default (the root is depth 1), as in `XMLSupport`.
  package static let defaultMaximumDepth = 128
  /// The most elements, attributes and text nodes by default: far above any VAST or VMAP
  /// response (a 50-ad pod has a few thousand), about 100 MB of tree at most.
  package static let defaultMaximumNodes = 1_000_000

  /// Reads `bytes` into the root element's tree, or throws why the document cannot be read.
  package static func read(
    _ bytes: [UInt8], limits: Limits = .standard, maximumDepth: Int = defaultMaximumDepth,
    maximumNodes: Int = defaultMaximumNodes
  ) throws(ParseError) -> XMLTreeElement {
    if bytes.count > limits.inputBytes {
      throw Limits.exceeded(
        "input-bytes", value: limits.inputBytes,
        "the document is \(bytes.count) bytes long")
    }
    let result: Result<XMLTreeElement, ParseError> = bytes.withUnsafeBufferPointer { buffer in
      var parser = StrictXMLParser(
        buffer, maximumAttributes: limits.xmlAttributes, maximumDepth: maximumDepth,
        maximumNodes: maximumNodes)
      do throws(ParseError) {
        return .success(try parser.parseDocument())
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }
}
