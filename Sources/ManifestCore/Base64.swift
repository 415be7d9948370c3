/// Base64 (RFC 4648) encoding and a tolerant decoder for payloads copied out of playlists.
public enum Base64 {
  /// Why a base64 text could not be decoded.
  public struct DecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Offset of the offending byte in the input text.
    public var offset: Int
    /// What was wrong.
    public var reason: String

    /// Creates an error.
    public init(offset: Int, reason: String) {
      self.offset = offset
      self.reason = reason
    }

    public var description: String { "invalid base64 at offset \(offset): \(reason)" }
  }

  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  private static let decodeTable: [UInt8] = {
    var table = [UInt8](repeating: 0xFF, count: 256)
    for (i, c) in alphabet.enumerated() { table[Int(c)] = UInt8(i) }
    table[Int(UInt8(ascii: "-"))] = 62  // URL-safe alphabet
    table[Int(UInt8(ascii: "_"))] = 63
    return table
  }()

  /// Standard base64 with `=` padding.
  public static func encode(_ data: [UInt8]) -> String {
    var out = [UInt8]()
    out.reserveCapacity((data.count + 2) / 3 * 4)
    var i = 0
    while i + 2 < data.count {
      let v = UInt32(data[i]) << 16 | UInt32(data[i + 1]) << 8 | UInt32(data[i + 2])
      out.append(alphabet[Int(v >> 18)])
      out.append(alphabet[Int(v >> 12 & 63)])
      out.append(alphabet[Int(v >> 6 & 63)])
      out.append(alphabet[Int(v & 63)])
      i += 3
    }
    let rest = data.count - i
    if rest == 1 {
      let v = UInt32(data[i]) << 16
      out += [alphabet[Int(v >> 18)], alphabet[Int(v >> 12 & 63)], 0x3D, 0x3D]
    } else if rest == 2 {
      let v = UInt32(data[i]) << 16 | UInt32(data[i + 1]) << 8
      out += [alphabet[Int(v >> 18)], alphabet[Int(v >> 12 & 63)], alphabet[Int(v >> 6 & 63)], 0x3D]
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Decodes standard or URL-safe base64, with or without `=` padding, ignoring ASCII
  /// whitespace. Data after padding, a stray `=`, or a lone trailing character is an error.
  public static func decode(_ text: some Collection<UInt8>) throws(DecodingError) -> [UInt8] {
    var out = [UInt8]()
    out.reserveCapacity(text.count * 3 / 4)
    var accumulator: UInt32 = 0
    var pending = 0
    var padding = 0
    var offset = 0
    for c in text {
      defer { offset += 1 }
      if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { continue }
      if c == 0x3D {
        padding += 1
        guard pending >= 2, pending + padding <= 4 else {
          throw DecodingError(offset: offset, reason: "unexpected '='")
        }
        continue
      }
      let v = decodeTable[Int(c)]
      guard v != 0xFF else {
        throw DecodingError(offset: offset, reason: "\(ASCII.describe(c)) is not a base64 character")
      }
      guard padding == 0 else {
        throw DecodingError(offset: offset, reason: "data after '=' padding")
      }
      accumulator = accumulator << 6 | UInt32(v)
      pending += 1
      if pending == 4 {
        out.append(UInt8(accumulator >> 16 & 0xFF))
        out.append(UInt8(accumulator >> 8 & 0xFF))
        out.append(UInt8(accumulator & 0xFF))
        accumulator = 0
        pending = 0
      }
    }
    switch pending {
    case 0: break
    case 1:
      throw DecodingError(offset: offset, reason: "input ends with a lone base64 character")
    case 2:
      out.append(UInt8(accumulator >> 4 & 0xFF))
    default:
      out.append(UInt8(accumulator >> 10 & 0xFF))
      out.append(UInt8(accumulator >> 2 & 0xFF))
    }
    return out
  }
}
