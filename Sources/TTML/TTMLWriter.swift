import ManifestCore
import Subtitles

/// Writes TTML in the IMSC1 text profile shape (W3C IMSC1 §6; TTML2 §8, §10): `tt` with
/// `ttp:timeBase="media"` (and the frame and tick rates the times need), `head` with styles and
/// regions, `body` with one `div` of `p` elements holding `span` and `br`. Image cues are
/// written as `Options.imageProfile` says: by default an IMSC 1.1 image-profile document
/// (IMSC 1.1 §9; see `IMSCImageLayout` and `TTMLImageProfile`), or SMPTE-TT `smpte:image` and
/// `smpte:backgroundImage` (SMPTE ST 2052-1).
///
/// Times are exact: clock time with as many fraction digits as the value needs, else ticks or
/// frames at the document's rates. Every string goes through `XMLWriter`, which escapes it (CR,
/// and in attributes LF and tab, as character references); a CR, LF or CRLF in cue text is
/// written as `br`, and `xml:lang` only when the document's language is a BCP 47 tag.
/// A TTML document comes back with its styles, regions, root extent, style references and the
/// paragraph styling its ancestors gave; other formats get `top`/`middle`/`bottom` regions for
/// their placements.
public enum TTMLWriter {
  /// How to write a document.
  public struct Options: Sendable, Hashable {
    /// The form of image cues.
    public var imageProfile: TTMLImageProfile
    /// The root container size of an IMSC 1.1 image-profile document, overriding the
    /// document's own pixel `tts:extent` (see `IMSCImageLayout`).
    public var rootExtent: PixelSize?
    /// The most `IMSCImageLayout` warnings of one kind reported before a summary line.
    public var warningsPerKind: Int
    /// Styling attributes (local names, such as `CaptionStyle.ttmlProperties`) every text cue
    /// gets: written as one `style` in `head/styling` that a `span` around each paragraph's
    /// content references, so they apply over the paragraph's own styling (and
    /// `backgroundColor`, which is not inherited, paints behind the text).
    public var cueStyle: [StyleProperty]

    /// Options; the defaults write IMSC 1.1 image profile for image cues.
    public init(
      imageProfile: TTMLImageProfile = .imsc11, rootExtent: PixelSize? = nil,
      warningsPerKind: Int = 1000, cueStyle: [StyleProperty] = []
    ) {
      self.imageProfile = imageProfile
      self.rootExtent = rootExtent
      self.warningsPerKind = warningsPerKind
      self.cueStyle = cueStyle
    }
  }

