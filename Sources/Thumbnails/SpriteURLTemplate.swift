/// A sprite-sheet URL template: `sprites/sheet-~index~.jpg` names sheet 7 `sprites/sheet-7.jpg`,
/// and `~index:4~` pads the number with zeros to four digits (`sheet-0007.jpg`), as the sprite
/// configurations of player SDKs and `ffmpeg`'s `%04d` image sequences do. Any other text,
/// `~` included, is literal.
public struct SpriteURLTemplate: Sendable, Hashable, CustomStringConvertible {
  /// A piece of the template.
  public enum Part: Sendable, Hashable {
    /// Literal text.
    case literal(String)
    /// The sheet number, zero-padded to `width` digits (0: no padding).
    case index(width: Int)
  }

  /// The template as written.
  public let text: String
  /// The pieces, in order.
  public let parts: [Part]

  /// `parts` with literals as UTF-8, for building URLs without intermediate strings.
  private let encoded: [(literal: [UInt8], width: Int)]

  /// The longest zero-padding accepted (`~index:18~`).
  public static let maximumWidth = 18

  /// Parses a template; `~index~` and `~index:N~` (N from 1 to 18) are the substitutions.
  public init(_ text: String) {
    self.text = text
    var parts: [Part] = []
    var literal = Substring()
    var rest = Substring(text)
    while let tilde = rest.firstIndex(of: "~") {
      let after = rest[rest.index(after: tilde)...]
      if let (width, length) = Self.indexToken(after) {
        literal += rest[..<tilde]
        if !literal.isEmpty { parts.append(.literal(String(literal))) }
        literal = ""
        parts.append(.index(width: width))
        rest = after.dropFirst(length)
      } else {
        literal += rest[...tilde]
        rest = after
      }
    }
    literal += rest
    if !literal.isEmpty { parts.append(.literal(String(literal))) }
    self.parts = parts
    encoded = parts.map { part in
      switch part {
      case .literal(let text): (Array(text.utf8), -1)
      case .index(let width): ([], width)
      }
    }
  }

  public static func == (lhs: SpriteURLTemplate, rhs: SpriteURLTemplate) -> Bool {
    lhs.text == rhs.text
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(text) }

  /// `index~` or `index:N~` at the start of `text`: the padding width and the token length.
  private static func indexToken(_ text: Substring) -> (Int, Int)? {
    guard text.hasPrefix("index") else { return nil }
    let rest = text.dropFirst(5)
    if rest.hasPrefix("~") { return (0, 6) }
    guard rest.hasPrefix(":"), let close = rest.firstIndex(of: "~") else { return nil }
    let digits = rest[rest.index(after: rest.startIndex)..<close]
    guard !digits.isEmpty, digits.count <= 2, digits.allSatisfy(\.isASCII),
      let width = Int(digits), (1...maximumWidth).contains(width)
    else { return nil }
    return (width, 5 + 1 + digits.count + 1)
  }

  /// True when the template has an `~index~` substitution (else every sheet has the same URL).
  public var hasIndex: Bool {
    parts.contains { if case .index = $0 { true } else { false } }
  }

  /// The URL of sheet `number`.
  public func url(sheet number: Int) -> String {
    // Up to 19 digits and a sign, padded to at most 18.
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    let digitCount = withUnsafeMutableBytes(of: &digits) { raw -> Int in
      var value = number.magnitude
      var count = 0
      repeat {
        raw[23 - count] = UInt8(truncatingIfNeeded: 0x30 &+ value % 10)
        value /= 10
        count += 1
      } while value > 0
      return count
    }
    var capacity = 0
    for part in encoded {
      capacity += part.width < 0 ? part.literal.count : max(part.width, digitCount) + 1
    }
    return withUnsafeBytes(of: &digits) { digitBytes in
      String(unsafeUninitializedCapacity: capacity) { out in
        var n = 0
        for part in encoded {
          if part.width < 0 {
            for byte in part.literal {
              out[n] = byte
              n += 1
            }
            continue
          }
          if number < 0 {
            out[n] = 0x2D
            n += 1
          }
          var zeros = part.width - digitCount
          while zeros > 0 {
            out[n] = 0x30
            n += 1
            zeros -= 1
          }
          for k in (24 - digitCount)..<24 {
            out[n] = digitBytes[k]
            n += 1
          }
        }
        return n
      }
    }
  }

  /// The template as a DASH `SegmentTemplate@media` (ISO/IEC 23009-1 §5.3.9.4.4): `$` doubled,
  /// `~index~` as `$Number$`, `~index:4~` as `$Number%04d$`.
  public var dashMedia: String {
    var out = ""
    for part in parts {
      switch part {
      case .literal(let text): out += text.replacingDollars
      case .index(let width):
        out += width == 0 ? "$Number$" : "$Number%0\(width)d$"
      }
    }
    return out
  }

  public var description: String { text }

}

extension String {
  /// The text with every `$` doubled, as DASH templates escape it.
  fileprivate var replacingDollars: String {
    guard contains("$") else { return self }
    return split(separator: "$", omittingEmptySubsequences: false).joined(separator: "$$")
  }
}
