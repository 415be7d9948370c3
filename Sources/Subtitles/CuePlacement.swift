/// Where a cue sits, in the terms SRT (`{\anN}`), WebVTT (`line:`, `align:`) and TTML
/// (`tts:displayAlign`, `tts:textAlign`, region origin) share. `nil` means the format's default
/// (bottom centre).
public struct CuePlacement: Sendable, Hashable {
  /// The vertical band of the screen.
  public enum Vertical: String, Sendable, Hashable {
    case top, middle, bottom
  }

  /// Horizontal text alignment.
  public enum Horizontal: String, Sendable, Hashable {
    case left, center, right, start, end
  }

  /// The vertical band, if set.
  public var vertical: Vertical?
  /// The horizontal alignment, if set.
  public var horizontal: Horizontal?

  /// Creates a placement.
  public init(vertical: Vertical? = nil, horizontal: Horizontal? = nil) {
    self.vertical = vertical
    self.horizontal = horizontal
  }

  /// True when nothing is set.
  public var isDefault: Bool { vertical == nil && horizontal == nil }

  /// The ASS/SSA numpad alignment used by SRT `{\anN}` tags (1–3 bottom, 4–6 middle, 7–9 top;
  /// left, centre, right), or `nil` for the default bottom centre.
  public var numpadAlignment: Int? {
    if isDefault { return nil }
    let row: Int
    switch vertical ?? .bottom {
    case .bottom: row = 0
    case .middle: row = 3
    case .top: row = 6
    }
    let column: Int
    switch horizontal ?? .center {
    case .left, .start: column = 1
    case .center: column = 2
    case .right, .end: column = 3
    }
    let value = row + column
    return value == 2 ? nil : value
  }

  /// The placement an SRT `{\anN}` tag gives, or `nil` for a value outside 1…9.
  public init?(numpadAlignment value: Int) {
    guard (1...9).contains(value) else { return nil }
    let rows: [Vertical] = [.bottom, .middle, .top]
    let columns: [Horizontal] = [.left, .center, .right]
    let row = rows[(value - 1) / 3]
    let column = columns[(value - 1) % 3]
    self.init(vertical: row == .bottom ? nil : row, horizontal: column == .center ? nil : column)
  }
}
