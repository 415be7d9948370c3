import ManifestCore

/// The Data of a Widevine `pssh` box: the `WidevinePsshData` protocol buffer that packagers
/// (shaka-packager, Unified Streaming, Bitmovin) write. A version 0 box carries its key IDs here.
public struct WidevinePSSHData: Sendable, Hashable {
  /// Why the Data is not a readable protocol buffer.
  public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One line for a human.
    public var message: String

    public var description: String { message }

    /// The stable code, `hls.drm.widevine` (docs/diagnostic-codes.md).
    public var code: String { HLSDiagnosticCode.drmWidevine.rawValue }
  }

  /// `key_id` fields (2) as 32 lower-case hex digits, in order.
  public var keyIDs: [String] = []
  /// `provider` (3), or `nil`.
  public var provider: String?
  /// `content_id` (4) as lower-case hex, or `nil`.
  public var contentID: String?
  /// `protection_scheme` (9) as its four-character code (`cenc`, `cbcs`), or `nil`.
  public var protectionScheme: String?

  /// Reads the fields above and skips every other field; a truncated field or an unknown wire
  /// type is an error.
  public init(parsing data: [UInt8]) throws(ParseError) {
    var i = 0
    func varint() throws(ParseError) -> UInt64 {
      var value: UInt64 = 0
      var shift: UInt64 = 0
      while i < data.count, shift < 64 {
        let byte = data[i]
        i += 1
        value |= UInt64(byte & 0x7F) << shift
        if byte & 0x80 == 0 { return value }
        shift += 7
      }
      throw ParseError(message: "Widevine PSSH data: varint runs past the end")
    }
    while i < data.count {
      let key = try varint()
      let field = key >> 3
      switch key & 7 {
      case 0:
        let value = try varint()
        if field == 9 {
          let code = (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
          protectionScheme = String(decoding: code, as: UTF8.self)
        }
      case 1, 5:
        let width = key & 7 == 1 ? 8 : 4
        guard data.count - i >= width else {
          throw ParseError(message: "Widevine PSSH data: field \(field) runs past the end")
        }
        i += width
      case 2:
        let length = try varint()
        guard length <= UInt64(data.count - i) else {
          throw ParseError(
            message: "Widevine PSSH data: field \(field) needs \(length) bytes, "
              + "\(data.count - i) left")
        }
        let value = data[i..<(i + Int(length))]
        i += Int(length)
        switch field {
        case 2: keyIDs.append(Hex.encode(value))
        case 3: provider = String(decoding: value, as: UTF8.self)
        case 4: contentID = Hex.encode(value)
        default: break
        }
      default:
        throw ParseError(message: "Widevine PSSH data: field \(field) has wire type \(key & 7)")
      }
    }
  }
}
