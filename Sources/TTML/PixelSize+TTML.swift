import ManifestCore
import Subtitles

/// The TTML spellings of a pixel size: `tts:extent` and `<length>` in `px` (TTML2 §10.3.19).
extension PixelSize {
  /// A TTML extent of two pixel lengths (`640px 480px`, TTML2 §10.3.19 `<length>` with unit
  /// `px`), whole numbers only; `nil` for anything else.
  public init?(ttmlExtent text: String) {
    let parts = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
    guard parts.count == 2, let width = Self.pixels(parts[0]), let height = Self.pixels(parts[1])
    else { return nil }
    self.init(width: width, height: height)
  }

  /// The TTML spelling, `640px 480px`.
  public var ttmlExtent: String { "\(width)px \(height)px" }

  /// A whole pixel length such as `640px`.
  package static func pixels(_ text: Substring) -> Int? {
    guard text.hasSuffix("px") else { return nil }
    return number(text.dropLast(2))
  }
}
