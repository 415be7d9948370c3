/// WebVTT cue settings (W3C WebVTT §4.4 "WebVTT cue settings", §6.3 parsing): `vertical`,
/// `line`, `position`, `size`, `align`, `region`. Values are kept as written; settings the
/// parser does not know, or with invalid values, are listed in `ignored`.
public struct WebVTTCueSettings: Sendable, Hashable {
  /// `vertical:rl|lr`.
  public var vertical: String?
  /// `line:` value, such as `0`, `-1`, `1.5`, `85%`, `10%,start`.
  public var line: String?
  /// `position:` value, such as `10%` or `50%,line-left`.
  public var position: String?
  /// `size:` value, such as `80%`.
  public var size: String?
  /// `align:start|center|end|left|right` (the old `middle` is not a value any more: ignored).
  public var align: String?
  /// `region:` id.
  public var region: String?
  /// Settings that were not understood, as written.
  public var ignored: [String]

  /// Parses settings text (`name:value` pairs separated by spaces, tabs or form feeds); the last
  /// valid value of a setting wins.
  public init(_ text: String) {
    ignored = []
    for item in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\u{0C}" }) {
      guard let colon = item.firstIndex(of: ":"), colon != item.startIndex else {
        ignored.append(String(item))
        continue
      }
      let name = item[..<colon]
      let value = String(item[item.index(after: colon)...])
      guard !value.isEmpty else {
        ignored.append(String(item))
        continue
      }
      switch name {
      case "vertical" where value == "rl" || value == "lr": vertical = value
      case "line" where Self.isLine(value): line = value
      case "position" where Self.isPosition(value): position = value
      case "size" where Self.isPercentage(value[...]): size = value
      case "align" where ["start", "center", "end", "left", "right"].contains(value):
        align = value
      case "region" where !value.contains("-->"): region = value
      default: ignored.append(String(item))
      }
    }
  }

  /// Where these settings put a cue: `line` as a percentage (top third, middle, bottom third)
  /// or a line number (non-negative from the top, negative from the bottom); `align`.
  public var placement: CuePlacement {
    var placement = CuePlacement()
    if let line {
      let number = line.split(separator: ",").first.map(String.init) ?? line
      if number.hasSuffix("%"), let percent = Double(number.dropLast()) {
        placement.vertical = percent < 100.0 / 3 ? .top : percent < 200.0 / 3 ? .middle : nil
      } else if let lineNumber = Double(number) {
        placement.vertical = lineNumber >= 0 ? .top : nil
      }
    }
    switch align {
    case "start": placement.horizontal = .start
    case "end": placement.horizontal = .end
    case "left": placement.horizontal = .left
    case "right": placement.horizontal = .right
    default: break
    }
    return placement
  }

  /// Settings text for a placement (the inverse of `placement`, for writing WebVTT from other
  /// formats): `line:0` for top, `line:50%` for middle, `align:` for a horizontal alignment.
  public static func text(for placement: CuePlacement) -> String {
    var parts: [String] = []
    switch placement.vertical {
    case .top: parts.append("line:0")
    case .middle: parts.append("line:50%")
    case .bottom, nil: break
    }
    if let horizontal = placement.horizontal, horizontal != .center {
      parts.append("align:\(horizontal.rawValue)")
    }
    return parts.joined(separator: " ")
  }

  /// §6.3 "parse a percentage string": a WebVTT percentage (digits, optionally a full stop and
  /// more digits, then `%`) from 0 to 100.
  static func isPercentage(_ text: Substring) -> Bool {
    guard text.hasSuffix("%"), isDecimal(text.dropLast(), signed: false),
      let value = Double(text.dropLast())
    else { return false }
    return value <= 100
  }

  /// §6.3 `line`: a percentage or a (possibly negative) real number, then an optional line
  /// alignment; an alignment other than `start`, `center` or `end` is ignored, not the setting.
  private static func isLine(_ text: String) -> Bool {
    let number = text.prefix { $0 != "," }
    return number.hasSuffix("%") ? isPercentage(number) : isDecimal(number, signed: true)
  }

  /// §6.3 `position`: a percentage, then an optional position alignment; an alignment other
  /// than `line-left`, `center` or `line-right` is ignored, not the setting.
  private static func isPosition(_ text: String) -> Bool {
    isPercentage(text.prefix { $0 != "," })
  }

  /// ASCII digits with at most one full stop that has a digit on each side, after a `-` when
  /// `signed` allows one (§6.3 line number rules).
  private static func isDecimal(_ text: Substring, signed: Bool) -> Bool {
    var digits = text.utf8[...]
    if signed, digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
    let parts = digits.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    guard parts.count <= 2 else { return false }
    return parts.allSatisfy { part in
      !part.isEmpty && part.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
  }
}
