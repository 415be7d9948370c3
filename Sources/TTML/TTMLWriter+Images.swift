import ManifestCore
import Subtitles

/// The two forms `TTMLWriter` gives image cues (`TTMLImageProfile`).
extension TTMLWriter {
  /// IMSC 1.1 §9.4.4: one `image` child with `src` (the PNG as an RFC 2397 `data:` URL, or the
  /// file reference as read), `type` and a `tts:extent` equal to its region's and the PNG's
  /// pixel size.
  static func writeIMSCImage(
    _ image: CueImage, identifier: String?, extent: PixelSize?, into xml: inout XMLWriter
  ) {
    var attributes: [(String, String)] = []
    if let identifier { attributes.append(("xml:id", identifier)) }
    let type = image.isPNG ? "image/png" : image.mediaType
    if let data = image.data {
      attributes.append(("src", DataURL.encode(data, mediaType: type)))
    } else if let source = image.source {
      attributes.append(("src", source))
    }
    attributes.append(("type", type))
    if let extent { attributes.append(("tts:extent", extent.ttmlExtent)) }
    xml.empty("image", attributes)
  }

  /// The regions of an IMSC image layout: a pixel origin and the image's pixel extent.
  static func imageRegions(_ layout: IMSCImageLayout?) -> [SubtitleRegion] {
    (layout?.regions ?? []).map {
      SubtitleRegion(
        identifier: $0.identifier,
        properties: [
          StyleProperty("origin", $0.origin), StyleProperty("extent", $0.size.ttmlExtent),
        ])
    }
  }

  /// SMPTE ST 2052-1 §5.7.3: each embedded image as `smpte:image` (base64 in lines of 76) in
  /// `head/metadata`.
  static func writeSMPTEImages(_ images: [(id: String, data: [UInt8])], into xml: inout XMLWriter) {
    xml.open("metadata")
    for (id, data) in images {
      xml.open("smpte:image", [("imagetype", "PNG"), ("encoding", "Base64"), ("xml:id", id)])
      xml.text(wrapped(Base64.encode(data)))
      xml.close()
    }
    xml.close()
  }

  /// Embedded images in cue order, named by their `xml:id` when they had one (and it is free),
  /// else `img_1`, `img_2`, ….
  static func embeddedImages(_ document: SubtitleDocument) -> [(id: String, data: [UInt8])] {
    var result: [(id: String, data: [UInt8])] = []
    var used: Set<String> = []
    for cue in document.cues {
      guard let image = cue.image, let data = image.data else { continue }
      var id = image.identifier ?? ""
      if id.isEmpty || used.contains(id) || id.contains(where: { $0 == " " }) {
        var n = result.count + 1
        while used.contains("img_\(n)") { n += 1 }
        id = "img_\(n)"
      }
      used.insert(id)
      result.append((id, data))
    }
    return result
  }

  /// Base64 text in lines of 76 characters.
  private static func wrapped(_ text: String) -> String {
    var lines: [Substring] = []
    var rest = Substring(text)
    while !rest.isEmpty {
      lines.append(rest.prefix(76))
      rest = rest.dropFirst(76)
    }
    return "\n" + lines.joined(separator: "\n")
  }
}
