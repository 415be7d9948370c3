/// A place in a playlist that holds a URI: a URI line, or a URI-valued attribute of a tag.
public struct URIReference: Sendable, Hashable {
  /// Index in `PlaylistSource.lines`.
  public var line: Int
  /// The tag holding the attribute (`.unknown` for a URI line).
  public var tag: TagName
  /// The attribute name (`URI`, `SERVER-URI`, `X-ASSET-URI`, …), or `nil` for a URI line.
  public var attribute: String?
  /// The URI as written (before `{$name}` substitution).
  public var value: String
}

extension PlaylistSource {
  /// The URI-valued attributes of each tag that has them.
  static func uriAttributes(of tag: TagName) -> [String] {
    switch tag {
    case .key, .sessionKey, .map, .part, .preloadHint, .renditionReport, .media,
      .iFrameStreamInf, .imageStreamInf, .sessionData:
      ["URI"]
    case .contentSteering: ["SERVER-URI"]
    case .dateRange: ["X-ASSET-URI", "X-ASSET-LIST"]
    default: []
    }
  }

  /// Every URI in the playlist, in line order: segment and variant URI lines, and the URI
  /// attributes of EXT-X-KEY, EXT-X-SESSION-KEY, EXT-X-MAP, EXT-X-PART, EXT-X-PRELOAD-HINT,
  /// EXT-X-RENDITION-REPORT, EXT-X-MEDIA, EXT-X-I-FRAME-STREAM-INF, EXT-X-IMAGE-STREAM-INF,
  /// EXT-X-SESSION-DATA, EXT-X-CONTENT-STEERING and interstitial EXT-X-DATERANGE.
  public var uriReferences: [URIReference] {
    var found: [URIReference] = []
    for (index, line) in lines.enumerated() {
      if line.kind == .uri {
        let text = text(of: line)
        found.append(
          URIReference(
            line: index, tag: .unknown, attribute: nil, value: text.trimmingBlanks()))
        continue
      }
      let names = Self.uriAttributes(of: line.tag)
      guard !names.isEmpty, let list = attributes(of: line) else { continue }
      for attribute in list where names.contains(attribute.name) {
        found.append(
          URIReference(
            line: index, tag: line.tag, attribute: attribute.name, value: attribute.value))
      }
    }
    return found
  }

  /// Edits that replace each URI for which `transform` returns a new value; the lines holding
  /// the others are left alone, and only the changed attribute of a tag is re-rendered (its
  /// other attributes keep their order and spelling). A new value is written with its control
  /// characters, `"` and end spaces percent-encoded (`PercentEncoding`), so it stays one URI
  /// line or one quoted string; an empty value for a URI line is not written.
  public func rewritingURIs(_ transform: (URIReference) -> String?) -> [LineEdit] {
    var edits: [LineEdit] = []
    var tagEdits: [Int: AttributeList] = [:]
    for reference in uriReferences {
      guard let new = transform(reference), new != reference.value else { continue }
      let value = PercentEncoding.encodingUnsafeBytes(new)
      guard let attribute = reference.attribute else {
        // A URI line cannot be empty, and one starting with `#` keeps a blank before it, or
        // it would read back as a blank line, a comment or a tag.
        guard let first = value.utf8.first else { continue }
        edits.append(.replace(line: reference.line, text: first == 0x23 ? " " + value : value))
        continue
      }
      var list =
        tagEdits[reference.line] ?? attributes(of: lines[reference.line]) ?? AttributeList()
      list.set(attribute, to: value, quoted: true)
      tagEdits[reference.line] = list
    }
    for (line, list) in tagEdits.sorted(by: { $0.key < $1.key }) {
      edits.append(.replaceTag(line: line, name: tagName(of: lines[line]) ?? "", attributes: list))
    }
    return edits
  }
}
