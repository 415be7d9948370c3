import ManifestCore

/// A `data:` URI (RFC 2397), as packagers put DRM initialization data in key URIs:
/// `data:text/plain;base64,AAAAW3Bzc2g…` or `data:text/plain;charset=UTF-16;base64,…`.
public struct DataURI: Sendable, Hashable {
  /// A `;name=value` parameter of the media type.
  public struct Parameter: Sendable, Hashable {
    /// The attribute name as written.
    public var name: String
    /// The value, percent-decoded.
    public var value: String
  }

  /// Why a `data:` URI could not be decoded.
  public struct DecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One line for a human.
    public var message: String

    public var description: String { message }

    /// The stable code, `hls.drm.data-uri` (docs/diagnostic-codes.md).
    public var code: String { HLSDiagnosticCode.drmDataURI.rawValue }
  }

  /// The media type as written (`text/plain`), or `text/plain` when omitted (RFC 2397 §2).
  public var mediaType: String
  /// The media type's parameters in order (`charset=US-ASCII` is implied, not added, when the
  /// type is omitted).
  public var parameters: [Parameter]
  /// True when the data is base64 (`;base64`), false when it is percent-encoded text.
  public var isBase64: Bool
  /// The decoded data.
  public var bytes: [UInt8]

  /// Decodes a `data:` URI (scheme in any case). Percent-escapes are decoded in both forms
  /// (some packagers escape `+`, `/` and `=` inside base64); base64 may be standard or URL-safe,
  /// padded or not.
  public init(parsing uri: String) throws(DecodingError) {
    let text = Array(uri.utf8)
    guard text.count >= 5, String(decoding: text[0..<5], as: UTF8.self).lowercased() == "data:"
    else { throw DecodingError(message: "not a data: URI") }
    guard let comma = text[5...].firstIndex(of: 0x2C) else {
      throw DecodingError(message: "data: URI has no ',' before its data")
    }
    var fields = text[5..<comma].split(separator: 0x3B, omittingEmptySubsequences: false)
      .map { String(decoding: $0, as: UTF8.self) }
    isBase64 = fields.count > 1 && fields.last?.lowercased() == "base64"
    if isBase64 { fields.removeLast() }
    let type = fields.first ?? ""
    mediaType = type.isEmpty ? "text/plain" : type
    parameters = []
    for field in fields.dropFirst() {
      let pair = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let value = pair.count > 1 ? String(pair[1]) : ""
      parameters.append(
        Parameter(
          name: String(pair[0]),
          value: String(decoding: try Self.percentDecoded(value.utf8), as: UTF8.self)))
    }
    let data = try Self.percentDecoded(text[(comma + 1)...])
    if isBase64 {
      do {
        bytes = try Base64.decode(data)
      } catch {
        throw DecodingError(message: "data: URI base64: \(error.reason) at offset \(error.offset)")
      }
    } else {
      bytes = data
    }
  }

  /// The `charset` parameter's value, or `nil`.
  public var charset: String? {
    parameters.first { $0.name.lowercased() == "charset" }?.value
  }

  /// The data as text: UTF-16 (little-endian unless a byte-order mark says otherwise) when the
  /// charset says `UTF-16`, else UTF-8.
  public var text: String {
    guard let charset, charset.lowercased().hasPrefix("utf-16") else {
      return String(decoding: bytes, as: UTF8.self)
    }
    return decodeUTF16(bytes, bigEndian: charset.lowercased() == "utf-16be")
  }

  private static func percentDecoded(_ text: some Sequence<UInt8>) throws(DecodingError)
    -> [UInt8]
  {
    guard let bytes = PercentDecoding.decode(text) else {
      throw DecodingError(message: "data: URI has a '%' not followed by two hex digits")
    }
    return bytes
  }
}

/// Decodes UTF-16 bytes (a leading byte-order mark decides the byte order and is dropped;
/// otherwise `bigEndian` does). Unpaired surrogates become U+FFFD; an odd last byte is ignored.
func decodeUTF16(_ bytes: [UInt8], bigEndian: Bool) -> String {
  var big = bigEndian
  var start = 0
  if bytes.count >= 2 {
    if bytes[0] == 0xFF && bytes[1] == 0xFE {
      big = false
      start = 2
    } else if bytes[0] == 0xFE && bytes[1] == 0xFF {
      big = true
      start = 2
    }
  }
  var units: [UInt16] = []
  units.reserveCapacity((bytes.count - start) / 2)
  var i = start
  while i + 1 < bytes.count {
    let (a, b) = (UInt16(bytes[i]), UInt16(bytes[i + 1]))
    units.append(big ? a << 8 | b : b << 8 | a)
    i += 2
  }
  return String(decoding: units, as: UTF16.self)
}
