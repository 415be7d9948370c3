import ManifestCore

/// A URI template for an interstitial's X-ASSET-URI or X-ASSET-LIST:
/// `https://ads.example.com/{id}.m3u8?dur={duration}&at={start}&n={index}`. `{id}` is the
/// break's id, percent-encoded (RFC 3986 §2.1: every byte but the unreserved ones), `{duration}`
/// and `{start}` its seconds as exact decimals, `{index}` its 0-based number; `{$name}` (an
/// EXT-X-DEFINE reference, RFC 8216bis §4.4.3.2) stays as written. A template with another
/// placeholder, a `"` or a control character is refused, so no break can change the structure
/// of the quoted-string it is written into.
public struct AssetTemplate: Sendable, Hashable {
  /// Why a template is refused.
  public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
    /// One line saying what is wrong.
    public var description: String
  }

  private enum Piece: Sendable, Hashable {
    case literal(String)
    case id, duration, start, index
  }

  private let pieces: [Piece]
  /// The template as given.
  public let text: String

  /// Reads `text`; throws a `Problem` naming the first thing wrong.
  public init(_ text: String) throws(Problem) {
    if let bad = text.utf8.first(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0x22 }) {
      throw Problem(
        description: bad == 0x22
          ? "the template holds '\"', which would end the quoted-string it is written into"
          : "the template holds a control character")
    }
    var pieces: [Piece] = []
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "{") {
      if open > rest.startIndex { pieces.append(.literal(String(rest[..<open]))) }
      guard let close = rest[open...].firstIndex(of: "}") else {
        throw Problem(description: "the template has a '{' without '}'")
      }
      let name = rest[rest.index(after: open)..<close]
      switch name {
      case "id": pieces.append(.id)
      case "duration": pieces.append(.duration)
      case "start": pieces.append(.start)
      case "index": pieces.append(.index)
      default:
        guard name.hasPrefix("$") else {
          throw Problem(
            description: "unknown placeholder '{\(name)}' (use {id}, {duration}, {start} or "
              + "{index})")
        }
        pieces.append(.literal(String(rest[open...close])))
      }
      rest = rest[rest.index(after: close)...]
    }
    if !rest.isEmpty { pieces.append(.literal(String(rest))) }
    self.pieces = pieces
    self.text = text
  }

  /// The URI for break `index` of the timeline.
  public func expanded(for adBreak: AdBreak, index: Int) -> String {
    var out = ""
    for piece in pieces {
      switch piece {
      case .literal(let text): out += text
      case .id: out += Self.percentEncoded(adBreak.id)
      case .duration: out += adBreak.duration.description
      case .start: out += adBreak.start.description
      case .index: out += String(index)
      }
    }
    return out
  }

  /// Every byte but ALPHA, DIGIT, `-`, `.`, `_` and `~` written `%XX` (upper-case hex).
  static func percentEncoded(_ text: String) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count)
    for b in text.utf8 {
      let unreserved =
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39)
        || b == 0x2D || b == 0x2E || b == 0x5F || b == 0x7E
      if unreserved {
        out.append(b)
      } else {
        let digits = Array("0123456789ABCDEF".utf8)
        out += [0x25, digits[Int(b >> 4)], digits[Int(b & 0xF)]]
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
