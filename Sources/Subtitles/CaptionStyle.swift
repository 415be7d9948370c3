import ManifestCore

/// Caption display settings a viewer or operator overrides, as the FCC caption display rules
/// (47 CFR §79.103(c)) and CEA-708 (§8.5.5 pen attributes) name them: font, size, text colour,
/// background colour with opacity, and character edge (raised, depressed, uniform outline, drop
/// shadow). Written as a WebVTT `STYLE` block of one `::cue` rule (W3C WebVTT §6.5; `css`) or as
/// TTML styling attributes (TTML2 §10.2: `ttmlProperties`).
///
/// Every value is validated when made (`CaptionColor`, `fontFamily(_:)`, `fontScale(_:)`), so
/// what is written holds no quote, backslash, brace, semicolon or markup: no input can end the
/// CSS rule or the XML attribute.
public struct CaptionStyle: Sendable, Hashable {
  /// CEA-708 edge types (the FCC's "character edge attributes").
  public enum Edge: String, Sendable, Hashable, CaseIterable {
    /// No edge.
    case none
    /// A uniform outline (CEA-708 "uniform").
    case outline
    /// A shadow below and to the right, blurred.
    case dropShadow = "drop-shadow"
    /// Lit from the top left: a hard shadow below and to the right.
    case raised
    /// Engraved: a hard shadow above and to the left.
    case depressed
  }

  /// Font families in order of preference: names of letters, digits, spaces, `-` and `_`, or
  /// the generic `serif`, `sans-serif`, `monospace`.
  public var fontFamily: [String]
  /// The font size as a percentage of the default (100 keeps it).
  public var fontScale: ExactDecimal?
  /// The text colour.
  public var color: CaptionColor?
  /// The background behind the text.
  public var background: CaptionColor?
  /// The character edge.
  public var edge: Edge?
  /// The colour of the edge (default black).
  public var edgeColor: CaptionColor

  /// Creates settings; nothing given changes nothing.
  public init(
    fontFamily: [String] = [], fontScale: ExactDecimal? = nil, color: CaptionColor? = nil,
    background: CaptionColor? = nil, edge: Edge? = nil,
    edgeColor: CaptionColor = CaptionColor(red: 0, green: 0, blue: 0)
  ) {
    self.fontFamily = fontFamily
    self.fontScale = fontScale
    self.color = color
    self.background = background
    self.edge = edge
    self.edgeColor = edgeColor
  }

  /// True when no setting is given.
  public var isEmpty: Bool {
    fontFamily.isEmpty && fontScale == nil && color == nil && background == nil && edge == nil
  }

  /// The generic families and their TTML names (TTML2 §10.2.22 `<genericFamilyName>`).
  static let genericFamilies = [
    "serif": "serif", "sans-serif": "sansSerif", "monospace": "monospace",
  ]

