import ManifestCore
import XMLSupport

/// The streaming state of `TTMLReader`: a stack of open elements and what they contribute.
struct TTMLReaderState {
  enum Kind {
    case tt, head, styling, style, regionStyle, layout, region, metadata, smpteImage, resources
    case resourceImage, source, data, body, div, paragraph, span, lineBreak, contentImage, ignored
  }

  struct Frame {
    var kind: Kind
    var line: Int
    var identifier: String? = nil
    var timing: TTMLTimingContext? = nil
    var region: String? = nil
    var style: [StyleProperty] = []
    var styleReferences: [String] = []
    var preserve = false
    var image: FrameImage? = nil
  }

  /// What an image-related element collects: its reference, type, base64 text and data.
  final class FrameImage {
    var source: String? = nil
    var mediaType: String? = nil
    var text: [UInt8] = []
    var data: [UInt8]? = nil
  }

  var document = SubtitleDocument(format: .ttml)
  var parameters = TTMLTimingParameters()
  var sheet = TTMLStyleSheet()
  var names = TTMLNameTable()
  var stack: [Frame] = []
  var paragraph = TTMLParagraph()
  var images: [String: [UInt8]] = [:]
  var sawRoot = false
  /// The last text cue built from scratch, whose storage the next ones may share, and what it
  /// was built from.
  private var hasTemplate = false
  private var template = Cue(start: .zero, end: .zero, text: "")
  private var templateRegion: String? = nil
  private var templateStyleReferences: [String] = []
  private var templateStyle: [StyleProperty] = []
  /// The last inline style read, shared by the next element that repeats it.
  private var lastInlineStyle: [StyleProperty] = []
  /// Cues whose end could not be resolved (indefinite, unbounded), by index.
  var unresolvedEnds: [Int] = []
  /// The last paragraph style worked out, by region and computed style (consecutive
  /// paragraphs usually share both).
  private var hasCachedStyle = false
  private var cachedRegion: String? = nil
  private var cachedComputed: [StyleProperty] = []
  private var cachedStyle: [StyleProperty] = []
  private var cachedPlacement = CuePlacement()

  init() {}

  /// Streams `bytes` through this state.
  mutating func read(_ bytes: [UInt8]) throws(ParseError) {
    document.cues.reserveCapacity(bytes.count / 128)
    var failure: ParseError? = nil
    do throws(XMLReaderError) {
      try XMLStreamReader.read(bytes) { event in
        do throws(ParseError) {
          try handle(event)
          return true
        } catch {
          failure = error
          return false
        }
      }
    } catch {
      throw ParseError(
        code: error.code, message: error.message,
        location: TTMLReader.location(line: error.line, column: error.column, in: bytes))
    }
    if let failure { throw failure }
  }

  mutating func handle(_ event: XMLEvent) throws(ParseError) {
    switch event {
    case .startElement(let tag):
      try start(tag)
    case .endElement:
      end()
    case .text(let text):
      characters(text.bytes)
    case .comment, .processingInstruction:
      break
    }
  }

  // MARK: Start tags

