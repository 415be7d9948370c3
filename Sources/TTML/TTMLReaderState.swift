import ManifestCore
import Subtitles
import XMLSupport

/// The streaming state of `TTMLReader`: a stack of open elements and what they contribute.
///
/// A frame on the stack is a plain value of numbers: the region, style references and style of
/// an element are numbers in `values` (each distinct value made once per document), its
/// `xml:id` and image data sit in arrays beside the stack, so opening and closing an element
/// allocates nothing and copies no references.
struct TTMLReaderState {
  enum Kind: UInt8 {
    case tt, head, styling, style, regionStyle, layout, region, metadata, smpteImage, resources
    case resourceImage, source, data, body, div, paragraph, span, lineBreak, contentImage, ignored
    /// A `set` in a paragraph.
    case animation
  }

  struct Frame {
    var kind: Kind
    var preserve = false
    var line: Int
    /// The region's number in `values.regions`, or -1.
    var region: Int32 = -1
    /// The number of the `style` references in `values.referenceLists` (0: none).
    var styleReferences: Int32 = 0
    /// The number of the element's style in `values.styles` (0: none): own styling for `style`,
    /// `region` and `span`, computed style for the other content elements.
    var style: Int32 = 0
    var timing: TTMLTimingContext? = nil

    init(kind: Kind, line: Int) {
      self.kind = kind
      self.line = line
    }
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
  var values = TTMLValueTables()
  var stack: [Frame] = []
  /// The `xml:id` of each frame on the stack.
  var frameIdentifiers: [String?] = []
  /// The image of each frame on the stack.
  var frameImages: [FrameImage?] = []
  var paragraph = TTMLParagraph()
  var images: [String: [UInt8]] = [:]
  var sawRoot = false
  /// Scratch space for the inline styling attributes of a start tag.
  var styleAttributes: [Int] = []
  var styleAttributeIDs: [Int] = []
  /// Own styles of content elements by (style references, inline style) numbers; emptied
  /// when a style is defined.
  var ownStyles: [Int64: Int32] = [:]
  /// Paragraph styles and placements by (region, computed style) numbers; emptied when a
  /// region is defined.
  var cueStyles: [Int64: (style: Int32, placement: CuePlacement)] = [:]
  /// The region, style references and style of the last text cue built from scratch, which
  /// the next ones may share, and the numbers they were made from (-1: none yet).
  var templateExtras: Cue.ExtrasBox? = nil
  var templateKey: (region: Int32, references: Int32, style: Int32) = (-1, -1, -1)
  /// The last paragraph style worked out: (region, computed style) numbers and the result.
  var lastCueStyleKey: Int64 = -1
  var lastCueStyle: (style: Int32, placement: CuePlacement) = (0, CuePlacement())
  /// The text cues whose content is in the paragraph's content buffer, in order, with where
  /// their items end (each range of items starts where the one before ends).
  var contentEnds: [(cue: Int, end: Int)] = []
  /// Cues whose end could not be resolved (indefinite, unbounded), by index.
  var unresolvedEnds: [Int] = []
  /// The latest begin or end any timed element (content, `set`, `region`) gives, as far as
  /// its ancestors let it be reached: the document's end when its timing leaves that open.
  var latestTime = SubtitleTime.zero
  /// The active intervals of regions with timing of their own, by region id (`end` `nil`:
  /// indefinite): content shows only while its region is active.
  var regionIntervals: [String: (begin: SubtitleTime, end: SubtitleTime?)] = [:]
  /// The `set` elements of `tts:display` in the open paragraph.
  var displaySets: [TTMLDisplayTimeline.Change] = []
  /// The last paragraph style number looked at and whether its display is other than `none`
  /// (paragraphs mostly share their style).
  var displayStyle: (number: Int32, shown: Bool) = (0, true)
  /// The text cues of paragraphs whose display is `none` or changed by `set` elements (a range
  /// of cue indices) and when they are displayed: applied once the cue ends are resolved.
  var displayTimelines: [(cues: Range<Int>, timeline: TTMLDisplayTimeline)] = []
  /// References from one `style` to another not defined yet, with their lines: checked at the
  /// end, as a style may refer to one defined after it.
  var forwardStyleReferences: [(reference: String, line: Int)] = []

  init() {}