  /// The family list `text` names (comma-separated), or `nil` when a name is empty or holds
  /// anything but letters, digits, spaces, `-` and `_`.
  public static func fontFamily(_ text: String) -> [String]? {
    var names: [String] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let name = part.trimmingBlanks
      let allowed = name.unicodeScalars.allSatisfy {
        $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == " " || $0 == "-"
          || $0 == "_"
      }
      guard !name.isEmpty, allowed, name.utf8.count <= 64 else { return nil }
      names.append(String(name))
    }
    return names.isEmpty ? nil : names
  }

  /// A font size percentage from 50 to 400, or `nil`.
  public static func fontScale(_ text: String) -> ExactDecimal? {
    let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
    guard let value = ExactDecimal(digits), value >= ExactDecimal(50), value <= ExactDecimal(400)
    else { return nil }
    return value
  }

  /// The WebVTT style sheet: `::cue { … }` with one declaration per setting.
  public var css: String {
    var declarations: [String] = []
    if !fontFamily.isEmpty {
      let names = fontFamily.map { Self.genericFamilies[$0] != nil ? $0 : "\"\($0)\"" }
      declarations.append("font-family: " + names.joined(separator: ", "))
    }
    if let fontScale { declarations.append("font-size: \(fontScale)%") }
    if let color { declarations.append("color: \(color.hex)") }
    if let background { declarations.append("background-color: \(background.hex)") }
    if let edge {
      let c = edgeColor.hex
      let shadow: String
      switch edge {
      case .none: shadow = "none"
      case .outline:
        shadow =
          "\(c) -0.05em -0.05em 0, \(c) 0.05em -0.05em 0, \(c) -0.05em 0.05em 0, "
          + "\(c) 0.05em 0.05em 0"
      case .dropShadow: shadow = "\(c) 0.08em 0.08em 0.08em"
      case .raised: shadow = "\(c) 0.05em 0.05em 0"
      case .depressed: shadow = "\(c) -0.05em -0.05em 0"
      }
      declarations.append("text-shadow: " + shadow)
    }
    return "::cue {\n" + declarations.map { "  \($0);\n" }.joined() + "}"
  }

  /// The TTML styling attributes (local names): `fontFamily`, `fontSize`, `color`,
  /// `backgroundColor`, and `textOutline` (outline, TTML1 §8.2.20) or `textShadow` (the other
  /// edges, TTML2 §10.2.46), lengths as percentages of the font size.
  public var ttmlProperties: [StyleProperty] {
    var properties: [StyleProperty] = []
    if !fontFamily.isEmpty {
      let names = fontFamily.map { name in
        Self.genericFamilies[name] ?? (name.contains(" ") ? "\"\(name)\"" : name)
      }
      properties.append(StyleProperty("fontFamily", names.joined(separator: ", ")))
    }
    if let fontScale { properties.append(StyleProperty("fontSize", "\(fontScale)%")) }
    if let color { properties.append(StyleProperty("color", color.hex)) }
    if let background { properties.append(StyleProperty("backgroundColor", background.hex)) }
    if let edge {
      let c = edgeColor.hex
      switch edge {
      case .none:
        properties.append(StyleProperty("textOutline", "none"))
        properties.append(StyleProperty("textShadow", "none"))
      case .outline: properties.append(StyleProperty("textOutline", "\(c) 5%"))
      case .dropShadow: properties.append(StyleProperty("textShadow", "8% 8% 8% \(c)"))
      case .raised: properties.append(StyleProperty("textShadow", "5% 5% \(c)"))
      case .depressed: properties.append(StyleProperty("textShadow", "-5% -5% \(c)"))
      }
    }
    return properties
  }
}

/// An sRGB colour with alpha, written `#RRGGBB` (opaque) or `#RRGGBBAA`, which CSS Color 4 and
/// TTML2 §10.3.5 both read.
public struct CaptionColor: Sendable, Hashable {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8
  /// 255 is opaque.
  public var alpha: UInt8

  /// Creates a colour.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
  }

  /// The eight colours the FCC rules require a caption decoder to offer (47 CFR
  /// §79.103(c)(2)), as CEA-708 spells them (full-intensity components: `green` is #00FF00).
  public static let named: [String: CaptionColor] = [
    "white": CaptionColor(red: 255, green: 255, blue: 255),
    "black": CaptionColor(red: 0, green: 0, blue: 0),
    "red": CaptionColor(red: 255, green: 0, blue: 0),
    "green": CaptionColor(red: 0, green: 255, blue: 0),
    "blue": CaptionColor(red: 0, green: 0, blue: 255),
    "yellow": CaptionColor(red: 255, green: 255, blue: 0),
    "magenta": CaptionColor(red: 255, green: 0, blue: 255),
    "cyan": CaptionColor(red: 0, green: 255, blue: 255),
  ]

  /// Reads one of the eight names (any case), `#RRGGBB` or `#RRGGBBAA`.
  public init?(parsing text: String) {
    if let named = Self.named[text.lowercased()] {
      self = named
      return
    }
    let digits = Array(text.utf8.dropFirst())
    guard text.hasPrefix("#"), digits.count == 6 || digits.count == 8 else { return nil }
    var values: [UInt8] = []
    var index = 0
    while index < digits.count {
      guard let high = Self.hexValue(digits[index]), let low = Self.hexValue(digits[index + 1])
      else { return nil }
      values.append(high << 4 | low)
      index += 2
    }
    self.init(
      red: values[0], green: values[1], blue: values[2], alpha: values.count == 4 ? values[3] : 255
    )
  }

  /// The colour with its alpha set to `percent` (0–100) of opaque, rounded.
  public func withOpacity(percent: Int) -> CaptionColor {
    var copy = self
    copy.alpha = UInt8((max(0, min(100, percent)) * 255 + 50) / 100)
    return copy
  }

  /// `#RRGGBB`, or `#RRGGBBAA` when not opaque (upper-case digits).
  public var hex: String {
    let components = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
    return "#" + components.map { Self.hexPair($0) }.joined()
  }

  private static func hexPair(_ value: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(value >> 4)], digits[Int(value & 0x0F)]])
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: byte - 0x30
    case 0x41...0x46: byte - 0x41 + 10
    case 0x61...0x66: byte - 0x61 + 10
    default: nil
    }
  }
}