  private mutating func start(_ tag: XMLStartTag) throws(ParseError) {
    let name = tag.name
    let line = tag.line
    let vocabulary = names.vocabulary(name)
    let local = names.local(name)
    guard sawRoot else {
      guard vocabulary == .core, local == .tt else {
        throw ParseError(
          code: "not-ttml",
          message: "not a TTML document: the root element is <\(name.qualifiedName)> in "
            + "namespace '\(name.namespace)', expected <tt> in the TTML namespace",
          location: SourceLocation(line: line, column: 1, offset: 0))
      }
      sawRoot = true
      startRoot(tag)
      return
    }
    let parent = stack.isEmpty ? Kind.ignored : stack[stack.count - 1].kind
    var frame = Frame(kind: .ignored, line: line)
    frame.preserve = stack.isEmpty ? false : stack[stack.count - 1].preserve
    if vocabulary == .smpte && local == .image {
      frame.kind = .smpteImage
      readCommon(readAttributes(tag), tag, into: &frame)
      stack.append(frame)
      return
    }
    switch parent {
    case .ignored, .metadata, .smpteImage, .lineBreak:
      frame.kind = parent == .metadata ? .metadata : .ignored
      stack.append(frame)
      return
    default: break
    }
    guard vocabulary == .core else {
      frame.kind = vocabulary == .metadata ? .metadata : .ignored
      stack.append(frame)
      return
    }
    switch (local, parent) {
    case (.head, .tt): frame.kind = .head
    case (.styling, .head): frame.kind = .styling
    case (.layout, .head): frame.kind = .layout
    case (.resources, .head): frame.kind = .resources
    case (.metadata, _): frame.kind = .metadata
    case (.style, .styling): frame.kind = .style
    case (.style, .region): frame.kind = .regionStyle
    case (.region, .layout): frame.kind = .region
    case (.image, .resources): frame.kind = .resourceImage
    case (.source, .resourceImage), (.source, .contentImage): frame.kind = .source
    case (.data, .resources), (.data, .source), (.data, .resourceImage), (.data, .contentImage):
      frame.kind = .data
    case (.body, .tt): frame.kind = .body
    case (.div, .body), (.div, .div): frame.kind = .div
    case (.p, .body), (.p, .div): frame.kind = .paragraph
    case (.span, .paragraph), (.span, .span): frame.kind = .span
    case (.br, .paragraph), (.br, .span): frame.kind = .lineBreak
    case (.image, .body), (.image, .div), (.image, .paragraph), (.image, .span):
      frame.kind = .contentImage
    default: frame.kind = .ignored
    }
    guard frame.kind != .ignored else {
      stack.append(frame)
      return
    }
    let attributes = readAttributes(tag)
    readCommon(attributes, tag, into: &frame)
    switch frame.kind {
    case .style, .regionStyle:
      frame.style = ownStyle(frame, attributes, resolvingReferences: false)
    case .region:
      frame.style = ownStyle(frame, attributes, resolvingReferences: true)
    case .body, .div, .paragraph, .span, .contentImage:
      startContent(&frame, attributes, tag)
    case .lineBreak:
      paragraph.lineBreak()
    default: break
    }
    stack.append(frame)
  }

