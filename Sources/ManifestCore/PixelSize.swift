/// A width and height in pixels: a video resolution (HLS `RESOLUTION`, RFC 8216bis §4.2
/// decimal-resolution, where the HLS module calls it `Resolution`), the size of a PNG image
/// (PNG §11.2.2 `IHDR`), of a TTML root container (`tts:extent="1920px 1080px"` on `tt`, TTML2
/// §10.2.15) or of a region, or a thumbnail tile.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
  /// The width in pixels.
  public var width: Int
  /// The height in pixels.
  public var height: Int

  /// Creates a size.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// The size in a PNG datastream's `IHDR` chunk, which PNG §5.6 places first, right after the
  /// 8-byte signature; `nil` for bytes that do not start that way or give a zero size.
  public init?(png bytes: [UInt8]) {
    let header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
    guard bytes.count >= 24, bytes[0..<12].elementsEqual(header),
      bytes[12..<16].elementsEqual("IHDR".utf8)
    else { return nil }
    func number(_ offset: Int) -> Int {
      bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    let (width, height) = (number(16), number(20))
    // PNG §11.2.2: both are at most 2^31 - 1 and zero is invalid.
    guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
      return nil
    }
    self.init(width: width, height: height)
  }

  /// `WIDTHxHEIGHT` as written on a command line (`1920x1080`); `nil` for anything else.
  public init?(dimensions text: String) {
    let parts = text.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let width = Self.number(parts[0]), let height = Self.number(parts[1])
    else { return nil }
    self.init(width: width, height: height)
  }

  /// `640x480`.
  public var description: String { "\(width)x\(height)" }

  /// Width × height (`Int.max` past it; widths and heights are not negative in any input).
  public var pixelCount: Int {
    let (product, overflow) = width.multipliedReportingOverflow(by: height)
    return overflow ? .max : product
  }

  /// A positive decimal integer of at most 9 digits.
  package static func number(_ text: Substring) -> Int? {
    guard !text.isEmpty, text.count <= 9, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
      let value = Int(text), value > 0
    else { return nil }
    return value
  }
}
