import ManifestCore
import Subtitles
import XMLSupport

extension TTMLReaderState {
  /// Where the attributes the reader uses are among a tag's attributes (-1: absent), found in
  /// one pass; values are read from the tag only when used.
  struct Attributes {
    var identifier = -1
    var region = -1
    var style = -1
    var space = -1
    var source = -1
    var mediaType = -1
    var begin = -1
    var end = -1
    var dur = -1
    var timeContainer = -1
    /// The style number of the inline styling attributes (0: none).
    var inlineStyle: Int32 = 0
  }

  mutating func readAttributes(_ tag: XMLStartTag) -> Attributes {
    var result = Attributes()
    if !styleAttributes.isEmpty {
      styleAttributes.removeAll(keepingCapacity: true)
      styleAttributeIDs.removeAll(keepingCapacity: true)
    }
    for index in 0..<tag.attributeCount {
      let (vocabulary, local, namespaceID, localID) = names.attribute(tag, index)
      if namespaceID == 0 {
        switch local {
        case .begin: result.begin = index
        case .end: result.end = index
        case .dur: result.dur = index
        case .timeContainer: result.timeContainer = index
        case .region: result.region = index
        case .style: result.style = index
        case .src: result.source = index
        case .type, .imagetype, .imageType: result.mediaType = index
        case .id where result.identifier < 0: result.identifier = index
        default: break
        }
        continue
      }
      switch vocabulary {
      case .styling:
        styleAttributes.append(index)
        styleAttributeIDs.append(localID)
      case .smpte where local == .backgroundImage:
        result.source = index
      case .xml where local == .id:
        result.identifier = index
      case .xml where local == .space:
        result.space = index
      default: break
      }
    }
    if !styleAttributes.isEmpty {
      result.inlineStyle = values.inlineStyle(tag, styleAttributes, styleAttributeIDs)
    }
    return result
  }

  /// The longest `region` reference read (region ids are short names).
  static let maximumRegionReferenceBytes = 256

  /// `xml:id`, `xml:space`, `region`, `style`, `smpte:backgroundImage` or `src`, `type`.
  mutating func readCommon(
    _ a: Attributes, _ tag: XMLStartTag, into frame: inout Frame, identifier: inout String?,
    image: inout FrameImage?
  ) {
    if a.identifier >= 0 { identifier = tag.attributeValue(a.identifier) }
    if a.space >= 0 {
      frame.preserve = tag.withValueBytes(a.space) { $0.elementsEqual("preserve".utf8) }
    }
    if a.region >= 0 {
      // Every cue inherits its ancestors' region and `dump --json` names it per cue: a long one
      // would be repeated for each paragraph.
      let length = tag.withValueBytes(a.region) { $0.count }
      if length > Self.maximumRegionReferenceBytes {
        warn(
          .ttmlRegionReferenceTooLong,
          "region reference of \(length) bytes is longer than "
            + "\(Self.maximumRegionReferenceBytes); ignored", line: frame.line)
      } else {
        frame.region = values.region(tag, a.region)
      }
    }
    if a.style >= 0 { frame.styleReferences = values.references(tag, a.style) }
    if a.source >= 0 || a.mediaType >= 0 {
      let made = FrameImage()
      if a.source >= 0 { made.source = tag.attributeValue(a.source) }
      if a.mediaType >= 0 { made.mediaType = tag.attributeValue(a.mediaType) }
      image = made
    }
  }

  /// The style number of an element's inline styling attributes (style number `inline`) on
  /// top of its referential styles (reference list number `references`, resolved through the
  /// style sheet unless `resolvingReferences` is false); warns about references to styles the
  /// document does not define (for a style definition, once the document is read).
  mutating func ownStyle(
    _ references: Int32, _ inline: Int32, line: Int, resolvingReferences: Bool = true
  ) -> Int32 {
    guard references != 0 else { return inline }
    let list = values.referenceLists[Int(references)]
    guard !list.isEmpty else { return inline }
    let style: Int32
    let key = Int64(references) << 32 | Int64(inline)
    if resolvingReferences, let known = ownStyles[key] {
      style = known
    } else {
      var properties = resolvingReferences ? sheet.resolve(list) : []
      if inline != 0 { TTMLStyleSheet.merge(values.styles[Int(inline)], into: &properties) }
      style = values.add(properties)
      if resolvingReferences { ownStyles[key] = style }
    }
    for reference in list where sheet.styles[reference] == nil {
      if resolvingReferences {
        warn(.ttmlUnknownStyle, "unknown style '\(PrintableText.value(reference))'", line: line)
      } else {
        forwardStyleReferences.append((reference, line))
      }
    }
    return style
  }
}
