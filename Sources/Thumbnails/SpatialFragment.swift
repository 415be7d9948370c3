import ManifestCore

/// A spatial media fragment, `xywh=[unit:]x,y,w,h` (W3C Media Fragments URI 1.0 §4.2.2): the
/// rectangle of a sprite sheet a thumbnail shows. `x`,`y` is the top-left corner, `w`,`h` the
/// size; all four are non-negative integers, in pixels or in percent of the image.
public struct SpatialFragment: Sendable, Hashable, CustomStringConvertible {
  /// The unit of the four numbers (Media Fragments §4.2.2: `pixel` is the default).
  public enum Unit: String, Sendable, Hashable {
    /// Image pixels.
    case pixel
    /// Percent of the image's width (for `x`, `width`) or height (for `y`, `height`).
    case percent
  }

  /// The unit of the numbers.
  public var unit: Unit
  /// True when the unit was written (`pixel:` or `percent:`); pixels may be implicit.
  public var unitWritten: Bool
  /// Left edge.
  public var x: Int
  /// Top edge.
  public var y: Int
  /// Width.
  public var width: Int
  /// Height.
  public var height: Int

  /// A rectangle; `unitWritten` defaults to writing `percent:` and leaving `pixel` implicit.
  public init(
    x: Int, y: Int, width: Int, height: Int, unit: Unit = .pixel, unitWritten: Bool? = nil
  ) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.unit = unit
    self.unitWritten = unitWritten ?? (unit == .percent)
  }

  /// Why a dimension value is not a spatial fragment.
  public enum ParseFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// A unit other than `pixel` or `percent`.
    case unknownUnit(String)
    /// Not four comma-separated non-negative integers.
    case malformed(String)

    public var description: String {
      switch self {
      case .unknownUnit(let unit):
        "unknown xywh unit '\(unit)' (Media Fragments allows 'pixel' and 'percent')"
      case .malformed(let value):
        "xywh value '\(value)' is not x,y,w,h (four non-negative integers)"
      }
    }
  }

  /// Parses the value of an `xywh` dimension (after `xywh=`), percent-decoded, from
  /// `bytes[range]`.
  public static func parse(_ bytes: [UInt8], _ range: Range<Int>) -> Result<
    SpatialFragment, ParseFailure
  > {
    bytes.withUnsafeBufferPointer { parse($0, range) }
  }

  /// `parse(_:_:)` on an unsafe view of the bytes.
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Result<
    SpatialFragment, ParseFailure
  > {
    func text() -> String {
      String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
    func equals(_ r: Range<Int>, _ literal: StaticString) -> Bool {
      guard r.count == literal.utf8CodeUnitCount else { return false }
      return literal.withUTF8Buffer { p in
        var i = 0
        while i < p.count {
          if p[i] != bytes[r.lowerBound &+ i] { return false }
          i &+= 1
        }
        return true
      }
    }
    var start = range.lowerBound
    let end = range.upperBound
    var unit = Unit.pixel
    var unitWritten = false
    var colon = start
    while colon < end && bytes[colon] != 0x3A { colon += 1 }
    if colon < end {
      if equals(start..<colon, "pixel") {
        unit = .pixel
      } else if equals(start..<colon, "percent") {
        unit = .percent
      } else {
        return .failure(
          .unknownUnit(
            String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<colon]), as: UTF8.self)))
      }
      unitWritten = true
      start = colon + 1
    }
    var numbers = (0, 0, 0, 0)
    var count = 0
    var i = start
    while count < 4 {
      let numberStart = i
      var value = 0
      while i < end, case let d = bytes[i] &- 0x30, d < 10 {
        guard i - numberStart < 9 else { return .failure(.malformed(text())) }
        value = value * 10 + Int(d)
        i += 1
      }
      guard i > numberStart else { return .failure(.malformed(text())) }
      switch count {
      case 0: numbers.0 = value
      case 1: numbers.1 = value
      case 2: numbers.2 = value
      default: numbers.3 = value
      }
      count += 1
      if count < 4 {
        guard i < end, bytes[i] == 0x2C else {
          return .failure(.malformed(text()))
        }
        i += 1
      }
    }
    guard i == end else { return .failure(.malformed(text())) }
    return .success(
      SpatialFragment(
        x: numbers.0, y: numbers.1, width: numbers.2, height: numbers.3, unit: unit,
        unitWritten: unitWritten))
  }

  /// Parses an `xywh` value from a string (`pixel:0,0,160,90`, `160,90,160,90`).
  public static func parse(_ value: String) -> Result<SpatialFragment, ParseFailure> {
    let bytes = Array(value.utf8)
    return parse(bytes, 0..<bytes.count)
  }

  /// The value as written after `xywh=`: `160,0,160,90`, `percent:0,0,25,25`.
  public var value: String {
    let numbers = "\(x),\(y),\(width),\(height)"
    return unitWritten ? "\(unit.rawValue):\(numbers)" : numbers
  }

  /// The fragment dimension, `xywh=…`.
  public var description: String { "xywh=" + value }

  /// The right edge (`x + width`).
  public var maxX: Int { x + width }
  /// The bottom edge (`y + height`).
  public var maxY: Int { y + height }

  /// The rectangle in pixels of an image of `imageSize`: for percent units the top-left corner
  /// is rounded down and the bottom-right corner up, so every pixel the rectangle touches is
  /// included; the rectangle itself for pixel units.
  public func pixels(in imageSize: PixelSize) -> SpatialFragment {
    guard unit == .percent else { return self }
    let left = x * imageSize.width / 100
    let top = y * imageSize.height / 100
    let right = (maxX * imageSize.width + 99) / 100
    let bottom = (maxY * imageSize.height + 99) / 100
    return SpatialFragment(
      x: left, y: top, width: right - left, height: bottom - top, unit: .pixel)
  }
}
