import ManifestCore
import XMLSupport

/// The stable codes of the errors the XML reader (libxml2, for TTML) stops at: `xml.` and the
/// reader's reason, except the `limit.NAME` of an exceeded limit, which stays as it is.
public enum XMLCodes {
  /// The code a parse error of `error` carries.
  package static func code(of error: XMLReaderError) -> String {
    error.code.hasPrefix("limit.") ? error.code : "xml." + error.code
  }

  /// Every `xml.` code, for docs/diagnostic-codes.md.
  public static let catalog: [DiagnosticCodeInfo] = [
    ("not-well-formed", "The document is not well-formed XML (XML 1.0 §2.1)."),
    ("encoding", "A byte sequence is invalid in the document's encoding."),
    ("unsupported-encoding", "The document declares or starts with an encoding not read."),
    ("entity-declaration", "The document declares an entity (refused: entity expansion)."),
    ("undeclared-entity", "A reference to an entity the document does not declare."),
    ("attribute-default", "A DTD attribute default (refused: it would add attributes)."),
    ("depth-limit", "Elements nest deeper than the reader allows."),
    ("text-limit", "One text node is longer than the reader allows."),
  ].map { DiagnosticCodeInfo("xml." + $0.0, [.error], $0.1) }
}
