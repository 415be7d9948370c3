/// Percent-encoding (RFC 3986 §2.1) of the bytes a URI may not hold as they are and that would
/// change the structure of a line-based output if written raw: control characters (C0 and DEL,
/// which would end a line or forge a tab-separated column), `"` (which would end an HLS quoted
/// string, RFC 8216bis §4.2) and spaces at the ends (which a reader trims). RFC 3986 allows
/// none of these in a URI, so `%XX` is the only way to write them, and the URI names the same
/// resource; `%` itself and every other byte (`{$name}` references, non-ASCII) stay as written.
public enum PercentEncoding {
  /// `uri` with control characters, `"` and the spaces at its ends written `%XX` (upper-case
  /// hex); `uri` itself when it has none.
  public static func encodingUnsafeBytes(_ uri: String) -> String {
    let utf8 = uri.utf8
    guard utf8.first == 0x20 || utf8.last == 0x20 || utf8.contains(where: isUnsafe) else {
      return uri
    }
    let first = utf8.firstIndex { $0 != 0x20 } ?? utf8.endIndex
    let last = utf8.lastIndex { $0 != 0x20 } ?? utf8.startIndex
    var out: [UInt8] = []
    out.reserveCapacity(utf8.count + 8)
    for i in utf8.indices {
      let byte = utf8[i]
      if isUnsafe(byte) || (byte == 0x20 && (i < first || i > last)) {
        out += [0x25, hexDigit(byte >> 4), hexDigit(byte & 0xF)]
      } else {
        out.append(byte)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// True for C0 controls, DEL and `"`.
  private static func isUnsafe(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x7F || byte == 0x22
  }

  private static func hexDigit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? 0x30 + nibble : 0x37 + nibble
  }
}
