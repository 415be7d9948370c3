import ManifestCore

/// `data:` URLs (RFC 2397): a resource carried in the URL itself, as TTML2 `image` `src`
/// attributes may give one (TTML2 §9.1.4: `src` is a `<uri>`).
public enum DataURL {
  /// The media type and bytes of a `data:` URL; `nil` when `text` is not one or its data does
  /// not decode. `data:[<mediatype>][;base64],<data>`: base64 data may be wrapped (ASCII
  /// whitespace is ignored), other data is percent-decoded (RFC 2397 §3); the media type
  /// defaults to `text/plain;charset=US-ASCII`.
  public static func decode(_ text: String) -> (mediaType: String, bytes: [UInt8])? {
    let utf8 = Array(text.utf8)
    guard utf8.count >= 6, utf8[0..<5].map({ $0 | 0x20 }).elementsEqual("data:".utf8),
      let comma = utf8.firstIndex(of: 0x2C)
    else { return nil }
    var parameters = String(decoding: utf8[5..<comma], as: UTF8.self)
    let payload = utf8[(comma + 1)...]
    let isBase64 = parameters.lowercased().hasSuffix(";base64")
    if isBase64 { parameters.removeLast(7) }
    let mediaType = parameters.isEmpty ? "text/plain;charset=US-ASCII" : parameters
    if isBase64 {
      guard let bytes = try? Base64.decode(payload) else { return nil }
      return (mediaType, bytes)
    }
    guard let bytes = percentDecoded(payload) else { return nil }
    return (mediaType, bytes)
  }

  /// `data:<mediaType>;base64,<data>`, unwrapped.
  public static func encode(_ bytes: [UInt8], mediaType: String) -> String {
    "data:\(mediaType);base64,\(Base64.encode(bytes))"
  }

  /// True when `text` starts with `data:` (any case).
  public static func isDataURL(_ text: String) -> Bool {
    text.utf8.prefix(5).map { $0 | 0x20 }.elementsEqual("data:".utf8)
  }

  private static func percentDecoded(_ text: ArraySlice<UInt8>) -> [UInt8]? {
    var out: [UInt8] = []
    out.reserveCapacity(text.count)
    var i = text.startIndex
    while i < text.endIndex {
      guard text[i] == 0x25 else {
        out.append(text[i])
        i += 1
        continue
      }
      guard i + 2 < text.endIndex, let high = hex(text[i + 1]), let low = hex(text[i + 2]) else {
        return nil
      }
      out.append(high << 4 | low)
      i += 3
    }
    return out
  }

  private static func hex(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: byte - 0x30
    case 0x41...0x46: byte - 0x37
    case 0x61...0x66: byte - 0x57
    default: nil
    }
  }
}
