/// WebVTT cue settings (W3C WebVTT §4.4 "WebVTT cue settings", §6.3 parsing): `vertical`,
/// `line`, `position`, `size`, `align`, `region`. Values are kept as written; settings the
/// parser does not know, or with invalid values, are listed in `ignored`.
public struct WebVTTCueSettings: Sendable, Hashable {
  /// `vertical:rl|lr`.
  public var vertical: String?
  /// `line:` value, such as `0`, `-1`, `85%`, `10%,start`.
  public var line: String?
  /// `position:` value, such as `10%` or `50%,line-left`.
  public var position: String?
  /// `size:` value, such as `80%`.
  public var size: String?
  /// `align:start|center|end|left|right`.
  public var align: String?
  /// `region:` id.
  public var region: String?
  /// Settings that were not understood, as written.
  public var ignored: [String]

  /// Parses settings text (space- or tab-separated `name:value` pairs).
  public init(_ text: String) {
    ignored = []
    for item in text.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
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
      case "size" where Self.isPercentage(value): size = value
      case "align" where ["start", "center", "middle", "end", "left", "right"].contains(value):
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
      } else if let lineNumber = Int(number) {
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

  private static func isPercentage(_ text: String) -> Bool {
    guard text.hasSuffix("%"), let value = Double(text.dropLast()), text.first != "+",
      text.first != "-"
    else { return false }
    return value >= 0 && value <= 100
  }

  private static func isLine(_ text: String) -> Bool {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count <= 2, let first = parts.first else { return false }
    if parts.count == 2, !["start", "center", "end"].contains(parts[1]) { return false }
    return isPercentage(String(first)) || Int(first) != nil
  }

  private static func isPosition(_ text: String) -> Bool {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count <= 2, let first = parts.first else { return false }
    if parts.count == 2, !["line-left", "center", "line-right"].contains(parts[1]) {
      return false
    }
    return isPercentage(String(first))
  }
}