  private mutating func startRoot(_ tag: XMLStartTag) {
    let line = tag.line
    var frame = Frame(kind: .tt, line: line)
    frame.timing = .root
    for index in 0..<tag.attributeCount {
      let attributeName = tag.attributeName(index)
      let value = tag.attributeValue(index)
      switch (names.vocabulary(attributeName), names.local(attributeName)) {
      case (.styling, .extent): document.rootExtent = value
      case (.parameter, .timeBase):
        if let base = TTMLTimingParameters.TimeBase(rawValue: value) {
          parameters.timeBase = base
        } else {
          warn("unknown ttp:timeBase '\(value)'; using media", line: line)
        }
      case (.parameter, .frameRate):
        if let rate = Int64(value), rate > 0 {
          parameters.frameRate = rate
        } else {
          warn("invalid ttp:frameRate '\(value)'", line: line)
        }
      case (.parameter, .frameRateMultiplier):
        let parts = value.split(separator: " ").compactMap { Int64($0) }
        if parts.count == 2, parts[0] > 0, parts[1] > 0 {
          parameters.frameRateMultiplier = (parts[0], parts[1])
        } else {
          warn("invalid ttp:frameRateMultiplier '\(value)'", line: line)
        }
      case (.parameter, .subFrameRate):
        if let rate = Int64(value), rate > 0 {
          parameters.subFrameRate = rate
        } else {
          warn("invalid ttp:subFrameRate '\(value)'", line: line)
        }
      case (.parameter, .tickRate):
        if let rate = Int64(value), rate > 0 {
          parameters.tickRate = rate
        } else {
          warn("invalid ttp:tickRate '\(value)'", line: line)
        }
      case (.parameter, .dropMode):
        if let mode = TTMLTimingParameters.DropMode(rawValue: value) {
          parameters.dropMode = mode
        } else {
          warn("unknown ttp:dropMode '\(value)'; using nonDrop", line: line)
        }
      case (.parameter, .clockMode): parameters.clockMode = value
      case (.other, .lang) where attributeName.namespace == xmlNamespace:
        document.language = value.isEmpty ? nil : value
      case (.other, .space) where attributeName.namespace == xmlNamespace:
        frame.preserve = value == "preserve"
      default: break
      }
    }
    document.timing = parameters
    stack.append(frame)
  }

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
    var inlineStyle: [StyleProperty]? = nil
  }

  private mutating func readAttributes(_ tag: XMLStartTag) -> Attributes {
    var result = Attributes()
    for index in 0..<tag.attributeCount {
      let (vocabulary, local, namespaceID) = names.attribute(tag, index)
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
        let property = StyleProperty(tag.attributeName(index).localName, tag.attributeValue(index))
        if result.inlineStyle == nil {
          result.inlineStyle = [property]
        } else {
          result.inlineStyle?.append(property)
        }
      case .smpte where local == .backgroundImage:
        result.source = index
      case .other where local == .id || local == .space:
        guard tag.attributeName(index).namespace == xmlNamespace else { continue }
        if local == .id { result.identifier = index } else { result.space = index }
      default: break
      }
    }
    if let inline = result.inlineStyle {
      if inline == lastInlineStyle {
        result.inlineStyle = lastInlineStyle
      } else {
        lastInlineStyle = inline
      }
    }
    return result
  }

  /// `xml:id`, `xml:space`, `region`, `style`, `smpte:backgroundImage` or `src`, `type`.
  private func readCommon(_ a: Attributes, _ tag: XMLStartTag, into frame: inout Frame) {
    if a.identifier >= 0 { frame.identifier = tag.attributeValue(a.identifier) }
    if a.space >= 0 { frame.preserve = tag.attributeValue(a.space) == "preserve" }
    if a.region >= 0 { frame.region = tag.attributeValue(a.region) }
    if a.style >= 0 {
      frame.styleReferences = tag.attributeValue(a.style).split(
        whereSeparator: { $0 == " " || $0 == "\t" }
      ).map(String.init)
    }
    if a.source >= 0 || a.mediaType >= 0 {
      let image = frame.image ?? FrameImage()
      if a.source >= 0 { image.source = tag.attributeValue(a.source) }
      if a.mediaType >= 0 { image.mediaType = tag.attributeValue(a.mediaType) }
      frame.image = image
    }
  }

  /// Inline styling attributes of an element, on top of its referential styles.
  private mutating func ownStyle(
    _ frame: Frame, _ attributes: Attributes, resolvingReferences: Bool = true
  ) -> [StyleProperty] {
    guard !frame.styleReferences.isEmpty else { return attributes.inlineStyle ?? [] }
    var style = resolvingReferences ? sheet.resolve(frame.styleReferences) : []
    if let inline = attributes.inlineStyle { TTMLStyleSheet.merge(inline, into: &style) }
    for reference in frame.styleReferences where sheet.styles[reference] == nil {
      warn("unknown style '\(reference)'", line: frame.line)
    }
    return style
  }

  private mutating func startContent(
    _ frame: inout Frame, _ attributes: Attributes, _ tag: XMLStartTag
  ) {
    func value(_ index: Int, _ name: String) -> SubtitleTime? {
      guard index >= 0 else { return nil }
      if let bytes = tag.attributeBytes(index),
        let value = TTMLTimeExpression.parse(bytes, parameters)
      {
        return value
      }
      return time(tag.attributeValue(index), name, line: frame.line)
    }
    let begin = value(attributes.begin, "begin")
    let end = value(attributes.end, "end")
    let dur = value(attributes.dur, "dur")
    let sequence =
      attributes.timeContainer >= 0 && tag.attributeValue(attributes.timeContainer) == "seq"
    var hasTiming = attributes.begin >= 0 || attributes.end >= 0 || attributes.dur >= 0
    let parentIndex = stack.count - 1
    let parentTiming = stack[parentIndex].timing ?? .root
    if parentTiming.isSequence { hasTiming = true }
    frame.timing = parentTiming.child(begin: begin, end: end, dur: dur, isSequence: sequence)
    if frame.region == nil { frame.region = stack[parentIndex].region }
    let own = ownStyle(frame, attributes)
    if frame.kind == .span {
      let span = CueSpan(
        .styled, style: own, styleReferences: frame.styleReferences, children: [])
      paragraph.openSpan(
        span, begin: frame.timing?.begin ?? .zero, end: frame.timing?.activeEnd, timed: hasTiming)
      frame.style = own
    } else {
      frame.style = stack[parentIndex].style
      if !own.isEmpty { TTMLStyleSheet.merge(own, into: &frame.style) }
    }
    if frame.kind == .paragraph { paragraph.reset() }
    // An image has no duration of its own (its implicit duration is indefinite): it lasts as
    // long as its parent lets it, so `<div begin end><image/></div>` (IMSC 1.1 §9.4.4) shows
    // the image for the div's time.
    if frame.kind == .contentImage { frame.timing?.addText() }
    if attributes.region >= 0, let region = frame.region, sheet.regions[region] == nil {
      warn("unknown region '\(region)'", line: frame.line)
    }
  }

  private mutating func time(_ text: String, _ attribute: String, line: Int) -> SubtitleTime? {
    if let value = TTMLTimeExpression.parse(text, parameters) { return value }
    warn("invalid \(attribute) time expression '\(text)'; ignored", line: line)
    return nil
  }

  mutating func warn(_ message: String, line: Int) {
    document.diagnostics.append(
      Diagnostic(.warning, message, at: SourceLocation(line: line, column: 1, offset: 0)))
  }

  // MARK: Text

  private mutating func characters(_ text: UnsafeBufferPointer<UInt8>) {
    guard !stack.isEmpty else { return }
    let top = stack.count - 1
    switch stack[top].kind {
    case .paragraph, .span:
      paragraph.text(text, preserve: stack[top].preserve)
      stack[stack.count - 1].timing?.addText()
    case .smpteImage, .data:
      let image = stack[top].image ?? FrameImage()
      image.text += text
      stack[top].image = image
    default: break
    }
  }

  // MARK: End tags

  private mutating func end() {
    guard let frame = stack.popLast() else { return }
    switch frame.kind {
    case .style:
      if let id = frame.identifier {
        let style = SubtitleStyle(
          identifier: id, properties: frame.style, references: frame.styleReferences)
        sheet.add(style)
        document.styles.append(style)
      }
    case .regionStyle:
      if !stack.isEmpty { TTMLStyleSheet.merge(frame.style, into: &stack[stack.count - 1].style) }
    case .region:
      if let id = frame.identifier {
        let region = SubtitleRegion(
          identifier: id, properties: frame.style, styleReferences: frame.styleReferences)
        sheet.add(region)
        document.regions.append(region)
      }
    case .smpteImage, .data:
      finishImageData(frame)
    case .paragraph:
      finishParagraph(frame)
    case .span:
      paragraph.closeSpan(end: frame.timing?.activeEnd)
    case .body, .div, .contentImage:
      if frame.image?.source != nil || frame.image?.data != nil { addImageCue(frame) }
    default: break
    }
    if let timing = frame.timing, !stack.isEmpty, frame.kind != .tt {
      stack[stack.count - 1].timing?.addChild(end: timing.desiredEnd)
    }
  }

  private mutating func finishImageData(_ frame: Frame) {
    let data: [UInt8]
    do {
      data = try Base64.decode(frame.image?.text ?? [])
    } catch {
      warn("image data is not valid base64 (\(error.reason)); ignored", line: frame.line)
      return
    }
    if let id = frame.identifier { images[id] = data }
    // Data inside an image resource or a content image belongs to it.
    if let index = stack.lastIndex(where: { $0.kind == .resourceImage || $0.kind == .contentImage }
    ) {
      if let id = stack[index].identifier, stack[index].kind == .resourceImage {
        images[id] = data
      }
      let image = stack[index].image ?? FrameImage()
      image.data = data
      stack[index].image = image
    }
  }

  private mutating func finishParagraph(_ frame: Frame) {
    guard let timing = frame.timing else { return }
    if frame.image?.source != nil {
      addImageCue(frame)
      return
    }
    let begin = timing.begin
    let (style, placement) = cueStyle(region: frame.region, computed: frame.style)
    if let explicit = timing.explicitEnd, explicit <= begin {
      // Kept as written, so validation can report it; an empty interval written as such
      // (`begin="1s" end="1s"`, as every writer spells a zero-length cue) is a zero-length cue.
      if explicit < begin { warn("p ends before it begins", line: frame.line) }
      appendCue(frame, begin, explicit, paragraph.content(), style, placement)
      return
    }
    guard let end = timing.activeEnd else {
      unresolvedEnds.append(document.cues.count)
      appendCue(frame, begin, begin, paragraph.content(), style, placement)
      return
    }
    guard end > begin else { return }
    guard paragraph.hasTimedSpans else {
      appendCue(frame, begin, end, paragraph.content(), style, placement)
      return
    }
    for piece in paragraph.pieces(begin: begin, end: end) {
      appendCue(frame, piece.start, piece.end, piece.nodes, style, placement)
    }
  }

  private mutating func appendCue(
    _ frame: Frame, _ start: SubtitleTime, _ end: SubtitleTime, _ nodes: [CueNode],
    _ style: [StyleProperty], _ placement: CuePlacement
  ) {
    // Consecutive paragraphs mostly share region and styling: reuse the previous cue's
    // storage for them instead of building it again.
    if hasTemplate && templateRegion == frame.region
      && templateStyleReferences == frame.styleReferences && templateStyle == style
    {
      document.cues.append(
        Cue(
          sharingExtrasOf: template, identifier: frame.identifier, start: start, end: end,
          content: .text(CueText(nodes: nodes)), placement: placement, line: frame.line))
      return
    }
    let cue = Cue(
      identifier: frame.identifier, start: start, end: end, content: .text(CueText(nodes: nodes)),
      region: frame.region, styleReferences: frame.styleReferences, style: style,
      placement: placement, line: frame.line)
    hasTemplate = true
    template = cue
    templateRegion = frame.region
    templateStyleReferences = frame.styleReferences
    templateStyle = style
    document.cues.append(cue)
  }

  private mutating func addImageCue(_ frame: Frame) {
    guard let timing = frame.timing else { return }
    let begin = timing.begin
    guard let end = timing.activeEnd, end > begin else {
      warn("image has no time interval; ignored", line: frame.line)
      return
    }
    let source = frame.image?.source
    let identifier = source.flatMap { $0.hasPrefix("#") ? String($0.dropFirst()) : nil }
    let image = CueImage(
      data: frame.image?.data, source: source, mediaType: frame.image?.mediaType ?? "image/png",
      identifier: identifier)
    document.cues.append(
      Cue(
        identifier: frame.identifier, start: begin, end: end, content: .image(image),
        region: frame.region, styleReferences: frame.styleReferences,
        placement: sheet.placement(region: frame.region, style: frame.style), line: frame.line))
  }

  /// The paragraph style with the region's inheritable style beneath it, and its placement.
  private mutating func cueStyle(region: String?, computed: [StyleProperty]) -> (
    style: [StyleProperty], placement: CuePlacement
  ) {
    if hasCachedStyle && cachedRegion == region && cachedComputed == computed {
      return (cachedStyle, cachedPlacement)
    }
    var output = computed
    if let region, let properties = sheet.regions[region]?.properties {
      var base = properties.filter { !TTMLStyleSheet.regionOnly.contains($0.name) }
      TTMLStyleSheet.merge(computed, into: &base)
      output = base
    }
    // A computed style is a set: its order carries no meaning, so it is kept sorted.
    output.sort { $0.name < $1.name }
    hasCachedStyle = true
    cachedRegion = region
    cachedComputed = computed
    cachedStyle = output
    cachedPlacement = sheet.placement(region: region, style: output)
    return (output, cachedPlacement)
  }

  // MARK: Finishing

  mutating func finish() throws(ParseError) -> SubtitleDocument {
    guard sawRoot else {
      throw ParseError(code: "not-ttml", message: "not a TTML document: no <tt> element")
    }
    for index in unresolvedEnds {
      let start = document.cues[index].start
      let next = document.cues[(index + 1)...].first { $0.start > start }?.start
      document.cues[index].end = next ?? start
      warn(
        "p has no end time (no end or dur on it or an ancestor); it ends when the next cue "
          + "starts", line: document.cues[index].line)
    }
    for index in document.cues.indices {
      guard case .image(var image) = document.cues[index].content, image.data == nil,
        let id = image.identifier
      else { continue }
      if let data = images[id] {
        image.data = data
        document.cues[index].content = .image(image)
      } else {
        warn("image '#\(id)' is not defined in the document", line: document.cues[index].line)
      }
    }
    document.diagnostics.sort { $0.location.line < $1.location.line }
    return document
  }
}
