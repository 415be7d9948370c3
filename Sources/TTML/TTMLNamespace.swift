import ManifestCore
import Subtitles
import XMLSupport

/// The namespaces a TTML reader recognises: TTML1/TTML2 (`http://www.w3.org/ns/ttml`), the 2006
/// TTAF1 drafts DFXP files still carry, SMPTE ST 2052-1 (2010 and 2013), and IMSC.
enum TTMLNamespace {
  /// The part of a TTML vocabulary a namespace holds.
  enum Vocabulary {
    /// `xml`: the XML namespace of `xml:id`, `xml:space`, `xml:lang`.
    case core, styling, parameter, metadata, smpte, xml, other
  }

  static let core = "http://www.w3.org/ns/ttml"
  static let styling = "http://www.w3.org/ns/ttml#styling"
  static let parameter = "http://www.w3.org/ns/ttml#parameter"
  static let metadata = "http://www.w3.org/ns/ttml#metadata"
  static let smpte2010 = "http://www.smpte-ra.org/schemas/2052-1/2010/smpte-tt"
  static let smpte2013 = "http://www.smpte-ra.org/schemas/2052-1/2013/smpte-tt"

  private static let coreNamespaces: Set<String> = [
    core, "http://www.w3.org/2006/10/ttaf1", "http://www.w3.org/2006/04/ttaf1",
    "http://www.w3.org/2006/02/ttaf1",
  ]

  /// Which vocabulary `uri` belongs to.
  static func vocabulary(_ uri: String) -> Vocabulary {
    if coreNamespaces.contains(uri) { return .core }
    if uri == smpte2010 || uri == smpte2013 { return .smpte }
    if uri == xmlNamespace { return .xml }
    guard let hash = uri.lastIndex(of: "#"),
      coreNamespaces.contains(String(uri[..<hash]))
    else { return .other }
    switch uri[uri.index(after: hash)...] {
    case "styling", "style": return .styling
    case "parameter": return .parameter
    case "metadata": return .metadata
    default: return .other
    }
  }
}