  /// The document as TTML bytes.
  public static func write(_ document: SubtitleDocument, options: Options = Options()) -> [UInt8] {
    var xml = XMLWriter(declaration: true)
    let timing = document.format == .ttml ? document.timing : nil
    let hasImages = document.cues.contains(where: \.isImage)
    let hasText = document.cues.contains { !$0.isImage }
    let layout =
      hasImages && options.imageProfile == .imsc11
      ? IMSCImageLayout(document, rootExtent: options.rootExtent) : nil
    let images = layout == nil ? embeddedImages(document) : []
    var root: [(String, String)] = [
      ("xmlns", "http://www.w3.org/ns/ttml"),
      ("xmlns:ttp", "http://www.w3.org/ns/ttml#parameter"),
      ("xmlns:tts", "http://www.w3.org/ns/ttml#styling"),
    ]
    if hasImages && layout == nil {
      root.append(("xmlns:smpte", "http://www.smpte-ra.org/schemas/2052-1/2010/smpte-tt"))
    }
    if layout != nil && !hasText {
      root.append(("ttp:contentProfiles", TTMLImageProfile.imsc11ImageDesignator))
    }
    root.append(("ttp:timeBase", "media"))
    if let timing {
      if let rate = timing.frameRate { root.append(("ttp:frameRate", String(rate))) }
      if timing.frameRateMultiplier != (1, 1) {
        let (n, d) = timing.frameRateMultiplier
        root.append(("ttp:frameRateMultiplier", "\(n) \(d)"))
      }
      if timing.subFrameRate != 1 { root.append(("ttp:subFrameRate", String(timing.subFrameRate))) }
      if let ticks = timing.tickRate { root.append(("ttp:tickRate", String(ticks))) }
    }
    if let layout {
      root.append(("tts:extent", layout.rootExtent.ttmlExtent))
    } else if document.format == .ttml, let extent = document.rootExtent {
      root.append(("tts:extent", extent))
    }
    root.append(
      ("xml:lang", document.language.flatMap { LanguageTag.isWellFormed($0) ? $0 : nil } ?? ""))
    xml.open("tt", root)
    var sheet = TTMLStyleSheet()
    for style in document.styles { sheet.add(style) }
    for region in document.regions { sheet.add(region) }
    let paragraphStyles =
      document.format == .ttml && hasText ? ParagraphStyles(document, sheet: &sheet) : nil
    var styles =
      document.format == .ttml ? document.styles + (paragraphStyles?.generated ?? []) : []
    var cueStyleID: String? = nil
    if hasText && !options.cueStyle.isEmpty {
      var identifier = "captionStyle"
      var suffix = 1
      while styles.contains(where: { $0.identifier == identifier }) {
        suffix += 1
        identifier = "captionStyle\(suffix)"
      }
      styles.append(SubtitleStyle(identifier: identifier, properties: options.cueStyle))
      cueStyleID = identifier
    }
    xml.open("head")
    if !images.isEmpty { writeSMPTEImages(images, into: &xml) }
    if hasText && !styles.isEmpty {
      xml.open("styling")
      for style in styles {
        var attributes = [("xml:id", style.identifier)]
        if !style.references.isEmpty {
          attributes.append(("style", style.references.joined(separator: " ")))
        }
        attributes += style.properties.map { ("tts:" + $0.name, $0.value) }
        xml.empty("style", attributes)
      }
      xml.close()
    }
    let regions = textRegions(document, imageLayout: layout) + imageRegions(layout)
    if !regions.isEmpty {
      xml.open("layout")
      for region in regions {
        var attributes = [("xml:id", region.identifier)]
        if !region.styleReferences.isEmpty {
          attributes.append(("style", region.styleReferences.joined(separator: " ")))
        }
        attributes += region.properties.map { ("tts:" + $0.name, $0.value) }
        xml.empty("region", attributes)
      }
      xml.close()
    }
    xml.close()
    xml.open("body")
    // IMSC 1.1 §9: the image profile prohibits #nested-div, so image divs sit in body.
    if layout == nil || hasText { xml.open("div") }
    let regionsByName = Dictionary(
      (layout?.regions ?? []).map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
    var imageIndex = 0
    for (index, cue) in document.cues.enumerated() {
      var attributes: [(String, String)] = []
      var identifier = cue.identifier.flatMap { $0.isEmpty ? nil : $0 }
      if document.format != .ttml { identifier = nil }
      // In the IMSC form the id goes on the image element, which the cue is read back from.
      if let identifier, layout == nil || !cue.isImage { attributes.append(("xml:id", identifier)) }
      attributes.append(("begin", time(cue.start, timing)))
      attributes.append(("end", time(cue.end, timing)))
      let region =
        document.format == .ttml ? cue.region : placementRegionName(cue.placement.vertical)
      switch cue.content {
      case .image(let image):
        if let layout {
          let region = layout.imageRegions[index].flatMap { regionsByName[$0] }
          if let region { attributes.append(("region", region.identifier)) }
          xml.open("div", attributes)
          writeIMSCImage(image, identifier: identifier, extent: region?.size, into: &xml)
          xml.close()
        } else {
          if let region { attributes.append(("region", region)) }
          var reference = image.source
          if image.data != nil {
            reference = "#" + images[imageIndex].id
            imageIndex += 1
          }
          if let reference { attributes.append(("smpte:backgroundImage", reference)) }
          xml.empty("div", attributes)
        }
      case .text(let text):
        if let region { attributes.append(("region", region)) }
        attributes += paragraphStyles?.attributes(cue) ?? placementStyle(cue)
        if needsPreservedSpace(text.plainText) { attributes.append(("xml:space", "preserve")) }
        xml.open("p", attributes, inline: true)
        if let cueStyleID { xml.open("span", [("style", cueStyleID)], inline: true) }
        writeNodes(text.nodes, into: &xml)
        if cueStyleID != nil { xml.close() }
        xml.close()
      }
    }
    xml.closeAll()
    var bytes = xml.bytes
    bytes.append(0x0A)
    return bytes
  }

  /// The regions text cues use: a TTML document's own (all of them, or with an IMSC image
  /// layout only those its text cues name), else bands for the placements of other formats.
  private static func textRegions(_ document: SubtitleDocument, imageLayout: IMSCImageLayout?)
    -> [SubtitleRegion]
  {
    guard document.format == .ttml else { return placementRegions(document) }
    guard imageLayout != nil else { return document.regions }
    let used = Set(document.cues.filter { !$0.isImage }.compactMap(\.region))
    return document.regions.filter { used.contains($0.identifier) }
  }

  /// The inline styling of a paragraph from another format: its placement's alignment.
  private static func placementStyle(_ cue: Cue) -> [(String, String)] {
    guard let horizontal = cue.placement.horizontal, horizontal != .center else { return [] }
    return [("tts:textAlign", horizontal.rawValue)]
  }

  /// True when default XML whitespace handling would change `text` (TTML1 §7.2.3): a tab, a
  /// run of spaces, or a space at the start or end of a line.
  static func needsPreservedSpace(_ text: String) -> Bool {
    var previous: UInt8 = 0x0A
    for byte in text.utf8 {
      if byte == 0x09 || (byte == 0x20 && (previous == 0x20 || previous == 0x0A))
        || (byte == 0x0A && previous == 0x20)
      {
        return true
      }
      previous = byte
    }
    return previous == 0x20
  }

  private static func writeNodes(_ nodes: [CueNode], into xml: inout XMLWriter) {
    for node in nodes {
      switch node {
      case .text(let text): writeText(text, into: &xml)
      case .lineBreak: xml.empty("br")
      case .timestamp: break
      case .span(let span):
        let attributes = spanAttributes(span)
        if attributes.isEmpty {
          writeNodes(span.children, into: &xml)
        } else {
          xml.open("span", attributes, inline: true)
          writeNodes(span.children, into: &xml)
          xml.close()
        }
      }
    }
  }

  /// Text with each CR, LF or CRLF written as `br` (a line break in text would be collapsed
  /// to a space by XML whitespace handling when read back).
  private static func writeText(_ text: String, into xml: inout XMLWriter) {
    guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else {
      xml.text(text)
      return
    }
    var previous: UInt8 = 0
    var line = [UInt8]()
    for byte in text.utf8 {
      defer { previous = byte }
      if byte == 0x0A && previous == 0x0D { continue }
      if byte == 0x0A || byte == 0x0D {
        if !line.isEmpty { xml.text(String(decoding: line, as: UTF8.self)) }
        line.removeAll(keepingCapacity: true)
        xml.empty("br")
      } else {
        line.append(byte)
      }
    }
    if !line.isEmpty { xml.text(String(decoding: line, as: UTF8.self)) }
  }

  private static func spanAttributes(_ span: CueSpan) -> [(String, String)] {
    var attributes: [(String, String)] = []
    if !span.styleReferences.isEmpty {
      attributes.append(("style", span.styleReferences.joined(separator: " ")))
    }
    if span.kind == .styled {
      return attributes + span.style.map { ("tts:" + $0.name, $0.value) }
    }
    if span.isItalic { attributes.append(("tts:fontStyle", "italic")) }
    if span.isBold { attributes.append(("tts:fontWeight", "bold")) }
    if span.isUnderlined { attributes.append(("tts:textDecoration", "underline")) }
    if let color = span.color { attributes.append(("tts:color", color)) }
    return attributes
  }

  /// A TTML time expression for `time`: exact clock time when the decimal terminates within 9
  /// digits, else ticks or frames at the document's rates, else clock time rounded to 9 digits.
  static func time(_ time: SubtitleTime, _ timing: TTMLTimingParameters?) -> String {
    let value = time.isNegative ? SubtitleTime.zero : time
    let reduced = value.reduced
    if let timing, reduced.decimalScale == nil {
      let ticks = timing.effectiveTickRate
      if timing.tickRate != nil, ticks.denominator == 1,
        let count = reduced.wholeCount(scaledBy: ticks.numerator, over: 1)
      {
        return "\(count)t"
      }
      let rate = timing.effectiveFrameRate
      if timing.frameRate != nil, rate.numerator > 0,
        let frames = reduced.wholeCount(scaledBy: rate.numerator, over: rate.denominator)
      {
        return "\(frames)f"
      }
    }
    let decimal = value.decimal
    let whole = decimal.integerPart
    let fraction = decimal - ExactDecimal(significand: whole, scale: 0)
    let digits = max(3, fraction.normalized.scale)
    let fractionText = fraction.formatted(fractionDigits: digits).dropFirst(2)
    let hours = whole / 3600
    let minutes = whole / 60 % 60
    let seconds = whole % 60
    func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : String(n) }
    return "\(two(hours)):\(two(minutes)):\(two(seconds)).\(fractionText)"
  }

  private static func placementRegionName(_ vertical: CuePlacement.Vertical?) -> String? {
    switch vertical {
    case .top: "top"
    case .middle: "middle"
    case .bottom, nil: "bottom"
    }
  }

  /// Regions for the placements cues from SRT or WebVTT use (TTML shows text only in regions):
  /// 80% wide bands at the top, middle and bottom.
  private static func placementRegions(_ document: SubtitleDocument) -> [SubtitleRegion] {
    let used = Set(document.cues.compactMap { placementRegionName($0.placement.vertical) })
    let bands = [("top", "5%", "before"), ("bottom", "75%", "after"), ("middle", "40%", "center")]
    return bands.filter { used.contains($0.0) }.map { name, top, align in
      SubtitleRegion(
        identifier: name,
        properties: [
          StyleProperty("origin", "10% \(top)"), StyleProperty("extent", "80% 20%"),
          StyleProperty("displayAlign", align), StyleProperty("textAlign", "center"),
        ])
    }
  }
}
