import ManifestCore

/// What a cue shows: text or an image.
public enum CueContent: Sendable, Equatable {
  /// A text cue.
  case text(CueText)
  /// An image cue (SMPTE-TT / IMSC image profile).
  indirect case image(CueImage)
}

/// One subtitle cue in any format: when it shows (exact rational times), what it shows, and
/// where. TTML `p` elements, SRT entries and WebVTT cues all become `Cue`s.
///
/// Fields most cues leave empty (region, style references, computed style, settings) live in one
/// shared copy-on-write box, so copying a cue costs little.
public struct Cue: Sendable, Equatable {
  /// The rarely set fields.
  struct Extras: Sendable, Equatable {
    var region: String?
    var styleReferences: [String]
    var style: [StyleProperty]
    var settings: String?

    var isEmpty: Bool {
      region == nil && styleReferences.isEmpty && style.isEmpty && settings == nil
    }
  }

  /// The rarely set fields of one or more cues (immutable, so shared freely).
  package final class ExtrasBox: Sendable {
    let value: Extras
    init(_ value: Extras) { self.value = value }
  }

  /// The cue identifier: the WebVTT cue id, the SRT index as written, or the TTML `xml:id`.
  public var identifier: String?
  /// When the cue appears.
  public var start: SubtitleTime
  /// When the cue disappears.
  public var end: SubtitleTime
  /// Text or image.
  public var content: CueContent
  /// Where the cue sits on screen, in terms every format can express.
  public var placement: CuePlacement
  /// The 1-based line of the cue in its source (its timing line, or the TTML element's line);
  /// 0 for a cue built in code. Not part of the cue's value for `==`.
  public var line: Int
  private var extrasBox: ExtrasBox?

  private var extras: Extras {
    get { extrasBox?.value ?? Extras(region: nil, styleReferences: [], style: [], settings: nil) }
    set { extrasBox = newValue.isEmpty ? nil : ExtrasBox(newValue) }
  }

  /// The region the cue is shown in: a TTML region id or a WebVTT `region:` setting.
  public var region: String? {
    get { extrasBox?.value.region }
    set { extras.region = newValue }
  }
  /// TTML `style` references of the paragraph, as written.
  public var styleReferences: [String] {
    get { extrasBox?.value.styleReferences ?? [] }
    set { extras.styleReferences = newValue }
  }
  /// The paragraph's computed TTML style (region, body, div, referential and inline styles
  /// resolved), by property local name.
  public var style: [StyleProperty] {
    get { extrasBox?.value.style ?? [] }
    set { extras.style = newValue }
  }
  /// The text after the end time on the timing line, verbatim: WebVTT cue settings
  /// (`line:0 align:start`) or SRT coordinates (`X1:40 X2:600 Y1:20 Y2:50`).
  public var settings: String? {
    get { extrasBox?.value.settings }
    set { extras.settings = newValue }
  }

  /// Creates a cue.
  public init(
    identifier: String? = nil, start: SubtitleTime, end: SubtitleTime, content: CueContent,
    region: String? = nil, styleReferences: [String] = [], style: [StyleProperty] = [],
    settings: String? = nil, placement: CuePlacement = CuePlacement(), line: Int = 0
  ) {
    self.identifier = identifier
    self.start = start
    self.end = end
    self.content = content
    self.placement = placement
    self.line = line
    if region == nil && styleReferences.isEmpty && style.isEmpty && settings == nil {
      extrasBox = nil
    } else {
      extrasBox = ExtrasBox(
        Extras(region: region, styleReferences: styleReferences, style: style, settings: settings))
    }
  }

  /// The box holding the cue's region, style references, style and settings (`nil` when all
  /// are empty), for other cues to share.
  package var sharedExtras: ExtrasBox? { extrasBox }

  /// A cue whose region, style references, style and settings are those in `extras` (another
  /// cue's `sharedExtras`).
  package init(
    sharing extras: ExtrasBox?, identifier: String?, start: SubtitleTime, end: SubtitleTime,
    content: CueContent, placement: CuePlacement, line: Int
  ) {
    self.identifier = identifier
    self.start = start
    self.end = end
    self.content = content
    self.placement = placement
    self.line = line
    extrasBox = extras
  }

  /// A text cue from plain text (`\n` separates lines).
  public init(start: SubtitleTime, end: SubtitleTime, text: String) {
    self.init(start: start, end: end, content: .text(CueText(plain: text)))
  }

  /// The text, for a text cue.
  public var text: CueText? {
    if case .text(let text) = content { return text }
    return nil
  }

  /// The image, for an image cue.
  public var image: CueImage? {
    if case .image(let image) = content { return image }
    return nil
  }

  /// True for image cues.
  public var isImage: Bool { image != nil }

  /// The text without markup, lines joined by `\n`; empty for image cues.
  public var plainText: String { text?.plainText ?? "" }

  /// How long the cue shows (negative when it ends before it starts).
  public var duration: SubtitleTime { end - start }

  /// The value of computed style property `name`, if the cue has one.
  public func styleValue(_ name: String) -> String? {
    style.last { $0.name == name }?.value
  }

  public static func == (lhs: Cue, rhs: Cue) -> Bool {
    lhs.identifier == rhs.identifier && lhs.start == rhs.start && lhs.end == rhs.end
      && lhs.content == rhs.content && lhs.extras == rhs.extras
      && lhs.placement == rhs.placement
  }
}