  /// Streams `bytes` through this state.
  mutating func read(_ bytes: [UInt8], limits: XMLReaderLimits) throws(ParseError) {
    // Room for a cue every 64 bytes and the text and items of all of them, so the arrays do
    // not grow by copying (capacity that is never used is never touched, so costs nothing).
    document.cues.reserveCapacity(bytes.count / 64)
    contentEnds.reserveCapacity(bytes.count / 64)
    paragraph.reserveCapacity(bytes: bytes.count / 2, items: bytes.count / 32)
    var failure: ParseError? = nil
    do throws(XMLReaderError) {
      try XMLStreamReader.read(bytes, limits: limits) { event in
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
        code: XMLCodes.code(of: error), message: error.message,
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
    case .namespaceWarning(let message, let line, _):
      warn(.ttmlNamespace, message, line: line)
    }
  }

  mutating func warn(_ code: SubtitleDiagnosticCode, _ message: String, line: Int) {
    document.diagnostics.append(
      Diagnostic(
        .warning, message, code: code.rawValue,
        at: SourceLocation(line: line, column: 1, offset: 0)))
  }

  // MARK: Start tags

  private mutating func start(_ tag: XMLStartTag) throws(ParseError) {
    let line = tag.line
    let (vocabulary, local) = names.element(tag)
    guard sawRoot else {
      guard vocabulary == .core, local == .tt else {
        let name = tag.name
        throw ParseError(
          code: SubtitleDiagnosticCode.ttmlNotTTML.rawValue,
          message: "not a TTML document: the root element is <\(name.qualifiedName)> in "
            + "namespace '\(PrintableText.value(name.namespace))', expected <tt> in the TTML namespace",
          location: SourceLocation(line: line, column: 1, offset: 0))
      }
      sawRoot = true
      startRoot(tag)
      return
    }
    let parent = stack.isEmpty ? Kind.ignored : stack[stack.count - 1].kind
    // What the element is, and whether its attributes matter: not inside ignored content or
    // metadata, nor for elements of other vocabularies.
    let kind: Kind
    let readsAttributes: Bool
    if vocabulary == .smpte && local == .image {
      (kind, readsAttributes) = (.smpteImage, true)
    } else if parent == .ignored || parent == .metadata || parent == .smpteImage
      || parent == .lineBreak
    {
      (kind, readsAttributes) = (parent == .metadata ? .metadata : .ignored, false)
    } else if vocabulary != .core {
      (kind, readsAttributes) = (vocabulary == .metadata ? .metadata : .ignored, false)
    } else {
      kind = Self.kind(local, in: parent)
      readsAttributes = kind != .ignored
    }
    var frame = Frame(kind: kind, line: line)
    frame.preserve = stack.isEmpty ? false : stack[stack.count - 1].preserve
    guard readsAttributes else {
      push(frame, identifier: nil, image: nil)
      return
    }
    let attributes = readAttributes(tag)
    var identifier: String? = nil
    var image: FrameImage? = nil
    readCommon(attributes, tag, into: &frame, identifier: &identifier, image: &image)
    switch kind {
    case .style, .regionStyle:
      frame.style = ownStyle(
        frame.styleReferences, attributes.inlineStyle, line: line, resolvingReferences: false)
    case .region:
      frame.style = ownStyle(frame.styleReferences, attributes.inlineStyle, line: line)
      if let identifier { readRegionTiming(identifier, attributes, tag, line: line) }
    case .body, .div, .paragraph, .span, .contentImage:
      startContent(&frame, attributes, tag)
    case .lineBreak:
      paragraph.lineBreak(preserve: frame.preserve)
    case .animation:
      readDisplaySet(attributes, tag, line: line)
    default: break
    }
    push(frame, identifier: identifier, image: image)
  }

  /// The kind of a TTML element named `local` inside an element of kind `parent`.
  private static func kind(_ local: TTMLLocalName?, in parent: Kind) -> Kind {
    switch (local, parent) {
    case (.head, .tt): .head
    case (.styling, .head): .styling
    case (.layout, .head): .layout
    case (.resources, .head): .resources
    case (.metadata, _): .metadata
    case (.style, .styling): .style
    case (.style, .region): .regionStyle
    case (.region, .layout): .region
    case (.image, .resources): .resourceImage
    case (.source, .resourceImage), (.source, .contentImage): .source
    case (.data, .resources), (.data, .source), (.data, .resourceImage), (.data, .contentImage):
      .data
    case (.body, .tt): .body
    case (.div, .body), (.div, .div): .div
    case (.p, .body), (.p, .div): .paragraph
    case (.span, .paragraph), (.span, .span): .span
    case (.br, .paragraph), (.br, .span): .lineBreak
    case (.image, .body), (.image, .div), (.image, .paragraph), (.image, .span): .contentImage
    case (.set, .paragraph): .animation
    default: .ignored
    }
  }

  private mutating func push(_ frame: Frame, identifier: String?, image: FrameImage?) {
    stack.append(frame)
    frameIdentifiers.append(identifier)
    frameImages.append(image)
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
          warn(
            .ttmlTimingParameter,
            "unknown ttp:timeBase '\(PrintableText.value(value))'; using media", line: line)
        }
      case (.parameter, .frameRate):
        if let rate = Int64(value), rate > 0 {
          parameters.frameRate = rate
        } else {
          warn(
            .ttmlTimingParameter, "invalid ttp:frameRate '\(PrintableText.value(value))'",
            line: line)
        }
      case (.parameter, .frameRateMultiplier):
        let parts = value.split(separator: " ").compactMap { Int64($0) }
        if parts.count == 2, parts[0] > 0, parts[1] > 0 {
          parameters.frameRateMultiplier = (parts[0], parts[1])
        } else {
          warn(
            .ttmlTimingParameter, "invalid ttp:frameRateMultiplier '\(PrintableText.value(value))'",
            line: line)
        }
      case (.parameter, .subFrameRate):
        if let rate = Int64(value), rate > 0 {
          parameters.subFrameRate = rate
        } else {
          warn(
            .ttmlTimingParameter, "invalid ttp:subFrameRate '\(PrintableText.value(value))'",
            line: line)
        }
      case (.parameter, .tickRate):
        if let rate = Int64(value), rate > 0 {
          parameters.tickRate = rate
        } else {
          warn(
            .ttmlTimingParameter, "invalid ttp:tickRate '\(PrintableText.value(value))'", line: line
          )
        }
      case (.parameter, .dropMode):
        if let mode = TTMLTimingParameters.DropMode(rawValue: value) {
          parameters.dropMode = mode
        } else {
          warn(
            .ttmlTimingParameter,
            "unknown ttp:dropMode '\(PrintableText.value(value))'; using nonDrop", line: line)
        }
      case (.parameter, .clockMode): parameters.clockMode = value
      case (.xml, .lang):
        if value.isEmpty {
          document.language = nil
        } else if LanguageTag.isWellFormed(value) {
          document.language = value
        } else {
          warn(
            .ttmlLanguage,
            "xml:lang '\(PrintableText.value(value))' is not a BCP 47 language tag; ignored",
            line: line)
        }
      case (.xml, .space): frame.preserve = value == "preserve"
      default: break
      }
    }
    document.timing = parameters
    push(frame, identifier: nil, image: nil)
  }

  // MARK: Text

  /// Text is an anonymous span, and in a `seq` container its implicit duration is zero (TTML2
  /// §12.4, TTML1 §10.4): its active interval is empty, so it is never shown and no cue holds
  /// it (imsc-tests MediaSeqTiming003 "must not appear"). One warning per element says so.
  private mutating func warnTextInSequence(_ text: UnsafeBufferPointer<UInt8>, line: Int) {
    guard text.contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x09 && $0 != 0x0D })
    else { return }
    let message =
      "text directly inside an element with timeContainer=\"seq\" has no duration and is "
      + "never shown"
    guard
      document.diagnostics.last.map({ $0.message != message || $0.location.line != line })
        ?? true
    else { return }
    warn(.ttmlTextInSequence, message, line: line)
  }

  private mutating func characters(_ text: UnsafeBufferPointer<UInt8>) {
    guard !stack.isEmpty else { return }
    let top = stack.count - 1
    switch stack[top].kind {
    case .paragraph, .span:
      if stack[top].timing?.isSequence == true {
        warnTextInSequence(text, line: stack[top].line)
        return
      }
      paragraph.text(text, preserve: stack[top].preserve)
      stack[top].timing?.addText()
    case .smpteImage, .data:
      let image = frameImages[top] ?? FrameImage()
      image.text += text
      frameImages[top] = image
    default: break
    }
  }
}
